import type { operations, Schemas } from '@shopware/api-client/api-types'
import type { FacetOption, ListingFacets, ListingProduct, ListingView } from '~/components/listing/types'
import type { LoadContext } from '~/load-context'
import { productHref, safeExternalUrl, safeMediaUrl } from '~/lib/links'
import { availability as stockAvailability } from '~/lib/product'
import { listingCriteria, SORT_KEYS, type ListingQuery, type SortKey } from '~/lib/listing-url'
import type { Locale } from '~/lib/locale'
import { cardPriceFields, pieceCalculatedPrice, shownPrice } from '~/lib/price'
import { getStore, type Store } from './client.server'
import { navigationCategoryId } from './context.server'

type Product = Schemas['Product']
type ListingResult = Schemas['ProductListingResult']
type ListingBody = operations['readProductListing post /product-listing/{categoryId}']['body']
type StoreContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

// Only what a product card needs; listing payloads otherwise carry every association.
export const listingIncludes = {
  product: [
    'id', 'name', 'translated', 'productNumber', 'cover', 'seoUrls', 'calculatedPrice', 'calculatedCheapestPrice',
    'calculatedPrices', 'customFields', 'available', 'availableStock', 'isCloseout', 'restockTime', 'childCount',
  ],
  product_media: ['media'],
  media: ['url', 'alt', 'title', 'translated', 'metaData'],
  seo_url: ['seoPathInfo', 'isCanonical', 'routeName'],
  // The filter panel's facets, the sort select and the manufacturer page's header; without these the
  // property aggregation alone is most of a listing answer (every field of every group and option).
  product_manufacturer: ['id', 'name', 'translated', 'description', 'link', 'media'],
  property_group: ['id', 'name', 'translated', 'options'],
  property_group_option: ['id', 'name', 'translated'],
  product_sorting: ['key', 'label', 'translated'],
  // A card's price: taxes and tax rules are a third of every price object and no card shows them.
  calculated_price: ['unitPrice', 'quantity', 'listPrice'],
  calculated_cheapest_price: ['unitPrice', 'quantity', 'listPrice', 'hasRange'],
}

const seoHeaders = { 'sw-include-seo-urls': true } as const

/** The Store API body of a listing or search request for this URL state. */
export function listingBody(query: ListingQuery): ListingBody {
  return { ...listingCriteria(query), includes: listingIncludes } as ListingBody
}

/**
 * The listing part of a `POST /category/{id}` body: the CMS product-listing slot reads it. Includes name
 * only the listing's entity types; the layout's (cms_page, cms_section, cms_block, cms_slot, category)
 * pass whole, as Shopware's ResponseFields allows every field of a type the includes do not name.
 */
export function categoryListingBody(query: ListingQuery): Schemas['Criteria'] {
  return { ...listingCriteria(query), includes: listingIncludes } as Schemas['Criteria']
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v)

// The product page's rules (app/lib/product.ts), so a card never disagrees with the buy box.
function availability(p: Partial<Product>): ListingProduct['availability'] {
  const a = stockAvailability(p)
  switch (a.state) {
    case 'restock':
      return { state: 'restock', restockDays: a.days }
    case 'limited':
      return { state: 'low', stock: a.quantity }
    case 'not-available':
      return { state: 'unavailable' }
    default:
      return { state: 'available' }
  }
}

const compactNumber = (value: string) => value.toLowerCase().replace(/[\s._/-]+/g, '')

/**
 * Whether a search term names this article number: a word of it with a digit and 4 characters or
 * more is part of the number, ignoring case and separators ("100" in "Nordholz K 100" names no number).
 */
function termNamesNumber(term: string, number: string): boolean {
  const compact = compactNumber(number)
  return term.split(/\s+/).some((word) => {
    const part = compactNumber(word)
    return part.length >= 4 && /\d/.test(part) && compact.includes(part)
  })
}

function productCard(p: Partial<Product>, locale: Locale, term?: string): ListingProduct | undefined {
  const name = p.translated?.name || p.name
  if (!p.id || !name) return undefined
  const custom = ((p.translated as { customFields?: Json } | undefined)?.customFields ?? p.customFields) as Json | undefined
  const priced = cardPriceFields(p)
  const priceOnRequest = custom?.forst_price_on_request === true || !priced
  const card: ListingProduct = {
    id: p.id,
    name,
    productNumber: p.productNumber ?? '',
    href: productHref(locale, { id: p.id, seoUrls: p.seoUrls }),
    fromPrice: false,
    priceOnRequest,
    availability: availability(p),
    ...(priceOnRequest ? {} : priced),
  }
  // A hit by its original article number says so: the shopper typed a number the card would not show.
  const original = custom?.forst_original_article
  if (term && typeof original === 'string' && termNamesNumber(term, original) && !termNamesNumber(term, card.productNumber)) {
    card.matchedOriginal = original
  }
  const media = p.cover?.media
  const url = media?.url && safeMediaUrl(media.url)
  if (media && url) {
    card.image = {
      url,
      alt: media.translated?.alt || media.alt || '',
      width: media.metaData?.width ?? 800,
      height: media.metaData?.height ?? 800,
    }
  }
  return card
}

function option(entity: unknown, active: readonly string[]): FacetOption | undefined {
  if (!isObject(entity) || typeof entity.id !== 'string') return undefined
  const translated = isObject(entity.translated) ? entity.translated : {}
  const name = (typeof translated.name === 'string' && translated.name) || (typeof entity.name === 'string' ? entity.name : '')
  return name ? { id: entity.id, name, active: active.includes(entity.id) } : undefined
}

function options(list: unknown, active: readonly string[]): FacetOption[] {
  return Array.isArray(list) ? list.map((e) => option(e, active)).filter((o): o is FacetOption => !!o) : []
}

function facets(aggregations: unknown, query: ListingQuery): ListingFacets {
  const aggs = isObject(aggregations) ? aggregations : {}
  const entities = (name: string) => (isObject(aggs[name]) ? (aggs[name] as Json).entities : undefined)
  const result: ListingFacets = {
    manufacturers: options(entities('manufacturer'), query.manufacturer).sort((a, b) => a.name.localeCompare(b.name)),
    properties: (Array.isArray(entities('properties')) ? (entities('properties') as unknown[]) : [])
      .map((group) => {
        const g = option(group, [])
        if (!g || !isObject(group)) return undefined
        return { id: g.id, name: g.name, options: options(group.options, query.properties) }
      })
      .filter((g): g is ListingFacets['properties'][number] => !!g && g.options.length > 0),
    tags: options(entities('tags'), query.tag),
    shippingFree: isObject(aggs['shipping-free']) && String(aggs['shipping-free'].max) === '1',
  }
  const price = isObject(aggs.price) ? aggs.price : undefined
  const min = Number(price?.min)
  const max = Number(price?.max)
  if (price && Number.isFinite(min) && Number.isFinite(max) && max > 0) {
    result.price = { min: Math.floor(min), max: Math.ceil(max) }
  }
  const rating = isObject(aggs.rating) ? Number(aggs.rating.max) : NaN
  if (Number.isFinite(rating) && rating > 0) result.maxRating = Math.min(5, Math.floor(rating))
  return result
}

function isSortKey(key: unknown): key is SortKey {
  return typeof key === 'string' && (SORT_KEYS as readonly string[]).includes(key)
}

/** The render model of a Store API listing result for the URL state it was asked with. */
export function toListingView(result: Partial<ListingResult>, query: ListingQuery, locale: Locale): ListingView {
  const products = (result.elements ?? []).map((p) => productCard(p, locale, query.search)).filter((p): p is ListingProduct => !!p)
  const total = typeof result.total === 'number' ? result.total : products.length
  const limit = typeof result.limit === 'number' && result.limit > 0 ? result.limit : query.limit
  const view: ListingView = {
    products,
    total,
    page: typeof result.page === 'number' ? result.page : query.p,
    limit,
    pages: Math.max(1, Math.ceil(total / limit)),
    sortings: (result.availableSortings ?? [])
      .filter((s) => isSortKey(s.key))
      .map((s) => ({ key: s.key as SortKey, label: s.translated?.label || s.label || s.key })),
    order: typeof result.sorting === 'string' ? result.sorting : (query.order ?? ''),
    facets: facets(result.aggregations, query),
    query,
    filterNames: {},
  }
  const f = view.facets
  for (const o of [...f.manufacturers, ...f.tags, ...f.properties.flatMap((g) => g.options)]) {
    if (o.active) view.filterNames[o.id] = o.name
  }
  return view
}

const VARIANT_PAGE = 100
// A listing page has at most 100 families; more than 1,000 variants of those would be an odd catalogue.
const MAX_VARIANT_PAGES = 10

/**
 * With a minimum price filter, a family's "from" price (its cheapest variant overall) can lie below
 * the range the shopper asked for, although the store listed the family for a variant inside it.
 * Such cards show the cheapest variant inside the range instead ("from", as more variants may be).
 * Only those families' variants are read, in one request after the listing (it needs its result).
 */
export async function fitCardPricesToRange(store: Store, view: ListingView): Promise<ListingView> {
  const min = view.query.minPrice
  if (min === undefined) return view
  const max = view.query.maxPrice !== undefined && view.query.maxPrice > 0 ? view.query.maxPrice : Infinity
  const below = view.products.filter((p) => p.price !== undefined && p.price < min)
  if (!below.length) return view
  // The store answers at most 100 products a request: the first page tells how many more to ask for at once.
  const variantPage = async (page: number) => {
    const { data } = await store.invoke('readProduct post /product', {
      body: {
        // The Store API types a list as one '|'-separated string, as Shopware accepts it.
        filter: [{ type: 'equalsAny', field: 'parentId', value: below.map((p) => p.id).join('|') }],
        includes: { product: ['id', 'parentId', 'calculatedPrice', 'calculatedPrices'] },
        limit: VARIANT_PAGE,
        page,
        'total-count-mode': page === 1 ? 'exact' : 'none',
      },
    })
    return data
  }
  const first = await variantPage(1)
  const pages = Math.min(MAX_VARIANT_PAGES, Math.ceil((first.total ?? 0) / VARIANT_PAGE))
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => variantPage(i + 2)))
  const variants = [first, ...rest].flatMap((page) => page.elements ?? [])
  const best = new Map<string, NonNullable<ReturnType<typeof shownPrice>>>()
  for (const variant of variants) {
    // The store filters on a variant's price for one piece, so that is the price compared here.
    const shown = shownPrice(pieceCalculatedPrice(variant))
    if (!variant.parentId || !shown || shown.unitPrice < min || shown.unitPrice > max) continue
    const current = best.get(variant.parentId)
    if (!current || shown.unitPrice < current.unitPrice) best.set(variant.parentId, shown)
  }
  const products = view.products.map((product) => {
    const shown = best.get(product.id)
    if (!shown) return product
    const { listPrice: _list, savingPercent: _saving, ...rest } = product
    return { ...rest, ...shown, price: shown.unitPrice, fromPrice: true }
  })
  return { ...view, products }
}

/** One page of a category's products (the navigation root lists the whole catalogue). */
async function categoryListing(store: Store, categoryId: string, query: ListingQuery) {
  const { data } = await store.invoke('readProductListing post /product-listing/{categoryId}', {
    pathParams: { categoryId },
    headers: seoHeaders,
    body: listingBody(query),
  })
  return data
}

export async function loadCategoryListing(
  context: StoreContext,
  request: Request,
  locale: Locale,
  categoryId: string,
  query: ListingQuery,
): Promise<ListingView> {
  const store = getStore(context, request, locale)
  return fitCardPricesToRange(store, toListingView(await categoryListing(store, categoryId, query), query, locale))
}

/** Search results; undefined for a missing or empty term (the page then shows the search form). */
export async function loadSearch(
  context: StoreContext,
  request: Request,
  locale: Locale,
  query: ListingQuery,
): Promise<ListingView | undefined> {
  if (!query.search) return undefined
  const store = getStore(context, request, locale)
  const { data } = await store.invoke('searchPage post /search', {
    headers: seoHeaders,
    body: { ...listingBody(query), search: query.search },
  })
  return fitCardPricesToRange(store, toListingView(data, query, locale))
}

export interface Suggestion {
  id: string
  name: string
  productNumber: string
  href: string
  image?: ListingProduct['image']
  matchedOriginal?: string
}

export interface Suggestions {
  term: string
  total: number
  products: Suggestion[]
}

/** Up to `limit` products for the search field's suggestions; an empty list for terms under 2 characters. */
export async function loadSuggestions(
  context: StoreContext,
  request: Request,
  locale: Locale,
  rawTerm: string,
  limit = 6,
): Promise<Suggestions> {
  const term = rawTerm.replace(/\s+/g, ' ').trim().slice(0, 100)
  if (term.length < 2) return { term, total: 0, products: [] }
  const store = getStore(context, request, locale)
  const { data } = await store.invoke('searchSuggest post /search-suggest', {
    // Shopware reads the header on every product route; the schema only lists it for some.
    headers: { 'sw-include-seo-urls': 'true' } as Record<string, string>,
    body: { search: term, limit, includes: listingIncludes } as operations['searchSuggest post /search-suggest']['body'],
  })
  const products = (data.elements ?? [])
    .map((p) => productCard(p, locale, term))
    .filter((p): p is ListingProduct => !!p)
    .map(({ id, name, productNumber, href, image, matchedOriginal }) => ({
      id,
      name,
      productNumber,
      href,
      ...(image ? { image } : {}),
      ...(matchedOriginal ? { matchedOriginal } : {}),
    }))
  return { term, total: typeof data.total === 'number' ? data.total : products.length, products }
}

export interface ManufacturerView {
  id: string
  name: string
  description?: string
  link?: string
  logo?: { url: string; alt: string; width: number; height: number }
}

function manufacturer(entity: unknown): ManufacturerView | undefined {
  if (!isObject(entity) || typeof entity.id !== 'string') return undefined
  const m = entity as Partial<Schemas['ProductManufacturer']>
  const name = m.translated?.name || m.name
  if (!name || !m.id) return undefined
  const view: ManufacturerView = { id: m.id, name }
  const description = m.translated?.description || m.description
  if (description) view.description = description
  const link = safeExternalUrl(m.translated?.link || m.link)
  if (link) view.link = link
  const media = m.media
  const url = media?.url && safeMediaUrl(media.url)
  if (media && url) {
    view.logo = { url, alt: media.translated?.alt || media.alt || name, width: media.metaData?.width ?? 400, height: media.metaData?.height ?? 200 }
  }
  return view
}

function manufacturersOf(result: Partial<ListingResult>): ManufacturerView[] {
  const raw: unknown = result.aggregations
  const aggs: Json = isObject(raw) ? raw : {}
  const list = isObject(aggs.manufacturer) ? aggs.manufacturer.entities : undefined
  return (Array.isArray(list) ? list.map(manufacturer).filter((m): m is ManufacturerView => !!m) : []).sort((a, b) =>
    a.name.localeCompare(b.name),
  )
}

/** Every manufacturer with products in the catalogue, from the listing's manufacturer facet. */
export async function loadManufacturers(context: StoreContext, request: Request, locale: Locale): Promise<ManufacturerView[]> {
  const store = getStore(context, request, locale)
  const rootId = await navigationCategoryId(store)
  const { data } = await store.invoke('readProductListing post /product-listing/{categoryId}', {
    pathParams: { categoryId: rootId },
    body: { 'only-aggregations': '1' },
  })
  return manufacturersOf(data)
}

/**
 * A manufacturer and its products: the catalogue listing fixed to that manufacturer. As with any
 * filter, the facets offer only what the manufacturer filter leaves (`reduce-aggregations`, see
 * listingCriteria), so the panel offers this manufacturer's properties and price range, not the whole
 * catalogue's; the manufacturer facet ignores its own filter, so the same answer names the
 * manufacturer. Undefined when it has no products (or does not exist).
 */
export async function loadManufacturerPage(
  context: StoreContext,
  request: Request,
  locale: Locale,
  id: string,
  query: ListingQuery,
): Promise<{ manufacturer: ManufacturerView; listing: ListingView } | undefined> {
  const store = getStore(context, request, locale)
  const rootId = await navigationCategoryId(store)
  // The page fixes the manufacturer: a `manufacturer` parameter in its URL has no say.
  const pageQuery: ListingQuery = { ...query, manufacturer: [] }
  const data = await categoryListing(store, rootId, { ...pageQuery, manufacturer: [id] })
  const found = manufacturersOf(data).find((m) => m.id === id)
  if (!found) return undefined
  const listing = await fitCardPricesToRange(store, toListingView(data, pageQuery, locale))
  listing.facets.manufacturers = []
  listing.fixed = { manufacturer: id }
  return { manufacturer: found, listing }
}
