import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { ViolationsError, customerGroupIdOf, loggedInCustomer, serializeCustomer, sessionCustomer } from './accounts'
import { CUSTOMER_GROUP_IDS, DEFAULT_LANGUAGE_ID, DEMO_ACCESS_KEY, LANGUAGE_IDS, PAYMENT_METHOD_IDS, SHIPPING_METHOD_IDS } from './constants'
import { CartStore } from './cart'
import { warmCatalogue } from './catalogue-cache'
import { warmSearchIndex } from './search-index'
import { warmSeoUrls } from './seo-url-index'
import { ContextStore, country, countryState, defaultContextState, salesChannelContext, salutation, type ContextState } from './context'
import { applyIncludes, parseCriteria, searchEntities, type Criteria } from './criteria'
import type { Db } from './db'
import { Serializer } from './entities'
import { StoreApiError, errorBody, errors } from './errors'
import { HEX_ID, randomToken } from './ids'
import type { Mailer } from './mail/index'
import { registerAccountRoutes } from './routes/account'
import { registerCartRoutes } from './routes/cart'
import { registerCatalogueRoutes } from './routes/catalogue'
import { registerEngagementRoutes } from './routes/engagement'
import { registerOrderRoutes } from './routes/order'
import { registerWishlistRoutes } from './routes/wishlist'
import * as content from './routes/content'

export interface DemoLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export interface StoreState {
  maintenance: boolean
  latencyMs: number
}

interface RequestState {
  token: string
  context: ContextState
  serializer: Serializer
}

const KNOWN_LANGUAGES = new Set<string>(Object.values(LANGUAGE_IDS))

/** Larger request bodies are answered with 413 (Shopware leaves this to the web server and PHP's post_max_size). */
const BODY_LIMIT = { parser: '1mb', text: '1 MB' }

/**
 * PHP's json_decode nests at most 512 arrays/objects by default; Shopware's JsonRequestTransformerListener
 * answers anything deeper like malformed JSON. Keeping that bound keeps every recursive walk over a body
 * (criteria filters `multi`/`not` inside each other, filter aggregations) far from the stack limit.
 */
export const MAX_JSON_DEPTH = 512

/** Whether containers nest deeper than `max`, checked without recursion (the body may be 1 MB of brackets). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number]
    if (typeof current !== 'object' || current === null) continue
    if (depth > max) return true
    for (const child of Object.values(current)) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
  }
  return false
}

function rejectDeepBodies(req: Request, _res: Response, next: NextFunction): void {
  next(nestsDeeperThan(req.body, MAX_JSON_DEPTH) ? errors.malformedJson() : undefined)
}

/** The errors express.json raises (http-errors with a `type`), as Store API errors; anything else is ours. */
function bodyParserError(err: unknown): StoreApiError | undefined {
  if (typeof err !== 'object' || err === null) return undefined
  const { type, status, expose, message } = err as { type?: unknown; status?: unknown; expose?: unknown; message?: unknown }
  if (type === 'entity.parse.failed') return errors.malformedJson()
  if (type === 'entity.too.large') return errors.bodyTooLarge(BODY_LIMIT.text)
  if (typeof type === 'string' && expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return new StoreApiError(status, '0', typeof message === 'string' ? message : 'Bad request.')
  }
  return undefined
}

/**
 * Shopware's CorsListener headers, on every answer (errors included); OPTIONS is answered before the
 * access key is checked, so browsers on other origins pass their preflight. Accept and
 * sw-include-search-info are added: clients send them, and a header missing from the list fails
 * the preflight. The host's helmet marks every response same-origin; Store API answers are meant
 * for other origins too.
 */
const CORS_HEADERS = [
  'Content-Type', 'Accept', 'Authorization', 'sw-context-token', 'sw-access-key', 'sw-language-id', 'sw-version-id',
  'sw-inheritance', 'indexing-behavior', 'sw-include-seo-urls', 'sw-include-search-info',
].join(',')

function cors(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE')
  res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS)
  res.setHeader('Access-Control-Expose-Headers', CORS_HEADERS)
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
  if (req.method === 'OPTIONS') {
    res.status(200).end()
    return
  }
  next()
}

/** Symfony's NotBlank violation, for an empty id in PATCH /context. */
const blankValue = (field: string) =>
  new StoreApiError(400, 'VIOLATION::IS_BLANK_ERROR', 'This value should not be blank.', { pointer: `/${field}`, parameters: { '{{ value }}': '""' }, title: 'Constraint violation error' })

function state(res: Response): RequestState {
  return res.locals.demo as RequestState
}

/** Sends JSON with `includes` from the body applied, like Shopware's response serializer. */
function send(req: Request, res: Response, body: unknown, criteria?: Criteria): void {
  const includes = criteria?.includes ?? (typeof req.body === 'object' && req.body !== null ? parseCriteria(req.body).includes : null)
  res.json(applyIncludes(body, includes))
}

export function createStoreApiRouter(db: Db, publicUrl: string, store: StoreState, mailer: Mailer, logger?: DemoLogger): Router {
  const router = express.Router()
  const contexts = new ContextStore(db)
  const carts = new CartStore(db)
  // Listing records, names, sort orders and the SEO URL index are built once per process; doing it now keeps the first shopper's pages fast.
  for (const languageId of KNOWN_LANGUAGES) {
    const s = new Serializer(db, publicUrl, languageId, false, CUSTOMER_GROUP_IDS.standard)
    warmCatalogue(s)
    warmSeoUrls(s)
  }
  warmSearchIndex(db)
  router.use(cors)
  router.use(express.json({ limit: BODY_LIMIT.parser }))
  router.use(rejectDeepBodies)

  /** Prices and the context's currentCustomerGroup follow the logged-in customer's group. */
  const customerGroupOf = (context: ContextState): string => customerGroupIdOf(loggedInCustomer(db, context))

  router.use((req: Request, res: Response, next: NextFunction) => {
    const proceed = () => {
      try {
        const key = req.header('sw-access-key')
        if (!key) throw errors.accessKeyMissing()
        if (key !== DEMO_ACCESS_KEY) throw errors.salesChannelNotFound()
        if (store.maintenance) throw errors.maintenance()
        const sent = req.header('sw-context-token')
        const token = sent && sent.trim() !== '' ? sent : randomToken()
        res.setHeader('sw-context-token', token)
        const languageHeader = req.header('sw-language-id')
        if (languageHeader !== undefined) {
          res.setHeader('sw-language-id', languageHeader)
          if (!HEX_ID.test(languageHeader)) throw errors.languageInvalid(languageHeader)
          if (!KNOWN_LANGUAGES.has(languageHeader)) throw errors.languageNotAvailable(languageHeader)
        }
        const context = (sent && contexts.load(sent)) || defaultContextState()
        const languageId = languageHeader ?? context.languageId ?? DEFAULT_LANGUAGE_ID
        const includeSeo = req.header('sw-include-seo-urls') === 'true' || req.header('sw-include-seo-urls') === '1'
        res.locals.demo = {
          token,
          context,
          serializer: new Serializer(db, publicUrl, languageId, includeSeo, customerGroupOf(context)),
        } satisfies RequestState
        next()
      } catch (err) {
        next(err)
      }
    }
    if (store.latencyMs > 0) setTimeout(proceed, store.latencyMs)
    else proceed()
  })

  const wrap = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response, next: NextFunction) => {
    try {
      handler(req, res)
    } catch (err) {
      next(err)
    }
  }

  router.get('/context', wrap((req, res) => {
    const { token, context, serializer } = state(res)
    // A guest session shows its guest customer (guest: true), as Shopware's context does.
    const customer = sessionCustomer(db, context)
    send(req, res, salesChannelContext(serializer, token, context, customer ? serializeCustomer(serializer, customer, context) : null))
  }))

  router.patch('/context', wrap((req, res) => {
    const { token, context } = state(res)
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>
    const next: ContextState = { ...context }
    // A missing or null id leaves the context as it is (RequestDataBag::only). An empty string passes Shopware's
    // Type/EntityExists checks and is saved, after which every request of the token fails (new Criteria([''])):
    // the demo store refuses it up front as a blank value (README "Context").
    for (const field of ['languageId', 'currencyId', 'paymentMethodId', 'shippingMethodId', 'countryId', 'countryStateId', 'billingAddressId', 'shippingAddressId']) {
      if (typeof body[field] === 'string' && String(body[field]).trim() === '') throw blankValue(field)
    }
    const check = (field: string, table: string, entity: string, allowed?: Set<string>) => {
      const value = body[field]
      if (value === undefined || value === null) return undefined
      if (typeof value !== 'string' || !HEX_ID.test(value) || (allowed && !allowed.has(value)) || !db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(value)) {
        throw errors.entityNotExists(field, entity, String(value))
      }
      return value
    }
    if (body.billingAddressId !== undefined || body.shippingAddressId !== undefined) {
      // Guests have a customer too (ContextSwitchRoute checks $context->getCustomer()).
      const customer = sessionCustomer(db, context)
      if (!customer) throw errors.customerNotLoggedIn()
      // ContextSwitchRoute: EntityExists on the customer's own addresses.
      for (const field of ['billingAddressId', 'shippingAddressId'] as const) {
        const value = body[field]
        if (value === undefined || value === null) continue
        if (typeof value !== 'string' || !HEX_ID.test(value) || !db.prepare('SELECT 1 FROM customer_address WHERE id = ? AND customer_id = ?').get(value, customer.id)) {
          throw errors.entityNotExists(field, 'customer_address', String(value))
        }
        next[field] = value
      }
    }
    next.languageId = check('languageId', 'language', 'language') ?? next.languageId
    next.currencyId = check('currencyId', 'currency', 'currency') ?? next.currencyId
    next.paymentMethodId = check('paymentMethodId', 'payment_method', 'payment_method', new Set(Object.values(PAYMENT_METHOD_IDS))) ?? next.paymentMethodId
    next.shippingMethodId = check('shippingMethodId', 'shipping_method', 'shipping_method', new Set(Object.values(SHIPPING_METHOD_IDS))) ?? next.shippingMethodId
    const countryId = check('countryId', 'country', 'country')
    if (countryId) {
      next.countryId = countryId
      next.countryStateId = null
    }
    next.countryStateId = check('countryStateId', 'country_state', 'country_state') ?? next.countryStateId
    contexts.save(token, next)
    res.json({ redirectUrl: null, apiAlias: 'array_struct' })
  }))

  router.post('/language', wrap((req, res) => {
    const s = state(res).serializer
    const criteria = parseCriteria(req.body)
    const all = s.rows('SELECT * FROM language ORDER BY position').map((r) => s.language(r))
    send(req, res, searchEntities('language', all, criteria), criteria)
  }))

  router.post('/currency', wrap((req, res) => {
    const s = state(res).serializer
    const criteria = parseCriteria(req.body)
    send(req, res, searchEntities('currency', [s.currency()], criteria).elements, criteria)
  }))

  router.post('/country', wrap((req, res) => {
    const s = state(res).serializer
    const criteria = parseCriteria(req.body)
    const withStates = Object.prototype.hasOwnProperty.call(criteria.associations, 'states')
    const all = s.rows('SELECT * FROM country ORDER BY position').map((r) =>
      country(s, r, withStates ? s.rows('SELECT * FROM country_state WHERE country_id = ? ORDER BY position', r.id).map((st) => countryState(s, st)) : undefined),
    )
    send(req, res, searchEntities('country', all, criteria), criteria)
  }))

  router.post('/country-state/:countryId', wrap((req, res) => {
    const s = state(res).serializer
    const criteria = parseCriteria(req.body)
    const all = s.rows('SELECT * FROM country_state WHERE country_id = ? ORDER BY position', req.params.countryId).map((r) => countryState(s, r))
    send(req, res, searchEntities('country_state', all, criteria), criteria)
  }))

  router.post('/salutation', wrap((req, res) => {
    const s = state(res).serializer
    const criteria = parseCriteria(req.body)
    const all = s.rows('SELECT * FROM salutation ORDER BY position').map((r) => salutation(s, r))
    send(req, res, searchEntities('salutation', all, criteria), criteria)
  }))

  const navigationHandler = wrap((req, res) => {
    const s = state(res).serializer
    send(req, res, content.navigation(s, req.params.activeId, req.params.rootId, req.method === 'GET' ? req.query : req.body))
  })
  router.post('/navigation/:activeId/:rootId', navigationHandler)
  router.get('/navigation/:activeId/:rootId', navigationHandler)

  const categoryHandler = wrap((req, res) => send(req, res, content.category(state(res).serializer, req.params.id, req.body, req.query as Record<string, unknown>)))
  router.post('/category/:id', categoryHandler)
  router.get('/category/:id', categoryHandler)

  const landingHandler = wrap((req, res) => send(req, res, content.landingPage(state(res).serializer, req.params.id)))
  router.post('/landing-page/:id', landingHandler)
  router.get('/landing-page/:id', landingHandler)

  const cmsHandler = wrap((req, res) => send(req, res, content.cms(state(res).serializer, req.params.id)))
  router.post('/cms/:id', cmsHandler)
  router.get('/cms/:id', cmsHandler)

  router.post('/seo-url', wrap((req, res) => {
    const criteria = parseCriteria(req.body)
    send(req, res, content.seoUrls(state(res).serializer, req.body), criteria)
  }))

  router.get('/breadcrumb/:id', wrap((req, res) => {
    // The route requires a 32-hex id; anything else matches no route in Shopware.
    if (!HEX_ID.test(req.params.id)) throw errors.routeNotFound(req.method, req.path)
    const type = req.query.type === 'category' ? 'category' : 'product'
    const referrer = typeof req.query.referrerCategoryId === 'string' ? req.query.referrerCategoryId : undefined
    res.json(content.breadcrumb(state(res).serializer, req.params.id, type, referrer))
  }))

  registerCatalogueRoutes(router, { wrap, state })
  registerCartRoutes(router, { wrap, state, contexts, carts })
  registerAccountRoutes(router, { db, publicUrl, contexts, carts, mailer, state })
  registerOrderRoutes(router, { db, publicUrl, contexts, carts, mailer, state })
  registerWishlistRoutes(router, { db, wrap, state })
  registerEngagementRoutes(router, { db, publicUrl, mailer, state })

  router.use((req: Request, _res: Response, next: NextFunction) => next(errors.routeNotFound(req.method, req.path)))

  router.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let apiError = err instanceof StoreApiError ? err : bodyParserError(err)
    if (!apiError) {
      logger?.error({ err, path: req.path }, 'demo store request failed')
      apiError = new StoreApiError(500, '0', 'Internal server error.')
    }
    res.status(apiError.status).json(apiError instanceof ViolationsError ? { errors: apiError.entries } : errorBody(apiError))
  })

  return router
}
