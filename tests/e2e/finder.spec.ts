import type { Page } from '@playwright/test'
import { auditUrl, expect, loaded, prefix, t, test, type Locale } from './fixtures'

// Seed facts (server/demo-store/README.md, "Product finder").
const NORDHOLZ_K75 = [
  'FS-70001',
  'FS-70006',
  'FS-70011',
  'FS-70016',
  'FS-70021',
  'FS-70024',
  'FS-70029',
  'FS-70034',
  'FS-70039',
]
const ALPENTEC_AK7 = ['FS-70004', 'FS-70009', 'FS-70014', 'FS-70019', 'FS-70027', 'FS-70032', 'FS-70037', 'FS-70042']
const FSW_55_PARTS = ['FS-80001', 'FS-80003', 'FS-80005', 'FS-80007', 'FS-80009', 'FS-80011', 'FS-80013', 'FS-80015', 'FS-80017', 'FS-80019']

const finderPath = (locale: Locale) => `${prefix(locale)}/product-finder`
const select = (page: Page, locale: Locale, step: string) =>
  page.getByLabel(t(locale, `media:finder.steps.${step}`), { exact: true })

async function optionValues(page: Page, locale: Locale, step: string): Promise<string[]> {
  await loaded(page)
  return select(page, locale, step)
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean))
}

/**
 * Picks a value: with JavaScript the change alone reloads the options; without it the visitor
 * presses the submit button. Either way the choice ends up in the URL.
 */
async function choose(page: Page, locale: Locale, step: string, param: string, value: string, js: boolean) {
  // A change before hydration would not submit by itself.
  if (js) await expect(page.locator('.finder-form[data-enhanced]')).toBeAttached()
  await select(page, locale, step).selectOption(value)
  if (!js) await page.getByRole('button', { name: t(locale, 'media:finder.submit') }).click()
  await expect.poll(() => new URL(page.url()).searchParams.get(param)).toBe(value)
  await page.waitForLoadState()
}

async function resultNumbers(page: Page): Promise<string[]> {
  const texts = await page.locator('.finder-card .product-card-number').allTextContents()
  return texts.map((text) => text.match(/FS-\d+/)?.[0] ?? text).sort()
}

test('finder narrows crane manufacturer → crane type to the matching parts (de)', async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  const response = await page.goto(finderPath('de'))
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'media:finder.title') })).toBeVisible()
  await expect.poll(() => optionValues(page, 'de', 'craneManufacturer')).toEqual(['Alpentec', 'Nordholz'])
  await expect
    .poll(() => optionValues(page, 'de', 'craneType'))
    .toEqual(['Alpentec AK 7', 'Alpentec AK 9', 'Nordholz K 75', 'Nordholz K 86', 'Nordholz K 100'])
  await expect(page.getByText(t('de', 'media:finder.chooseFirst'))).toBeVisible()

  await choose(page, 'de', 'craneManufacturer', 'crane-manufacturer', 'Nordholz', js)
  // With JS only real choices go into the URL (and the history entry is replaced, not added).
  if (js) expect(new URL(page.url()).search).toBe('?crane-manufacturer=Nordholz')
  await expect
    .poll(() => optionValues(page, 'de', 'craneType'))
    .toEqual(['Nordholz K 75', 'Nordholz K 86', 'Nordholz K 100'])
  await expect(page.getByText(t('de', 'media:finder.count_other', { count: 26 }))).toBeVisible()

  await choose(page, 'de', 'craneType', 'crane-type', 'Nordholz K 75', js)
  await expect(page.getByText(t('de', 'media:finder.count_other', { count: 9 }))).toBeVisible()
  await expect.poll(() => resultNumbers(page)).toEqual(NORDHOLZ_K75)

  // Every result links to its product page.
  await page.locator('.finder-card .product-card-link').first().click()
  await expect(page.getByTestId('product-number')).toHaveText(/^FS-700\d\d$/)
})

test('finder narrows machine manufacturer → machine type (en)', async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  await page.goto(finderPath('en'))
  await choose(page, 'en', 'machineManufacturer', 'machine-manufacturer', 'Waldkraft', js)
  await expect
    .poll(() => optionValues(page, 'en', 'machineType'))
    .toEqual(['Winch FSW 55', 'Winch FSW 80'])
  // No Waldkraft part fits a crane: the crane steps offer nothing.
  await expect(select(page, 'en', 'craneManufacturer')).toBeDisabled()

  await choose(page, 'en', 'machineType', 'machine-type', 'Winch FSW 55', js)
  await expect(page.getByText(t('en', 'media:finder.count_other', { count: 10 }))).toBeVisible()
  await expect.poll(async () => (await resultNumbers(page)).sort()).toEqual(FSW_55_PARTS)
  await expect(page.locator('.finder-card .product-card-link').first()).toHaveAttribute('href', /^\/en\//)

  // Switching the language keeps the choices, in the other language's spelling, without a notice.
  const switcher = page.getByRole('navigation', { name: t('en', 'common:language.label') }).first()
  await switcher.getByRole('button', { name: t('en', 'common:language.names.de') }).click()
  await expect(page).toHaveURL(/^[^?]*\/product-finder\?/)
  await expect(select(page, 'de', 'machineType')).toHaveValue('Seilwinde FSW 55')
  await expect(page.getByText(t('de', 'media:finder.count_other', { count: 10 }))).toBeVisible()
  await expect(page.locator('.finder-notices')).toHaveCount(0)
})

test('finder in French: Alpentec AK 7 parts, and result images go through /thumbnail/', async ({ page }) => {
  await page.goto(`${finderPath('fr')}?crane-manufacturer=Alpentec&crane-type=Alpentec+AK+7`)
  await expect(page.getByRole('heading', { level: 1, name: t('fr', 'media:finder.title') })).toBeVisible()
  await expect.poll(() => resultNumbers(page)).toEqual(ALPENTEC_AK7)
  const srcset = await page.locator('.finder-card .product-card-media img').first().getAttribute('srcset')
  expect(srcset).toMatch(/^\/thumbnail\/\?src=/)
})

test('finder ignores values that do not exist with a notice, pages through results and answers 400 for a bad page', async ({
  page,
}) => {
  test
    .info()
    .annotations.push({ type: 'allow-console-errors', description: 'the 400 for the bad page number is intended' })
  const response = await page.goto(`${finderPath('de')}?crane-manufacturer=Nordholz&machine-type=Harvester`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('status').filter({ hasText: '„Harvester“' })).toContainText(
    t('de', 'media:finder.steps.machineType'),
  )
  await expect(page.getByText(t('de', 'media:finder.count_other', { count: 26 }))).toBeVisible()
  const pagination = page.getByRole('navigation', { name: t('de', 'media:finder.pagination') })
  await pagination.getByRole('link', { name: t('de', 'media:finder.page', { page: 3 }) }).click()
  await expect.poll(() => new URL(page.url()).searchParams.get('p')).toBe('3')
  await expect(page.locator('.finder-card')).toHaveCount(2)

  const bad = await page.goto(`${finderPath('de')}?p=zwei`)
  expect(bad?.status()).toBe(400)
  await expect(page.getByText(t('de', 'media:finder.invalidPage'))).toBeVisible()
})

test('finder page sets no cookie and has no a11y violations', async ({ page, browser }, testInfo) => {
  const response = await page.goto(`${finderPath('de')}?crane-manufacturer=Nordholz`)
  expect(response?.headers()['set-cookie']).toBeUndefined()
  expect(response?.headers()['cache-control']).toContain('public')
  await auditUrl(browser, testInfo, `${finderPath('de')}?crane-manufacturer=Nordholz`)
})
