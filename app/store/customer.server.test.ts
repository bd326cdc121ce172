import { afterEach, describe, expect, it } from 'vitest'
import type { Customer } from './account.server'
import { clearLanguageCache, getStore } from './client.server'
import {
  accountPage,
  accountSession,
  accountSessionWith,
  addressView,
  changePassword,
  changePaymentMethod,
  changeProfile,
  loadNewsletterStatus,
  loadOrder,
  loadOrders,
  loadOverview,
  orderDetailView,
  orderSummary,
  profileView,
  reorder,
} from './customer.server'
import { errorEnvelope, json, languages, startFakeStore, storeCallRounds, testContext, type Handler } from './test-support.server'

const id = (c: string) => c.repeat(32)

const address = (key: string, extra: Record<string, unknown> = {}) => ({
  id: id(key),
  customerId: id('c'),
  firstName: 'Max',
  lastName: 'Holzer',
  street: `Waldweg ${key}`,
  zipcode: '79098',
  city: 'Freiburg',
  countryId: id('d'),
  country: { id: id('d'), name: 'Deutschland', translated: { name: 'Deutschland' } },
  salutation: { id: id('e'), salutationKey: 'not_specified', displayName: 'Keine Angabe' },
  apiAlias: 'customer_address',
  ...extra,
})

const customer = {
  id: id('c'),
  customerNumber: '10001',
  firstName: 'Max',
  lastName: 'Holzer',
  email: 'max@example.com',
  accountType: 'business',
  company: 'Holzer GmbH',
  vatIds: ['DE298765432'],
  groupId: id('9'),
  requestedGroupId: id('8'),
  defaultBillingAddressId: id('1'),
  defaultShippingAddressId: id('2'),
  defaultBillingAddress: address('1'),
  defaultShippingAddress: address('2', { countryState: { name: 'Bayern', translated: { name: 'Bayern' } } }),
  defaultPaymentMethodId: id('7'),
  customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@example.com', forst_company_website: 'https://h.example' },
  salutation: { id: id('f'), salutationKey: 'mr', displayName: 'Herr', translated: { displayName: 'Herr' } },
} as unknown as Customer

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
  clearLanguageCache()
})

async function storeWith(handler: Handler, cookie = 'sw-context-token=old-token') {
  const fake = await startFakeStore((req, res) => {
    if (req.path.endsWith('/language')) return json(res, 200, languages)
    // A little latency, so calls that wait for each other show up as separate rounds.
    setTimeout(() => handler(req, res), 30)
  })
  close = fake.close
  const { context, lines } = testContext(fake.url)
  const request = new Request('https://shop.example/account', { headers: { Cookie: cookie } })
  return { store: getStore(context, request, 'de'), requests: fake.requests, lines, context }
}

describe('account view models', () => {
  it('shows the profile with company data from the customer and its custom fields', () => {
    expect(profileView(customer, id('8'))).toMatchObject({
      salutation: 'Herr',
      business: true,
      company: 'Holzer GmbH',
      vatId: 'DE298765432',
      companyType: 'gmbh',
      invoiceEmail: 'rechnung@example.com',
      companyWebsite: 'https://h.example',
      group: undefined,
      groupRequested: true,
    })
  })

  it("marks the defaults and leaves out a salutation of 'not specified'", () => {
    const view = addressView(address('1') as never, customer)
    expect(view).toMatchObject({ defaultBilling: true, defaultShipping: false, country: 'Deutschland' })
    expect(view.salutation).toBeUndefined()
  })

  it('names an account page in every language, never for search engines', () => {
    const { seo, breadcrumbs } = accountPage({ publicUrl: 'https://shop.example' }, 'en', 'address')
    expect(seo.canonical).toBe('https://shop.example/en/account/address')
    expect(seo.alternates).toEqual({
      de: 'https://shop.example/account/address',
      en: 'https://shop.example/en/account/address',
      fr: 'https://shop.example/fr/account/address',
    })
    expect(seo.robots).toContain('noindex')
    expect(breadcrumbs.map((b) => b.href)).toEqual(['/en/account', '/en/account/address'])
  })
})

describe('account store calls', () => {
  it('reads a missing order route (404, until the shop takes orders) as no orders, other failures as errors', async () => {
    const { store } = await storeWith((req, res) => json(res, 404, errorEnvelope(404, 'FRAMEWORK__ROUTE_NOT_FOUND')))
    await expect(loadOrders(store)).resolves.toEqual({ orders: [], total: 0, page: 1, limit: 10 })
    await close?.()
    const failing = await storeWith((req, res) => json(res, 500, errorEnvelope(500, '0')))
    await expect(loadOrders(failing.store)).rejects.toMatchObject({ status: 500 })
  })

  it('loads the overview in one round: payment method and latest orders side by side', async () => {
    const { store, lines } = await storeWith((req, res) => {
      if (req.path.endsWith('/payment-method')) {
        return json(res, 200, { elements: [{ id: id('7'), name: 'Rechnung', translated: { name: 'Rechnung', description: 'Zahlbar in 14 Tagen' } }] })
      }
      json(res, 200, { orders: { elements: [{ id: id('5'), orderNumber: '10042', orderDateTime: '2026-01-02T10:00:00Z', amountTotal: 99.5, stateMachineState: { name: 'Offen' } }], total: 1 } })
    })
    const overview = await loadOverview(store, customer)
    expect(overview.paymentMethod).toEqual({ id: id('7'), name: 'Rechnung', description: 'Zahlbar in 14 Tagen' })
    expect(overview.orders).toEqual([
      { id: id('5'), orderNumber: '10042', date: '2026-01-02T10:00:00Z', status: 'Offen', total: 99.5, currency: 'EUR', payAgain: false },
    ])
    expect(overview.shippingAddress?.state).toBe('Bayern')
    expect(storeCallRounds(lines)).toEqual([expect.arrayContaining(['readPaymentMethod', 'readOrder'])])
  })

  it('reads the newsletter status as Shopware’s account box does: direct and optIn subscribed, notSet pending, the rest none', async () => {
    let status = ''
    const { store, requests } = await storeWith((req, res) => json(res, 200, { status, apiAlias: 'account_newsletter_recipient' }))
    const seen: Record<string, string | undefined> = {}
    for (status of ['direct', 'optIn', 'notSet', 'optOut', 'undefined']) seen[status] = await loadNewsletterStatus(store)
    expect(seen).toEqual({ direct: 'subscribed', optIn: 'subscribed', notSet: 'pending', optOut: 'none', undefined: 'none' })
    expect(requests.filter((r) => r.method === 'POST' && r.path.endsWith('/account/newsletter-recipient'))).toHaveLength(5)
  })

  it('gives no newsletter status when the store refuses the read (route off or missing), and fails on store errors', async () => {
    const { store } = await storeWith((req, res) => json(res, 404, errorEnvelope(404, 'FRAMEWORK__ROUTE_NOT_FOUND')))
    await expect(loadNewsletterStatus(store)).resolves.toBeUndefined()
    await close?.()
    const failing = await storeWith((req, res) => json(res, 500, errorEnvelope(500, '0')))
    await expect(loadNewsletterStatus(failing.store)).rejects.toMatchObject({ status: 500 })
  })

  it('changes the profile without ever sending the invoice email', async () => {
    const { store, requests } = await storeWith((req, res) => json(res, 200, { success: true }))
    await changeProfile(store, customer, { firstName: 'Jo', lastName: 'Tanne', company: 'Tanne KG', vatId: 'DE811907980', companyType: 'kg' })
    const sent = requests.find((r) => r.path.endsWith('/account/change-profile'))?.body
    expect(sent).toEqual({
      firstName: 'Jo',
      lastName: 'Tanne',
      accountType: 'business',
      company: 'Tanne KG',
      vatIds: ['DE811907980'],
      customFields: { forst_company_type: 'kg' },
    })
  })

  it('hands out the new context token the store gives after a password change', async () => {
    const { store } = await storeWith((req, res) => json(res, 200, { redirectUrl: null }, { 'sw-context-token': 'new-token' }))
    const cookies = await changePassword(store, { password: 'alt', newPassword: 'NeuesPasswort1', newPasswordConfirm: 'NeuesPasswort1' })
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(/^sw-context-token=new-token;/)
  })

  it("sets the default payment method and the session's", async () => {
    const { store, requests } = await storeWith((req, res) => json(res, 200, { success: true }))
    await changePaymentMethod(store, id('7'))
    expect(requests.filter((r) => !r.path.endsWith('/language')).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /store-api/account/change-payment-method/${id('7')}`,
      'PATCH /store-api/context',
    ])
  })
})

const orderAddress = (key: string) => ({ ...address(key), apiAlias: 'order_address' })

/** An Order as Shopware's /order answers it with the associations the details page asks for. */
function sampleOrder(extra: Record<string, unknown> = {}) {
  return {
    id: id('a'),
    orderNumber: '10077',
    orderDateTime: '2026-03-04T09:30:00.000+00:00',
    amountTotal: 357,
    amountNet: 300,
    positionPrice: 290.1,
    shippingTotal: 9.9,
    price: {
      netPrice: 300,
      totalPrice: 357,
      positionPrice: 290.1,
      calculatedTaxes: [
        { tax: 1.4, taxRate: 7, price: 20 },
        { tax: 55.6, taxRate: 19, price: 280 },
      ],
    },
    stateMachineState: { technicalName: 'open', name: 'Open', translated: { name: 'Offen' } },
    currency: { isoCode: 'EUR' },
    billingAddressId: id('1'),
    billingAddress: orderAddress('1'),
    lineItems: [
      {
        id: id('l'),
        type: 'product',
        productId: id('p'),
        referencedId: id('p'),
        label: 'Forstseilwinde FSW 35',
        quantity: 2,
        unitPrice: 135.05,
        totalPrice: 270.1,
        position: 1,
        payload: { productNumber: 'FS-10001' },
        price: { unitPrice: 135.05, totalPrice: 270.1, listPrice: { price: 149.9 } },
      },
      {
        id: id('m'),
        type: 'product',
        productId: id('q'),
        label: 'Werkstatthandbuch',
        quantity: 1,
        unitPrice: 20,
        totalPrice: 20,
        position: 2,
        payload: { productNumber: 'FS-90002' },
        // A list price below what was paid is no saving: not shown.
        price: { unitPrice: 20, totalPrice: 20, listPrice: { price: 15 } },
      },
      { id: id('n'), type: 'promotion', label: '10 % Forst', quantity: 1, unitPrice: 0, totalPrice: 0, position: 3, payload: {} },
    ],
    deliveries: [
      {
        shippingOrderAddress: orderAddress('2'),
        shippingMethod: { name: 'Standard', translated: { name: 'Standardversand' }, deliveryTime: { name: '1-3 Tage', min: 1, max: 3, unit: 'day' } },
      },
    ],
    transactions: [
      { createdAt: '2026-03-04T09:30:00Z', paymentMethod: { translated: { name: 'Vorkasse' } }, stateMachineState: { technicalName: 'failed', translated: { name: 'Fehlgeschlagen' } } },
      {
        createdAt: '2026-03-04T09:40:00Z',
        paymentMethod: { asynchronous: true, translated: { name: 'Demo-Zahlung' } },
        stateMachineState: { technicalName: 'open', translated: { name: 'Offen' } },
      },
    ],
    ...extra,
  }
}

describe('order view models', () => {
  it('shows an order as the details page needs it: lines, totals per VAT rate, addresses, methods, delivery time', () => {
    const view = orderDetailView(sampleOrder() as never, { [id('a')]: true })
    expect(view.lines).toEqual([
      { id: id('l'), productId: id('p'), label: 'Forstseilwinde FSW 35', productNumber: 'FS-10001', options: [], quantity: 2, listPrice: 149.9, unitPrice: 135.05, totalPrice: 270.1 },
      { id: id('m'), productId: id('q'), label: 'Werkstatthandbuch', productNumber: 'FS-90002', options: [], quantity: 1, unitPrice: 20, totalPrice: 20 },
      { id: id('n'), label: '10 % Forst', options: [], quantity: 1, unitPrice: 0, totalPrice: 0 },
    ])
    expect(view.totals).toEqual({
      positionPrice: 290.1,
      shippingCosts: 9.9,
      netPrice: 300,
      taxes: [
        { rate: 7, tax: 1.4 },
        { rate: 19, tax: 55.6 },
      ],
      taxFree: false,
      totalPrice: 357,
    })
    expect(view.billingAddress?.street).toBe('Waldweg 1')
    expect(view.shippingAddress?.street).toBe('Waldweg 2')
    expect(view.shippingMethod).toBe('Standardversand')
    expect(view.deliveryTime).toEqual({ max: 3, unit: 'day' })
    // The newest transaction counts: the retried payment, still open.
    expect(view.paymentMethod).toBe('Demo-Zahlung')
    expect(view).toMatchObject({ status: 'Offen', paymentState: 'open', paymentStateName: 'Offen', payAgain: true })
  })

  it('offers to pay again only for an unpaid order the store lets the shopper pay', () => {
    const paid = sampleOrder({
      transactions: [{ createdAt: '2026-03-04T09:30:00Z', stateMachineState: { technicalName: 'paid', translated: { name: 'Bezahlt' } } }],
    })
    expect(orderSummary(paid as never, { [id('a')]: true })).toMatchObject({ paymentState: 'paid', payAgain: false })
    expect(orderSummary(sampleOrder() as never, { [id('a')]: false }).payAgain).toBe(false)
    expect(orderSummary(sampleOrder() as never).payAgain).toBe(false)
    // Open prepayment or invoice: waiting for a bank transfer, nothing to pay online.
    const prepayment = sampleOrder({
      transactions: [{ paymentMethod: { asynchronous: false, translated: { name: 'Vorkasse' } }, stateMachineState: { technicalName: 'open', translated: { name: 'Offen' } } }],
    })
    expect(orderSummary(prepayment as never, { [id('a')]: true })).toMatchObject({ paymentState: 'open', payAgain: false })
    // Failed, whatever the method: another try (with another method) is offered.
    const failed = sampleOrder({
      transactions: [{ paymentMethod: { asynchronous: false, translated: { name: 'Vorkasse' } }, stateMachineState: { technicalName: 'failed', translated: { name: 'Fehlgeschlagen' } } }],
    })
    expect(orderSummary(failed as never, { [id('a')]: true }).payAgain).toBe(true)
    const plugin = sampleOrder({ transactions: [{ stateMachineState: { technicalName: 'psp_pending', translated: { name: 'Beim Anbieter' } } }] })
    expect(orderSummary(plugin as never, { [id('a')]: true })).toMatchObject({ paymentState: undefined, paymentStateName: 'Beim Anbieter', payAgain: false })
  })

  it('leaves out a delivery time it cannot read', () => {
    const order = sampleOrder({ deliveries: [{ shippingMethod: { name: 'Spedition', deliveryTime: { max: 0, unit: 'fortnight' } } }] })
    const view = orderDetailView(order as never)
    expect(view.deliveryTime).toBeUndefined()
    expect(view.shippingMethod).toBe('Spedition')
    expect(view.shippingAddress).toBeUndefined()
  })
})

describe('order store calls', () => {
  it("asks for one order by id with paymentChangeable; someone else's order (an empty result) is not found", async () => {
    const { store, requests } = await storeWith((req, res) => json(res, 200, { orders: { elements: [], total: 0 }, paymentChangeable: [] }))
    await expect(loadOrder(store, id('b'))).resolves.toBeUndefined()
    const body = requests.find((r) => r.path.endsWith('/order'))?.body as Record<string, unknown>
    expect(body.filter).toEqual([{ type: 'equals', field: 'id', value: id('b') }])
    expect(body.checkPromotion).toBe(true)
  })

  it('lists orders with their payment state and whether they can be paid again', async () => {
    const { store } = await storeWith((req, res) =>
      json(res, 200, { orders: { elements: [sampleOrder()], total: 11 }, paymentChangeable: { [id('a')]: true } }),
    )
    const page = await loadOrders(store, { page: 2, limit: 10 })
    expect(page).toMatchObject({ total: 11, page: 2, limit: 10 })
    expect(page.orders[0]).toMatchObject({ orderNumber: '10077', paymentState: 'open', payAgain: true, total: 357 })
  })

  it('reorders every product line in one cart call and names the lines the cart did not take', async () => {
    const { requests, context } = await storeWith((req, res) => {
      if (req.path.endsWith('/order')) return json(res, 200, { orders: { elements: [sampleOrder()], total: 1 }, paymentChangeable: {} })
      if (req.path.endsWith('/checkout/cart/line-item')) {
        return json(res, 200, {
          apiAlias: 'cart',
          lineItems: [
            { id: id('p'), referencedId: id('p'), type: 'product', label: 'Forstseilwinde FSW 35', quantity: 2, good: true, payload: { productNumber: 'FS-10001' }, price: { unitPrice: 135.05, totalPrice: 270.1 } },
          ],
          errors: { [`product-not-found${id('q')}`]: { messageKey: 'product-not-found', level: 20, block: true, parameters: { id: id('q') } } },
          price: { netPrice: 270.1, totalPrice: 321.42, positionPrice: 270.1, calculatedTaxes: [] },
          deliveries: [],
          transactions: [],
        })
      }
      json(res, 404, errorEnvelope(404, 'FRAMEWORK__ROUTE_NOT_FOUND'))
    })
    const request = new Request('https://shop.example/account/order/details/x', { method: 'POST', headers: { Cookie: 'sw-context-token=old-token' } })
    const result = await reorder(context, request, 'de', getStore(context, request, 'de'), id('a'))
    expect(result).toMatchObject({ orderNumber: '10077', added: 1, missing: [{ label: 'Werkstatthandbuch', productNumber: 'FS-90002' }] })
    const adds = requests.filter((r) => r.path.endsWith('/checkout/cart/line-item'))
    expect(adds).toHaveLength(1)
    expect((adds[0].body as { items: unknown[] }).items).toEqual([
      { id: id('p'), referencedId: id('p'), type: 'product', quantity: 2 },
      { id: id('q'), referencedId: id('q'), type: 'product', quantity: 1 },
    ])
  })

  it('reorders nothing for an order that is not the customer\'s', async () => {
    const { context, requests } = await storeWith((req, res) => json(res, 200, { orders: { elements: [], total: 0 }, paymentChangeable: {} }))
    const request = new Request('https://shop.example/account/order/details/x', { method: 'POST', headers: { Cookie: 'sw-context-token=old-token' } })
    await expect(reorder(context, request, 'de', getStore(context, request, 'de'), id('b'))).resolves.toBeUndefined()
    expect(requests.some((r) => r.path.includes('/checkout/cart'))).toBe(false)
  })
})

describe('the account guard', () => {
  it('reads the customer once for the layout and the page, although Remix gives each loader a Request of its own', async () => {
    const { context, requests } = await storeWith((req, res) => {
      if (req.path.endsWith('/account/customer')) return json(res, 200, { ...customer, active: true, guest: false })
      json(res, 404, errorEnvelope(404, 'NOT_FOUND'))
    })
    const copy = () => new Request('https://shop.example/account', { headers: { Cookie: 'sw-context-token=old-token' } })
    const [layout, page] = await Promise.all([accountSession(context, copy(), 'de'), accountSession(context, copy(), 'de')])
    expect(layout.customer.id).toBe(customer.id)
    expect(page.customer).toBe(layout.customer)
    expect(requests.filter((r) => r.path.endsWith('/account/customer'))).toHaveLength(1)
  })

  it("reads an account page's data beside the guard, in one round, not after it", async () => {
    const { context, lines } = await storeWith((req, res) => {
      if (req.path.endsWith('/account/customer')) return json(res, 200, { ...customer, active: true, guest: false })
      if (req.path.endsWith('/order')) return json(res, 200, { orders: { elements: [], total: 0 } })
      json(res, 404, errorEnvelope(404, 'NOT_FOUND'))
    })
    const request = new Request('https://shop.example/account/order', { headers: { Cookie: 'sw-context-token=old-token' } })
    const { customer: owner, loaded } = await accountSessionWith(context, request, 'de', (store) => loadOrders(store))
    expect(owner.id).toBe(customer.id)
    await expect(loaded).resolves.toMatchObject({ orders: [], total: 0 })
    expect(storeCallRounds(lines)).toEqual([expect.arrayContaining(['readCustomer', 'readOrder'])])
  })

  it('sends a session without a customer to the login page although the read beside the guard was refused too', async () => {
    const { context } = await storeWith((req, res) => json(res, 403, errorEnvelope(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')))
    const request = new Request('https://shop.example/account/order', { headers: { Cookie: 'sw-context-token=old-token' } })
    const thrown = await accountSessionWith(context, request, 'de', (store) => loadOrders(store)).catch((err: unknown) => err)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Faccount%2Forder')
  })
})
