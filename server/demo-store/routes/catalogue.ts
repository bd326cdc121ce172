import type { Request, Response, Router } from 'express'
import { parseListingParams, productListing, productSearch, requireCategory, type AsText } from '../catalogue'
import type { ContextState } from '../context'
import { applyIncludes, parseCriteria, stringifyAnswer } from '../criteria'
import { listingAnswerCache, type Serializer } from '../entities'
import { StoreApiError } from '../errors'
import { crossSellings, findVariant, productDetail, productReviews } from '../product-detail'

interface Handlers {
  wrap(handler: (req: Request, res: Response) => void): (req: Request, res: Response, next: (err?: unknown) => void) => void
  state(res: Response): { token: string; context: ContextState; serializer: Serializer }
}

function bodyOf(req: Request): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {}
}

function queryOf(req: Request): Record<string, unknown> {
  return req.query as Record<string, unknown>
}

function includesOf(req: Request): Record<string, string[]> | null {
  return parseCriteria({ ...bodyOf(req), ...queryOf(req) }).includes
}

function withIncludes(req: Request, body: unknown): unknown {
  return applyIncludes(body, includesOf(req))
}

function sendWithIncludes(req: Request, res: Response, body: unknown): void {
  res.json(withIncludes(req, body))
}

/**
 * A listing, search, suggest, product search or (without a customer) product detail answer: built once per
 * request and serializer, then sent from listingAnswerCache. `build` gets what its products' texts need (productListing's `asText`).
 */
function sendCachedAnswer(req: Request, res: Response, s: Serializer, build: (asText: AsText) => unknown): void {
  const cache = listingAnswerCache(s.db)
  const key = JSON.stringify([req.path, s.languageId, s.customerGroupId, s.includeSeoUrls, s.publicUrl, bodyOf(req), queryOf(req)])
  let text = cache.get(key)
  if (text === undefined) {
    const includes = includesOf(req)
    text = stringifyAnswer(applyIncludes(build({ includes }), includes))
    cache.set(key, text)
  }
  res.type('application/json').send(text)
}

const missingSearch = () =>
  new StoreApiError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', 'Parameter "search" is missing.', { parameters: { parameterName: 'search' } })

function searchTerm(req: Request): string {
  const raw = queryOf(req).search ?? bodyOf(req).search
  if (typeof raw !== 'string' || raw.trim() === '') throw missingSearch()
  return raw.trim()
}

/** Product listing, search and product detail of the Store API. */
export function registerCatalogueRoutes(router: Router, { wrap, state }: Handlers): void {
  const listing = wrap((req, res) => {
    const s = state(res).serializer
    requireCategory(s, req.params.categoryId)
    sendCachedAnswer(req, res, s, (asText) => productListing(s, { categoryId: req.params.categoryId }, parseListingParams(bodyOf(req), queryOf(req)), asText))
  })
  router.post('/product-listing/:categoryId', listing)
  router.get('/product-listing/:categoryId', listing)

  const search = wrap((req, res) => {
    const s = state(res).serializer
    const term = searchTerm(req)
    sendCachedAnswer(req, res, s, (asText) => productListing(s, { search: term }, parseListingParams(bodyOf(req), queryOf(req)), asText))
  })
  router.post('/search', search)
  router.get('/search', search)

  const suggest = wrap((req, res) => {
    const s = state(res).serializer
    const term = searchTerm(req)
    sendCachedAnswer(req, res, s, (asText) => productListing(s, { search: term, suggest: true }, parseListingParams(bodyOf(req), queryOf(req)), asText))
  })
  router.post('/search-suggest', suggest)
  router.get('/search-suggest', suggest)

  const products = wrap((req, res) => {
    const s = state(res).serializer
    sendCachedAnswer(req, res, s, (asText) => productSearch(s, { ...bodyOf(req), ...queryOf(req) }, undefined, asText))
  })
  router.post('/product', products)
  router.get('/product', products)

  const detail = wrap((req, res) => {
    const flag = (name: string) => {
      const value = queryOf(req)[name] ?? bodyOf(req)[name]
      return value === true || value === 'true' || value === '1' || value === 1
    }
    const { serializer, context } = state(res)
    const customerId = context.customerId ?? undefined
    const build = () => productDetail(serializer, req.params.productId, {
      skipConfigurator: flag('skipConfigurator'), skipCmsPage: flag('skipCmsPage'), params: { ...bodyOf(req), ...queryOf(req) }, customerId,
    })
    // Kept like Shopware's CachedProductDetailRoute keeps it (per product, criteria and context), but only without a
    // customer, whose own reviews are in the layout's review slot; an order drops it with the listings (stock).
    if (customerId) sendWithIncludes(req, res, build())
    else sendCachedAnswer(req, res, serializer, build)
  })
  router.post('/product/:productId', detail)
  router.get('/product/:productId', detail)

  const variant = wrap((req, res) => sendWithIncludes(req, res, findVariant(state(res).serializer, req.params.productId, { ...bodyOf(req), ...queryOf(req) })))
  router.post('/product/:productId/find-variant', variant)
  router.get('/product/:productId/find-variant', variant)

  const reviews = wrap((req, res) => {
    const { serializer, context } = state(res)
    sendWithIncludes(req, res, productReviews(serializer, req.params.productId, { ...bodyOf(req), ...queryOf(req) }, context.customerId ?? undefined))
  })
  router.post('/product/:productId/reviews', reviews)
  router.get('/product/:productId/reviews', reviews)

  const cross = wrap((req, res) => sendWithIncludes(req, res, crossSellings(state(res).serializer, req.params.productId)))
  router.post('/product/:productId/cross-selling', cross)
  router.get('/product/:productId/cross-selling', cross)
}
