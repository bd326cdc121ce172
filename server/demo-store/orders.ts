import { randomBytes } from 'node:crypto'
import { Violations, customerVatIds, formatValue, sessionCustomer, serializeAddress, type Body } from './accounts'
import { calculateCart, type CartStore } from './cart'
import { CURRENCY_EUR_ID, PAYMENT_METHOD_IDS, SALES_CHANNEL_ID, type LanguageKey } from './constants'
import { paymentMethod, shippingMethod, type ContextState, type ContextStore } from './context'
import { filterFields, matchesFilter, type Filter, type Json, type JsonObject } from './criteria'
import type { Db } from './db'
import { compact, invalidateProducts, type Serializer } from './entities'
import { StoreApiError, errors } from './errors'
import { HEX_ID, randomHex, randomToken, sid } from './ids'
import { languageKeyOf } from './mail/index'

type Row = Record<string, string | number | null>

const VERSION_ID = '0fa91ce3e96a4bc2be4bd9ce752c3425'

/** How long a demo payment page link stays valid (Shopware's payment tokens: 30 minutes by default). */
export const PAYMENT_TOKEN_LIFETIME_MS = 30 * 60 * 1000

// ---------------------------------------------------------------------------------------------------
// Errors (CartException, OrderException, PaymentException, PaymentMethodNotChangeableException).

export const orderErrors = {
  cartEmpty: () => new StoreApiError(400, 'CHECKOUT__CART_EMPTY', 'Cart is empty'),
  /**
   * CartException::invalidCart answers 500 in Shopware; the demo store answers 400 (the schema of
   * /checkout/order lists no 500, and the client can fix it by looking at the cart again).
   */
  cartInvalid: (errorList: JsonObject[]) =>
    new StoreApiError(400, 'CHECKOUT__CART_INVALID', `The cart is invalid, got ${errorList.length} error(s): ${errorList.map((e) => `${String(e.id)}: ${String(e.message)}`).join('\n')}`, {
      parameters: { errorCount: errorList.length, errors: errorList.map((e) => `${String(e.id)}: ${String(e.message)}`).join('\n') },
    }),
  entityNotFound: (id: string) =>
    new StoreApiError(404, 'FRAMEWORK__ENTITY_NOT_FOUND', `order for id ${id} not found.`, { parameters: { entity: 'order', id } }),
  paymentMethodNotAvailable: (id: string) =>
    new StoreApiError(404, 'CHECKOUT__ORDER_PAYMENT_METHOD_NOT_AVAILABLE', `The payment method with id ${id} is not available.`, { parameters: { id } }),
  paymentMethodUnchangeable: (id: string) =>
    new StoreApiError(400, 'CHECKOUT__PAYMENT_METHOD_UNCHANGEABLE', `The order has an active transaction - ${id}`, { parameters: { id } }),
  invalidOrder: (orderId: string) =>
    new StoreApiError(404, 'CHECKOUT__INVALID_ORDER_ID', `The order with id ${orderId} is invalid or could not be found.`, { parameters: { orderId } }),
  guestNotAuthenticated: () => new StoreApiError(403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED', 'Guest not authenticated.'),
  guestWrongCredentials: () => new StoreApiError(403, 'CHECKOUT__GUEST_WRONG_CREDENTIALS', 'Wrong credentials for guest authentication.'),
}

/** The error codes the payment page appends to errorUrl (PaymentException constants). */
export const PAYMENT_ERROR_CODES = {
  failed: 'CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED',
  cancelled: 'CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT',
} as const

// ---------------------------------------------------------------------------------------------------
// State machines (order.state, order_transaction.state, order_delivery.state) with Shopware's names.

type Machine = 'order' | 'order_transaction' | 'order_delivery'

const STATE_NAMES: Record<Machine, Record<string, Record<LanguageKey, string>>> = {
  order: {
    open: { de: 'Offen', en: 'Open', fr: 'Ouvert' },
    in_progress: { de: 'In Bearbeitung', en: 'In progress', fr: 'En cours' },
    completed: { de: 'Abgeschlossen', en: 'Done', fr: 'Terminé' },
    cancelled: { de: 'Abgebrochen', en: 'Cancelled', fr: 'Annulé' },
  },
  order_transaction: {
    open: { de: 'Offen', en: 'Open', fr: 'Ouvert' },
    paid: { de: 'Bezahlt', en: 'Paid', fr: 'Payé' },
    failed: { de: 'Fehlgeschlagen', en: 'Failed', fr: 'Échoué' },
    cancelled: { de: 'Abgebrochen', en: 'Cancelled', fr: 'Annulé' },
  },
  order_delivery: {
    open: { de: 'Offen', en: 'Open', fr: 'Ouvert' },
    shipped: { de: 'Versandt', en: 'Shipped', fr: 'Expédié' },
    cancelled: { de: 'Abgebrochen', en: 'Cancelled', fr: 'Annulé' },
  },
}

function stateId(machine: Machine, technicalName: string): string {
  return sid(`state:${machine}:${technicalName}`)
}

function stateMachineState(s: Serializer, machine: Machine, technicalName: string): JsonObject {
  const names = STATE_NAMES[machine][technicalName]
  const name = names ? names[languageKeyOf(s.languageId)] : technicalName
  return {
    id: stateId(machine, technicalName), technicalName, name, customFields: {}, translated: { name, customFields: {} }, apiAlias: 'state_machine_state',
  }
}

/** OrderService::ALLOWED_TRANSACTION_STATES: the payment may still change while the last transaction is in one of these. */
const PAYMENT_CHANGEABLE_STATES = new Set(['open', 'cancelled', 'reminded', 'failed', 'chargeback', 'unconfirmed'])

// ---------------------------------------------------------------------------------------------------
// Serialization

function now(): string {
  return new Date().toISOString()
}

function orderAddress(s: Serializer, r: Row): JsonObject {
  // The same shape as a customer address, as an order_address.
  const address = serializeAddress(s, { ...r, customer_id: null, custom_fields: '{}', updated_at: null })
  delete address.customerId
  return { ...address, versionId: VERSION_ID, apiAlias: 'order_address' }
}

function lineItem(s: Serializer, r: Row): JsonObject {
  const cover = r.cover_id ? s.media(r.cover_id) : null
  const payload = JSON.parse(String(r.payload)) as JsonObject
  return compact({
    id: r.id, versionId: VERSION_ID, orderId: r.order_id, orderVersionId: VERSION_ID, identifier: r.identifier, referencedId: r.referenced_id,
    productId: r.product_id, productVersionId: r.product_id ? VERSION_ID : null, promotionId: r.promotion_id, coverId: r.cover_id,
    quantity: r.quantity, label: r.label, payload, good: r.good === 1, removable: true, stackable: true, position: r.position,
    price: JSON.parse(String(r.price)) as JsonObject, priceDefinition: r.price_definition ? (JSON.parse(String(r.price_definition)) as JsonObject) : null,
    unitPrice: r.unit_price, totalPrice: r.total_price, type: r.type, states: JSON.parse(String(r.states)) as Json, customFields: {},
    cover, children: [], createdAt: r.created_at, translated: {}, apiAlias: 'order_line_item',
  } as JsonObject)
}

function transaction(s: Serializer, r: Row): JsonObject {
  return compact({
    id: r.id, versionId: VERSION_ID, orderId: r.order_id, orderVersionId: VERSION_ID, paymentMethodId: r.payment_method_id,
    amount: JSON.parse(String(r.amount)) as JsonObject, stateId: stateId('order_transaction', String(r.state)),
    stateMachineState: stateMachineState(s, 'order_transaction', String(r.state)), paymentMethod: paymentMethod(s, String(r.payment_method_id)),
    customFields: {}, createdAt: r.created_at, updatedAt: r.updated_at, apiAlias: 'order_transaction',
  } as JsonObject)
}

/**
 * The Order with every association the storefront needs (CartOrderRoute loads the same set):
 * lineItems (cover), deliveries (shippingMethod with deliveryTime, shippingOrderAddress, state),
 * transactions (paymentMethod, state; sorted by creation), addresses, billingAddress, orderCustomer,
 * currency, stateMachineState.
 */
export function serializeOrder(s: Serializer, r: Row): JsonObject {
  const addresses = s.rows('SELECT * FROM order_address WHERE order_id = ? ORDER BY created_at, id', r.id).map((a) => orderAddress(s, a))
  const byId = new Map(addresses.map((a) => [String(a.id), a]))
  const deliveries = s.rows('SELECT * FROM order_delivery WHERE order_id = ? ORDER BY created_at, id', r.id).map((d) => compact({
    id: d.id, versionId: VERSION_ID, orderId: d.order_id, orderVersionId: VERSION_ID, shippingOrderAddressId: d.shipping_order_address_id,
    shippingOrderAddressVersionId: VERSION_ID, shippingMethodId: d.shipping_method_id, stateId: stateId('order_delivery', String(d.state)),
    trackingCodes: [], shippingDateEarliest: d.shipping_date_earliest, shippingDateLatest: d.shipping_date_latest,
    shippingCosts: JSON.parse(String(d.shipping_costs)) as JsonObject, customFields: {}, createdAt: d.created_at,
    stateMachineState: stateMachineState(s, 'order_delivery', String(d.state)),
    shippingOrderAddress: byId.get(String(d.shipping_order_address_id)) ?? null, shippingMethod: shippingMethod(s, String(d.shipping_method_id)),
    apiAlias: 'order_delivery',
  } as JsonObject))
  const transactions = s.rows('SELECT * FROM order_transaction WHERE order_id = ? ORDER BY created_at, rowid', r.id).map((t) => transaction(s, t))
  const lineItems = s.rows('SELECT * FROM order_line_item WHERE order_id = ? ORDER BY position', r.id).map((li) => lineItem(s, li))
  const customer = JSON.parse(String(r.order_customer)) as JsonObject
  const salutationRow = customer.salutationId ? s.row('SELECT * FROM salutation WHERE id = ?', customer.salutationId) : undefined
  const t = salutationRow ? s.translate(salutationRow.translations) : undefined
  const orderDateTime = String(r.order_date_time)
  const lastTransaction = transactions[transactions.length - 1]
  return compact({
    id: r.id, versionId: VERSION_ID, orderNumber: r.order_number, billingAddressId: r.billing_address_id, billingAddressVersionId: VERSION_ID,
    currencyId: r.currency_id, languageId: r.language_id, salesChannelId: SALES_CHANNEL_ID, orderDateTime, orderDate: orderDateTime.slice(0, 10),
    price: JSON.parse(String(r.price)) as JsonObject, amountTotal: r.amount_total, amountNet: r.amount_net, positionPrice: r.position_price,
    taxStatus: r.tax_status, shippingCosts: JSON.parse(String(r.shipping_costs)) as JsonObject, shippingTotal: r.shipping_total, currencyFactor: 1,
    deepLinkCode: r.deep_link_code, affiliateCode: r.affiliate_code, campaignCode: r.campaign_code, customerComment: r.customer_comment,
    source: 'store-api', taxCalculationType: 'horizontal', customFields: JSON.parse(String(r.custom_fields)) as JsonObject,
    stateId: stateId('order', String(r.state)), stateMachineState: stateMachineState(s, 'order', String(r.state)),
    primaryOrderDeliveryId: deliveries[0]?.id ?? null, primaryOrderTransactionId: lastTransaction?.id ?? null,
    orderCustomer: compact({
      ...customer, versionId: VERSION_ID, orderId: r.id, customFields: {},
      salutation: salutationRow && t
        ? { id: salutationRow.id, salutationKey: salutationRow.salutation_key, displayName: t.displayName, letterName: t.letterName, translated: { displayName: t.displayName, letterName: t.letterName, customFields: {} }, customFields: {}, apiAlias: 'salutation' }
        : null,
      apiAlias: 'order_customer',
    } as JsonObject),
    currency: s.currency(), addresses, billingAddress: byId.get(String(r.billing_address_id)) ?? null, deliveries, lineItems, transactions,
    documents: [], tags: [], createdAt: r.created_at, updatedAt: r.updated_at, apiAlias: 'order',
  } as JsonObject)
}

/** The orders of one customer, newest first (the shape POST /order searches through). */
export function customerOrders(s: Serializer, customerId: string): JsonObject[] {
  return s.rows('SELECT * FROM sales_order WHERE customer_id = ? ORDER BY order_date_time DESC, order_number DESC', customerId).map((r) => serializeOrder(s, r))
}

// ---------------------------------------------------------------------------------------------------
// Guest access by deep link (OrderRoute::load without a customer in the context)

/** OrderRoute::filterOldOrders: a deep link opens an order only while it was created or changed within the last 30 days. */
export const DEEP_LINK_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000

const DEEP_LINK_FIELDS = ['deepLinkCode', 'order.deepLinkCode']

/** The first top-level criteria filter (not post-filter) naming `deepLinkCode` or `order.deepLinkCode`, as OrderRoute::load looks for it. */
export function findDeepLinkFilter(filters: Filter[]): Filter | undefined {
  return filters.find((filter) => filterFields(filter).some((field) => DEEP_LINK_FIELDS.includes(field)))
}

/**
 * The orders of the whole sales channel an equals filter on the deep link code finds, newest first.
 * Only these are serialized: the filter is one of the criteria's top-level filters, so searchEntities
 * could not let any other order through, and a guest's request must not build every order of the shop.
 */
export function deepLinkOrders(s: Serializer, filter: Extract<Filter, { type: 'equals' }>): JsonObject[] {
  return s.rows('SELECT id, deep_link_code FROM sales_order ORDER BY order_date_time DESC, order_number DESC')
    .filter((r) => matchesFilter({ deepLinkCode: r.deep_link_code }, filter, 'order'))
    .map((r) => serializeOrder(s, s.row('SELECT * FROM sales_order WHERE id = ?', r.id) as Row))
}

/** OrderRoute::filterOldOrders: created or updated after now − 30 days (an order never updated counts by its creation). */
export function recentOrders(orders: JsonObject[], now = Date.now()): JsonObject[] {
  const after = (stamp: Json | undefined) => typeof stamp === 'string' && Date.parse(stamp) > now - DEEP_LINK_MAX_AGE_MS
  return orders.filter((order) => after(order.createdAt) || after(order.updatedAt))
}

/** PHP's truthiness, as `$request->get('email', false) && …` tests the values: '', '0', 0, false, null and [] count as not given. */
export function given(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  return value !== undefined && value !== null && value !== false && value !== '' && value !== '0' && value !== 0
}

/**
 * OrderRoute::checkGuestAuth for the first order the deep link found (old ones left out): none → 403
 * CHECKOUT__GUEST_NOT_AUTHENTICATED; the order's customer is no guest (or gone) → 403
 * CHECKOUT__CUSTOMER_NOT_LOGGED_IN, whatever the credentials (an account logs in instead); email or zip
 * code missing → CHECKOUT__GUEST_NOT_AUTHENTICATED; either not the order's (letter case aside) → 403
 * CHECKOUT__GUEST_WRONG_CREDENTIALS.
 */
export function checkGuestAuth(db: Db, order: JsonObject | undefined, credentials: { email: unknown; zipcode: unknown }): void {
  if (!order) throw orderErrors.guestNotAuthenticated()
  const orderCustomer = order.orderCustomer as JsonObject | undefined
  if (!orderCustomer) throw errors.customerNotLoggedIn()
  const customer = db.prepare('SELECT guest FROM customer WHERE id = ?').get(orderCustomer.customerId ?? null) as { guest: number } | undefined
  if (!customer || customer.guest !== 1) throw errors.customerNotLoggedIn()
  if (!given(credentials.email) || !given(credentials.zipcode)) throw orderErrors.guestNotAuthenticated()
  const billing = order.billingAddress as JsonObject | null | undefined
  // Shopware 6.7 compares without case (GuestAuthenticator: mb_strtolower of the emails, mb_strtoupper of the zip codes); 6.6 compared strictly.
  const sameEmail = String(credentials.email).toLowerCase() === String(orderCustomer.email ?? '').toLowerCase()
  const sameZipcode = String(credentials.zipcode).toUpperCase() === String(billing?.zipcode ?? '').toUpperCase()
  if (!billing || !sameEmail || !sameZipcode) throw orderErrors.guestWrongCredentials()
}

function lastTransactionRow(db: Db, orderId: string): Row | undefined {
  return db.prepare('SELECT * FROM order_transaction WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(orderId) as Row | undefined
}

/** OrderService::isPaymentChangeableByTransactionState: by the state of the order's last transaction. */
export function paymentChangeable(db: Db, orderId: string): boolean {
  const last = lastTransactionRow(db, orderId)
  return !last || PAYMENT_CHANGEABLE_STATES.has(String(last.state))
}

// ---------------------------------------------------------------------------------------------------
// Placing an order (CartOrderRoute + OrderPersister + OrderConverter)

export interface OrderInput {
  customerComment: string | null
  affiliateCode: string | null
  campaignCode: string | null
  customFields: JsonObject
}

/** Today's date in the shop's time zone (Europe/Berlin), as YYYY-MM-DD. */
export function shopToday(date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)
}

/**
 * The order body: Shopware's customerComment (trimmed), affiliateCode, campaignCode, and the demo
 * extension `customFields {forst_contact_person, forst_desired_delivery_date}` (a plugin's contract in
 * a real shop, see README): the date must be a real YYYY-MM-DD date, today or later (Europe/Berlin),
 * and no Sunday (nothing is delivered on Sundays).
 */
export function readOrderInput(raw: unknown, today = shopToday()): OrderInput {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Body
  const v = new Violations()
  const text = (key: string, max: number, source: Body = body, pointer = `/${key}`): string | null => {
    const value = source[key]
    if (value === undefined || value === null) return null
    if (typeof value !== 'string') {
      v.notString(pointer, value)
      return null
    }
    const trimmed = value.trim()
    if (trimmed.length > max) {
      v.add(pointer, 'TOO_LONG_ERROR', `This value is too long. It should have ${max} characters or less.`, { '{{ value }}': formatValue(value), '{{ limit }}': max, '{{ value_length }}': trimmed.length })
    }
    return trimmed === '' ? null : trimmed
  }
  const customerComment = text('customerComment', 5000)
  const affiliateCode = text('affiliateCode', 255)
  const campaignCode = text('campaignCode', 255)
  const customFields: JsonObject = {}
  const rawFields = body.customFields
  if (rawFields !== undefined && rawFields !== null) {
    if (typeof rawFields !== 'object' || Array.isArray(rawFields)) {
      v.add('/customFields', 'INVALID_TYPE_ERROR', 'This value should be of type array.', { '{{ value }}': formatValue(rawFields), '{{ type }}': 'array' })
    } else {
      const fields = rawFields as Body
      const contact = text('forst_contact_person', 255, fields, '/customFields/forst_contact_person')
      if (contact !== null) customFields.forst_contact_person = contact
      const pointer = '/customFields/forst_desired_delivery_date'
      const date = text('forst_desired_delivery_date', 10, fields, pointer)
      if (date !== null && !v.has(pointer)) {
        const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
        const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
        if (!parsed || parsed.toISOString().slice(0, 10) !== date) {
          v.add(pointer, 'INVALID_DATE_ERROR', 'This value is not a valid date.', { '{{ value }}': formatValue(date) })
        } else if (date < today) {
          v.add(pointer, 'TOO_LOW_ERROR', `This value should be greater than or equal to ${formatValue(today)}.`, {
            '{{ value }}': formatValue(date), '{{ compared_value }}': formatValue(today), '{{ compared_value_type }}': 'string',
          })
        } else if (parsed.getUTCDay() === 0) {
          v.add(pointer, 'FORST_DELIVERY_DATE_SUNDAY', 'There are no deliveries on Sundays.', { '{{ value }}': formatValue(date) })
        } else {
          customFields.forst_desired_delivery_date = date
        }
      }
    }
  }
  v.throwIfAny()
  return { customerComment, affiliateCode, campaignCode, customFields }
}

interface PlaceOrderDeps {
  db: Db
  carts: CartStore
  contexts: ContextStore
}

function nextOrderNumber(db: Db): string {
  const row = db.prepare("UPDATE number_range SET last_value = last_value + 1 WHERE name = 'order' RETURNING last_value").get() as { last_value: number }
  return String(row.last_value)
}

function copyAddress(db: Db, orderId: string, addressId: string, createdAt: string): string {
  const a = db.prepare('SELECT * FROM customer_address WHERE id = ?').get(addressId) as Row
  const id = randomHex()
  db.prepare(
    `INSERT INTO order_address (id, order_id, country_id, country_state_id, salutation_id, first_name, last_name, company, department, title,
      street, zipcode, city, phone_number, additional_address_line1, additional_address_line2, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, orderId, a.country_id, a.country_state_id, a.salutation_id, a.first_name, a.last_name, a.company, a.department, a.title,
    a.street, a.zipcode, a.city, a.phone_number, a.additional_address_line1, a.additional_address_line2, createdAt)
  return id
}

/**
 * Turns the session's cart into an order in one immediate SQLite transaction: the cart is recalculated
 * (H1's calculateCart), refused when it has blocking errors or no items, copied into the order tables,
 * the stock decremented, and the cart deleted. Node runs this synchronously, and the transaction is
 * IMMEDIATE, so a second submit of the same cart (even at the same time) finds it gone: CART_EMPTY.
 */
export function placeOrder(deps: PlaceOrderDeps, s: Serializer, token: string, context: ContextState, input: OrderInput): string {
  const { db, carts, contexts } = deps
  const customer = sessionCustomer(db, context)
  if (!customer) throw errors.customerNotLoggedIn()
  return db.transaction(() => {
    const stored = carts.load(token)
    const calc = calculateCart(s, token, context, stored)
    const cartErrors = Array.isArray(calc.body.errors) ? [] : Object.values(calc.body.errors as Record<string, JsonObject>)
    // OrderPersister::persist: blocking errors first, then the customer, then an empty cart.
    if (calc.blocking) throw orderErrors.cartInvalid(cartErrors.filter((e) => e.block === true))
    const items = calc.body.lineItems as JsonObject[]
    if (items.length === 0) throw orderErrors.cartEmpty()
    if (JSON.stringify(calc.context) !== JSON.stringify(context)) contexts.save(token, calc.context)

    const orderId = randomHex()
    const createdAt = now()
    const price = calc.body.price as JsonObject
    const delivery = (calc.body.deliveries as JsonObject[])[0] as JsonObject | undefined
    const shippingCosts = (delivery?.shippingCosts as JsonObject | undefined) ?? s.calculatedPrice(0, 1, 0, null)
    const billingSource = String(calc.context.billingAddressId && db.prepare('SELECT 1 FROM customer_address WHERE id = ? AND customer_id = ?').get(calc.context.billingAddressId, customer.id)
      ? calc.context.billingAddressId : customer.default_billing_address_id)
    const shippingSource = String(calc.context.shippingAddressId && db.prepare('SELECT 1 FROM customer_address WHERE id = ? AND customer_id = ?').get(calc.context.shippingAddressId, customer.id)
      ? calc.context.shippingAddressId : customer.default_shipping_address_id)
    const orderCustomer = compact({
      id: randomHex(), customerId: customer.id, email: customer.email, salutationId: customer.salutation_id, firstName: customer.first_name,
      lastName: customer.last_name, company: customer.company, title: customer.title, vatIds: customerVatIds(customer),
      customerNumber: customer.customer_number, createdAt,
    } as JsonObject)
    db.prepare(
      `INSERT INTO sales_order (id, order_number, customer_id, language_id, currency_id, order_date_time, state, amount_total, amount_net,
        position_price, shipping_total, tax_status, price, shipping_costs, billing_address_id, order_customer, customer_comment,
        affiliate_code, campaign_code, custom_fields, deep_link_code, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      orderId, nextOrderNumber(db), customer.id, s.languageId, calc.context.currencyId || CURRENCY_EUR_ID, createdAt,
      Number(price.totalPrice), Number(price.netPrice), Number(price.positionPrice), Number(shippingCosts.totalPrice ?? 0), String(price.taxStatus ?? 'net'),
      JSON.stringify(price), JSON.stringify(shippingCosts), JSON.stringify(orderCustomer), input.customerComment, input.affiliateCode,
      input.campaignCode, JSON.stringify(input.customFields), randomToken(), createdAt,
    )
    const billingId = copyAddress(db, orderId, billingSource, createdAt)
    const shippingId = shippingSource === billingSource ? billingId : copyAddress(db, orderId, shippingSource, createdAt)
    db.prepare('UPDATE sales_order SET billing_address_id = ? WHERE id = ?').run(billingId, orderId)

    const insertItem = db.prepare(
      `INSERT INTO order_line_item (id, order_id, identifier, referenced_id, product_id, promotion_id, type, label, quantity, unit_price,
        total_price, position, good, payload, price, price_definition, states, cover_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const decrement = db.prepare('UPDATE product SET stock = stock - ?, sales = sales + ? WHERE id = ?')
    items.forEach((item, index) => {
      const itemPrice = (item.price ?? {}) as JsonObject
      const payload = (item.payload ?? {}) as JsonObject
      const type = String(item.type ?? 'product')
      const quantity = Number(item.quantity ?? 1)
      const productId = type === 'product' ? String(item.referencedId) : null
      const cover = item.cover as JsonObject | null | undefined
      insertItem.run(
        randomHex(), orderId, String(item.id), item.referencedId === undefined || item.referencedId === null ? null : String(item.referencedId),
        productId, typeof payload.promotionId === 'string' ? payload.promotionId : null, type, String(item.label ?? ''), quantity,
        Number(itemPrice.unitPrice ?? 0), Number(itemPrice.totalPrice ?? 0), index + 1, item.good === false ? 0 : 1, JSON.stringify(payload),
        JSON.stringify(itemPrice), item.priceDefinition ? JSON.stringify(item.priceDefinition) : null, JSON.stringify(item.states ?? ['is-physical']),
        cover && typeof cover.id === 'string' ? cover.id : null, createdAt,
      )
      // StockUpdater: the ordered quantity leaves the stock and counts as sales.
      if (productId) {
        decrement.run(quantity, quantity, productId)
        // Serialized products show stock and sales: the next read builds this one again.
        invalidateProducts(db, [productId])
      }
    })

    if (delivery) {
      const date = (delivery.deliveryDate ?? {}) as JsonObject
      const method = (delivery.shippingMethod ?? {}) as JsonObject
      db.prepare(
        `INSERT INTO order_delivery (id, order_id, shipping_order_address_id, shipping_method_id, state, shipping_date_earliest,
          shipping_date_latest, shipping_costs, created_at) VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?)`,
      ).run(randomHex(), orderId, shippingId, String(method.id ?? calc.context.shippingMethodId), String(date.earliest ?? createdAt),
        String(date.latest ?? createdAt), JSON.stringify(shippingCosts), createdAt)
    }

    const cartTransaction = (calc.body.transactions as JsonObject[])[0] as JsonObject | undefined
    const paymentMethodId = String(cartTransaction?.paymentMethodId ?? calc.context.paymentMethodId ?? PAYMENT_METHOD_IDS.invoice)
    insertTransaction(db, orderId, paymentMethodId, price, createdAt)
    // CartOrderRoute deletes the cart once the order is stored.
    carts.delete(token)
    return orderId
  }).immediate()
}

function insertTransaction(db: Db, orderId: string, paymentMethodId: string, price: JsonObject, createdAt: string): string {
  const id = randomHex()
  const amount = {
    unitPrice: Number(price.totalPrice), quantity: 1, totalPrice: Number(price.totalPrice), calculatedTaxes: (price.calculatedTaxes ?? []) as Json,
    taxRules: (price.taxRules ?? []) as Json, referencePrice: null, listPrice: null, regulationPrice: null, apiAlias: 'calculated_price',
  }
  db.prepare("INSERT INTO order_transaction (id, order_id, payment_method_id, state, amount, created_at) VALUES (?, ?, ?, 'open', ?, ?)")
    .run(id, orderId, paymentMethodId, JSON.stringify(amount), createdAt)
  return id
}

export function orderRow(db: Db, orderId: string): Row | undefined {
  return db.prepare('SELECT * FROM sales_order WHERE id = ?').get(orderId) as Row | undefined
}

/** The session customer's own order, or undefined (another customer's order is not found). */
export function ownOrder(db: Db, customerId: string, orderId: string): Row | undefined {
  if (!HEX_ID.test(orderId)) return undefined
  return db.prepare('SELECT * FROM sales_order WHERE id = ? AND customer_id = ?').get(orderId, customerId) as Row | undefined
}

// ---------------------------------------------------------------------------------------------------
// Changing the payment method (SetPaymentOrderRoute)

/**
 * SetPaymentOrderRoute: the order must be the customer's (else 404 FRAMEWORK__ENTITY_NOT_FOUND), the
 * method available (else 404 CHECKOUT__ORDER_PAYMENT_METHOD_NOT_AVAILABLE), the payment still changeable
 * (else 400 CHECKOUT__PAYMENT_METHOD_UNCHANGEABLE). The last transaction is reused when it has the same
 * method and is open, reopened when it failed or was cancelled; otherwise the open ones are cancelled
 * and a new open transaction with the order's total is added.
 */
export function setOrderPayment(db: Db, customerId: string, orderId: string, paymentMethodId: string): void {
  const order = ownOrder(db, customerId, orderId)
  if (!order) throw orderErrors.entityNotFound(orderId)
  if (!HEX_ID.test(paymentMethodId) || !db.prepare('SELECT 1 FROM payment_method WHERE id = ?').get(paymentMethodId)) {
    throw orderErrors.paymentMethodNotAvailable(paymentMethodId)
  }
  if (!paymentChangeable(db, orderId)) throw orderErrors.paymentMethodUnchangeable(orderId)
  db.transaction(() => {
    const last = lastTransactionRow(db, orderId)
    const stamp = now()
    if (last && last.payment_method_id === paymentMethodId) {
      // tryTransition: the same method as the last transaction → reopen it (a no-op when it is open).
      db.prepare("UPDATE order_transaction SET state = 'open', updated_at = ? WHERE id = ?").run(stamp, last.id)
      return
    }
    db.prepare("UPDATE order_transaction SET state = 'cancelled', updated_at = ? WHERE order_id = ? AND state NOT IN ('cancelled', 'failed')").run(stamp, orderId)
    insertTransaction(db, orderId, paymentMethodId, JSON.parse(String(order.price)) as JsonObject, stamp)
  }).immediate()
}

// ---------------------------------------------------------------------------------------------------
// Handling the payment (HandlePaymentMethodRoute, PaymentProcessor) and the demo payment page

export interface PaymentRequest {
  orderId: string
  finishUrl: string | null
  errorUrl: string | null
}

/** `{orderId, finishUrl, errorUrl}`; the URLs must be on the shop's own public origin (no open redirect). */
export function readPaymentRequest(raw: unknown, publicUrl: string): PaymentRequest {
  const body = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Body
  const v = new Violations()
  const orderId = body.orderId
  if (orderId === undefined || orderId === null || (typeof orderId === 'string' && orderId.trim() === '')) v.blank('/orderId', orderId ?? null)
  else if (typeof orderId !== 'string') v.notString('/orderId', orderId)
  const origin = new URL(publicUrl).origin
  const url = (key: 'finishUrl' | 'errorUrl'): string | null => {
    const value = body[key]
    if (value === undefined || value === null || value === '') return null
    if (typeof value !== 'string') {
      v.notString(`/${key}`, value)
      return null
    }
    let parsed: URL | null = null
    try {
      parsed = new URL(value)
    } catch {
      parsed = null
    }
    if (!parsed || parsed.origin !== origin) {
      v.add(`/${key}`, 'INVALID_URL_ERROR', `The URL must be on the shop's origin ${origin}.`, { '{{ value }}': formatValue(value) })
      return null
    }
    return parsed.toString()
  }
  const finishUrl = url('finishUrl')
  const errorUrl = url('errorUrl')
  v.throwIfAny()
  return { orderId: String(orderId), finishUrl, errorUrl }
}

/**
 * PaymentProcessor::pay: the latest open transaction is paid with its method's handler. Demo Pay
 * (asynchronous) answers a single-use link to the demo payment page; invoice and prepayment (Shopware's
 * DefaultPayment/InvoicePayment) do nothing, so their transaction stays open and the answer is
 * `{redirectUrl: null}`, as when no transaction is open any more (e.g. already paid).
 */
export function handlePayment(db: Db, publicUrl: string, customerId: string, request: PaymentRequest): { redirectUrl: string | null } {
  const order = ownOrder(db, customerId, request.orderId)
  if (!order) throw orderErrors.invalidOrder(request.orderId)
  const open = db.prepare("SELECT * FROM order_transaction WHERE order_id = ? AND state = 'open' ORDER BY created_at DESC, rowid DESC LIMIT 1").get(order.id) as Row | undefined
  if (!open) {
    if (!lastTransactionRow(db, String(order.id))) throw orderErrors.invalidOrder(request.orderId)
    return { redirectUrl: null }
  }
  const method = db.prepare('SELECT is_async FROM payment_method WHERE id = ?').get(open.payment_method_id) as { is_async: number } | undefined
  if (!method || method.is_async !== 1) return { redirectUrl: null }
  // 256 random bits, base64url: not guessable, and never stored anywhere but here.
  const token = randomBytes(32).toString('base64url')
  const created = Date.now()
  db.prepare('INSERT INTO payment_token (token, transaction_id, finish_url, error_url, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(token, open.id, request.finishUrl, request.errorUrl, new Date(created).toISOString(), new Date(created + PAYMENT_TOKEN_LIFETIME_MS).toISOString())
  return { redirectUrl: `${publicUrl}/demo-payment/${token}` }
}

export const PAYMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export type PaymentTokenState =
  | { status: 'unknown' }
  | { status: 'gone'; languageId: string }
  | { status: 'valid'; token: Row; transaction: Row; order: Row }

/** A payment page token: unknown, used/expired/no longer open (gone), or valid. */
export function readPaymentToken(db: Db, token: string): PaymentTokenState {
  if (!PAYMENT_TOKEN_PATTERN.test(token)) return { status: 'unknown' }
  const row = db.prepare('SELECT * FROM payment_token WHERE token = ?').get(token) as Row | undefined
  if (!row) return { status: 'unknown' }
  const transactionRow = db.prepare('SELECT * FROM order_transaction WHERE id = ?').get(row.transaction_id) as Row
  const order = orderRow(db, String(transactionRow.order_id)) as Row
  if (row.used_at !== null || Date.parse(String(row.expires_at)) <= Date.now() || transactionRow.state !== 'open') {
    return { status: 'gone', languageId: String(order.language_id) }
  }
  return { status: 'valid', token: row, transaction: transactionRow, order }
}

export type PaymentOutcome = 'pay' | 'fail' | 'cancel'

/**
 * Finishes a payment from the demo payment page, once per token (the token is marked used in the same
 * transaction that checks it): pay → paid → finishUrl; fail → failed → errorUrl with
 * error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED; cancel → cancelled → errorUrl with
 * error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT (PaymentProcessor::finalize). Null when the
 * token is not (or no longer) valid.
 */
export function finishPayment(db: Db, publicUrl: string, token: string, outcome: PaymentOutcome): { redirect: string } | null {
  return db.transaction(() => {
    const found = readPaymentToken(db, token)
    if (found.status !== 'valid') return null
    const stamp = now()
    db.prepare('UPDATE payment_token SET used_at = ? WHERE token = ?').run(stamp, token)
    const state = outcome === 'pay' ? 'paid' : outcome === 'fail' ? 'failed' : 'cancelled'
    db.prepare('UPDATE order_transaction SET state = ?, updated_at = ? WHERE id = ?').run(state, stamp, found.transaction.id)
    db.prepare('UPDATE sales_order SET updated_at = ? WHERE id = ?').run(stamp, found.order.id)
    const fallback = `${publicUrl}/`
    if (outcome === 'pay') return { redirect: String(found.token.finish_url ?? fallback) }
    const errorUrl = String(found.token.error_url ?? fallback)
    const code = outcome === 'fail' ? PAYMENT_ERROR_CODES.failed : PAYMENT_ERROR_CODES.cancelled
    return { redirect: `${errorUrl}${new URL(errorUrl).search ? '&' : '?'}error-code=${code}` }
  }).immediate()
}

