import type { Response } from 'express'
import { mergeCarts, type CartStore } from './cart'
import type { ContextState, ContextStore } from './context'
import type { Db } from './db'
import { randomToken } from './ids'

type Row = Record<string, string | number | null>

interface SessionDeps {
  db: Db
  contexts: ContextStore
  carts: CartStore
}

/**
 * Logs a customer into a new token, as AccountService::loginByCustomer with CartRestorer::restore
 * (the login route, and loginById for a guest who opened its order by the deep link): the session
 * (context and cart) moves from the old token to a new one, so the old token knows nothing any more.
 * A cart left behind by an earlier logout is merged with the current one (the current items added to
 * it) and its session deleted. Unlike Shopware, a session another browser still holds is never taken
 * over: Shopware would hand out that browser's token (see README).
 */
export function startSession(
  { db, contexts, carts }: SessionDeps,
  res: Response,
  { token, context }: { token: string; context: ContextState },
  customer: Row,
): { token: string; context: ContextState } {
  const customerId = String(customer.id)
  const newToken = randomToken()
  const guestCart = carts.load(token)
  let cart = guestCart
  const parked = contexts.parkedToken(customerId)
  if (parked) {
    cart = mergeCarts(carts.load(parked), guestCart)
    contexts.delete(parked)
  }
  contexts.delete(token)
  const next: ContextState = {
    ...context, customerId, billingAddressId: null, shippingAddressId: null,
    paymentMethodId: customer.default_payment_method_id ? String(customer.default_payment_method_id) : context.paymentMethodId,
  }
  contexts.save(newToken, next)
  if (cart.lineItems.length > 0 || (cart.promotionCodes ?? []).length > 0) carts.save(newToken, cart)
  db.prepare('UPDATE customer SET last_login = ? WHERE id = ?').run(new Date().toISOString(), customerId)
  res.setHeader('sw-context-token', newToken)
  return { token: newToken, context: next }
}
