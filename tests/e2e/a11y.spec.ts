import { fillCart, productId, registerGuestThroughStore } from './checkout-fixtures'
import { auditUrl, expect, expectNoA11yViolations, test, shopContext } from './fixtures'

for (const path of ['/', '/en', '/unternehmen/', '/fr/produits/treuils/', '/en/privacy-policy/']) {
  test(`no accessibility violations on ${path}`, async ({ browser }, testInfo) => {
    await auditUrl(browser, testInfo, path)
  })
}

test('no accessibility violations on a phone-sized screen', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/unternehmen/', 200, { width: 375, height: 800 })
  // Its cookie table is wider than the phone and scrolls: it must be reachable by keyboard.
  await auditUrl(browser, testInfo, '/datenschutzerklaerung/', 200, { width: 375, height: 800 })
})

test('keyboard users can skip to the content', async ({ page }, testInfo) => {
  await page.goto('/unternehmen/')
  // A key pressed while React hydrates the document can hit React 18's 'Root did not complete' (#345);
  // the skip link is what is tested here, so the keys wait for the app to be mounted.
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()
  await page.keyboard.press('Tab')
  const skip = page.locator(':focus')
  await expect(skip).toHaveAttribute('href', '#main')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})

test('no accessibility violations on the checkout and order success pages', async ({ browser }, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 60_000)
  const baseURL = testInfo.project.use.baseURL!
  const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true, viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    // As auditUrl does: the no-JS project audits the server-rendered page without the shop's scripts.
    if (testInfo.project.use.javaScriptEnabled === false) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await fillCart(context, baseURL, [{ number: 'FS-41001.1', quantity: 1 }])
    // Anonymous: log in, register or continue as a guest.
    expect((await page.goto('/checkout'))?.status()).toBe(200)
    await expectNoA11yViolations(page)
    // A guest session: addresses, methods, the order form.
    await registerGuestThroughStore(context, baseURL, `a11y-${Date.now()}@example.com`)
    expect((await page.goto('/fr/checkout'))?.status()).toBe(200)
    await expectNoA11yViolations(page)
    // The new-address form opened and sent empty: refused at its fields (without JavaScript by the server, lent to the order form).
    const newAddress = page.locator('.checkout-new-address')
    await newAddress.locator('summary').click()
    await newAddress.locator('button[type="submit"]').click()
    await expect(newAddress.locator('input[aria-invalid="true"]').first()).toBeVisible()
    await expectNoA11yViolations(page)
    // The success page of an order paid by invoice (no countdown leaving the page during the audit).
    await page.locator('input[name="tos"]').check()
    await page.locator('.checkout-order-button').click()
    await expect(page).toHaveURL(/\/fr\/checkout\/success\/[0-9a-f]{32}$/)
    await expectNoA11yViolations(page)
  } finally {
    await context.close()
  }
})

test('no accessibility violations on the wishlist page, empty and filled', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/wishlist')
  testInfo.setTimeout(testInfo.timeout + 30_000)
  const baseURL = testInfo.project.use.baseURL!
  const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true, viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    // As auditUrl does: the no-JS project audits the server-rendered page without the shop's scripts.
    if (testInfo.project.use.javaScriptEnabled === false) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    // A visitor's list (the signed cookie the heart sets): a product with a price and one on request.
    for (const number of ['FS-10001', 'FS-10006']) {
      const response = await page.request.post('/wishlist', {
        form: { intent: 'add', productId: productId(number), redirectTo: '/wishlist' },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(303)
    }
    expect((await page.goto('/wishlist'))?.status()).toBe(200)
    await expect(page.getByTestId('wishlist-item')).toHaveCount(2)
    await expectNoA11yViolations(page)
  } finally {
    await context.close()
  }
})

test('no accessibility violations on the cart page, empty and filled, on desktop and phone', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/checkout/cart')
  testInfo.setTimeout(testInfo.timeout + 60_000)
  const baseURL = testInfo.project.use.baseURL!
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true, viewport })
    try {
      const page = await context.newPage()
      // As auditUrl does: the no-JS project audits the server-rendered page without the shop's scripts.
      if (testInfo.project.use.javaScriptEnabled === false) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
      await page.goto('/en/checkout/cart')
      if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()
      // A line with purchase rules, a promotion and a message: everything the page can show.
      await page.locator('textarea[name="lines"]').fill('FS-10001, 1\nFS-60001.1; 5\nXX-40404')
      await page.locator('textarea[name="lines"]').press('Tab')
      await page.locator('form:has(textarea[name="lines"]) button[type="submit"]').click()
      await expect(page.locator('[data-testid="cart-line"]')).toHaveCount(2)
      await page.locator('input[name="code"]').fill('FORST10')
      await page.locator('form:has(input[name="code"]) button[type="submit"]').click()
      await expect(page.locator('[data-testid="cart-promotion"]')).toHaveCount(1)
      await expectNoA11yViolations(page)
    } finally {
      await context.close()
    }
  }
})

test('@js no accessibility violations with the side cart open, on desktop and phone', async ({ browser }, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 60_000)
  const baseURL = testInfo.project.use.baseURL!
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const context = await shopContext(browser, { baseURL, locale: 'de-DE', viewport })
    try {
      const page = await context.newPage()
      await fillCart(context, baseURL, [{ number: 'FS-10001', quantity: 1 }, { number: 'FS-30001.1', quantity: 2 }])
      await page.goto('/fr/')
      await expect(page.locator('body[data-ready]')).toBeAttached()
      await page.getByTestId('header-cart').click()
      await expect(page.getByRole('dialog').getByRole('listitem')).toHaveCount(2)
      await expectNoA11yViolations(page)
    } finally {
      await context.close()
    }
  }
})

// Issue 9 (H4): contact, price request and newsletter pages, also with errors at the fields.
for (const path of [
  '/contact',
  `/en/price-request/${productId('FS-10006')}`,
  '/fr/newsletter',
  '/en/newsletter/unsubscribe?email=kunde%40example.com',
  `/newsletter-subscribe?em=${'a'.repeat(40)}&hash=${'b'.repeat(32)}`,
  '/newsletter-subscribe',
  '/en/company/service-contact/',
]) {
  test(`no accessibility violations on ${path}`, async ({ browser }, testInfo) => {
    await auditUrl(browser, testInfo, path)
  })
}

test('no accessibility violations on the contact and price-request forms showing errors', async ({ browser }, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 30_000)
  const baseURL = testInfo.project.use.baseURL!
  const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true, viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    // As auditUrl does: the no-JS project audits the server-rendered page without the shop's scripts.
    const noJs = testInfo.project.use.javaScriptEnabled === false
    if (noJs) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    for (const [path, button] of [
      ['/contact', '#main form.contact-form button[type="submit"]'],
      [`/fr/price-request/${productId('FS-10006')}`, 'form.price-request-form button[type="submit"]'],
    ] as const) {
      await page.goto(path)
      if (!noJs) await expect(page.locator('body[data-ready]')).toBeAttached()
      await page.locator(button).click()
      await expect(page.locator('.form-error').first()).toBeVisible()
      await expectNoA11yViolations(page)
    }
  } finally {
    await context.close()
  }
})
