import { request, type Download, type Page, type TestInfo } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DEMO_ACCESS_KEY, DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { CONTEXT_TOKEN_COOKIE, logInThroughStore } from './auth-fixtures'
import { productId, storeCall } from './checkout-fixtures'
import { expect, prefix, t, test, type Locale } from './fixtures'

// The wishlist as a PDF catalogue, as a shopper gets it: hearts on product pages fill the list, the
// button on /wishlist downloads the file (fetched in place with JS, a plain link without), and the
// PDF's own text says what the shopper sees printed.

const noJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled === false

/** The products' names as the store answers them in a language (what the PDF must print). */
async function productNames(baseURL: string, ids: string[], locale: Locale = 'de', token?: string) {
  const languages = await storeCall(baseURL, 'POST', '/language', undefined, { associations: { translationCode: {} } })
  const tag = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }[locale]
  const languageId = (languages.body.elements as { id: string; translationCode?: { code?: string } }[]).find((l) => l.translationCode?.code === tag)!.id
  const api = await request.newContext()
  try {
    const response = await api.post(`${baseURL}/store-api/product`, {
      headers: { 'sw-access-key': DEMO_ACCESS_KEY, 'sw-language-id': languageId, ...(token ? { 'sw-context-token': token } : {}) },
      data: { ids, includes: { product: ['id', 'name', 'translated'] } },
    })
    const elements = ((await response.json()) as { elements: { id: string; name: string; translated?: { name?: string } }[] }).elements
    return new Map(elements.map((p) => [p.id, p.translated?.name || p.name]))
  } finally {
    await api.dispose()
  }
}

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), standardFontDataUrl }).promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('').replace(/\u00a0/g, ' '))
  }
  await doc.destroy()
  return pages
}

const heart = (page: Page, name: string) => page.getByRole('button', { name: t('de', 'wishlist:heart.label', { name }), exact: true })

/** Puts a product on the wishlist with the heart on its page, as a shopper does (with and without JS). */
async function addWithHeart(page: Page, testInfo: TestInfo, id: string, name: string) {
  await page.goto(`/detail/${id}`)
  if (!noJs(testInfo)) await expect(page.locator('form.wishlist-heart-form input[name="inPlace"]').first()).toBeAttached()
  // With JS the pressed state flips before the answer sets the cookie: wait for the answer itself.
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/wishlist'))
  await heart(page, name).click()
  await answered
  if (noJs(testInfo)) await expect(page.getByText(t('de', 'wishlist:messages.added', { name }))).toBeVisible()
  else await expect(heart(page, name)).toHaveAttribute('aria-pressed', 'true')
}

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date())

/** Clicks the catalogue button on /wishlist and returns the downloaded file. */
async function downloadCatalogue(page: Page, locale: Locale): Promise<{ download: Download; pdf: Buffer }> {
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: t(locale, 'catalogue:link.label') }).click()
  const download = await downloading
  const pdf = await readFile((await download.path())!)
  return { download, pdf }
}

test('a visitor fills the wishlist with hearts and downloads it as a PDF catalogue', async ({ page, baseURL }, testInfo) => {
  // Five page loads and two PDFs: more than the default budget on a busy machine.
  test.slow()
  const ids = [productId('FS-10001'), productId('FS-10006')]
  const names = await productNames(baseURL!, ids)
  for (const id of ids) await addWithHeart(page, testInfo, id, names.get(id)!)

  await page.goto('/wishlist')
  const { download, pdf } = await downloadCatalogue(page, 'de')
  expect(download.suggestedFilename()).toBe(`${t('de', 'catalogue:fileName')}-${today()}.pdf`)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  expect(pdf.length).toBeGreaterThan(5_000)
  // The page stays where it was: the wishlist.
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'wishlist:page.title') })).toBeVisible()

  const pages = await pdfPages(pdf)
  expect(pages[0]).toContain(t('de', 'common:shop.name'))
  expect(pages[0]).toContain(t('de', 'catalogue:pdf.title'))
  expect(pages[0]).toContain(t('de', 'catalogue:pdf.language'))
  expect(pages[0]).toContain(t('de', 'catalogue:pdf.page', { page: 1, total: pages.length }))
  const body = pages.slice(1).join('\n')
  // Newest first: the one added last leads.
  expect(body.indexOf('FS-10006')).toBeGreaterThanOrEqual(0)
  expect(body.indexOf('FS-10006')).toBeLessThan(body.indexOf('FS-10001'))
  for (const id of ids) expect(body).toContain(names.get(id)!)
  expect(body).toContain(t('de', 'catalogue:pdf.price.onRequest'))
  expect(body).toContain(t('de', 'catalogue:pdf.price.yours'))

  // The file itself, as the browser got it.
  const response = await page.request.get('/wishlist/catalogue.pdf')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(response.headers()['content-disposition']).toBe(`attachment; filename="${download.suggestedFilename()}"`)
  expect(response.headers()['cache-control']).toBe('private, no-store')
})

test('a reseller gets the catalogue in English with reseller prices', async ({ page, context, baseURL }) => {
  test.slow()
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  const token = (await context.cookies()).find((c) => c.name === CONTEXT_TOKEN_COOKIE)!.value
  // The reseller's server list (shared by parallel runs: merge adds without toggling anything off).
  const ids = [productId('FS-10002'), productId('FS-70001')]
  await storeCall(baseURL!, 'POST', '/customer/wishlist/merge', token, { productIds: ids })
  const names = await productNames(baseURL!, ids, 'en', token)

  await page.goto('/en/wishlist')
  await expect(page.getByRole('link', { name: t('en', 'catalogue:link.label') })).toBeVisible()
  const { download, pdf } = await downloadCatalogue(page, 'en')
  expect(download.suggestedFilename()).toBe(`${t('en', 'catalogue:fileName')}-${today()}.pdf`)
  const pages = await pdfPages(pdf)
  expect(pages[0]).toContain(t('en', 'catalogue:pdf.language'))
  expect(pages[0]).toContain(t('en', 'catalogue:pdf.audience.reseller'))
  const body = pages.slice(1).join('\n')
  for (const id of ids) expect(body).toContain(names.get(id)!)
  expect(body).toContain(t('en', 'catalogue:pdf.price.reseller'))
  expect(body).toContain(t('en', 'catalogue:pdf.price.normal'))
})

test('with an empty wishlist the catalogue link leads back to the wishlist', async ({ page }) => {
  for (const locale of ['de', 'fr'] as const) {
    const response = await page.goto(`${prefix(locale)}/wishlist/catalogue.pdf`)
    expect(new URL(page.url()).pathname).toBe(`${prefix(locale)}/wishlist`)
    expect(response?.status()).toBe(200)
    await expect(page.getByTestId('wishlist-empty')).toHaveText(t(locale, 'wishlist:page.empty'))
  }
})

test('@js without an answer the button says the catalogue could not be created', async ({ page, baseURL }, testInfo) => {
  test.slow()
  const id = productId('FS-10003')
  const names = await productNames(baseURL!, [id])
  await addWithHeart(page, testInfo, id, names.get(id)!)
  await page.goto('/wishlist')
  // Hydration can take a while on a busy machine; before it, the click would be a plain download.
  await expect(page.locator('.catalogue-link[data-hydrated]')).toBeAttached({ timeout: 20_000 })
  // The connection drops (offline): no server answer, so no flash message either. The browser logs
  // the failed fetch, which is the point here.
  testInfo.annotations.push({ type: 'allow-console-errors', description: 'the catalogue request is aborted on purpose' })
  await page.route('**/wishlist/catalogue.pdf', (route) => route.abort('internetdisconnected'))
  await page.getByRole('link', { name: t('de', 'catalogue:link.label') }).click()
  await expect(page.getByRole('alert').filter({ hasText: t('de', 'catalogue:errors.failed') })).toBeVisible()
  await expect(page.getByRole('link', { name: t('de', 'catalogue:link.label') })).toBeVisible()
})
