import type { BrowserContext, Page } from '@playwright/test'
import { COUNTRY_DE_ID, PAYMENT_METHOD_IDS } from '../../server/demo-store/constants'
import { createConfirmedCustomer, logInThroughStore, type Account } from './auth-fixtures'
import { productId, storeCall } from './checkout-fixtures'
import { expect, expectNoA11yViolations, t, test, type Locale, shopContext } from './fixtures'

/** A business customer of its own, so orders never meet other tests. */
const createCustomer = (baseURL: string) =>
  createConfirmedCustomer(baseURL, 'bestellung', {
    accountType: 'business',
    firstName: 'Ida',
    lastName: 'Eiche',
    company: 'Eiche Holzrückung KG',
    vatIds: ['DE811907980'],
    billingAddress: { street: 'Rückeweg 3', zipcode: '72250', city: 'Freudenstadt', countryId: COUNTRY_DE_ID },
  })

interface PlacedOrder {
  id: string
  orderNumber: string
}

/** An order placed over HTTP through the shop's Store API, in a session of its own (the browser's stays untouched). */
async function placeOrder(
  baseURL: string,
  account: Account,
  items: { number: string; quantity: number }[],
  paymentMethodId?: string,
  orderBody: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const login = await storeCall(baseURL, 'POST', '/account/login', undefined, { username: account.email, password: account.password })
  const token = login.token
  if (paymentMethodId) await storeCall(baseURL, 'PATCH', '/context', token, { paymentMethodId })
  await storeCall(baseURL, 'POST', '/checkout/cart/line-item', token, {
    items: items.map((item) => ({ id: productId(item.number), referencedId: productId(item.number), type: 'product', quantity: item.quantity })),
  })
  const order = await storeCall(baseURL, 'POST', '/checkout/order', token, orderBody)
  return { id: order.body.id as string, orderNumber: order.body.orderNumber as string }
}

const prefix = (locale: Locale) => (locale === 'de' ? '' : `/${locale}`)
const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false

async function loggedIn(context: BrowserContext, baseURL: string, account: Account) {
  await logInThroughStore(context, baseURL, account)
}

function row(page: Page, orderNumber: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: orderNumber }) })
}

test.describe('orders in the account', () => {
  test('lists the orders with payment state and shows one with items, totals per VAT rate, addresses and methods', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000)
    const account = await createCustomer(baseURL!)
    // The winch at 19 % and the printed manual at 7 %: two VAT rates.
    const first = await placeOrder(baseURL!, account, [{ number: 'FS-10001', quantity: 1 }])
    // Next Monday: never past, never a Sunday.
    const monday = new Date()
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7))
    const desiredDate = monday.toISOString().slice(0, 10)
    const second = await placeOrder(
      baseURL!,
      account,
      [
        { number: 'FS-10001', quantity: 2 },
        { number: 'FS-95002', quantity: 1 },
      ],
      undefined,
      { customerComment: 'Bitte an Tor 2.\nZufahrt über den Waldweg.', customFields: { forst_contact_person: 'Ida Eiche', forst_desired_delivery_date: desiredDate } },
    )
    await loggedIn(context, baseURL!, account)

    const list = await page.goto('/account/order')
    expect(list?.status()).toBe(200)
    expect(list?.headers()['cache-control']).toContain('no-store')
    const newest = row(page, second.orderNumber)
    await expect(newest).toBeVisible()
    await expect(row(page, first.orderNumber)).toBeVisible()
    // Newest first.
    await expect(page.getByRole('rowheader').first()).toHaveText(second.orderNumber)
    await expect(newest.getByRole('cell').nth(2)).toHaveText(t('de', 'account:orders.paymentStates.open'))
    await expect(newest).toContainText('€')

    await newest.getByRole('link', { name: second.orderNumber, exact: true }).click()
    await expect(page).toHaveURL(`/account/order/details/${second.id}`)
    await expect(page.getByRole('heading', { level: 1, name: t('de', 'account:orders.detailTitle', { number: second.orderNumber }) })).toBeVisible()
    const items = page.getByRole('table', { name: t('de', 'account:orders.items') })
    const winchRow = items.getByRole('row').filter({ hasText: 'FS-10001' })
    await expect(winchRow.getByRole('rowheader')).toContainText('Forstseilwinde FSW 35')
    await expect(winchRow.getByRole('cell').first()).toHaveText('2')
    await expect(winchRow.getByRole('cell').nth(2)).toContainText('2.490,00')
    await expect(winchRow.getByRole('cell').nth(3)).toContainText('4.980,00')
    await expect(items.getByRole('row').filter({ hasText: 'FS-95002' })).toBeVisible()
    // Totals: net positions, shipping, VAT per rate, total including VAT.
    await expect(page.getByText(t('de', 'cart:totals.tax', { rate: '19' }))).toBeVisible()
    await expect(page.getByText(t('de', 'cart:totals.tax', { rate: '7' }))).toBeVisible()
    await expect(page.getByText(t('de', 'cart:totals.total'))).toBeVisible()
    await expect(page.getByRole('region', { name: t('de', 'account:orders.billingAddress') })).toContainText('Rückeweg 3')
    await expect(page.getByRole('region', { name: t('de', 'account:orders.shippingAddress') })).toContainText('Freudenstadt')
    const methods = page.getByRole('region', { name: t('de', 'account:orders.methods') })
    await expect(methods).toContainText(t('de', 'account:orders.deliveryTime'))
    await expect(methods).toContainText(/dauert bis zu \d+ (Tag|Tage|Woche|Wochen)/)
    // What was entered at the checkout for the delivery.
    const entered = page.getByRole('region', { name: t('de', 'account:orders.entered') })
    await expect(entered).toContainText('Ida Eiche')
    await expect(entered).toContainText(new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date(`${desiredDate}T12:00:00Z`)))
    await expect(entered.locator('dd').last()).toHaveText('Bitte an Tor 2.\nZufahrt über den Waldweg.', { useInnerText: true })
    // An order without them has no such section.
    await page.goto(`/account/order/details/${first.id}`)
    await expect(page.getByRole('region', { name: t('de', 'account:orders.methods') })).toBeVisible()
    await expect(page.getByRole('region', { name: t('de', 'account:orders.entered') })).toHaveCount(0)
  })

  test('reorder puts the lines back into the cart and goes to the cart page', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000)
    const account = await createCustomer(baseURL!)
    const order = await placeOrder(baseURL!, account, [
      { number: 'FS-40002', quantity: 3 },
      { number: 'FS-41001.1', quantity: 1 },
    ])
    await loggedIn(context, baseURL!, account)
    await page.goto(`/en/account/order/details/${order.id}`)
    if (javaScriptOn()) await expect(page.locator('body[data-ready]')).toBeAttached()
    await expect(page.locator('.cart-badge')).toHaveText('0')
    await page.getByRole('button', { name: t('en', 'account:orders.reorder') }).click()
    await expect(page).toHaveURL(/\/en\/checkout\/cart$/)
    await expect(page.getByText(t('en', 'account:orders.reorderAdded_other', { count: 2, number: order.orderNumber }))).toBeVisible()
    await expect(page.locator('.cart-badge')).toHaveText('4')
    await expect(page.locator('main')).toContainText('FS-40002')
    await expect(page.locator('main')).toContainText('FS-41001.1')
  })

  test("someone else's order and an unknown one are 'order not found'", async ({ page, context, baseURL }) => {
    test.info().annotations.push({ type: 'allow-console-errors', description: 'the documents answer 404' })
    test.setTimeout(60_000)
    const owner = await createCustomer(baseURL!)
    const order = await placeOrder(baseURL!, owner, [{ number: 'FS-41001.1', quantity: 1 }])
    // Another customer of the shop.
    await loggedIn(context, baseURL!, { email: 'kunde@example.com', password: 'Forst2024!' })
    for (const locale of ['de', 'fr'] as const) {
      const response = await page.goto(`${prefix(locale)}/account/order/details/${order.id}`)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: t(locale, 'account:orders.notFound') })).toBeVisible()
      await expect(page.locator('main')).not.toContainText(order.orderNumber)
    }
    expect((await page.goto(`/account/order/details/${'0'.repeat(32)}`))?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: t('de', 'account:orders.notFound') })).toBeVisible()
    // Reorder of someone else's order puts nothing in the cart.
    const posted = await page.request.post(`/account/order/details/${order.id}`, { form: { intent: 'reorder' }, maxRedirects: 0 })
    expect(posted.status()).toBe(404)
    await page.goto('/account/order')
    await expect(page.locator('.cart-badge')).toHaveText('0')
  })

  test('an order left unpaid online links to paying it; an open prepayment does not', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000)
    const account = await createCustomer(baseURL!)
    const prepaid = await placeOrder(baseURL!, account, [{ number: 'FS-41001.1', quantity: 1 }], PAYMENT_METHOD_IDS.prepayment)
    const order = await placeOrder(baseURL!, account, [{ number: 'FS-41001.1', quantity: 1 }], PAYMENT_METHOD_IDS.demoPay)
    const login = await storeCall(baseURL!, 'POST', '/account/login', undefined, { username: account.email, password: account.password })
    const answer = await storeCall(baseURL!, 'POST', '/order', login.token, { checkPromotion: true, filter: [{ type: 'equals', field: 'id', value: order.id }] })
    // The store lets the customer pay this open order again (paymentChangeable): the page offers it.
    expect((answer.body.paymentChangeable as Record<string, boolean> | undefined)?.[order.id]).toBe(true)
    await loggedIn(context, baseURL!, account)
    await page.goto('/account/order')
    const link = row(page, order.orderNumber).getByRole('link', { name: t('de', 'account:orders.payAgainFor', { number: order.orderNumber }) })
    await expect(link).toHaveAttribute('href', `/checkout/success/${order.id}/unpaid`)
    await page.goto(`/account/order/details/${order.id}`)
    await expect(page.getByRole('link', { name: t('de', 'account:orders.payAgain') })).toHaveAttribute('href', `/checkout/success/${order.id}/unpaid`)
    // There: the order waits for its payment, nothing failed.
    await page.goto(`/checkout/success/${order.id}/unpaid`)
    await expect(page.getByText(t('de', 'checkout:payment.pendingTitle'))).toBeVisible()
    await expect(page.getByText(t('de', 'checkout:payment.failedTitle'))).toHaveCount(0)
    await expect(page.locator('form.checkout-pay-again').getByRole('radio', { name: /Demo Pay/ })).toBeVisible()
    // Prepayment waits for a bank transfer: nothing to pay online, although the store would let the method change.
    await page.goto('/account/order')
    await expect(row(page, prepaid.orderNumber)).toBeVisible()
    await expect(row(page, prepaid.orderNumber).getByRole('link', { name: t('de', 'account:orders.payAgainFor', { number: prepaid.orderNumber }) })).toHaveCount(0)
    await page.goto(`/account/order/details/${prepaid.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(prepaid.orderNumber)
    await expect(page.getByRole('link', { name: t('de', 'account:orders.payAgain') })).toHaveCount(0)
  })

  test('no accessibility violations on the order list and details', async ({ browser, baseURL }, testInfo) => {
    testInfo.setTimeout(testInfo.timeout + 60_000)
    const account = await createCustomer(baseURL!)
    const order = await placeOrder(baseURL!, account, [{ number: 'FS-41001.1', quantity: 2 }])
    // axe runs as a script: without JS the shop's own scripts are blocked instead (fixtures.auditUrl).
    const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true })
    try {
      await loggedIn(context, baseURL!, account)
      const page = await context.newPage()
      if (!javaScriptOn()) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
      for (const path of ['/account/order', `/account/order/details/${order.id}`, `/fr/account/order/details/${'0'.repeat(32)}`]) {
        await page.goto(path)
        await expectNoA11yViolations(page)
      }
    } finally {
      await context.close()
    }
  })
})
