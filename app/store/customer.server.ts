import type { Schemas } from '@shopware/api-client/api-types'
import { ApiClientError } from '@shopware/api-client'
import type { AddressValues } from '~/forms/address'
import type { ChangeEmailValues } from '~/forms/change-email'
import type { ChangePasswordValues } from '~/forms/change-password'
import type { CompanyType, ProfileValues } from '~/forms/profile'
import { companyTypes } from '~/forms/profile'
import type { LoadContext } from '~/load-context'
import { getT } from '~/i18n.server'
import { localizePath, locales, type Locale } from '~/lib/locale'
import type { Breadcrumb, FlashMessage, SeoData } from '~/lib/shell-types'
import { variantOptionsOf, type VariantOption } from '~/lib/variant-options'
import { isOfferedCountry, requireCustomer } from './account.server'
import { addProducts, orderTotals, type CartContext, type CartTotalsView } from './cart.server'
import { getStore, type Store } from './client.server'
import { errorCodes, throwPageError } from './errors.server'

type Customer = Schemas['Customer']
type CustomerAddress = Schemas['CustomerAddress']
type Country = Schemas['Country']
type PaymentMethod = Schemas['PaymentMethod']
type Order = Schemas['Order']
type Salutation = Schemas['Salutation']

/**
 * What a Customer carries beyond the 6.7 schema: 6.6 still has the default payment method (the
 * change-payment-method route of 6.6 sets it; the demo store follows 6.6 there), and business
 * accounts carry company and VAT IDs.
 */
type CustomerRecord = Customer & {
  defaultPaymentMethod?: PaymentMethod | null
  defaultPaymentMethodId?: string | null
  company?: string | null
  vatIds?: string[] | null
  accountType?: string
}

// ------------------------------------------------------------------------------------------------
// The guard

type AccountSession = Awaited<ReturnType<typeof requireCustomer>>
// By the request's store client: Remix gives each loader a Request of its own, and getStore finds
// the loaders of one request (and keeps an action apart from them) by its load context.
const sessions = new WeakMap<Store, Promise<AccountSession>>()

/**
 * The logged-in customer of this request, or the redirect to the login page (thrown). The account
 * layout's loader is the guard; Remix runs the page's loader beside it, not after it, so every account
 * loader and action asks here and one request reads the customer once.
 */
export function accountSession(context: LoadContext, request: Request, locale: Locale): Promise<AccountSession> {
  const store = getStore(context, request, locale)
  let session = sessions.get(store)
  if (!session) {
    session = requireCustomer(context, request, locale)
    sessions.set(store, session)
  }
  return session
}

/**
 * The guard with the page's own reads started beside it instead of after it, so an account page waits
 * for one round of store calls, not two. `customer` is the guard's customer, for a read that needs it
 * once its own call is under way. The guard decides: without a logged-in customer its redirect is
 * thrown and what the reads got (the store refuses them) is dropped. Without a session the guard
 * sends the visitor to the login page without asking the store, and nothing is read. A read the store
 * refuses for a logged-in customer rejects `loaded` with the page's error response (throwPageError).
 */
export async function accountSessionWith<T>(
  context: LoadContext,
  request: Request,
  locale: Locale,
  read: (store: Store, customer: Promise<Customer>) => Promise<T>,
): Promise<AccountSession & { loaded: Promise<T> }> {
  const store = getStore(context, request, locale)
  const guard = accountSession(context, request, locale)
  if (!store.hasSession) await guard
  const customer = guard.then((session) => session.customer)
  // Both may be refused along with the guard, whose own rejection is what the page gets.
  customer.catch(() => undefined)
  const loaded = read(store, customer).catch((err: unknown) => throwPageError(err, request))
  loaded.catch(() => undefined)
  return { ...(await guard), loaded }
}

// ------------------------------------------------------------------------------------------------
// View models (plain data for the pages; no store internals)

export interface AddressView {
  id: string
  salutationId?: string
  salutation?: string
  firstName: string
  lastName: string
  company?: string
  department?: string
  street: string
  additionalAddressLine1?: string
  zipcode?: string
  city: string
  countryId: string
  country?: string
  countryStateId?: string
  state?: string
  phoneNumber?: string
  defaultBilling: boolean
  defaultShipping: boolean
}

export interface ProfileView {
  customerNumber: string
  salutationId?: string
  salutation?: string
  firstName: string
  lastName: string
  email: string
  business: boolean
  company?: string
  vatId?: string
  companyType?: CompanyType
  companyWebsite?: string
  invoiceEmail?: string
  /** Member of another group than the standard one (the reseller group), or waiting for approval of one. */
  group?: string
  groupRequested: boolean
}

export interface PaymentMethodView {
  id: string
  name: string
  description?: string
}

/** Shopware's transaction states; anything else (a plugin's state) shows the store's own name. */
export const paymentStates = ['open', 'paid', 'paid_partially', 'failed', 'cancelled', 'reminded', 'unconfirmed', 'authorized', 'in_progress', 'refunded', 'refunded_partially', 'chargeback'] as const
export type PaymentState = (typeof paymentStates)[number]

export interface OrderSummary {
  id: string
  orderNumber: string
  date: string
  status?: string
  total: number
  currency: string
  /** The latest transaction's state; the page translates it (the store's name is the fallback). */
  paymentState?: PaymentState
  paymentStateName?: string
  /** Unpaid, payable online now, and the store lets the shopper pay again (POST /order paymentChangeable). */
  payAgain: boolean
}

export interface OrderLineView {
  id: string
  /** Set for product lines: reorder puts them back into the cart. */
  productId?: string
  label: string
  productNumber?: string
  options: VariantOption[]
  quantity: number
  /** The normal price when the shopper paid less (list price or reseller's normal price). */
  listPrice?: number
  unitPrice: number
  totalPrice: number
}

export interface OrderDeliveryTime {
  max: number
  unit: 'hour' | 'day' | 'week' | 'month' | 'year'
}

export interface OrderDetailView extends OrderSummary {
  lines: OrderLineView[]
  totals: CartTotalsView
  billingAddress?: OrderAddressView
  shippingAddress?: OrderAddressView
  paymentMethod?: string
  shippingMethod?: string
  deliveryTime?: OrderDeliveryTime
  /** What the customer entered at the checkout for the delivery. */
  contactPerson?: string
  /** YYYY-MM-DD */
  desiredDate?: string
  comment?: string
}

export type OrderAddressView = Omit<AddressView, 'id' | 'countryId' | 'defaultBilling' | 'defaultShipping'>

export interface CountryOption {
  id: string
  name: string
  states: { id: string; name: string }[]
}

export interface SalutationOption {
  id: string
  name: string
}

/** A non-blank string from the store, else undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** An entity's name in the request's language, falling back to its own name. */
export function translatedName(entity: { name?: string | null; translated?: { name?: string } } | null | undefined): string | undefined {
  return text(entity?.translated?.name) ?? text(entity?.name)
}

function salutationName(salutation: Salutation | null | undefined): string | undefined {
  const key = (salutation as { salutationKey?: string } | null | undefined)?.salutationKey
  // 'not specified' is no salutation a person is addressed with.
  if (!salutation || key === 'not_specified') return undefined
  return text(salutation.translated?.displayName) ?? text(salutation.displayName)
}

type AddressLike = Pick<CustomerAddress, 'firstName' | 'lastName' | 'street' | 'city' | 'countryId'> &
  Partial<Pick<CustomerAddress, 'salutationId' | 'salutation' | 'company' | 'department' | 'additionalAddressLine1' | 'zipcode' | 'countryStateId' | 'phoneNumber'>> & {
    country?: Country | null
    countryState?: { name?: string; translated?: { name?: string } } | null
  }

function addressFields(address: AddressLike): OrderAddressView & { countryId: string } {
  return {
    salutationId: text(address.salutationId),
    salutation: salutationName(address.salutation),
    firstName: address.firstName,
    lastName: address.lastName,
    company: text(address.company),
    department: text(address.department),
    street: address.street,
    additionalAddressLine1: text(address.additionalAddressLine1),
    zipcode: text(address.zipcode),
    city: address.city,
    countryId: address.countryId,
    country: translatedName(address.country),
    countryStateId: text(address.countryStateId),
    state: translatedName(address.countryState),
    phoneNumber: text(address.phoneNumber),
  }
}

export function addressView(address: CustomerAddress, customer: Pick<Customer, 'defaultBillingAddressId' | 'defaultShippingAddressId'>): AddressView {
  return {
    id: address.id,
    ...addressFields(address),
    defaultBilling: address.id === customer.defaultBillingAddressId,
    defaultShipping: address.id === customer.defaultShippingAddressId,
  }
}

function customFieldsOf(customer: Customer): Record<string, unknown> {
  const fields = customer.customFields
  return fields && typeof fields === 'object' ? (fields as Record<string, unknown>) : {}
}

export function profileView(customer: Customer, resellerGroupId?: string): ProfileView {
  const record = customer as CustomerRecord
  const fields = customFieldsOf(customer)
  const companyType = fields.forst_company_type
  const business = record.accountType === 'business'
  return {
    customerNumber: customer.customerNumber,
    salutationId: text(customer.salutationId),
    salutation: salutationName(customer.salutation),
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    business,
    company: text(record.company),
    vatId: text(record.vatIds?.[0]),
    companyType: (companyTypes as readonly unknown[]).includes(companyType) ? (companyType as CompanyType) : undefined,
    companyWebsite: text(fields.forst_company_website),
    invoiceEmail: text(fields.forst_invoice_email),
    group: resellerGroupId && customer.groupId === resellerGroupId ? translatedName(customer.group) : undefined,
    groupRequested: !!resellerGroupId && customer.requestedGroupId === resellerGroupId,
  }
}

function paymentMethodView(method: PaymentMethod): PaymentMethodView {
  return {
    id: method.id,
    name: translatedName(method) ?? method.id,
    description: text(method.translated?.description) ?? text(method.description),
  }
}

type OrderTransaction = NonNullable<Order['transactions']>[number]

/** The transaction that counts: the newest (a retried payment adds one, Shopware's storefront takes the last). */
function latestTransaction(order: Order): OrderTransaction | undefined {
  const transactions = [...(order.transactions ?? [])]
  transactions.sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')))
  return transactions[transactions.length - 1]
}

/** A payment that went wrong or is overdue: the shopper may try again (Shopware's storefront, order-item.html.twig). */
const retryStates: readonly string[] = ['failed', 'cancelled', 'reminded', 'unconfirmed']

/**
 * Whether paying now makes sense. An open transaction is only waiting for the shopper when its method
 * is paid online (asynchronous, e.g. a payment page left before paying); an open invoice or prepayment
 * waits for a bank transfer, and "pay now" would only lead to a failed payment page.
 */
function payableNow(transaction: OrderTransaction | undefined, technical: string | undefined): boolean {
  if (technical === 'open') return (transaction?.paymentMethod as { asynchronous?: boolean } | undefined)?.asynchronous === true
  return !!technical && retryStates.includes(technical)
}

export function orderSummary(order: Order, paymentChangeable?: Record<string, boolean>): OrderSummary {
  const transaction = latestTransaction(order)
  const technical = transaction?.stateMachineState?.technicalName
  const known = (paymentStates as readonly string[]).includes(technical ?? '') ? (technical as PaymentState) : undefined
  return {
    id: order.id,
    orderNumber: order.orderNumber ?? order.id,
    date: order.orderDateTime,
    status: translatedName(order.stateMachineState),
    total: order.amountTotal ?? order.price?.totalPrice ?? 0,
    currency: order.currency?.isoCode ?? 'EUR',
    paymentState: known,
    paymentStateName: translatedName(transaction?.stateMachineState),
    payAgain: payableNow(transaction, technical) && paymentChangeable?.[order.id] === true,
  }
}

const deliveryUnits: readonly OrderDeliveryTime['unit'][] = ['hour', 'day', 'week', 'month', 'year']

function deliveryTime(value: unknown): OrderDeliveryTime | undefined {
  const time = value as { max?: unknown; unit?: unknown } | null | undefined
  const max = Number(time?.max)
  const unit = deliveryUnits.find((u) => u === time?.unit)
  return unit && Number.isFinite(max) && max > 0 ? { max, unit } : undefined
}

function money(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** An Order (with its associations) as the details page shows it. */
export function orderDetailView(order: Order, paymentChangeable?: Record<string, boolean>): OrderDetailView {
  const billing = order.billingAddress ?? order.addresses?.find((a) => a.id === order.billingAddressId)
  const delivery = order.deliveries?.[0]
  const shipping = delivery?.shippingOrderAddress
  const transaction = latestTransaction(order)
  const shippingMethod = delivery?.shippingMethod as (Schemas['ShippingMethod'] & { deliveryTime?: unknown }) | undefined
  const lines = (order.lineItems ?? [])
    .filter((item) => !item.parentId)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
    .map((item): OrderLineView => {
      // The calculated price is stored with the line (Shopware's `price` field; not in the 6.7 schema).
      const calculated = (item as { price?: { unitPrice?: number; totalPrice?: number; listPrice?: { price?: unknown } | null } }).price
      const unitPrice = item.unitPrice ?? calculated?.unitPrice ?? 0
      const listPrice = money(calculated?.listPrice?.price)
      return {
        id: item.id,
        productId: item.type === 'product' ? (item.productId ?? item.referencedId ?? undefined) : undefined,
        label: item.label,
        productNumber: text((item.payload as { productNumber?: string } | undefined)?.productNumber),
        options: variantOptionsOf(item.payload),
        quantity: item.quantity,
        listPrice: listPrice !== undefined && listPrice > unitPrice ? listPrice : undefined,
        unitPrice,
        totalPrice: item.totalPrice ?? calculated?.totalPrice ?? 0,
      }
    })
  return {
    ...orderSummary(order, paymentChangeable),
    lines,
    totals: orderTotals(order),
    billingAddress: billing ? addressFields(billing as AddressLike) : undefined,
    shippingAddress: shipping ? addressFields(shipping as AddressLike) : undefined,
    paymentMethod: translatedName(transaction?.paymentMethod),
    shippingMethod: translatedName(shippingMethod),
    deliveryTime: deliveryTime(shippingMethod?.deliveryTime),
    ...orderEntries(order),
  }
}

/** The contact person, desired delivery date (YYYY-MM-DD) and comment given at the checkout (success page and order details). */
export function orderEntries(order: Pick<Order, 'customFields' | 'customerComment'>): { contactPerson?: string; desiredDate?: string; comment?: string } {
  const fields = (order.customFields ?? {}) as { forst_contact_person?: unknown; forst_desired_delivery_date?: unknown }
  return {
    comment: text(order.customerComment),
    contactPerson: text(fields.forst_contact_person),
    desiredDate: text(fields.forst_desired_delivery_date),
  }
}

// ------------------------------------------------------------------------------------------------
// Reads

/** Salutations for the select fields, in the page language. */
export async function loadSalutations(store: Store): Promise<SalutationOption[]> {
  const { data } = await store.invoke('readSalutation post /salutation', { body: { limit: 100 } })
  return (data.elements ?? []).map((s) => ({ id: s.id, name: text(s.translated?.displayName) ?? s.displayName }))
}

/** Whether the customer gets the newsletter; 'pending' waits for the mailed confirmation link. */
export type NewsletterStatus = 'subscribed' | 'pending' | 'none'

/**
 * POST /account/newsletter-recipient: the recipient of the customer's address. Shopware's account box
 * counts `direct`, `optIn` and `notSet` as subscribed (page/account/newsletter.html.twig); `notSet` has
 * not followed the double opt-in link yet. A store that refuses the read (the route switched off or
 * missing) gives no status, so the profile page still serves everything else; its failures are errors.
 */
export async function loadNewsletterStatus(store: Store): Promise<NewsletterStatus | undefined> {
  let status: string | undefined
  try {
    const { data } = await store.invoke('readNewsletterRecipient post /account/newsletter-recipient', { body: {} })
    status = (data as { status?: string }).status
  } catch (err) {
    if (err instanceof ApiClientError && err.status >= 400 && err.status < 500) return undefined
    throw err
  }
  if (status === 'direct' || status === 'optIn') return 'subscribed'
  return status === 'notSet' ? 'pending' : 'none'
}

/** Countries with their states (only countries the shop ships to), in the page language. */
export async function loadCountries(store: Store): Promise<CountryOption[]> {
  const { data } = await store.invoke('readCountry post /country', {
    body: {
      limit: 100,
      associations: { states: { sort: [{ field: 'position', order: 'ASC' }] } },
      sort: [{ field: 'position', order: 'ASC' }],
    },
  })
  return (data.elements ?? []).filter(isOfferedCountry).map((c) => ({
    id: c.id,
    name: translatedName(c) ?? c.id,
    states: (c.states ?? []).filter(isOfferedCountry).map((s) => ({ id: s.id, name: translatedName(s) ?? s.id })),
  }))
}

export async function loadAddresses(store: Store, customer: Customer | Promise<Customer | null | undefined>): Promise<AddressView[]> {
  // A refused list returns before the customer is awaited; its failure is the caller's to report.
  if (customer instanceof Promise) customer.catch(() => undefined)
  let data: { elements?: CustomerAddress[] }
  try {
    ;({ data } = await store.invoke('listAddress post /account/list-address', {
      body: { limit: 100, associations: { country: {}, countryState: {}, salutation: {} } },
    }))
  } catch (err) {
    // Spec section 8: a 403 on listing addresses empties the list.
    if (err instanceof ApiClientError && err.status === 403) return []
    throw err
  }
  const owner = await customer
  // Listed, yet the session shows no customer (it was logged out meanwhile): nothing to show.
  if (!owner) return []
  const addresses = (data.elements ?? []).map((a) => addressView(a, owner))
  // Defaults first (billing, then shipping), then the rest in the order they were added.
  const rank = (a: AddressView) => (a.defaultBilling ? 0 : a.defaultShipping ? 1 : 2)
  return addresses.sort((a, b) => rank(a) - rank(b))
}

export async function loadPaymentMethods(store: Store): Promise<PaymentMethodView[]> {
  const { data } = await store.invoke('readPaymentMethod post /payment-method', {
    body: { onlyAvailable: true, sort: [{ field: 'position', order: 'ASC' }] },
  })
  return (data.elements ?? []).map(paymentMethodView)
}

/** The customer's default payment method; 6.7 customers do not carry it, so its id is looked up. */
async function defaultPaymentMethod(store: Store, customer: Customer): Promise<PaymentMethodView | undefined> {
  const record = customer as CustomerRecord
  if (record.defaultPaymentMethod) return paymentMethodView(record.defaultPaymentMethod)
  const id = record.defaultPaymentMethodId
  if (!id) return undefined
  return (await loadPaymentMethods(store)).find((m) => m.id === id)
}

export function defaultPaymentMethodId(customer: Customer): string | undefined {
  const record = customer as CustomerRecord
  return record.defaultPaymentMethod?.id ?? record.defaultPaymentMethodId ?? undefined
}

/** The shop answers 404 for /order until it takes orders (issue 8): that is an empty list, nothing else. */
function noOrderRoute(err: unknown): boolean {
  return err instanceof ApiClientError && err.status === 404
}

export interface OrderPage {
  orders: OrderSummary[]
  total: number
  page: number
  limit: number
}

// What the list and the details show; Shopware's /order loads none of it unless asked.
const orderAssociations = {
  stateMachineState: {},
  currency: {},
  transactions: { associations: { stateMachineState: {}, paymentMethod: {} } },
}

export async function loadOrders(store: Store, { page = 1, limit = 10 }: { page?: number; limit?: number } = {}): Promise<OrderPage> {
  try {
    const { data } = await store.invoke('readOrder post /order', {
      body: {
        page,
        limit,
        'total-count-mode': 'exact',
        sort: [{ field: 'orderDateTime', order: 'DESC' }],
        associations: orderAssociations,
        // Shopware computes paymentChangeable only when asked (OrderRoute, `checkPromotion`).
        checkPromotion: true,
      } as never,
    })
    const changeable = paymentChangeableOf(data)
    return {
      orders: data.orders.elements.map((order) => orderSummary(order, changeable)),
      total: data.orders.total ?? data.orders.elements.length,
      page,
      limit,
    }
  } catch (err) {
    if (noOrderRoute(err)) return { orders: [], total: 0, page, limit }
    throw err
  }
}

/** What the details show of an order, beside the list's. */
const orderDetailAssociations = {
  ...orderAssociations,
  lineItems: {},
  billingAddress: { associations: { country: {}, countryState: {}, salutation: {} } },
  addresses: { associations: { country: {}, countryState: {}, salutation: {} } },
  deliveries: {
    associations: {
      shippingMethod: { associations: { deliveryTime: {} } },
      shippingOrderAddress: { associations: { country: {}, countryState: {}, salutation: {} } },
    },
  },
}

/** Which of the answered orders may still be paid another way (OrderRoute answers it for `checkPromotion`). */
export function paymentChangeableOf(data: { paymentChangeable?: unknown }): Record<string, boolean> {
  return (data.paymentChangeable ?? {}) as Record<string, boolean>
}

/**
 * The first order `filter` finds, with what its details show; `extra` adds to the read (a guest's
 * e-mail and postcode, `login`). The store answers only orders the session (or the credentials) may see.
 */
export async function readOrderDetail(
  store: Store,
  filter: unknown[],
  extra: Record<string, unknown> = {},
): Promise<{ order: Order; view: OrderDetailView } | undefined> {
  const { data } = await store.invoke('readOrder post /order', {
    // Shopware computes paymentChangeable only when asked (OrderRoute, `checkPromotion`).
    body: { filter, limit: 1, checkPromotion: true, associations: orderDetailAssociations, ...extra } as never,
  })
  const order = data.orders.elements[0]
  return order ? { order, view: orderDetailView(order, paymentChangeableOf(data)) } : undefined
}

/** One of the customer's orders (the store only answers the customer's own), or undefined. */
export async function loadOrder(store: Store, id: string): Promise<OrderDetailView | undefined> {
  try {
    const found = await readOrderDetail(store, [{ type: 'equals', field: 'id', value: id }])
    return found?.order.id === id ? found.view : undefined
  } catch (err) {
    if (noOrderRoute(err)) return undefined
    throw err
  }
}

export interface ReorderResult {
  orderNumber: string
  /** Lines the cart took (the store may have adjusted their quantities: see `notices`). */
  added: number
  /** Order lines that are no longer available (gone, out of stock, or not a product any more). */
  missing: { label: string; productNumber?: string }[]
  notices: FlashMessage[]
  /** Set-Cookie: the context token when the store renewed it. */
  headers: string[]
}

/**
 * Puts every still available product line of one of the customer's orders back into the cart, in
 * one store call (H3's addProducts); a line the cart did not take afterwards is reported as missing.
 * undefined when the order is not the customer's (or does not exist).
 */
export async function reorder(
  context: CartContext,
  request: Request,
  locale: Locale,
  store: Store,
  orderId: string,
): Promise<ReorderResult | undefined> {
  const order = await loadOrder(store, orderId)
  if (!order) return undefined
  const products = order.lines.filter((line): line is OrderLineView & { productId: string } => !!line.productId)
  if (!products.length) return { orderNumber: order.orderNumber, added: 0, missing: [], notices: [], headers: [] }
  const { cart, headers } = await addProducts(
    context,
    request,
    locale,
    products.map((line) => ({ productId: line.productId, quantity: line.quantity })),
  )
  const inCart = new Set(cart.lines.map((line) => line.productId))
  const missing = products.filter((line) => !inCart.has(line.productId)).map(({ label, productNumber }) => ({ label, productNumber }))
  return { orderNumber: order.orderNumber, added: products.length - missing.length, missing, notices: cart.notices, headers }
}

export interface OverviewData {
  profile: ProfileView
  billingAddress?: AddressView
  shippingAddress?: AddressView
  paymentMethod?: PaymentMethodView
  orders: OrderSummary[]
}

/** /account: the customer's data, defaults and latest orders (the two store reads in parallel). */
export async function loadOverview(store: Store, customerRead: Customer | Promise<Customer>, resellerGroupId?: string): Promise<OverviewData> {
  const ordersRead = loadOrders(store, { limit: 3 })
  ordersRead.catch(() => undefined)
  const customer = await customerRead
  const [paymentMethod, orders] = await Promise.all([defaultPaymentMethod(store, customer), ordersRead])
  const billing = customer.defaultBillingAddress ?? customer.activeBillingAddress
  const shipping = customer.defaultShippingAddress ?? customer.activeShippingAddress
  return {
    profile: profileView(customer, resellerGroupId),
    billingAddress: billing ? addressView(billing, customer) : undefined,
    shippingAddress: shipping ? addressView(shipping, customer) : undefined,
    paymentMethod,
    orders: orders.orders,
  }
}

// ------------------------------------------------------------------------------------------------
// Changes

/**
 * POST /account/change-profile. The account type stays what it is; company type and website are
 * custom fields, merged per key by the store (the invoice email is never sent: it is fixed).
 */
export async function changeProfile(store: Store, customer: Customer, values: ProfileValues): Promise<void> {
  const business = (customer as CustomerRecord).accountType === 'business'
  const personal = { firstName: values.firstName, lastName: values.lastName, ...(values.salutationId ? { salutationId: values.salutationId } : {}) }
  const customFields: Record<string, string> = {}
  if (values.companyType) customFields.forst_company_type = values.companyType
  if (values.companyWebsite) customFields.forst_company_website = values.companyWebsite
  const body = business
    ? { ...personal, accountType: 'business' as const, company: values.company ?? '', vatIds: [values.vatId ?? ''] as [string], customFields }
    : { ...personal, accountType: 'private' as const }
  await store.invoke('changeProfile post /account/change-profile', { body })
}

export async function changeEmail(store: Store, values: ChangeEmailValues): Promise<void> {
  await store.invoke('changeEmail post /account/change-email', {
    body: { email: values.email, emailConfirmation: values.emailConfirmation, password: values.password },
  })
}

/**
 * POST /account/change-password. New credentials end every other session of the customer and give
 * this one a new context token: the returned Set-Cookie headers must go out with the response.
 */
export async function changePassword(store: Store, values: ChangePasswordValues): Promise<string[]> {
  await store.invoke('changePassword post /account/change-password', {
    body: { password: values.password, newPassword: values.newPassword, newPasswordConfirm: values.newPasswordConfirm },
  })
  return store.commit()
}

function addressBody(values: AddressValues): Schemas['CustomerAddressBody'] {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    street: values.street,
    zipcode: values.zipcode,
    city: values.city,
    countryId: values.countryId,
    ...(values.salutationId ? { salutationId: values.salutationId } : {}),
    ...(values.countryStateId ? { countryStateId: values.countryStateId } : {}),
    ...(values.company ? { company: values.company } : {}),
    ...(values.department ? { department: values.department } : {}),
    ...(values.additionalAddressLine1 ? { additionalAddressLine1: values.additionalAddressLine1 } : {}),
    ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}),
  } as Schemas['CustomerAddressBody']
}

export async function createAddress(store: Store, values: AddressValues): Promise<string> {
  const { data } = await store.invoke('createCustomerAddress post /account/address', { body: addressBody(values) })
  return data.id
}

export async function updateAddress(store: Store, addressId: string, values: AddressValues): Promise<void> {
  await store.invoke('updateCustomerAddress patch /account/address/{addressId}', { pathParams: { addressId }, body: addressBody(values) })
}

export async function deleteAddress(store: Store, addressId: string): Promise<void> {
  await store.invoke('deleteCustomerAddress delete /account/address/{addressId}', { pathParams: { addressId } })
}

export async function setDefaultAddress(store: Store, kind: 'billing' | 'shipping', addressId: string): Promise<void> {
  if (kind === 'billing') {
    await store.invoke('defaultBillingAddress patch /account/address/default-billing/{addressId}', { pathParams: { addressId } })
  } else {
    await store.invoke('defaultShippingAddress patch /account/address/default-shipping/{addressId}', { pathParams: { addressId } })
  }
}

type RawInvoke = (path: string, params?: object) => Promise<{ data: unknown; status: number }>

/**
 * The default payment method (6.6's POST /account/change-payment-method/{id}; 6.7 dropped the route,
 * so it is not among the typed operations) and, as Shopware's storefront does, the session's method:
 * only once the store accepted the id as the customer's default, hence one after the other.
 */
export async function changePaymentMethod(store: Store, paymentMethodId: string): Promise<void> {
  const invoke = store.invoke as unknown as RawInvoke
  await invoke('changePaymentMethod post /account/change-payment-method/{paymentMethodId}', { pathParams: { paymentMethodId } })
  await store.invoke('updateContext patch /context', { body: { paymentMethodId } })
}

/** The store's error codes of a failed change, for the notification that explains it. */
export function accountErrorCode(err: unknown): string | undefined {
  return errorCodes(err)[0]
}

// ------------------------------------------------------------------------------------------------
// Page frame: every account page is personal, never cached and never indexed.

/** Headers of every account response (documents and data requests alike). */
export const ACCOUNT_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const

export function accountHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra)
  for (const [name, value] of Object.entries(ACCOUNT_HEADERS)) headers.set(name, value)
  return headers
}

export type AccountSection = 'overview' | 'profile' | 'address' | 'payment' | 'order'

const sectionPaths: Record<AccountSection, string> = {
  overview: '/account',
  profile: '/account/profile',
  address: '/account/address',
  payment: '/account/payment',
  order: '/account/order',
}

/**
 * SEO data and breadcrumbs of an account page: 'My account' first (spec section 2 breadcrumbs), then
 * the section, then `extra` (an order). Canonical and alternates name the page itself in each language.
 */
export function accountPage(
  context: Pick<LoadContext, 'publicUrl'>,
  locale: Locale,
  section: AccountSection,
  extra?: { name: string; path: string },
): { seo: SeoData; breadcrumbs: Breadcrumb[] } {
  const t = getT(locale, 'account')
  const common = getT(locale, 'common')
  const origin = context.publicUrl.replace(/\/+$/, '')
  const path = extra?.path ?? sectionPaths[section]
  const breadcrumbs: Breadcrumb[] = [{ name: t('breadcrumb.overview'), href: localizePath(locale, sectionPaths.overview) }]
  if (section !== 'overview') breadcrumbs.push({ name: t(`breadcrumb.${section}`), href: localizePath(locale, sectionPaths[section]) })
  if (extra) breadcrumbs.push({ name: extra.name, href: localizePath(locale, extra.path) })
  const title = breadcrumbs[breadcrumbs.length - 1].name
  return {
    seo: {
      title: common('meta.titleTemplate', { title }),
      description: common('meta.defaultDescription'),
      canonical: `${origin}${localizePath(locale, path)}`,
      alternates: Object.fromEntries(locales.map((l) => [l, `${origin}${localizePath(l, path)}`])),
      robots: 'noindex, nofollow',
    },
    breadcrumbs,
  }
}
