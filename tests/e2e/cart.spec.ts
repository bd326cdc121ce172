import { expect, t, test } from './fixtures'

// md5('forst-demo:product:<number>'), see server/demo-store/ids.ts
const winch = '/en/detail/7500379cfa8d405f6ddc1d15032ef246' // FS-10001, in stock
const winchFsw80 = '/detail/fb88112b8bf6456b95ba1e4d6b4a8370' // FS-10005, closeout with 4 in stock
const wedge = '/faellkeil-kunststoff/FS-30001' // min 2, steps 2; shows variant FS-30001.1

test('add to cart from the buy box: confirmation and header count', async ({ page }, testInfo) => {
  await page.goto(winch)
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()
  const badge = page.locator('.cart-badge')
  await expect(badge).toHaveText('0')

  await page.getByLabel(t('en', 'product:buy.quantity')).fill('2')
  await page.getByRole('button', { name: t('en', 'product:buy.submit') }).click()

  if (testInfo.project.use.javaScriptEnabled === false) {
    await expect(page.getByText(t('en', 'product:cart.added', { name: 'Forestry winch FSW 35' }))).toBeVisible()
  } else {
    // With scripts the side cart shows the added line instead of a notice pushing the page down.
    const sideCart = page.getByRole('dialog', { name: new RegExp(t('en', 'cart:sideCart.title')) })
    await expect(sideCart.getByRole('link', { name: 'Forestry winch FSW 35' })).toBeVisible()
    await expect(page.locator('.notification')).toHaveCount(0)
    await page.keyboard.press('Escape')
  }
  await expect(badge).toHaveText('2')
  await expect(page).toHaveURL(/\/en\/forestry-winch-fsw-35\/FS-10001$/)
  await expect(page.getByRole('link', { name: t('en', 'header.cartCount', { count: 2 }) })).toBeVisible()

  // The count stays on other pages of the session.
  await page.goto('/en/products/')
  await expect(page.locator('.cart-badge')).toHaveText('2')
})

test('a quantity against the purchase steps gives the error at the field and keeps the value', async ({ page }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  const noJs = testInfo.project.use.javaScriptEnabled === false
  await page.goto(wedge)
  const quantity = page.getByLabel(t('de', 'product:buy.quantity'))
  await expect(quantity).toHaveAttribute('min', '2')
  await expect(quantity).toHaveAttribute('step', '2')
  await quantity.fill('3')
  // Without JS the server validates (400 with the page); with JS the same schema stops the submit in the browser.
  const posted = noJs ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  if (posted) expect((await posted).status()).toBe(400)

  await expect(page.getByText(t('de', 'product:buy.errors.step', { step: 2, min: 2 }))).toBeVisible()
  await expect(quantity).toHaveValue('3')
  await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('.cart-badge')).toHaveText('0')
})

test('the add-to-cart action answers a bad quantity with 400 and a translated field error', async ({ request }) => {
  const page = await request.get(wedge)
  const productId = (await page.text()).match(/name="productId"[^>]*value="([0-9a-f]{32})"/)?.[1]
  expect(productId).toBeDefined()
  const response = await request.post(`/en/felling-wedge-plastic/FS-30001`, {
    form: { intent: 'add-to-cart', productId: productId!, quantity: '5' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain(t('en', 'product:buy.errors.step', { step: 2, min: 2 }))

  const ok = await request.post(`/en/felling-wedge-plastic/FS-30001`, {
    form: { intent: 'add-to-cart', productId: productId!, quantity: '4' },
    maxRedirects: 0,
  })
  expect(ok.status()).toBe(303)
  expect(ok.headers()['location']).toBe('/en/felling-wedge-plastic/FS-30001')
})

test('a product that takes the cart over the invoice limit is added, and the shopper is told that invoice is gone', async ({ page }) => {
  await page.goto('/detail/74a2393f454b431efdfa7fdae2596002') // FS-10003, 3,990 € net: two exceed invoice's 5,000 €
  const js = test.info().project.name === 'js'
  if (js) await expect(page.locator('body[data-ready]')).toBeAttached()
  await page.getByRole('spinbutton', { name: t('de', 'product:buy.quantity'), exact: true }).fill('2')
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  await expect(page.locator('.cart-badge')).toHaveText('2')
  if (js) {
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
  } else {
    await expect(page.getByText(t('de', 'product:cart.added', { name: 'Forstseilwinde FSW 55' }))).toBeVisible()
  }
  await expect(page.getByText(t('de', 'cart:messages.payment-method-blocked', { name: 'Rechnung' }))).toBeVisible()
  // The product was added: no word of it failing.
  await expect(page.getByText(t('de', 'product:cart.errors.generic', { name: 'Forstseilwinde FSW 55' }))).toHaveCount(0)
})

test('cart adjustments from the store are shown translated', async ({ page }) => {
  await page.goto(winchFsw80)
  // With JavaScript a click before hydration would be the plain form post, and no side cart would open.
  if (test.info().project.name === 'js') await expect(page.locator('body[data-ready]')).toBeAttached()
  await page.getByRole('spinbutton', { name: t('de', 'product:buy.quantity'), exact: true }).fill('3')
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  await expect(page.locator('.cart-badge')).toHaveText('3')
  // With JavaScript the side cart opens after adding (a modal): the shopper closes it to go on.
  if (test.info().project.name === 'js') {
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  }
  // Three more would exceed the four in stock: the store cuts the line to 4 and says so.
  await page.getByRole('spinbutton', { name: t('de', 'product:buy.quantity'), exact: true }).fill('3')
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  const notice = page.getByText(t('de', 'product:cart.errors.product-stock-reached', { name: 'Forstseilwinde FSW 80', quantity: 4 }))
  await expect(notice).toBeVisible()
  // The notice sits in the page under the header, never over its controls. Measured at once: with
  // JavaScript it disappears after 2.5 s.
  const box = await page.locator('.notification', { has: notice }).boundingBox()
  const header = await page.locator('.site-header').boundingBox()
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1)
  await expect(page.locator('.cart-badge')).toHaveText('4')
})

test('with JavaScript the buy box submits without reloading the document @js', async ({ page }) => {
  await page.goto(winch)
  // Before hydration the button submits the plain form (a reload), which is the no-JS path.
  await expect(page.locator('body[data-ready]')).toBeAttached()
  await page.evaluate(() => {
    ;(window as unknown as { marker: string }).marker = 'still here'
  })
  await page.getByRole('button', { name: t('en', 'product:buy.submit') }).click()
  await expect(page.locator('.cart-badge')).toHaveText('1')
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here')
})
