import { devices, type APIRequestContext, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { servers, standInGtmId } from '../setup/servers'
import { consentCookie, expect, loaded, t, test as base } from './fixtures'

// The consent shop has the tag manager (GTM_ID) and the chat (a key per language) configured
// against the loopback stand-in (tests/setup/third-party-stand-in.mjs), which logs every request
// it gets with the marker this test's browser sends in its User-Agent.
const shop = servers.consent.url
const standIn = servers.thirdParty.url
const gtmId = standInGtmId

interface StandInRequest {
  path: string
  query: string
  origin: string | null
}

const test = base.extend<{ marker: string }>({
  marker: async ({}, use) => use(randomUUID().replace(/-/g, '').slice(0, 16)),
  userAgent: async ({ marker }, use) => use(`${devices['Desktop Chrome'].userAgent} StandinMarker/${marker}`),
})

// Each test starts as a visitor without a record and sets the one it needs.
test.use({ baseURL: shop, consent: false })

async function standInLog(request: APIRequestContext, marker: string): Promise<StandInRequest[]> {
  const response = await request.get(`${standIn}/__log?marker=${marker}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as StandInRequest[]
}

/** Waits until the page is loaded and idle: whatever it would request on its own has been requested. */
async function settled(page: Page) {
  await loaded(page)
  await page.waitForLoadState('networkidle')
}

function preferencesDialog(page: Page) {
  return page.getByRole('dialog', { name: t('de', 'consent:title') })
}

/** Changes the functional/measurement choice in the preferences dialog and saves it (with JS: no reload). */
async function savePreferences(page: Page, choice: { functional: boolean; messurement: boolean }) {
  await page.getByRole('link', { name: t('de', 'consent:button') }).click()
  const dialog = preferencesDialog(page)
  await expect(dialog).toBeVisible()
  for (const category of ['functional', 'messurement'] as const) {
    await dialog.getByRole('checkbox', { name: t('de', `consent:categories.${category}.title`) }).setChecked(choice[category])
  }
  await dialog.getByRole('button', { name: t('de', 'consent:save') }).click()
}

test('nothing is requested from the third parties before consent; the tag manager is an inert placeholder', async ({
  page,
  context,
  request,
  marker,
}) => {
  // Four pages, each until the network is idle, on a busy machine.
  test.slow()
  // First visit (no record), then a visitor who chose only the necessary cookies.
  await page.goto('/')
  await settled(page)
  await context.addCookies([consentCookie(shop, ['necessary'])])
  for (const path of ['/', '/en/', '/fr/']) {
    await page.goto(path)
    await settled(page)
  }
  const placeholder = page.locator('script[type="text/plain"][data-category="messurement"][data-service="tagManager"]')
  await expect(placeholder).toHaveCount(1)
  await expect(placeholder).toHaveAttribute('data-src', `${standIn}/gtm.js?id=${gtmId}`)
  await expect(page.locator('script[src*="gtm.js"], iframe[src*="ns.html"]')).toHaveCount(0)
  await expect(page.getByTestId('standin-chat')).toHaveCount(0)
  expect(await standInLog(request, marker)).toEqual([])
})

test('measurement consent loads the tag manager (gtm.js with JS, its frame without), functional alone does not', async ({
  page,
  context,
  request,
  marker,
}, testInfo) => {
  const noJs = testInfo.project.use.javaScriptEnabled === false
  await context.addCookies([consentCookie(shop, ['necessary', 'functional'])])
  await page.goto('/')
  await settled(page)
  expect((await standInLog(request, marker)).filter((entry) => /gtm\.js|ns\.html/.test(entry.path))).toEqual([])

  await context.addCookies([consentCookie(shop, ['necessary', 'messurement'])])
  await page.goto('/')
  await settled(page)
  if (noJs) {
    await expect.poll(async () => (await standInLog(request, marker)).map((entry) => `${entry.path}${entry.query}`)).toEqual([`/ns.html?id=${gtmId}`])
  } else {
    // The stand-in's script ran: the CSP let the activated script load and execute.
    await expect(page.locator('html')).toHaveAttribute('data-standin-tag-manager', gtmId)
    const tagManagerRequests = (await standInLog(request, marker)).filter((entry) => /gtm\.js|ns\.html/.test(entry.path))
    expect(tagManagerRequests.map((entry) => `${entry.path}${entry.query}`)).toEqual([`/gtm.js?id=${gtmId}`])
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer?.[0]?.event)).toBe('gtm.js')
  }
})

test('@js accepted measurement loads the tag manager before the visitor touches the page', async ({ browser, request, marker, userAgent }) => {
  // The suite's contexts interact on load (fixtures.ts); a shopper's browser need not, and the page
  // then does not hydrate (docs/decisions/019). The tag manager must not wait for that.
  const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: shop, userAgent, locale: 'de-DE' })
  try {
    await context.addCookies([consentCookie(shop, ['necessary', 'messurement'])])
    const page = await context.newPage()
    await page.goto('/')
    await settled(page)
    await expect(page.locator('html')).toHaveAttribute('data-standin-tag-manager', gtmId)
    await expect(page.locator('body')).not.toHaveAttribute('data-ready')
    expect((await standInLog(request, marker)).map((entry) => `${entry.path}${entry.query}`)).toEqual([`/gtm.js?id=${gtmId}`])
  } finally {
    await context.close()
  }
})

test('without JavaScript the chat is never requested, whatever the consent @no-js-only', async ({ page, context, request, marker }) => {
  test.slow()
  await context.addCookies([consentCookie(shop, ['necessary', 'messurement', 'functional'])])
  for (const path of ['/', '/en/', '/fr/']) {
    await page.goto(path)
    await settled(page)
  }
  const paths = (await standInLog(request, marker)).map((entry) => entry.path)
  expect(paths.length).toBeGreaterThan(0)
  expect(paths.filter((path) => path !== '/ns.html')).toEqual([])
})

test('functional consent creates the chat with the page language key; withdrawing it destroys the chat without reload @js', async ({
  page,
  context,
  request,
  marker,
}) => {
  await context.addCookies([consentCookie(shop, ['necessary', 'functional'])])
  await page.goto('/')
  const chat = page.getByTestId('standin-chat')
  await expect(chat).toBeVisible()
  await expect(chat).toHaveAttribute('data-widget-key', 'standin-de')
  const requests = await standInLog(request, marker)
  expect(requests.map((entry) => entry.path)).toEqual(['/standin-de.json', '/messenger/standin-de.js'])
  // The manifest is a cors fetch from the shop's page.
  expect(requests[0]?.origin).toBe(shop)

  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await savePreferences(page, { functional: false, messurement: false })
  await expect(chat).toHaveCount(0)

  // Consent again, still on the same document: the chat comes back; the tag manager stayed away.
  await savePreferences(page, { functional: true, messurement: false })
  await expect(chat).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  expect((await standInLog(request, marker)).filter((entry) => entry.path === '/gtm.js')).toEqual([])

  await page.goto('/fr/')
  await expect(chat).toHaveAttribute('data-widget-key', 'standin-fr')
})

test('accepting measurement in the preferences loads the tag manager without reload @js', async ({ page, context, request, marker }) => {
  await context.addCookies([consentCookie(shop, ['necessary'])])
  await page.goto('/')
  await settled(page)
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await savePreferences(page, { functional: false, messurement: true })
  await expect(page.locator('html')).toHaveAttribute('data-standin-tag-manager', gtmId)
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  expect((await standInLog(request, marker)).map((entry) => entry.path)).toEqual(['/gtm.js'])
})

test('a chat API at its end of life shows no chat and logs a warning, no error @js', async ({ page, context, request, marker }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await context.addCookies([consentCookie(shop, ['necessary', 'functional'])])
  await page.goto('/en/')
  await expect.poll(async () => (await standInLog(request, marker)).map((entry) => entry.path)).toEqual([
    '/standin-en-eol.json',
    '/messenger/standin-en-eol.js',
  ])
  await expect.poll(() => warnings.filter((text) => /end of life/.test(text)).length).toBe(1)
  await expect(page.getByTestId('standin-chat')).toHaveCount(0)
})

test('the CSP names the third-party origin only where it is configured', async ({ request }) => {
  const cookie = { Cookie: `cc_cookie=${consentCookie(shop, ['necessary', 'messurement', 'functional']).value}` }
  const configured = await request.get(`${shop}/`, { headers: cookie })
  const policy = configured.headers()['content-security-policy'] ?? ''
  for (const directive of ['script-src', 'connect-src', 'img-src', 'frame-src']) {
    expect(policy.split(';').find((d) => d.startsWith(`${directive} `))).toContain(standIn)
  }
  expect(policy).toMatch(/script-src [^;]*'strict-dynamic'/)

  // The normal shop has no GTM_ID and no chat keys: no markup, no origin, no frame-src.
  const plain = await request.get(`${servers.main.url}/`, { headers: cookie })
  const html = await plain.text()
  expect(html).not.toMatch(/gtm\.js|ns\.html|data-category=|googletagmanager/)
  const plainPolicy = plain.headers()['content-security-policy'] ?? ''
  expect(plainPolicy).not.toContain('frame-src')
  expect(plainPolicy).not.toContain(standIn)
  expect(plainPolicy).toMatch(/connect-src 'self'(;|$)/)
})

test('accepting all in the first-visit dialog starts both third parties, not a request before', async ({ page, request, marker }, testInfo) => {
  const noJs = testInfo.project.use.javaScriptEnabled === false
  await page.goto('/')
  const dialog = page.getByRole('dialog', { name: t('de', 'consent:firstVisit.title') })
  await expect(dialog).toBeVisible()
  await settled(page)
  expect(await standInLog(request, marker)).toEqual([])

  if (!noJs) await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await dialog.getByRole('button', { name: t('de', 'consent:acceptAll') }).click()
  await expect(dialog).toBeHidden()
  if (noJs) {
    await settled(page)
    await expect.poll(async () => (await standInLog(request, marker)).map((entry) => entry.path)).toEqual(['/ns.html'])
  } else {
    await expect(page.getByTestId('standin-chat')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-standin-tag-manager', gtmId)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect((await standInLog(request, marker)).map((entry) => entry.path).sort()).toEqual(['/gtm.js', '/messenger/standin-de.js', '/standin-de.json'])
  }
})
