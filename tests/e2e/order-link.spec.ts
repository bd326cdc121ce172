import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { COUNTRY_DE_ID, LANGUAGE_IDS, PAYMENT_METHOD_IDS } from '../../server/demo-store/constants'
import { createConfirmedCustomer, logInThroughStore, mailedLink, type Account } from './auth-fixtures'
import { productId, storeCall, uniqueEmail } from './checkout-fixtures'
import { throttledText } from './engagement-fixtures'
import { auditUrl, expect, expectNoA11yViolations, prefix, t, test, type Locale } from './fixtures'

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`)
const GUEST_ZIPCODE = '79098'

interface PlacedOrder {
  id: string
  orderNumber: string
  deepLinkCode: string
}

async function order(baseURL: string, token: string): Promise<PlacedOrder> {
  await storeCall(baseURL, 'POST', '/checkout/cart/line-item', token, {
    items: [{ id: productId('FS-10001'), referencedId: productId('FS-10001'), type: 'product', quantity: 1 }],
  })
  const placed = await storeCall(baseURL, 'POST', '/checkout/order', token, {})
  return { id: placed.body.id as string, orderNumber: placed.body.orderNumber as string, deepLinkCode: placed.body.deepLinkCode as string }
}

/** A guest's order in the given language, placed through the Store API in a session of its own. */
async function placeGuestOrder(baseURL: string, locale: Locale, email: string, paymentMethodId?: string): Promise<PlacedOrder> {
  const switched = await storeCall(baseURL, 'PATCH', '/context', undefined, { languageId: LANGUAGE_IDS[locale], ...(paymentMethodId ? { paymentMethodId } : {}) })
  const token = switched.token
  const registered = await storeCall(baseURL, 'POST', '/account/register', token, {
    guest: true,
    firstName: 'Greta',
    lastName: 'Gast',
    email,
    acceptedDataProtection: true,
    storefrontUrl: `${baseURL}${prefix(locale)}`,
    billingAddress: { firstName: 'Greta', lastName: 'Gast', street: 'Forstweg 7', zipcode: GUEST_ZIPCODE, city: 'Freiburg', countryId: COUNTRY_DE_ID },
  })
  return order(baseURL, registered.token)
}

async function placeCustomerOrder(baseURL: string, account: Account): Promise<PlacedOrder> {
  const login = await storeCall(baseURL, 'POST', '/account/login', undefined, { username: account.email, password: account.password })
  return order(baseURL, login.token)
}

async function submitCredentials(page: Page, locale: Locale, email: string, zipcode: string) {
  await page.getByLabel(label(t(locale, 'account:orderLink.email'))).fill(email)
  await page.getByLabel(label(t(locale, 'account:orderLink.zipcode'))).fill(zipcode)
  const posted = page.waitForResponse((r) => r.request().method() === 'POST')
  await page.getByRole('button', { name: t(locale, 'account:orderLink.submit') }).click()
  return posted
}

test.describe("the order link of the store's order mails", () => {
  test('a guest opens the order from the confirmation mail with its e-mail address and postcode', async ({ page, baseURL }) => {
    test.setTimeout(60_000)
    test.info().annotations.push({ type: 'allow-console-errors', description: 'refused credentials answer 400' })
    const email = uniqueEmail('gast-link')
    const placed = await placeGuestOrder(baseURL!, 'en', email)
    const link = await mailedLink(baseURL!, email, '/account/order/')
    // Shopware's path, on the domain of the order's language.
    expect(link.pathname).toBe(`/en/account/order/${placed.deepLinkCode}`)

    await page.goto(link.pathname)
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'account:orderLink.title') })).toBeVisible()
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex,nofollow')
    await expect(page.getByRole('main').getByRole('link', { name: t('en', 'account:orderLink.login') })).toHaveAttribute(
      'href',
      `/en/login?redirectTo=${encodeURIComponent(link.pathname)}`,
    )

    const wrong = await submitCredentials(page, 'en', email, '10115')
    expect(wrong.status()).toBe(400)
    await expect(page.getByRole('alert').filter({ hasText: t('en', 'account:orderLink.wrongCredentials') })).toBeVisible()
    await expect(page.getByLabel(label(t('en', 'account:orderLink.email')))).toHaveValue(email)
    await expect(page.getByLabel(label(t('en', 'account:orderLink.zipcode')))).toHaveValue('10115')

    // Typed in capitals this time: the store compares without letter case (Shopware 6.7).
    const right = await submitCredentials(page, 'en', email.toUpperCase(), GUEST_ZIPCODE)
    expect(right.status()).toBe(200)
    expect(right.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'account:orders.detailTitle', { number: placed.orderNumber }) })).toBeVisible()
    await expect(page.getByRole('rowheader').filter({ hasText: 'FS-10001' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: t('en', 'account:orderLink.shownByLink') })).toBeVisible()
    await expect(page.getByText('Forstweg 7').first()).toBeVisible()
    // Nothing that needs the order's own session: no reorder, no way to the account's list.
    await expect(page.getByRole('button', { name: t('en', 'account:orders.reorder') })).toHaveCount(0)
    await expect(page.getByRole('link', { name: t('en', 'account:orders.backToList') })).toHaveCount(0)
    // axe runs as a script; the form's page is audited in both projects below.
    if (test.info().project.use.javaScriptEnabled !== false) await expectNoA11yViolations(page)
  })

  test('a guest whose online payment is still open pays it from the link: the store logs the guest in on this device', async ({ page, context, baseURL }) => {
    test.setTimeout(60_000)
    const email = uniqueEmail('gast-zahlt')
    // Demo Pay, and the payment page never opened: the order waits for its payment.
    const placed = await placeGuestOrder(baseURL!, 'de', email, PAYMENT_METHOD_IDS.demoPay)
    await page.goto(`/account/order/${placed.deepLinkCode}`)
    const answered = await submitCredentials(page, 'de', email, GUEST_ZIPCODE)
    expect(answered.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: t('de', 'account:orders.detailTitle', { number: placed.orderNumber }) })).toBeVisible()
    expect((await context.cookies()).some((cookie) => cookie.name === 'sw-context-token')).toBe(true)
    // The session is now the order's guest's: the link shows the order without asking again.
    await page.goto(`/account/order/${placed.deepLinkCode}`)
    await expect(page.getByRole('heading', { level: 1, name: t('de', 'account:orders.detailTitle', { number: placed.orderNumber }) })).toBeVisible()
    await expect(page.getByLabel(label(t('de', 'account:orderLink.email')))).toHaveCount(0)
    const pay = page.getByRole('link', { name: t('de', 'account:orders.payAgain') })
    await expect(pay).toHaveAttribute('href', `/checkout/success/${placed.id}/unpaid`)
    await pay.click()
    await expect(page).toHaveURL(new RegExp(`/checkout/success/${placed.id}/unpaid$`))
    await expect(page.getByText(t('de', 'checkout:payment.pendingTitle'))).toBeVisible()
    await expect(page.locator('form.checkout-pay-again').getByRole('radio', { name: /Demo Pay/ })).toBeVisible()
  })

  test('empty or malformed fields are refused at the field, and the form keeps what was typed', async ({ page, request, baseURL }) => {
    test.info().annotations.push({ type: 'allow-console-errors', description: 'refused forms answer 400' })
    const placed = await placeGuestOrder(baseURL!, 'fr', uniqueEmail('gast-feld'))
    const path = `/fr/account/order/${placed.deepLinkCode}`
    const refused = await request.post(path, { form: { email: 'kein-at', zipcode: '' }, maxRedirects: 0 })
    expect(refused.status()).toBe(400)

    await page.goto(path)
    await page.getByLabel(label(t('fr', 'account:orderLink.email'))).fill('kein-at')
    // Straight from the field to the button: leaving the field shows its error, which must not move the
    // pressed button away from under the pointer and swallow the click (app/lib/steady-presses.ts).
    await page.getByRole('button', { name: t('fr', 'account:orderLink.submit') }).click()
    const email = page.getByLabel(label(t('fr', 'account:orderLink.email')))
    const zipcode = page.getByLabel(label(t('fr', 'account:orderLink.zipcode')))
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(zipcode).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(t('fr', 'auth:validation.email'))).toBeVisible()
    await expect(email).toHaveValue('kein-at')
  })

  test('repeated wrong postcodes are throttled with the wait from the store', async ({ page, request, baseURL }) => {
    test.info().annotations.push({ type: 'allow-console-errors', description: 'refused credentials answer 400 and 429' })
    const email = uniqueEmail('gast-drossel')
    const placed = await placeGuestOrder(baseURL!, 'de', email)
    const path = `/account/order/${placed.deepLinkCode}`
    // Shopware's guest_login limit: ten attempts per order code, then a wait.
    for (let i = 0; i < 10; i++) {
      const response = await request.post(path, { form: { email, zipcode: `0000${i}` }, maxRedirects: 0 })
      expect(response.status()).toBe(400)
    }
    const pattern = throttledText('de')
    const opened = await page.goto(path)
    expect(opened?.status()).toBe(429)
    await expect(page.getByRole('alert').filter({ hasText: pattern })).toBeVisible()
    const throttled = await submitCredentials(page, 'de', email, GUEST_ZIPCODE)
    expect(throttled.status()).toBe(429)
    await expect(page.getByRole('alert').filter({ hasText: pattern })).toBeVisible()
    await expect(page.getByLabel(label(t('de', 'account:orderLink.email')))).toHaveValue(email)
  })

  test("a customer account's order: the link asks to log in, then shows the order in the account", async ({ page, context, baseURL }) => {
    test.setTimeout(60_000)
    const account = await createConfirmedCustomer(baseURL!, 'konto-link')
    const placed = await placeCustomerOrder(baseURL!, account)
    const path = `/en/account/order/${placed.deepLinkCode}`

    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`/en/login\\?redirectTo=${encodeURIComponent(path)}$`))
    await expect(page.getByText(t('en', 'account:orderLink.loginRequired'))).toBeVisible()
    await page.getByLabel(label(t('en', 'auth:login.email'))).fill(account.email)
    await page.getByLabel(label(t('en', 'auth:login.password'))).fill(account.password)
    await page.getByRole('button', { name: t('en', 'auth:login.submit') }).click()
    await expect(page).toHaveURL(new RegExp(`/en/account/order/details/${placed.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'account:orders.detailTitle', { number: placed.orderNumber }) })).toBeVisible()

    // Logged in already: straight on to the order.
    await page.goto(path)
    await expect(page).toHaveURL(new RegExp(`/en/account/order/details/${placed.id}$`))
    await logInThroughStore(context, baseURL!, await createConfirmedCustomer(baseURL!, 'konto-fremd'))
    const other = await page.goto(path)
    expect(other?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'account:orders.notFound') })).toBeVisible()
  })

  test('an unknown code asks for the credentials and then says the link has no order; a malformed one is a 404', async ({ page, request }) => {
    test.info().annotations.push({ type: 'allow-console-errors', description: 'the unknown link answers 404' })
    // A code of its own per run: the store's rate limit counts attempts per code, also across retries.
    const path = `/account/order/${randomBytes(24).toString('base64url')}`
    await page.goto(path)
    const answered = await submitCredentials(page, 'de', uniqueEmail('niemand'), GUEST_ZIPCODE)
    expect(answered.status()).toBe(404)
    await expect(page.getByRole('alert').filter({ hasText: t('de', 'account:orderLink.unknown') })).toBeVisible()
    expect((await request.get('/account/order/kurz')).status()).toBe(404)
  })

  test('no accessibility violations on the form and on an order shown by its link', async ({ browser, baseURL }, testInfo) => {
    const placed = await placeGuestOrder(baseURL!, 'de', uniqueEmail('gast-a11y'))
    await auditUrl(browser, testInfo, `/account/order/${placed.deepLinkCode}`)
  })
})
