import type { Request, Response, Router } from 'express'
import {
  addItems, calculateCart, cartErrors, changeQuantities, parseLineItems, parseQuantityUpdates, removeItems, shippingCountry, type CartCalculation,
  type CartStore, type StoredCart,
} from '../cart'
import { paymentMethod, shippingMethod, type ContextState, type ContextStore } from '../context'
import { applyIncludes, parseCriteria, searchEntities, type JsonObject } from '../criteria'
import type { Serializer } from '../entities'

interface Handlers {
  wrap(handler: (req: Request, res: Response) => void): (req: Request, res: Response, next: (err?: unknown) => void) => void
  state(res: Response): { token: string; context: ContextState; serializer: Serializer }
  contexts: ContextStore
  carts: CartStore
}

function bodyOf(req: Request): Record<string, unknown> {
  return typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {}
}

function queryOf(req: Request): Record<string, unknown> {
  return req.query as Record<string, unknown>
}

function sendWithIncludes(req: Request, res: Response, body: unknown): void {
  const includes = parseCriteria({ ...bodyOf(req), ...queryOf(req) }).includes
  res.json(applyIncludes(body, includes))
}

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1
}

/** The ids of POST /checkout/cart/line-item/delete (body) or the deprecated DELETE …/line-item?ids[]= (query). */
function idsOf(source: Record<string, unknown>): string[] {
  const raw = source.ids
  const ids = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : null
  if (!ids || ids.some((id) => typeof id !== 'string')) throw cartErrors.missingParameter('ids')
  return ids as string[]
}

/**
 * The cart of the Store API (CartLoadRoute, CartItemAddRoute, CartItemUpdateRoute, CartItemRemoveRoute,
 * CartDeleteRoute) and the shipping and payment method lists (ShippingMethodRoute, PaymentMethodRoute).
 */
export function registerCartRoutes(router: Router, { wrap, state, contexts, carts }: Handlers): void {
  /**
   * Calculates and persists: the cart when it changed, the context when the calculation replaced a blocked
   * method. A changing request always persists the context, so that its token survives (as a cart does).
   */
  const calculate = (res: Response, stored: StoredCart, changed: boolean): CartCalculation => {
    const { token, context, serializer } = state(res)
    const result = calculateCart(serializer, token, context, stored)
    if (changed || JSON.stringify(result.context) !== JSON.stringify(context)) contexts.save(token, result.context)
    if (changed || JSON.stringify(result.stored) !== JSON.stringify(carts.load(token))) carts.save(token, result.stored)
    return result
  }

  const readCart = wrap((req, res) => {
    const { token } = state(res)
    sendWithIncludes(req, res, calculate(res, carts.load(token), false).body)
  })
  router.get('/checkout/cart', readCart)
  router.post('/checkout/cart', readCart)

  router.delete('/checkout/cart', wrap((_req, res) => {
    carts.delete(state(res).token)
    res.status(204).end()
  }))

  router.post('/checkout/cart/line-item', wrap((req, res) => {
    const items = parseLineItems(req.body)
    sendWithIncludes(req, res, calculate(res, addItems(carts.load(state(res).token), items), true).body)
  }))

  router.patch('/checkout/cart/line-item', wrap((req, res) => {
    const updates = parseQuantityUpdates(req.body)
    sendWithIncludes(req, res, calculate(res, changeQuantities(carts.load(state(res).token), updates), true).body)
  }))

  const remove = (source: (req: Request) => Record<string, unknown>) => wrap((req, res) => {
    const ids = idsOf(source(req))
    sendWithIncludes(req, res, calculate(res, removeItems(state(res).serializer, carts.load(state(res).token), ids), true).body)
  })
  router.post('/checkout/cart/line-item/delete', remove(bodyOf))
  router.delete('/checkout/cart/line-item', remove(queryOf))

  /** The methods the current cart and context allow (their availability rules), in position order. */
  const availableMethods = (res: Response) => {
    const { token, context, serializer: s } = state(res)
    const cart = calculateCart(s, token, context, carts.load(token)).body
    const net = Number((cart.price as JsonObject).netPrice)
    const location = String(shippingCountry(s, context)?.iso ?? '')
    return {
      shipping: (r: Record<string, unknown>) => r.available_country_isos === null || (JSON.parse(String(r.available_country_isos)) as string[]).includes(location),
      payment: (r: Record<string, unknown>) => r.max_cart_net === null || net <= Number(r.max_cart_net),
    }
  }

  // ShippingMethodRoute reads onlyAvailable from the query, PaymentMethodRoute from the body; both are accepted in both places.
  const methodList = (table: 'shipping_method' | 'payment_method') => wrap((req, res) => {
    const s = state(res).serializer
    const source = { ...bodyOf(req), ...queryOf(req) }
    const onlyAvailable = flag(source.onlyAvailable)
    delete source.onlyAvailable
    const criteria = parseCriteria(source)
    const check = onlyAvailable ? availableMethods(res)[table === 'shipping_method' ? 'shipping' : 'payment'] : () => true
    const serialize = table === 'shipping_method' ? shippingMethod : paymentMethod
    const all = s.rows(`SELECT * FROM ${table} ORDER BY position`)
      .filter(check)
      .map((r) => serialize(s, String(r.id)))
      .filter((m): m is JsonObject => m !== null)
    res.json(applyIncludes(searchEntities(table, all, criteria), criteria.includes))
  })
  router.post('/shipping-method', methodList('shipping_method'))
  router.get('/shipping-method', methodList('shipping_method'))
  router.post('/payment-method', methodList('payment_method'))
  router.get('/payment-method', methodList('payment_method'))
}
