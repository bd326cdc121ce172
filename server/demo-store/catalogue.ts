import { LANGUAGE_IDS, ROOT_CATEGORY_IDS } from './constants'
import {
  candidateRecords, catalogueData, compileFilters, criteriaViews, groupData, isTagAggregation, languageData, nameCollator, sortRanks, unitsByPrice, unitsBySales, unitsOfCategory, viewReader,
  type CatalogueData, type ListingUnit, type ProductRecord, type RecordTest,
} from './catalogue-cache'
import { aggregationFields, computeAggregations, isObject, parseCriteria, pathParts, type Aggregation, type Criteria, type Json, type JsonObject, type Sorting } from './criteria'
import type { Serializer } from './entities'
import { StoreApiError, errors } from './errors'
import { entityResolver } from './entity-definitions'
import { searchProducts, type SearchHit } from './search-index'
import { cacheFor, SizedLru, TextCache } from './text-cache'

export { catalogueData, type ListingUnit, type ProductRecord } from './catalogue-cache'

// ---------------------------------------------------------------------------------------------
// Listing parameters

function flag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback
  return !(value === false || value === 'false' || value === 0 || value === '0')
}

function idList(value: unknown): string[] {
  const list = typeof value === 'string' ? value.split('|') : Array.isArray(value) ? value : []
  return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())
}

function numberOrNull(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

export interface ListingParams {
  criteria: Criteria
  order: string | null
  manufacturer: string[]
  properties: string[]
  minPrice: number | null
  maxPrice: number | null
  rating: number | null
  shippingFree: boolean
  reduceAggregations: boolean
  noAggregations: boolean
  onlyAggregations: boolean
  enabled: { manufacturer: boolean; price: boolean; rating: boolean; shippingFree: boolean; properties: boolean }
  propertyWhitelist: string[] | null
}

/** Listing limit when none is sent: the storefront spec's constant (Shopware's own default is 24). */
export const LISTING_DEFAULT_LIMIT = 10

/**
 * The listing page comes from `p`, read as PagingListingProcessor does (Symfony's getInt): pages below 1
 * are page 1, a value that is no integer is a bad request.
 */
function listingPage(value: unknown): number {
  if (value === undefined || value === null) return 1
  const text = typeof value === 'number' || typeof value === 'string' ? String(value).trim() : ''
  if (!/^[+-]?\d+$/.test(text)) {
    throw new StoreApiError(400, '0', 'Input value "p" is invalid and flag "FILTER_NULL_ON_FAILURE" was not set.', { pointer: '/p' })
  }
  return Math.max(1, Number(text))
}

/** Reads listing parameters as Shopware does: query string first, then the body. */
export function parseListingParams(body: unknown, query: Record<string, unknown>): ListingParams {
  const raw: Record<string, unknown> = { ...(isObject(body) ? body : {}), ...query }
  const criteria = { ...parseCriteria(raw, { limit: LISTING_DEFAULT_LIMIT }), page: listingPage(raw.p) }
  const enabled = {
    manufacturer: flag(raw['manufacturer-filter'], true),
    price: flag(raw['price-filter'], true),
    rating: flag(raw['rating-filter'], true),
    shippingFree: flag(raw['shipping-free-filter'], true),
    properties: flag(raw['property-filter'], true),
  }
  const rating = numberOrNull(raw.rating)
  const whitelist = raw['property-whitelist']
  return {
    criteria,
    order: typeof raw.order === 'string' && raw.order !== '' ? raw.order : null,
    manufacturer: enabled.manufacturer ? idList(raw.manufacturer) : [],
    properties: enabled.properties ? idList(raw.properties) : [],
    minPrice: enabled.price ? numberOrNull(raw['min-price']) : null,
    maxPrice: enabled.price ? numberOrNull(raw['max-price']) : null,
    rating: enabled.rating && rating !== null ? Math.trunc(rating) : null,
    shippingFree: enabled.shippingFree && flag(raw['shipping-free'], false),
    reduceAggregations: flag(raw['reduce-aggregations'], false),
    noAggregations: flag(raw['no-aggregations'], false),
    onlyAggregations: flag(raw['only-aggregations'], false),
    enabled,
    propertyWhitelist: whitelist === undefined || whitelist === null || whitelist === '' ? null : idList(whitelist),
  }
}

// ---------------------------------------------------------------------------------------------
// Sortings

const SORTINGS: Array<{ key: string; priority: number; label: [string, string, string]; search?: boolean }> = [
  { key: 'score', priority: 6, label: ['Beste Ergebnisse', 'Top results', 'Meilleurs résultats'], search: true },
  { key: 'topseller', priority: 5, label: ['Topseller', 'Top sellers', 'Meilleures ventes'] },
  { key: 'name-asc', priority: 4, label: ['Name A-Z', 'Name A-Z', 'Nom A-Z'] },
  { key: 'name-desc', priority: 3, label: ['Name Z-A', 'Name Z-A', 'Nom Z-A'] },
  { key: 'price-asc', priority: 2, label: ['Preis aufsteigend', 'Price ascending', 'Prix croissant'] },
  { key: 'price-desc', priority: 1, label: ['Preis absteigend', 'Price descending', 'Prix décroissant'] },
]

function availableSortings(s: Serializer, search: boolean): JsonObject[] {
  const index = s.languageId === LANGUAGE_IDS.en ? 1 : s.languageId === LANGUAGE_IDS.fr ? 2 : 0
  return SORTINGS.filter((x) => search || !x.search).map((x) => ({
    key: x.key, label: x.label[index], translated: { label: x.label[index] }, priority: x.priority, apiAlias: 'product_sorting',
  }))
}

/**
 * The first `needed` visible units in the order of a sorting. The name, price and topseller orders of the
 * whole catalogue are computed once (per language and group); a listing keeps the units it shows in that
 * order, so no request sorts more than its search hits, and a page stops walking that order once it has its
 * units (the first page of a category of 9,000 walked all 30,000 units of the catalogue).
 */
function sortUnits(s: Serializer, data: CatalogueData, visible: ListingUnit[], order: string, scores: Map<string, number>, needed = Infinity): ListingUnit[] {
  if (order === 'score') {
    // Search units come best first (searchUnits): only runs of equal scores need sorting by name.
    const { nameRank } = languageData(s, data)
    const score = visible.map((u) => scores.get(u.id) ?? 0)
    const ascending = score.every((v, i) => i === 0 || score[i - 1]! <= v)
    if (!ascending) return [...visible].sort((a, b) => (scores.get(a.id) ?? 0) - (scores.get(b.id) ?? 0) || nameRank[a.index]! - nameRank[b.index]!)
    const sorted = [...visible]
    for (let start = 0; start < sorted.length;) {
      let end = start + 1
      while (end < sorted.length && score[end] === score[start]) end++
      if (end - start > 1) {
        const run = sorted.slice(start, end).sort((a, b) => nameRank[a.index]! - nameRank[b.index]!)
        for (let i = 0; i < run.length; i++) sorted[start + i] = run[i]!
      }
      start = end
    }
    return sorted
  }
  let global: ListingUnit[]
  switch (order) {
    case 'price-asc':
      global = unitsByPrice(s, false, data)
      break
    case 'price-desc':
      global = unitsByPrice(s, true, data)
      break
    case 'topseller':
      global = unitsBySales(s, data)
      break
    default:
      global = languageData(s, data).byName
  }
  const descending = order === 'name-desc'
  // Few units (a search, a small category): sort them by their global rank; many: walk the global order.
  if (visible.length * 16 < global.length) {
    const rank = rankOf(global, data)
    // Ranks are places in the global order: no two units share one.
    const compare = descending ? (a: ListingUnit, b: ListingUnit) => rank[b.index]! - rank[a.index]! : (a: ListingUnit, b: ListingUnit) => rank[a.index]! - rank[b.index]!
    return firstOrAllInOrder(visible, compare, needed)
  }
  const shown = new Uint8Array(data.units.length)
  for (const u of visible) shown[u.index] = 1
  const sorted: ListingUnit[] = []
  const wanted = Math.min(needed, visible.length)
  for (let i = descending ? global.length - 1 : 0; sorted.length < wanted && i >= 0 && i < global.length; i += descending ? -1 : 1) {
    if (shown[global[i]!.index] === 1) sorted.push(global[i]!)
  }
  return sorted
}

const ranks = new WeakMap<ListingUnit[], Int32Array>()

function rankOf(order: ListingUnit[], data: CatalogueData): Int32Array {
  let rank = ranks.get(order)
  if (!rank) {
    rank = new Int32Array(data.units.length)
    order.forEach((u, i) => {
      rank![u.index] = i
    })
    ranks.set(order, rank)
  }
  return rank
}

// ---------------------------------------------------------------------------------------------
// Filtering

type ListingFilterKey = 'manufacturer' | 'price' | 'rating' | 'shipping-free' | 'properties'
type MemberPredicate = (m: ProductRecord, u: ListingUnit) => boolean

function memberPredicates(params: ListingParams, data: CatalogueData, price: Float64Array): Map<ListingFilterKey, MemberPredicate> {
  const out = new Map<ListingFilterKey, MemberPredicate>()
  if (params.manufacturer.length) {
    const wanted = new Set(params.manufacturer)
    out.set('manufacturer', (m) => m.manufacturerId !== null && wanted.has(m.manufacturerId))
  }
  if (params.minPrice !== null || params.maxPrice !== null) {
    const min = params.minPrice
    const max = params.maxPrice
    out.set('price', (m) => {
      const own = price[m.index]!
      const p = Number.isNaN(own) ? 0 : own
      return (min === null || p >= min) && (max === null || max <= 0 || p <= max)
    })
  }
  if (params.rating !== null) {
    const min = params.rating
    out.set('rating', (_m, u) => (u.record.rating ?? 0) >= min)
  }
  if (params.shippingFree) out.set('shipping-free', (m) => m.shippingFree)
  if (params.properties.length) {
    // Options of one group are alternatives (OR); different groups must all match (AND), as in Shopware.
    const byGroup = new Map<string, Set<string>>()
    for (const id of params.properties) {
      const group = data.optionGroups.get(id) ?? id
      byGroup.set(group, new Set([...(byGroup.get(group) ?? []), id]))
    }
    const groups = [...byGroup.values()]
    out.set('properties', (m) => {
      for (const options of groups) {
        let any = false
        for (const id of m.propertyIds) {
          if (options.has(id)) {
            any = true
            break
          }
        }
        if (!any) return false
      }
      return true
    })
  }
  return out
}

/**
 * A necessary condition for the manufacturer and property filters, on the unit's facets (the union of its
 * members'): most units of a filtered listing fail it without looking at their members.
 */
function unitPrefilter(params: ListingParams, data: CatalogueData): ((u: ListingUnit) => boolean) | null {
  const makers = params.manufacturer.length ? new Uint8Array(data.manufacturerIds.length) : null
  if (makers) for (const id of params.manufacturer) data.manufacturerIds.forEach((m, slot) => m === id && (makers[slot] = 1))
  const groups = new Map<string, Uint8Array>()
  for (const id of params.properties) {
    const group = data.optionGroups.get(id) ?? id
    let slots = groups.get(group)
    if (!slots) {
      slots = new Uint8Array(data.optionIds.length)
      groups.set(group, slots)
    }
    const slot = data.optionSlots.get(id)
    if (slot !== undefined) slots[slot] = 1
  }
  if (!makers && groups.size === 0) return null
  const wanted = [...groups.values()]
  const hasAny = (list: number[], slots: Uint8Array) => {
    for (const slot of list) if (slots[slot] === 1) return true
    return false
  }
  return (u) => (!makers || hasAny(u.facetManufacturers, makers)) && wanted.every((slots) => hasAny(u.facetOptions, slots))
}

/** A parent matches a criteria filter list when it or any of its variants matches all filters. */
function unitMatches(u: ListingUnit, tests: RecordTest[]): boolean {
  if (tests.length === 0) return true
  if (tests.every((t) => t(u.record))) return true
  return u.hasVariants && u.members.some((m) => tests.every((t) => t(m)))
}

function unitPasses(u: ListingUnit, predicates: MemberPredicate[]): boolean {
  if (predicates.length === 0) return true
  return u.members.some((m) => predicates.every((p) => p(m, u)))
}

// ---------------------------------------------------------------------------------------------
// Aggregations

/** Property groups and their serialized options per language: the same for every listing. */
const propertyCache = new WeakMap<object, Map<string, Array<{ group: Record<string, string | number | null>; options: Array<{ id: string; entity: JsonObject }> }>>>()

function propertyGroups(s: Serializer, data: CatalogueData) {
  let perLanguage = propertyCache.get(data)
  if (!perLanguage) {
    perLanguage = new Map()
    propertyCache.set(data, perLanguage)
  }
  const key = `${s.languageId}:${s.publicUrl}`
  let groups = perLanguage.get(key)
  if (!groups) {
    groups = s.rows('SELECT * FROM property_group WHERE filterable = 1 ORDER BY position').map((g) => ({
      group: g,
      options: s.rows('SELECT * FROM property_group_option WHERE group_id = ? ORDER BY position', g.id).map((o) => ({ id: String(o.id), entity: s.propertyOption(o, false) })),
    }))
    perLanguage.set(key, groups)
  }
  return groups
}

function aggregations(s: Serializer, data: CatalogueData, units: ListingUnit[], params: ListingParams, predicates: Map<ListingFilterKey, MemberPredicate>, price: Float64Array): JsonObject {
  if (params.noAggregations) return {}
  // With reduce-aggregations every aggregation sees the other listing filters, never its own, so a
  // chosen option does not hide its alternatives.
  const scope = (own: ListingFilterKey) => {
    if (!params.reduceAggregations) return units
    const others = [...predicates.entries()].filter(([k]) => k !== own).map(([, p]) => p)
    return others.length ? units.filter((u) => unitPasses(u, others)) : units
  }
  const out: JsonObject = {}
  const { unitMin, unitMax } = groupData(s, data)
  if (params.enabled.manufacturer) {
    const seen = new Uint8Array(data.manufacturerIds.length)
    for (const u of scope('manufacturer')) for (const slot of u.facetManufacturers) seen[slot] = 1
    const entities = data.manufacturerIds.filter((_id, slot) => seen[slot] === 1).map((id) => s.manufacturer(id)).filter((m): m is JsonObject => m !== null)
      .sort((a, b) => nameCollator.compare(String(a.name), String(b.name)))
    out.manufacturer = { name: 'manufacturer', entities, apiAlias: 'manufacturer_aggregation' }
  }
  if (params.enabled.price) {
    let min = Infinity
    let max = -Infinity
    for (const u of scope('price')) {
      const low = unitMin[u.index]!
      if (Number.isNaN(low)) continue
      if (low < min) min = low
      if (unitMax[u.index]! > max) max = unitMax[u.index]!
    }
    const any = min !== Infinity
    out.price = { name: 'price', min: any ? min.toFixed(2) : null, max: any ? max.toFixed(2) : null, avg: null, sum: null, apiAlias: 'price_aggregation' }
  }
  if (params.enabled.rating) {
    let max: number | null = null
    for (const u of scope('rating')) if (u.record.rating !== null && (max === null || u.record.rating > max)) max = u.record.rating
    out.rating = { name: 'rating', max: max === null ? null : String(max), apiAlias: 'rating_aggregation' }
  }
  if (params.enabled.shippingFree) {
    const list = scope('shipping-free')
    out['shipping-free'] = { name: 'shipping-free', max: list.length ? (list.some((u) => u.anyShippingFree) ? '1' : '0') : null, apiAlias: 'shipping-free_aggregation' }
  }
  if (params.enabled.properties) {
    const seen = new Uint8Array(data.optionIds.length)
    for (const u of scope('properties')) for (const slot of u.facetOptions) seen[slot] = 1
    const present = (id: string) => {
      const slot = data.optionSlots.get(id)
      return slot !== undefined && seen[slot] === 1
    }
    const entities: JsonObject[] = []
    for (const { group, options } of propertyGroups(s, data)) {
      if (params.propertyWhitelist !== null && !params.propertyWhitelist.includes(String(group.id))) continue
      const shown = options.filter((o) => present(o.id)).map((o) => o.entity)
      if (shown.length === 0) continue
      if (group.sorting_type === 'alphanumeric') shown.sort((a, b) => nameCollator.compare(String(a.name), String(b.name)))
      entities.push(s.propertyGroup(group, shown))
    }
    out.properties = { name: 'properties', entities, apiAlias: 'properties_aggregation' }
  }
  // Aggregations the request adds to the listing's own (e.g. the tags of the listed products).
  if (params.criteria.aggregations.length) Object.assign(out, criteriaAggregations(s, data, units, params.criteria.aggregations))
  return out
}

/**
 * Criteria aggregations over products (a listing's: the members of its units), the tag entity aggregation
 * from the records, any other from the DAL views.
 */
function criteriaAggregations(s: Serializer, data: CatalogueData, source: ListingUnit[] | ProductRecord[], list: Aggregation[]): JsonObject {
  const results: JsonObject = {}
  const units = source.length > 0 && 'members' in source[0]! ? (source as ListingUnit[]) : null
  // Aggregations on the same views run together, so filter aggregations that repeat a filter list filter once.
  const batches = new Map<JsonObject[], Aggregation[]>()
  for (const aggregation of list) {
    if (isTagAggregation(aggregation)) {
      const ids = new Set<string>()
      if (units) for (const u of units) for (const id of u.memberTags) ids.add(id)
      else for (const r of source as ProductRecord[]) for (const id of r.tagIds) ids.add(id)
      const entities = entityResolver(s)('tag', [...ids]) ?? []
      results[aggregation.name] = { name: aggregation.name, entities, apiAlias: `${aggregation.name}_aggregation` }
      continue
    }
    const views = criteriaViews(s, data, aggregationFields(aggregation))
    const batch = batches.get(views)
    if (batch) batch.push(aggregation)
    else batches.set(views, [aggregation])
  }
  if (batches.size) {
    const records = units ? units.flatMap((u) => u.members) : (source as ProductRecord[])
    for (const [views, batch] of batches) Object.assign(results, computeAggregations(records, batch, 'product', entityResolver(s), viewReader(views)))
  }
  // In the criteria's order, as Shopware answers them.
  const out: JsonObject = {}
  for (const aggregation of list) {
    const name = resultName(aggregation)
    if (name in results) out[name] = results[name]!
  }
  return out
}

/** The key of an aggregation's result: a filter aggregation answers under its inner aggregation's name. */
function resultName(aggregation: Aggregation): string {
  return aggregation.type === 'filter' ? resultName(aggregation.aggregation) : aggregation.name
}

// ---------------------------------------------------------------------------------------------
// Listing

export interface ListingScope {
  /** Category whose products (and its descendants' products) are listed. */
  categoryId?: string
  /** Search term; results ranked by FTS score. */
  search?: string
  /** search-suggest: no aggregations, filters or sortings. */
  suggest?: boolean
}

/**
 * Listing aggregations depend on the scope (category or search term), the criteria filters and the
 * aggregation switches, not on the page or the sorting: kept as JSON text per language, customer group and
 * those parameters (least recently used dropped beyond MAX_AGGREGATION_CHARS), so paging and sorting a
 * listing computes them once.
 */
const aggregationCache = new WeakMap<CatalogueData, TextCache>()
const MAX_AGGREGATION_CHARS = 8_000_000

function cachedAggregations(s: Serializer, data: CatalogueData, scope: ListingScope, params: ListingParams, compute: () => JsonObject): JsonObject {
  if (params.noAggregations) return {}
  const cache = cacheFor(aggregationCache, data, () => new TextCache(MAX_AGGREGATION_CHARS))
  const { criteria } = params
  // With reduce-aggregations every aggregation sees the other listing filters; without, none of them.
  const listingFilters = params.reduceAggregations
    ? [params.manufacturer, params.properties, params.minPrice, params.maxPrice, params.rating, params.shippingFree]
    : null
  const key = JSON.stringify([
    s.languageId, s.customerGroupId, s.publicUrl, scope.categoryId ?? null, scope.search ?? null, criteria.filter, criteria.ids,
    criteria.aggregations, params.enabled, params.propertyWhitelist, listingFilters,
  ])
  const hit = cache.get(key)
  if (hit !== undefined) return JSON.parse(hit) as JsonObject
  const result = compute()
  cache.set(key, JSON.stringify(result))
  return result
}

/** A search's units, best first, with their best hit's score; kept as long as the search index keeps the hits. */
interface SearchUnits {
  scores: Map<string, number>
  units: ListingUnit[]
  /** The units in the `score` sorting (score, then name), once asked for. */
  byScore?: ListingUnit[]
}

const unitsOfHits = new WeakMap<SearchHit[], SearchUnits>()

function searchUnits(data: CatalogueData, hits: SearchHit[]): SearchUnits {
  let found = unitsOfHits.get(hits)
  if (!found) {
    const scores = new Map<string, number>()
    for (const hit of hits) if (!scores.has(hit.unitId)) scores.set(hit.unitId, hit.score)
    const units = [...scores.keys()].map((id) => data.unitsById.get(id)).filter((u): u is ListingUnit => u !== undefined)
    found = { scores, units }
    unitsOfHits.set(hits, found)
  }
  return found
}

/** How an answer that is sent as it is (stringifyAnswer) carries its products: as kept texts with these includes. */
export type AsText = { includes: Record<string, string[]> | null }

/** The products of an answer in the order of `ids`, unknown ones left out: objects, or kept texts (`asText`). */
function productsOf(s: Serializer, ids: string[], asText: AsText | undefined): Json[] {
  if (asText) return s.productTexts(ids, asText.includes) as unknown as Json[]
  return ids.map((id) => s.product(id)).filter((p): p is JsonObject => p !== null)
}

/**
 * ProductListingResult for a category, a search or a suggest request. `asText`: its products as JsonText with these includes applied, for an
 * answer that is sent as it is (stringifyAnswer); without, as objects (a CMS listing slot's).
 */
export function productListing(s: Serializer, scope: ListingScope, params: ListingParams, asText?: AsText): JsonObject {
  const data = catalogueData(s)
  const { price } = groupData(s, data)
  let scores = new Map<string, number>()
  let base: ListingUnit[]
  let found: SearchUnits | undefined
  if (scope.search !== undefined) {
    found = searchUnits(data, searchProducts(s.db, s.languageId, scope.search))
    ;({ scores, units: base } = found)
  } else {
    base = unitsOfCategory(data, scope.categoryId ?? '')
  }
  const { criteria } = params
  const filterTests = compileFilters(s, criteria.filter, data)
  const ids = criteria.ids === null ? null : new Set(criteria.ids)
  const filtered = filterTests.length === 0 && ids === null ? base : base.filter((u) => unitMatches(u, filterTests) && (ids === null || ids.has(u.id)))
  const predicates = scope.suggest ? new Map<ListingFilterKey, MemberPredicate>() : memberPredicates(params, data, price)
  const predicateList = [...predicates.values()]
  const postTests = compileFilters(s, criteria.postFilter, data)
  const prefilter = scope.suggest ? null : unitPrefilter(params, data)
  const visible = predicateList.length === 0 && postTests.length === 0
    ? filtered
    : filtered.filter((u) => (prefilter === null || prefilter(u)) && unitPasses(u, predicateList) && unitMatches(u, postTests))
  const isSearch = scope.search !== undefined
  const order = params.order ?? (criteria.sort.length ? null : isSearch ? 'score' : 'name-asc')
  if (order !== null && !SORTINGS.some((x) => x.key === order && (isSearch || !x.search))) {
    throw new StoreApiError(404, 'PRODUCT_SORTING_NOT_FOUND', `Could not find sorting with key "${order}"`, { parameters: { entity: 'sorting', field: 'key', value: order } })
  }
  const limit = criteria.limit ?? LISTING_DEFAULT_LIMIT
  const page = criteria.page
  // The units up to the end of the page, in order.
  const needed = page * limit
  let sorted: ListingUnit[]
  if (order === null) {
    sorted = sortByCriteria(s, data, visible, (u) => u.record, criteria.sort, () => 0, needed)
  } else if (order === 'score' && found && visible === found.units) {
    // An unfiltered search in its default sorting: the same order for every page.
    found.byScore ??= sortUnits(s, data, visible, order, scores)
    sorted = found.byScore
  } else {
    sorted = sortUnits(s, data, visible, order, scores, needed)
  }
  const pageIds = params.onlyAggregations ? [] : sorted.slice((page - 1) * limit, needed).map((u) => u.id)
  const elements = productsOf(s, pageIds, asText)
  const currentFilters: JsonObject = {
    // Searches run below the sales channel's navigation root, so that is their navigation id.
    navigationId: scope.categoryId ?? ROOT_CATEGORY_IDS.main,
    manufacturer: params.manufacturer,
    price: { min: params.minPrice ?? 0, max: params.maxPrice ?? 0 },
    rating: params.rating,
    'shipping-free': params.shippingFree,
    properties: params.properties,
  }
  if (isSearch) currentFilters.search = scope.search ?? ''
  return {
    elements,
    total: params.onlyAggregations ? 0 : visible.length,
    page,
    limit,
    entity: 'product',
    aggregations: scope.suggest ? {} : cachedAggregations(s, data, scope, params, () => aggregations(s, data, filtered, params, predicates, price)),
    currentFilters,
    availableSortings: scope.suggest ? [] : availableSortings(s, isSearch),
    sorting: order ?? (isSearch ? 'score' : 'name-asc'),
    apiAlias: 'product_listing',
  }
}

/**
 * Criteria sortings on the DAL views, by each product's rank per sorted field (sortRanks). With
 * `needed`, only that many items come back, the first ones in order: a page of a large list.
 */
function sortByCriteria<T>(
  s: Serializer,
  data: CatalogueData,
  items: readonly T[],
  recordOf: (item: T) => ProductRecord,
  sorts: Sorting[],
  tie: (a: T, b: T) => number,
  needed = Infinity,
): T[] {
  const views = criteriaViews(s, data, sorts.map((sort) => sort.field))
  const ranks = sorts.map((sort) => sortRanks(views, pathParts(sort.field, 'product')))
  const compare = (a: T, b: T) => {
    const ia = recordOf(a).index
    const ib = recordOf(b).index
    for (let i = 0; i < sorts.length; i++) {
      const c = ranks[i]![ia]! - ranks[i]![ib]!
      if (c !== 0) return sorts[i]!.order === 'DESC' ? -c : c
    }
    return tie(a, b)
  }
  return firstOrAllInOrder(items, compare, needed)
}

/** At least the first `needed` items in order: all of them sorted when those are more than an eighth. */
function firstOrAllInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, needed: number): T[] {
  return needed * 8 < items.length ? firstInOrder(items, compare, needed) : [...items].sort(compare)
}

/**
 * The first `needed` items of `items` in the order of `compare`, exactly as the start of a stable
 * sort (ties keep the input order), in O(n log needed): a listing's page needs only the units up to
 * its end in order (sorting 30,000 parents at 50,000 products whole took 10 ms).
 */
export function firstInOrder<T>(items: readonly T[], compare: (a: T, b: T) => number, needed: number): T[] {
  const order = (i: number, j: number) => compare(items[i]!, items[j]!) || i - j
  // A max-heap of indexes: the last of the kept items on top.
  const heap: number[] = []
  const swap = (i: number, j: number) => {
    const kept = heap[i]!
    heap[i] = heap[j]!
    heap[j] = kept
  }
  for (let index = 0; index < items.length && needed > 0; index++) {
    if (heap.length < needed) {
      heap.push(index)
      for (let i = heap.length - 1; i > 0; ) {
        const up = (i - 1) >> 1
        if (order(heap[up]!, heap[i]!) >= 0) break
        swap(i, up)
        i = up
      }
    } else if (order(index, heap[0]!) < 0) {
      heap[0] = index
      for (let i = 0; ; ) {
        const left = 2 * i + 1
        const right = left + 1
        let largest = i
        if (left < heap.length && order(heap[left]!, heap[largest]!) > 0) largest = left
        if (right < heap.length && order(heap[right]!, heap[largest]!) > 0) largest = right
        if (largest === i) break
        swap(i, largest)
        i = largest
      }
    }
  }
  return heap.sort(order).map((index) => items[index]!)
}

// ---------------------------------------------------------------------------------------------
// POST /product

const searchAggregationCache = new WeakMap<CatalogueData, TextCache>()

/**
 * A product search's aggregations depend on what it searches (filters, term, ids, the wishlist's ids), not
 * on its post-filters, page or sorting: each is kept as JSON text by that scope, language, customer group and
 * media URL base, like a listing's. The finder asks for the same options with every choice and page (its
 * choices are post-filters), and its steps without a choice before them for every combination.
 */
function searchAggregations(s: Serializer, data: CatalogueData, aggregations: Aggregation[], base: SearchBase): JsonObject {
  const cache = cacheFor(searchAggregationCache, data, () => new TextCache(MAX_AGGREGATION_CHARS))
  const keyOf = (aggregation: Aggregation) => JSON.stringify([base.key, s.publicUrl, aggregation])
  const kept = new Map<Aggregation, string>()
  const missing: Aggregation[] = []
  for (const aggregation of aggregations) {
    const hit = cache.get(keyOf(aggregation))
    if (hit === undefined) missing.push(aggregation)
    else kept.set(aggregation, hit)
  }
  const computed = missing.length ? criteriaAggregations(s, data, base.list, missing) : {}
  for (const aggregation of missing) {
    const value = computed[resultName(aggregation)]
    if (value !== undefined) cache.set(keyOf(aggregation), JSON.stringify(value))
  }
  // In the criteria's order, as Shopware answers them.
  const out: JsonObject = {}
  for (const aggregation of aggregations) {
    const name = resultName(aggregation)
    const hit = kept.get(aggregation)
    if (hit !== undefined) out[name] = JSON.parse(hit) as JsonObject
    else if (name in computed) out[name] = computed[name]!
  }
  return out
}

interface SearchBase {
  /** Language, customer group, criteria filters, term, ids and scope. */
  key: string
  /** The records the search's filters, term, ids and scope leave, before its post-filters. */
  list: ProductRecord[]
  /** The term's scores by product id; null without a term. */
  scores: Map<string, number> | null
  /** `list` in each order asked for so far, by sorting. */
  orders: Map<string, ProductRecord[]>
}

const searchBases = new WeakMap<CatalogueData, SizedLru<SearchBase>>()
// Records kept over all bases and their orders (a reference each): the finder's base of 30,000 parents in one order is 60,000.
const MAX_SEARCH_BASE_RECORDS = 1_000_000

/**
 * What a product search searches, kept per language and customer group (filters read translated custom fields
 * and group prices): the same for every page, sorting and post-filter. The product finder's choices are
 * post-filters, so every finder read filters the same 30,000 parents out of 50,000 products, and sorts them.
 */
function searchBase(s: Serializer, data: CatalogueData, criteria: Criteria, within: readonly string[] | undefined): SearchBase {
  const cache = cacheFor(searchBases, data, () => new SizedLru<SearchBase>(MAX_SEARCH_BASE_RECORDS, (_key, base) => base.list.length * (1 + base.orders.size)))
  const key = JSON.stringify([s.languageId, s.customerGroupId, criteria.filter, criteria.term ?? null, criteria.ids ?? null, within ?? null])
  const kept = cache.get(key)
  if (kept) return kept
  let list = within ? within.map((id) => data.records.get(id)).filter((r): r is ProductRecord => r !== undefined) : candidateRecords(criteria.filter, data)
  let scores: Map<string, number> | null = null
  if (criteria.term) {
    scores = new Map()
    for (const hit of searchProducts(s.db, s.languageId, criteria.term)) if (!scores.has(hit.productId)) scores.set(hit.productId, hit.score)
    const hits = scores
    list = list.filter((r) => hits.has(r.id))
  }
  if (criteria.ids) {
    const wanted = new Set(criteria.ids)
    list = list.filter((r) => wanted.has(r.id))
  }
  for (const test of compileFilters(s, criteria.filter, data)) list = list.filter(test)
  const base: SearchBase = { key, list, scores, orders: new Map() }
  cache.set(key, base)
  return base
}

/** The base in the search's order: its sortings (ties by position), else best score, else as found. */
function orderedBase(s: Serializer, data: CatalogueData, base: SearchBase, sort: Sorting[]): ProductRecord[] {
  if (!sort.length && !base.scores) return base.list
  const key = JSON.stringify(sort)
  let ordered = base.orders.get(key)
  if (!ordered) {
    if (sort.length) {
      ordered = sortByCriteria(s, data, base.list, (r) => r, sort, (a, b) => a.position - b.position)
    } else {
      const hits = base.scores!
      ordered = [...base.list].sort((a, b) => (hits.get(a.id) ?? 0) - (hits.get(b.id) ?? 0))
    }
    base.orders.set(key, ordered)
    // Kept again, so that the cache counts the new order.
    const cache = searchBases.get(data)
    if (cache?.get(base.key) === base) cache.set(base.key, base)
  }
  return ordered
}

/**
 * The records of `ordered` from place `offset` to `end` among those passing every test, and how many pass.
 * A function of its own, so that the loop over 30,000 parents runs optimized (inside productSearch it ran
 * at about 100 ns a record).
 */
function pageOfPassing(ordered: ProductRecord[], tests: RecordTest[], offset: number, end: number): { page: ProductRecord[]; count: number } {
  if (tests.length === 0) return { page: ordered.slice(offset, end), count: ordered.length }
  const page: ProductRecord[] = []
  let count = 0
  for (let i = 0; i < ordered.length; i++) {
    const r = ordered[i]!
    let passes = true
    for (let t = 0; t < tests.length && passes; t++) passes = tests[t]!(r)
    if (!passes) continue
    if (count >= offset && count < end) page.push(r)
    count++
  }
  return { page, count }
}

/**
 * POST /product: ProductListRoute, criteria over all products (parents and variants, no grouping).
 * `within` restricts the search to these ids and, without a criteria sorting, keeps their order (the
 * wishlist: its products, newest added first). `asText` as for productListing.
 */
export function productSearch(s: Serializer, body: unknown, within?: readonly string[], asText?: AsText): JsonObject {
  const criteria: Criteria = parseCriteria(body)
  const data = catalogueData(s)
  const base = searchBase(s, data, criteria, within)
  // Aggregations see the criteria filters but not the post-filters (Shopware's semantics).
  const aggregationResult = criteria.aggregations.length ? searchAggregations(s, data, criteria.aggregations, base) : {}
  // Sorting then filtering gives what filtering then sorting gave: the order is total (ties by position) or stable.
  const ordered = orderedBase(s, data, base, criteria.sort)
  const offset = criteria.limit ? (criteria.page - 1) * criteria.limit : 0
  const end = criteria.limit ? offset + criteria.limit : Infinity
  const { page, count } = pageOfPassing(ordered, compileFilters(s, criteria.postFilter, data), offset, end)
  let total = page.length
  if (criteria.totalCountMode === 'exact') total = count
  else if (criteria.totalCountMode === 'next-pages' && criteria.limit) total = Math.min(count, offset + criteria.limit * 6 + 1)
  return {
    entity: 'product', total, aggregations: aggregationResult, page: criteria.page, limit: criteria.limit,
    elements: productsOf(s, page.map((r) => r.id), asText),
    apiAlias: 'dal_entity_search_result',
  }
}

export function requireCategory(s: Serializer, id: string): void {
  if (!s.row('SELECT 1 AS ok FROM category WHERE id = ? AND active = 1', id)) throw errors.categoryNotFound(id)
}
