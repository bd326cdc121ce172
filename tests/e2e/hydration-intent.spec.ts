import { devices, type BrowserContext, type Page } from '@playwright/test'
import { CONTEXT_TOKEN_COOKIE } from './auth-fixtures'
import { fillCart, registerGuestThroughStore, storeCall, uniqueEmail } from './checkout-fixtures'
import { consentCookie, expect, t, test as base } from './fixtures'

// A page hydrates on the shopper's first interaction (docs/decisions/019). The suite's own contexts
// stand in for that interaction on load (interactOnLoad in fixtures.ts); these tests open contexts
// without it, as a shopper's browser is.
const winch = '/forstseilwinde-fsw-35/FS-10001'

const test = base.extend<{ untouched: BrowserContext }>({
  untouched: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL, locale: 'de-DE' })
    await context.addCookies([consentCookie(baseURL!)])
    await use(context)
    await context.close()
  },
})
test.describe.configure({ mode: 'parallel' })

/** Loaded, its modules run and the network quiet: anything the page would do by itself it has done. */
async function leftAlone(page: Page) {
  await page.waitForLoadState('networkidle')
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => /\/assets\/entry\.client-[^/]+\.js$/.test(name)))
  expect(scripts.length, 'the app entry has loaded').toBeGreaterThan(0)
  await page.waitForTimeout(500)
}

test('@js a page left alone stays the server’s HTML; the first pointer movement hydrates it', async ({ untouched: context }) => {
  const page = await context.newPage()
  await page.goto(winch)
  await leftAlone(page)
  await expect(page.locator('body')).not.toHaveAttribute('data-ready')

  await page.mouse.move(200, 300)
  await expect(page.locator('body[data-ready]')).toBeAttached()
})

test('@js by keyboard alone: the first Tab hydrates the page and lands, visibly, on the skip link', async ({ untouched: context }) => {
  const page = await context.newPage()
  await page.goto('/')
  await leftAlone(page)
  await expect(page.locator('body')).not.toHaveAttribute('data-ready')

  await page.keyboard.press('Tab')
  await expect(page.locator('body[data-ready]')).toBeAttached()
  const focused = page.locator(':focus')
  await expect(focused).toHaveAttribute('href', '#main')
  await expect(focused).toBeVisible()
})

test('@js on a slow connection the page asks for its scripts only once its stylesheet has come', async ({ untouched: context }) => {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  // Lighthouse's slow 4G: 150 ms and 1.6 Mbit/s.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 204_800, uploadThroughput: 96_000 })
  await page.goto(winch)
  await leftAlone(page)
  const { stylesheets, scripts } = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    return {
      stylesheets: resources.filter((entry) => entry.name.endsWith('.css')).map((entry) => entry.responseEnd),
      scripts: resources.filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.startTime),
    }
  })
  expect(stylesheets.length).toBeGreaterThan(0)
  expect(scripts.length).toBeGreaterThan(0)
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(Math.max(...stylesheets))

  await page.mouse.move(200, 300)
  await expect(page.locator('body[data-ready]')).toBeAttached()
})

test('@js a key pressed before the page’s modules arrived hydrates it once they have', async ({ untouched: context }) => {
  const page = await context.newPage()
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(winch, { waitUntil: 'domcontentloaded' })
  await page.keyboard.press('Shift')
  await expect(page.locator('body')).not.toHaveAttribute('data-ready')
  release()
  await expect(page.locator('body[data-ready]')).toBeAttached()
})

test('@js a page that paints no frame, as a tab opened in the background, still loads its modules', async ({ untouched: context }) => {
  const page = await context.newPage()
  await page.addInitScript(() => {
    window.requestAnimationFrame = () => 0
  })
  const entry = page.waitForResponse(/\/assets\/entry\.client-[^/]+\.js$/)
  await page.goto(winch)
  await (await entry).finished()
  await leftAlone(page)
  await page.mouse.move(200, 300)
  await expect(page.locator('body[data-ready]')).toBeAttached()
})

test('@js a tab not yet touched still learns of a cart change in another tab', async ({ untouched: context }) => {
  const waiting = await context.newPage()
  await waiting.goto('/en/')
  await leftAlone(waiting)
  await expect(waiting.locator('.cart-badge')).toHaveText('0')

  const buying = await context.newPage()
  await buying.goto(winch)
  await leftAlone(buying)
  await buying.mouse.move(200, 300)
  await expect(buying.locator('body[data-ready]')).toBeAttached()
  await buying.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  await expect(buying.locator('.cart-badge')).toHaveText('1')

  // The news arrived while the first tab had not hydrated; it asks its server once it does.
  await waiting.bringToFront()
  await expect(waiting.locator('body')).not.toHaveAttribute('data-ready')
  await waiting.mouse.move(200, 300)
  await expect(waiting.locator('body[data-ready]')).toBeAttached()
  await expect(waiting.locator('.cart-badge')).toHaveText('1')
})

test('@js an order placed before the page hydrated leads on to the payment page by itself', async ({ untouched: context, baseURL }) => {
test.slow()
  await fillCart(context, baseURL!, [{ number: 'FS-41001.1', quantity: 1 }])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('untouched'))
  const token = (await context.cookies()).find((cookie) => cookie.name === CONTEXT_TOKEN_COOKIE)!.value
  const methods = await storeCall(baseURL!, 'POST', '/payment-method', token, {})
  const demoPay = (methods.body.elements as { id: string; name: string }[]).find((method) => /Demo Pay/.test(method.name))!
  await storeCall(baseURL!, 'PATCH', '/context', token, { paymentMethodId: demoPay.id })

  const page = await context.newPage()
  await page.goto('/checkout')
  await leftAlone(page)
  // Sent as the page stands, without an input event: the plain form post of a page not hydrated yet.
  await page.evaluate((label) => {
    document.querySelector<HTMLInputElement>('input[name="tos"]')!.checked = true
    const submit = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === label)!
    submit.form!.requestSubmit(submit)
  }, t('de', 'checkout:order.submit'))
  await page.waitForURL(/\/checkout\/success\/[0-9a-f]{32}$/)
  // Spec section 9: the countdown runs on a page no one has touched, then the payment page.
  await page.waitForURL(/\/demo-payment\//, { timeout: 15_000 })
})

test('@js a message that dismisses itself does so on a page no one has touched', async ({ untouched: context }) => {
  const page = await context.newPage()
  await page.goto(winch)
  await leftAlone(page)
  // Added to the cart by the plain form post of a page not hydrated yet: the page it leads to carries the message.
  await page.evaluate((label) => {
    const submit = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === label)!
    submit.form!.requestSubmit(submit)
  }, t('de', 'product:buy.submit'))
  const message = page.locator('.notification')
  await expect(message.first()).toBeVisible()
  await expect(page.locator('body[data-ready]')).toBeAttached()
  await expect(message).toHaveCount(0, { timeout: 10_000 })
})
