import { SALES_CHANNEL_ID } from './constants'
import { isObject, MAX_LIMIT, parseCriteria, searchEntities, type JsonObject } from './criteria'
import type { Serializer } from './entities'
import { StoreApiError, errors } from './errors'
import { HEX_ID } from './ids'
import { resolveCmsPage } from './cms-resolver'
import { cacheFor } from './text-cache'

type Row = Record<string, string | number | null>

export const productErrors = {
  variantNotFound: (productId: string, options: string[]) =>
    new StoreApiError(404, 'CONTENT__PRODUCT_VARIANT_NOT_FOUND', `Variant for productId ${productId} with options ${JSON.stringify(options)} not found.`, {
      parameters: { productId, options: JSON.stringify(options) },
    }),
  invalidOptions: () =>
    new StoreApiError(400, 'PRODUCT_INVALID_OPTIONS_PARAMETER', 'The parameter options is invalid.'),
}

function productRow(s: Serializer, id: string): Row {
  const r = HEX_ID.test(id) ? s.row('SELECT * FROM product WHERE id = ? AND active = 1', id) : undefined
  if (!r) throw errors.productNotFound(id)
  return r
}

const variantRows = new WeakMap<Serializer, Map<string, Row[]>>()

/** A parent's active variants, read once per request: the detail read needs them for its best variant, configurator and family. */
function variantsOf(s: Serializer, parentId: string): Row[] {
  const perRequest = cacheFor(variantRows, s, () => new Map<string, Row[]>())
  let rows = perRequest.get(parentId)
  if (!rows) {
    rows = s.rows('SELECT * FROM product WHERE parent_id = ? AND active = 1 ORDER BY rowid', parentId)
    perRequest.set(parentId, rows)
  }
  return rows
}

function optionIdsOf(s: Serializer, productId: string): string[] {
  return s.rows('SELECT option_id FROM product_option WHERE product_id = ?', productId).map((r) => String(r.option_id))
}

/**
 * A parent with variants is shown as its best variant, like Shopware's ProductDetailRoute: the cheapest
 * available one, else the cheapest.
 */
function bestVariant(s: Serializer, parentId: string): string | null {
  const variants = variantsOf(s, parentId)
  if (variants.length === 0) return null
  const price = (v: Row) => Number(s.row('SELECT price_net FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start LIMIT 1', v.id, s.customerGroupId)?.price_net ?? v.price_net)
  const available = (v: Row) => v.is_closeout !== 1 || Number(v.stock) >= Number(v.min_purchase)
  const sorted = [...variants].sort((a, b) => Number(available(b)) - Number(available(a)) || price(a) - price(b))
  return String(sorted[0].id)
}

/** Configurator groups of a variant family, each option marked `combinable` relative to the shown variant. */
export function configurator(s: Serializer, parentId: string, current: string | null): JsonObject[] {
  const settings = s.rows(
    `SELECT o.*, cs.position AS setting_position FROM product_configurator_setting cs JOIN property_group_option o ON o.id = cs.option_id
     WHERE cs.product_id = ? ORDER BY cs.position`,
    parentId,
  )
  if (settings.length === 0) return []
  const combos = variantsOf(s, parentId).map((v) => new Set(optionIdsOf(s, String(v.id))))
  const currentOptions = current ? optionIdsOf(s, current) : []
  const groupOf = new Map(settings.map((o) => [String(o.id), String(o.group_id)]))
  const groupIds = [...new Set(settings.map((o) => String(o.group_id)))]
  const groups = groupIds.map((gid) => s.row('SELECT * FROM property_group WHERE id = ?', gid)).filter((g): g is Row => g !== undefined)
    .sort((a, b) => Number(a.position) - Number(b.position))
  return groups.map((g) => {
    const others = currentOptions.filter((o) => groupOf.get(o) !== g.id)
    const options = settings.filter((o) => o.group_id === g.id).map((o) => {
      const combinable = combos.some((c) => c.has(String(o.id)) && others.every((x) => c.has(x)))
      return s.propertyOption(o, true, { combinable })
    })
    return s.propertyGroup(g, options)
  })
}

export interface ProductDetailOptions {
  skipConfigurator?: boolean
  /** 6.7's skipCmsPage: the product without its resolved layout. */
  skipCmsPage?: boolean
  /**
   * The request's parameters (body and query). Its `associations` may ask for the product's `parent` and
   * `children`; the layout's review slot reads `p`, `limit`, `sort`, `language` and `points` from them,
   * as ProductDescriptionReviewsCmsElementResolver reads them from the request.
   */
  params?: Record<string, unknown>
  /** The session's customer: their own reviews, approved or not, as the review route lists them. */
  customerId?: string
}

/**
 * POST /product/{productId}: ProductDetailResponse. As ProductDetailRoute does, the product's CMS page
 * (every product has the default product detail layout, see entities.ts) is loaded and its slots are
 * resolved for the shown product.
 */
export function productDetail(s: Serializer, id: string, options: ProductDetailOptions = {}): JsonObject {
  const params = options.params ?? {}
  // The route's criteria are parsed before it runs, as RequestCriteriaBuilder parses them: invalid ones are a 400.
  parseCriteria(params)
  const r = productRow(s, id)
  const shownId = r.parent_id === null ? (bestVariant(s, String(r.id)) ?? String(r.id)) : String(r.id)
  const product = s.product(shownId, { detail: true })
  if (!product) throw errors.productNotFound(id)
  const parentId = String(r.parent_id ?? r.id)
  const groups = configurator(s, parentId, shownId === parentId ? null : shownId)
  // ProductDetailRoute sets the category that product URLs and breadcrumbs are built from.
  const seoCategory = productCategory(s, shownId)?.category
  product.seoCategory = seoCategory ? s.category(seoCategory) : null
  if (isObject(params.associations)) addFamily(s, product, params.associations)
  if (!options.skipCmsPage && typeof product.cmsPageId === 'string') {
    // Slots get a copy, as Shopware clones the product for its resolver context: the page must not contain itself.
    const copy = structuredClone(product)
    const reviews = reviewResult(s, copy, params, options.customerId)
    const cmsPage = resolveCmsPage(s, product.cmsPageId, null, undefined, {
      product: copy, configurator: groups, reviews, totalReviews: Number(reviews.totalReviews), crossSellings: crossSellings(s, shownId),
    })
    if (cmsPage) product.cmsPage = cmsPage
  }
  return { product, configurator: options.skipConfigurator ? [] : groups, apiAlias: 'product_detail' }
}

// Associations the DAL loads only when asked: a product below the root has none of them.
const ROOT_ONLY_ASSOCIATIONS = ['cover', 'manufacturer', 'options', 'properties', 'deliveryTime', 'media', 'downloads', 'crossSellings'] as const

/**
 * The `parent` and `children` associations a request asks for, nested as asked. Below the root criteria the
 * DAL adds none of SalesChannelProductDefinition::processCriteria's defaults (prices, cover, delivery time),
 * only its availability filter, so each related product comes with its own fields, calculated prices and
 * SEO URLs. `children` honours its own criteria's filters, sorting and limit; without a limit, all of them.
 */
function addFamily(s: Serializer, product: JsonObject, associations: Record<string, unknown>): void {
  if (isObject(associations.parent)) {
    const parent = typeof product.parentId === 'string' ? relatedProduct(s, product.parentId) : null
    if (parent && isObject(associations.parent.associations)) addFamily(s, parent, associations.parent.associations)
    product.parent = parent
  }
  if (isObject(associations.children)) {
    const nested = associations.children
    const children = variantsOf(s, String(product.id)).map((v) => relatedProduct(s, String(v.id))).filter((c): c is JsonObject => c !== null)
    const criteria = parseCriteria(nested, { limit: Math.max(children.length, 1), maxLimit: Number.MAX_SAFE_INTEGER })
    const found = searchEntities('product', children, criteria).elements
    if (isObject(nested.associations)) for (const child of found) addFamily(s, child, nested.associations)
    product.children = found
  }
}

function relatedProduct(s: Serializer, id: string): JsonObject | null {
  const product = s.product(id)
  if (!product) return null
  for (const key of ROOT_ONLY_ASSOCIATIONS) delete product[key]
  return product
}

function parseOptions(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return []
  const values = typeof raw === 'string' ? raw.split('|') : Array.isArray(raw) ? raw : typeof raw === 'object' ? Object.values(raw as Record<string, unknown>) : null
  if (values === null || values.some((v) => typeof v !== 'string')) throw productErrors.invalidOptions()
  return values as string[]
}

/** POST /product/{productId}/find-variant. */
export function findVariant(s: Serializer, productId: string, body: unknown): JsonObject {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const options = parseOptions(raw.options)
  const switchedGroup = typeof raw.switchedGroup === 'string' ? raw.switchedGroup : null
  const product = HEX_ID.test(productId) ? s.row('SELECT * FROM product WHERE id = ? AND active = 1', productId) : undefined
  if (!product) throw productErrors.variantNotFound(productId, options)
  const parentId = String(product.parent_id ?? product.id)
  const variants = variantsOf(s, parentId).map((v) => ({ id: String(v.id), options: optionIdsOf(s, String(v.id)) }))
  const exact = variants.find((v) => options.every((o) => v.options.includes(o)))
  if (exact) return { foundCombination: { variantId: exact.id, options: exact.options }, apiAlias: 'found_combination' }
  if (switchedGroup) {
    // The option of the group the shopper just switched wins; the others are kept where they still fit.
    const switched = options.filter((o) => s.row('SELECT 1 AS ok FROM property_group_option WHERE id = ? AND group_id = ?', o, switchedGroup))
    const candidates = variants.filter((v) => switched.every((o) => v.options.includes(o)))
    const score = (v: { options: string[] }) => options.filter((o) => v.options.includes(o)).length
    const best = candidates.sort((a, b) => score(b) - score(a))[0]
    if (best && switched.length > 0) return { foundCombination: { variantId: best.id, options: best.options }, apiAlias: 'found_combination' }
  }
  throw productErrors.variantNotFound(productId, options)
}

function serializeReview(rv: Row): JsonObject {
  return {
    id: rv.id, productId: rv.product_id, productVersionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', salesChannelId: SALES_CHANNEL_ID,
    languageId: rv.language_id, externalUser: rv.external_user, title: rv.title, content: rv.content, points: rv.points,
    status: rv.status === 1, customFields: {}, createdAt: rv.created_at, apiAlias: 'product_review',
  } as JsonObject
}

/**
 * Active reviews of a product family: they belong to the parent (or a product without variants) or one of its
 * variants. With a customer, also that customer's own reviews not yet approved (ProductReviewRoute).
 */
function familyReviews(s: Serializer, ownerId: string, customerId?: string): Row[] {
  return s.rows(
    'SELECT * FROM product_review WHERE (status = 1 OR customer_id = ?) AND (product_id = ? OR product_id IN (SELECT id FROM product WHERE parent_id = ?)) ORDER BY created_at DESC',
    customerId ?? null, ownerId, ownerId,
  )
}

/** POST /product/{productId}/reviews: active reviews of the product (or of its parent for a variant), and the session customer's own. */
export function productReviews(s: Serializer, productId: string, body: unknown, customerId?: string): JsonObject {
  const r = productRow(s, productId)
  const criteria = parseCriteria(body)
  const ownerId = String(r.parent_id ?? r.id)
  return searchEntities('product_review', familyReviews(s, ownerId, customerId).map(serializeReview), criteria) as unknown as JsonObject
}

const MAX_POINTS = 5
const REVIEW_LIMIT = 10

/** PHP's (int) cast of a request parameter: numeric strings and numbers by their integer part, anything else 0. */
function intParam(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN
  return Number.isFinite(n) ? Math.trunc(n) : 0
}

/**
 * ProductDescriptionReviewsCmsElementResolver::loadProductReviews: the family's reviews through the review
 * route (approved ones and the session customer's own), `limit` (10) per page `p`, best first unless `sort`
 * is anything but `points` (then newest first), post-filtered by `points` and, for `language=filter-language`,
 * by the context language; the `ratingMatrix` counts the approved ones whatever the post-filters, and
 * `customerReview` is the customer's own review of the shown product. Page and limit are kept sane (at least
 * 1 and 0) where Shopware's offset would go negative.
 */
function reviewResult(s: Serializer, product: JsonObject, params: Record<string, unknown>, customerId?: string): JsonObject {
  const ownerId = String(product.parentId ?? product.id)
  const rows = familyReviews(s, ownerId, customerId)
  const limit = Math.min(Math.max(intParam(params.limit, REVIEW_LIMIT), 0), MAX_LIMIT)
  const page = Math.max(intParam(params.p, 1), 1)
  const byPoints = (params.sort ?? 'points') === 'points'
  // familyReviews is newest first; a stable sort keeps that order among equal points.
  const sorted = byPoints ? [...rows].sort((a, b) => Number(b.points) - Number(a.points)) : rows
  const points = Array.isArray(params.points) ? params.points.map(Number).filter(Number.isFinite) : []
  const shown = sorted.filter((rv) =>
    (params.language !== 'filter-language' || rv.language_id === s.languageId) &&
    (points.length === 0 || points.some((p) => Number(rv.points) >= p - 0.5 && Number(rv.points) < p + 0.5)))
  const approved = rows.filter((rv) => rv.status === 1)
  const counts = new Map<number, number>()
  for (const rv of approved) counts.set(Number(rv.points), (counts.get(Number(rv.points)) ?? 0) + 1)
  const total = approved.length
  const pointSum = approved.reduce((sum, rv) => sum + Number(rv.points), 0)
  const matrix: JsonObject = {}
  for (let p = MAX_POINTS; p > 0; p--) {
    const count = [...counts].filter(([key]) => Math.round(key) === p).reduce((sum, [, n]) => sum + n, 0)
    matrix[String(p)] = { points: p, count, percent: total > 0 ? (count / total) * 100 : 0 }
  }
  const elements = shown.slice((page - 1) * limit, page * limit).map(serializeReview)
  // getCustomerReview: the review route for the shown product, filtered to the customer's reviews, the first one.
  const own = customerId ? familyReviews(s, String(product.id), customerId).find((rv) => rv.customer_id === customerId) : undefined
  return {
    entity: 'product_review', total: elements.length,
    aggregations: {
      ratingMatrix: {
        buckets: [...counts].sort(([a], [b]) => a - b).map(([key, count]) => ({ key: String(key), count, apiAlias: 'aggregation_bucket' })),
        apiAlias: 'ratingMatrix_aggregation',
      },
    },
    page, limit, elements, parentId: ownerId, productId: product.id, totalReviews: total,
    customerReview: own ? serializeReview(own) : null,
    matrix: { matrix, totalReviewCount: total, pointSum, apiAlias: 'shopware_core_content_product_sales_channel_review_rating_matrix' },
    apiAlias: 'dal_entity_search_result',
  } as JsonObject
}

/** POST /product/{productId}/cross-selling: a bare array of cross-selling elements. */
export function crossSellings(s: Serializer, productId: string): JsonObject[] {
  const r = productRow(s, productId)
  const ownerId = String(r.parent_id ?? r.id)
  return s.rows('SELECT * FROM product_cross_selling WHERE product_id = ? AND active = 1 ORDER BY position', ownerId).map((c) => {
    const products = s.rows('SELECT product_id FROM product_cross_selling_assigned WHERE cross_selling_id = ? ORDER BY position', c.id)
      .map((a) => s.product(String(a.product_id)))
      .filter((p): p is JsonObject => p !== null)
    return { crossSelling: s.crossSelling(c), products, total: products.length, apiAlias: 'cross_selling_element' }
  })
}

export function activeCategory(s: Serializer, id: string): Row | undefined {
  return s.row('SELECT * FROM category WHERE id = ? AND active = 1', id)
}

/**
 * CategoryBreadcrumbBuilder's choice of a product's category: the referrer category when the product
 * (or its parent) is assigned to it (getProductBreadcrumbUrls), else its first active category
 * (getProductSeoCategory; the demo store has no main categories). Undefined when there is no such product.
 * A product without categories gets the empty trail (Shopware answers 204 there, which clients read
 * as a missing body).
 */
export function productCategory(s: Serializer, id: string, referrerCategoryId?: string): { category: Row | undefined } | undefined {
  const product = s.row('SELECT id, parent_id FROM product WHERE id = ? AND active = 1', id)
  if (!product) return undefined
  const owner = String(product.parent_id ?? product.id)
  const categories = s.rows('SELECT category_id FROM product_category WHERE product_id = ?', owner).map((r) => String(r.category_id))
  const chosen = referrerCategoryId && categories.includes(referrerCategoryId) ? referrerCategoryId : categories.find((c) => activeCategory(s, c))
  return { category: chosen ? activeCategory(s, chosen) : undefined }
}
