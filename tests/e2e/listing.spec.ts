import type { Page, TestInfo } from '@playwright/test'
import { auditUrl, expect, loaded, t, test } from './fixtures'

// Category listing (/produkte/: 44 products from 7 manufacturers; Waldkraft makes the 8 winches).
const cards = (page: Page) => page.locator('.listing-grid [data-product-number]')
const prices = async (page: Page) =>
  (await loaded(page)).locator('.listing-grid [data-price]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-price'))))
const count = (n: number) => t('de', 'listing:count_other', { count: n })
const noJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled === false

/** With JS a change applies at once, but only once the form is enhanced (a change before hydration waits for the button). */
async function open(page: Page, testInfo: TestInfo, url: string) {
  await page.goto(url)
  if (!noJs(testInfo)) await expect(page.locator('form.listing-filters[data-enhanced]')).toBeAttached()
}

/** Without JS the filter form needs its submit button; with JS a change applies at once. */
async function applyFilters(page: Page, testInfo: TestInfo) {
  if (noJs(testInfo)) await page.getByRole('button', { name: t('de', 'listing:filters.apply') }).click()
}

test('filter by manufacturer and remove the active filter', async ({ page }, testInfo) => {
  await open(page, testInfo, '/produkte/')
  await expect(page.getByText(count(44))).toBeVisible()
  const makers = page.getByRole('group', { name: t('de', 'listing:filters.manufacturer') })
  await makers.getByRole('checkbox', { name: 'Waldkraft' }).check()
  await applyFilters(page, testInfo)
  await expect(page).toHaveURL(/[?&]manufacturer=[0-9a-f]{32}/)
  await expect(page.getByText(count(8))).toBeVisible()
  await expect(cards(page)).toHaveCount(8)
  await expect(page.getByRole('group', { name: t('de', 'listing:filters.manufacturer') }).getByRole('checkbox', { name: 'Waldkraft' })).toBeChecked()

  await page.getByRole('link', { name: t('de', 'listing:filters.remove', { name: 'Waldkraft' }) }).click()
  await expect(page).not.toHaveURL(/manufacturer=/)
  await expect(page.getByText(count(44))).toBeVisible()
})

test('a request cancelled by a newer navigation is no error of the page; other failures still are @js', async ({ page }, testInfo) => {
  // Remix leaves the aborted request of an interrupted navigation rejected with nobody waiting for it
  // (a listing filter changed twice in quick succession); here that rejection is made directly.
  testInfo.annotations.push({ type: 'allow-console-errors', description: 'the second rejection must be reported' })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await open(page, testInfo, '/produkte/')
  await page.evaluate("setTimeout(() => { const c = new AbortController(); c.abort(); Promise.reject(c.signal.reason); Promise.reject(new Error('kept')) })")
  await expect.poll(() => errors).toContain('kept')
  expect(errors).toEqual(['kept'])
})

test('filter by tag: the facet lists the tags of the listed products', async ({ page }, testInfo) => {
  await open(page, testInfo, '/produkte/')
  const tags = page.getByRole('group', { name: t('de', 'listing:filters.tags') })
  await expect(tags.getByRole('checkbox')).toHaveCount(3)
  await tags.getByRole('checkbox', { name: 'Profi' }).check()
  await applyFilters(page, testInfo)
  await expect(page).toHaveURL(/[?&]tag=[0-9a-f]{32}/)
  await expect(page.getByText(count(8))).toBeVisible()
  await expect(cards(page)).toHaveCount(8)
  await expect(page.getByRole('link', { name: t('de', 'listing:filters.remove', { name: 'Profi' }) })).toBeVisible()
})

test('filter by price, then reset all filters', async ({ page }, testInfo) => {
  await open(page, testInfo, '/produkte/')
  const max = page.getByLabel(t('de', 'listing:filters.maxPrice'))
  await max.fill('100')
  await max.press('Enter')
  await expect(page).toHaveURL(/[?&]max-price=100(&|$)/)
  await expect(page.getByText(count(28))).toBeVisible()
  const shown = await prices(page)
  expect(shown.length).toBeGreaterThan(0)
  expect(shown.every((p) => p <= 100)).toBe(true)
  // A price range asks for a known price: nothing with its price on request.
  await expect(page.locator('.listing-grid').getByText(t('de', 'listing:product.priceOnRequest'))).toHaveCount(0)
  await page.getByRole('link', { name: t('de', 'listing:filters.resetAll') }).click()
  await expect(page).not.toHaveURL(/max-price/)
  await expect(page.getByText(count(44))).toBeVisible()
})

test('sort by price ascending and descending', async ({ page }, testInfo) => {
  await open(page, testInfo, '/produkte/seilwinden/')
  await page.getByLabel(t('de', 'listing:sort.label')).selectOption('price-asc')
  await applyFilters(page, testInfo)
  await expect(page).toHaveURL(/[?&]order=price-asc/)
  // The address bar can change a moment before the new order is rendered, so the order is polled.
  await expect.poll(async () => { const asc = await prices(page); return asc.length > 3 && asc.every((p, i) => i === 0 || asc[i - 1]! <= p) }).toBe(true)
  // The winch with its price on request (FS-10006) comes after every price, not first.
  await expect(cards(page).last()).toHaveAttribute('data-product-number', 'FS-10006')
  await page.getByLabel(t('de', 'listing:sort.label')).selectOption('price-desc')
  await applyFilters(page, testInfo)
  await expect(page).toHaveURL(/[?&]order=price-desc/)
  await expect.poll(async () => { const desc = await prices(page); return desc.length > 3 && desc.every((p, i) => i === 0 || desc[i - 1]! >= p) }).toBe(true)
  // The language switch keeps the order (and filters and page): the same view in English.
  await page.getByRole('navigation', { name: t('de', 'common:language.label') }).getByRole('button', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/products\/winches\/\?(.*&)?order=price-desc/)
  await expect.poll(async () => { const desc = await prices(page); return desc.length > 3 && desc.every((p, i) => i === 0 || desc[i - 1]! >= p) }).toBe(true)
})

test('paginate with numbered links and change the page size', async ({ page, baseURL }, testInfo) => {
  await open(page, testInfo, '/produkte/')
  await expect(cards(page)).toHaveCount(10)
  // Without JS "load more" is simply a link to the next page (with JS a button, see below).
  if (noJs(testInfo)) await expect(page.getByRole('link', { name: t('de', 'listing:loadMore') })).toHaveAttribute('href', '/produkte/?p=2')
  const pages = page.getByRole('navigation', { name: t('de', 'listing:pagination.label') })
  await expect(pages.getByRole('link', { name: t('de', 'listing:pagination.page', { page: 1 }) })).toHaveAttribute('aria-current', 'page')
  const firstOnPage1 = await cards(page).first().getAttribute('data-product-number')
  await pages.getByRole('link', { name: t('de', 'listing:pagination.page', { page: 2 }) }).click()
  await expect(page).toHaveURL(/\/produkte\/\?p=2$/)
  await expect(pages.getByRole('link', { name: t('de', 'listing:pagination.page', { page: 2 }) })).toHaveAttribute('aria-current', 'page')
  await expect(cards(page)).toHaveCount(10)
  expect(await cards(page).first().getAttribute('data-product-number')).not.toBe(firstOnPage1)
  // Page 2 is its own canonical page with a link back to page 1.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/produkte/?p=2`)
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', `${baseURL}/produkte/`)
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', `${baseURL}/produkte/?p=3`)

  await page.getByLabel(t('de', 'listing:limit.label')).selectOption('25')
  await applyFilters(page, testInfo)
  await expect(page).toHaveURL(/[?&]limit=25/)
  await expect(page).not.toHaveURL(/[?&]p=/)
  await expect(cards(page)).toHaveCount(25)
  await pages.getByRole('link', { name: t('de', 'listing:pagination.page', { page: 2 }) }).click()
  await expect(cards(page)).toHaveCount(19)
})

test('filtered and sorted views are noindex; the listing has ItemList data', async ({ page, baseURL }) => {
  await page.goto('/produkte/seilwinden/?order=price-asc&p=1')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/produkte/seilwinden/`)
  await page.goto('/produkte/seilwinden/')
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  const nodes = await (await loaded(page))
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.flatMap((s) => [JSON.parse(s.textContent ?? 'null')].flat()))
  const list = nodes.find((n) => n['@type'] === 'ItemList' && n.numberOfItems === 8)
  expect(list.itemListElement).toHaveLength(8)
  expect(list.itemListElement[0]).toMatchObject({ position: 1, url: expect.stringMatching(new RegExp(`^${baseURL}/`)) })
})

test('invalid listing parameters are ignored, never an error', async ({ page }) => {
  const response = await page.goto('/produkte/?p=-3&limit=9999&order=drop&min-price=abc&manufacturer=x')
  expect(response?.status()).toBe(200)
  await expect(cards(page)).toHaveCount(10)
})

test('an empty result offers to reset the filters', async ({ page }) => {
  await page.goto('/produkte/seilwinden/?min-price=100000')
  await expect(page.getByRole('heading', { name: t('de', 'listing:empty.title') })).toBeVisible()
  await page.locator('.listing-empty').getByRole('link', { name: t('de', 'listing:filters.resetAll') }).click()
  await expect(cards(page)).toHaveCount(8)
})

test('a page number past the end says so and leads to the last page', async ({ page }) => {
  // Winches: 8 products, one page of 10.
  await page.goto('/produkte/seilwinden/?p=999')
  await expect(page.getByRole('heading', { name: t('de', 'listing:empty.pastEndTitle') })).toBeVisible()
  await expect(page.getByText(t('de', 'listing:empty.pastEnd_one', { count: 1, total: 8 }))).toBeVisible()
  await expect(page.getByRole('heading', { name: t('de', 'listing:empty.title') })).toHaveCount(0)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow')
  // All products, 25 a page: 2 pages; neither is linked as the neighbour of page 999.
  await page.goto('/produkte/?limit=25&p=999')
  await expect(page.getByText(t('de', 'listing:empty.pastEnd_other', { count: 2, total: 44 }))).toBeVisible()
  await expect(page.getByRole('navigation', { name: t('de', 'listing:pagination.label') })).toHaveCount(0)
  await expect(page.locator('link[rel="prev"], link[rel="next"]')).toHaveCount(0)
  await page.goto('/produkte/seilwinden/?p=999')
  await page.locator('.listing-empty').getByRole('link', { name: t('de', 'listing:empty.lastPage') }).click()
  await expect(page).toHaveURL(/\/produkte\/seilwinden\/$/)
  await expect(cards(page)).toHaveCount(8)
})

test('load more appends the next page @js', async ({ page }) => {
  await page.goto('/produkte/')
  await expect(cards(page)).toHaveCount(10)
  const first = await cards(page).first().getAttribute('data-product-number')
  await page.getByRole('button', { name: t('de', 'listing:loadMore') }).click()
  await expect(cards(page)).toHaveCount(20)
  await expect(cards(page).nth(10).getByRole('link')).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: t('de', 'listing:showing', { shown: 20, total: 44 }) })).toBeVisible()
  expect(await cards(page).first().getAttribute('data-product-number')).toBe(first)
  await expect(page).toHaveURL(/\/produkte\/$/)
  // The pager goes on from the last page shown: page 2 is current, "next" leads to page 3.
  const pages = page.getByRole('navigation', { name: t('de', 'listing:pagination.label') })
  await expect(pages.getByRole('link', { name: t('de', 'listing:pagination.page', { page: 2 }) })).toHaveAttribute('aria-current', 'page')
  await expect(pages.getByRole('link', { name: t('de', 'listing:pagination.page', { page: 1 }) })).not.toHaveAttribute('aria-current')
  await expect(pages.locator('a[rel="next"]')).toHaveAttribute('href', '/produkte/?p=3')
  await expect(pages.locator('a[rel="prev"]')).toHaveCount(0)
})

test('axe: a category listing', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/produkte/seilwinden/')
  // Phones: the filter panel starts closed with JS.
  await auditUrl(browser, testInfo, '/produkte/?order=price-asc', 200, { width: 390, height: 844 })
})

test('back from a product, the listing is where the shopper left it; a reload keeps the place too', async ({ page }, testInfo) => {
  await open(page, testInfo, '/produkte/?limit=25')
  const card = cards(page).nth(20)
  await card.scrollIntoViewIfNeeded()
  const left = await page.evaluate(() => window.scrollY)
  expect(left).toBeGreaterThan(1000)
  await card.getByRole('link').first().click()
  await expect(page).not.toHaveURL(/\/produkte\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page).toHaveURL(/\/produkte\/\?limit=25$/)
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(left))
  await expect(card).toBeInViewport()

  await page.reload()
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(left))
})

test('what "load more" added stays after a heart and when the shopper comes back from a product @js', async ({ page }) => {
  await page.goto('/produkte/')
  const more = page.getByRole('button', { name: t('de', 'listing:loadMore') })
  await more.click()
  await expect(cards(page)).toHaveCount(20)
  await more.click()
  await expect(cards(page)).toHaveCount(30)
  const loaded = await cards(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-product-number')))

  // A heart makes the page read its data again; the products of page 2 stay.
  const card = cards(page).nth(14)
  await card.scrollIntoViewIfNeeded()
  const heart = card.locator('form.wishlist-heart-form button')
  const readAgain = Promise.all([
    page.waitForResponse((response) => /\/produkte\.data\?_routes=/.test(response.url())),
    page.waitForResponse((response) => /\/produkte\.data\?p=3&/.test(response.url())),
  ])
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await readAgain
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
  await expect(page.getByRole('status').filter({ hasText: t('de', 'listing:showing', { shown: 30, total: 44 }) })).toBeVisible()
  expect(await cards(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-product-number')))).toEqual(loaded)

  const left = await page.evaluate(() => Math.round(window.scrollY))
  await card.getByRole('link').first().click()
  await expect(page).not.toHaveURL(/\/produkte\//)
  await page.goBack()
  await expect(page).toHaveURL(/\/produkte\/$/)
  await expect(cards(page)).toHaveCount(30)
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left)
  await expect(card).toBeInViewport()
  // The pager and "load more" go on after the last page shown.
  const pages = page.getByRole('navigation', { name: t('de', 'listing:pagination.label') })
  await expect(pages.locator('a[rel="next"]')).toHaveAttribute('href', '/produkte/?p=4')
})
