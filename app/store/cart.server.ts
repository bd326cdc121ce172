import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { Schemas } from '@shopware/api-client/api-types'
import { ApiClientError } from '@shopware/api-client'
import { addToCartSchema } from '~/forms/add-to-cart'
import { chosenFile, promotionSchema, quantitySchema, quickOrderSchema, removeSchema, type CartIntent } from '~/forms/cart'
import { formMessage } from '~/forms/messages'
import type { LoadContext } from '~/load-context'
import { cartErrorList, cartMessageKeys, cartNotices } from '~/lib/cart-messages'
import { safeMediaUrl, safeRedirectPath } from '~/lib/links'
import { localizePath, type Locale } from '~/lib/locale'
import type { SeoData } from '~/lib/shell-types'
import { getT } from '~/i18n.server'
import { MAX_QUICK_ORDER_LINES, parseQuickOrder, resolveQuickOrder, type QuickOrderItem } from '~/lib/quick-order'
import { DEFAULT_MAX_PURCHASE } from '~/lib/product'
import type { FlashMessage } from '~/lib/shell-types'
import { variantOptionsOf, type VariantOption } from '~/lib/variant-options'
import { flash } from '~/session/flash.server'
import { quickOrderDraft, type QuickOrderDraft } from '~/session/form-draft.server'
import { getStore } from './client.server'
import { appPageSeo } from './page.server'
import { errorCodes } from './errors.server'
import { loadPurchaseFacts } from './product.server'
import { HEX_ID } from '~/lib/hex-id'

type Cart = Schemas['Cart']
type LineItem = Schemas['LineItem']
export type CartContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

/** Cart, checkout and order confirmation are personal: no browser or CDN may keep them, no search engine list them. */
export const CHECKOUT_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const

export function checkoutHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra)
  for (const [name, value] of Object.entries(CHECKOUT_HEADERS)) headers.set(name, value)
  return headers
}

export interface CartLineView {
  id: string
  productId: string
  label: string
  productNumber: string
  /** Localized product link. */
  href: string
  quantity: number
  minPurchase: number
  maxPurchase: number
  purchaseSteps: number
  /** Net, per piece. */
  unitPrice: number
  /** Net, the line. */
  totalPrice: number
  listPrice?: number
  image?: { url: string; alt: string }
  /** The variant's choices (size, colour …), empty for a product without variants. */
  options: VariantOption[]
  isDownload: boolean
  removable: boolean
}

export interface CartPromotionView {
  id: string
  label: string
  /** '' for an automatic promotion. */
  code: string
  /** Negative. */
  totalPrice: number
}

export interface CartTotalsView {
  /** Net sum of the positions (products and discounts). */
  positionPrice: number
  /** Net. */
  shippingCosts: number
  netPrice: number
  taxes: { rate: number; tax: number }[]
  /** An intra-Community delivery to a business with a VAT id: no VAT, the total is the net sum (tax state `tax-free`). */
  taxFree: boolean
  /** Including VAT. */
  totalPrice: number
}

export interface CartView {
  lines: CartLineView[]
  promotions: CartPromotionView[]
  count: number
  totals: CartTotalsView
  /** The cart's messages of this calculation (shown once, translated when rendered). */
  notices: FlashMessage[]
  /** Some error blocks the order (CartOrderRoute would refuse it). */
  blocking: boolean
  /** Only downloads: nothing to ship. */
  isVirtual: boolean
  isEmpty: boolean
  shippingMethodId?: string
  paymentMethodId?: string
}

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
  /** What the store did with the product line. */
  messages: CartMessage[]
  /** What the store says about the whole cart after it (e.g. the invoice payment no longer available). */
  notices: FlashMessage[]
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

/**
 * Errors about the cart as a whole (a payment or shipping method blocked, a promotion, an address):
 * known to the cart's own texts, and not about the product just added.
 */
function aboutWholeCart(error: Record<string, unknown>): boolean {
  const key = typeof error.messageKey === 'string' ? error.messageKey : ''
  return (cartMessageKeys as readonly string[]).includes(key) && !(knownCartErrors as readonly string[]).includes(key)
}

/**
 * The errors about the product line, for the buy box's text that names the product. Errors about the
 * whole cart are left to cartNotices: a blocked invoice payment must not read as the product not being added.
 */
export function cartMessages(errors: unknown): CartMessage[] {
  return cartErrorList(errors).flatMap((error) => {
    if (aboutWholeCart(error)) return []
    const messageKey = typeof error.messageKey === 'string' ? error.messageKey : ''
    const key: CartErrorKey = (knownCartErrors as readonly string[]).includes(messageKey) ? (messageKey as CartErrorKey) : 'generic'
    const parameters = error.parameters && typeof error.parameters === 'object' ? (error.parameters as { quantity?: unknown }) : {}
    const quantity = Number(parameters.quantity ?? error.quantity)
    const message: CartMessage = { key, level: typeof error.level === 'number' ? error.level : 20 }
    if (Number.isFinite(quantity) && quantity > 0) message.quantity = quantity
    return [message]
  })
}

// The root loader (header count) and the cart page read the same cart: one GET per request.
const cartReads = new WeakMap<Request, Map<Locale, Promise<Cart | undefined>>>()

/**
 * The session's cart, read once per request and locale (memoized on the Request like getStore);
 * undefined without a store session: there is no cart to read and no session to start.
 */
function readCart(context: CartContext, request: Request, locale: Locale): Promise<Cart | undefined> {
  let perLocale = cartReads.get(request)
  if (!perLocale) {
    perLocale = new Map()
    cartReads.set(request, perLocale)
  }
  let read = perLocale.get(locale)
  if (!read) {
    const store = getStore(context, request, locale)
    read = store.hasSession ? store.invoke('readCart get /checkout/cart', {}).then(({ data }) => data) : Promise.resolve(undefined)
    // A failed read is not kept: the page's own loader may try again and show its error.
    read.catch(() => perLocale.delete(locale))
    perLocale.set(locale, read)
  }
  return read
}

/** The header count for a shopper with a store session; without one there is no cart to read. */
export async function loadCartCount(context: CartContext, request: Request, locale: Locale): Promise<number> {
  return cartCount(await readCart(context, request, locale))
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
  const notices = cartNotices(cartErrorList(cart.errors).filter(aboutWholeCart))
  const added = (cart.lineItems ?? []).some((item) => item.id === productId || item.referencedId === productId)
  return { added, messages, notices, count: cartCount(cart), headers: store.commit() }
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
  const facts = HEX_ID.test(productId) ? await loadPurchaseFacts(context, request, locale, productId) : undefined
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
  // The buy box with JS opens the side cart on the added line, which confirms it; a notice would only
  // push the page down behind it. Problems, and what changed for the whole cart, are still said on the page.
  const confirmed = !problem && formData.get('confirmation') === 'side-cart'
  const messages = [...(confirmed ? [] : [message]), ...result.notices]
  if (messages.length) headers.append('Set-Cookie', flash(context, messages, request))
  return { type: 'done', location, headers }
}

function positive(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback
}

function money(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

function lineView(item: LineItem, locale: Locale): CartLineView {
  const info = item.quantityInformation
  const minPurchase = positive(info?.minPurchase, 1)
  const payload = (item.payload ?? {}) as { productNumber?: unknown }
  const productId = item.referencedId ?? item.id
  const listPrice = item.price?.listPrice?.price
  const cover = item.cover as { url?: string; alt?: string | null; translated?: { alt?: string | null } } | undefined
  const url = safeMediaUrl(cover?.url)
  const line: CartLineView = {
    id: item.id,
    productId,
    label: item.label ?? '',
    productNumber: typeof payload.productNumber === 'string' ? payload.productNumber : '',
    options: variantOptionsOf(item.payload),
    href: localizePath(locale, `/detail/${productId}`),
    quantity: item.quantity ?? 1,
    minPurchase,
    maxPurchase: Math.max(minPurchase, positive(info?.maxPurchase, DEFAULT_MAX_PURCHASE)),
    purchaseSteps: positive(info?.purchaseSteps, 1),
    unitPrice: money(item.price?.unitPrice),
    totalPrice: money(item.price?.totalPrice),
    isDownload: (item.states ?? []).includes('is-download'),
    removable: item.removable !== false,
  }
  if (typeof listPrice === 'number' && listPrice > line.unitPrice) line.listPrice = listPrice
  // The product name says what the picture shows; a separate alt text would repeat it to screen readers.
  if (url) line.image = { url, alt: cover?.translated?.alt || cover?.alt || '' }
  return line
}

function promotionView(item: LineItem): CartPromotionView {
  const payload = (item.payload ?? {}) as { code?: unknown }
  const code = typeof payload.code === 'string' ? payload.code : item.referencedId ?? ''
  return { id: item.id, label: item.label ?? '', code, totalPrice: money(item.price?.totalPrice) }
}

type StoredPrice = { calculatedTaxes?: Array<{ taxRate?: number; tax?: number }>; taxStatus?: string } | undefined

/** VAT per rate (ascending) and whether the price is tax-free, for a cart's or an order's price. */
function taxesOf(price: StoredPrice): Pick<CartTotalsView, 'taxes' | 'taxFree'> {
  return {
    taxes: (price?.calculatedTaxes ?? []).map((tax) => ({ rate: money(tax.taxRate), tax: money(tax.tax) })).sort((a, b) => a.rate - b.rate),
    taxFree: price?.taxStatus === 'tax-free',
  }
}

/** The totals the shopper sees: net positions, net shipping, VAT per rate (ascending), total incl. VAT. */
export function cartTotals(cart: Pick<Cart, 'price' | 'deliveries'>): CartTotalsView {
  const price = cart.price
  const shippingCosts = (cart.deliveries ?? []).reduce((sum, delivery) => sum + money(delivery.shippingCosts?.totalPrice), 0)
  return {
    positionPrice: money(price?.positionPrice),
    shippingCosts: Math.round(shippingCosts * 100) / 100,
    netPrice: money(price?.netPrice),
    ...taxesOf(price),
    totalPrice: money(price?.totalPrice),
  }
}

/** An order's totals (success page, order details), read like the cart's from what the order stored. */
export function orderTotals(order: Schemas['Order']): CartTotalsView {
  const price = order.price as (Schemas['Order']['price'] & { positionPrice?: number; netPrice?: number; taxStatus?: string }) | undefined
  return {
    positionPrice: money(order.positionPrice ?? price?.positionPrice),
    shippingCosts: money(order.shippingTotal ?? (order.shippingCosts as { totalPrice?: number } | undefined)?.totalPrice),
    netPrice: money(order.amountNet ?? price?.netPrice),
    ...taxesOf(price),
    totalPrice: money(order.amountTotal ?? price?.totalPrice),
  }
}

/** The cart as the pages render it (no store internals). */
export function cartView(cart: Cart, locale: Locale): CartView {
  const items = cart.lineItems ?? []
  const products = items.filter((item) => item.type === 'product')
  const count = cartCount(cart)
  const transactions = (cart.transactions ?? []) as { paymentMethodId?: string }[]
  const view: CartView = {
    lines: products.map((item) => lineView(item, locale)),
    promotions: items.filter((item) => item.type === 'promotion').map(promotionView),
    count,
    totals: cartTotals(cart),
    notices: cartNotices(cart.errors),
    blocking: cartErrorList(cart.errors).some((error) => error.block === true),
    isVirtual: products.length > 0 && products.every((item) => (item.states ?? []).includes('is-download')),
    isEmpty: count === 0,
  }
  const shippingMethodId = cart.deliveries?.[0]?.shippingMethod?.id
  if (shippingMethodId) view.shippingMethodId = shippingMethodId
  const paymentMethodId = transactions[0]?.paymentMethodId
  if (paymentMethodId) view.paymentMethodId = paymentMethodId
  return view
}

const emptyCart = { lineItems: [], errors: [], deliveries: [], transactions: [] } as unknown as Cart

/** The cart page's cart; without a store session the empty cart (no call, no session started). */
export async function loadCart(context: CartContext, request: Request, locale: Locale): Promise<CartView> {
  return cartView((await readCart(context, request, locale)) ?? emptyCart, locale)
}

export interface CartMutation {
  cart: CartView
  /** Set-Cookie: the context token when the store started a session. */
  headers: string[]
}

async function mutate(
  context: CartContext,
  request: Request,
  locale: Locale,
  call: (store: ReturnType<typeof getStore>) => Promise<{ data: Cart }>,
): Promise<CartMutation> {
  const store = getStore(context, request, locale)
  const { data } = await call(store)
  // Later reads in this request (an action's page rendered with errors) see the changed cart.
  const perLocale = cartReads.get(request) ?? new Map<Locale, Promise<Cart | undefined>>()
  perLocale.set(locale, Promise.resolve(data))
  cartReads.set(request, perLocale)
  return { cart: cartView(data, locale), headers: store.commit() }
}

/** Adds products (or raises their quantities) in ONE store call: the store merges same products. */
export async function addProducts(
  context: CartContext,
  request: Request,
  locale: Locale,
  items: { productId: string; quantity: number }[],
): Promise<CartMutation> {
  return mutate(context, request, locale, (store) =>
    store.invoke('addLineItem post /checkout/cart/line-item', {
      body: { items: items.map((item) => ({ id: item.productId, referencedId: item.productId, type: 'product' as const, quantity: item.quantity })) },
    }),
  )
}

export async function changeQuantity(
  context: CartContext,
  request: Request,
  locale: Locale,
  lineItemId: string,
  quantity: number,
): Promise<CartMutation> {
  return mutate(context, request, locale, (store) =>
    store.invoke('updateLineItem patch /checkout/cart/line-item', { body: { items: [{ id: lineItemId, quantity }] } }),
  )
}

/** Removes a product line or an applied promotion (its discount line's id). */
/** Removes a line; undefined when it was gone already (removed in another tab or the side cart). */
export async function removeLineItem(context: CartContext, request: Request, locale: Locale, lineItemId: string): Promise<CartMutation | undefined> {
  try {
    return await mutate(context, request, locale, (store) =>
      store.invoke('removeLineItem post /checkout/cart/line-item/delete', { body: { ids: [lineItemId] } }),
    )
  } catch (err) {
    if (isLineGone(err)) return undefined
    throw err
  }
}

/** Adds a promotion code; whether it applies, waits or is unknown comes back as a cart message. */
export async function addPromotionCode(context: CartContext, request: Request, locale: Locale, code: string): Promise<CartMutation> {
  return mutate(context, request, locale, (store) =>
    store.invoke('addLineItem post /checkout/cart/line-item', { body: { items: [{ type: 'promotion', referencedId: code }] } }),
  )
}

export interface FoundProduct {
  id: string
  productNumber: string
  originalNumber?: string
  hasVariants?: boolean
}

/**
 * Products by article number or original article number (customFields.forst_original_article),
 * in one store call. Numbers match case-insensitively, as the shop's search does.
 */
export async function findProductsByNumber(context: CartContext, request: Request, locale: Locale, numbers: string[]): Promise<FoundProduct[]> {
  const unique = [...new Set(numbers)]
  if (!unique.length) return []
  const store = getStore(context, request, locale)
  const { data } = await store.invoke('readProduct post /product', {
    body: {
      filter: [
        {
          type: 'multi',
          operator: 'or',
          queries: [
            // Shopware reads equalsAny values as a list or a '|'-joined string; the typings know the string.
            { type: 'equalsAny', field: 'productNumber', value: unique.join('|') },
            { type: 'equalsAny', field: 'customFields.forst_original_article', value: unique.join('|') },
          ],
        },
      ],
      // Each number names at most two products (its own and one with it as original number).
      limit: Math.min(100, unique.length * 2),
      includes: { product: ['id', 'productNumber', 'customFields', 'childCount'] },
    },
  })
  return (data.elements ?? []).map((product) => {
    const original = (product.customFields as { forst_original_article?: unknown } | undefined)?.forst_original_article
    const found: FoundProduct = { id: product.id, productNumber: product.productNumber }
    if (typeof original === 'string' && original) found.originalNumber = original
    if (product.childCount && product.childCount > 0) found.hasVariants = true
    return found
  })
}

/** Which form on the page an answer belongs to (several forms share the cart page's action). */
export function cartFormId(intent: CartIntent, lineItemId?: string): string {
  return intent === 'quantity' || intent === 'remove' || intent === 'promotion-remove' ? `${intent}-${lineItemId ?? ''}` : intent
}

export type CartActionOutcome =
  | { type: 'invalid'; formId: string; reply: SubmissionResult<string[]> }
  | { type: 'done'; location: string; headers: Headers }

// The line was removed meanwhile (another tab, the side cart): Shopware answers 404 with this code.
function isLineGone(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 404 || errorCodes(err).includes('CHECKOUT__CART_LINE_ITEM_NOT_FOUND'))
}

function linePromotionNotice(notices: FlashMessage[]): boolean {
  return notices.some((n) => /^cart:messages\.(promotion|auto-promotion)/.test(n.messageKey))
}

async function quickOrderItems(text: string, file: File | undefined) {
  const typed = parseQuickOrder(text)
  if (!file) return { items: typed.items, fileProblem: undefined }
  const uploaded = parseQuickOrder(await file.text(), { header: true })
  let fileProblem: string | undefined
  if (uploaded.lineCount + typed.lineCount > MAX_QUICK_ORDER_LINES) {
    fileProblem = formMessage('cart:errors.tooManyLines', { max: MAX_QUICK_ORDER_LINES })
  } else if (uploaded.bad.length) {
    fileProblem = formMessage('cart:errors.badLines', { lines: uploaded.bad.map((b) => `${b.line} (${b.text})`).join(', ') })
  } else if (uploaded.lineCount === 0 && typed.lineCount === 0) {
    fileProblem = 'cart:errors.linesRequired'
  }
  return { items: [...typed.items, ...uploaded.items], fileProblem }
}

/** Article numbers for a notice, which travels in a cookie: the first ten, then "…". */
function someOf(numbers: string[]): string {
  return numbers.length > 10 ? `${numbers.slice(0, 10).join(', ')} …` : numbers.join(', ')
}

/**
 * The lines of a quick order the store could not take, as the form shows them again (one "number
 * quantity" per line), with why: nothing typed is lost when the rest went into the cart.
 */
function leftOverDraft(items: QuickOrderItem[], notFound: string[], withVariants: string[]): QuickOrderDraft | undefined {
  const failed = new Set([...notFound, ...withVariants])
  if (!failed.size) return undefined
  const problems = [
    ...(notFound.length ? [formMessage('cart:errors.someNotFound', { numbers: notFound.join(', ') })] : []),
    ...(withVariants.length ? [formMessage('cart:errors.withVariants', { numbers: withVariants.join(', ') })] : []),
  ]
  const lines = items.filter((item) => failed.has(item.number)).map((item) => `${item.number} ${item.quantity}`)
  return { lines: lines.join('\n'), problems }
}

/** The quick order's left-over lines as the answer its form shows (its text replaced, the reasons at the field). */
export function quickOrderDraftReply(draft: QuickOrderDraft): SubmissionResult<string[]> {
  return {
    status: 'error',
    initialValue: { intent: 'quick-order', lines: draft.lines },
    error: { lines: draft.problems },
    intent: { type: 'update', payload: { name: 'lines', value: draft.lines, validated: true } },
  }
}

/**
 * The cart page's POST (contract: hidden `intent`, optional `redirectTo`). Each intent is one
 * store call (quick order: the product lookup, then one add). The cart's messages travel as flash
 * messages to the page the shopper lands on; invalid input answers the form that sent it. Quick
 * order lines the store could not take come back to the cart page's form in a draft cookie.
 */
export async function cartAction(context: CartContext, request: Request, locale: Locale, formData: FormData): Promise<CartActionOutcome> {
  const intent = String(formData.get('intent') ?? '') as CartIntent
  const lineItemId = String(formData.get('lineItemId') ?? '')
  const location = safeRedirectPath(String(formData.get('redirectTo') ?? '')) ?? localizePath(locale, '/checkout/cart')
  const messages: FlashMessage[] = []
  const cookies: string[] = []
  const done = (): CartActionOutcome => {
    const headers = new Headers()
    for (const cookie of cookies) headers.append('Set-Cookie', cookie)
    if (messages.length) headers.append('Set-Cookie', flash(context, messages, request))
    return { type: 'done', location, headers }
  }
  const apply = (mutation: CartMutation) => {
    cookies.push(...mutation.headers)
    messages.push(...mutation.cart.notices)
    return mutation.cart
  }

  try {
    switch (intent) {
      case 'quantity': {
        const submission = parseWithZod(formData, { schema: quantitySchema })
        if (submission.status !== 'success') return { type: 'invalid', formId: cartFormId(intent, lineItemId), reply: submission.reply() }
        const cart = apply(await changeQuantity(context, request, locale, submission.value.lineItemId, submission.value.quantity))
        const line = cart.lines.find((l) => l.id === submission.value.lineItemId)
        // A quantity the store adjusted is explained by its own message instead.
        if (line && line.quantity === submission.value.quantity) {
          messages.unshift({ type: 'success', messageKey: 'cart:messages.quantityChanged', values: { name: line.label } })
        }
        return done()
      }
      case 'remove':
      case 'promotion-remove': {
        const submission = parseWithZod(formData, { schema: removeSchema })
        if (submission.status !== 'success') return { type: 'invalid', formId: cartFormId(intent, lineItemId), reply: submission.reply() }
        const removed = await removeLineItem(context, request, locale, submission.value.lineItemId)
        if (!removed) {
          messages.push({ type: 'warning', messageKey: 'cart:messages.lineGone' })
          return done()
        }
        apply(removed)
        messages.unshift({ type: 'success', messageKey: intent === 'remove' ? 'cart:messages.removed' : 'cart:messages.promotionRemoved' })
        return done()
      }
      case 'promotion-add': {
        const submission = parseWithZod(formData, { schema: promotionSchema })
        if (submission.status !== 'success') return { type: 'invalid', formId: intent, reply: submission.reply() }
        const code = submission.value.code
        const mutation = await addPromotionCode(context, request, locale, code)
        // An unknown code is bad input: said at the field with the code kept (400), not in a notice far
        // above it. The store left the cart as it was.
        if (mutation.cart.notices.some((n) => n.messageKey === 'cart:messages.promotion-not-found')) {
          const problem = formMessage('cart:messages.promotion-not-found', { code })
          return { type: 'invalid', formId: intent, reply: submission.reply({ fieldErrors: { code: [problem] } }) }
        }
        const cart = apply(mutation)
        const applied = cart.promotions.some((p) => p.code.toLowerCase() === code.toLowerCase())
        if (applied && !linePromotionNotice(messages)) {
          messages.unshift({ type: 'success', messageKey: 'cart:messages.promotionAdded', values: { code } })
        }
        return done()
      }
      case 'quick-order': {
        const submission = parseWithZod(formData, { schema: quickOrderSchema })
        if (submission.status !== 'success') return { type: 'invalid', formId: intent, reply: submission.reply() }
        const { items, fileProblem } = await quickOrderItems(submission.value.lines ?? '', chosenFile(submission.value.file))
        if (fileProblem) return { type: 'invalid', formId: intent, reply: submission.reply({ fieldErrors: { file: [fileProblem] } }) }
        const products = await findProductsByNumber(context, request, locale, items.map((i) => i.number))
        const { add, notFound, withVariants } = resolveQuickOrder(items, products)
        if (!add.length) {
          const problems = [
            ...(notFound.length ? [formMessage('cart:errors.noneFound', { numbers: notFound.join(', ') })] : []),
            ...(withVariants.length ? [formMessage('cart:errors.withVariants', { numbers: withVariants.join(', ') })] : []),
          ]
          return { type: 'invalid', formId: intent, reply: submission.reply({ fieldErrors: { lines: problems } }) }
        }
        const cart = apply(await addProducts(context, request, locale, add))
        const inCart = add.filter((item) => cart.lines.some((l) => l.productId === item.productId)).length
        if (inCart) messages.unshift({ type: 'success', messageKey: 'cart:messages.quickOrderAdded', values: { count: inCart } })
        const leftOver = leftOverDraft(items, notFound, withVariants)
        const draftCookie = leftOver && location === localizePath(locale, '/checkout/cart') ? quickOrderDraft.write(context, locale, leftOver) : undefined
        if (draftCookie) {
          cookies.push(draftCookie)
          messages.push({ type: 'warning', messageKey: 'cart:messages.quickOrderLeftOver', values: { count: notFound.length + withVariants.length } })
          return done()
        }
        if (notFound.length === 1) messages.push({ type: 'danger', messageKey: 'cart:messages.productNumberNotFound', values: { number: notFound[0]! } })
        if (notFound.length > 1) messages.push({ type: 'danger', messageKey: 'cart:messages.productNumbersNotFound', values: { numbers: someOf(notFound) } })
        if (withVariants.length) messages.push({ type: 'warning', messageKey: 'cart:messages.productHasVariants', values: { numbers: someOf(withVariants) } })
        return done()
      }
      default:
        return { type: 'invalid', formId: 'unknown', reply: { status: 'error', error: { '': ['cart:messages.generic'] } } }
    }
  } catch (err) {
    if (intent === 'quantity' && isLineGone(err)) {
      messages.push({ type: 'warning', messageKey: 'cart:messages.lineGone' })
      return done()
    }
    throw err
  }
}

function sameMessage(a: FlashMessage, b: FlashMessage): boolean {
  return a.messageKey === b.messageKey && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {})
}

/** The cart's messages not already waiting as notifications (each message is shown once). */
export function unseenNotices(notices: FlashMessage[], flashed: FlashMessage[]): FlashMessage[] {
  return notices.filter((notice) => !flashed.some((message) => sameMessage(message, notice)))
}

/** Title and URLs of the cart page; personal, never indexed. */
export function cartPageSeo(context: Pick<LoadContext, 'publicUrl'>, locale: Locale): SeoData {
  return appPageSeo(context, locale, '/checkout/cart', getT(locale, 'cart')('page.title'), {
    description: getT(locale, 'common')('meta.defaultDescription'),
    robots: 'noindex, nofollow',
  })
}
