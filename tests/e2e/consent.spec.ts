import type { BrowserContext, Page } from '@playwright/test'
import { auditUrl, consentCookie, expect, interactOnLoad, t, test, visit, type Locale } from './fixtures'

// These tests start as a first-time visitor: no consent record in the browser.
test.use({ consent: false })

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const legal: Record<Locale, { privacy: string; imprint: string }> = {
  de: { privacy: '/datenschutzerklaerung/', imprint: '/impressum/' },
  en: { privacy: '/en/privacy-policy/', imprint: '/en/imprint/' },
  fr: { privacy: '/fr/declaration-de-confidentialite/', imprint: '/fr/mentions-legales/' },
}

function firstVisit(page: Page, locale: Locale = 'de') {
  return page.getByRole('dialog', { name: t(locale, 'consent:firstVisit.title') })
}

function preferences(page: Page, locale: Locale = 'de') {
  return page.getByRole('dialog', { name: t(locale, 'consent:title') })
}

async function storedConsent(context: BrowserContext) {
  const cookies = await context.cookies()
  const record = cookies.find((c) => c.name === 'cc_cookie')
  const prefs = cookies.find((c) => c.name === 'cookieConsentPreferences')
  return {
    cookie: record,
    record: record ? JSON.parse(decodeURIComponent(record.value)) : undefined,
    preferencesCookie: prefs,
    preferences: prefs ? JSON.parse(decodeURIComponent(prefs.value)) : undefined,
  }
}

/** The page behind the dialog cannot be used: inert without JS, outside the modal dialog with JS. */
async function expectPageBlocked(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect.poll(() => page.locator('#consent-first-visit').evaluate((d) => d.matches(':modal'))).toBe(true)
  } else {
    await expect(page.locator('.page-root')).toHaveAttribute('inert', '')
  }
  // Either way a click on the page behind does not reach it.
  const logo = page.getByRole('banner').getByRole('link').first()
  await expect(logo).toBeAttached()
  await expect(logo.click({ timeout: 1_000 })).rejects.toThrow()
}

test('a first visit gets the blocking consent dialog with links to the legal pages', async ({ page, javaScriptEnabled }) => {
  // A page load per language.
  test.slow()
  for (const locale of ['de', 'en', 'fr'] as const) {
    await visit(page, locale === 'de' ? '/unternehmen/' : locale === 'en' ? '/en/company/' : '/fr/entreprise/')
    const dialog = firstVisit(page, locale)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(t(locale, 'consent:firstVisit.description'))).toBeVisible()
    await expect(dialog.getByRole('button', { name: t(locale, 'consent:acceptAll') })).toBeVisible()
    await expect(dialog.getByRole('button', { name: t(locale, 'consent:necessaryOnly') })).toBeVisible()
    await expect(dialog.getByRole('link', { name: t(locale, 'consent:firstVisit.manage') })).toBeVisible()
    await expect(dialog.getByRole('link', { name: t(locale, 'consent:privacyLink') })).toHaveAttribute('href', legal[locale].privacy)
    await expect(dialog.getByRole('link', { name: t(locale, 'consent:imprintLink') })).toHaveAttribute('href', legal[locale].imprint)
  }
  await expectPageBlocked(page, javaScriptEnabled)
})

test('the legal pages the dialog links to are real content pages, readable before a choice', async ({ page }) => {
  // Six full page loads.
  test.slow()
  await visit(page, '/fr/entreprise/')
  await firstVisit(page, 'fr').getByRole('link', { name: t('fr', 'consent:privacyLink') }).click()
  await expect(page).toHaveURL(/\/fr\/declaration-de-confidentialite\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Déclaration de confidentialité' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'cc_cookie', exact: true })).toBeVisible()
  await expect(firstVisit(page, 'fr')).toHaveCount(0)
  for (const [path, heading] of [
    ['/datenschutzerklaerung/', 'Datenschutzerklärung'],
    ['/impressum/', 'Impressum'],
    ['/en/privacy-policy/', 'Privacy policy'],
    ['/en/imprint/', 'Imprint'],
    ['/fr/mentions-legales/', 'Mentions légales'],
  ]) {
    const response = await visit(page, path)
    expect(response?.status(), path).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.locator('#consent-first-visit'), path).toHaveCount(0)
  }
})

test('accept all stores every category, both cookies, and stays on the page', async ({ page, context }) => {
  await visit(page, '/en/company/')
  await firstVisit(page, 'en').getByRole('button', { name: t('en', 'consent:acceptAll') }).click()
  await expect(page.getByText(t('en', 'consent:saved'))).toBeVisible()
  await expect(firstVisit(page, 'en')).toHaveCount(0)
  await expect(page).toHaveURL(/\/en\/company\/$/)

  const { cookie, record, preferencesCookie, preferences: prefs } = await storedConsent(context)
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false })
  expect(record).toMatchObject({
    categories: ['necessary', 'messurement', 'functional'],
    revision: 1,
    data: null,
    languageCode: 'en',
    services: { necessary: [], messurement: ['tagManager', 'analytics', 'ads'], functional: ['chatWidget', 'videoPlayer'] },
  })
  expect(record.consentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  expect(Date.parse(record.consentTimestamp)).toBeGreaterThan(Date.now() - 60_000)
  expect(record.lastConsentTimestamp).toBe(record.consentTimestamp)
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(181.9)
  expect(days).toBeLessThan(182.1)
  expect(Math.abs(record.expirationTime - cookie!.expires * 1000)).toBeLessThan(60_000)
  expect(preferencesCookie).toMatchObject({ path: '/', sameSite: 'Lax' })
  expect(Math.abs(preferencesCookie!.expires - cookie!.expires)).toBeLessThan(60)
  expect(prefs).toEqual({ acceptedServices: record.services })

  // A revisit shows no dialog and the page is usable.
  await visit(page, '/en/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(firstVisit(page, 'en')).toHaveCount(0)
  await expect(page.locator('.page-root')).not.toHaveAttribute('inert')
})

test('only necessary stores the necessary category alone', async ({ page, context }) => {
  await visit(page, '/fr/entreprise/')
  await firstVisit(page, 'fr').getByRole('button', { name: t('fr', 'consent:necessaryOnly') }).click()
  await expect(page.getByText(t('fr', 'consent:saved'))).toBeVisible()
  await expect(firstVisit(page, 'fr')).toHaveCount(0)
  const { record, preferences: prefs } = await storedConsent(context)
  expect(record).toMatchObject({ categories: ['necessary'], languageCode: 'fr', revision: 1 })
  expect(prefs).toEqual({ acceptedServices: { necessary: [], messurement: [], functional: [] } })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(firstVisit(page, 'fr')).toHaveCount(0)
})

test('a custom selection through manage preferences, then changed again from the cookie button', async ({ page, context }) => {
  await visit(page, '/unternehmen/')
  await firstVisit(page).getByRole('link', { name: t('de', 'consent:firstVisit.manage') }).click()
  const dialog = preferences(page)
  await expect(dialog).toBeVisible()
  await expect(firstVisit(page)).toBeHidden()
  const necessary = dialog.getByRole('checkbox', { name: t('de', 'consent:categories.necessary.title') })
  await expect(necessary).toBeChecked()
  await expect(necessary).toBeDisabled()
  await dialog.getByRole('checkbox', { name: t('de', 'consent:categories.functional.title') }).check()
  await dialog.getByRole('button', { name: t('de', 'consent:save') }).click()

  await expect(page.getByText(t('de', 'consent:saved'))).toBeVisible()
  await expect(page).toHaveURL(/\/unternehmen\/$/)
  await expect(dialog).toBeHidden()
  await expect(firstVisit(page)).toHaveCount(0)
  const first = await storedConsent(context)
  expect(first.record.categories).toEqual(['necessary', 'functional'])
  expect(first.preferences.acceptedServices).toEqual({ necessary: [], messurement: [], functional: ['chatWidget', 'videoPlayer'] })

  // Reopened from the fixed button: the stored choice is shown and can be changed; the id stays.
  await page.getByRole('link', { name: t('de', 'consent:button') }).click()
  await expect(dialog.getByRole('checkbox', { name: t('de', 'consent:categories.functional.title') })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: t('de', 'consent:categories.messurement.title') })).not.toBeChecked()
  await dialog.getByRole('checkbox', { name: t('de', 'consent:categories.functional.title') }).uncheck()
  await dialog.getByRole('checkbox', { name: t('de', 'consent:categories.messurement.title') }).check()
  await dialog.getByRole('button', { name: t('de', 'consent:save') }).click()
  await expect(dialog).toBeHidden()
  await expect.poll(async () => (await storedConsent(context)).record.categories).toEqual(['necessary', 'messurement'])
  const second = await storedConsent(context)
  expect(second.record.consentId).toBe(first.record.consentId)
  expect(second.record.consentTimestamp).toBe(first.record.consentTimestamp)
})

test('a record of another revision or an incomplete one brings the dialog back', async ({ page, context, baseURL }) => {
  const valid = consentCookie(baseURL!, ['necessary', 'functional'])
  const record = JSON.parse(decodeURIComponent(valid.value))
  await context.addCookies([valid])
  await visit(page, '/en/company/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(firstVisit(page, 'en')).toHaveCount(0)

  for (const changed of [{ ...record, revision: 2 }, { ...record, consentId: undefined }, { ...record, categories: undefined }]) {
    await context.addCookies([{ ...valid, value: encodeURIComponent(JSON.stringify(changed)) }])
    await visit(page, '/en/company/')
    await expect(firstVisit(page, 'en'), JSON.stringify(changed)).toBeVisible()
  }
})

test('a bot gets no dialog and the page stays cacheable', async ({ browser, baseURL, javaScriptEnabled }) => {
  const context = await browser.newContext({ baseURL, userAgent: googlebot, javaScriptEnabled })
  await interactOnLoad(context)
  try {
    const page = await context.newPage()
    const response = await visit(page, '/en/company/')
    expect(response?.headers()['cache-control']).toMatch(/\bpublic\b/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(firstVisit(page, 'en')).toHaveCount(0)
    await expect(page.locator('.page-root')).not.toHaveAttribute('inert')
  } finally {
    await context.close()
  }
})

test('a page for a visitor without a record stays public and varies by cookie and user agent', async ({ request }) => {
  const browserAgent = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' }
  const first = await request.get('/en/company/', { headers: browserAgent })
  expect(first.status()).toBe(200)
  expect(first.headers()['cache-control']).toMatch(/\bpublic\b/)
  expect(first.headers()['set-cookie']).toBeUndefined()
  const vary = first.headers()['vary'].split(',').map((v) => v.trim().toLowerCase())
  expect(vary).toEqual(expect.arrayContaining(['cookie', 'user-agent']))
  expect(await first.text()).toContain('id="consent-first-visit"')

  // With a record the page is still public (the record only hides the dialog) …
  const withRecord = await request.get('/en/company/', { headers: { ...browserAgent, Cookie: `cc_cookie=${consentCookie('http://x').value}` } })
  expect(withRecord.headers()['cache-control']).toMatch(/\bpublic\b/)
  expect(await withRecord.text()).not.toContain('id="consent-first-visit"')
  // … the preferences opened by URL stay private as before.
  const opened = await request.get('/en/company/?cookie-preferences=1', { headers: browserAgent })
  expect(opened.headers()['cache-control']).toBe('private, no-store')
})

test('withdrawing measurement clears _ga, _gid and _ga_* cookies', async ({ page, context, baseURL }) => {
  await context.addCookies([consentCookie(baseURL!, ['necessary', 'messurement'])])
  const url = new URL(baseURL!)
  await context.addCookies(
    ['_ga', '_gid', '_ga_XYZ123'].map((name) => ({ name, value: 'GA1.1.123.456', domain: url.hostname, path: '/' })),
  )
  await context.addCookies([{ name: 'keep_me', value: '1', domain: url.hostname, path: '/' }])
  await visit(page, '/unternehmen/')
  await page.getByRole('link', { name: t('de', 'consent:button') }).click()
  const dialog = preferences(page)
  await expect(dialog.getByRole('checkbox', { name: t('de', 'consent:categories.messurement.title') })).toBeChecked()
  await dialog.getByRole('checkbox', { name: t('de', 'consent:categories.messurement.title') }).uncheck()
  await dialog.getByRole('button', { name: t('de', 'consent:save') }).click()
  await expect(page.getByText(t('de', 'consent:saved'))).toBeVisible()

  await expect.poll(async () => (await context.cookies()).map((c) => c.name).filter((n) => n.startsWith('_g')).sort()).toEqual([])
  const names = (await context.cookies()).map((c) => c.name)
  expect(names).toEqual(expect.arrayContaining(['keep_me', 'cc_cookie', 'cookieConsentPreferences']))
})

test('Escape closes the preferences dialog but never the first-visit dialog @js', async ({ page }) => {
  await visit(page, '/fr/entreprise/')
  const dialog = firstVisit(page, 'fr')
  await expect(dialog).toBeVisible()
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  await expect.poll(() => page.locator('#consent-first-visit').evaluate((d) => d.matches(':modal'))).toBe(true)

  await dialog.getByRole('link', { name: t('fr', 'consent:firstVisit.manage') }).click()
  const prefs = preferences(page, 'fr')
  await expect(prefs).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(prefs).toBeHidden()
  // No choice yet: the first-visit dialog is back.
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/\/fr\/entreprise\/$/)
})

test('focus stays inside the first-visit dialog: Tab from the last control returns to the first @js', async ({ page }) => {
  await visit(page, '/en/company/')
  const dialog = firstVisit(page, 'en')
  await expect(dialog).toBeVisible()
  await expect.poll(() => page.locator('#consent-first-visit').evaluate((d) => d.matches(':modal'))).toBe(true)
  const acceptAll = dialog.getByRole('button', { name: t('en', 'consent:acceptAll') })
  const imprint = dialog.getByRole('link', { name: t('en', 'consent:imprintLink') })
  await page.keyboard.press('Tab')
  await expect(acceptAll).toBeFocused()
  // Accept all, only necessary, manage preferences, privacy, imprint; then round again.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab')
  await expect(imprint).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(acceptAll).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(imprint).toBeFocused()
})

test('the first-visit dialog and the preferences have no axe violations', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/unternehmen/', 200, { width: 1280, height: 900 }, { consent: false })
  await auditUrl(browser, testInfo, '/en/company/', 200, { width: 390, height: 844 }, { consent: false })
  await auditUrl(browser, testInfo, '/fr/entreprise/?cookie-preferences=1', 200, { width: 390, height: 844 }, { consent: false })
})

test('jump-to-top appears after scrolling and brings the shopper back up @js', async ({ page, context, baseURL }) => {
  await context.addCookies([consentCookie(baseURL!)])
  await visit(page, '/')
  const jump = page.getByRole('button', { name: t('de', 'jumpToTop') })
  await expect(jump).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect(jump).toBeVisible()
  await jump.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
