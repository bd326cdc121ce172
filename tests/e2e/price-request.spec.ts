import { DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { logInThroughStore } from './auth-fixtures'
import { productId } from './checkout-fixtures'
import { expect, t, test } from './fixtures'
import { label, ready, uniqueEmail, waitForMail } from './engagement-fixtures'

const winchPage = '/forstseilwinde-fsw-100/FS-10006' // price on request
const winchId = productId('FS-10006')
const SHOP = 'shop@example.com'

test('a visitor sends a price request from the buy box; shop and requester get it by mail', async ({ page, request }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  const email = uniqueEmail('price')
  await page.goto(winchPage)
  await page.getByRole('link', { name: t('de', 'contact:priceRequest.link') }).click()
  await expect(page).toHaveURL(new RegExp(`/price-request/${winchId}$`))
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'contact:priceRequest.title') })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Forstseilwinde FSW 100' })).toBeVisible()
  await expect(page.getByText(t('de', 'contact:priceRequest.productNumber', { number: 'FS-10006' }))).toBeVisible()
  await ready(page, js)

  const form = page.locator('form.price-request-form')
  await expect(form.getByText(t('de', 'contact:priceRequest.privacyNote'))).toBeVisible()
  await expect(form.getByRole('link', { name: t('de', 'contact:privacyLink') })).toHaveAttribute('href', '/datenschutzerklaerung/')
  const price = form.getByLabel(label(t('de', 'contact:priceRequest.desiredPrice')))
  await price.fill('zwölfhundert')
  await form.getByLabel(label(t('de', 'contact:priceRequest.quantity'))).fill('2')
  await form.getByLabel(label(t('de', 'contact:priceRequest.comment'))).fill('Wir brauchen zwei Winden für die Saison.')
  await form.getByLabel(label(t('de', 'contact:priceRequest.firstName'))).fill('Anna')
  await form.getByLabel(label(t('de', 'contact:priceRequest.lastName'))).fill('Förster')
  await form.getByLabel(label(t('de', 'contact:priceRequest.email'))).fill(email)
  await form.getByLabel(new RegExp(t('de', 'contact:priceRequest.company'))).fill('Förster Holz GmbH')

  const answer = js ? undefined : page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/price-request/'))
  await page.getByRole('button', { name: t('de', 'contact:priceRequest.submit') }).click()
  if (answer) expect((await answer).status()).toBe(400)
  await expect(page.getByText(t('de', 'contact:validation.decimal', { example: '1.234,50' }))).toBeVisible()
  await expect(price).toHaveAttribute('aria-invalid', 'true')
  await expect(price).toHaveValue('zwölfhundert')
  await expect(form.getByLabel(label(t('de', 'contact:priceRequest.comment')))).toHaveValue('Wir brauchen zwei Winden für die Saison.')
  await expect(form.getByLabel(new RegExp(t('de', 'contact:priceRequest.company')))).toHaveValue('Förster Holz GmbH')

  // German notation: dot groups thousands, comma separates the cents.
  await price.fill('1.234,50')
  await page.getByRole('button', { name: t('de', 'contact:priceRequest.submit') }).click()
  await expect(page).toHaveURL(new RegExp(`${winchPage}$`))
  await expect(page.getByText(t('de', 'contact:priceRequest.success', { name: 'Forstseilwinde FSW 100' }))).toBeVisible()

  const copy = await waitForMail(request, email, 'Ihre Preisanfrage zu FS-10006 Forstseilwinde FSW 100')
  expect(copy).toContain('1.234,50')
  const shopMail = await waitForMail(request, SHOP, 'Preisanfrage zu FS-10006 Forstseilwinde FSW 100', email)
  expect(shopMail).toContain('Wir brauchen zwei Winden für die Saison.')
})

test('a logged-in customer finds the contact details filled in', async ({ page, context, baseURL }) => {
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.customer)
  const response = await page.goto(`/en/price-request/${winchId}`)
  const form = page.locator('form.price-request-form')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(form.getByLabel(label(t('en', 'contact:priceRequest.email')))).toHaveValue(DEMO_ACCOUNTS.customer.email)
  await expect(form.getByLabel(label(t('en', 'contact:priceRequest.firstName')))).not.toHaveValue('')
})

test('products with a price and unknown products have no price request', async ({ page }) => {
  for (const id of [productId('FS-10001'), 'f'.repeat(32), 'not-an-id']) {
    const response = await page.goto(`/en/price-request/${id}`)
    expect(response?.status(), id).toBe(404)
  }
  // The buy box of a product with a price offers no price request.
  await page.goto('/en/detail/7500379cfa8d405f6ddc1d15032ef246')
  await expect(page.getByRole('link', { name: t('en', 'contact:priceRequest.link') })).toHaveCount(0)
})
