import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_DE_ID, DEMO_ACCOUNTS, LANGUAGE_IDS, PAYMENT_METHOD_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { loggableUrl } from '../../server/logger'
import { chromiumLaunchOptions } from '../setup/chromium'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  // Order mails are written after the answer; let the last ones land before the data directory goes.
  await new Promise((resolve) => setTimeout(resolve, 300))
  await store?.close()
})

type Json = Record<string, unknown>
type OrderList = { orders: { elements: Json[] }; paymentChangeable: Record<string, boolean> }

const AXE = sid('product:FS-31001')
let counter = 0

function tokenOf(response: StoreResponse): string {
  const token = response.headers.get('sw-context-token')
  expect(token).toBeTruthy()
  return token ?? ''
}

/** A guest with one axe in the cart and the given payment method, ordered: the guest's token and the order. */
async function guestOrder(paymentMethodId: string, languageId?: string): Promise<{ token: string; order: Json }> {
  const register = await store.call('POST', '/account/register', {
    languageId,
    body: {
      guest: true, salutationId: sid('salutation:mrs'), firstName: 'Paula', lastName: 'Pay', email: `pay-${Date.now().toString(36)}-${++counter}@forst-test.example`,
      acceptedDataProtection: true, storefrontUrl: store.origin,
      billingAddress: { street: 'Zahlweg 2', zipcode: '79098', city: 'Freiburg', countryId: COUNTRY_DE_ID },
    },
  })
  expect(register.status).toBe(200)
  const token = tokenOf(register)
  expect((await store.call('PATCH', '/context', { token, body: { paymentMethodId } })).status).toBe(200)
  const add = await store.call('POST', '/checkout/cart/line-item', { token, languageId, body: { items: [{ id: AXE, referencedId: AXE, type: 'product', quantity: 1 }] } })
  expect(add.status).toBe(200)
  const placed = await store.call('POST', '/checkout/order', { token, languageId, body: {} })
  expect(placed.status, JSON.stringify(placed.body)).toBe(200)
  return { token, order: placed.body as Json }
}

function urls(orderId: unknown) {
  return { finishUrl: `${store.origin}/checkout/success/${String(orderId)}/paid`, errorUrl: `${store.origin}/en/checkout/success/${String(orderId)}/unpaid` }
}

async function handlePayment(token: string, orderId: unknown): Promise<StoreResponse> {
  return store.call('POST', '/handle-payment', { token, body: { orderId, ...urls(orderId) } })
}

async function orderOf(token: string, orderId: unknown): Promise<{ order: Json; changeable: boolean }> {
  const response = await store.call('POST', '/order', { token, body: { filter: [{ type: 'equals', field: 'id', value: orderId }], checkPromotion: true } })
  expect(response.status).toBe(200)
  const body = response.body as OrderList
  return { order: body.orders.elements[0], changeable: body.paymentChangeable[String(orderId)] }
}

function lastTransactionState(order: Json): string {
  const transactions = order.transactions as Array<{ stateMachineState: { technicalName: string } }>
  return transactions[transactions.length - 1].stateMachineState.technicalName
}

/** Posts the payment page's form as a browser without JavaScript would. */
async function submitPage(redirectUrl: string, action: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(redirectUrl, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: store.origin, ...headers },
    body: new URLSearchParams({ action }).toString(),
  })
}

async function startPayment(token: string, orderId: unknown): Promise<string> {
  const response = await handlePayment(token, orderId)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expectConformant('POST /handle-payment', response)
  const redirectUrl = String((response.body as Json).redirectUrl)
  expect(redirectUrl).toMatch(new RegExp(`^${store.origin}/demo-payment/[A-Za-z0-9_-]{43}$`))
  return redirectUrl
}

describe('POST /handle-payment', () => {
  it('answers redirectUrl null for invoice and prepayment and leaves their transaction open', async () => {
    for (const method of [PAYMENT_METHOD_IDS.invoice, PAYMENT_METHOD_IDS.prepayment]) {
      const { token, order } = await guestOrder(method)
      const response = await handlePayment(token, order.id)
      expect(response.status).toBe(200)
      expectConformant('POST /handle-payment', response)
      expect(response.body).toMatchObject({ redirectUrl: null })
      const after = await orderOf(token, order.id)
      expect(lastTransactionState(after.order)).toBe('open')
      expect(after.changeable).toBe(true)
    }
  })

  it('refuses finish and error URLs on other origins (no open redirect), foreign orders and missing ids', async () => {
    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.demoPay)
    const foreign = await store.call('POST', '/handle-payment', { token, body: { orderId: order.id, finishUrl: 'https://evil.example/paid', errorUrl: '//evil.example/x' } })
    expect(foreign.status).toBe(400)
    expectConformant('POST /handle-payment', foreign)
    expect((foreign.body as { errors: Array<{ source: { pointer: string } }> }).errors.map((e) => e.source.pointer)).toEqual(['/finishUrl', '/errorUrl'])
    expectStoreError('POST /handle-payment', await store.call('POST', '/handle-payment', { token, body: {} }), 400, 'VIOLATION::IS_BLANK_ERROR')

    const other = await guestOrder(PAYMENT_METHOD_IDS.demoPay)
    expectStoreError('POST /handle-payment', await handlePayment(token, other.order.id), 404, 'CHECKOUT__INVALID_ORDER_ID')
    expectStoreError('POST /handle-payment', await store.call('POST', '/handle-payment', { body: { orderId: order.id } }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('demo payment page', () => {
  it('shows amount, order number and shop in the order\'s language with three POST buttons', async () => {
    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.demoPay, LANGUAGE_IDS.fr)
    const redirectUrl = await startPayment(token, order.id)
    const page = await fetch(redirectUrl)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const html = await page.text()
    expect(html).toContain('<html lang="fr">')
    expect(html).toContain(String(order.orderNumber))
    expect(html).toContain(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(Number(order.amountTotal)))
    expect(html).toContain('Waldwerk Forsttechnik')
    expect(html).toMatch(/<form method="post" action="\/demo-payment\/[A-Za-z0-9_-]{43}">/)
    for (const [value, label] of [['pay', 'Payer maintenant'], ['fail', 'Simuler un échec de paiement'], ['cancel', 'Annuler']]) {
      expect(html).toContain(`<button type="submit" name="action" value="${value}"`)
      expect(html).toContain(`>${label}</button>`)
    }
  })

  it('pay → transaction paid → 302 to finishUrl; the token is single-use; a paid order cannot change its payment', async () => {
    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.demoPay)
    const redirectUrl = await startPayment(token, order.id)
    const paid = await submitPage(redirectUrl, 'pay')
    expect(paid.status).toBe(302)
    expect(paid.headers.get('location')).toBe(urls(order.id).finishUrl)

    const after = await orderOf(token, order.id)
    expect(lastTransactionState(after.order)).toBe('paid')
    expect(after.changeable).toBe(false)

    const again = await submitPage(redirectUrl, 'pay')
    expect(again.status).toBe(410)
    expect((await fetch(redirectUrl)).status).toBe(410)
    // Nothing open any more: no new payment page.
    expect((await handlePayment(token, order.id)).body).toMatchObject({ redirectUrl: null })
    const change = await store.call('POST', '/order/payment', { token, body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_IDS.invoice } })
    expectStoreError('POST /order/payment', change, 400, 'CHECKOUT__PAYMENT_METHOD_UNCHANGEABLE')
  })

  it('fail → failed → errorUrl with error-code; the shopper retries with another method or the same one; cancel → customer-canceled code', async () => {
    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.demoPay)
    const failed = await submitPage(await startPayment(token, order.id), 'fail')
    expect(failed.status).toBe(302)
    expect(failed.headers.get('location')).toBe(`${urls(order.id).errorUrl}?error-code=CHECKOUT__ASYNC_PAYMENT_FINALIZE_INTERRUPTED`)
    let state = await orderOf(token, order.id)
    expect(lastTransactionState(state.order)).toBe('failed')
    expect(state.changeable).toBe(true)

    // Retry with the same method: the failed transaction is reopened and a new page link handed out.
    const same = await store.call('POST', '/order/payment', { token, body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_IDS.demoPay } })
    expect(same.status).toBe(200)
    expectConformant('POST /order/payment', same)
    expect(same.body).toMatchObject({ success: true })
    const cancelled = await submitPage(await startPayment(token, order.id), 'cancel')
    expect(cancelled.status).toBe(302)
    expect(cancelled.headers.get('location')).toBe(`${urls(order.id).errorUrl}?error-code=CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT`)
    state = await orderOf(token, order.id)
    expect(lastTransactionState(state.order)).toBe('cancelled')
    expect(state.changeable).toBe(true)

    // Switching to invoice adds a new open transaction (synchronous: no redirect), then pay by demo pay after all.
    expect((await store.call('POST', '/order/payment', { token, body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_IDS.invoice } })).status).toBe(200)
    state = await orderOf(token, order.id)
    const transactions = state.order.transactions as Json[]
    expect(transactions.map((t) => (t.stateMachineState as Json).technicalName)).toEqual(['cancelled', 'open'])
    expect(transactions[1]).toMatchObject({ paymentMethodId: PAYMENT_METHOD_IDS.invoice, amount: { totalPrice: order.amountTotal } })
    expect((await handlePayment(token, order.id)).body).toMatchObject({ redirectUrl: null })
    expect((await store.call('POST', '/order/payment', { token, body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_IDS.demoPay } })).status).toBe(200)
    const paid = await submitPage(await startPayment(token, order.id), 'pay')
    expect(paid.headers.get('location')).toBe(urls(order.id).finishUrl)
    state = await orderOf(token, order.id)
    expect((state.order.transactions as Json[]).map((t) => (t.stateMachineState as Json).technicalName)).toEqual(['cancelled', 'cancelled', 'paid'])
  })

  it('answers unknown tokens 404 and refuses bad actions and foreign origins', async () => {
    const unknown = await fetch(`${store.origin}/demo-payment/${'A'.repeat(43)}`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })
    expect(unknown.status).toBe(404)
    const html = await unknown.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('Payment not found')
    expect((await fetch(`${store.origin}/demo-payment/short`)).status).toBe(404)

    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.demoPay)
    const redirectUrl = await startPayment(token, order.id)
    expect((await submitPage(redirectUrl, 'steal')).status).toBe(400)
    expect((await submitPage(redirectUrl, 'pay', { origin: 'https://evil.example' })).status).toBe(403)
    // Neither used the token up.
    expect((await submitPage(redirectUrl, 'pay')).status).toBe(302)
  })

  it('keeps payment tokens out of access logs', () => {
    expect(loggableUrl(`/demo-payment/${'a'.repeat(43)}`)).toBe('/demo-payment/[Redacted]')
    expect(loggableUrl('/demo-payment/payment.css')).toBe('/demo-payment/payment.css')
  })
})

describe('POST /order/payment', () => {
  it('answers Shopware\'s codes for foreign orders, unknown methods and missing customers', async () => {
    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.invoice)
    const login = await store.call('POST', '/account/login', { body: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } })
    const other = tokenOf(login)
    expectStoreError('POST /order/payment', await store.call('POST', '/order/payment', { token: other, body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_IDS.invoice } }), 404, 'FRAMEWORK__ENTITY_NOT_FOUND')
    expectStoreError('POST /order/payment', await store.call('POST', '/order/payment', { token, body: { orderId: order.id, paymentMethodId: sid('payment:bitcoin') } }), 404, 'CHECKOUT__ORDER_PAYMENT_METHOD_NOT_AVAILABLE')
    expectStoreError('POST /order/payment', await store.call('POST', '/order/payment', { body: { orderId: order.id, paymentMethodId: PAYMENT_METHOD_IDS.invoice } }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('demo payment page in a browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions)
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('has no axe violations, is keyboard usable with visible focus, and pays without JavaScript', async () => {
    const { token, order } = await guestOrder(PAYMENT_METHOD_IDS.demoPay)
    const redirectUrl = await startPayment(token, order.id)
    const withJs = await browser.newContext()
    try {
      const page = await withJs.newPage()
      await page.goto(redirectUrl)
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
      expect(results.violations.map((v) => v.id)).toEqual([])
      await page.keyboard.press('Tab')
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Jetzt bezahlen')
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)
      expect(outline).toBe('solid')
    } finally {
      await withJs.close()
    }
    const noJs = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await noJs.newPage()
      await page.goto(redirectUrl)
      await Promise.all([page.waitForURL(urls(order.id).finishUrl), page.getByRole('button', { name: 'Jetzt bezahlen' }).click()])
    } finally {
      await noJs.close()
    }
    expect(lastTransactionState((await orderOf(token, order.id)).order)).toBe('paid')
  }, 60_000)
})
