import type { NextFunction, Request, Response, Router } from 'express'
import { GUEST_LOGIN_LIMITS, TimeBackoffLimiter, accountErrors, bodyOf, sessionCustomer } from '../accounts'
import type { CartStore } from '../cart'
import type { ContextState, ContextStore } from '../context'
import { applyIncludes, parseCriteria, searchEntities, type Criteria, type JsonObject } from '../criteria'
import type { Db } from '../db'
import type { Serializer } from '../entities'
import { errors } from '../errors'
import { languageKeyOf, type Mailer } from '../mail/index'
import type { OrderMailData } from '../mail/order-mail'
import {
  checkGuestAuth, customerOrders, deepLinkOrders, findDeepLinkFilter, given, handlePayment, orderErrors, orderRow, paymentChangeable, placeOrder,
  readOrderInput, readPaymentRequest, recentOrders, serializeOrder, setOrderPayment,
} from '../orders'
import { startSession } from '../sessions'
import { clientIp } from './account'

type Row = Record<string, string | number | null>

interface OrderDeps {
  db: Db
  publicUrl: string
  contexts: ContextStore
  carts: CartStore
  mailer: Mailer
  state(res: Response): { token: string; context: ContextState; serializer: Serializer }
}

function addressLines(address: JsonObject | null | undefined): string[] {
  if (!address) return []
  const country = address.country as JsonObject | undefined
  const countryName = (country?.translated as JsonObject | undefined)?.name ?? country?.name
  return [
    address.company, address.department, `${String(address.firstName ?? '')} ${String(address.lastName ?? '')}`.trim(), address.street,
    address.additionalAddressLine1, address.additionalAddressLine2, `${String(address.zipcode ?? '')} ${String(address.city ?? '')}`.trim(), countryName,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '')
}

/**
 * The storefront's page of an order by its deep link, on the sales channel domain of the order's
 * language (the domains checkStorefrontUrl allows: the public URL in German, /en, /fr). Shopware's
 * mail templates use the sales channel's first domain instead (`salesChannel.domains|first.url`).
 */
export function orderDeepLinkUrl(publicUrl: string, languageId: string, deepLinkCode: string): string {
  const language = languageKeyOf(languageId)
  const domain = language === 'de' ? publicUrl : `${publicUrl}/${language}`
  return `${domain}/account/order/${encodeURIComponent(deepLinkCode)}`
}

/** The confirmation mail's view of a serialized order (already in the order's language). */
export function orderMailData(order: JsonObject): OrderMailData {
  const price = order.price as JsonObject
  const delivery = (order.deliveries as JsonObject[])[0]
  const transactions = order.transactions as JsonObject[]
  const payment = transactions[transactions.length - 1]?.paymentMethod as JsonObject | undefined
  const shippingMethod = delivery?.shippingMethod as JsonObject | undefined
  const billing = order.billingAddress as JsonObject | undefined
  const shipping = delivery?.shippingOrderAddress as JsonObject | undefined
  const custom = (order.customFields ?? {}) as JsonObject
  const vatIds = ((order.orderCustomer as JsonObject | undefined)?.vatIds ?? []) as string[]
  const name = (entity: JsonObject | undefined) => String((entity?.translated as JsonObject | undefined)?.name ?? entity?.name ?? '')
  return {
    orderNumber: String(order.orderNumber),
    lines: (order.lineItems as JsonObject[]).map((li) => ({
      label: String(li.label), productNumber: typeof (li.payload as JsonObject | undefined)?.productNumber === 'string' ? String((li.payload as JsonObject).productNumber) : null,
      quantity: Number(li.quantity), unitPrice: Number(li.unitPrice), totalPrice: Number(li.totalPrice),
    })),
    positionPrice: Number(price.positionPrice), shippingCosts: Number(order.shippingTotal ?? 0), netPrice: Number(price.netPrice),
    taxes: (price.calculatedTaxes as JsonObject[]).map((t) => ({ rate: Number(t.taxRate), tax: Number(t.tax) })), totalPrice: Number(price.totalPrice),
    taxFreeVatId: price.taxStatus === 'tax-free' ? vatIds.join(', ') : null,
    paymentMethod: name(payment), shippingMethod: shippingMethod ? name(shippingMethod) : null,
    billingAddress: addressLines(billing),
    shippingAddress: shipping && billing && shipping.id !== billing.id ? addressLines(shipping) : null,
    customerComment: typeof order.customerComment === 'string' ? order.customerComment : null,
    contactPerson: typeof custom.forst_contact_person === 'string' ? custom.forst_contact_person : null,
    desiredDeliveryDate: typeof custom.forst_desired_delivery_date === 'string' ? custom.forst_desired_delivery_date : null,
    bankTransfer: payment?.technicalName === 'payment_prepayment',
  }
}

/** POST /checkout/order, GET|POST /order, POST /order/payment, GET|POST /handle-payment (guests allowed everywhere). */
export function registerOrderRoutes(router: Router, deps: OrderDeps): void {
  const { db, publicUrl, contexts, carts, mailer, state } = deps

  const handle = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response, next: NextFunction) => {
    try {
      handler(req, res)
    } catch (err) {
      next(err)
    }
  }

  /** `_loginRequired` + `_loginRequiredAllowGuest`: a customer or a guest session, else 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN. */
  const requireSessionCustomer = (res: Response): Row => {
    const customer = sessionCustomer(db, state(res).context)
    if (!customer) throw errors.customerNotLoggedIn()
    return customer
  }

  router.post('/checkout/order', handle((req, res) => {
    const { token, context, serializer: s } = state(res)
    const customer = requireSessionCustomer(res)
    const input = readOrderInput(req.body)
    // Parsed before the order is placed: a bad `includes` must not fail the answer of a stored order.
    const { includes } = parseCriteria(bodyOf(req.body))
    const orderId = placeOrder({ db, carts, contexts }, s, token, context, input)
    const order = serializeOrder(s, orderRow(db, orderId) as Row)
    // Not awaited: the shopper's answer must not wait for the mail server (send never throws).
    void mailer.send({
      kind: 'order-confirmation', to: String(customer.email), name: `${String(customer.first_name)} ${String(customer.last_name)}`,
      languageId: s.languageId, order: orderMailData(order), url: orderDeepLinkUrl(publicUrl, String(order.languageId), String(order.deepLinkCode)),
    })
    res.json(applyIncludes(order, includes))
  }))

  const guestLoginLimiter = new TimeBackoffLimiter(GUEST_LOGIN_LIMITS)

  /**
   * OrderRoute::load without a customer: only with a deep-link filter, over the orders of the whole sales
   * channel. Every such call counts against rate_limiter.guest_login (key: the lowercased code and the
   * client IP), checked before the credentials; the first order not older than 30 days must be a guest's
   * whose email and billing zip code the request names (query parameters first, then the JSON body, as
   * Symfony's Request::get reads them). A success resets the key.
   */
  const guestOrders = (req: Request, res: Response, s: Serializer, criteria: Criteria) => {
    const deepLink = findDeepLinkFilter(criteria.filter)
    if (!deepLink) throw errors.customerNotLoggedIn()
    // Shopware would list whatever another kind of deep-link filter (contains, prefix, or/and of codes…)
    // finds without asking for any credentials; the demo store lets a guest in by one exact code only.
    if (deepLink.type !== 'equals') throw orderErrors.guestNotAuthenticated()
    const code = deepLink.value === null || deepLink.value === false ? '' : deepLink.value === true ? '1' : String(deepLink.value)
    const key = `${code.toLowerCase()}-${clientIp(req)}`
    const attempt = guestLoginLimiter.consume(key)
    if (!attempt.accepted) throw accountErrors.authThrottled(attempt.seconds)
    const orders = searchEntities('order', deepLinkOrders(s, deepLink), criteria)
    const query = req.query as Record<string, unknown>
    const body = bodyOf(req.body)
    const param = (name: string) => (query[name] !== undefined ? query[name] : body[name])
    const order = recentOrders(orders.elements)[0]
    checkGuestAuth(db, order, { email: param('email'), zipcode: param('zipcode') })
    // Shopware 6.7: `login` logs the order's guest in (AccountService::loginById), its token in the answer's header.
    if (given(param('login'))) {
      const customerId = (order?.orderCustomer as JsonObject | undefined)?.customerId
      const customer = db.prepare('SELECT * FROM customer WHERE id = ?').get(customerId ?? null) as Row | undefined
      if (customer) startSession({ db, contexts, carts }, res, state(res), customer)
    }
    guestLoginLimiter.reset(key)
    return orders
  }

  const listOrders = handle((req, res) => {
    const { context, serializer: s } = state(res)
    const source = req.method === 'GET' ? (req.query as Record<string, unknown>) : { ...(req.query as Record<string, unknown>), ...bodyOf(req.body) }
    // Parsed first: Shopware builds the criteria before the route runs, and without a customer the route needs their filters.
    const criteria = parseCriteria(source)
    const customer = sessionCustomer(db, context)
    // Associations are always included (the demo store has no lazy loading); criteria filter, sort and page.
    const orders = customer ? searchEntities('order', customerOrders(s, String(customer.id)), criteria) : guestOrders(req, res, s, criteria)
    // OrderRoute computes it only for `checkPromotion` given as JSON true ($request->get('checkPromotion') === true).
    const asked = (source as Record<string, unknown>).checkPromotion === true
    const changeable = asked ? Object.fromEntries(orders.elements.map((o) => [String(o.id), paymentChangeable(db, String(o.id))])) : {}
    res.json(applyIncludes({ orders, paymentChangeable: changeable, apiAlias: 'order_route_response_struct' }, criteria.includes))
  })
  router.post('/order', listOrders)
  router.get('/order', listOrders)

  router.post('/order/payment', handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const body = bodyOf(req.body)
    setOrderPayment(db, String(customer.id), typeof body.orderId === 'string' ? body.orderId : '', typeof body.paymentMethodId === 'string' ? body.paymentMethodId : '')
    res.json({ success: true, apiAlias: 'array_struct' })
  }))

  const pay = handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const request = readPaymentRequest({ ...(req.query as Record<string, unknown>), ...bodyOf(req.body) }, publicUrl)
    // HandlePaymentMethodRouteResponse: an ArrayStruct with the redirect's target URL or null.
    res.json({ ...handlePayment(db, publicUrl, String(customer.id), request), apiAlias: 'array_struct' })
  })
  router.post('/handle-payment', pay)
  router.get('/handle-payment', pay)
}
