import type { Page } from '@playwright/test'
import { expect, t, test, visit } from './fixtures'

// Issue 11: search → first result → add to cart with the keyboard alone, in at most 15 Tab presses,
// using the pages' skip links to the products and to add to cart; every stop has a visible focus.

/** Presses Tab until `matches` holds for the focused element; returns how many presses it took. */
async function tabTo(page: Page, description: string, matches: string, limit = 15): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, matches)) {
      await expectVisibleFocus(page, description)
      return presses
    }
  }
  throw new Error(`${description} not reached in ${limit} Tab presses`)
}

/** The focused element shows the focus ring (an outline of at least 2 px, not the browser's absent default). */
async function expectVisibleFocus(page: Page, description: string) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement
    const style = getComputedStyle(el)
    const box = el.getBoundingClientRect()
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), visible: box.width > 0 && box.height > 0 }
  })
  expect(ring.visible, `${description} is shown`).toBe(true)
  expect(ring.outline, `${description} has a focus outline`).not.toBe('none')
  expect(ring.width, `${description} focus outline width`).toBeGreaterThanOrEqual(2)
}

test('search, open the first result and add it to the cart in at most 15 Tab presses', async ({ page }, testInfo) => {
  await visit(page, '/')
  let presses = await tabTo(page, 'header search field', 'header input[type=search], header [role=combobox]')
  await page.keyboard.type('Forstseilwinde')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/search\?search=Forstseilwinde/)
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'listing:search.heading', { term: 'Forstseilwinde' }) })).toBeVisible()
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()

  // A new page: its second skip link leads to the products.
  presses += await tabTo(page, 'skip link to the products', '.skip-link[href="#listing-results"]')
  await expect(page.locator(':focus')).toHaveText(t('de', 'listing:skipToResults'))
  await page.keyboard.press('Enter')
  presses += await tabTo(page, 'first result', '.listing-grid li:first-child .product-card-link')
  const name = (await page.locator('.listing-grid li:first-child .product-card-name').textContent())!.trim()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()

  presses += await tabTo(page, 'skip link to add to cart', '.skip-link[href="#add-to-cart"]')
  await expect(page.locator(':focus')).toHaveText(t('de', 'product:skipToBuyBox'))
  await page.keyboard.press('Enter')
  presses += await tabTo(page, 'add-to-cart button', `[data-testid=buy-box] button[type=submit]`)
  await expect(page.locator('[data-testid=buy-box] button[type=submit]')).toHaveText(t('de', 'product:buy.submit'))
  await page.keyboard.press('Enter')
  await expect(page.locator('.cart-badge')).toHaveText('1')
  testInfo.annotations.push({ type: 'tab presses', description: String(presses) })
  expect(presses).toBeLessThanOrEqual(15)
})

test('price filter: typing 100, Tab, 500 filters by both prices and the focus stays in the fields', async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  await visit(page, '/produkte/')
  const min = page.getByLabel(t('de', 'listing:filters.minPrice'))
  const max = page.getByLabel(t('de', 'listing:filters.maxPrice'))
  await min.focus()
  await page.keyboard.type('100')
  await page.keyboard.press('Tab')
  // With JS the minimum applies on leaving the field; the keyboard carries on in the next field.
  if (js) await expect(page).toHaveURL(/[?&]min-price=100(&|$)/)
  await expect(max).toBeFocused()
  await page.keyboard.type('500')
  if (js) await expect(page).not.toHaveURL(/max-price/)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]min-price=100(&|$)/)
  await expect(page).toHaveURL(/[?&]max-price=500(&|$)/)
  await expect(min).toHaveValue('100')
  await expect(max).toHaveValue('500')
  if (js) await expect(max).toBeFocused()
  // Every card's price lies in the range (a family shows its cheapest variant inside it).
  const prices = await page.locator('.listing-grid [data-price]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-price'))))
  expect(prices.length).toBeGreaterThan(0)
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(100)
    expect(price).toBeLessThanOrEqual(500)
  }
})
