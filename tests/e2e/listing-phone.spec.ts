import type { Page } from '@playwright/test'
import { auditUrl, expect, expectNoA11yViolations, t, test, visit } from './fixtures'

// Issue 11, phone first: listings and the product page at the size of a common phone.
test.use({ viewport: { width: 390, height: 844 } })

const winch = '/detail/7500379cfa8d405f6ddc1d15032ef246' // FS-10001 Forstseilwinde FSW 35, in stock

/** Whether the element lies completely inside the first screen (no scrolling). */
async function onFirstScreen(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((el) => {
    const box = el.getBoundingClientRect()
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth
  })
}

test('phone listing: filters behind a closed Filter button, sorting and count beside it, products on the first screen', async ({ page, browser }, testInfo) => {
  await visit(page, '/produkte/seilwinden/')
  const filterButton = page.locator('details.listing-filter-panel > summary')
  await expect(filterButton).toHaveText(t('de', 'listing:filters.title'))
  await expect(page.locator('details.listing-filter-panel')).not.toHaveAttribute('open', '')
  const makers = page.getByRole('group', { name: t('de', 'listing:filters.manufacturer') })
  await expect(makers).toBeHidden()

  const sort = page.getByLabel(t('de', 'listing:sort.label'))
  const count = page.getByText(t('de', 'listing:count_other', { count: 8 }))
  await expect(sort).toBeVisible()
  await expect(count).toBeVisible()
  // Filter button and sorting share one row.
  const [button, select] = [await filterButton.boundingBox(), await sort.boundingBox()]
  expect(Math.abs(button!.y - select!.y)).toBeLessThan(8)
  expect(select!.x).toBeGreaterThan(button!.x + button!.width)
  expect(await onFirstScreen(page, '.listing-grid li')).toBe(true)
  expect(await onFirstScreen(page, '.listing-grid li .card-price-amount')).toBe(true)

  const applySort = page.getByRole('button', { name: t('de', 'listing:sort.apply') })
  if (testInfo.project.use.javaScriptEnabled === false) {
    // The filter panel's apply button is inside the closed panel: the sorting has a button of its own.
    await sort.selectOption('price-asc')
    await applySort.click()
    await expect(page).toHaveURL(/[?&]order=price-asc/)
    await expect(sort).toHaveValue('price-asc')
  } else {
    // With JS a new sorting applies on change.
    await expect(applySort).toBeHidden()
  }

  // The button opens the filters; choosing one and applying it filters the listing.
  await filterButton.click()
  await expect(makers).toBeVisible()
  await makers.getByRole('checkbox', { name: 'Waldkraft' }).check()
  if (testInfo.project.use.javaScriptEnabled === false) await page.getByRole('button', { name: t('de', 'listing:filters.apply') }).click()
  await expect(page).toHaveURL(/[?&]manufacturer=[0-9a-f]{32}/)
  await expect(filterButton).toContainText('1')
  // With its count the button is wider, and the sorting still starts after it.
  const [counted, sorting] = [await filterButton.boundingBox(), await sort.boundingBox()]
  expect(sorting!.x).toBeGreaterThan(counted!.x + counted!.width)
  if (testInfo.project.use.javaScriptEnabled === false) await auditUrl(browser, testInfo, page.url(), 200, { width: 390, height: 844 })
  else await expectNoA11yViolations(page)
})

test('phone product page: name, price, availability and add to cart on the first screen', async ({ page }) => {
  await visit(page, winch)
  await expect(page.getByRole('heading', { level: 1, name: 'Forstseilwinde FSW 35' })).toBeVisible()
  expect(await onFirstScreen(page, 'h1')).toBe(true)
  expect(await onFirstScreen(page, '[data-testid=unit-price]')).toBe(true)
  expect(await onFirstScreen(page, '.buy-availability')).toBe(true)
  expect(await onFirstScreen(page, '[data-testid=buy-box] button[type=submit]')).toBe(true)
  await expect(page.locator('[data-testid=buy-box] button[type=submit]')).toHaveText(t('de', 'product:buy.submit'))
})

test('a listing does not shift while its pictures load (CLS 0) @js', async ({ page }) => {
  // Pictures answer late, so they arrive after the first layout as on a slow phone connection.
  await page.route(/\/(thumbnail|media)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number }
    w.__cls = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await visit(page, '/produkte/')
  await expect(page.locator('.listing-grid li').first()).toBeVisible()
  // Wait until every picture in the first screen has loaded.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.listing-grid img')].filter((img) => img.getBoundingClientRect().top < innerHeight).every((img) => img.complete))
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0)
})

test('phone listing: open the filters and type a price range by keyboard (100, Tab, 500)', async ({ page }) => {
  await visit(page, '/produkte/')
  await page.locator('details.listing-filter-panel > summary').click()
  const min = page.getByLabel(t('de', 'listing:filters.minPrice'))
  const max = page.getByLabel(t('de', 'listing:filters.maxPrice'))
  await min.focus()
  await page.keyboard.type('100')
  await page.keyboard.press('Tab')
  await expect(max).toBeFocused()
  await page.keyboard.type('500')
  // Enter fires the field's change and the form's submit: one load of the result, not a second that cancels the first.
  const resultLoads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('max-price=500')) resultLoads.push(request.url())
  })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]min-price=100(&|$)/)
  await expect(page).toHaveURL(/[?&]max-price=500(&|$)/)
  await expect(min).toHaveValue('100')
  await expect(max).toHaveValue('500')
  expect(resultLoads.length).toBeGreaterThan(0)
  expect(resultLoads, 'each request of the result once').toEqual([...new Set(resultLoads)])
})
