import { LANGUAGE_IDS, ROOT_CATEGORY_IDS } from './constants'
import { computeAggregations, matchesFilter, parseCriteria, valuesAt, type Criteria, type Filter, type Json, type JsonObject } from './criteria'
import type { Db } from './db'
import type { Serializer } from './entities'
import { StoreApiError, errors } from './errors'
import { entityResolver } from './entity-definitions'
import { searchProducts } from './search-index'

type Row = Record<string, string | number | null>

/** What listings filter, sort and aggregate on, per product (parents and variants alike). */
export interface ProductRecord {
  id: string
  parentId: string | null
  unitId: string
  number: string
  name: string
  manufacturerId: string | null
  /** Quantity-1 price of the customer group; null for price-on-request products. */
  price: number | null
  rating: number | null
  sales: number
  shippingFree: boolean
  propertyIds: string[]
  categoryIds: Set<string>
  position: number
  /** The product as criteria filters and sortings see it (field names as in the Store API). */
  view: JsonObject
}

/** A listing entry: a product without variants, or a parent with its variants (Shopware's display group). */
export interface ListingUnit {
  id: string
  record: ProductRecord
  members: ProductRecord[]
  cheapest: number | null
}

interface CatalogueData {
  records: Map<string, ProductRecord>
  units: Map<string, ListingUnit>
}

const cache = new WeakMap<Db, Map<string, CatalogueData>>()

/** The catalogue does not change while the store runs, so records are built once per language and group. */
export function catalogueData(s: Serializer): CatalogueData {
  let perDb = cache.get(s.db)
  if (!perDb) {
    perDb = new Map()
    cache.set(s.db, perDb)
  }
  const key = `${s.languageId}:${s.customerGroupId}`
  const found = perDb.get(key)
  if (found) return found
  const data = buildData(s)
  perDb.set(key, data)
  return data
}

function groupBy(rows: Row[], key: string, value: string): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const r of rows) {
    const k = String(r[key])
    const list = out.get(k) ?? []
    list.push(String(r[value]))
    out.set(k, list)
  }
  return out
}

function buildData(s: Serializer): CatalogueData {
  const products = s.rows('SELECT rowid AS position, * FROM product WHERE active = 1 ORDER BY rowid')
  const prices = new Map(s.rows('SELECT product_id, price_net FROM product_price WHERE customer_group_id = ? AND quantity_start = 1', s.customerGroupId).map((r) => [String(r.product_id), Number(r.price_net)]))
  const properties = groupBy(s.rows('SELECT product_id, option_id FROM product_property'), 'product_id', 'option_id')
  const options = groupBy(s.rows('SELECT product_id, option_id FROM product_option'), 'product_id', 'option_id')
  const tags = groupBy(s.rows('SELECT product_id, tag_id FROM product_tag'), 'product_id', 'tag_id')
  const tagNames = new Map(s.rows('SELECT id, name FROM tag').map((t) => [String(t.id), String(t.name)]))
  const categories = groupBy(s.rows('SELECT product_id, category_id FROM product_category'), 'product_id', 'category_id')
  const optionGroups = new Map(s.rows('SELECT id, group_id FROM property_group_option').map((o) => [String(o.id), String(o.group_id)]))
  const parentOf = new Map(s.rows('SELECT id, parent_id FROM category').map((c) => [String(c.id), c.parent_id === null ? null : String(c.parent_id)]))
  const manufacturerNames = new Map(s.rows('SELECT id, translations FROM manufacturer').map((m) => [String(m.id), String(s.translate(m.translations).name ?? '')]))
  const childCounts = new Map(s.rows('SELECT parent_id, COUNT(*) AS n FROM product WHERE parent_id IS NOT NULL AND active = 1 GROUP BY parent_id').map((r) => [String(r.parent_id), Number(r.n)]))
  const ancestors = (id: string): string[] => {
    const out: string[] = []
    for (let cur: string | null | undefined = id; cur; cur = parentOf.get(cur)) out.unshift(cur)
    return out
  }
  const records = new Map<string, ProductRecord>()
  const rowsById = new Map(products.map((p) => [String(p.id), p]))
  for (const p of products) {
    const id = String(p.id)
    const parent = p.parent_id ? rowsById.get(String(p.parent_id)) : undefined
    const t = s.translate(p.translations)
    const custom = { ...(JSON.parse(String(p.custom_fields)) as JsonObject), ...((t.customFields ?? {}) as JsonObject) }
    const propertyIds = properties.get(id) ?? []
    const optionIds = options.get(id) ?? []
    const tagIds = tags.get(id) ?? []
    const categoryIds = categories.get(id) ?? (parent ? categories.get(String(parent.id)) : undefined) ?? []
    const categoryTree = [...new Set(categoryIds.flatMap(ancestors))]
    const stock = Number(p.stock)
    const closeout = p.is_closeout === 1
    const price = prices.get(id) ?? null
    const rating = p.rating_average ?? parent?.rating_average ?? null
    const manufacturerId = p.manufacturer_id === null ? null : String(p.manufacturer_id)
    const view: JsonObject = {
      id, parentId: p.parent_id, productNumber: p.product_number, name: t.name, translated: { name: t.name, customFields: custom },
      manufacturerId, manufacturer: manufacturerId ? { id: manufacturerId, name: manufacturerNames.get(manufacturerId) ?? '' } : null,
      tagIds, tags: tagIds.map((tid) => ({ id: tid, name: tagNames.get(tid) ?? '' })),
      propertyIds, properties: propertyIds.map((oid) => ({ id: oid, groupId: optionGroups.get(oid) ?? '' })),
      optionIds, options: optionIds.map((oid) => ({ id: oid, groupId: optionGroups.get(oid) ?? '' })),
      // categoriesRo: the assigned categories and all their ancestors, as the DAL's read-only association.
      categoryIds, categories: categoryIds.map((cid) => ({ id: cid })), categoryTree, categoriesRo: categoryTree.map((cid) => ({ id: cid })),
      taxId: p.tax_id, deliveryTimeId: p.delivery_time_id,
      available: !closeout || stock >= Number(p.min_purchase), availableStock: stock, stock, isCloseout: closeout,
      shippingFree: p.shipping_free === 1, ratingAverage: rating, sales: p.sales, markAsTopseller: p.mark_as_topseller === 1,
      releaseDate: p.release_date, ean: p.ean, manufacturerNumber: p.manufacturer_number, customFields: custom, active: true,
      childCount: childCounts.get(id) ?? 0, cheapestPrice: price, weight: p.weight, minPurchase: p.min_purchase, purchaseSteps: p.purchase_steps,
      maxPurchase: p.max_purchase, restockTime: p.restock_time,
    }
    records.set(id, {
      id, parentId: p.parent_id === null ? null : String(p.parent_id), unitId: String(p.parent_id ?? p.id), number: String(p.product_number),
      name: String(t.name ?? ''), manufacturerId, price, rating: rating === null ? null : Number(rating), sales: Number(p.sales),
      shippingFree: p.shipping_free === 1, propertyIds, categoryIds: new Set(categoryTree), position: Number(p.position), view,
    })
  }
  const units = new Map<string, ListingUnit>()
  for (const r of records.values()) {
    if (r.parentId) continue
    units.set(r.id, { id: r.id, record: r, members: [], cheapest: null })
  }
  for (const r of records.values()) if (r.parentId) units.get(r.parentId)?.members.push(r)
  // Association paths as Shopware's DAL filters them: `children.id` on a parent and
  // `parent.children.id` on a variant (all products sharing that variant's parent).
  for (const u of units.values()) {
    if (u.members.length === 0) continue
    const children = u.members.map((m) => ({ id: m.id }))
    u.record.view.children = children
    for (const m of u.members) m.view.parent = { id: u.id, children }
  }
  const cheapest = new Map(s.rows('SELECT unit_id, price FROM product_cheapest_price WHERE customer_group_id = ?', s.customerGroupId).map((c) => [String(c.unit_id), Number(c.price)]))
  for (const u of units.values()) {
    if (u.members.length === 0) u.members.push(u.record)
    u.cheapest = cheapest.get(u.id) ?? null
  }
  return { records, units }
}

// ---------------------------------------------------------------------------------------------
// Listing parameters

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

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

const nameCollator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

function unitComparator(order: string, scores: Map<string, number>): (a: ListingUnit, b: ListingUnit) => number {
  const byNumber = (a: ListingUnit, b: ListingUnit) => nameCollator.compare(a.record.number, b.record.number)
  const byName = (a: ListingUnit, b: ListingUnit) => nameCollator.compare(a.record.name, b.record.name) || byNumber(a, b)
  const price = (u: ListingUnit) => u.cheapest ?? 0
  switch (order) {
    case 'name-desc':
      return (a, b) => -byName(a, b)
    case 'price-asc':
      return (a, b) => price(a) - price(b) || byName(a, b)
    case 'price-desc':
      return (a, b) => price(b) - price(a) || byName(a, b)
    case 'topseller':
      return (a, b) => unitSales(b) - unitSales(a) || byName(a, b)
    case 'score':
      return (a, b) => (scores.get(a.id) ?? 0) - (scores.get(b.id) ?? 0) || byName(a, b)
    default:
      return byName
  }
}

function unitSales(u: ListingUnit): number {
  return u.members[0] === u.record ? u.record.sales : u.members.reduce((sum, m) => sum + m.sales, u.record.sales)
}

// ---------------------------------------------------------------------------------------------
// Filtering

type ListingFilterKey = 'manufacturer' | 'price' | 'rating' | 'shipping-free' | 'properties'

function memberPredicates(params: ListingParams, propertyGroups: Map<string, string>): Map<ListingFilterKey, (m: ProductRecord, u: ListingUnit) => boolean> {
  const out = new Map<ListingFilterKey, (m: ProductRecord, u: ListingUnit) => boolean>()
  if (params.manufacturer.length) {
    const wanted = new Set(params.manufacturer)
    out.set('manufacturer', (m) => m.manufacturerId !== null && wanted.has(m.manufacturerId))
  }
  if (params.minPrice !== null || params.maxPrice !== null) {
    const min = params.minPrice
    const max = params.maxPrice
    out.set('price', (m) => {
      const p = m.price ?? 0
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
      const group = propertyGroups.get(id) ?? id
      byGroup.set(group, new Set([...(byGroup.get(group) ?? []), id]))
    }
    out.set('properties', (m) => [...byGroup.values()].every((options) => m.propertyIds.some((id) => options.has(id))))
  }
  return out
}

function unitMatches(u: ListingUnit, filters: Filter[]): boolean {
  if (filters.length === 0) return true
  const candidates = u.members[0] === u.record ? [u.record] : [u.record, ...u.members]
  return candidates.some((m) => filters.every((f) => matchesFilter(m.view, f, 'product')))
}

function unitPasses(u: ListingUnit, predicates: Array<(m: ProductRecord, u: ListingUnit) => boolean>): boolean {
  if (predicates.length === 0) return true
  return u.members.some((m) => predicates.every((p) => p(m, u)))
}

// ---------------------------------------------------------------------------------------------
// Aggregations

function aggregations(s: Serializer, units: ListingUnit[], params: ListingParams, predicates: Map<ListingFilterKey, (m: ProductRecord, u: ListingUnit) => boolean>): JsonObject {
  if (params.noAggregations) return {}
  // With reduce-aggregations every aggregation sees the other listing filters, never its own, so a
  // chosen option does not hide its alternatives.
  const scope = (own: ListingFilterKey) => {
    if (!params.reduceAggregations) return units
    const others = [...predicates.entries()].filter(([k]) => k !== own).map(([, p]) => p)
    return units.filter((u) => unitPasses(u, others))
  }
  const out: JsonObject = {}
  if (params.enabled.manufacturer) {
    const ids = new Set(scope('manufacturer').flatMap((u) => u.members.map((m) => m.manufacturerId)).filter((id): id is string => id !== null))
    const entities = [...ids].map((id) => s.manufacturer(id)).filter((m): m is JsonObject => m !== null)
      .sort((a, b) => nameCollator.compare(String(a.name), String(b.name)))
    out.manufacturer = { name: 'manufacturer', entities, apiAlias: 'manufacturer_aggregation' }
  }
  if (params.enabled.price) {
    const values = scope('price').flatMap((u) => u.members.map((m) => m.price)).filter((p): p is number => p !== null)
    out.price = {
      name: 'price', min: values.length ? Math.min(...values).toFixed(2) : null, max: values.length ? Math.max(...values).toFixed(2) : null,
      avg: null, sum: null, apiAlias: 'price_aggregation',
    }
  }
  if (params.enabled.rating) {
    const ratings = scope('rating').map((u) => u.record.rating).filter((r): r is number => r !== null)
    out.rating = { name: 'rating', max: ratings.length ? String(Math.max(...ratings)) : null, apiAlias: 'rating_aggregation' }
  }
  if (params.enabled.shippingFree) {
    const list = scope('shipping-free')
    out['shipping-free'] = { name: 'shipping-free', max: list.length ? (list.some((u) => u.members.some((m) => m.shippingFree)) ? '1' : '0') : null, apiAlias: 'shipping-free_aggregation' }
  }
  if (params.enabled.properties) {
    const optionIds = new Set(scope('properties').flatMap((u) => u.members.flatMap((m) => m.propertyIds)))
    const groups = s.rows('SELECT * FROM property_group WHERE filterable = 1 ORDER BY position')
      .filter((g) => params.propertyWhitelist === null || params.propertyWhitelist.includes(String(g.id)))
    const entities: JsonObject[] = []
    for (const g of groups) {
      const opts = s.rows('SELECT * FROM property_group_option WHERE group_id = ? ORDER BY position', g.id).filter((o) => optionIds.has(String(o.id)))
      if (opts.length === 0) continue
      const serialized = opts.map((o) => s.propertyOption(o, false))
      if (g.sorting_type === 'alphanumeric') serialized.sort((a, b) => nameCollator.compare(String(a.name), String(b.name)))
      entities.push(s.propertyGroup(g, serialized))
    }
    out.properties = { name: 'properties', entities, apiAlias: 'properties_aggregation' }
  }
  // Aggregations the request adds to the listing's own (e.g. the tags of the listed products).
  if (params.criteria.aggregations.length) {
    const views = units.flatMap((u) => u.members.map((m) => m.view))
    Object.assign(out, computeAggregations(views, params.criteria.aggregations, 'product', entityResolver(s)))
  }
  return out
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

function propertyGroupsById(s: Serializer): Map<string, string> {
  return new Map(s.rows('SELECT id, group_id FROM property_group_option').map((o) => [String(o.id), String(o.group_id)]))
}

/** ProductListingResult for a category, a search or a suggest request. */
export function productListing(s: Serializer, scope: ListingScope, params: ListingParams): JsonObject {
  const data = catalogueData(s)
  const scores = new Map<string, number>()
  let base: ListingUnit[]
  if (scope.search !== undefined) {
    for (const hit of searchProducts(s.db, s.languageId, scope.search)) {
      if (!scores.has(hit.unitId)) scores.set(hit.unitId, hit.score)
    }
    base = [...scores.keys()].map((id) => data.units.get(id)).filter((u): u is ListingUnit => u !== undefined)
  } else {
    const categoryId = scope.categoryId ?? ''
    base = [...data.units.values()].filter((u) => u.record.categoryIds.has(categoryId))
  }
  const { criteria } = params
  const filtered = base.filter((u) => unitMatches(u, criteria.filter) && (criteria.ids === null || criteria.ids.includes(u.id)))
  const predicates = scope.suggest ? new Map() : memberPredicates(params, propertyGroupsById(s))
  const visible = filtered.filter((u) => unitPasses(u, [...predicates.values()]) && unitMatches(u, criteria.postFilter))
  const isSearch = scope.search !== undefined
  const order = params.order ?? (criteria.sort.length ? null : isSearch ? 'score' : 'name-asc')
  if (order !== null && !SORTINGS.some((x) => x.key === order && (isSearch || !x.search))) {
    throw new StoreApiError(404, 'PRODUCT_SORTING_NOT_FOUND', `Could not find sorting with key "${order}"`, { parameters: { entity: 'sorting', field: 'key', value: order } })
  }
  let sorted: ListingUnit[]
  if (order === null) {
    sorted = [...visible].sort((a, b) => {
      for (const sort of criteria.sort) {
        const av = valuesAt(a.record.view, sort.field, 'product')[0] ?? null
        const bv = valuesAt(b.record.view, sort.field, 'product')[0] ?? null
        const c = compareJson(av, bv)
        if (c !== 0) return sort.order === 'DESC' ? -c : c
      }
      return 0
    })
  } else {
    sorted = [...visible].sort(unitComparator(order, scores))
  }
  const limit = criteria.limit ?? LISTING_DEFAULT_LIMIT
  const page = criteria.page
  const elements = params.onlyAggregations ? [] : sorted.slice((page - 1) * limit, page * limit).map((u) => s.product(u.id)).filter((p): p is JsonObject => p !== null)
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
    total: params.onlyAggregations ? 0 : sorted.length,
    page,
    limit,
    entity: 'product',
    aggregations: scope.suggest ? {} : aggregations(s, filtered, params, predicates),
    currentFilters,
    availableSortings: scope.suggest ? [] : availableSortings(s, isSearch),
    sorting: order ?? (isSearch ? 'score' : 'name-asc'),
    apiAlias: 'product_listing',
  }
}

function compareJson(a: Json, b: Json): number {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return nameCollator.compare(String(a), String(b))
}

// ---------------------------------------------------------------------------------------------
// POST /product

/** ProductListRoute: criteria over all products (parents and variants, no grouping). */
/**
 * POST /product. `within` restricts the search to these ids and, without a criteria sorting, keeps
 * their order (the wishlist: its products, newest added first).
 */
export function productSearch(s: Serializer, body: unknown, within?: readonly string[]): JsonObject {
  const criteria = parseCriteria(body)
  const data = catalogueData(s)
  let list = within ? within.map((id) => data.records.get(id)).filter((r): r is ProductRecord => r !== undefined) : [...data.records.values()]
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
  for (const f of criteria.filter) list = list.filter((r) => matchesFilter(r.view, f, 'product'))
  // Aggregations see the criteria filters but not the post-filters (Shopware's semantics).
  const aggregationResult = computeAggregations(list.map((r) => r.view), criteria.aggregations, 'product', entityResolver(s))
  for (const f of criteria.postFilter) list = list.filter((r) => matchesFilter(r.view, f, 'product'))
  if (criteria.sort.length) {
    list.sort((a, b) => {
      for (const sort of criteria.sort) {
        const c = compareJson(valuesAt(a.view, sort.field, 'product')[0] ?? null, valuesAt(b.view, sort.field, 'product')[0] ?? null)
        if (c !== 0) return sort.order === 'DESC' ? -c : c
      }
      return a.position - b.position
    })
  } else if (scores) {
    const hits = scores
    list.sort((a, b) => (hits.get(a.id) ?? 0) - (hits.get(b.id) ?? 0))
  }
  const offset = criteria.limit ? (criteria.page - 1) * criteria.limit : 0
  const page = criteria.limit ? list.slice(offset, offset + criteria.limit) : list
  let total = page.length
  if (criteria.totalCountMode === 'exact') total = list.length
  else if (criteria.totalCountMode === 'next-pages' && criteria.limit) total = Math.min(list.length, offset + criteria.limit * 6 + 1)
  return {
    entity: 'product', total, aggregations: aggregationResult, page: criteria.page, limit: criteria.limit,
    elements: page.map((r) => s.product(r.id)).filter((p): p is JsonObject => p !== null), apiAlias: 'dal_entity_search_result',
  }
}

export function requireCategory(s: Serializer, id: string): void {
  if (!s.row('SELECT 1 AS ok FROM category WHERE id = ? AND active = 1', id)) throw errors.categoryNotFound(id)
}
