import type { BrowserContext, Page, TestInfo } from '@playwright/test'
import { createHmac } from 'node:crypto'
import { createConfirmedCustomer, logInThroughStore } from './auth-fixtures'
import { productId, storeCall } from './checkout-fixtures'
import { expect, t, test } from './fixtures'

const SESSION_SECRET = 'e2e-session-secret-not-for-production'
const noJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled === false

/** A wishlist cookie as the shop writes it (ids signed with the test servers' session secret). */
function wishlistCookie(ids: string[]): string {
  const value = ids.join('.')
  return `${value}.${createHmac('sha256', SESSION_SECRET).update(value).digest('base64url')}`
}

async function cookieIds(context: BrowserContext): Promise<string[] | undefined> {
  const cookie = (await context.cookies()).find((c) => c.name === 'wishlist')
  return cookie ? cookie.value.split('.').slice(0, -1) : undefined
}

const heart = (page: Page, name: string) => page.getByRole('button', { name: t('de', 'wishlist:heart.label', { name }), exact: true })

/** Waits until the page is hydrated (the heart forms then carry `inPlace`), so a click toggles in place. */
async function ready(page: Page, testInfo: TestInfo) {
  if (!noJs(testInfo)) await expect(page.locator('form.wishlist-heart-form input[name="inPlace"]').first()).toBeAttached()
}

/** Clicks a heart and checks the outcome the shopper sees: in place with JS, a notification after the round trip without. */
async function toggle(page: Page, testInfo: TestInfo, name: string, expected: 'added' | 'removed') {
  const url = page.url()
  // The answer sets the cookie; with JS the pressed state changes before it arrives (optimistic).
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/wishlist'))
  await heart(page, name).click()
  await answered
  if (noJs(testInfo)) {
    await expect(page.getByText(t('de', `wishlist:messages.${expected}`, { name }))).toBeVisible()
    expect(page.url()).toBe(url)
  } else {
    await expect(heart(page, name)).toHaveAttribute('aria-pressed', expected === 'added' ? 'true' : 'false')
  }
}

async function productNames(baseURL: string, ids: string[]): Promise<Map<string, string>> {
  const answer = await storeCall(baseURL, 'POST', '/product', undefined, { ids, limit: ids.length, includes: { product: ['id', 'name', 'translated'] } })
  const elements = answer.body.elements as { id: string; name: string; translated?: { name?: string } }[]
  return new Map(elements.map((p) => [p.id, p.translated?.name || p.name]))
}

test('a visitor adds a product from a listing and removes it on the wishlist page', async ({ page, context }, testInfo) => {
  await page.goto('/produkte/')
  await ready(page, testInfo)
  const card = page.locator('.listing-grid [data-product-number]').first()
  const name = (await card.locator('.cms-product-name').textContent())!.trim()

  await toggle(page, testInfo, name, 'added')
  expect(await cookieIds(context)).toHaveLength(1)
  if (!noJs(testInfo)) {
    await expect(page.getByTestId('wishlist-count')).toHaveText('1')
    await expect(page.getByRole('link', { name: t('de', 'wishlist:header.count_one', { count: 1 }) })).toBeVisible()
  }

  await page.goto('/wishlist')
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'wishlist:page.title') })).toBeVisible()
  await expect(page.getByTestId('wishlist-total')).toHaveText(t('de', 'wishlist:page.count_one', { count: 1 }))
  const item = page.getByTestId('wishlist-item')
  await expect(item).toHaveCount(1)
  await expect(item.getByRole('link', { name })).toBeVisible()
  await expect(page.getByText(t('de', 'wishlist:page.localNote'))).toBeVisible()

  await page.getByRole('button', { name: t('de', 'wishlist:page.removeLabel', { name }) }).click()
  await expect(page.getByText(t('de', 'wishlist:messages.removed', { name }))).toBeVisible()
  await expect(page.getByTestId('wishlist-empty')).toHaveText(t('de', 'wishlist:page.empty'))
  expect(await cookieIds(context)).toBeUndefined()
})

test('the heart toggles off again where it shows its state; without JavaScript a heart that shows none only adds', async ({ page, context }, testInfo) => {
  const id = productId('FS-10001')
  const name = (await productNames(test.info().project.use.baseURL!, [id])).get(id)!
  await page.goto(`/detail/${id}`)
  await ready(page, testInfo)
  await toggle(page, testInfo, name, 'added')
  expect(await cookieIds(context)).toEqual([id])
  await page.goto(`/detail/${id}`)
  await ready(page, testInfo)
  if (noJs(testInfo)) {
    // The cacheable page cannot show that the product is on the list, so the heart looks empty:
    // clicking it again keeps the product instead of silently taking it off.
    await expect(heart(page, name)).not.toHaveAttribute('aria-pressed')
    await toggle(page, testInfo, name, 'added')
    expect(await cookieIds(context)).toEqual([id])
  } else {
    await expect(heart(page, name)).toHaveAttribute('aria-pressed', 'true')
    await toggle(page, testInfo, name, 'removed')
    expect(await cookieIds(context)).toBeUndefined()
  }
})

test('@js two hearts clicked quickly on a slow connection both end up on the list', async ({ page, context }, testInfo) => {
  // Each wishlist POST leaves the browser 700 ms late: without one change after the other, both would
  // carry the old cookie and the later answer would drop the first product.
  await page.route(
    (url) => url.pathname.startsWith('/wishlist'),
    async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue()
    },
  )
  await page.goto('/produkte/')
  await ready(page, testInfo)
  const names = await page.locator('.listing-grid [data-product-number] .cms-product-name').allTextContents()
  const [first, second] = names.map((name) => name.trim())
  await heart(page, first).click()
  await heart(page, second).click()
  await expect(heart(page, first)).toHaveAttribute('aria-pressed', 'true')
  await expect(heart(page, second)).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(async () => (await cookieIds(context))?.length, { timeout: 10_000 }).toBe(2)
  await expect(page.getByTestId('wishlist-count')).toHaveText('2')
})

test('a full wishlist cookie refuses another product with the reason', async ({ page, context, baseURL }, testInfo) => {
  const full = Array.from({ length: 100 }, (_, i) => (i + 1).toString(16).padStart(32, '0'))
  await context.addCookies([{ name: 'wishlist', value: wishlistCookie(full), url: baseURL! }])
  const id = productId('FS-10007')
  const name = (await productNames(baseURL!, [id])).get(id)!
  await page.goto(`/detail/${id}`)
  await ready(page, testInfo)
  await heart(page, name).click()
  await expect(page.getByText(t('de', 'wishlist:errors.full', { name, max: 100 }))).toBeVisible()
  expect(await cookieIds(context)).toEqual(full)
})

test('logging in merges the visitor\'s wishlist into the account and clears the cookie', async ({ page, context, baseURL }, testInfo) => {
  // Registering (with the mail round trip) and several pages: more than the default on a busy machine.
  testInfo.setTimeout(testInfo.timeout + 60_000)
  const account = await createConfirmedCustomer(baseURL!, 'merkzettel')
  const ids = [productId('FS-10001'), productId('FS-10006')]
  const names = await productNames(baseURL!, ids)
  for (const id of ids) {
    await page.goto(`/detail/${id}`)
    await ready(page, testInfo)
    await toggle(page, testInfo, names.get(id)!, 'added')
  }
  expect(await cookieIds(context)).toEqual([ids[1], ids[0]])

  // The storefront's own login (not clicked: posted like the form), which merges.
  const login = await page.request.post('/login', { form: { email: account.email, password: account.password }, maxRedirects: 0 })
  expect(login.status()).toBe(303)
  expect(await cookieIds(context)).toBeUndefined()

  await page.goto('/wishlist')
  const items = page.getByTestId('wishlist-item')
  await expect(items).toHaveCount(2)
  // Newest first, as the visitor added them; the list now lives in the account.
  await expect(items.nth(0).getByRole('link', { name: names.get(ids[1]!) })).toBeVisible()
  await expect(items.nth(1).getByRole('link', { name: names.get(ids[0]!) })).toBeVisible()
  await expect(page.getByText(t('de', 'wishlist:page.localNote'))).toHaveCount(0)
  // FS-10006 is price on request; FS-10001 has a price and can go into the cart.
  await expect(items.nth(0).getByText(t('de', 'wishlist:page.priceOnRequest'))).toBeVisible()
  await expect(items.nth(0).getByRole('button', { name: t('de', 'wishlist:page.addToCartLabel', { name: names.get(ids[1]!)! }) })).toHaveCount(0)
  if (!noJs(testInfo)) await expect(page.getByTestId('wishlist-count')).toHaveText('2')

  await items.nth(1).getByRole('button', { name: t('de', 'wishlist:page.addToCartLabel', { name: names.get(ids[0]!)! }) }).click()
  await expect(page.getByText(t('de', 'product:cart.added', { name: names.get(ids[0]!)! }))).toBeVisible()
  await expect(page).toHaveURL(/\/wishlist$/)

  // The server list is what the hearts show for a customer, rendered by the server (also without JS).
  await page.goto(`/detail/${ids[0]}`)
  await expect(heart(page, names.get(ids[0]!)!)).toHaveAttribute('aria-pressed', 'true')
  await ready(page, testInfo)
  await toggle(page, testInfo, names.get(ids[0]!)!, 'removed')
  if (!noJs(testInfo)) await expect(page.getByTestId('wishlist-count')).toHaveText('1')
  await page.goto('/wishlist')
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1)
})

test('a customer\'s wishlist pages 15 products at a time; the last one removed leads back to page 1', async ({ page, context, baseURL }, testInfo) => {
  // Registering (with the mail round trip) and several pages: more than the default on a busy machine.
  testInfo.setTimeout(testInfo.timeout + 60_000)
  const account = await createConfirmedCustomer(baseURL!, 'merkzettel')
  await logInThroughStore(context, baseURL!, account)
  const token = (await context.cookies()).find((c) => c.name === 'sw-context-token')!.value
  const listed = await storeCall(baseURL!, 'POST', '/product', token, { limit: 16, includes: { product: ['id', 'name', 'translated'] } })
  const products = listed.body.elements as { id: string; name: string; translated?: { name?: string } }[]
  expect(products).toHaveLength(16)
  // The merge takes the oldest first: the first product ends up newest.
  await storeCall(baseURL!, 'POST', '/customer/wishlist/merge', token, { productIds: products.map((p) => p.id).reverse() })

  await page.goto('/wishlist')
  await expect(page.getByTestId('wishlist-total')).toHaveText(t('de', 'wishlist:page.count_other', { count: 16 }))
  await expect(page.getByTestId('wishlist-item')).toHaveCount(15)
  const pagination = page.getByRole('navigation', { name: t('de', 'wishlist:page.pagination') })
  await expect(pagination.getByText(t('de', 'wishlist:page.pageOf', { page: 1, pages: 2 }))).toBeVisible()
  await pagination.getByRole('link', { name: t('de', 'wishlist:page.next') }).click()
  await expect(page).toHaveURL(/\/wishlist\?p=2$/)
  const last = products[15]!
  const lastName = last.translated?.name || last.name
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1)
  await expect(page.getByTestId('wishlist-item').getByRole('link', { name: lastName })).toBeVisible()

  await page.getByRole('button', { name: t('de', 'wishlist:page.removeLabel', { name: lastName }) }).click()
  await expect(page.getByText(t('de', 'wishlist:messages.removed', { name: lastName }))).toBeVisible()
  await expect(page).toHaveURL(/\/wishlist$/)
  await expect(page.getByTestId('wishlist-item')).toHaveCount(15)
  await expect(page.getByRole('navigation', { name: t('de', 'wishlist:page.pagination') })).toHaveCount(0)
})

test('the empty wishlist: its text, a way to the shop, private and not indexed', async ({ page }) => {
  const response = await page.goto('/en/wishlist')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page).toHaveTitle(new RegExp(t('en', 'wishlist:page.title')))
  await expect(page.getByTestId('wishlist-empty')).toHaveText(t('en', 'wishlist:page.empty'))
  const breadcrumbs = page.getByRole('navigation', { name: t('en', 'breadcrumb.label') })
  await expect(breadcrumbs.getByText(t('en', 'wishlist:page.title'))).toBeVisible()
  await page.getByRole('link', { name: t('en', 'wishlist:page.toShop') }).click()
  await expect(page).toHaveURL(/\/en\/?$/)
})

test('a category page stays public and the same for everyone with a wishlist cookie', async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext()
  try {
    const plain = await api.get(`${baseURL}/produkte/`)
    const withList = await api.get(`${baseURL}/produkte/`, { headers: { Cookie: `wishlist=${wishlistCookie([productId('FS-10001')])}` } })
    for (const response of [plain, withList]) {
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toMatch(/^public/)
      expect(response.headers()['set-cookie']).toBeUndefined()
    }
    // The hearts' state is filled in by the browser: the HTML does not depend on the cookie.
    const hearts = (html: string) => html.match(/<button[^>]*wishlist-heart[^>]*>/g) ?? []
    const [a, b] = [await plain.text(), await withList.text()]
    expect(hearts(a).length).toBeGreaterThan(0)
    expect(hearts(b)).toEqual(hearts(a))
    expect(b).not.toContain('aria-pressed')
  } finally {
    await api.dispose()
  }
})

test('a wishlist form with bad fields is refused with 400 and a translated message', async ({ page }) => {
  const response = await page.request.post('/en/wishlist', { form: { intent: 'toggle', productId: 'not-a-product' }, maxRedirects: 0 })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain(t('en', 'wishlist:errors.invalid'))
})
