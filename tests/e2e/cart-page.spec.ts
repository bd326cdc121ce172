import type { Page } from '@playwright/test'
import { expect, prefix, t, test, type Locale } from './fixtures'
import { fillCart, registerGuestThroughStore, uniqueEmail } from './checkout-fixtures'

// Seed facts (contracts): FS-10001 winch (in stock), FS-40001.1 choker and FS-41001.1 rope (variants), FS-60001.1 marking spray
// (min 6, steps 6, max 480), WK-5001 the original article number of a winch spare part.

const money = (locale: Locale, value: number) =>
  new Intl.NumberFormat({ de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }[locale], { style: 'currency', currency: 'EUR' }).format(value)

/** An accessible name containing the visible text (buttons add the line's name for screen readers). */
const named = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')

function line(page: Page, number: string) {
  return page.locator(`[data-testid="cart-line"][data-product-number="${number}"]`)
}

function isNoJs(testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) {
  return testInfo.project.use.javaScriptEnabled === false
}

/** Opens the cart page; with JavaScript, waits for the app so a click is not lost to hydration. */
async function openCart(page: Page, locale: Locale, noJs: boolean) {
  const response = await page.goto(`${prefix(locale)}/checkout/cart`)
  if (!noJs) await expect(page.locator('body[data-ready]')).toBeAttached()
  return response
}

async function quickOrder(page: Page, locale: Locale, lines: string) {
  await page.getByLabel(t(locale, 'cart:quickOrder.linesLabel')).fill(lines)
  await page.getByRole('button', { name: t(locale, 'cart:quickOrder.submit') }).click()
}

test('an empty cart says so and leads back to shopping; the page is never cached', async ({ page }, testInfo) => {
  const response = await openCart(page, 'de', isNoJs(testInfo))
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page).toHaveTitle(named(t('de', 'cart:page.title')))
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'cart:page.heading') })).toBeVisible()
  await expect(page.getByText(t('de', 'cart:page.emptyTitle'))).toBeVisible()
  const back = page.getByTestId('cart-empty').getByRole('link', { name: t('de', 'cart:page.continueShopping') })
  await expect(back).toHaveAttribute('href', '/')
  // The step line of the focused layout marks the cart.
  await expect(page.locator('[aria-current="step"]')).toHaveText(named(t('de', 'cart:layout.steps.cart')))
})

test('on a phone "to checkout" follows the lines, before the quick order; on a wide screen the quick order is under the lines', async ({ page, context, baseURL }) => {
  await fillCart(context, baseURL!, [{ number: 'FS-10001', quantity: 1 }])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/checkout/cart')
  const checkout = page.getByRole('link', { name: t('de', 'cart:page.toCheckout') })
  const quickOrder = page.getByRole('heading', { name: t('de', 'cart:quickOrder.heading') })
  expect((await checkout.boundingBox())!.y).toBeLessThan((await quickOrder.boundingBox())!.y)
  await page.setViewportSize({ width: 1366, height: 900 })
  const lines = page.locator('[data-testid="cart-line"]').first()
  const [summary, quick, line] = [await page.locator('.cart-summary').boundingBox(), await quickOrder.boundingBox(), await lines.boundingBox()]
  expect(quick!.x).toBeLessThan(summary!.x)
  expect(quick!.y).toBeGreaterThan(line!.y)
})

test('add, change the quantity and remove (English)', async ({ page }, testInfo) => {
  const noJs = isNoJs(testInfo)
  await openCart(page, 'en', noJs)
  await quickOrder(page, 'en', 'FS-10001, 1\nFS-40001.1; 2')
  await expect(page.getByText(t('en', 'cart:messages.quickOrderAdded_other', { count: 2 }))).toBeVisible()
  const winch = line(page, 'FS-10001')
  await expect(winch).toBeVisible()
  await expect(line(page, 'FS-40001.1')).toBeVisible()
  await expect(winch.getByRole('link', { name: 'Forestry winch FSW 35' })).toHaveAttribute('href', /^\/en\//)
  await expect(winch.getByText(t('en', 'cart:line.number', { number: 'FS-10001' }))).toBeVisible()
  await expect(page.locator('.cart-badge')).toHaveText('3')
  const unitText = (await winch.getByTestId('unit-price').textContent())!
  const unit = Number(unitText.replace(/[^\d.]/g, ''))
  await expect(winch.getByTestId('line-total')).toHaveText(money('en', unit))

  // Change the quantity: a form per line (with JS the same form through a fetcher).
  const quantity = winch.getByRole('spinbutton')
  await quantity.fill('3')
  await winch.getByRole('button', { name: named(t('en', 'cart:line.update')) }).click()
  await expect(winch.getByTestId('line-total')).toHaveText(money('en', unit * 3))
  await expect(page.getByText(t('en', 'cart:messages.quantityChanged', { name: 'Forestry winch FSW 35' }))).toHaveCount(1)
  await expect(quantity).toHaveValue('3')
  await expect(page.locator('.cart-badge')).toHaveText('5')

  // The totals: net positions, VAT per rate, total including VAT.
  const totals = page.locator('.cart-totals')
  await expect(totals.getByText(t('en', 'cart:totals.positions'))).toBeVisible()
  await expect(totals.getByText(t('en', 'cart:totals.tax', { rate: '19' }))).toBeVisible()
  await expect(totals.getByText(t('en', 'cart:totals.total'))).toBeVisible()
  await expect(page.getByRole('link', { name: t('en', 'cart:page.toCheckout') })).toHaveAttribute('href', '/en/checkout')

  // A three-digit count keeps the badge short (99+) beside the icon; the link's name says the number.
  const choker = line(page, 'FS-40001.1')
  await choker.getByRole('spinbutton').fill('120')
  await choker.getByRole('button', { name: named(t('en', 'cart:line.update')) }).click()
  await expect(page.locator('.cart-badge')).toHaveText('99+')
  // The store caps the line at its maximum purchase: the name counts what the cart holds.
  const chokers = Number(await choker.getByRole('spinbutton').inputValue())
  expect(chokers).toBeGreaterThan(96)
  await expect(page.getByTestId('header-cart')).toHaveAccessibleName(new RegExp(t('en', 'common:header.cartCount', { count: 3 + chokers })))

  // Remove both lines; the empty state follows.
  await line(page, 'FS-40001.1').getByRole('button', { name: named(t('en', 'cart:line.remove')) }).click()
  await expect(line(page, 'FS-40001.1')).toHaveCount(0)
  await expect(page.getByText(t('en', 'cart:messages.removed'))).toBeVisible()
  await winch.getByRole('button', { name: named(t('en', 'cart:line.remove')) }).click()
  await expect(page.getByText(t('en', 'cart:page.emptyTitle'))).toBeVisible()
  await expect(page.locator('.cart-badge')).toHaveText('0')
})

test('the store raises a quantity to the minimum and to the purchase steps, and says so once', async ({ page }, testInfo) => {
  const noJs = isNoJs(testInfo)
  await openCart(page, 'de', noJs)
  const spray = line(page, 'FS-60001.1')
  await quickOrder(page, 'de', 'FS-60001.1; 5')
  await expect(spray.getByRole('spinbutton')).toHaveValue('6')
  const minimum = t('de', 'cart:messages.min-order-quantity', { name: 'Forstmarkierspray', quantity: 6 })
  await expect(page.getByText(minimum)).toHaveCount(1)
  // The rules are at the field before anyone types.
  await expect(spray.getByText('Mindestabnahme 6, in Schritten von 6')).toBeVisible()
  await expect(spray.getByRole('spinbutton')).toHaveAttribute('min', '6')
  await expect(spray.getByRole('spinbutton')).toHaveAttribute('step', '6')
  await expect(spray.getByRole('spinbutton')).toHaveAttribute('max', '480')

  await spray.getByRole('spinbutton').fill('8')
  await spray.getByRole('button', { name: named(t('de', 'cart:line.update')) }).click()
  const stepped = spray.getByRole('spinbutton')
  await expect(stepped).not.toHaveValue('8')
  const value = Number(await stepped.inputValue())
  expect(value % 6).toBe(0)
  await expect(page.getByText(t('de', 'cart:messages.purchase-steps-quantity', { name: 'Forstmarkierspray', quantity: value }))).toHaveCount(1)

  // Shown once: the next visit of the page does not repeat it.
  await openCart(page, 'de', noJs)
  await expect(spray).toBeVisible()
  await expect(page.getByText(minimum)).toHaveCount(0)
  await expect(page.getByText(t('de', 'cart:messages.purchase-steps-quantity', { name: 'Forstmarkierspray', quantity: value }))).toHaveCount(0)
})

test('a quantity that is no positive whole number: error at the field, value kept', async ({ page }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  const noJs = isNoJs(testInfo)
  await openCart(page, 'en', noJs)
  await quickOrder(page, 'en', 'FS-10001')
  const winch = line(page, 'FS-10001')
  await winch.getByRole('spinbutton').fill('0')
  const posted = noJs ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await winch.getByRole('button', { name: named(t('en', 'cart:line.update')) }).click()
  if (posted) expect((await posted).status()).toBe(400)
  await expect(winch.getByText(t('en', 'cart:errors.quantityInteger'))).toBeVisible()
  await expect(winch.getByRole('spinbutton')).toHaveValue('0')
  await expect(winch.getByRole('spinbutton')).toHaveAttribute('aria-invalid', 'true')
})

test('promotion codes: an unknown one is reported, a valid one applied and removable (French)', async ({ page }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  const noJs = isNoJs(testInfo)
  await openCart(page, 'fr', noJs)
  await quickOrder(page, 'fr', 'FS-10001 1')
  await expect(line(page, 'FS-10001')).toBeVisible()
  const code = page.getByLabel(t('fr', 'cart:promotion.label'))
  const redeem = page.getByRole('button', { name: t('fr', 'cart:promotion.submit') })

  // Empty: an error at the field, no store call needed.
  const posted = noJs ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await redeem.click()
  if (posted) expect((await posted).status()).toBe(400)
  await expect(page.getByText(t('fr', 'cart:errors.codeRequired'))).toBeVisible()

  await code.fill('NOPE2024')
  const refused = testInfo.project.use.javaScriptEnabled === false ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await redeem.click()
  if (refused) expect((await refused).status()).toBe(400)
  // An unknown code is bad input: the error stands at the field, which keeps what was typed.
  await expect(page.getByText(t('fr', 'cart:messages.promotion-not-found', { code: 'NOPE2024' }))).toHaveCount(1)
  // In view, not where the new page would open without JavaScript: there the message takes the focus.
  await expect(page.getByText(t('fr', 'cart:messages.promotion-not-found', { code: 'NOPE2024' }))).toBeInViewport()
  if (noJs) await expect(page.getByText(t('fr', 'cart:messages.promotion-not-found', { code: 'NOPE2024' }))).toBeFocused()
  await expect(page.getByLabel(t('fr', 'cart:promotion.label'))).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel(t('fr', 'cart:promotion.label'))).toHaveValue('NOPE2024')
  await expect(page.getByTestId('cart-promotion')).toHaveCount(0)

  await page.getByLabel(t('fr', 'cart:promotion.label')).fill('FORST10')
  await page.getByRole('button', { name: t('fr', 'cart:promotion.submit') }).click()
  const applied = page.getByTestId('cart-promotion')
  await expect(applied).toHaveCount(1)
  await expect(applied).toContainText('FORST10')
  await expect(applied.locator('.cart-amount')).toHaveText(/^-/)

  await applied.getByRole('button', { name: named(t('fr', 'cart:promotion.remove')) }).click()
  await expect(page.getByTestId('cart-promotion')).toHaveCount(0)
  await expect(page.getByText(t('fr', 'cart:messages.promotionRemoved'))).toBeVisible()
})

test('a cart emptied in another tab: with JS the page follows; without, an empty code sent from the old page gets its error at the field', async ({ page, context }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  const noJs = isNoJs(testInfo)
  await openCart(page, 'en', noJs)
  await quickOrder(page, 'en', 'FS-10001')
  await expect(line(page, 'FS-10001')).toBeVisible()

  const other = await context.newPage()
  await openCart(other, 'en', noJs)
  await line(other, 'FS-10001').getByRole('button', { name: named(t('en', 'cart:line.remove')) }).click()
  await expect(other.getByTestId('cart-empty')).toBeVisible()
  await other.close()

  const redeem = page.getByRole('button', { name: t('en', 'cart:promotion.submit') })
  if (!noJs) {
    // With JavaScript the page follows the other tab's cart: it shows the cart empty, with no stale form left to send.
    await expect(page.getByTestId('cart-empty')).toBeVisible()
    await expect(redeem).toHaveCount(0)
    return
  }
  const posted = page.waitForResponse((r) => r.request().method() === 'POST')
  await redeem.click()
  expect((await posted).status()).toBe(400)
  await expect(page.getByTestId('cart-empty')).toBeVisible()
  await expect(page.getByLabel(t('en', 'cart:promotion.label'))).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(t('en', 'cart:errors.codeRequired'))).toBeVisible()
})

test('quick order: found products go in together, an unknown number stays in the form with why; unreadable lines stay for correction', async ({ page }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  const noJs = isNoJs(testInfo)
  await openCart(page, 'en', noJs)

  // A line that cannot be read: 400 with the line named at the field, the text kept.
  const bad = 'FS-10001, 2\nFS-40001.1, two'
  const posted = noJs ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await quickOrder(page, 'en', bad)
  if (posted) expect((await posted).status()).toBe(400)
  const lines = page.getByLabel(t('en', 'cart:quickOrder.linesLabel'))
  await expect(page.getByText(/FS-40001.1, two/).and(page.locator('.form-error'))).toBeVisible()
  await expect(lines).toHaveValue(bad)
  await expect(page.getByTestId('cart-line')).toHaveCount(0)

  // Article number, original article number (WK-5001) and an unknown one, decimal comma included:
  // the two found go in, the unknown one stays in the form with why.
  await quickOrder(page, 'en', 'FS-10001, 2,0\nXX-40404; 3\nWK-5001')
  await expect(line(page, 'FS-10001').getByRole('spinbutton')).toHaveValue('2')
  await expect(page.getByTestId('cart-line')).toHaveCount(2)
  await expect(page.getByText(t('en', 'cart:messages.quickOrderAdded_other', { count: 2 }))).toBeVisible()
  await expect(page.getByText(t('en', 'cart:messages.quickOrderLeftOver_one', { count: 1 }))).toBeVisible()
  await expect(lines).toHaveValue('XX-40404 3')
  await expect(lines).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('.form-error').getByText(t('en', 'cart:errors.someNotFound', { numbers: 'XX-40404' }))).toBeVisible()
  if (!noJs) await expect(lines).toBeFocused()

  // Corrected, the line goes in and the form is empty again.
  await quickOrder(page, 'en', 'FS-40001.1 3')
  await expect(line(page, 'FS-40001.1').getByRole('spinbutton')).toHaveValue('3')
  await expect(lines).toHaveValue('')
  await expect(lines).not.toHaveAttribute('aria-invalid', 'true')
})

test('quick order from a CSV file; a file line it could not add comes back as text, the file is not sent twice', async ({ page }, testInfo) => {
  await openCart(page, 'de', isNoJs(testInfo))
  await page.getByLabel(t('de', 'cart:quickOrder.fileLabel')).setInputFiles({
    name: 'bestellung.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Artikelnummer;Menge\r\nFS-40001.1;3\r\nFS-41001.1;1\r\n'),
  })
  await page.getByRole('button', { name: t('de', 'cart:quickOrder.submit') }).click()
  await expect(line(page, 'FS-40001.1').getByRole('spinbutton')).toHaveValue('3')
  await expect(line(page, 'FS-41001.1')).toBeVisible()

  // A file with an unknown number: its line comes back in the text field, and the file is no longer
  // chosen, so sending the corrected lines does not add the file's other lines a second time.
  const file = page.getByLabel(t('de', 'cart:quickOrder.fileLabel'))
  await file.setInputFiles({ name: 'nachbestellung.csv', mimeType: 'text/csv', buffer: Buffer.from('FS-40001.1;3\r\nXX-777;2\r\n') })
  await page.getByRole('button', { name: t('de', 'cart:quickOrder.submit') }).click()
  await expect(line(page, 'FS-40001.1').getByRole('spinbutton')).toHaveValue('6')
  await expect(page.getByLabel(t('de', 'cart:quickOrder.linesLabel'))).toHaveValue('XX-777 2')
  expect(await file.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0)
  await page.getByLabel(t('de', 'cart:quickOrder.linesLabel')).fill('FS-41001.1 1')
  await page.getByRole('button', { name: t('de', 'cart:quickOrder.submit') }).click()
  await expect(line(page, 'FS-41001.1').getByRole('spinbutton')).toHaveValue('2')
  await expect(line(page, 'FS-40001.1').getByRole('spinbutton')).toHaveValue('6')
})

test('keyboard: change a quantity with Enter and remove a line; focus stays in the cart', async ({ page }, testInfo) => {
  const noJs = isNoJs(testInfo)
  await openCart(page, 'en', noJs)
  await quickOrder(page, 'en', 'FS-10001\nFS-40001.1')
  const winch = line(page, 'FS-10001')
  await expect(winch).toBeVisible()
  const quantity = winch.getByRole('spinbutton')
  await quantity.focus()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('2')
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('2')
  await expect(page.getByText(t('en', 'cart:messages.quantityChanged', { name: 'Forestry winch FSW 35' }))).toBeVisible()
  if (!noJs) await expect(quantity).toBeFocused()

  // Tab from the quantity reaches its update button, then the line's remove button.
  await quantity.focus()
  await page.keyboard.press('Tab')
  await expect(winch.getByRole('button', { name: named(t('en', 'cart:line.update')) })).toBeFocused()
  await page.keyboard.press('Tab')
  const remove = winch.getByRole('button', { name: named(t('en', 'cart:line.remove')) })
  await expect(remove).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(winch).toHaveCount(0)
  // With JS the focus moves to the remaining line instead of falling back to the page start.
  if (!noJs) await expect(line(page, 'FS-40001.1').getByRole('spinbutton')).toBeFocused()
})

test('a variant line says which variant it is, in the cart and at the checkout', async ({ page, context, baseURL }) => {
  // Chainsaw trousers, size 52 in green: the name alone does not tell the sixteen variants apart.
  await fillCart(context, baseURL!, [{ number: 'FS-50002.8', quantity: 1 }])
  await page.goto('/checkout/cart')
  const options = page.getByTestId('cart-line').getByTestId('variant-options')
  await expect(options).toHaveText(/^(Größe: 52 · Farbe: Grün|Farbe: Grün · Größe: 52)$/)
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-variante'))
  await page.goto('/checkout')
  await expect(page.locator('.checkout-summary').getByTestId('variant-options')).toContainText('Farbe: Grün')
})
