import { randomBytes } from 'node:crypto'
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

/** A JSON object (not an array or null), as a request body or one of its parts. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function toJson(value: unknown): Json {
  if (value === undefined) return null
  return value as Json
}

/**
 * The Store API's `shopware.api.store.max_limit` (shopware.yaml, 100 since 6.4.5): RequestCriteriaBuilder
 * rejects a higher `limit` and uses it as the limit of criteria that name none (and no `ids`).
 */
export const MAX_LIMIT = 100

/** PHP's is_numeric for strings: optional whitespace and sign, decimals, exponent. */
const NUMERIC_STRING = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/

/** `(int)` of a value PHP's is_numeric accepts, else null. */
function phpInt(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null
  if (typeof value === 'string' && NUMERIC_STRING.test(value)) return Math.trunc(Number(value))
  return null
}

/** How a rejected parameter reads in Shopware's "Given: …" messages. */
function given(value: unknown): string | number {
  if (value === '') return '(empty)'
  if (typeof value === 'number' || typeof value === 'string') return value
  return JSON.stringify(value) ?? String(value)
}

function typeName(value: unknown): string {
  if (value === null) return 'NULL'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'double'
  return typeof value
}

function isScalar(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

const RANGE_KEYS = ['gte', 'lte', 'gt', 'lt'] as const

/** Shopware's shorthand filter types for multi and not filters. */
const COMBINED_FILTERS = new Map<string, { type: 'multi' | 'not'; operator: 'and' | 'or' }>([
  ['and', { type: 'multi', operator: 'and' }],
  ['or', { type: 'multi', operator: 'or' }],
  ['nand', { type: 'not', operator: 'and' }],
  ['nor', { type: 'not', operator: 'or' }],
])

/** QueryStringParser::fromArray: one filter of a criteria `filter`/`post-filter` list. */
function parseFilter(raw: unknown, pointer: string): Filter {
  if (!isObject(raw)) throw errors.invalidFilterQuery('The filter parameter has to be an array.', pointer)
  if (typeof raw.type !== 'string' || raw.type === '') throw errors.invalidFilterQuery('Value for filter type is required.', pointer)
  const type = raw.type
  const combined = COMBINED_FILTERS.get(type)
  if (type === 'multi' || type === 'not' || combined) {
    let operator = combined?.operator ?? 'and'
    if (!combined) {
      const sent = raw.operator === undefined || raw.operator === null ? 'and' : String(raw.operator).trim().toLowerCase()
      if (sent !== 'and' && sent !== 'or') {
        throw errors.invalidFilterQuery(`Operator ${String(raw.operator)} not allowed`, `${pointer}/operator`)
      }
      operator = sent
    }
    const queries = raw.queries ?? []
    if (!Array.isArray(queries)) throw errors.invalidFilterQuery('Parameter "queries" has to be a list of filters.', `${pointer}/queries`)
    return { type: combined?.type ?? (type as 'multi' | 'not'), operator, queries: queries.map((q, i) => parseFilter(q, `${pointer}/queries/${i}`)) }
  }
  const fieldMissing = () => errors.invalidFilterQuery(`Parameter "field" for ${type} filter is missing.`, `${pointer}/field`)
  const valueMissing = () => errors.invalidFilterQuery(`Parameter "value" for ${type} filter is missing.`, `${pointer}/value`)
  const field = raw.field
  const known = ['equals', 'equalsAny', 'contains', 'prefix', 'suffix', 'range']
  if (!known.includes(type)) throw errors.invalidFilterQuery(`Unsupported filter type: ${type}`, `${pointer}/type`)
  if (typeof field !== 'string' || field === '') throw fieldMissing()
  switch (type) {
    case 'equals':
      if (!('value' in raw) || raw.value === '') throw valueMissing()
      if (raw.value !== null && !isScalar(raw.value)) {
        throw errors.invalidFilterQuery('Parameter "value" for equals filter must be scalar or null.', `${pointer}/value`)
      }
      return { type, field, value: toJson(raw.value) }
    case 'equalsAny': {
      if (raw.value === undefined || raw.value === null || raw.value === '' || raw.value === false || raw.value === 0) throw valueMissing()
      const list = typeof raw.value === 'string' ? raw.value.split('|').filter(Boolean) : Array.isArray(raw.value) ? raw.value : [raw.value]
      if (list.length === 0) {
        throw errors.invalidFilterQuery('Parameter "value" for equalsAny filter does not contain any value.', `${pointer}/value`)
      }
      if (list.some((v) => v !== null && !isScalar(v))) {
        throw errors.invalidFilterQuery('Parameter "value" for equalsAny filter must be a list of scalars.', `${pointer}/value`)
      }
      return { type, field, value: list.map(toJson) }
    }
    case 'contains':
    case 'prefix':
    case 'suffix':
      if (raw.value === undefined || raw.value === null || raw.value === '') throw valueMissing()
      if (!isScalar(raw.value)) throw errors.invalidFilterQuery(`Parameter "value" for ${type} filter must be scalar.`, `${pointer}/value`)
      return { type, field, value: String(raw.value) }
    default: {
      const params = raw.parameters
      if (params === undefined || params === null || (Array.isArray(params) && params.length === 0)) {
        throw errors.invalidFilterQuery('Parameter "parameters" for range filter is missing.', `${pointer}/parameters`)
      }
      if (!isObject(params)) throw errors.invalidFilterQuery('Parameter "parameters" for range filter must be an object.', `${pointer}/parameters`)
      const out: { gte?: number | string; lte?: number | string; gt?: number | string; lt?: number | string } = {}
      for (const [key, value] of Object.entries(params)) {
        if (!(RANGE_KEYS as readonly string[]).includes(key)) {
          throw errors.invalidFilterQuery(`Invalid range filter key ${key}`, `${pointer}/parameters`)
        }
        if (value === null) continue
        if ((typeof value !== 'number' && typeof value !== 'string') || value === '') {
          throw errors.invalidFilterQuery(`Invalid range filter value ${given(value)}`, `${pointer}/parameters`)
        }
        out[key as (typeof RANGE_KEYS)[number]] = value
      }
      return { type: 'range', field, parameters: out }
    }
  }
}

/**
 * A criteria filter list. Besides a list of filter objects Shopware takes an object of
 * `field: value` pairs as equals filters (RequestCriteriaBuilder::parseSimpleFilter).
 */
function parseFilterList(raw: unknown, pointer: string): Filter[] {
  if (raw === undefined || raw === null) return []
  if (Array.isArray(raw)) return raw.map((f, i) => parseFilter(f, `${pointer}/${i}`))
  if (!isObject(raw)) throw errors.invalidFilterQuery(`The ${pointer.slice(1)} parameter has to be a list of filters.`, pointer)
  return Object.entries(raw).map(([field, value], index): Filter => {
    if (field === '') throw errors.invalidFilterQuery(`The key for filter at position "${index}" must not be blank.`, `${pointer}/${index}`)
    if (value === '') throw errors.invalidFilterQuery(`The value for filter "${field}" must not be blank.`, `${pointer}/${field}`)
    if (!isScalar(value)) throw errors.invalidFilterQuery(`The value for filter "${field}" must be scalar.`, `${pointer}/${field}`)
    return { type: 'equals', field, value: value as Json }
  })
}

function parseTotalCountMode(value: unknown): TotalCountMode {
  if (value === 1 || value === '1' || value === 'exact') return 'exact'
  if (value === 2 || value === '2' || value === 'next-pages') return 'next-pages'
  return 'none'
}

function parseSorting(raw: unknown, pointer: string): Sorting[] {
  if (raw === undefined || raw === null) return []
  if (typeof raw === 'string') {
    const parts = raw.split(',').filter(Boolean)
    if (parts.length === 0) {
      throw errors.invalidSortQuery('The "sort" parameter needs to be a sorting array or a comma separated list of fields', pointer)
    }
    return parts.map((part) => ({ field: part.replace(/^-/, ''), order: part.startsWith('-') ? 'DESC' : 'ASC', naturalSorting: false }))
  }
  if (!Array.isArray(raw)) {
    throw errors.invalidSortQuery('The "sort" parameter needs to be a sorting array or a comma separated list of fields', pointer)
  }
  return raw.map((s, i) => {
    if (!isObject(s) || typeof s.field !== 'string' || s.field === '') {
      throw errors.invalidSortQuery('The "sort" array needs to be an associative array at least containing a field name', `${pointer}/${i}`)
    }
    const order = typeof s.order === 'string' && s.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC'
    return { field: s.field, order, naturalSorting: s.naturalSorting === true }
  })
}

function parseAggregation(raw: unknown, pointer: string): Aggregation {
  if (!isObject(raw)) throw errors.invalidAggregationQuery('The aggregation should be an object.', pointer)
  const name = typeof raw.name === 'string' || typeof raw.name === 'number' ? String(raw.name) : ''
  if (name === '' || NUMERIC_STRING.test(name)) throw errors.invalidAggregationQuery('The aggregation name should be a non-empty string.', pointer)
  if (name.includes('?') || name.includes(':')) {
    throw errors.invalidAggregationQuery('The aggregation name should not contain a question mark or colon.', pointer)
  }
  const type = raw.type
  if (typeof type !== 'string' || type === '') throw errors.invalidAggregationQuery('The aggregation type should be a non-empty string.', pointer)
  if (type !== 'filter' && (typeof raw.field !== 'string' || raw.field === '')) {
    throw errors.invalidAggregationQuery('The aggregation should contain a "field".', `${pointer}/${type}/field`)
  }
  const field = String(raw.field)
  switch (type) {
    case 'terms': {
      const sortRaw = Array.isArray(raw.sort) ? raw.sort : isObject(raw.sort) ? [raw.sort] : []
      const sort: Sorting[] = sortRaw.filter(isObject).map((entry) => ({
        field: typeof entry.field === 'string' ? entry.field : '_key',
        order: typeof entry.order === 'string' && entry.order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
        naturalSorting: entry.naturalSorting === true,
      }))
      const limit = raw.limit === undefined || raw.limit === null ? null : phpInt(raw.limit)
      if (limit !== null && limit < 0) throw errors.invalidAggregationQuery('The aggregation limit should be a positive integer.', `${pointer}/limit`)
      return { type: 'terms', name, field, limit: limit || null, sort }
    }
    case 'entity':
      if (typeof raw.definition !== 'string' || raw.definition === '') {
        throw errors.invalidAggregationQuery('The aggregation should contain a "definition".', `${pointer}/${type}/field`)
      }
      return { type: 'entity', name, field, definition: raw.definition }
    case 'filter': {
      if (!Array.isArray(raw.filter) || raw.filter.length === 0) {
        throw errors.invalidAggregationQuery('The aggregation should contain an array of filters in property "filter".', `${pointer}/${type}/field`)
      }
      if (!isObject(raw.aggregation)) {
        throw errors.invalidAggregationQuery('The aggregation should contain an aggregation in property "aggregation".', `${pointer}/${type}/field`)
      }
      return {
        type: 'filter',
        name,
        filter: raw.filter.map((f, i) => parseFilter(f, `${pointer}/filter/${i}`)),
        aggregation: parseAggregation(raw.aggregation, `${pointer}/aggregation`),
      }
    }
    default:
      throw errors.invalidAggregationQuery(`The aggregation type "${type}" is not supported by the demo store.`, `${pointer}/type`)
  }
}

function parseLimit(value: unknown, maxLimit: number): number {
  if (value === '') throw errors.invalidLimitQuery('(empty)')
  const limit = phpInt(value)
  if (limit === null) throw errors.invalidLimitQuery(given(value))
  if (limit <= 0) throw errors.invalidLimitQuery(limit)
  if (limit > maxLimit) throw errors.queryLimitExceeded(maxLimit, limit)
  return limit
}

function parsePage(value: unknown): number {
  if (value === '') throw errors.invalidPageQuery('(empty)')
  const page = phpInt(value)
  if (page === null) throw errors.invalidPageQuery(given(value))
  if (page <= 0) throw errors.invalidPageQuery(page)
  return page
}

function parseIds(value: unknown): string[] {
  if (typeof value === 'string') return value.split('|').filter(Boolean)
  const list = isObject(value) ? Object.values(value) : value
  if (!Array.isArray(list)) throw errors.invalidCriteriaIds(`Expected data at ids to be of the type array, ${typeName(value)} given`)
  if (list.some((id) => typeof id !== 'string')) {
    throw errors.invalidCriteriaIds('Ids should be a list of strings or a list of key value pairs, for entities with combined primary keys')
  }
  return list as string[]
}

function parseIncludes(value: unknown): Record<string, string[]> | null {
  if (value === undefined || value === null) return null
  if (Array.isArray(value) && value.length === 0) return null
  if (!isObject(value)) throw errors.expectedArrayWithType('includes', typeName(value))
  const includes: Record<string, string[]> = {}
  for (const [alias, fields] of Object.entries(value)) {
    const list = isObject(fields) ? Object.values(fields) : fields
    if (!Array.isArray(list) || list.some((f) => typeof f !== 'string')) throw errors.expectedArrayWithType(`includes.${alias}`, typeName(fields))
    includes[alias] = list as string[]
  }
  return includes
}

export interface CriteriaDefaults {
  /** Limit when the request names none (RequestCriteriaBuilder: the max limit). */
  limit?: number
  maxLimit?: number
}

/**
 * Parses a Store API criteria body (`<Crit>`) as Shopware's RequestCriteriaBuilder does: invalid parts
 * give 400 with its error codes; `limit` is capped at the max limit and defaults to it; with `ids`,
 * limit and page are ignored (Shopware sets the limit to null).
 */
export function parseCriteria(body: unknown, defaults: CriteriaDefaults = {}): Criteria {
  const raw = isObject(body) ? body : {}
  const maxLimit = defaults.maxLimit ?? MAX_LIMIT
  const set = (key: string) => raw[key] !== undefined && raw[key] !== null
  let ids: string[] | null = null
  let limit: number | null = null
  let page = 1
  if (set('ids')) {
    ids = parseIds(raw.ids)
  } else {
    limit = set('limit') ? parseLimit(raw.limit, maxLimit) : (defaults.limit ?? maxLimit)
    if (set('page')) page = parsePage(raw.page)
  }
  const term = typeof raw.term === 'string' || typeof raw.term === 'number' ? String(raw.term).trim() : ''
  const aggregationsRaw = raw.aggregations ?? []
  if (!Array.isArray(aggregationsRaw)) {
    throw errors.invalidAggregationQuery('The aggregations parameter has to be a list of aggregations.', '/aggregations')
  }
  return {
    page,
    limit,
    ids,
    term: term === '' ? null : term,
    filter: parseFilterList(raw.filter, '/filter'),
    postFilter: parseFilterList(raw['post-filter'], '/post-filter'),
    sort: parseSorting(raw.sort, '/sort'),
    associations: isObject(raw.associations) ? (raw.associations as JsonObject) : {},
    includes: parseIncludes(raw.includes),
    totalCountMode: parseTotalCountMode(raw['total-count-mode']),
    aggregations: aggregationsRaw.map((a, i) => parseAggregation(a, `/aggregations/${i}`)),
  }
}

/**
 * Results of `terms`/`filter` aggregations over already-filtered entities (criteria `filter`, not
 * `post-filter`), shaped like Shopware's: `{ [name]: { buckets: [{ key, count }] } }`. Buckets are
 * sorted by key unless the aggregation asks for `_count`.
 */
export function computeAggregations<E = Json>(
  entities: E[],
  aggregations: Aggregation[],
  entityName?: string,
  resolveEntities?: EntityResolver,
  read: PathReader<E> = objectReader as PathReader<E>,
): JsonObject {
  const out: JsonObject = {}
  // Filter aggregations often repeat a filter list (the finder's steps share their choices'): filtered once per list.
  const filtered = new Map<E[], Map<string, E[]>>()
  const run = (list: E[], aggregation: Aggregation): void => {
    if (aggregation.type === 'filter') {
      let byFilter = filtered.get(list)
      if (!byFilter) filtered.set(list, (byFilter = new Map()))
      const key = JSON.stringify(aggregation.filter)
      let narrowed = byFilter.get(key)
      if (!narrowed) {
        const tests = aggregation.filter.map((f) => compileFilter(f, entityName, read))
        narrowed = list.filter((e) => tests.every((test) => test(e)))
        byFilter.set(key, narrowed)
      }
      run(narrowed, aggregation.aggregation)
      return
    }
    if (aggregation.type === 'entity') {
      const valuesOf = read(pathParts(aggregation.field, entityName))
      const ids = [...new Set(list.flatMap(valuesOf).filter((v): v is string => typeof v === 'string'))]
      const resolved = resolveEntities?.(aggregation.definition, ids)
      if (!resolved) throw errors.definitionNotFound(aggregation.definition, '/aggregations')
      out[aggregation.name] = { name: aggregation.name, entities: resolved, apiAlias: `${aggregation.name}_aggregation` }
      return
    }
    const counts = new Map<string, number>()
    const valuesOf = read(pathParts(aggregation.field, entityName))
    const scalar = (v: Json): v is string | number | boolean => v !== null && typeof v !== 'object'
    for (const entity of list) {
      const values = valuesOf(entity)
      // Most entities have one value at a path; a set only dedupes several.
      if (values.length === 1) {
        const value = values[0]!
        if (scalar(value)) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1)
        continue
      }
      const keys = new Set(values.filter(scalar).map(String))
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
 * A leading entity name (`category.name`) is accepted the way the DAL accepts it. Read-only: the
 * answer may be the entity's own array.
 */
export function valuesAt(entity: Json, path: string, entityName?: string): Json[] {
  const key = entityName ? `${entityName}\u0000${path}` : path
  let parts = splitPaths.get(key)
  if (!parts) {
    // Paths come from requests: a bounded memo, cleared when full.
    if (splitPaths.size >= 1000) splitPaths.clear()
    splitPaths.set(key, (parts = pathParts(path, entityName)))
  }
  return valuesAtParts(entity, parts)
}

const splitPaths = new Map<string, string[]>()

/**
 * How filters and aggregations read an entity's values at a path (its parts, as pathParts gives them):
 * from the entity's object by default; the catalogue reads columns it keeps per path instead.
 */
export type PathReader<E> = (parts: readonly string[]) => (entity: E) => Json[]

const objectReader: PathReader<Json> = (parts) => (entity) => valuesAtParts(entity, parts)

/** A path's parts, without a leading entity name; valuesAtParts with them saves the split per entity. */
export function pathParts(path: string, entityName?: string): string[] {
  const parts = path.split('.')
  if (entityName && parts[0] === entityName && parts.length > 1) parts.shift()
  return parts
}

/** As valuesAt; the answer is read-only, as it may be the entity's own array. */
export function valuesAtParts(entity: Json, parts: readonly string[]): Json[] {
  // Through single objects without an array, the common case, no list is built on the way.
  let single: Json = entity
  let depth = 0
  while (depth < parts.length && isObject(single)) single = toJson((single as JsonObject)[parts[depth++]!])
  if (depth === parts.length) return Array.isArray(single) ? single : [single]
  if (!Array.isArray(single)) return []
  let current: Json[] = [single]
  for (const part of parts.slice(depth)) {
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

/** Filter::getFields: a multi or not filter names the fields of all its queries. */
export function filterFields(filter: Filter): string[] {
  return 'queries' in filter ? filter.queries.flatMap(filterFields) : [filter.field]
}

/** The fields an aggregation reads: its own, and a filter aggregation's filters' and inner aggregation's. */
export function aggregationFields(aggregation: Aggregation): string[] {
  return aggregation.type === 'filter'
    ? [...aggregation.filter.flatMap(filterFields), ...aggregationFields(aggregation.aggregation)]
    : [aggregation.field]
}

export function matchesFilter(entity: Json, filter: Filter, entityName?: string): boolean {
  return compileFilter(filter, entityName)(entity)
}

/**
 * A filter as a test of entities, for a filter run over many: paths split and needles lowered once.
 * A path that reaches no value reads as one null value.
 */
export function compileFilter<E = Json>(filter: Filter, entityName?: string, read: PathReader<E> = objectReader as PathReader<E>): (entity: E) => boolean {
  if ('queries' in filter) {
    const tests = filter.queries.map((q) => compileFilter(q, entityName, read))
    const some = (entity: E) => tests.some((test) => test(entity))
    const every = (entity: E) => tests.every((test) => test(entity))
    if (filter.type === 'multi') return filter.operator === 'or' ? some : every
    return filter.operator === 'or' ? (entity) => !some(entity) : (entity) => !every(entity)
  }
  const valuesOf = read(pathParts(filter.field, entityName))
  const test = valueTest(filter)
  return (entity) => {
    const values = valuesOf(entity)
    return values.length ? values.some(test) : test(null)
  }
}

/**
 * A value test that remembers its answer per string: a filter over a catalogue meets the same few
 * values (a manufacturer, a machine type) thousands of times, and each comparison lowers both strings.
 */
function memoized(test: (value: Json) => boolean): (value: Json) => boolean {
  const answers = new Map<string, boolean>()
  return (v) => {
    if (typeof v !== 'string') return test(v)
    let answer = answers.get(v)
    if (answer === undefined) {
      answer = test(v)
      if (answers.size < 10_000) answers.set(v, answer)
    }
    return answer
  }
}

function valueTest(filter: Exclude<Filter, { queries: Filter[] }>): (value: Json) => boolean {
  switch (filter.type) {
    case 'equals':
      return memoized((v) => scalarEquals(v, filter.value))
    case 'equalsAny':
      return memoized((v) => filter.value.some((w) => scalarEquals(v, w)))
    case 'contains': {
      const needle = filter.value.toLowerCase()
      return (v) => typeof v === 'string' && v.toLowerCase().includes(needle)
    }
    case 'prefix': {
      const needle = filter.value.toLowerCase()
      return (v) => typeof v === 'string' && v.toLowerCase().startsWith(needle)
    }
    case 'suffix': {
      const needle = filter.value.toLowerCase()
      return (v) => typeof v === 'string' && v.toLowerCase().endsWith(needle)
    }
    case 'range': {
      const p = filter.parameters
      const checks = (
        [
          [p.gte, (c: number) => c >= 0],
          [p.lte, (c: number) => c <= 0],
          [p.gt, (c: number) => c > 0],
          [p.lt, (c: number) => c < 0],
        ] as Array<[number | string | undefined, (c: number) => boolean]>
      ).filter((check): check is [number | string, (c: number) => boolean] => check[0] !== undefined)
      return (v) =>
        checks.every(([bound, ok]) => {
          const c = compareRange(v, bound)
          return c !== null && ok(c)
        })
    }
  }
}

const collator = new Intl.Collator('de', { sensitivity: 'base' })
const naturalCollator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

/** How criteria sortings compare values: null first, numbers and booleans by value, anything else by the collator. */
export function compareValues(a: Json, b: Json, natural: boolean): number {
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
  for (const f of [...criteria.filter, ...criteria.postFilter]) {
    const test = compileFilter(f, entityName)
    list = list.filter(test)
  }
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
    if (v instanceof JsonText || !isObject(v)) return v
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

/**
 * JSON already written, with the request's includes already applied: a kept product's text in a listing
 * answer. applyIncludes leaves it alone and stringifyAnswer puts it in as it is, so a page of products is not
 * parsed, trimmed and written again for every answer.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

// Placeholders no value of an answer can spell (answers echo request input, such as a search term): a secret of the process.
const TEXT_MARK = `\u0000${randomBytes(12).toString('base64url')}:`
// JSON.stringify writes U+0000 as the six characters \u0000.
const WRITTEN_MARK = new RegExp(`"\\\\u0000${TEXT_MARK.slice(1)}(\\d+)"`, 'g')

/** JSON.stringify for an answer that may hold JsonText. */
export function stringifyAnswer(value: unknown): string {
  const texts: string[] = []
  const json = JSON.stringify(value, (_key, v: unknown) => (v instanceof JsonText ? `${TEXT_MARK}${texts.push(v.text) - 1}` : v))
  return texts.length === 0 ? json : json.replace(WRITTEN_MARK, (_match, index: string) => texts[Number(index)]!)
}
