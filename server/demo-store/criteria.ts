import { errors } from './errors'

/** JSON value as it arrives in a request body or leaves in a response. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export type Filter =
  | { type: 'equals'; field: string; value: Json }
  | { type: 'equalsAny'; field: string; value: Json[] }
  | { type: 'contains' | 'prefix' | 'suffix'; field: string; value: string }
  | { type: 'range'; field: string; parameters: { gte?: number | string; lte?: number | string; gt?: number | string; lt?: number | string } }
  | { type: 'multi' | 'not'; operator: 'and' | 'or'; queries: Filter[] }

export interface Sorting {
  field: string
  order: 'ASC' | 'DESC'
  naturalSorting: boolean
}

export type TotalCountMode = 'none' | 'exact' | 'next-pages'

/**
 * The DAL aggregations the demo store computes: `terms` (distinct values with counts), `entity`
 * (the distinct referenced entities, e.g. the tags of the matching products) and `filter` (narrows
 * the entities for its inner aggregation, whose name keys the result, as in Shopware).
 */
export type Aggregation =
  | { type: 'terms'; name: string; field: string; limit: number | null; sort: Sorting[] }
  | { type: 'entity'; name: string; field: string; definition: string }
  | { type: 'filter'; name: string; filter: Filter[]; aggregation: Aggregation }

/** Loads the entities of a definition by id, for `entity` aggregations; unknown definitions give undefined. */
export type EntityResolver = (definition: string, ids: string[]) => JsonObject[] | undefined

export interface Criteria {
  page: number
  limit: number | null
  ids: string[] | null
  term: string | null
  filter: Filter[]
  postFilter: Filter[]
  sort: Sorting[]
  associations: JsonObject
  includes: Record<string, string[]> | null
  totalCountMode: TotalCountMode
  aggregations: Aggregation[]
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function toJson(value: unknown): Json {
  if (value === undefined) return null
  return value as Json
}

function parseFilter(raw: unknown, pointer: string): Filter {
  if (!isObject(raw) || typeof raw.type !== 'string') {
    throw errors.invalidCriteria('Filter must be an object with a type.', pointer)
  }
  const type = raw.type
  if (type === 'multi' || type === 'not') {
    const operator = typeof raw.operator === 'string' ? raw.operator.toLowerCase() : 'and'
    if (operator !== 'and' && operator !== 'or') {
      throw errors.invalidCriteria(`Unsupported operator "${String(raw.operator)}".`, `${pointer}/operator`)
    }
    if (!Array.isArray(raw.queries)) throw errors.invalidCriteria('Parameter "queries" is required.', `${pointer}/queries`)
    return { type, operator, queries: raw.queries.map((q, i) => parseFilter(q, `${pointer}/queries/${i}`)) }
  }
  if (typeof raw.field !== 'string' || raw.field === '') {
    throw errors.invalidCriteria('Parameter "field" for filter is missing.', `${pointer}/field`)
  }
  const field = raw.field
  switch (type) {
    case 'equals':
      return { type, field, value: toJson(raw.value) }
    case 'equalsAny': {
      const value = typeof raw.value === 'string' ? raw.value.split('|') : raw.value
      if (!Array.isArray(value)) throw errors.invalidCriteria('Parameter "value" must be an array.', `${pointer}/value`)
      return { type, field, value: value.map(toJson) }
    }
    case 'contains':
    case 'prefix':
    case 'suffix':
      if (typeof raw.value !== 'string' && typeof raw.value !== 'number') {
        throw errors.invalidCriteria('Parameter "value" for filter is missing.', `${pointer}/value`)
      }
      return { type, field, value: String(raw.value) }
    case 'range': {
      const params = isObject(raw.parameters) ? raw.parameters : {}
      const out: { gte?: number | string; lte?: number | string; gt?: number | string; lt?: number | string } = {}
      for (const key of ['gte', 'lte', 'gt', 'lt'] as const) {
        const v = params[key]
        if (typeof v === 'number' || typeof v === 'string') out[key] = v
      }
      return { type, field, parameters: out }
    }
    default:
      throw errors.invalidCriteria(`Unsupported filter type "${type}".`, `${pointer}/type`)
  }
}

function parseInteger(value: unknown, pointer: string, min: number): number | null {
  if (value === undefined || value === null || value === '') return null
  const n = typeof value === 'string' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min) {
    throw errors.invalidCriteria(`The parameter "${pointer.slice(1)}" must be an integer >= ${min}.`, pointer)
  }
  return n
}

function parseTotalCountMode(value: unknown): TotalCountMode {
  if (value === 1 || value === '1' || value === 'exact') return 'exact'
  if (value === 2 || value === '2' || value === 'next-pages') return 'next-pages'
  return 'none'
}

function parseAggregation(raw: unknown, pointer: string): Aggregation {
  if (!isObject(raw) || typeof raw.name !== 'string' || raw.name === '') {
    throw errors.invalidCriteria('An aggregation needs a name.', `${pointer}/name`)
  }
  const name = raw.name
  switch (raw.type) {
    case 'terms': {
      if (typeof raw.field !== 'string' || raw.field === '') {
        throw errors.invalidCriteria('Parameter "field" for aggregation is missing.', `${pointer}/field`)
      }
      const sortRaw = Array.isArray(raw.sort) ? raw.sort : isObject(raw.sort) ? [raw.sort] : []
      const sort: Sorting[] = sortRaw.filter(isObject).map((entry) => ({
        field: typeof entry.field === 'string' ? entry.field : '_key',
        order: typeof entry.order === 'string' && entry.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
        naturalSorting: entry.naturalSorting === true,
      }))
      return { type: 'terms', name, field: raw.field, limit: parseInteger(raw.limit, `${pointer}/limit`, 1), sort }
    }
    case 'entity': {
      if (typeof raw.field !== 'string' || raw.field === '') {
        throw errors.invalidCriteria('Parameter "field" for aggregation is missing.', `${pointer}/field`)
      }
      if (typeof raw.definition !== 'string' || raw.definition === '') {
        throw errors.invalidCriteria('Parameter "definition" for aggregation is missing.', `${pointer}/definition`)
      }
      return { type: 'entity', name, field: raw.field, definition: raw.definition }
    }
    case 'filter': {
      if (!Array.isArray(raw.filter)) throw errors.invalidCriteria('Parameter "filter" must be an array.', `${pointer}/filter`)
      if (raw.aggregation === undefined) {
        throw errors.invalidCriteria('Parameter "aggregation" is required.', `${pointer}/aggregation`)
      }
      return {
        type: 'filter',
        name,
        filter: raw.filter.map((f, i) => parseFilter(f, `${pointer}/filter/${i}`)),
        aggregation: parseAggregation(raw.aggregation, `${pointer}/aggregation`),
      }
    }
    default:
      throw errors.invalidCriteria(`Unsupported aggregation type "${String(raw.type)}".`, `${pointer}/type`)
  }
}

/** Parses a Store API criteria body (`<Crit>`); invalid parts give 400 FRAMEWORK__INVALID_CRITERIA_PARAMETERS. */
export function parseCriteria(body: unknown, defaults: { limit?: number } = {}): Criteria {
  const raw = isObject(body) ? body : {}
  const filterRaw = raw.filter ?? []
  const postFilterRaw = raw['post-filter'] ?? []
  if (!Array.isArray(filterRaw)) throw errors.invalidCriteria('The parameter "filter" must be an array.', '/filter')
  if (!Array.isArray(postFilterRaw)) throw errors.invalidCriteria('The parameter "post-filter" must be an array.', '/post-filter')
  const aggregationsRaw = raw.aggregations ?? []
  if (!Array.isArray(aggregationsRaw)) throw errors.invalidCriteria('The parameter "aggregations" must be an array.', '/aggregations')
  const sortRaw = raw.sort ?? []
  const sort: Sorting[] = []
  if (typeof sortRaw === 'string') {
    for (const part of sortRaw.split(',').filter(Boolean)) {
      sort.push({ field: part.replace(/^[-+]/, ''), order: part.startsWith('-') ? 'DESC' : 'ASC', naturalSorting: false })
    }
  } else if (Array.isArray(sortRaw)) {
    sortRaw.forEach((s, i) => {
      if (!isObject(s) || typeof s.field !== 'string') throw errors.invalidCriteria('A sorting needs a field.', `/sort/${i}`)
      const order = typeof s.order === 'string' && s.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC'
      sort.push({ field: s.field, order, naturalSorting: s.naturalSorting === true })
    })
  } else {
    throw errors.invalidCriteria('The parameter "sort" must be an array.', '/sort')
  }
  let ids: string[] | null = null
  if (raw.ids !== undefined) {
    const list = typeof raw.ids === 'string' ? raw.ids.split('|') : raw.ids
    if (!Array.isArray(list)) throw errors.invalidCriteria('The parameter "ids" must be an array.', '/ids')
    ids = list.filter((id): id is string => typeof id === 'string')
  }
  let includes: Record<string, string[]> | null = null
  if (isObject(raw.includes)) {
    includes = {}
    for (const [alias, fields] of Object.entries(raw.includes)) {
      if (Array.isArray(fields)) includes[alias] = fields.filter((f): f is string => typeof f === 'string')
    }
  }
  return {
    page: parseInteger(raw.page ?? raw.p, '/page', 1) ?? 1,
    limit: parseInteger(raw.limit, '/limit', 1) ?? defaults.limit ?? null,
    ids,
    term: typeof raw.term === 'string' && raw.term.trim() !== '' ? raw.term.trim() : null,
    filter: filterRaw.map((f, i) => parseFilter(f, `/filter/${i}`)),
    postFilter: postFilterRaw.map((f, i) => parseFilter(f, `/post-filter/${i}`)),
    sort,
    associations: isObject(raw.associations) ? (raw.associations as JsonObject) : {},
    includes,
    totalCountMode: parseTotalCountMode(raw['total-count-mode']),
    aggregations: aggregationsRaw.map((a, i) => parseAggregation(a, `/aggregations/${i}`)),
  }
}

/**
 * Results of `terms`/`filter` aggregations over already-filtered entities (criteria `filter`, not
 * `post-filter`), shaped like Shopware's: `{ [name]: { buckets: [{ key, count }] } }`. Buckets are
 * sorted by key unless the aggregation asks for `_count`.
 */
export function computeAggregations(
  entities: Json[],
  aggregations: Aggregation[],
  entityName?: string,
  resolveEntities?: EntityResolver,
): JsonObject {
  const out: JsonObject = {}
  const run = (list: Json[], aggregation: Aggregation): void => {
    if (aggregation.type === 'filter') {
      run(list.filter((e) => aggregation.filter.every((f) => matchesFilter(e, f, entityName))), aggregation.aggregation)
      return
    }
    if (aggregation.type === 'entity') {
      const ids = [...new Set(list.flatMap((e) => valuesAt(e, aggregation.field, entityName)).filter((v): v is string => typeof v === 'string'))]
      const resolved = resolveEntities?.(aggregation.definition, ids)
      if (!resolved) throw errors.invalidCriteria(`Definition "${aggregation.definition}" not found.`, '/aggregations')
      out[aggregation.name] = { name: aggregation.name, entities: resolved, apiAlias: `${aggregation.name}_aggregation` }
      return
    }
    const counts = new Map<string, number>()
    for (const entity of list) {
      const keys = new Set(
        valuesAt(entity, aggregation.field, entityName)
          .filter((v): v is string | number | boolean => v !== null && typeof v !== 'object')
          .map(String),
      )
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    let buckets = [...counts].map(([key, count]) => ({ key, count }))
    const sort = aggregation.sort[0]
    buckets.sort((a, b) => {
      const c = sort?.field === '_count' ? a.count - b.count : naturalCollator.compare(a.key, b.key)
      return sort?.order === 'DESC' ? -c : c
    })
    if (aggregation.limit) buckets = buckets.slice(0, aggregation.limit)
    out[aggregation.name] = {
      buckets: buckets.map((b) => ({ key: b.key, count: b.count, apiAlias: 'aggregation_bucket' })),
      apiAlias: `${aggregation.name}_aggregation`,
    }
  }
  for (const aggregation of aggregations) run(entities, aggregation)
  return out
}

/**
 * Values at a dotted path. Arrays on the way fan out, so `states.id` or `seoUrls.seoPathInfo`
 * behave like the DAL's to-many joins: a filter matches when any reached value matches.
 * A leading entity name (`category.name`) is accepted the way the DAL accepts it.
 */
export function valuesAt(entity: Json, path: string, entityName?: string): Json[] {
  const parts = path.split('.')
  if (entityName && parts[0] === entityName && parts.length > 1) parts.shift()
  let current: Json[] = [entity]
  for (const part of parts) {
    const next: Json[] = []
    for (const item of current) {
      if (Array.isArray(item)) {
        for (const el of item) if (isObject(el)) next.push(toJson((el as JsonObject)[part]))
      } else if (isObject(item)) {
        next.push(toJson((item as JsonObject)[part]))
      }
    }
    current = next
  }
  return current.flatMap((v) => (Array.isArray(v) ? v : [v]))
}

function scalarEquals(a: Json, b: Json): boolean {
  if (a === null || b === null) return a === b
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const norm = (v: Json) => (v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : v)
    return norm(a) === norm(b)
  }
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b)
  return typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() || a === b : false
}

function compareRange(value: Json, bound: number | string): number | null {
  if (value === null || typeof value === 'object' || typeof value === 'boolean') return null
  if (typeof bound === 'number' || (typeof value === 'number' && !Number.isNaN(Number(bound)))) {
    const n = Number(value)
    return Number.isNaN(n) ? null : n - Number(bound)
  }
  return String(value) < bound ? -1 : String(value) > bound ? 1 : 0
}

export function matchesFilter(entity: Json, filter: Filter, entityName?: string): boolean {
  switch (filter.type) {
    case 'multi': {
      const results = filter.queries.map((q) => matchesFilter(entity, q, entityName))
      return filter.operator === 'or' ? results.some(Boolean) : results.every(Boolean)
    }
    case 'not': {
      const results = filter.queries.map((q) => matchesFilter(entity, q, entityName))
      return filter.operator === 'or' ? !results.some(Boolean) : !results.every(Boolean)
    }
    default:
      break
  }
  const values = valuesAt(entity, filter.field, entityName)
  const list = values.length ? values : [null]
  switch (filter.type) {
    case 'equals':
      return list.some((v) => scalarEquals(v, filter.value))
    case 'equalsAny':
      return list.some((v) => filter.value.some((w) => scalarEquals(v, w)))
    case 'contains': {
      const needle = filter.value.toLowerCase()
      return list.some((v) => typeof v === 'string' && v.toLowerCase().includes(needle))
    }
    case 'prefix': {
      const needle = filter.value.toLowerCase()
      return list.some((v) => typeof v === 'string' && v.toLowerCase().startsWith(needle))
    }
    case 'suffix': {
      const needle = filter.value.toLowerCase()
      return list.some((v) => typeof v === 'string' && v.toLowerCase().endsWith(needle))
    }
    case 'range': {
      const p = filter.parameters
      return list.some((v) => {
        const checks: Array<[number | string | undefined, (c: number) => boolean]> = [
          [p.gte, (c) => c >= 0],
          [p.lte, (c) => c <= 0],
          [p.gt, (c) => c > 0],
          [p.lt, (c) => c < 0],
        ]
        return checks.every(([bound, ok]) => {
          if (bound === undefined) return true
          const c = compareRange(v, bound)
          return c !== null && ok(c)
        })
      })
    }
  }
}

const collator = new Intl.Collator('de', { sensitivity: 'base' })
const naturalCollator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

function compareValues(a: Json, b: Json, natural: boolean): number {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  return (natural ? naturalCollator : collator).compare(String(a), String(b))
}

export interface SearchResult<T> {
  entity: string
  total: number
  aggregations: Record<string, never>
  page: number
  limit: number | null
  elements: T[]
  apiAlias: 'dal_entity_search_result'
}

/** Filters, sorts and pages already-serialized entities the way the DAL would for these criteria. */
export function searchEntities<T extends JsonObject>(
  entityName: string,
  all: T[],
  criteria: Criteria,
  options: { termFields?: string[] } = {},
): SearchResult<T> {
  let list = all
  if (criteria.ids) {
    const wanted = new Set(criteria.ids)
    list = list.filter((e) => typeof e.id === 'string' && wanted.has(e.id))
  }
  for (const f of [...criteria.filter, ...criteria.postFilter]) list = list.filter((e) => matchesFilter(e, f, entityName))
  if (criteria.term) {
    const needle = criteria.term.toLowerCase()
    const fields = options.termFields ?? ['translated.name', 'name']
    list = list.filter((e) => fields.some((f) => valuesAt(e, f).some((v) => typeof v === 'string' && v.toLowerCase().includes(needle))))
  }
  if (criteria.sort.length) {
    list = [...list].sort((a, b) => {
      for (const s of criteria.sort) {
        const c = compareValues(valuesAt(a, s.field, entityName)[0] ?? null, valuesAt(b, s.field, entityName)[0] ?? null, s.naturalSorting)
        if (c !== 0) return s.order === 'DESC' ? -c : c
      }
      return 0
    })
  }
  const offset = criteria.limit ? (criteria.page - 1) * criteria.limit : 0
  const elements = criteria.limit ? list.slice(offset, offset + criteria.limit) : list
  let total = elements.length
  if (criteria.totalCountMode === 'exact') total = list.length
  else if (criteria.totalCountMode === 'next-pages' && criteria.limit) {
    total = Math.min(list.length, offset + criteria.limit * 6 + 1)
  }
  return {
    entity: entityName,
    total,
    aggregations: {},
    page: criteria.page,
    limit: criteria.limit,
    elements,
    apiAlias: 'dal_entity_search_result',
  }
}

/**
 * Applies `includes` ({apiAlias: [field,…]}) to a response: every object whose apiAlias is listed
 * keeps only those fields (and its apiAlias). Real clients send includes to slim responses, so
 * they must actually be applied.
 */
export function applyIncludes(value: unknown, includes: Record<string, string[]> | null): unknown {
  if (!includes || Object.keys(includes).length === 0) return value
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (!isObject(v)) return v
    const alias = typeof v.apiAlias === 'string' ? v.apiAlias : null
    const allowed = alias ? includes[alias] : undefined
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(v)) {
      if (allowed && key !== 'apiAlias' && !allowed.includes(key)) continue
      out[key] = walk(child)
    }
    return out
  }
  return walk(value)
}
