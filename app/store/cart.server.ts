import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { Schemas } from '@shopware/api-client/api-types'
import { addToCartSchema } from '~/forms/add-to-cart'
import type { LoadContext } from '~/load-context'
import { safeRedirectPath } from '~/lib/links'
import type { Locale } from '~/lib/locale'
import type { FlashMessage } from '~/lib/shell-types'
import { flash } from '~/session/flash.server'
import { getStore } from './client.server'
import { loadPurchaseFacts } from './product.server'

type Cart = Schemas['Cart']
type CartContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

/** Cart errors the buy box explains (Shopware's messageKeys); others get a generic message. */
export const knownCartErrors = [
  'min-order-quantity',
  'purchase-steps-quantity',
  'product-stock-reached',
  'product-out-of-stock',
  'product-not-found',
] as const
export type CartErrorKey = (typeof knownCartErrors)[number] | 'generic'

export interface CartMessage {
  key: CartErrorKey
  /** 0 notice, 10 warning, 20 error (Shopware's levels). */
  level: number
  quantity?: number
}

export interface AddToCartResult {
  /** Product lines added or raised, i.e. the request ended in the cart. */
  added: boolean
  messages: CartMessage[]
  count: number
  /** Set-Cookie headers for the context token (a new session starts with the first item). */
  headers: string[]
}

/**
 * The header badge: the sum of the quantities of product lines that are goods, as Shopware's
 * frontends count a cart (ten saw chains are ten pieces, not one line). Promotions and other
 * non-goods do not count.
 */
export function cartCount(cart: Pick<Cart, 'lineItems'> | undefined): number {
  return (cart?.lineItems ?? [])
    .filter((item) => item.type === 'product' && item.good !== false)
    .reduce((sum, item) => sum + (item.quantity ?? 0), 0)
}

/** `cart.errors` is an id-keyed object, or `[]` when empty (store-api-notes §6): both become a list. */
export function cartMessages(errors: unknown): CartMessage[] {
  const list: unknown[] = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors) : []
  return list.flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return []
    const error = raw as { messageKey?: unknown; level?: unknown; parameters?: { quantity?: unknown }; quantity?: unknown }
    const messageKey = typeof error.messageKey === 'string' ? error.messageKey : ''
    const key: CartErrorKey = (knownCartErrors as readonly string[]).includes(messageKey) ? (messageKey as CartErrorKey) : 'generic'
    const quantity = Number(error.parameters?.quantity ?? error.quantity)
    const message: CartMessage = { key, level: typeof error.level === 'number' ? error.level : 20 }
    if (Number.isFinite(quantity) && quantity > 0) message.quantity = quantity
    return [message]
  })
}

/** The header count for a shopper with a store session; without one there is no cart to read. */
export async function loadCartCount(context: CartContext, request: Request, locale: Locale): Promise<number> {
  const store = getStore(context, request, locale)
  if (!store.hasSession) return 0
  const { data } = await store.invoke('readCart get /checkout/cart', {})
  return cartCount(data)
}

/**
 * Adds a product (or raises its quantity). The store fixes quantities itself and reports why
 * (cart errors, returned once); a product it refuses is not in the cart afterwards.
 */
export async function addToCart(
  context: CartContext,
  request: Request,
  locale: Locale,
  productId: string,
  quantity: number,
): Promise<AddToCartResult> {
  const store = getStore(context, request, locale)
  const { data: cart } = await store.invoke('addLineItem post /checkout/cart/line-item', {
    body: { items: [{ id: productId, referencedId: productId, type: 'product', quantity }] },
  })
  const messages = cartMessages(cart.errors)
  const added = (cart.lineItems ?? []).some((item) => item.id === productId || item.referencedId === productId)
  return { added, messages, count: cartCount(cart), headers: store.commit() }
}

export type AddToCartOutcome =
  | { type: 'invalid'; reply: SubmissionResult<string[]> }
  | { type: 'done'; location: string; headers: Headers }

/**
 * The buy box's POST: validates the quantity against the product's rules (the same zod schema the
 * browser uses), adds the item and answers with where to go (the product page) and the cookies
 * to set: the context token of the new session and a flash message with the outcome.
 */
export async function addToCartAction(
  context: CartContext & Pick<LoadContext, 'publicUrl'>,
  request: Request,
  locale: Locale,
  formData: FormData,
): Promise<AddToCartOutcome> {
  const productId = String(formData.get('productId') ?? '').toLowerCase()
  const facts = /^[0-9a-f]{32}$/.test(productId) ? await loadPurchaseFacts(context, request, locale, productId) : undefined
  const rules = facts?.rules ?? { min: 1, step: 1 }
  const submission = parseWithZod(formData, { schema: addToCartSchema(rules) })
  if (submission.status !== 'success') return { type: 'invalid', reply: submission.reply() }
  if (!facts || !facts.buyable) {
    return { type: 'invalid', reply: submission.reply({ fieldErrors: { quantity: ['product:buy.errors.notBuyable'] } }) }
  }

  const result = await addToCart(context, request, locale, submission.value.productId, submission.value.quantity)
  const url = new URL(request.url)
  const location = safeRedirectPath(`${url.pathname}${url.search}`) ?? '/'
  const problem = result.messages.find((m) => m.level >= 20) ?? result.messages[0]
  const message: FlashMessage = problem
    ? {
        type: result.added ? 'warning' : 'danger',
        messageKey: `product:cart.errors.${problem.key}`,
        values: { name: facts.name, quantity: problem.quantity ?? submission.value.quantity },
      }
    : { type: 'success', messageKey: 'product:cart.added', values: { name: facts.name } }
  const headers = new Headers()
  for (const cookie of result.headers) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', flash(context, message, request))
  return { type: 'done', location, headers }
}
