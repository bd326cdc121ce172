import { ApiClientError } from '@shopware/api-client'
import type { Schemas } from '@shopware/api-client/api-types'
import { parse, serialize } from 'cookie'
import type { GuestValues } from '~/forms/checkout'
import type { AddressValues } from '~/forms/address'
import type { LoadContext } from '~/load-context'
import { localePrefix, localizePath, type Locale } from '~/lib/locale'
import { variantOptionsOf, type VariantOption } from '~/lib/variant-options'
import { signValue, unsignValue } from '~/session/cookies.server'
import { storefrontUrl } from './account.server'
import { loadCart, orderTotals, type CartTotalsView, type CartView } from './cart.server'
import { getStore, type Store } from './client.server'
import {
  loadAddresses,
  loadCountries,
  loadSalutations,
  orderEntries,
  paymentChangeableOf,
  text,
  translatedName,
  type AddressView,
  type CountryOption,
  type OrderAddressView,
  type SalutationOption,
} from './customer.server'
import { errorCodes, storeViolationsToFields } from './errors.server'
import { sessionContext, sessionState, storeSessionState, type SessionState } from './session-context.server'
import { HEX_ID } from '~/lib/hex-id'

type CheckoutContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog' | 'publicUrl'>
type Customer = Schemas['Customer']
type ShippingMethod = Schemas['ShippingMethod']
type PaymentMethod = Schemas['PaymentMethod']
type Order = Schemas['Order']
type OrderAddress = Schemas['OrderAddress']

// ------------------------------------------------------------------------------------------------
// View models

export interface MethodView {
  id: string
  name: string
  description?: string
  /** Shipping: the delivery time as the store names it ('1-3 days'). */
  deliveryTime?: string
  /** Payment: the shopper pays on an external page after the order (demo pay). */
  asynchronous?: boolean
}

export interface CheckoutSession {
  state: SessionState
  firstName?: string
  lastName?: string
  email?: string
}

export interface CheckoutView {
  session: CheckoutSession
  cart: CartView
  /** The customer's saved addresses (a guest has the one given at the checkout). */
  addresses: AddressView[]
  shippingAddressId?: string
  billingAddressId?: string
  shippingMethods: MethodView[]
  paymentMethods: MethodView[]
  /** Methods of the shop that this order cannot use (their availability rules exclude it, e.g. invoice above a limit). */
  unavailablePaymentMethods: MethodView[]
  shippingMethodId?: string
  paymentMethodId?: string
  salutations: SalutationOption[]
  countries: CountryOption[]
  /** The cart holds downloads: the waiver of the right of cancellation is needed. */
  needsWaiver: boolean
}

export function shippingMethodView(method: ShippingMethod): MethodView {
  const deliveryTime = method.deliveryTime as { name?: string; translated?: { name?: string } } | undefined
  return {
    id: method.id,
    name: translatedName(method) ?? method.id,
    description: text(method.translated?.description) ?? text(method.description),
    deliveryTime: translatedName(deliveryTime),
  }
}

export function paymentMethodView(method: PaymentMethod): MethodView {
  const raw = method as PaymentMethod & { asynchronous?: boolean }
  return {
    id: method.id,
    name: translatedName(method) ?? method.id,
    description: text(method.translated?.description) ?? text(method.description),
    asynchronous: raw.asynchronous === true,
  }
}

// ------------------------------------------------------------------------------------------------
// The checkout page

/**
 * Everything the one-page checkout shows, in one round of store calls side by side: the session
 * (customer, chosen addresses), the cart (with its errors and chosen methods after the store's
 * adjustments), the available shipping and payment methods, the saved addresses and the form
 * options. A customer is known only after GET /context, so for a session not known to have one the
 * address list waits for it (listing addresses without a customer would only earn a 403); one that had
 * a customer on its last page lists them beside it.
 */
export async function loadCheckout(context: CheckoutContext, request: Request, locale: Locale): Promise<CheckoutView> {
  const store = getStore(context, request, locale)
  const contextRead = sessionContext(store)
  const [session, cart, shipping, payment, allPayment, addresses, salutations, countries] = await Promise.all([
    contextRead,
    loadCart(context, request, locale),
    store.invoke('readShippingMethod post /shipping-method', {
      query: { onlyAvailable: true },
      body: { associations: { deliveryTime: {} }, sort: [{ field: 'position', order: 'ASC' }] },
    } as never),
    store.invoke('readPaymentMethod post /payment-method', {
      body: { onlyAvailable: true, sort: [{ field: 'position', order: 'ASC' }] },
    }),
    // Without `onlyAvailable` the store lists every method of the shop: the difference is what this order cannot use.
    store.invoke('readPaymentMethod post /payment-method', { body: { sort: [{ field: 'position', order: 'ASC' }] } }),
    store.sessionHint
      ? loadAddresses(store, contextRead.then((c) => c.customer))
      : contextRead.then((c) => (c.customer?.id ? loadAddresses(store, c.customer) : [])),
    loadSalutations(store),
    loadCountries(store),
  ])
  const customer = session.customer
  const state = sessionState(customer)
  const shippingMethods = ((shipping as { data: { elements?: ShippingMethod[] } }).data.elements ?? []).map(shippingMethodView)
  const paymentMethods = (payment.data.elements ?? []).map(paymentMethodView)
  const available = new Set(paymentMethods.map((method) => method.id))
  const unavailablePaymentMethods = (allPayment.data.elements ?? []).map(paymentMethodView).filter((method) => !available.has(method.id))
  const active = customer as (Customer & { activeShippingAddress?: { id?: string }; activeBillingAddress?: { id?: string } }) | null
  return {
    session: {
      state,
      firstName: text(customer?.firstName),
      lastName: text(customer?.lastName),
      email: text(customer?.email),
    },
    cart,
    addresses,
    shippingAddressId: active?.activeShippingAddress?.id ?? active?.defaultShippingAddressId ?? undefined,
    billingAddressId: active?.activeBillingAddress?.id ?? active?.defaultBillingAddressId ?? undefined,
    shippingMethods,
    paymentMethods,
    unavailablePaymentMethods,
    // The cart carries the methods after the store replaced a blocked one; the context may be a step behind.
    shippingMethodId: cart.shippingMethodId ?? session.shippingMethod?.id,
    paymentMethodId: cart.paymentMethodId ?? session.paymentMethod?.id,
    salutations,
    countries,
    needsWaiver: cart.lines.some((line) => line.isDownload),
  }
}

// ------------------------------------------------------------------------------------------------
// Section actions

export type FieldErrors = Record<string, string[]>
export type StepResult = { type: 'ok'; headers: string[] } | { type: 'invalid'; fieldErrors: FieldErrors }

const contextFieldMap: Record<string, string> = {
  shippingAddressId: 'addressId',
  billingAddressId: 'addressId',
  shippingMethodId: 'shippingMethodId',
  paymentMethodId: 'paymentMethodId',
}

/** PATCH /context with one choice; an id the store does not know is the shopper's to fix. */
export async function updateCheckoutContext(
  context: CheckoutContext,
  request: Request,
  locale: Locale,
  change: { shippingAddressId?: string; billingAddressId?: string; shippingMethodId?: string; paymentMethodId?: string },
): Promise<StepResult> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('updateContext patch /context', { body: change })
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 400 || err.status === 404)) {
      const fieldErrors = storeViolationsToFields(err, contextFieldMap)
      const field = Object.keys(change)[0] ?? ''
      return { type: 'invalid', fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : { [contextFieldMap[field] ?? '']: ['auth:validation.choice'] } }
    }
    throw err
  }
  return { type: 'ok', headers: store.commit() }
}

const addressFieldMap = { salutationId: 'salutationId' }

/** A new address at the checkout: saved to the account, then chosen for shipping, billing or both. */
export async function createCheckoutAddress(
  context: CheckoutContext,
  request: Request,
  locale: Locale,
  values: Omit<AddressValues, 'addressId'>,
  use: 'shipping' | 'billing' | 'both',
): Promise<StepResult> {
  const store = getStore(context, request, locale)
  let id: string
  try {
    const { data } = await store.invoke('createCustomerAddress post /account/address', { body: values as never })
    id = data.id
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 400) {
      const fieldErrors = storeViolationsToFields(err, addressFieldMap)
      return { type: 'invalid', fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : { '': ['auth:validation.generic'] } }
    }
    throw err
  }
  const change = {
    ...(use !== 'billing' ? { shippingAddressId: id } : {}),
    ...(use !== 'shipping' ? { billingAddressId: id } : {}),
  }
  return updateCheckoutContext(context, request, locale, change)
}

/** Store fields of the guest registration → the checkout's guest form. */
const guestFieldMap: Record<string, string> = {
  'billingAddress.street': 'street',
  'billingAddress.zipcode': 'zipcode',
  'billingAddress.city': 'city',
  'billingAddress.countryId': 'countryId',
  'billingAddress.countryStateId': 'countryStateId',
  'billingAddress.phoneNumber': 'phoneNumber',
  'billingAddress.company': 'company',
  'billingAddress.firstName': 'firstName',
  'billingAddress.lastName': 'lastName',
  'billingAddress.salutationId': 'salutationId',
  'vatIds.*': 'vatId',
  vatIds: 'vatId',
  acceptedDataProtection: '',
  storefrontUrl: '',
}

/**
 * 'Continue as a guest': POST /account/register with guest: true. The store answers with a new
 * context token for the guest session, which places the order. A company with VAT ID registers
 * as a business guest; a company alone goes onto the invoice address.
 */
export async function registerGuest(context: CheckoutContext, request: Request, locale: Locale, values: GuestValues): Promise<StepResult> {
  const store = getStore(context, request, locale)
  const business = !!values.company && !!values.vatId
  const names = { salutationId: values.salutationId, firstName: values.firstName, lastName: values.lastName }
  const body = {
    guest: true,
    accountType: business ? 'business' : 'private',
    ...names,
    email: values.email,
    acceptedDataProtection: true,
    storefrontUrl: storefrontUrl(context, locale),
    billingAddress: {
      ...names,
      street: values.street,
      zipcode: values.zipcode,
      city: values.city,
      countryId: values.countryId,
      ...(values.countryStateId ? { countryStateId: values.countryStateId } : {}),
      ...(values.company ? { company: values.company } : {}),
      ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}),
    },
    ...(business ? { company: values.company, vatIds: [values.vatId] } : {}),
  }
  try {
    await store.invoke('register post /account/register', { body: body as never })
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 400) {
      const fieldErrors = storeViolationsToFields(err, guestFieldMap)
      return { type: 'invalid', fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : { '': ['auth:validation.generic'] } }
    }
    throw err
  }
  return { type: 'ok', headers: store.commit() }
}

// ------------------------------------------------------------------------------------------------
// Placing the order and paying

export interface OrderInput {
  contactPerson?: string
  desiredDate?: string
  comment?: string
}

export type PlaceOrderResult =
  | { type: 'ok'; orderId: string; redirectUrl: string | null }
  /** No customer or guest session (403). */
  | { type: 'login-required' }
  /** The cart has errors that block the order. */
  | { type: 'blocked' }
  /** No cart (any more): a second submit of the same order finds the first one's cart gone. */
  | { type: 'empty'; recentOrderId?: string }

/** How long after an order a resubmitted form is taken as the same order (no-JS double submit). */
export const RESUBMIT_WINDOW_MS = 10 * 60 * 1000

/** The shopper's return URLs after the payment page (contracts: finishUrl/errorUrl on the public origin). */
export function paymentReturnUrls(context: Pick<LoadContext, 'publicUrl'>, locale: Locale, orderId: string) {
  const base = `${context.publicUrl.replace(/\/+$/, '')}${localePrefix(locale)}/checkout/success/${orderId}`
  return { finishUrl: `${base}/paid`, errorUrl: `${base}/unpaid` }
}

/** The newest order of the session if it is only minutes old (the one a resubmitted form meant). */
async function recentOrderId(store: Store, now = Date.now()): Promise<string | undefined> {
  try {
    const { data } = await store.invoke('readOrder post /order', {
      body: { limit: 1, sort: [{ field: 'orderDateTime', order: 'DESC' }] } as never,
    })
    const order = data.orders.elements[0]
    if (!order) return undefined
    const placed = Date.parse(order.orderDateTime ?? order.createdAt ?? '')
    return Number.isFinite(placed) && now - placed < RESUBMIT_WINDOW_MS ? order.id : undefined
  } catch {
    return undefined
  }
}

/**
 * POST /checkout/order with the comment and the forestry fields (contact person, desired delivery
 * date: customFields, contracts), then POST /handle-payment so an asynchronous payment knows its
 * page. The store deletes the cart with the order, so a second submit cannot order twice: it gets
 * CHECKOUT__CART_EMPTY, and the shopper is led to the order just placed.
 */
export async function placeOrder(context: CheckoutContext, request: Request, locale: Locale, input: OrderInput): Promise<PlaceOrderResult> {
  const store = getStore(context, request, locale)
  const customFields = {
    ...(input.contactPerson ? { forst_contact_person: input.contactPerson } : {}),
    ...(input.desiredDate ? { forst_desired_delivery_date: input.desiredDate } : {}),
  }
  let order: Order
  try {
    const { data } = await store.invoke('createOrder post /checkout/order', {
      body: { ...(input.comment ? { customerComment: input.comment } : {}), customFields } as never,
    })
    order = data
  } catch (err) {
    const codes = errorCodes(err)
    if (codes.includes('CHECKOUT__CART_EMPTY')) return { type: 'empty', recentOrderId: await recentOrderId(store) }
    if (codes.includes('CHECKOUT__CUSTOMER_NOT_LOGGED_IN')) return { type: 'login-required' }
    if (codes.includes('CHECKOUT__CART_INVALID')) return { type: 'blocked' }
    throw err
  }
  context.logger.info({ orderId: order.id }, 'order placed')
  const redirectUrl = await startPayment(store, context, locale, order.id).catch((err: unknown) => {
    // The order exists; the success page offers to start the payment again.
    context.logger.warn({ orderId: order.id, errorCodes: errorCodes(err) }, 'handle-payment failed after order')
    return null
  })
  return { type: 'ok', orderId: order.id, redirectUrl }
}

/** POST /handle-payment: the payment page of an asynchronous method, or null when nothing is left to do. */
export async function startPayment(store: Store, context: Pick<LoadContext, 'publicUrl'>, locale: Locale, orderId: string): Promise<string | null> {
  const { data } = await store.invoke('handlePaymentMethod post /handle-payment', {
    body: { orderId, ...paymentReturnUrls(context, locale, orderId) },
  } as never)
  const url = (data as { redirectUrl?: unknown }).redirectUrl
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null
}

export type ChangePaymentResult =
  | { type: 'ok'; redirectUrl: string | null }
  | { type: 'already-paid' }
  | { type: 'unknown-method' }
  | { type: 'not-found' }

/** Pay again (spec section 4, order payment): POST /order/payment, then /handle-payment. */
export async function payAgain(
  context: CheckoutContext,
  request: Request,
  locale: Locale,
  orderId: string,
  paymentMethodId: string,
): Promise<ChangePaymentResult> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('orderSetPayment post /order/payment', { body: { orderId, paymentMethodId } })
  } catch (err) {
    const codes = errorCodes(err)
    if (codes.includes('CHECKOUT__ORDER_ORDER_ALREADY_PAID') || codes.some((c) => /ALREADY_PAID/.test(c))) return { type: 'already-paid' }
    if (codes.some((c) => /UNKNOWN_PAYMENT_METHOD|PAYMENT_METHOD_NOT_FOUND/.test(c))) return { type: 'unknown-method' }
    if (codes.some((c) => /ORDER_NOT_FOUND/.test(c)) || (err instanceof ApiClientError && err.status === 404)) return { type: 'not-found' }
    throw err
  }
  return { type: 'ok', redirectUrl: await startPayment(store, context, locale, orderId) }
}

// ------------------------------------------------------------------------------------------------
// The order success page

export type PaymentState = 'open' | 'paid' | 'failed' | 'cancelled' | 'other'

export interface OrderLine {
  id: string
  label: string
  productNumber?: string
  options: VariantOption[]
  quantity: number
  unitPrice: number
  totalPrice: number
  isPromotion: boolean
}

export interface OrderView {
  id: string
  orderNumber: string
  date: string
  currency: string
  lines: OrderLine[]
  totals: CartTotalsView
  billingAddress?: OrderAddressView
  shippingAddress?: OrderAddressView
  shippingMethod?: MethodView
  paymentMethod?: MethodView
  paymentState: PaymentState
  /** The store lets the shopper choose another payment method and pay again. */
  paymentChangeable: boolean
  email?: string
  comment?: string
  contactPerson?: string
  desiredDate?: string
  /** Ordered as a guest: only the order mail's link (e-mail and postcode) shows the order again later. */
  byGuest: boolean
}

function orderAddress(address: OrderAddress | null | undefined): OrderAddressView | undefined {
  if (!address) return undefined
  const raw = address as OrderAddress & { country?: { name?: string; translated?: { name?: string } }; countryState?: { name?: string; translated?: { name?: string } } }
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: text(address.company),
    department: text(address.department),
    street: address.street,
    additionalAddressLine1: text(address.additionalAddressLine1),
    zipcode: text(address.zipcode),
    city: address.city,
    country: translatedName(raw.country),
    countryStateId: text(address.countryStateId),
    state: translatedName(raw.countryState),
    phoneNumber: text(address.phoneNumber),
  }
}

function paymentStateOf(name: string | undefined): PaymentState {
  if (name === 'open' || name === 'paid' || name === 'failed' || name === 'cancelled') return name
  if (name === 'paid_partially' || name === 'authorized' || name === 'reminded' || name === 'in_progress' || name === 'unconfirmed') return 'open'
  return 'other'
}

function latest<T extends { createdAt?: string }>(items: T[] | undefined): T | undefined {
  return [...(items ?? [])].sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''))[0]
}

export function orderView(order: Order, paymentChangeable: boolean, byGuest = false): OrderView {
  const delivery = latest(order.deliveries)
  const transaction = latest(order.transactions)
  const billing = order.billingAddress ?? order.addresses?.find((a) => a.id === order.billingAddressId)
  const shippingAddress = (delivery as { shippingOrderAddress?: OrderAddress } | undefined)?.shippingOrderAddress
  return {
    id: order.id,
    orderNumber: order.orderNumber ?? order.id,
    date: order.orderDateTime,
    currency: (order.currency as { isoCode?: string } | undefined)?.isoCode ?? 'EUR',
    lines: (order.lineItems ?? [])
      .slice()
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((line) => ({
        id: line.id,
        label: line.label,
        productNumber: text((line.payload as { productNumber?: string } | undefined)?.productNumber),
        options: variantOptionsOf(line.payload),
        quantity: line.quantity,
        unitPrice: line.unitPrice ?? 0,
        totalPrice: line.totalPrice ?? 0,
        isPromotion: line.type === 'promotion',
      })),
    totals: orderTotals(order),
    billingAddress: orderAddress(billing),
    shippingAddress: orderAddress(shippingAddress),
    shippingMethod: delivery?.shippingMethod ? shippingMethodView(delivery.shippingMethod) : undefined,
    paymentMethod: transaction?.paymentMethod ? paymentMethodView(transaction.paymentMethod) : undefined,
    paymentState: paymentStateOf(transaction?.stateMachineState?.technicalName),
    paymentChangeable,
    email: text(order.orderCustomer?.email),
    ...orderEntries(order),
    byGuest,
  }
}

/**
 * One order of the session (customer or guest) with everything the success page shows; undefined
 * for an unknown id or someone else's order (the store answers only the session's own).
 */
export async function loadOrderView(context: CheckoutContext, request: Request, locale: Locale, orderId: string): Promise<OrderView | undefined> {
  const store = getStore(context, request, locale)
  if (!store.hasSession || !HEX_ID.test(orderId)) return undefined
  // The session's context is read for the page anyway (root loader): whether the order is a guest's costs no call.
  const guest = storeSessionState(store).then(
    (state) => state === 'guest',
    () => false,
  )
  try {
    const { data } = await store.invoke('readOrder post /order', {
      body: {
        filter: [{ type: 'equals', field: 'id', value: orderId }],
        limit: 1,
        // Without it Shopware answers no paymentChangeable, and a failed payment could not be changed.
        checkPromotion: true,
        associations: {
          lineItems: {},
          deliveries: { associations: { shippingMethod: { associations: { deliveryTime: {} } }, shippingOrderAddress: { associations: { country: {}, countryState: {} } } } },
          transactions: { associations: { paymentMethod: {}, stateMachineState: {} } },
          billingAddress: { associations: { country: {}, countryState: {} } },
          addresses: { associations: { country: {} } },
          stateMachineState: {},
          currency: {},
          orderCustomer: {},
        },
      } as never,
    })
    const order = data.orders.elements[0]
    if (!order || order.id !== orderId) return undefined
    return orderView(order, paymentChangeableOf(data)[orderId] === true, await guest)
  } catch (err) {
    // Without a customer or guest session there are no orders to see.
    if (err instanceof ApiClientError && (err.status === 403 || err.status === 401 || err.status === 404)) return undefined
    throw err
  }
}

/** How long after ordering the order page still says that the confirmation mail is on its way. */
const JUST_PLACED_MS = 60 * 60 * 1000

/** Whether an order was placed so recently that its confirmation mail is still 'on its way'. */
export function isJustPlaced(orderDateTime: string, now = Date.now()): boolean {
  const placed = Date.parse(orderDateTime)
  return Number.isFinite(placed) && now - placed < JUST_PLACED_MS
}

/** The payment methods a shopper can pay an unpaid order with. */
export async function loadPaymentChoices(context: CheckoutContext, request: Request, locale: Locale): Promise<MethodView[]> {
  const store = getStore(context, request, locale)
  const { data } = await store.invoke('readPaymentMethod post /payment-method', {
    body: { onlyAvailable: true, sort: [{ field: 'position', order: 'ASC' }] },
  })
  return (data.elements ?? []).map(paymentMethodView)
}

// ------------------------------------------------------------------------------------------------
// The payment page to go to after the success page's countdown

const PAYMENT_COOKIE = 'checkout-payment'
const PAYMENT_COOKIE_MAX_AGE = 30 * 60

type CookieContext = Pick<LoadContext, 'secureCookies' | 'sessionSecret'>

/**
 * The success page counts down to the payment page the store named after the order (spec section
 * 9: 5 seconds). The URL travels in a signed, short-lived cookie: the success page is a GET and
 * must not start a payment itself, and a URL in the query would be an open redirect.
 */
export function paymentRedirectCookie(context: CookieContext, orderId: string, url: string): string {
  const value = signValue(Buffer.from(JSON.stringify({ o: orderId, u: url })).toString('base64url'), context.sessionSecret)
  return serialize(PAYMENT_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: context.secureCookies,
    path: '/',
    maxAge: PAYMENT_COOKIE_MAX_AGE,
  })
}

export function clearPaymentRedirectCookie(context: CookieContext): string {
  return serialize(PAYMENT_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: context.secureCookies, path: '/', maxAge: 0 })
}

/** The payment page waiting for this order, if the cookie holds one. */
export function readPaymentRedirect(request: Request, context: CookieContext, orderId: string): string | undefined {
  const raw = parse(request.headers.get('Cookie') ?? '')[PAYMENT_COOKIE]
  if (!raw) return undefined
  const payload = unsignValue(raw, context.sessionSecret)
  if (!payload) return undefined
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o?: unknown; u?: unknown }
    return parsed.o === orderId && typeof parsed.u === 'string' && /^https?:\/\//.test(parsed.u) ? parsed.u : undefined
  } catch {
    return undefined
  }
}

/** Paths of the success pages. */
export function successPath(locale: Locale, orderId: string, result?: 'paid' | 'unpaid'): string {
  return localizePath(locale, `/checkout/success/${orderId}${result ? `/${result}` : ''}`)
}

/** A response a loader or action threw on purpose (redirect, data() with a status): passed on, not a store failure. */
export function isRouteResponse(err: unknown): boolean {
  return err instanceof Response || (!!err && typeof err === 'object' && (err as { type?: unknown }).type === 'DataWithResponseInit')
}
