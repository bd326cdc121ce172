import type { Page } from '@playwright/test'
import { auditUrl, expect, loaded, prefix, t, test, visit, type Locale } from './fixtures'

// Seed facts: server/demo-store/README.md, "Catalogue facts for e2e tests".
const numbers = async (page: Page) =>
  (await loaded(page)).locator('.listing-grid [data-product-number]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-product-number')))
const sawChains = ['FS-20001', 'FS-20002', 'FS-20003', 'FS-20004']

const cases: { locale: Locale; term: string; total: number; first: string[] }[] = [
  { locale: 'de', term: 'Sägekette', total: 7, first: sawChains },
  { locale: 'en', term: 'saw chain', total: 10, first: sawChains },
  { locale: 'fr', term: 'chaîne', total: 10, first: ['FS-40001'] },
]

for (const { locale, term, total, first } of cases) {
  test(`search from the header in ${locale}: "${term}"`, async ({ page }) => {
    await visit(page, prefix(locale) || '/')
    const field = page.getByRole('searchbox', { name: t(locale, 'header.search.label') }).or(
      page.getByRole('combobox', { name: t(locale, 'header.search.label') }),
    )
    await field.fill(term)
    await page.getByRole('button', { name: t(locale, 'header.search.submit') }).click()
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/search\\?search=`))
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'listing:search.heading', { term }) })).toBeVisible()
    await expect(page.getByText(t(locale, 'listing:count_other', { count: total }))).toBeVisible()
    const shown = await numbers(page)
    expect(shown).toHaveLength(total)
    expect(shown.slice(0, first.length).sort()).toEqual(first)
  })
}

test('umlaut spellings find the same products', async ({ page }) => {
  await page.goto('/search?search=Saegekette')
  expect((await numbers(page)).slice(0, 4).sort()).toEqual(sawChains)
})

test('search by product number and by original article number', async ({ page }) => {
  await page.goto('/en/search?search=FS-20001')
  expect(await numbers(page)).toEqual(['FS-20001'])
  await expect(page.locator('.listing-grid .product-card-original')).toHaveCount(0)
  await page.goto('/search?search=NO-100037')
  expect(await numbers(page)).toEqual(['FS-70001'])
  // The card says why it is a hit: the number typed is not its own.
  await expect(page.locator('.listing-grid .product-card-original')).toHaveText(t('de', 'listing:product.originalNumber', { number: 'NO-100037' }))
})

test('search results can be filtered and sorted, the term stays', async ({ page }) => {
  await page.goto('/search?search=S%C3%A4gekette&order=price-asc&limit=25')
  const prices = await (await loaded(page)).locator('.listing-grid [data-price]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-price'))))
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,follow')
  await expect(page.locator('form.listing-filters input[name="search"]')).toHaveValue('Sägekette')
  // The language switch keeps sort and page size; the hreflang alternates stay the bare search.
  const switcher = page.getByRole('navigation', { name: t('de', 'common:language.label') })
  const english = await switcher.locator('input[name="redirectTo"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
  expect(english.some((value) => /^\/en\/search\?search=S%C3%A4gekette&order=price-asc&limit=25$/.test(value))).toBe(true)
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/en\/search\?search=S%C3%A4gekette$/)
})

test('no results: the term, spelling hints and the search form', async ({ page }) => {
  const response = await page.goto('/search?search=xylophon')
  expect(response?.status()).toBe(200)
  await expect(page.getByText(t('de', 'listing:search.noResults', { term: 'xylophon' }))).toBeVisible()
  await expect(page.getByText(t('de', 'listing:search.hints'))).toBeVisible()
  await expect(page.locator('main').getByRole('searchbox', { name: t('de', 'listing:search.formLabel') })).toHaveValue('xylophon')
})

test('a missing or empty term shows the search form, not an error', async ({ page }) => {
  for (const url of ['/search', '/search?search=%20%20', '/fr/search']) {
    const response = await page.goto(url)
    expect(response?.status()).toBe(200)
    const locale: Locale = url.startsWith('/fr') ? 'fr' : 'de'
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'listing:search.title') })).toBeVisible()
    await expect(page.locator('main').getByRole('searchbox', { name: t(locale, 'listing:search.formLabel') })).toBeVisible()
  }
})

test('search suggestions with the keyboard @js', async ({ page }) => {
  await page.goto('/en')
  const field = page.getByRole('combobox', { name: t('en', 'header.search.label') })
  await field.pressSequentially('saw chain', { delay: 20 })
  const listbox = page.getByRole('listbox', { name: t('en', 'listing:search.suggestions') })
  await expect(listbox).toBeVisible()
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  const options = listbox.getByRole('option')
  await expect(options.last()).toHaveText(t('en', 'listing:search.showAll', { count: 10 }))
  expect(await options.count()).toBeGreaterThan(1)

  await field.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await expect(field).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!)
  await field.press('ArrowUp')
  await expect(options.last()).toHaveAttribute('aria-selected', 'true')
  await field.press('Escape')
  await expect(listbox).toBeHidden()
  await expect(field).toHaveAttribute('aria-expanded', 'false')

  await field.press('ArrowDown')
  await expect(listbox).toBeVisible()
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  const name = await options.first().locator('.search-suggestion-name').textContent()
  await field.press('Enter')
  await expect(page).toHaveURL(/\/en\/[^?]+\/FS-\d{5}(\.\d+)?$/)
  expect(name).toBeTruthy()
})

test('suggestions by product number link to all results @js', async ({ page }) => {
  await page.goto('/')
  const field = page.getByRole('combobox', { name: t('de', 'header.search.label') })
  await field.pressSequentially('FS-20001', { delay: 20 })
  const listbox = page.getByRole('listbox')
  await expect(listbox.getByRole('option').first()).toContainText('FS-20001')
  await listbox.getByRole('option', { name: t('de', 'listing:search.showAll', { count: 1 }) }).click()
  await expect(page).toHaveURL(/\/search\?search=FS-20001$/)
})

test('suggestions name a matched original number, and a term without hits says so @js', async ({ page }) => {
  await page.goto('/en')
  const field = page.getByRole('combobox', { name: t('en', 'header.search.label') })
  await field.pressSequentially('WK-5001', { delay: 20 })
  const listbox = page.getByRole('listbox', { name: t('en', 'listing:search.suggestions') })
  await expect(listbox.getByRole('option').first()).toContainText(t('en', 'listing:product.originalNumber', { number: 'WK-5001' }))
  await expect(listbox.getByRole('option').first()).toContainText('FS-80001')

  await field.fill('')
  await field.pressSequentially('xqzv', { delay: 20 })
  const none = t('en', 'listing:search.noSuggestionsFor', { term: 'xqzv' })
  await expect(page.locator('.search-no-suggestions')).toHaveText(none)
  await expect(page.getByRole('status').filter({ hasText: none })).toHaveCount(1)
  await expect(listbox).toBeHidden()
  await expect(field).toHaveAttribute('aria-expanded', 'false')
})

test('axe: the search page', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/search?search=S%C3%A4gekette')
  await auditUrl(browser, testInfo, '/search')
})

test('the suggestion endpoint answers JSON in the page language, cacheable and without cookies', async ({ request }) => {
  const response = await request.get('/fr/search-suggest?search=cha%C3%AEne')
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toMatch(/^public/)
  expect(response.headers()['set-cookie']).toBeUndefined()
  const body = await response.json()
  expect(body.total).toBe(10)
  expect(body.products[0].href).toMatch(/^\/fr\//)
  const short = await (await request.get('/search-suggest?search=a')).json()
  expect(short.products).toEqual([])
})
