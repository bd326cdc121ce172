import { auditUrl, expect, prefix, t, test } from './fixtures'

const anchors = { de: 'Hersteller', en: 'Manufacturers', fr: 'Fabricants' } as const

for (const locale of ['de', 'en', 'fr'] as const) {
  test(`the ${anchors[locale]} anchor leads to the manufacturer list in ${locale}`, async ({ page }) => {
    await page.goto(prefix(locale) || '/')
    const nav = page.getByRole('navigation', { name: t(locale, 'header.mainNavigation') })
    const link = nav.getByRole('link', { name: anchors[locale], exact: true }).first()
    await expect(link).toHaveAttribute('href', `${prefix(locale)}/manufacturer`)
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/manufacturer$`))
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'listing:manufacturers.title') })).toBeVisible()
  })
}

test('manufacturer list and a manufacturer page with its products', async ({ page, baseURL }) => {
  await page.goto('/en/manufacturer')
  const list = page.locator('main .manufacturer-grid')
  await expect(list.getByRole('link')).toHaveCount(12)
  await list.getByRole('link', { name: 'Rotaflex' }).click()
  await expect(page).toHaveURL(/\/en\/manufacturer\/[0-9a-f]{32}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Rotaflex' })).toBeVisible()
  await expect(page.getByRole('img', { name: t('en', 'listing:manufacturers.logo', { name: 'Rotaflex' }) })).toBeVisible()
  await expect(page.getByRole('link', { name: t('en', 'listing:manufacturers.website', { name: 'Rotaflex' }) })).toHaveAttribute(
    'href',
    'https://rotaflex.example/',
  )
  await expect(page.getByText(t('en', 'listing:count_other', { count: 16 }))).toBeVisible()
  await expect(page.locator('.listing-grid [data-product-number]')).toHaveCount(10)
  // The manufacturer is fixed: no manufacturer facet, but the other filters are there.
  await expect(page.getByRole('group', { name: t('en', 'listing:filters.manufacturer') })).toHaveCount(0)
  await expect(page.getByRole('group', { name: t('en', 'listing:filters.price') })).toBeVisible()
  const path = new URL(page.url()).pathname
  await page.getByRole('navigation', { name: t('en', 'listing:pagination.label') }).getByRole('link', { name: t('en', 'listing:pagination.page', { page: 2 }) }).click()
  await expect(page).toHaveURL(new RegExp(`${path}\\?p=2$`))
  await expect(page.locator('.listing-grid [data-product-number]')).toHaveCount(6)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}?p=2`)
})

test('an unknown manufacturer is a 404 page', async ({ page }) => {
  for (const id of ['f'.repeat(32), 'not-an-id']) {
    const response = await page.goto(`/manufacturer/${id}`)
    expect(response?.status()).toBe(404)
  }
})

test('axe: the manufacturer pages', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/manufacturer')
  await auditUrl(browser, testInfo, '/manufacturer/d08a9c061fab32df475c0c51f2001d3e')
})
