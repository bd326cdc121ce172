import { CUSTOMER_GROUP_IDS, LANGUAGE_IDS } from './constants'
import { statement, type Db } from './db'

type Row = Record<string, string | number | null>

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' }

/** German spelling without umlauts ('Säge' → 'saege'), lower case. */
export function transliterate(text: string): string {
  return text.toLowerCase().replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c)
}

/** Accents and umlaut dots dropped ('Säge' → 'sage', 'chaîne' → 'chaine'), lower case. */
export function stripDiacritics(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
}

/**
 * Indexed text carries both spellings of every umlaut word, so 'Säge', 'Saege' and 'Sage' all find it:
 * queries are transliterated (ä → ae), which meets the first form, while a query typed without the
 * dots ('Sage') meets the second. FTS5's remove_diacritics handles the French accents on both sides.
 */
export function indexText(text: string): string {
  const a = transliterate(text)
  const b = stripDiacritics(text)
  return a === b ? a : `${a} ${b}`
}

/** Product and article numbers without separators, so 'FS-20001', 'FS20001' and 'fs 20001' meet. */
export function compactCode(text: string): string {
  return stripDiacritics(transliterate(text)).replace(/[^\p{L}\p{N}]+/gu, '')
}

export function queryTokens(term: string): string[] {
  return stripDiacritics(transliterate(term))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== '')
    .slice(0, 10)
}

function stripHtml(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ')
}

/** A word backwards, by characters ('kette' → 'ettek'). */
function reversed(word: string): string {
  return [...word].reverse().join('')
}

/**
 * The name's words backwards, for the `reversed` column: a query word then finds the words that end with
 * it. Words with digits and words under three letters are left out, as Shopware's interpreter matches
 * those only from the front.
 */
export function reversedWords(text: string): string {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !/\d/.test(w))
    .map(reversed)
    .join(' ')
}

/**
 * FTS5 MATCH expressions, tried in order until one finds something. Every word must match (AND): as a
 * prefix of a word, or, with three letters or more and no digit, as the end of a name word
 * ('kette' finds 'Sägekette', Shopware's reversed keywords). A term with a digit also matches product
 * numbers. Empty when nothing searchable is left.
 */
export function matchExpressions(term: string): string[] {
  const tokens = queryTokens(term)
  if (tokens.length === 0) return []
  const compact = compactCode(term)
  const words = tokens
    .map((t) => (t.length >= 3 && !/\d/.test(t) ? `({name numbers content} : "${t}"* OR reversed : "${reversed(t)}"*)` : `"${t}"*`))
    // FTS5 joins parenthesised groups only with an explicit AND.
    .join(' AND ')
  // A term shaped like an article number ('FS-20001', 'NO 1000', an EAN) searches numbers first, so its
  // digits do not also prefix-match unrelated numbers inside other products' texts; only when no number
  // starts so is it read as words ('FSW 55' is the winch of that name).
  if (CODE_SHAPE.test(term.trim())) return [`numbers : "${compact}"*`, words]
  if (/\d/.test(compact) && compact.length >= 3) return [`(${words}) OR (numbers : "${compact}"*)`]
  return [words]
}

const CODE_SHAPE = /^\p{L}{0,5}[\s\-./]*\d[\d\s\-./]*$/u

export interface SearchHit {
  productId: string
  unitId: string
  /** bm25: lower is better; exact number matches get -1e9 so they lead. */
  score: number
}

interface IndexMeta {
  /** Per FTS rowid: product slot × 4 + language slot + 1 (0: no row). */
  rows: Int32Array
  productIds: string[]
  unitIds: string[]
  /** The row's `numbers` column (the same in every language), padded with spaces for whole-word checks. */
  numbers: string[]
  languages: string[]
}

interface SearchCache {
  meta: IndexMeta
  /** Hits per language and term, least recently used dropped beyond MAX_CACHED_HITS hits. */
  results: Map<string, SearchHit[]>
  cachedHits: number
}

const MAX_CACHED_HITS = 250_000
const searchCaches = new WeakMap<Db, SearchCache>()

/**
 * What a search needs besides FTS5's match and bm25, read once per process: which product, unit and
 * language each index row belongs to and its numbers. Reading these UNINDEXED columns through FTS5 costs
 * a lookup per hit (80 ms for 17,000 hits); the rowid alone comes with the match.
 */
function searchCache(db: Db): SearchCache {
  let cache = searchCaches.get(db)
  if (cache) return cache
  const maxRowid = (db.prepare('SELECT COALESCE(MAX(rowid), 0) AS n FROM product_search').get() as { n: number }).n
  const all = db.prepare('SELECT rowid AS rowid, product_id, unit_id, language_id, numbers FROM product_search').iterate() as Iterable<{ rowid: number; product_id: string; unit_id: string; language_id: string; numbers: string }>
  const rows = new Int32Array(maxRowid + 1)
  const slots = new Map<string, number>()
  const productIds: string[] = []
  const unitIds: string[] = []
  const numbers: string[] = []
  const languages: string[] = []
  const languageSlots = new Map<string, number>()
  for (const r of all) {
    let slot = slots.get(r.product_id)
    if (slot === undefined) {
      slot = productIds.length
      slots.set(r.product_id, slot)
      productIds.push(r.product_id)
      unitIds.push(r.unit_id)
      numbers.push(` ${r.numbers} `)
    }
    let language = languageSlots.get(r.language_id)
    if (language === undefined) {
      language = languages.length
      languageSlots.set(r.language_id, language)
      languages.push(r.language_id)
    }
    rows[r.rowid] = slot * 4 + language + 1
  }
  cache = { meta: { rows, productIds, unitIds, numbers, languages }, results: new Map(), cachedHits: 0 }
  searchCaches.set(db, cache)
  return cache
}

/** Reads the index rows' owners once (at start, so that the first search does not wait for it). */
export function warmSearchIndex(db: Db): void {
  searchCache(db)
}

/**
 * Full-text search in one language; best hit per product. Hits are kept per language and term (the index
 * only changes at seed time): a repeated search, its next page or another sorting costs no FTS query.
 */
export function searchProducts(db: Db, languageId: string, term: string): SearchHit[] {
  const expressions = matchExpressions(term)
  if (expressions.length === 0) return []
  const cache = searchCache(db)
  const key = `${languageId}\u0000${term}`
  const cached = cache.results.get(key)
  if (cached) {
    cache.results.delete(key)
    cache.results.set(key, cached)
    return cached
  }
  const { meta } = cache
  const language = meta.languages.indexOf(languageId)
  // A word found at the end of a name word counts half as much as one found at its start.
  const query = statement(db, 'SELECT rowid AS rowid, bm25(product_search, 0, 0, 0, 10.0, 8.0, 1.0, 5.0) AS score FROM product_search WHERE product_search MATCH ? ORDER BY score').raw()
  const compact = ` ${compactCode(term)} `
  const hits: SearchHit[] = []
  for (const match of expressions) {
    for (const [rowid, score] of query.all(match) as Array<[number, number]>) {
      const packed = rowid < meta.rows.length ? meta.rows[rowid]! - 1 : -1
      if (packed < 0 || packed % 4 !== language) continue
      const slot = Math.floor(packed / 4)
      hits.push({ productId: meta.productIds[slot]!, unitId: meta.unitIds[slot]!, score: meta.numbers[slot]!.includes(compact) ? -1e9 : score })
    }
    if (hits.length > 0) break
  }
  hits.sort((a, b) => a.score - b.score)
  cache.results.set(key, hits)
  cache.cachedHits += hits.length
  for (const [oldKey, oldHits] of cache.results) {
    if (cache.cachedHits <= MAX_CACHED_HITS || oldKey === key) break
    cache.results.delete(oldKey)
    cache.cachedHits -= oldHits.length
  }
  return hits
}

/**
 * Fills the FTS index and the cheapest-price table from the catalogue. Runs at seed time (and once on
 * start for a database seeded before these tables existed), so listings never aggregate on the fly.
 */
export function buildCatalogueIndex(db: Db): void {
  const products = db.prepare('SELECT * FROM product WHERE active = 1').all() as Row[]
  const manufacturers = new Map((db.prepare('SELECT id, translations FROM manufacturer').all() as Row[]).map((m) => [String(m.id), JSON.parse(String(m.translations)) as Record<string, Record<string, string | null>>]))
  const optionRows = db.prepare('SELECT o.id, o.translations, g.translations AS group_translations FROM property_group_option o JOIN property_group g ON g.id = o.group_id').all() as Row[]
  const options = new Map(optionRows.map((o) => [String(o.id), { name: JSON.parse(String(o.translations)) as Record<string, { name: string }>, group: JSON.parse(String(o.group_translations)) as Record<string, { name: string }> }]))
  const propertyIds = new Map<string, string[]>()
  for (const r of db.prepare('SELECT product_id, option_id FROM product_property').all() as Row[]) {
    const list = propertyIds.get(String(r.product_id)) ?? []
    list.push(String(r.option_id))
    propertyIds.set(String(r.product_id), list)
  }
  searchCaches.delete(db)
  const insert = db.prepare('INSERT INTO product_search (unit_id, product_id, language_id, name, numbers, content, reversed) VALUES (?, ?, ?, ?, ?, ?, ?)')
  const run = db.transaction(() => {
    db.exec('DELETE FROM product_search; DELETE FROM product_cheapest_price;')
    for (const p of products) {
      const translations = JSON.parse(String(p.translations)) as Record<string, Record<string, unknown>>
      const custom = JSON.parse(String(p.custom_fields)) as Record<string, unknown>
      const article = typeof custom.forst_original_article === 'string' ? custom.forst_original_article : null
      const codes = [p.product_number, article, p.ean, p.manufacturer_number].filter((c): c is string => typeof c === 'string' && c !== '')
      const numbers = [...codes, ...codes.map(compactCode)].join(' ')
      for (const languageId of Object.values(LANGUAGE_IDS)) {
        const t = { ...translations[LANGUAGE_IDS.de], ...Object.fromEntries(Object.entries(translations[languageId] ?? {}).filter(([, v]) => v !== null)) }
        const translatedCustom = (t.customFields ?? {}) as Record<string, unknown>
        const manufacturer = manufacturers.get(String(p.manufacturer_id))
        const props = (propertyIds.get(String(p.id)) ?? []).map((id) => options.get(id)).filter((o) => o !== undefined)
        const content = [
          stripHtml(String(t.description ?? '')),
          manufacturer?.[languageId]?.name ?? manufacturer?.[LANGUAGE_IDS.de]?.name ?? '',
          ...props.map((o) => `${o.group[languageId]?.name ?? ''} ${o.name[languageId]?.name ?? o.name[LANGUAGE_IDS.de]?.name ?? ''}`),
          ...Object.values(translatedCustom).filter((v): v is string => typeof v === 'string'),
          ...Object.entries(custom).filter(([k]) => k.startsWith('forst_')).flatMap(([, v]) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string'),
        ].join(' ')
        const name = indexText(String(t.name ?? ''))
        insert.run(p.parent_id ?? p.id, p.id, languageId, name, numbers.toLowerCase(), indexText(content), reversedWords(name))
      }
    }
    const members = new Map<string, string[]>()
    for (const p of products) {
      const unit = String(p.parent_id ?? p.id)
      if (p.parent_id) members.set(unit, [...(members.get(unit) ?? []), String(p.id)])
      else if (!members.has(unit)) members.set(unit, [])
    }
    const priceOf = db.prepare('SELECT price_net FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start LIMIT 1')
    const insertCheapest = db.prepare('INSERT INTO product_cheapest_price (unit_id, customer_group_id, price, variant_id, has_range) VALUES (?, ?, ?, ?, ?)')
    for (const [unit, variants] of members) {
      const candidates = variants.length ? variants : [unit]
      for (const group of Object.values(CUSTOMER_GROUP_IDS)) {
        let best: { id: string; price: number } | null = null
        const seen = new Set<number>()
        for (const id of candidates) {
          const row = priceOf.get(id, group) as { price_net: number } | undefined
          if (!row) continue
          seen.add(row.price_net)
          if (!best || row.price_net < best.price) best = { id, price: row.price_net }
        }
        if (best) insertCheapest.run(unit, group, best.price, best.id, seen.size > 1 ? 1 : 0)
      }
    }
  })
  run()
}
