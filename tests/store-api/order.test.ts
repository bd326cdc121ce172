import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_DE_ID, DB_FILE_NAME, DEMO_ACCOUNTS, LANGUAGE_IDS, PAYMENT_METHOD_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { composeMail } from '../../server/demo-store/mail/index'
import { readOutbox, type OutboxMail } from '../../server/demo-store/mail/outbox'
import { readOrderInput, shopToday } from '../../server/demo-store/orders'
import { orderDeepLinkUrl } from '../../server/demo-store/routes/order'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
let db: Database.Database
beforeAll(async () => {
  store = await startDemoStore()
  db = new Database(join(store.dataDir, DB_FILE_NAME))
  db.pragma('busy_timeout = 5000')
})
afterAll(async () => {
  // Order mails are written after the answer; let the last ones land before the data directory goes.
  await new Promise((resolve) => setTimeout(resolve, 300))
  db?.close()
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; status: string; source?: { pointer: string } }

const WINCH = sid('product:FS-10001')
const AXE = sid('product:FS-31001')
let counter = 0
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@forst-test.example`

function tokenOf(response: StoreResponse): string {
  const token = response.headers.get('sw-context-token')
  expect(token, 'sw-context-token response header').toBeTruthy()
  return token ?? ''
}

function stockOf(productId: string): number {
  return (db.prepare('SELECT stock FROM product WHERE id = ?').get(productId) as { stock: number }).stock
}

function guestRegistration(overrides: Json = {}): Json {
  return {
    guest: true,
    salutationId: sid('salutation:mr'),
    firstName: 'Gustav',
    lastName: 'Gast',
    email: uniqueEmail('guest'),
    acceptedDataProtection: true,
    storefrontUrl: store.origin,
    billingAddress: { street: 'Forstweg 7', zipcode: '79100', city: 'Freiburg', countryId: COUNTRY_DE_ID },
    ...overrides,
  }
}

async function registerGuest(overrides: Json = {}, languageId?: string): Promise<{ token: string; customer: Json }> {
  const response = await store.call('POST', '/account/register', { body: guestRegistration(overrides), languageId })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return { token: tokenOf(response), customer: response.body as Json }
}

async function login(email: string = DEMO_ACCOUNTS.customer.email): Promise<string> {
  const response = await store.call('POST', '/account/login', { body: { email, password: DEMO_ACCOUNTS.customer.password } })
  expect(response.status).toBe(200)
  return tokenOf(response)
}

async function addToCart(token: string, items: Array<[string, number]>, languageId?: string): Promise<Json> {
  const response = await store.call('POST', '/checkout/cart/line-item', {
    token, languageId, body: { items: items.map(([id, quantity]) => ({ id, referencedId: id, type: 'product', quantity })) },
  })
  expect(response.status).toBe(200)
  return response.body as Json
}

async function order(token: string, body: Json = {}, languageId?: string): Promise<StoreResponse> {
  return store.call('POST', '/checkout/order', { token, body, languageId })
}

/** A weekday date at least `days` days after today (shop time), skipping Sundays. */
function futureWeekday(days: number): string {
  const date = new Date(`${shopToday()}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

function nextSunday(): string {
  const date = new Date(`${shopToday()}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  while (date.getUTCDay() !== 0) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/** The mail to `to` whose subject contains `subjectPart`, waiting for it: order mails are sent after the answer. */
async function mailTo(to: string, subjectPart: string): Promise<OutboxMail> {
  const deadline = Date.now() + 5000
  for (;;) {
    const found = (await readOutbox(join(store.dataDir, 'outbox'))).find((m) => m.to.includes(to) && m.subject.includes(subjectPart))
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no mail "${subjectPart}" to ${to}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('guest customers (RegisterRoute with guest: true)', () => {
  it('registers a guest without password, logs it in at once and shows it in the context', async () => {
    const email = uniqueEmail('guest')
    const response = await store.call('POST', '/account/register', { body: guestRegistration({ email }), token: 'guest-before-register' })
    expect(response.status).toBe(200)
    expectConformant('POST /account/register', response)
    const token = tokenOf(response)
    expect(token).not.toBe('guest-before-register')
    expect(response.body).toMatchObject({ email, guest: true, active: true, doubleOptInRegistration: false })

    const context = await store.call('GET', '/context', { token })
    expectConformant('GET /context', context)
    expect((context.body as Json).customer).toMatchObject({ email, guest: true })

    const customer = await store.call('POST', '/account/customer', { token })
    expect(customer.status).toBe(200)
    expect(customer.body).toMatchObject({ email, guest: true })
    const addresses = await store.call('POST', '/account/list-address', { token })
    expect(addresses.status).toBe(200)
    expect((addresses.body as { elements: unknown[] }).elements).toHaveLength(1)
  })

  it('may reuse an email (even an account\'s), never gets a confirmation mail and cannot log in', async () => {
    const first = await registerGuest({ email: DEMO_ACCOUNTS.customer.email })
    const second = await registerGuest({ email: DEMO_ACCOUNTS.customer.email })
    expect(first.customer.id).not.toBe(second.customer.id)
    const mails = await readOutbox(join(store.dataDir, 'outbox'))
    expect(mails.filter((m) => /Registrierung|registration/.test(m.subject) && m.to.includes(DEMO_ACCOUNTS.customer.email))).toEqual([])
    // The account with that email still logs in (guests are never found by a login).
    await login()
  })

  it('is not "logged in" for login-only routes', async () => {
    const { token } = await registerGuest()
    const response = await store.call('POST', '/account/change-password', { token, body: { password: 'x', newPassword: 'Sicher-2024!', newPasswordConfirm: 'Sicher-2024!' } })
    expectStoreError('POST /account/change-password', response, 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('still needs a password without guest: true', async () => {
    const response = await store.call('POST', '/account/register', { body: guestRegistration({ guest: false }) })
    expect(response.status).toBe(400)
    expect((response.body as { errors: ErrorEntry[] }).errors.map((e) => e.source?.pointer)).toContain('/password')
  })
})

describe('POST /checkout/order', () => {
  it('needs a customer or a guest: 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN', async () => {
    const anonymous = await store.call('POST', '/checkout/cart/line-item', { body: { items: [{ id: WINCH, referencedId: WINCH, type: 'product', quantity: 1 }] } })
    const response = await order(tokenOf(anonymous))
    expectStoreError('POST /checkout/order', response, 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('refuses an empty cart with 400 CHECKOUT__CART_EMPTY', async () => {
    const token = await login()
    expectStoreError('POST /checkout/order', await order(token), 400, 'CHECKOUT__CART_EMPTY')
  })

  it('turns the cart into an order: totals of the cart, stock decremented, cart deleted, second submit refused', async () => {
    const token = await login()
    const cart = await addToCart(token, [[WINCH, 1], [AXE, 3]])
    const winchStock = stockOf(WINCH)
    const axeStock = stockOf(AXE)
    const response = await order(token, { customerComment: '  Bitte vor 16 Uhr liefern.  ', affiliateCode: 'forum', campaignCode: 'herbst' })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expectConformant('POST /checkout/order', response)
    const placed = response.body as Json
    const cartPrice = cart.price as Json
    expect(placed).toMatchObject({
      orderNumber: expect.stringMatching(/^\d{5,}$/), amountTotal: cartPrice.totalPrice, amountNet: cartPrice.netPrice, positionPrice: cartPrice.positionPrice,
      customerComment: 'Bitte vor 16 Uhr liefern.', affiliateCode: 'forum', campaignCode: 'herbst', languageId: LANGUAGE_IDS.de,
      stateMachineState: { technicalName: 'open', translated: { name: 'Offen' } },
      orderCustomer: { email: DEMO_ACCOUNTS.customer.email, firstName: expect.any(String), lastName: expect.any(String) },
      deepLinkCode: expect.any(String),
      price: { totalPrice: cartPrice.totalPrice, calculatedTaxes: expect.any(Array) },
    })
    const lines = placed.lineItems as Json[]
    expect(lines.map((l) => [l.referencedId, l.quantity, l.type])).toEqual([[WINCH, 1, 'product'], [AXE, 3, 'product']])
    expect(lines[0]).toMatchObject({ productId: WINCH, payload: { productNumber: 'FS-10001' }, label: expect.any(String), unitPrice: expect.any(Number) })
    expect(Number(lines[1].totalPrice)).toBeCloseTo(Number(lines[1].unitPrice) * 3, 2)
    const delivery = (placed.deliveries as Json[])[0]
    expect(delivery).toMatchObject({
      shippingMethod: { deliveryTime: { name: expect.any(String), min: expect.any(Number), max: expect.any(Number), unit: expect.any(String) } },
      shippingOrderAddress: { street: 'Am Holzplatz 3', city: 'St. Peter' }, stateMachineState: { technicalName: 'open' },
    })
    expect(placed.billingAddress).toMatchObject({ street: 'Waldstraße 12' })
    expect((placed.transactions as Json[])[0]).toMatchObject({
      paymentMethodId: PAYMENT_METHOD_IDS.invoice, paymentMethod: { id: PAYMENT_METHOD_IDS.invoice, translated: { name: 'Rechnung' } },
      stateMachineState: { technicalName: 'open' }, amount: { totalPrice: cartPrice.totalPrice },
    })

    expect(stockOf(WINCH)).toBe(winchStock - 1)
    expect(stockOf(AXE)).toBe(axeStock - 3)
    const after = await store.call('GET', '/checkout/cart', { token })
    expect((after.body as Json).lineItems).toEqual([])
    expectStoreError('POST /checkout/order', await order(token), 400, 'CHECKOUT__CART_EMPTY')
  })

  it('shows the new stock in a listing, a search, a product search and a detail read just before the order (their cached answers are dropped)', async () => {
    type Found = { elements: Array<{ id: string; availableStock: number }> }
    const stockIn = async (path: string, body: Json) => ((await store.call('POST', path, { body })).body as Found).elements.find((e) => e.id === WINCH)?.availableStock
    const listing = () => stockIn(`/product-listing/${sid('category:winches')}`, { limit: 100 })
    const search = () => stockIn('/search', { search: 'FS-10001' })
    const products = () => stockIn('/product', { filter: [{ type: 'equals', field: 'productNumber', value: 'FS-10001' }] })
    const detail = async () => ((await store.call('POST', `/product/${WINCH}`, { body: {} })).body as { product: { availableStock: number } }).product.availableStock
    const before = stockOf(WINCH)
    expect(await listing()).toBe(before)
    expect(await search()).toBe(before)
    expect(await products()).toBe(before)
    expect(await detail()).toBe(before)
    const token = await login()
    await addToCart(token, [[WINCH, 2]])
    expect((await order(token)).status).toBe(200)
    expect(await listing()).toBe(before - 2)
    expect(await search()).toBe(before - 2)
    expect(await products()).toBe(before - 2)
    expect(await detail()).toBe(before - 2)
  })

  it('creates exactly one order when the same cart is submitted twice at the same time', async () => {
    const token = await login()
    await addToCart(token, [[WINCH, 1]])
    const countOrders = () => (db.prepare('SELECT COUNT(*) AS n FROM sales_order').get() as { n: number }).n
    const before = countOrders()
    const stock = stockOf(WINCH)
    const answers = await Promise.all([order(token), order(token), order(token)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400])
    for (const answer of answers.filter((a) => a.status === 400)) expectStoreError('POST /checkout/order', answer, 400, 'CHECKOUT__CART_EMPTY')
    expect(countOrders()).toBe(before + 1)
    expect(stockOf(WINCH)).toBe(stock - 1)
  })

  it('refuses a cart whose recalculation changed it (blocking errors) with CHECKOUT__CART_INVALID and keeps the cart', async () => {
    const token = await login()
    const closeout = sid('product:FS-10005')
    await addToCart(token, [[closeout, 2]])
    const original = stockOf(closeout)
    db.prepare('UPDATE product SET stock = 0 WHERE id = ?').run(closeout)
    try {
      const response = await order(token)
      expectStoreError('POST /checkout/order', response, 400, 'CHECKOUT__CART_INVALID')
      // The cart itself now tells the shopper why (product-out-of-stock), then it is consistent again.
      const cart = await store.call('GET', '/checkout/cart', { token })
      expect(Object.values((cart.body as { errors: Record<string, Json> }).errors).map((e) => e.messageKey)).toContain('product-out-of-stock')
    } finally {
      db.prepare('UPDATE product SET stock = ? WHERE id = ?').run(original, closeout)
    }
  })

  it('keeps promotion discounts and download lines; a virtual cart gives an order without deliveries', async () => {
    const token = await login()
    const manual = sid('product:FS-95001')
    await addToCart(token, [[manual, 1]])
    const cart = await store.call('POST', '/checkout/cart/line-item', { token, body: { items: [{ type: 'promotion', referencedId: 'FORST10' }] } })
    expect(cart.status).toBe(200)
    const cartBody = cart.body as { lineItems: Json[]; price: Json }
    expect(cartBody.lineItems.map((l) => l.type)).toEqual(['product', 'promotion'])
    const response = await order(token)
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200)
    expectConformant('POST /checkout/order', response)
    const placed = response.body as Json
    expect(placed).toMatchObject({ deliveries: [], shippingTotal: 0, amountTotal: cartBody.price.totalPrice })
    const [download, discount] = placed.lineItems as Json[]
    expect(download).toMatchObject({ type: 'product', states: ['is-download'], productId: manual })
    expect(discount).toMatchObject({ type: 'promotion', referencedId: 'FORST10', promotionId: expect.any(String) })
    expect(Number(discount.totalPrice)).toBeLessThan(0)
  })

  it('keeps the contact person and a valid desired delivery date (demo customFields)', async () => {
    const token = await login()
    await addToCart(token, [[AXE, 1]])
    const date = futureWeekday(5)
    const response = await order(token, { customFields: { forst_contact_person: ' Frau Holzer ', forst_desired_delivery_date: date, other: 'dropped' } })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    expect((response.body as Json).customFields).toEqual({ forst_contact_person: 'Frau Holzer', forst_desired_delivery_date: date })
  })

  it.each([
    ['a past date', () => '2020-03-02', 'VIOLATION::TOO_LOW_ERROR'],
    ['a Sunday', nextSunday, 'VIOLATION::FORST_DELIVERY_DATE_SUNDAY'],
    ['no date', () => '31.12.2030', 'VIOLATION::INVALID_DATE_ERROR'],
    ['an impossible date', () => '2031-02-30', 'VIOLATION::INVALID_DATE_ERROR'],
  ])('refuses %s as desired delivery date with a violation at its field, cart kept', async (_label, date, code) => {
    const token = await login()
    await addToCart(token, [[AXE, 1]])
    const response = await order(token, { customFields: { forst_desired_delivery_date: date() } })
    expect(response.status).toBe(400)
    expectConformant('POST /checkout/order', response)
    expect((response.body as { errors: ErrorEntry[] }).errors).toEqual([expect.objectContaining({ code, source: { pointer: '/customFields/forst_desired_delivery_date' } })])
    const cart = await store.call('GET', '/checkout/cart', { token })
    expect((cart.body as { lineItems: unknown[] }).lineItems, JSON.stringify(cart.body).slice(0, 600)).toHaveLength(1)
    db.prepare('DELETE FROM cart WHERE token = ?').run(token)
  })

  it('accepts today unless it is a Sunday (dates in the shop\'s time zone)', () => {
    expect(readOrderInput({ customFields: { forst_desired_delivery_date: '2030-01-07' } }, '2030-01-07').customFields).toEqual({ forst_desired_delivery_date: '2030-01-07' })
    expect(() => readOrderInput({ customFields: { forst_desired_delivery_date: '2030-01-06' } }, '2030-01-07')).toThrow()
    expect(() => readOrderInput({ customFields: { forst_desired_delivery_date: '2030-01-13' } }, '2030-01-07')).toThrow()
  })

  it('lets a guest order, in the guest\'s language, and mails the confirmation in that language', async () => {
    const email = uniqueEmail('guest-en')
    const { token } = await registerGuest({ email }, LANGUAGE_IDS.en)
    await addToCart(token, [[WINCH, 1]], LANGUAGE_IDS.en)
    const response = await order(token, {}, LANGUAGE_IDS.en)
    expect(response.status).toBe(200)
    const placed = response.body as Json
    expect(placed).toMatchObject({ languageId: LANGUAGE_IDS.en, orderCustomer: { email }, stateMachineState: { translated: { name: 'Open' } } })
    const mail = await mailTo(email, String(placed.orderNumber))
    expect(mail.subject).toBe(`Your order ${String(placed.orderNumber)} at Waldwerk Forsttechnik`)
    const line = (placed.lineItems as Json[])[0]
    expect(mail.text).toContain(String(line.label))
    expect(mail.text).toContain('FS-10001')
    expect(mail.text).toContain('plus 19% VAT')
    expect(mail.text).toContain('Payment method: Invoice')
    expect(mail.text).toMatch(/Shipping method: \S+/)
    expect(mail.text).toContain('Forstweg 7')
    expect(mail.text).toContain(`Total incl. VAT: ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(Number(placed.amountTotal))}`)
    expect(mail.text).not.toContain('IBAN')
  })

  it('gives a prepayment order the account to pay to, with the order number as reference', async () => {
    const email = uniqueEmail('guest-prepay')
    const { token } = await registerGuest({ email }, LANGUAGE_IDS.en)
    await addToCart(token, [[AXE, 1]], LANGUAGE_IDS.en)
    expect((await store.call('PATCH', '/context', { token, body: { paymentMethodId: PAYMENT_METHOD_IDS.prepayment } })).status).toBe(200)
    const response = await order(token, {}, LANGUAGE_IDS.en)
    expect(response.status).toBe(200)
    const placed = response.body as Json
    const mail = await mailTo(email, String(placed.orderNumber))
    expect(mail.text).toContain('Payment method: Prepayment')
    expect(mail.text).toContain('IBAN: DE89 3704 0044 0532 0130 00')
    expect(mail.text).toContain(`Payment reference: ${String(placed.orderNumber)}`)
    expect(mail.text).toContain(`Amount: ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(Number(placed.amountTotal))}`)
  })

  it('mails a German confirmation with net totals, VAT per rate and both addresses to a German customer', async () => {
    const token = await login()
    await addToCart(token, [[AXE, 2]])
    const response = await order(token, { customFields: { forst_contact_person: 'Herr Holzer' } })
    const placed = response.body as Json
    await mailTo(DEMO_ACCOUNTS.customer.email, String(placed.orderNumber))
    const all = (await readOutbox(join(store.dataDir, 'outbox'))).filter((m) => m.subject.includes(String(placed.orderNumber)))
    expect(all).toHaveLength(1)
    expect(all[0].subject).toBe(`Ihre Bestellung ${String(placed.orderNumber)} bei Waldwerk Forsttechnik`)
    expect(all[0].text).toContain('zzgl. 19 % MwSt.')
    expect(all[0].text).toContain('Zahlungsart: Rechnung')
    expect(all[0].text).toContain('Rechnungsadresse:')
    expect(all[0].text).toContain('Lieferadresse:')
    expect(all[0].text).toContain('Am Holzplatz 3')
    expect(all[0].text).toContain('Ansprechpartner: Herr Holzer')
  })
})

describe('intra-Community supply (TaxDetector: tax-free for companies outside the shop\'s country)', () => {
  const FRANCE = sid('country:FR')
  const strasbourg = { street: '1 rue du Bois', zipcode: '67000', city: 'Strasbourg', countryId: FRANCE }
  const freiburg = { street: 'Forstweg 7', zipcode: '79100', city: 'Freiburg', countryId: COUNTRY_DE_ID }
  const frenchBusiness = (overrides: Json = {}): Json => ({
    accountType: 'business', company: 'Bois Camille SARL', vatIds: ['FR12345678901'], billingAddress: strasbourg,
    customFields: { forst_company_type: 'gmbh' }, ...overrides,
  })

  async function cartOf(token: string): Promise<Json> {
    return (await store.call('GET', '/checkout/cart', { token })).body as Json
  }

  it('delivers to a French business with a VAT id without VAT: context, cart, order and mail say tax-free', async () => {
    const email = uniqueEmail('intra-eu')
    const { token } = await registerGuest(frenchBusiness({ email }), LANGUAGE_IDS.en)
    const context = (await store.call('GET', '/context', { token })).body as Json
    expect((context.context as Json).taxState).toBe('tax-free')
    expect(((context.shippingLocation as Json).country as Json).companyTax).toMatchObject({ enabled: true })

    const cart = await addToCart(token, [[AXE, 2]], LANGUAGE_IDS.en)
    const price = cart.price as Json
    expect(price).toMatchObject({ taxStatus: 'tax-free', calculatedTaxes: [], taxRules: [] })
    expect(price.totalPrice).toBe(price.netPrice)
    expect(Number(price.netPrice)).toBeGreaterThan(Number(price.positionPrice))
    const line = (cart.lineItems as Json[])[0]
    expect(line.price).toMatchObject({ calculatedTaxes: [], taxRules: [] })
    expect((line.priceDefinition as Json).taxRules).toEqual([{ taxRate: 19, percentage: 100 }])
    expect(((cart.deliveries as Json[])[0].shippingCosts as Json).calculatedTaxes).toEqual([])

    const response = await order(token, {}, LANGUAGE_IDS.en)
    expect(response.status).toBe(200)
    const placed = response.body as Json
    expect(placed).toMatchObject({ taxStatus: 'tax-free', price: { taxStatus: 'tax-free', calculatedTaxes: [] } })
    expect(placed.amountTotal).toBe(placed.amountNet)
    const mail = await mailTo(email, String(placed.orderNumber))
    expect(mail.text).toContain(`VAT 0%: ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(0)}`)
    expect(mail.text).toContain(`Total (without VAT): ${new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(Number(placed.amountTotal))}`)
    expect(mail.text).toContain('Customer’s VAT ID: FR12345678901')
    expect(mail.text).not.toContain('plus 19% VAT')
  })

  it('charges VAT when the goods stay in Germany, for a private buyer, and for a German business', async () => {
    // RegisterRoute checks the VAT ids against the shipping address's country when there is one.
    const shippedHome = await registerGuest(frenchBusiness({ shippingAddress: freiburg, vatIds: ['DE123456789'] }))
    const privateBuyer = await registerGuest({ billingAddress: strasbourg })
    const german = await login()
    for (const token of [shippedHome.token, privateBuyer.token, german]) {
      expect(((await store.call('GET', '/context', { token })).body as Json).context).toMatchObject({ taxState: 'net' })
      await addToCart(token, [[AXE, 1]])
      const price = (await cartOf(token)).price as Json
      expect(price.taxStatus).toBe('net')
      expect((price.calculatedTaxes as Json[]).map((t) => t.taxRate)).toEqual([19])
      expect(Number(price.totalPrice)).toBeGreaterThan(Number(price.netPrice))
    }
  })

  it('follows the session\'s shipping address: VAT for goods sent to Germany, none for goods sent to France', async () => {
    const { token, customer } = await registerGuest(frenchBusiness())
    await addToCart(token, [[AXE, 1]])
    expect(((await cartOf(token)).price as Json).taxStatus).toBe('tax-free')
    const created = await store.call('POST', '/account/address', { token, body: { firstName: 'Camille', lastName: 'Bois', ...freiburg } })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    expect((await store.call('PATCH', '/context', { token, body: { shippingAddressId: (created.body as Json).id } })).status).toBe(200)
    const taxed = (await cartOf(token)).price as Json
    expect(taxed).toMatchObject({ taxStatus: 'net', calculatedTaxes: [expect.objectContaining({ taxRate: 19 })] })
    expect((await store.call('PATCH', '/context', { token, body: { shippingAddressId: customer.defaultBillingAddressId } })).status).toBe(200)
    expect(((await cartOf(token)).price as Json)).toMatchObject({ taxStatus: 'tax-free', calculatedTaxes: [] })
  })
})

describe('POST /order', () => {
  it('lists only the session customer\'s orders, newest first, with paymentChangeable', async () => {
    const guest = await registerGuest()
    await addToCart(guest.token, [[AXE, 1]])
    const first = (await order(guest.token)).body as Json
    await addToCart(guest.token, [[AXE, 2]])
    const second = (await order(guest.token)).body as Json

    const response = await store.call('POST', '/order', { token: guest.token, body: { 'total-count-mode': 'exact', checkPromotion: true } })
    expect(response.status).toBe(200)
    expectConformant('POST /order', response)
    const body = response.body as { orders: { elements: Json[]; total: number }; paymentChangeable: Record<string, boolean> }
    expect(body.orders.elements.map((o) => o.id)).toEqual([second.id, first.id])
    expect(body.orders.total).toBe(2)
    expect(body.paymentChangeable).toEqual({ [String(first.id)]: true, [String(second.id)]: true })
    // As Shopware's OrderRoute: only a JSON `checkPromotion: true` asks for it.
    for (const checkPromotion of [undefined, 'true', 1]) {
      const unasked = await store.call('POST', '/order', { token: guest.token, body: { checkPromotion } })
      expect((unasked.body as { orders: { elements: Json[] }; paymentChangeable: Json }).orders.elements).toHaveLength(2)
      expect((unasked.body as { paymentChangeable: Json }).paymentChangeable, String(checkPromotion)).toEqual({})
    }
    expect(body.orders.elements[0]).toMatchObject({ lineItems: [expect.objectContaining({ quantity: 2 })], transactions: [expect.anything()], deliveries: [expect.anything()] })

    const paged = await store.call('POST', '/order', { token: guest.token, body: { limit: 1, page: 2, 'total-count-mode': 'exact', sort: [{ field: 'orderDateTime', order: 'ASC' }] } })
    expect((paged.body as { orders: { elements: Json[]; total: number } }).orders).toMatchObject({ total: 2, elements: [expect.objectContaining({ id: second.id })] })

    const byId = await store.call('POST', '/order', { token: guest.token, body: { filter: [{ type: 'equals', field: 'id', value: first.id }] } })
    expect((byId.body as { orders: { elements: Json[] } }).orders.elements.map((o) => o.id)).toEqual([first.id])

    // Another customer's order id finds nothing.
    const other = await store.call('POST', '/order', { token: await login(), body: { filter: [{ type: 'equals', field: 'id', value: first.id }] } })
    expect(other.status).toBe(200)
    expect((other.body as { orders: { elements: Json[] }; paymentChangeable: Json })).toMatchObject({ orders: { elements: [] }, paymentChangeable: {} })
  })

  it('needs a customer or a guest', async () => {
    expectStoreError('POST /order', await store.call('POST', '/order', { body: {} }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('POST /order for guests by deep link (OrderRoute::load)', () => {
  type OrderAnswer = { orders: { elements: Json[] }; paymentChangeable: Record<string, boolean> }
  type ThrottledAnswer = { errors: Array<{ code: string; meta: { parameters: { seconds: number } } }> }

  /** A guest's order (zip code 79100 from guestRegistration) and the guest's email. */
  async function guestOrder(languageId?: string): Promise<{ placed: Json; email: string }> {
    const email = uniqueEmail('deep-link')
    const { token } = await registerGuest({ email }, languageId)
    await addToCart(token, [[AXE, 1]], languageId)
    const response = await order(token, {}, languageId)
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200)
    return { placed: response.body as Json, email }
  }

  /** A visitor's new session (no customer) with axes in its cart: its token. */
  async function visitorWithCart(quantity: number): Promise<string> {
    const response = await store.call('POST', '/checkout/cart/line-item', { body: { items: [{ id: AXE, referencedId: AXE, type: 'product', quantity }] } })
    expect(response.status).toBe(200)
    return response.headers.get('sw-context-token') ?? ''
  }

  /** POST /order without a session (unless `token`): an equals filter on the deep link code plus the given fields. */
  function byDeepLink(code: unknown, fields: Json = {}, options: { field?: string; token?: string } = {}): Promise<StoreResponse> {
    return store.call('POST', '/order', { token: options.token, body: { filter: [{ type: 'equals', field: options.field ?? 'deepLinkCode', value: code }], ...fields } })
  }

  function idsOf(response: StoreResponse): unknown[] {
    return (response.body as OrderAnswer).orders.elements.map((o) => o.id)
  }

  it('opens a guest\'s order without a session by deepLinkCode or order.deepLinkCode with the order\'s email and billing zip code', async () => {
    const { placed, email } = await guestOrder()
    expect(placed.deepLinkCode).toMatch(/^[A-Za-z0-9]{32}$/)
    const response = await byDeepLink(placed.deepLinkCode, { email, zipcode: '79100', checkPromotion: true })
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200)
    expectConformant('POST /order', response)
    const body = response.body as OrderAnswer & { apiAlias: string }
    expect(body.apiAlias).toBe('order_route_response_struct')
    expect(idsOf(response)).toEqual([placed.id])
    expect(body.orders.elements[0]).toMatchObject({ orderNumber: placed.orderNumber, orderCustomer: { email }, billingAddress: { zipcode: '79100' } })
    expect(body.paymentChangeable).toEqual({ [String(placed.id)]: true })

    const prefixed = await byDeepLink(placed.deepLinkCode, { email, zipcode: '79100' }, { field: 'order.deepLinkCode' })
    expect(prefixed.status).toBe(200)
    expect(idsOf(prefixed)).toEqual([placed.id])

    // GET takes the criteria and the credentials as query parameters.
    const viaGet = await store.call('GET', '/order', {
      query: { 'filter[0][type]': 'equals', 'filter[0][field]': 'deepLinkCode', 'filter[0][value]': String(placed.deepLinkCode), email, zipcode: '79100' },
    })
    expect(viaGet.status, JSON.stringify(viaGet.body).slice(0, 300)).toBe(200)
    expect(idsOf(viaGet)).toEqual([placed.id])
  })

  it('with `login` logs the order\'s guest into the session it was asked in, its cart going along (Shopware 6.7, loginById)', async () => {
    const { placed, email } = await guestOrder()
    const visitor = await visitorWithCart(2)
    const response = await byDeepLink(placed.deepLinkCode, { email, zipcode: '79100', login: true }, { token: visitor })
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200)
    expect(idsOf(response)).toEqual([placed.id])
    const session = response.headers.get('sw-context-token') ?? ''
    expect(session).not.toBe('')
    expect(session).not.toBe(visitor)
    const context = await store.call('GET', '/context', { token: session })
    expect((context.body as { customer?: { email?: string; guest?: boolean } }).customer).toMatchObject({ email, guest: true })
    // The guest's session lists the order and kept the visitor's cart; the old token knows nothing any more.
    expect(idsOf(await store.call('POST', '/order', { token: session, body: {} }))).toEqual([placed.id])
    const cart = await store.call('GET', '/checkout/cart', { token: session })
    expect((cart.body as { lineItems: Array<{ quantity: number }> }).lineItems.map((li) => li.quantity)).toEqual([2])
    const old = await store.call('GET', '/context', { token: visitor })
    expect((old.body as { customer?: unknown }).customer ?? null).toBeNull()

    // Without `login` the session stays as it was.
    const other = await visitorWithCart(1)
    const plain = await byDeepLink(placed.deepLinkCode, { email, zipcode: '79100' }, { token: other })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('sw-context-token') ?? other).toBe(other)
  })

  it('refuses wrong credentials (CHECKOUT__GUEST_WRONG_CREDENTIALS), missing ones and unknown codes (CHECKOUT__GUEST_NOT_AUTHENTICATED)', async () => {
    const { placed, email } = await guestOrder()
    const code = placed.deepLinkCode
    expectStoreError('POST /order', await byDeepLink(code, { email: uniqueEmail('other'), zipcode: '79100' }), 403, 'CHECKOUT__GUEST_WRONG_CREDENTIALS')
    // Letter case aside, as Shopware 6.7's GuestAuthenticator compares: the same address in capitals is the same address.
    const capitals = await byDeepLink(code, { email: email.toUpperCase(), zipcode: '79100' })
    expect(capitals.status, JSON.stringify(capitals.body).slice(0, 300)).toBe(200)
    expectStoreError('POST /order', await byDeepLink(code, { email, zipcode: '79101' }), 403, 'CHECKOUT__GUEST_WRONG_CREDENTIALS')
    expectStoreError('POST /order', await byDeepLink(code, { email }), 403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED')
    expectStoreError('POST /order', await byDeepLink(code, { zipcode: '79100' }), 403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED')
    const response = await byDeepLink('UnknownUnknownUnknownUnknown0000', { email, zipcode: '79100' })
    expectStoreError('POST /order', response, 403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED')
    expect((response.body as { errors: Array<{ detail: string }> }).errors[0].detail).toBe('Guest not authenticated.')
  })

  it('needs a customer or a deep-link equals filter among the top-level filters', async () => {
    const { placed, email } = await guestOrder()
    const credentials = { email, zipcode: '79100' }
    expectStoreError('POST /order', await store.call('POST', '/order', { body: credentials }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    const inPostFilter = await store.call('POST', '/order', { body: { 'post-filter': [{ type: 'equals', field: 'deepLinkCode', value: placed.deepLinkCode }], ...credentials } })
    expectStoreError('POST /order', inPostFilter, 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    const byId = await store.call('POST', '/order', { body: { filter: [{ type: 'equals', field: 'id', value: placed.id }], ...credentials } })
    expectStoreError('POST /order', byId, 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    // Shopware lists what other deep-link filters find without credentials; the demo store lets guests in by an exact code only.
    const partial = await store.call('POST', '/order', { body: { filter: [{ type: 'contains', field: 'deepLinkCode', value: String(placed.deepLinkCode).slice(0, 8) }], ...credentials } })
    expectStoreError('POST /order', partial, 403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED')
  })

  it('keeps a registered customer\'s order from anonymous deep links; the logged-in customer finds it by its deep link', async () => {
    const token = await login()
    await addToCart(token, [[AXE, 1]])
    const placed = (await order(token)).body as Json
    const zipcode = String((placed.billingAddress as Json).zipcode)
    const anonymous = await byDeepLink(placed.deepLinkCode, { email: DEMO_ACCOUNTS.customer.email, zipcode })
    expectStoreError('POST /order', anonymous, 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')

    const own = await byDeepLink(placed.deepLinkCode, {}, { token: await login() })
    expect(own.status).toBe(200)
    expectConformant('POST /order', own)
    expect(idsOf(own)).toEqual([placed.id])
    // Another session's customer only searches its own orders, the deep link among the filters.
    const { token: guestSession } = await registerGuest()
    const other = await byDeepLink(placed.deepLinkCode, { email: DEMO_ACCOUNTS.customer.email, zipcode }, { token: guestSession })
    expect(other.status).toBe(200)
    expect(idsOf(other)).toEqual([])
  })

  it('leaves out orders created and last changed more than 30 days ago', async () => {
    const { placed, email } = await guestOrder()
    const credentials = { email, zipcode: '79100' }
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()
    expect((await byDeepLink(placed.deepLinkCode, credentials)).status).toBe(200)
    db.prepare('UPDATE sales_order SET created_at = ?, updated_at = ? WHERE id = ?').run(daysAgo(31), daysAgo(31), placed.id)
    expectStoreError('POST /order', await byDeepLink(placed.deepLinkCode, credentials), 403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED')
    db.prepare('UPDATE sales_order SET updated_at = NULL WHERE id = ?').run(placed.id)
    expectStoreError('POST /order', await byDeepLink(placed.deepLinkCode, credentials), 403, 'CHECKOUT__GUEST_NOT_AUTHENTICATED')
    // A change within the 30 days opens it again.
    db.prepare('UPDATE sales_order SET updated_at = ? WHERE id = ?').run(daysAgo(29), placed.id)
    const reopened = await byDeepLink(placed.deepLinkCode, credentials)
    expect(reopened.status).toBe(200)
    expect(idsOf(reopened)).toEqual([placed.id])
  })

  it('throttles the 11th attempt for a code within 10 s (rate_limiter.guest_login): 429 CHECKOUT__CUSTOMER_AUTH_THROTTLED', async () => {
    const { placed, email } = await guestOrder()
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await byDeepLink(placed.deepLinkCode, { email, zipcode: '00000' })
      expect(response.status, `attempt ${attempt}`).toBe(403)
    }
    // Counted before the credentials are checked: the right ones are refused too. The code's case does not matter.
    for (const code of [placed.deepLinkCode, String(placed.deepLinkCode).toUpperCase()]) {
      const throttled = await byDeepLink(code, { email, zipcode: '79100' })
      expectStoreError('POST /order', throttled, 429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED')
      const error = (throttled.body as ThrottledAnswer).errors[0]
      expect(error.meta.parameters.seconds).toBeGreaterThan(0)
      expect(error.meta.parameters.seconds).toBeLessThanOrEqual(10)
    }
    // The key is the code (and the client IP): another code is not throttled.
    const other = await guestOrder()
    expect((await byDeepLink(other.placed.deepLinkCode, { email: other.email, zipcode: '79100' })).status).toBe(200)
  })

  it('starts counting again after a successful guest authentication', async () => {
    const { placed, email } = await guestOrder()
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 9; attempt++) statuses.push((await byDeepLink(placed.deepLinkCode, { email, zipcode: '00000' })).status)
    statuses.push((await byDeepLink(placed.deepLinkCode, { email, zipcode: '79100' })).status)
    for (let attempt = 1; attempt <= 10; attempt++) statuses.push((await byDeepLink(placed.deepLinkCode, { email, zipcode: '00000' })).status)
    expect(statuses).toEqual([...Array<number>(9).fill(403), 200, ...Array<number>(10).fill(403)])
  })

  it('links the confirmation mail to the order\'s page on the domain of the order\'s language', async () => {
    const { placed, email } = await guestOrder(LANGUAGE_IDS.en)
    const link = `${store.origin}/en/account/order/${String(placed.deepLinkCode)}`
    const mail = await mailTo(email, String(placed.orderNumber))
    expect(mail.text).toContain(`View order:\n${link}`)
    expect(mail.html).toContain(`href="${link}"`)
    expect(mail.links).toContain(link)

    const token = await login()
    await addToCart(token, [[AXE, 1]])
    const german = (await order(token)).body as Json
    const germanMail = await mailTo(DEMO_ACCOUNTS.customer.email, String(german.orderNumber))
    expect(germanMail.text).toContain(`Bestellung ansehen:\n${store.origin}/account/order/${String(german.deepLinkCode)}`)
  })

  it('builds the link on the public URL in German and under /en and /fr', () => {
    expect(orderDeepLinkUrl('https://shop.example', LANGUAGE_IDS.de, 'abc')).toBe('https://shop.example/account/order/abc')
    expect(orderDeepLinkUrl('https://shop.example', LANGUAGE_IDS.en, 'abc')).toBe('https://shop.example/en/account/order/abc')
    expect(orderDeepLinkUrl('https://shop.example', LANGUAGE_IDS.fr, 'abc')).toBe('https://shop.example/fr/account/order/abc')
  })
})

describe('bad input on the order routes', () => {
  it('never answers 500, whatever the body', async () => {
    const { token } = await registerGuest()
    const bodies: unknown[] = [
      [], 'text', 42, null, { customFields: 5 }, { customFields: [] }, { customFields: { forst_desired_delivery_date: 20300101 } },
      { customerComment: ['a'] }, { customerComment: 'x'.repeat(6000) }, { orderId: {} }, { orderId: 'nohex', paymentMethodId: 7 },
      { filter: 'x' }, { limit: -1 }, { sort: 'x' }, { finishUrl: 5, errorUrl: 'javascript:alert(1)', orderId: 'a'.repeat(32) },
    ]
    for (const path of ['/checkout/order', '/order', '/order/payment', '/handle-payment']) {
      for (const body of bodies) {
        await addToCart(token, [[AXE, 1]])
        const response = await store.call('POST', path, { token, rawBody: JSON.stringify(body) })
        expect(response.status, `${path} ${JSON.stringify(body)?.slice(0, 80)} → ${JSON.stringify(response.body)?.slice(0, 300)}`).toBeLessThan(500)
        if (response.status >= 400) expect((response.body as { errors: unknown[] }).errors.length).toBeGreaterThan(0)
      }
    }
  }, 60_000)
})

describe('order confirmation texts', () => {
  it('writes French with French typography and amounts', () => {
    const mail = composeMail({
      kind: 'order-confirmation', to: 'x@forst-test.example', name: 'Camille Bois', languageId: LANGUAGE_IDS.fr,
      order: {
        orderNumber: '10042', lines: [{ label: 'Hache à fendre', productNumber: 'FS-31001', quantity: 2, unitPrice: 69, totalPrice: 138 }],
        positionPrice: 138, shippingCosts: 6.9, netPrice: 144.9, taxes: [{ rate: 19, tax: 27.53 }], totalPrice: 172.43,
        paymentMethod: 'Facture', shippingMethod: 'Standard', billingAddress: ['Camille Bois', '1 rue du Bois', '67000 Strasbourg', 'France'],
        shippingAddress: null, customerComment: null, contactPerson: null, desiredDeliveryDate: '2030-01-07', bankTransfer: false, taxFreeVatId: null,
      },
    })
    expect(mail.subject).toBe('Votre commande 10042 chez Waldwerk Forsttechnik')
    expect(mail.text).toContain('Mode de paiement\u00a0: Facture')
    expect(mail.text).toContain('TVA 19\u00a0%')
    expect(mail.text).toContain('Date de livraison souhaitée\u00a0: 7 janvier 2030')
    expect(mail.text).toContain(`Total TTC\u00a0: ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(172.43)}`)
    expect(mail.html).toContain('<html lang="fr">')
    expect(mail.html).toContain('Hache à fendre')
    expect(mail.text).not.toContain('IBAN')
  })

  it('names the tax exemption and the customer\'s VAT id for an intra-Community supply, without a VAT amount', () => {
    const mail = composeMail({
      kind: 'order-confirmation', to: 'x@forst-test.example', name: 'Camille Bois', languageId: LANGUAGE_IDS.fr,
      order: {
        orderNumber: '10044', lines: [{ label: 'Hache à fendre', productNumber: 'FS-31001', quantity: 2, unitPrice: 69, totalPrice: 138 }],
        positionPrice: 138, shippingCosts: 6.9, netPrice: 144.9, taxes: [], totalPrice: 144.9, taxFreeVatId: 'FR12345678901',
        paymentMethod: 'Facture', shippingMethod: 'Standard', billingAddress: ['Bois Camille SARL', '1 rue du Bois', '67000 Strasbourg', 'France'],
        shippingAddress: null, customerComment: null, contactPerson: null, desiredDeliveryDate: null, bankTransfer: false,
      },
    })
    const euro = (n: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(n)
    expect(mail.text).toContain(`TVA 0\u00a0%\u00a0: ${euro(0)}`)
    expect(mail.text).toContain(`Total (hors TVA)\u00a0: ${euro(144.9)}`)
    expect(mail.text).toContain('Livraison intracommunautaire exonérée de TVA (art.\u00a0138 de la directive TVA). Numéro de TVA du client\u00a0: FR12345678901')
    expect(mail.html).toContain('Numéro de TVA du client\u00a0: FR12345678901')
    expect(mail.text).not.toContain('TTC')
  })

  it('gives the account, the order number as reference and the amount for prepayment', () => {
    const order = {
      orderNumber: '10043', lines: [{ label: 'Spaltaxt', productNumber: 'FS-31001', quantity: 1, unitPrice: 69, totalPrice: 69 }],
      positionPrice: 69, shippingCosts: 6.9, netPrice: 75.9, taxes: [{ rate: 19, tax: 14.42 }], totalPrice: 90.32,
      paymentMethod: 'Vorkasse', shippingMethod: 'Standard', billingAddress: ['Max Holzer', 'Waldweg 1', '79098 Freiburg', 'Deutschland'],
      shippingAddress: null, customerComment: null, contactPerson: null, desiredDeliveryDate: null, bankTransfer: true, taxFreeVatId: null,
    }
    const mail = composeMail({ kind: 'order-confirmation', to: 'x@forst-test.example', name: 'Max Holzer', languageId: LANGUAGE_IDS.de, order })
    expect(mail.text).toContain('IBAN: DE89 3704 0044 0532 0130 00')
    expect(mail.text).toContain('Verwendungszweck: 10043')
    expect(mail.text).toContain(`Betrag: ${new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(90.32)}`)
    expect(mail.html).toContain('Kontoinhaber:</strong> Waldwerk Forsttechnik GmbH')
  })
})
