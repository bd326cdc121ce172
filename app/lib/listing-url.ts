// The listing state lives in the URL with the Store API's own parameter names, so a filtered view
// can be shared, works without JS and is forwarded to the store as is. `tag` and `available` are
// ours: the Store API has no listing parameter for them, they become criteria filters.
import { HEX_ID } from '~/lib/hex-id'

export const PAGE_SIZES = [10, 25, 50] as const
export const DEFAULT_LIMIT = 10
/** Shopware's standard sortings; anything else would make the store answer 404, so it is dropped. */
export const SORT_KEYS = ['name-asc', 'name-desc', 'price-asc', 'price-desc', 'topseller', 'score'] as const
export type SortKey = (typeof SORT_KEYS)[number]
const MAX_PAGE = 1000
const MAX_TERM = 100

export interface ListingQuery {
  p: number
  limit: number
  order?: SortKey
  manufacturer: string[]
  properties: string[]
  minPrice?: number
  maxPrice?: number
  rating?: number
  shippingFree: boolean
  tag: string[]
  available: boolean
  search?: string
}

export type FilterKind = 'manufacturer' | 'properties' | 'tag'


// Plain checks instead of a schema library: this module runs in every listing's first load.
type Parse<T> = (raw: string) => T | undefined

/** Number() as zod's coerce reads it: a finite number, or nothing. */
function numberIn(min: number, max: number, integer: boolean): Parse<number> {
  return (raw) => {
    const n = Number(raw)
    if (!Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) return undefined
    return n
  }
}

function oneOf<T extends string>(choices: readonly T[]): Parse<T> {
  return (raw) => ((choices as readonly string[]).includes(raw) ? (raw as T) : undefined)
}

const page: Parse<number> = (raw) => {
  const n = numberIn(1, Number.MAX_SAFE_INTEGER, true)(raw)
  return n === undefined ? undefined : Math.min(n, MAX_PAGE)
}
const limit: Parse<number> = (raw) => {
  const n = numberIn(-Infinity, Infinity, true)(raw)
  return n !== undefined && (PAGE_SIZES as readonly number[]).includes(n) ? n : undefined
}
const order = oneOf(SORT_KEYS)
const price = numberIn(0, 10_000_000, false)
const rating = numberIn(1, 5, true)
const flag = oneOf(['1', 'true', 'on'] as const)

function value<T>(parse: Parse<T>, raw: string | null): T | undefined {
  if (raw === null || raw.trim() === '') return undefined
  return parse(raw.trim())
}

/** Ids from repeated parameters (checkboxes) and from `|`-joined ones (links, Store API form). */
function ids(params: URLSearchParams, name: string): string[] {
  const all = params.getAll(name).flatMap((v) => v.split('|')).map((v) => v.trim().toLowerCase())
  return [...new Set(all.filter((v) => HEX_ID.test(v)))].slice(0, 50)
}

/** Reads the listing state from a URL's search parameters; invalid values are dropped or clamped. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const query: ListingQuery = {
    p: value(page, params.get('p')) ?? 1,
    limit: value(limit, params.get('limit')) ?? DEFAULT_LIMIT,
    manufacturer: ids(params, 'manufacturer'),
    properties: ids(params, 'properties'),
    shippingFree: value(flag, params.get('shipping-free')) !== undefined,
    tag: ids(params, 'tag'),
    available: value(flag, params.get('available')) !== undefined,
  }
  const o = value(order, params.get('order'))
  if (o) query.order = o
  let min = value(price, params.get('min-price'))
  let max = value(price, params.get('max-price'))
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
  if (min !== undefined) query.minPrice = min
  if (max !== undefined) query.maxPrice = max
  const r = value(rating, params.get('rating'))
  if (r !== undefined) query.rating = r
  const term = params.get('search')?.replace(/\s+/g, ' ').trim().slice(0, MAX_TERM)
  if (term) query.search = term
  return query
}

/** True when the view differs from the plain listing by a filter or a chosen sorting (not by page or size). */
export function isFiltered(query: ListingQuery): boolean {
  return hasFilters(query) || query.order !== undefined
}

export function hasFilters(query: ListingQuery): boolean {
  return (
    query.manufacturer.length > 0 ||
    query.properties.length > 0 ||
    query.tag.length > 0 ||
    query.minPrice !== undefined ||
    query.maxPrice !== undefined ||
    query.rating !== undefined ||
    query.shippingFree ||
    query.available
  )
}

type CriteriaFilter = { type: 'equalsAny'; field: string; value: string[] } | { type: 'equals'; field: string; value: boolean }

const SMALLEST_PRICE = 0.01

/** The Store API request body of a listing or search for this state. */
export function listingCriteria(query: ListingQuery): Record<string, unknown> {
  const body: Record<string, unknown> = { p: query.p, limit: query.limit }
  if (query.order) body.order = query.order
  if (query.manufacturer.length) body.manufacturer = query.manufacturer.join('|')
  if (query.properties.length) body.properties = query.properties.join('|')
  if (query.minPrice !== undefined) body['min-price'] = query.minPrice
  if (query.maxPrice !== undefined) {
    body['max-price'] = query.maxPrice
    // A price range asks for a known price. Products with their price on request are stored at 0 (Shopware
    // has no such state), so a maximum alone starts at the smallest amount instead of including them.
    if (!(query.minPrice !== undefined && query.minPrice > 0)) body['min-price'] = SMALLEST_PRICE
  }
  if (query.rating !== undefined) body.rating = query.rating
  if (query.shippingFree) body['shipping-free'] = true
  if (query.search) body.search = query.search
  const filter: CriteriaFilter[] = []
  if (query.tag.length) filter.push({ type: 'equalsAny', field: 'tags.id', value: query.tag })
  if (query.available) filter.push({ type: 'equals', field: 'available', value: true })
  if (filter.length) body.filter = filter
  // Each facet then offers only what the other filters leave (a chosen manufacturer's lengths, the
  // makers of a chosen size), never narrowed by its own choice: Shopware's `reduce-aggregations`.
  if (hasFilters(query)) body['reduce-aggregations'] = true
  // Shopware's listing has no tag facet of its own; the DAL's entity aggregation lists the tags of the products.
  body.aggregations = [tagAggregation]
  return body
}

const tagAggregation = { name: 'tags', type: 'entity', field: 'tagIds', definition: 'tag' } as const

/** The URL search string ('' or '?…') of a state, parameters in a fixed order, defaults left out. */
export function listingSearch(query: ListingQuery): string {
  const params = new URLSearchParams()
  if (query.search) params.set('search', query.search)
  if (query.order) params.set('order', query.order)
  if (query.manufacturer.length) params.set('manufacturer', query.manufacturer.join('|'))
  if (query.properties.length) params.set('properties', query.properties.join('|'))
  if (query.tag.length) params.set('tag', query.tag.join('|'))
  if (query.minPrice !== undefined) params.set('min-price', String(query.minPrice))
  if (query.maxPrice !== undefined) params.set('max-price', String(query.maxPrice))
  if (query.rating !== undefined) params.set('rating', String(query.rating))
  if (query.shippingFree) params.set('shipping-free', '1')
  if (query.available) params.set('available', '1')
  if (query.limit !== DEFAULT_LIMIT) params.set('limit', String(query.limit))
  if (query.p > 1) params.set('p', String(query.p))
  const s = params.toString()
  return s ? `?${s}` : ''
}

export function listingHref(pathname: string, query: ListingQuery): string {
  return `${pathname}${listingSearch(query)}`
}

// Changing what is shown (filters, sorting, page size) starts again at page 1.

export function withPage(query: ListingQuery, p: number): ListingQuery {
  return { ...query, p: Math.max(1, Math.min(MAX_PAGE, Math.trunc(p))) }
}

export function withOrder(query: ListingQuery, order: SortKey | undefined): ListingQuery {
  const next: ListingQuery = { ...query, p: 1 }
  if (order) next.order = order
  else delete next.order
  return next
}

export function withLimit(query: ListingQuery, limit: number): ListingQuery {
  return { ...query, p: 1, limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT }
}

export function toggleFilter(query: ListingQuery, kind: FilterKind, id: string): ListingQuery {
  const list = query[kind]
  return { ...query, p: 1, [kind]: list.includes(id) ? list.filter((v) => v !== id) : [...list, id] }
}

export type RemovableFilter =
  | { kind: FilterKind; id: string }
  | { kind: 'min-price' | 'max-price' | 'rating' | 'shipping-free' | 'available' }

export function withoutFilter(query: ListingQuery, filter: RemovableFilter): ListingQuery {
  const next: ListingQuery = { ...query, p: 1 }
  switch (filter.kind) {
    case 'manufacturer':
    case 'properties':
    case 'tag':
      next[filter.kind] = query[filter.kind].filter((v) => v !== filter.id)
      break
    case 'min-price':
      delete next.minPrice
      break
    case 'max-price':
      delete next.maxPrice
      break
    case 'rating':
      delete next.rating
      break
    case 'shipping-free':
      next.shippingFree = false
      break
    case 'available':
      next.available = false
      break
  }
  return next
}

/** Every filter removed; the search term, sorting and page size stay. */
export function withoutFilters(query: ListingQuery): ListingQuery {
  const next: ListingQuery = { ...query, p: 1, manufacturer: [], properties: [], tag: [], shippingFree: false, available: false }
  delete next.minPrice
  delete next.maxPrice
  delete next.rating
  return next
}
