import type { Schemas } from '@shopware/api-client/api-types'
import sanitizeHtml from 'sanitize-html'
import type { CmsProduct } from '~/components/cms/types'
import type { LoadContext } from '~/load-context'
import { productHref, safeMediaUrl, seoPath } from '~/lib/links'
import { languageTags, localizePath, locales, type Locale } from '~/lib/locale'
import {
  availability,
  purchaseRules,
  schemaAvailability,
  tierPrices,
  type Availability,
  type PurchaseRules,
  type TierPrice,
} from '~/lib/product'
import { pieceCalculatedPrice, shownPrice } from '~/lib/price'
import { absoluteUrl, productJsonLd, type ProductJsonLdInput } from '~/lib/seo'
import type { Breadcrumb, SeoData } from '~/lib/shell-types'
import { getT } from '~/i18n.server'
import { readLastViewed } from '~/session/last-viewed.server'
import { getStore, type Store } from './client.server'
import { sanitizeCmsHtml, toCmsProduct } from './cms.server'
import { categoryTrail, toBreadcrumbs } from './breadcrumb.server'
import { alternatePaths } from './content.server'
import { cardIncludes, crossSellingIncludes, productDetailBody } from './product-criteria.server'
import { isNotFound } from './errors.server'
import { readNavigationTrees, type NavigationTrees } from './shell.server'

type Product = Schemas['Product']
type Media = Schemas['Media']
type ProductContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog' | 'publicUrl'>

/** The custom fields the product page shows, in this order, with the store's field names. */
export const detailFields = {
  suitableFor: 'forst_suitable_for',
  scopeOfDelivery: 'forst_scope_of_delivery',
  machineType: 'forst_machine_type',
  machineManufacturer: 'forst_machine_manufacturer',
  craneType: 'forst_crane_type',
  craneManufacturer: 'forst_crane_manufacturer',
  originalArticle: 'forst_original_article',
  followUpArticle: 'forst_follow_up_article',
  predecessorModels: 'forst_predecessor_models',
} as const
export type DetailKey = keyof typeof detailFields

export const PRICE_ON_REQUEST_FIELD = 'forst_price_on_request'

export interface ProductImageData {
  src: string
  alt: string
  width: number
  height: number
}

export interface ProductDetail {
  key: DetailKey
  value: string
  /** Only the follow-up article links somewhere (see followUpHref). */
  href?: string
}

export interface VariantOption {
  id: string
  name: string
  selected: boolean
  /** The variant's own page; absent when no variant has this option next to the other choices. */
  href?: string
}

export interface VariantGroup {
  id: string
  name: string
  options: VariantOption[]
}

export interface ProductPrice {
  onRequest: boolean
  /** Net unit price for one piece (absent on request): the customer group's price when it has one. */
  unitPrice?: number
  /** The higher price it replaces, struck through: a reseller's normal price, else a former price. */
  listPrice?: number
  /** Percentage saved against the list price. */
  savingPercent?: number
  tiers: TierPrice[]
}

export interface ProductReviewView {
  id: string
  title: string
  content: string
  points: number
  date?: string
  author?: string
  /** The review's language as an HTML language tag, when it is not the page's (reviews are shown in every language). */
  lang?: string
  /** The logged-in customer's own review, not approved yet (only its author reads it), of this product or a variant. */
  pending?: { productId: string }
}

export interface ProductView {
  /** The product shown: for a parent URL its best variant, as Shopware's detail route answers. */
  id: string
  /** The id in the page's URL (a parent, a variant or a simple product); cart and last-viewed use `id`. */
  pageId: string
  parentId?: string
  productNumber: string
  name: string
  ean?: string
  descriptionHtml?: string
  images: ProductImageData[]
  properties: { group: string; values: string[] }[]
  details: ProductDetail[]
  weightKg?: number
  shippingFree: boolean
  manufacturer?: { id: string; name: string; href: string; logo?: ProductImageData }
  downloads: { title: string; href: string }[]
  variants: VariantGroup[]
  price: ProductPrice
  availability: Availability
  deliveryTime?: string
  rules: PurchaseRules
  reviews: { average?: number; count: number; items: ProductReviewView[] }
  crossSellings: { id: string; name: string; products: CmsProduct[] }[]
  lastViewed: CmsProduct[]
}

export interface ProductPageData {
  product: ProductView
  metaTitle: string
  metaDescription?: string
  /** Canonical path in the page locale. */
  path: string
  alternates: Partial<Record<Locale, string>>
  breadcrumbs: Breadcrumb[]
}

// readProduct's typed headers omit it, but Shopware's /product honours sw-include-seo-urls like the detail route.
const seoUrlsHeader = { 'sw-include-seo-urls': 'true' } as Record<string, string>

type Json = Record<string, unknown>
function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

/** A custom field's value as text (lists joined); nothing for empty values. */
export function fieldText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) {
    const parts = value.map(fieldText).filter((v): v is string => !!v)
    return parts.length ? parts.join(', ') : undefined
  }
  return undefined
}

/** The product's custom fields, the translated values over the untranslated ones. */
export function customFields(product: Partial<Product>): Json {
  const own = isObject(product.customFields) ? product.customFields : {}
  // The schema's `translated` type omits customFields, which Shopware does return (translated values).
  const translatedFields: unknown = (product.translated as unknown as { customFields?: unknown } | undefined)?.customFields
  const translated = isObject(translatedFields) ? translatedFields : {}
  return { ...own, ...translated }
}

export function isPriceOnRequest(product: Partial<Product>): boolean {
  return customFields(product)[PRICE_ON_REQUEST_FIELD] === true
}

function imageOf(media: Partial<Media> | undefined, fallbackAlt: string): ProductImageData | undefined {
  const src = media?.url && safeMediaUrl(media.url)
  if (!src) return undefined
  return {
    src,
    alt: media.translated?.alt || media.alt || fallbackAlt,
    width: media.metaData?.width ?? 800,
    height: media.metaData?.height ?? 800,
  }
}

/** A product tile for cross-selling and last viewed: the CMS card, never with a price for a price-on-request product. */
export function toProductCard(product: Partial<Product>, locale: Locale): CmsProduct | undefined {
  const card = toCmsProduct(product, locale)
  if (card && isPriceOnRequest(product)) delete card.price
  return card
}

function images(product: Product): ProductImageData[] {
  const name = product.translated?.name || product.name
  const list = [...(product.media ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
  const coverFirst = product.coverId ? [...list.filter((m) => m.id === product.coverId), ...list.filter((m) => m.id !== product.coverId)] : list
  const result = coverFirst.map((m) => imageOf(m.media, name)).filter((m): m is ProductImageData => !!m)
  if (!result.length) {
    const cover = imageOf(product.cover?.media, name)
    if (cover) result.push(cover)
  }
  return result
}

/** Property groups with their options, in the store's order (groups hidden on the product page stay hidden). */
export function productProperties(product: Product): ProductView['properties'] {
  const groups = new Map<string, { position: number; name: string; values: { position: number; name: string }[] }>()
  for (const option of product.properties ?? []) {
    const group = option.group
    if (!group || group.visibleOnProductDetailPage === false) continue
    const entry = groups.get(group.id) ?? { position: group.position ?? 0, name: group.translated?.name || group.name, values: [] }
    entry.values.push({ position: option.position ?? 0, name: option.translated?.name || option.name })
    groups.set(group.id, entry)
  }
  return [...groups.values()]
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((g) => ({ group: g.name, values: g.values.sort((a, b) => a.position - b.position).map((v) => v.name) }))
}

/**
 * The follow-up article links to the search for its product number instead of to the product
 * itself: resolving its URL needs the custom field first, which would make a third round of store
 * calls on every such page. The search answers a product number with exactly that product.
 */
export function followUpHref(locale: Locale, productNumber: string): string {
  return `${localizePath(locale, '/search')}?${new URLSearchParams({ search: productNumber }).toString()}`
}

function details(product: Product, locale: Locale): ProductDetail[] {
  const fields = customFields(product)
  const result: ProductDetail[] = []
  for (const [key, field] of Object.entries(detailFields) as [DetailKey, string][]) {
    const value = fieldText(fields[field])
    if (!value) continue
    result.push(key === 'followUpArticle' ? { key, value, href: followUpHref(locale, value) } : { key, value })
  }
  return result
}

function price(product: Product): ProductPrice {
  const shown = shownPrice(pieceCalculatedPrice(product))
  if (isPriceOnRequest(product) || !shown) return { onRequest: true, tiers: [] }
  return { onRequest: false, ...shown, tiers: tierPrices(product.calculatedPrices) }
}

type FamilyMember = Pick<Product, 'id' | 'optionIds' | 'seoUrls'>

/**
 * Each option links to the variant that has it together with the shown variant's choices in the
 * other groups; when no variant has that exact combination, to the variant sharing the most choices
 * (as Shopware's find-variant does after a switched group).
 */
export function variantGroups(
  configurator: Schemas['PropertyGroup'][] | undefined,
  current: string[],
  family: FamilyMember[],
  locale: Locale,
): VariantGroup[] {
  if (!configurator?.length || !family.length) return []
  const selected = new Set(current)
  return configurator.map((group) => {
    const options = group.options ?? []
    const groupOptionIds = new Set(options.map((o) => o.id))
    const others = current.filter((id) => !groupOptionIds.has(id))
    return {
      id: group.id,
      name: group.translated?.name || group.name,
      options: options.map((option): VariantOption => {
        const candidates = family.filter((member) => (member.optionIds ?? []).includes(option.id))
        let best: FamilyMember | undefined
        let bestScore = -1
        for (const member of candidates) {
          const score = others.filter((id) => (member.optionIds ?? []).includes(id)).length
          if (score > bestScore) {
            best = member
            bestScore = score
          }
        }
        const result: VariantOption = { id: option.id, name: option.translated?.name || option.name, selected: selected.has(option.id) }
        if (best) result.href = productHref(locale, { id: best.id, seoUrls: best.seoUrls })
        return result
      }),
    }
  })
}

/** The HTML language tag of each of the shop's languages, by the store's language id (the shared, cached languages read). */
async function languageTagsById(store: Store): Promise<(languageId: string | undefined) => string | undefined> {
  const ids = await Promise.all(locales.map((l) => store.languageId(l)))
  const byId = new Map(ids.flatMap((id, index) => (id ? [[id, languageTags[locales[index]!]] as const] : [])))
  return (languageId) => (languageId ? byId.get(languageId) : undefined)
}

function reviews(
  product: Product,
  result: ReviewResult,
  languageTagOf: (languageId: string | undefined) => string | undefined,
  locale: Locale,
): ProductView['reviews'] {
  const items = (result.elements ?? []).map((r): ProductReviewView => {
    const item: ProductReviewView = { id: r.id, title: r.title, content: r.content, points: r.points ?? 0 }
    if (r.createdAt) item.date = r.createdAt
    if (r.externalUser) item.author = r.externalUser
    const lang = languageTagOf(r.languageId)
    if (lang && lang !== languageTags[locale]) item.lang = lang
    if (r.status === false) item.pending = { productId: r.productId }
    return item
  })
  // The summary counts what everyone sees: the author's pending review is listed, not counted.
  const approved = items.filter((r) => !r.pending)
  const count = typeof result.totalReviews === 'number' ? result.totalReviews : (result.total ?? items.length) - (items.length - approved.length)
  const average =
    typeof product.ratingAverage === 'number' && product.ratingAverage > 0
      ? product.ratingAverage
      : approved.length
        ? approved.reduce((sum, r) => sum + r.points, 0) / approved.length
        : undefined
  return average !== undefined && count > 0 ? { average: Math.round(average * 10) / 10, count, items } : { count, items }
}

function plainText(html: string | undefined): string | undefined {
  if (!html) return undefined
  const value = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
  return value ? value.slice(0, 300) : undefined
}

async function productCards(store: Store, ids: string[], locale: Locale): Promise<CmsProduct[]> {
  if (!ids.length) return []
  const { data } = await store.invoke('readProduct post /product', {
    headers: seoUrlsHeader,
    body: { ids, limit: ids.length, associations: { cover: {} }, includes: cardIncludes },
  })
  const byId = new Map((data.elements ?? []).map((p) => [p.id, p]))
  // Keep the cookie's order (newest first); the store answers in its own order.
  return ids.map((id) => byId.get(id)).flatMap((p) => (p ? [toProductCard(p, locale)].filter((c): c is CmsProduct => !!c) : []))
}

type ReviewResult = Schemas['EntitySearchResult'] & { elements?: Schemas['ProductReview'][]; totalReviews?: number }
type SlotData = { reviews?: ReviewResult; crossSellings?: Schemas['CrossSellingElementCollection'] }

/** The data of the layout's first slot of a type; undefined when the layout has none (or the store sent no layout). */
function slotData(product: Product, type: string): SlotData | undefined {
  for (const section of product.cmsPage?.sections ?? []) {
    for (const block of section.blocks ?? []) {
      const slot = block.slots?.find((candidate) => candidate.type === type)
      if (slot) return (isObject(slot.data) ? slot.data : {}) as SlotData
    }
  }
  return undefined
}

/**
 * The product page in (after the SEO URL was resolved) one round of parallel store calls: the product
 * with its layout (reviews and cross-selling in its slots) and variant family, the URL in the other
 * languages, the last viewed products. A shop layout without the review or cross-selling slot costs
 * a further round for what it lacks, from the routes. Unknown ids answer 'not-found'. The store prices
 * everything for the session's customer group; who is looking (labels, reseller note) comes from the root loader.
 */
export async function loadProductPage(
  context: ProductContext,
  request: Request,
  locale: Locale,
  id: string,
  path: string,
): Promise<ProductPageData | undefined> {
  const store = getStore(context, request, locale)
  const lastViewedIds = readLastViewed(request).filter((other) => other !== id)

  let detail: Schemas['ProductDetailResponse']
  let reviewResult: ReviewResult
  let crossSellingResult: Schemas['CrossSellingElementCollection']
  let trees: NavigationTrees
  let alternates: Partial<Record<Locale, string>>
  let lastViewed: CmsProduct[]
  let languageTagOf: (languageId: string | undefined) => string | undefined
  try {
    ;[detail, trees, alternates, lastViewed, languageTagOf] = await Promise.all([
      store.invoke('readProductDetail post /product/{productId}', {
        pathParams: { productId: id },
        headers: { 'sw-include-seo-urls': true },
        body: productDetailBody,
      } as never).then((r) => r.data as Schemas['ProductDetailResponse']),
      readNavigationTrees(store),
      alternatePaths(store, 'frontend.detail.page', id, locale, path),
      productCards(store, lastViewedIds, locale),
      languageTagsById(store),
    ])
    const reviewSlot = slotData(detail.product, 'product-description-reviews')
    const crossSellingSlot = slotData(detail.product, 'cross-selling')
    ;[reviewResult, crossSellingResult] = await Promise.all([
      reviewSlot
        ? (reviewSlot.reviews ?? {})
        : store.invoke('readProductReviews post /product/{productId}/reviews', {
            pathParams: { productId: id },
            body: { limit: 10, sort: [{ field: 'createdAt', order: 'DESC' }] },
          }).then((r) => r.data),
      crossSellingSlot
        ? (crossSellingSlot.crossSellings ?? [])
        : store.invoke('readProductCrossSellings post /product/{productId}/cross-selling', {
            pathParams: { productId: id },
            headers: { 'sw-include-seo-urls': true },
            // The route's schema has no body, but Shopware applies `includes` to any store-api answer
            // (StoreApiResponseListener): 5 cards in about 6 KB instead of 36 KB.
            body: { includes: crossSellingIncludes },
          } as never).then((r) => r.data),
    ])
  } catch (err) {
    if (isNotFound(err)) return undefined
    throw err
  }

  const product = detail.product
  const name = product.translated?.name || product.name

  const description = product.translated?.description || product.description
  const view: ProductView = {
    id: product.id,
    pageId: id,
    productNumber: product.productNumber,
    name,
    images: images(product),
    properties: productProperties(product),
    details: details(product, locale),
    shippingFree: product.shippingFree === true,
    downloads: (product.downloads ?? []).flatMap((d) => {
      const href = d.media?.url && safeMediaUrl(d.media.url)
      if (!href) return []
      return [{ title: d.media?.translated?.title || d.media?.title || d.media?.fileName || href, href }]
    }),
    variants: variantGroups(detail.configurator, product.optionIds ?? [], product.parent?.children ?? [], locale),
    price: price(product),
    availability: availability(product),
    rules: purchaseRules(product),
    reviews: reviews(product, reviewResult, languageTagOf, locale),
    crossSellings: crossSellingResult
      .map((element) => ({
        id: element.crossSelling.id,
        name: element.crossSelling.translated?.name || element.crossSelling.name,
        products: element.products.map((p) => toProductCard(p, locale)).filter((c): c is CmsProduct => !!c),
      }))
      .filter((group) => group.products.length > 0),
    lastViewed: lastViewed.filter((card) => card.id !== product.id && card.id !== product.parentId),
  }
  if (product.parentId) view.parentId = product.parentId
  if (product.ean) view.ean = product.ean
  if (description) view.descriptionHtml = sanitizeCmsHtml(description, context.publicUrl)
  if (typeof product.weight === 'number' && product.weight > 0) view.weightKg = product.weight
  const deliveryTime = product.deliveryTime?.translated?.name || product.deliveryTime?.name
  if (deliveryTime) view.deliveryTime = deliveryTime
  const manufacturer = product.manufacturer
  if (manufacturer) {
    const manufacturerName = manufacturer.translated?.name || manufacturer.name
    view.manufacturer = { id: manufacturer.id, name: manufacturerName, href: localizePath(locale, `/manufacturer/${manufacturer.id}`) }
    const logo = imageOf(manufacturer.media, manufacturerName)
    if (logo) view.manufacturer.logo = logo
  }

  // The product's SEO category is chosen as Shopware's CategoryBreadcrumbBuilder chooses it; none: no trail.
  const trail = product.seoCategory ? await categoryTrail(store, product.seoCategory, trees, { id: product.id, type: 'product' }) : undefined
  const breadcrumbs = toBreadcrumbs(trail ?? [], locale)
  breadcrumbs.push({ name, href: path })

  const page: ProductPageData = {
    product: view,
    metaTitle: product.translated?.metaTitle || product.metaTitle || name,
    path,
    alternates,
    breadcrumbs,
  }
  const metaDescription = product.translated?.metaDescription || product.metaDescription || plainText(description)
  if (metaDescription) page.metaDescription = metaDescription
  return page
}

/** Purchase rules and buyability of one product, for validating an add-to-cart request. */
export async function loadPurchaseFacts(
  context: ProductContext,
  request: Request,
  locale: Locale,
  id: string,
): Promise<{ rules: PurchaseRules; buyable: boolean; name: string } | undefined> {
  const store = getStore(context, request, locale)
  const { data } = await store.invoke('readProduct post /product', {
    body: {
      ids: [id],
      limit: 1,
      includes: {
        product: ['id', 'name', 'translated', 'minPurchase', 'purchaseSteps', 'maxPurchase', 'calculatedMaxPurchase', 'customFields', 'childCount', 'calculatedPrice'],
        calculated_price: ['unitPrice'],
      },
    },
  })
  const product = data.elements?.[0]
  if (!product) return undefined
  const buyable = !isPriceOnRequest(product) && !(product.childCount && product.childCount > 0)
  return { rules: purchaseRules(product), buyable, name: product.translated?.name || product.name }
}

/** Title, description, absolute canonical and alternates of a product page. */
export function productSeo(context: Pick<LoadContext, 'publicUrl'>, locale: Locale, page: ProductPageData): SeoData {
  const t = getT(locale, 'common')
  const alternates = Object.fromEntries(
    Object.entries(page.alternates).map(([l, path]) => [l, absoluteUrl(context.publicUrl, path)]),
  ) as Partial<Record<Locale, string>>
  return {
    title: t('meta.titleTemplate', { title: page.metaTitle }),
    description: page.metaDescription ?? t('meta.defaultDescription'),
    canonical: absoluteUrl(context.publicUrl, page.path),
    alternates,
  }
}

/** The page's schema.org Product (BreadcrumbList comes from the breadcrumbs, rendered by root). */
export function productStructuredData(context: Pick<LoadContext, 'publicUrl'>, page: ProductPageData) {
  const { product } = page
  const input: ProductJsonLdInput = {
    name: product.name,
    sku: product.productNumber,
    images: product.images.map((image) => absoluteUrl(context.publicUrl, image.src)),
    url: absoluteUrl(context.publicUrl, page.path),
    currency: 'EUR',
    availability: schemaAvailability(product.availability),
  }
  if (product.ean) input.gtin = product.ean
  if (page.metaDescription) input.description = page.metaDescription
  if (product.manufacturer) input.brand = product.manufacturer.name
  if (product.price.unitPrice !== undefined) input.price = product.price.unitPrice
  if (product.reviews.average !== undefined) input.rating = { average: product.reviews.average, count: product.reviews.count }
  return productJsonLd(input)
}
