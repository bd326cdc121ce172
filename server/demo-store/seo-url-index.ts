import type { Criteria, Filter } from './criteria'
import type { Serializer } from './entities'

type Row = Record<string, string | number | null>

/** The canonical SEO URLs of one language by the fields clients look them up by, lowercased as the criteria compare strings. */
interface SeoUrlIndex {
  /** The highest rowid when built: an insert (the scale seed replaces rows) rebuilds the index. */
  maxRowid: number
  byField: Record<'seoPathInfo' | 'foreignKey' | 'id', Map<string, number[]>>
}

const seoUrlIndexes = new WeakMap<Serializer['db'], Map<string, SeoUrlIndex>>()

function seoUrlIndex(s: Serializer): SeoUrlIndex {
  const maxRowid = Number(s.row('SELECT max(rowid) AS m FROM seo_url')?.m ?? 0)
  let perLanguage = seoUrlIndexes.get(s.db)
  if (!perLanguage) seoUrlIndexes.set(s.db, (perLanguage = new Map()))
  const known = perLanguage.get(s.languageId)
  if (known && known.maxRowid === maxRowid) return known
  const index: SeoUrlIndex = { maxRowid, byField: { seoPathInfo: new Map(), foreignKey: new Map(), id: new Map() } }
  const add = (map: Map<string, number[]>, key: string, rowid: number) => {
    const list = map.get(key)
    if (list) list.push(rowid)
    else map.set(key, [rowid])
  }
  for (const r of s.rows('SELECT rowid, id, foreign_key, seo_path_info FROM seo_url WHERE language_id = ? AND is_canonical = 1 ORDER BY rowid', s.languageId)) {
    const rowid = Number(r.rowid)
    add(index.byField.seoPathInfo, String(r.seo_path_info).toLowerCase(), rowid)
    add(index.byField.foreignKey, String(r.foreign_key).toLowerCase(), rowid)
    add(index.byField.id, String(r.id).toLowerCase(), rowid)
  }
  perLanguage.set(s.languageId, index)
  return index
}

/**
 * The rows a filter can match by the index, in rowid order: equals on an indexed field, an `and`
 * with such a filter, an `or` made only of them (the storefront's path look-up, with and without
 * the trailing slash); null when it cannot narrow them. searchEntities still applies every filter.
 */
function seoUrlCandidates(index: SeoUrlIndex, filter: Filter): number[] | null {
  if (filter.type === 'multi') {
    const parts = filter.queries.map((query) => seoUrlCandidates(index, query))
    if (filter.operator === 'and') return parts.find((part) => part !== null) ?? null
    if (parts.some((part) => part === null)) return null
    return [...new Set(parts.flat() as number[])].sort((a, b) => a - b)
  }
  if (filter.type !== 'equals' && filter.type !== 'equalsAny') return null
  const field = filter.field.startsWith('seo_url.') ? filter.field.slice('seo_url.'.length) : filter.field
  if (field !== 'seoPathInfo' && field !== 'foreignKey' && field !== 'id') return null
  return lookUp(index, field, filter.type === 'equals' ? [filter.value] : filter.value)
}

function lookUp(index: SeoUrlIndex, field: keyof SeoUrlIndex['byField'], values: unknown[]): number[] | null {
  if (!values.every((v) => typeof v === 'string')) return null
  return [...new Set(values.flatMap((v) => index.byField[field].get((v as string).toLowerCase()) ?? []))].sort((a, b) => a - b)
}

/**
 * The canonical SEO URL rows of the serializer's language a criteria can match, in rowid order: by the
 * index when a filter (or the ids) names paths, entities or ids, else all of them. Serializing every URL
 * of the language cost about 280 ms per call with 50,000 products, and a product page makes three calls.
 */
export function seoUrlRows(s: Serializer, criteria: Criteria): Row[] {
  const index = seoUrlIndex(s)
  const candidates = criteria.ids
    ? lookUp(index, 'id', criteria.ids)
    : criteria.filter.reduce<number[] | null>((found, filter) => found ?? seoUrlCandidates(index, filter), null)
  if (candidates === null) return s.rows('SELECT * FROM seo_url WHERE language_id = ? AND is_canonical = 1 ORDER BY rowid', s.languageId)
  const rows: Row[] = []
  // Chunks stay below SQLite's limit of bound parameters for any number of candidates.
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500)
    rows.push(...s.rows(`SELECT * FROM seo_url WHERE rowid IN (${chunk.map(() => '?').join(',')}) AND language_id = ? AND is_canonical = 1 ORDER BY rowid`, ...chunk, s.languageId))
  }
  return rows
}

/** Builds the language's index now, so that the first product page does not wait for it. */
export function warmSeoUrls(s: Serializer): void {
  seoUrlIndex(s)
}
