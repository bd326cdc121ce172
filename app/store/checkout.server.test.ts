import { afterEach, describe, expect, it } from 'vitest'
import { clearLanguageCache } from './client.server'
import {
  isJustPlaced,
  loadCheckout,
  loadOrderView,
  orderView,
  payAgain,
  paymentRedirectCookie,
  placeOrder,
  readPaymentRedirect,
  registerGuest,
  updateCheckoutContext,
} from './checkout.server'
import { createStoreCache, memoryBackend } from './store-cache.server'
import { errorEnvelope, json, languages, startFakeStore, storeCallRounds, testContext, type Handler } from './test-support.server'

const id = (c: string) => c.repeat(32)

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
  clearLanguageCache()
})

async function shop(handler: Handler, cookie = 'sw-context-token=token-0001', cached = false) {
  const fake = await startFakeStore((req, res) => {
    if (req.path.endsWith('/language')) return json(res, 200, languages)
    // A little latency, so calls that wait for each other show up as separate rounds.
    setTimeout(() => handler(req, res), 30)
  })
  close = fake.close
  const storeCache = cached ? createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 60_000, staleMs: 60_000 }) : undefined
  const { context, lines } = testContext(fake.url, storeCache ? { storeCache } : {})
  const request = new Request('https://shop.example/checkout', { headers: { Cookie: cookie } })
  return { context, lines, request, requests: fake.requests }
}

const cart = {
  apiAlias: 'cart',
  token: 'token-0001',
  lineItems: [
    {
      id: id('1'),
      referencedId: id('1'),
      type: 'product',
      label: 'Seilwinde 5 t',
      quantity: 1,
      good: true,
      states: ['is-physical'],
      payload: { productNumber: 'FS-10001' },
      quantityInformation: { minPurchase: 1, maxPurchase: 100, purchaseSteps: 1 },
      price: { unitPrice: 1000, totalPrice: 1000, quantity: 1, calculatedTaxes: [], taxRules: [] },
    },
    {
      id: id('2'),
      referencedId: id('2'),
      type: 'product',
      label: 'Werkstatthandbuch (PDF)',
      quantity: 1,
      good: true,
      states: ['is-download'],
      payload: { productNumber: 'FS-90001' },
      quantityInformation: { minPurchase: 1, maxPurchase: 100, purchaseSteps: 1 },
      price: { unitPrice: 20, totalPrice: 20, quantity: 1, calculatedTaxes: [], taxRules: [] },
    },
  ],
  price: {
    netPrice: 1020,
    totalPrice: 1213.8,
    positionPrice: 1020,
    rawTotal: 1213.8,
    taxStatus: 'net',
    calculatedTaxes: [{ tax: 193.8, taxRate: 19, price: 1020 }],
  },
  deliveries: [{ shippingCosts: { totalPrice: 0 }, shippingMethod: { id: id('5') } }],
  transactions: [{ paymentMethodId: id('6') }],
  errors: {
    'salutation-missing': { key: 'salutation-missing', messageKey: 'salutation-missing', level: 10, block: true, message: '', code: 0 },
  },
}

const customer = {
  id: id('c'),
  firstName: 'Anna',
  lastName: 'Forst',
  email: 'anna@example.com',
  active: true,
  guest: false,
  defaultBillingAddressId: id('a'),
  defaultShippingAddressId: id('a'),
  activeShippingAddress: { id: id('b') },
  activeBillingAddress: { id: id('a') },
}

function checkoutStore(withCustomer: boolean): Handler {
  return (req, res) => {
    const path = req.path.replace(/^\/store-api/, '').split('?')[0]
    switch (path) {
      case '/context':
        return json(res, 200, { customer: withCustomer ? customer : null, shippingMethod: { id: id('5') }, paymentMethod: { id: id('6') } })
      case '/checkout/cart':
        return json(res, 200, cart)
      case '/shipping-method':
        return json(res, 200, {
          elements: [
            { id: id('5'), name: 'Standard', translated: { name: 'Standardversand' }, deliveryTime: { name: '1-3 Tage' } },
            { id: id('4'), name: 'Express', translated: { name: 'Express' } },
          ],
        })
      case '/payment-method': {
        const available = [{ id: id('6'), name: 'Rechnung', translated: { name: 'Rechnung' } }, { id: id('7'), name: 'Demo', asynchronous: true }]
        // Every method of the shop unless only the available ones are asked for: prepayment is ruled out for this cart.
        const prepayment = { id: id('8'), name: 'Vorkasse', translated: { name: 'Vorkasse', description: 'Vorab überweisen' } }
        return json(res, 200, { elements: (req.body as { onlyAvailable?: boolean }).onlyAvailable ? available : [available[0], prepayment, available[1]] })
      }
      case '/account/list-address':
        return json(res, 200, {
          elements: [
            { id: id('a'), firstName: 'Anna', lastName: 'Forst', street: 'Waldweg 1', city: 'Freiburg', zipcode: '79098', countryId: id('d') },
            { id: id('b'), firstName: 'Anna', lastName: 'Forst', street: 'Sägewerk 3', city: 'Titisee', zipcode: '79822', countryId: id('d') },
          ],
        })
      case '/salutation':
        return json(res, 200, { elements: [{ id: id('e'), displayName: 'Frau', translated: { displayName: 'Frau' } }] })
      case '/country':
        return json(res, 200, { elements: [{ id: id('d'), name: 'Deutschland', states: [] }] })
      default:
        return json(res, 404, errorEnvelope(404, 'FRAMEWORK__ROUTE_NOT_FOUND'))
    }
  }
}

describe('loadCheckout', () => {
  it('reads the whole page in at most two rounds of store calls', async () => {
    const { context, lines, request } = await shop(checkoutStore(true))
    const view = await loadCheckout(context, request, 'de')
    const rounds = storeCallRounds(lines)
    expect(rounds.length).toBeLessThanOrEqual(2)
    expect(rounds.flat().sort()).toEqual(
      ['listAddress', 'readCart', 'readContext', 'readCountry', 'readPaymentMethod', 'readPaymentMethod', 'readSalutation', 'readShippingMethod'].sort(),
    )
    expect(view.session).toMatchObject({ state: 'logged-in', firstName: 'Anna', email: 'anna@example.com' })
    expect(view.addresses.map((a) => a.id)).toEqual([id('a'), id('b')])
    // The active addresses of the session win over the defaults.
    expect(view.shippingAddressId).toBe(id('b'))
    expect(view.billingAddressId).toBe(id('a'))
    expect(view.shippingMethods[0]).toMatchObject({ id: id('5'), name: 'Standardversand', deliveryTime: '1-3 Tage' })
    expect(view.paymentMethods[1]).toMatchObject({ id: id('7'), asynchronous: true })
    // What the shop has but this order cannot use, with its description, so the page can say so.
    expect(view.unavailablePaymentMethods).toEqual([{ id: id('8'), name: 'Vorkasse', description: 'Vorab überweisen', asynchronous: false }])
    expect(view.shippingMethodId).toBe(id('5'))
    expect(view.paymentMethodId).toBe(id('6'))
    // A download in the cart needs the waiver of cancellation; the blocking error reaches the page.
    expect(view.needsWaiver).toBe(true)
    expect(view.cart.blocking).toBe(true)
    expect(view.cart.notices.map((n) => n.messageKey)).toEqual(['cart:messages.salutation-missing'])
  })

  it("lists a session's addresses beside its context once a page showed it a customer's: the next checkout in one round", async () => {
    const { context, request } = await shop(checkoutStore(true))
    await loadCheckout(context, request, 'de')
    // The next page of the same session is another request: a load context of its own.
    const next = testContext(context.store.endpoint)
    const view = await loadCheckout(next.context, new Request(request.url, { headers: request.headers }), 'de')
    expect(storeCallRounds(next.lines)).toEqual([expect.arrayContaining(['readContext', 'readCart', 'listAddress'])])
    expect(view.addresses.map((a) => a.id)).toEqual([id('a'), id('b')])
  })

  it('asks the shipping methods available for the cart (query), the available payment methods (body) and all of them', async () => {
    const { context, request, requests } = await shop(checkoutStore(false))
    await loadCheckout(context, request, 'de')
    const shipping = requests.find((r) => r.path.includes('/shipping-method'))
    const payment = requests.filter((r) => r.path.includes('/payment-method')).map((r) => (r.body as { onlyAvailable?: boolean }).onlyAvailable)
    expect(shipping?.path).toMatch(/onlyAvailable=(1|true)/)
    expect(payment.sort()).toEqual([true, undefined])
  })

  it("reads the shop's payment methods once for all checkouts, and the ones the cart may use every time", async () => {
    const { context, request, requests } = await shop(checkoutStore(true), 'sw-context-token=token-0001', true)
    await loadCheckout(context, request, 'de')
    await loadCheckout(context, request, 'de')
    const payment = requests.filter((r) => r.path.includes('/payment-method'))
    expect(payment.map((r) => (r.body as { onlyAvailable?: boolean }).onlyAvailable)).toEqual([true, undefined, true])
    // Read without the session: what is shared cannot depend on it.
    expect(payment.find((r) => !(r.body as { onlyAvailable?: boolean }).onlyAvailable)?.headers['sw-context-token']).toBeUndefined()
    expect(requests.filter((r) => r.path.includes('/shipping-method'))).toHaveLength(2)
  })

  it('lists no addresses for an anonymous shopper (no call that would only earn a 403)', async () => {
    const { context, request, requests } = await shop(checkoutStore(false))
    const view = await loadCheckout(context, request, 'de')
    expect(view.session.state).toBe('anonymous')
    expect(view.addresses).toEqual([])
    expect(requests.some((r) => r.path.includes('/account/list-address'))).toBe(false)
  })
})

describe('section actions', () => {
  it('sets a choice with PATCH /context and maps an unknown id to the field', async () => {
    const { context, request, requests } = await shop((req, res) =>
      (req.body as { shippingMethodId?: string }).shippingMethodId === id('9')
        ? json(res, 400, errorEnvelope(400, 'VIOLATION::ENTITY_DOES_NOT_EXISTS', { source: { pointer: '/shippingMethodId' } }))
        : json(res, 200, { redirectUrl: null }),
    )
    expect(await updateCheckoutContext(context, request, 'de', { shippingMethodId: id('4') })).toEqual({ type: 'ok', headers: [] })
    expect(requests.at(-1)).toMatchObject({ method: 'PATCH', body: { shippingMethodId: id('4') } })
    expect(await updateCheckoutContext(context, request, 'de', { shippingMethodId: id('9') })).toEqual({
      type: 'invalid',
      fieldErrors: { shippingMethodId: ['auth:validation.invalid'] },
    })
  })

  it('registers a guest (guest: true) and keeps the new session token; business only with company and VAT ID', async () => {
    const { context, request, requests } = await shop((_req, res) => json(res, 200, { id: id('c'), guest: true }, { 'sw-context-token': 'guest-token' }))
    const values = {
      intent: 'guest' as const,
      salutationId: id('e'),
      firstName: 'Anna',
      lastName: 'Forst',
      email: 'anna@example.com',
      company: 'Forst GmbH',
      street: 'Waldweg 1',
      zipcode: '79098',
      city: 'Freiburg',
      countryId: id('d'),
    }
    const result = await registerGuest(context, request, 'fr', values)
    expect(result.type).toBe('ok')
    expect(result.type === 'ok' && result.headers[0]).toMatch(/^sw-context-token=guest-token/)
    expect(requests.at(-1)?.body).toMatchObject({
      guest: true,
      accountType: 'private',
      email: 'anna@example.com',
      storefrontUrl: 'https://shop.example/fr',
      billingAddress: { company: 'Forst GmbH', street: 'Waldweg 1', countryId: id('d') },
    })
    expect(requests.at(-1)?.body).not.toHaveProperty('password')
    await registerGuest(context, new Request(request.url), 'de', { ...values, vatId: 'DE123456789' })
    expect(requests.at(-1)?.body).toMatchObject({ accountType: 'business', company: 'Forst GmbH', vatIds: ['DE123456789'] })
  })

  it('puts the store violations of a guest at the guest form fields', async () => {
    const { context, request } = await shop((_req, res) =>
      json(res, 400, errorEnvelope(400, 'VIOLATION::IS_BLANK_ERROR', { source: { pointer: '/billingAddress/street' } })),
    )
    const result = await registerGuest(context, request, 'de', {
      intent: 'guest',
      salutationId: id('e'),
      firstName: 'A',
      lastName: 'F',
      email: 'a@example.com',
      street: ' ',
      zipcode: '1',
      city: 'X',
      countryId: id('d'),
    })
    expect(result).toEqual({ type: 'invalid', fieldErrors: { street: ['auth:validation.notBlank'] } })
  })
})

describe('placing the order', () => {
  it('sends comment and the forestry fields, then starts the payment with the shop return URLs', async () => {
    const { context, request, requests } = await shop((req, res) => {
      if (req.path.endsWith('/checkout/order')) return json(res, 200, { id: id('0'), orderNumber: '10042' })
      if (req.path.endsWith('/handle-payment')) return json(res, 200, { redirectUrl: 'https://shop.example/demo-payment/abc' })
      json(res, 404, errorEnvelope(404, 'X'))
    })
    const result = await placeOrder(context, request, 'en', { contactPerson: 'Anna Forst', desiredDate: '2026-12-01', comment: 'Tor 2' })
    expect(result).toEqual({ type: 'ok', orderId: id('0'), redirectUrl: 'https://shop.example/demo-payment/abc' })
    expect(requests[1]?.body).toEqual({
      customerComment: 'Tor 2',
      customFields: { forst_contact_person: 'Anna Forst', forst_desired_delivery_date: '2026-12-01' },
    })
    expect(requests[2]?.body).toEqual({
      orderId: id('0'),
      finishUrl: `https://shop.example/en/checkout/success/${id('0')}/paid`,
      errorUrl: `https://shop.example/en/checkout/success/${id('0')}/unpaid`,
    })
  })

  it('leads a second submit (cart gone) to the order just placed, and says so when there is none', async () => {
    let orders: unknown[] = [{ id: id('0'), orderDateTime: new Date().toISOString() }]
    const { context, request } = await shop((req, res) => {
      if (req.path.endsWith('/checkout/order')) return json(res, 400, errorEnvelope(400, 'CHECKOUT__CART_EMPTY'))
      if (req.path.endsWith('/order')) return json(res, 200, { orders: { elements: orders }, paymentChangeable: {} })
      json(res, 404, errorEnvelope(404, 'X'))
    })
    expect(await placeOrder(context, request, 'de', {})).toEqual({ type: 'empty', recentOrderId: id('0') })
    orders = [{ id: id('0'), orderDateTime: '2020-01-01T00:00:00Z' }]
    expect(await placeOrder(context, new Request(request.url, { headers: request.headers }), 'de', {})).toEqual({ type: 'empty', recentOrderId: undefined })
  })

  it('tells a missing login and a blocked cart apart', async () => {
    let answer = errorEnvelope(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    let status = 403
    const { context, request } = await shop((_req, res) => json(res, status, answer))
    expect(await placeOrder(context, request, 'de', {})).toEqual({ type: 'login-required' })
    answer = errorEnvelope(500, 'CHECKOUT__CART_INVALID')
    status = 500
    expect(await placeOrder(context, new Request(request.url, { headers: request.headers }), 'de', {})).toEqual({ type: 'blocked' })
  })

  it("refuses to change a paid order's payment ('already paid')", async () => {
    const { context, request } = await shop((_req, res) => json(res, 400, errorEnvelope(400, 'CHECKOUT__ORDER_ORDER_ALREADY_PAID')))
    expect(await payAgain(context, request, 'de', id('0'), id('6'))).toEqual({ type: 'already-paid' })
  })
})

describe('order success', () => {
  const order = {
    id: id('0'),
    orderNumber: '10042',
    orderDateTime: '2026-11-23T10:00:00Z',
    amountTotal: 1213.8,
    amountNet: 1020,
    shippingTotal: 0,
    price: { netPrice: 1020, totalPrice: 1213.8, positionPrice: 1020, calculatedTaxes: [{ tax: 190, taxRate: 19 }, { tax: 3.8, taxRate: 7 }] },
    lineItems: [{ id: id('1'), label: 'Seilwinde', quantity: 1, unitPrice: 1000, totalPrice: 1000, type: 'product', payload: { productNumber: 'FS-10001' } }],
    deliveries: [{ shippingMethod: { id: id('5'), name: 'Standard' }, shippingOrderAddress: { firstName: 'Anna', lastName: 'Forst', street: 'Waldweg 1', city: 'Freiburg' } }],
    transactions: [
      { createdAt: '2026-11-23T10:00:00Z', paymentMethod: { id: id('7'), name: 'Demo', asynchronous: true }, stateMachineState: { technicalName: 'failed' } },
      { createdAt: '2026-11-23T10:05:00Z', paymentMethod: { id: id('6'), name: 'Rechnung' }, stateMachineState: { technicalName: 'paid' } },
    ],
    orderCustomer: { email: 'anna@example.com' },
    customFields: { forst_contact_person: 'Anna Forst', forst_desired_delivery_date: '2026-12-01' },
  }

  it('shows the latest transaction, VAT per rate (ascending) and the forestry fields', () => {
    const view = orderView(order as never, false)
    expect(view.paymentState).toBe('paid')
    expect(view.paymentMethod?.name).toBe('Rechnung')
    expect(view.totals.taxes).toEqual([{ rate: 7, tax: 3.8 }, { rate: 19, tax: 190 }])
    expect(view).toMatchObject({ contactPerson: 'Anna Forst', desiredDate: '2026-12-01', email: 'anna@example.com' })
    expect(view.lines[0]).toMatchObject({ productNumber: 'FS-10001', totalPrice: 1000 })
  })

  it("treats another shopper's order id as not found", async () => {
    const { context, request, requests } = await shop((_req, res) => json(res, 200, { orders: { elements: [] }, paymentChangeable: [] }))
    expect(await loadOrderView(context, request, 'de', id('0'))).toBeUndefined()
    expect(requests.at(-1)?.body).toMatchObject({ filter: [{ type: 'equals', field: 'id', value: id('0') }] })
  })

  it('keeps the payment page URL for its order only, signed', () => {
    const context = { secureCookies: true, sessionSecret: 'secret' }
    const cookie = paymentRedirectCookie(context, id('0'), 'https://shop.example/demo-payment/abc').split(';')[0]!
    const request = new Request('https://shop.example/', { headers: { Cookie: cookie } })
    expect(readPaymentRedirect(request, context, id('0'))).toBe('https://shop.example/demo-payment/abc')
    expect(readPaymentRedirect(request, context, id('1'))).toBeUndefined()
    expect(readPaymentRedirect(request, { ...context, sessionSecret: 'other' }, id('0'))).toBeUndefined()
  })
})

describe('isJustPlaced', () => {
  it("says the confirmation mail is on its way only within an hour of ordering", () => {
    const now = Date.parse('2026-11-27T15:00:00Z')
    expect(isJustPlaced('2026-11-27T14:10:00.000+00:00', now)).toBe(true)
    expect(isJustPlaced('2026-11-27T13:59:00.000+00:00', now)).toBe(false)
    expect(isJustPlaced('2026-11-20T14:10:00.000+00:00', now)).toBe(false)
    expect(isJustPlaced('not a date', now)).toBe(false)
  })
})
