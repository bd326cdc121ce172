import type { Route } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { PAGE_NAMESPACES_ID } from '../../app/lib/translator'
import { readTranslationChunks } from '../../server/translation-chunks'
import { buildDirOf, firstLoadNamespaces, type PageType } from '../../scripts/js-budget'
import { logInThroughStore } from './auth-fixtures'
import { fillCart, registerGuestThroughStore } from './checkout-fixtures'
import { consentCookie, expect, t, test } from './fixtures'

const PRODUCT = '/forstseilwinde-fsw-35/FS-10001'

/** A language's namespace scripts in the client build: URL path → the namespaces it holds (the shell's share one, ADR 021). */
function namespacesOfScript(chunksOfLocale: Record<string, string> | undefined): Map<string, string[]> {
  expect(Object.keys(chunksOfLocale ?? {}).length).toBeGreaterThan(10)
  const scripts = new Map<string, string[]>()
  for (const [namespace, path] of Object.entries(chunksOfLocale!)) scripts.set(path, [...(scripts.get(path) ?? []), namespace])
  return scripts
}

const germanNamespaceScripts = () => namespacesOfScript(readTranslationChunks(buildDirOf()).de)

/** The namespaces a page names for its first load (`PageNamespaces`), read from its HTML as a browser gets it. */
async function namedNamespaces(get: (path: string) => Promise<string>, path: string): Promise<string[]> {
  const html = await get(path)
  const list = JSON.parse(html.match(new RegExp(`<script type="application/json" id="${PAGE_NAMESPACES_ID}">([^<]*)</script>`))?.[1] ?? 'null') as string[] | null
  expect(list, `${path} names no namespaces`).not.toBeNull()
  return list!
}

/** The module preloads of a page's HTML whose scripts are translation chunks, by namespace. */
function preloadedNamespaces(html: string, chunksOfLocale: Record<string, string>): string[] {
  const namespacesOf = namespacesOfScript(chunksOfLocale)
  const hrefs = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((m) => m[1]!)
  expect(hrefs.length, 'a script named twice').toBe(new Set(hrefs).size)
  return hrefs.flatMap((href) => namespacesOf.get(href) ?? []).sort()
}

/** What a page names beyond what the JS budget counts for its type. */
function beyondBudget(type: PageType, named: string[]): string[] {
  return named.filter((ns) => !firstLoadNamespaces[type].includes(ns))
}

test('a page hydrates with the texts it rendered; the others follow, and a page that needed them early is shown again @js', async ({
  page,
  request,
}) => {
  const rendered = await namedNamespaces(async (path) => (await request.get(path)).text(), PRODUCT)
  // The page's own texts and what the shell shows only with script (the header's wishlist count).
  expect(rendered).toEqual(expect.arrayContaining(['common', 'product', 'wishlist']))
  expect(rendered).not.toContain('content')

  const chunks = germanNamespaceScripts()
  const held: Route[] = []
  let release: (() => void) | undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
    const namespaces = chunks.get(new URL(route.request().url()).pathname)
    if (namespaces && !namespaces.some((namespace) => rendered.includes(namespace))) {
      held.push(route)
      await released
    }
    await route.continue()
  })

  await page.goto(PRODUCT)
  // Hydrated without the held texts: the wishlist count exists only once the app runs.
  await expect(page.getByTestId('header-wishlist')).toContainText(t('de', 'wishlist:header.count_other', { count: 0 }))
  await expect.poll(() => held.length).toBeGreaterThan(0)
  await expect(page.locator('body[data-ready]')).toHaveCount(0)

  // A client navigation to a category page, whose listing is named from a namespace still held back.
  await page.getByRole('navigation', { name: t('de', 'common:header.mainNavigation') }).getByRole('link', { name: 'Produkte', exact: true }).click()
  await expect(page).toHaveURL(/\/produkte\/$/)
  await expect(page.locator('section.listing')).toBeVisible()
  release!()
  await expect(page.getByRole('region', { name: t('de', 'content:listing.label', { name: 'Produkte' }) })).toBeVisible()
  await expect(page.locator('body[data-ready]')).toHaveCount(1)
})

test('every page type names only the namespaces the JS budget counts for it, in each language', async ({ context, baseURL }) => {
  const get = async (path: string) => (await context.request.get(path)).text()
  const pageTypesByPath: [string, PageType][] = [
    ['/', 'home'], ['/en/', 'home'], ['/fr/', 'home'],
    ['/produkte/seilwinden/', 'listing'], [PRODUCT, 'product'], ['/search?search=kette', 'search'], ['/checkout/cart', 'cart'],
  ]
  for (const [path, type] of pageTypesByPath) {
    const named = await namedNamespaces(get, path)
    // What the shell shows only with script is named on every page.
    expect(named).toEqual(expect.arrayContaining(['common', 'listing', 'wishlist']))
    expect({ path, extra: beyondBudget(type, named) }).toEqual({ path, extra: [] })
  }
  // The checkout with an article in the cart, and the account of a logged-in customer.
  await fillCart(context, baseURL!, [{ number: 'FS-31001', quantity: 1 }])
  await registerGuestThroughStore(context, baseURL!, `gast-${Date.now()}@example.com`)
  expect({ extra: beyondBudget('checkout', await namedNamespaces(get, '/checkout')) }).toEqual({ extra: [] })
  await context.clearCookies()
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  for (const path of ['/account', '/account/profile', '/account/address', '/fr/account']) {
    expect({ path, extra: beyondBudget('account', await namedNamespaces(get, path)) }).toEqual({ path, extra: [] })
  }
})

test('a page names the scripts of its namespaces for the browser to fetch with its own, in each language', async ({ request }) => {
  const chunks = readTranslationChunks(buildDirOf())
  const pages: [string, string][] = [['de', PRODUCT], ['en', '/en/forestry-winch-fsw-35/FS-10001'], ['fr', '/fr/treuil-forestier-fsw-35/FS-10001'], ['de', '/']]
  for (const [locale, path] of pages) {
    const html = await (await request.get(path)).text()
    const named = await namedNamespaces(async () => html, path)
    const ofLocale = chunks[locale]!
    // Every named namespace with a script of its own; the German consent texts are in the entry.
    const expected = named.filter((namespace) => namespace in ofLocale)
    expect(expected).toEqual(expect.arrayContaining(['common', 'wishlist']))
    expect(expected.includes('consent')).toBe(locale !== 'de')
    expect({ path, preloaded: preloadedNamespaces(html, ofLocale) }).toEqual({ path, preloaded: expected })
  }
  const common = await request.get(chunks.fr!.common!)
  expect(common.status()).toBe(200)
  expect(common.headers()['content-type']).toMatch(/javascript/)
})

test('the browser fetches the named namespaces before the app runs, and the others once it does @js', async ({ page, request }) => {
  const named = await namedNamespaces(async (path) => (await request.get(path)).text(), PRODUCT)
  const chunks = germanNamespaceScripts()
  const requested = new Set<string>()
  page.on('request', (r) => {
    for (const namespace of chunks.get(new URL(r.url()).pathname) ?? []) requested.add(namespace)
  })
  // The app's entry is held back: whatever is fetched meanwhile, the page's HTML asked for.
  let release: (() => void) | undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  let entryHeld = false
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    entryHeld = true
    await released
    await route.continue()
  })
  await page.goto(PRODUCT, { waitUntil: 'domcontentloaded' })
  const withScripts = named.filter((namespace) => [...chunks.values()].flat().includes(namespace))
  expect(withScripts).toEqual(expect.arrayContaining(['common', 'product', 'wishlist']))
  await expect.poll(() => withScripts.filter((namespace) => !requested.has(namespace))).toEqual([])
  expect(entryHeld).toBe(true)
  expect(requested.has('account')).toBe(false)

  release!()
  await expect(page.locator('body[data-ready]')).toHaveCount(1)
  // The rest of the language's texts, which the page did not render, come once the app runs (app/i18n.ts).
  expect(requested.has('account')).toBe(true)
})

test('a page no one touches fetches only the texts it rendered; the first interaction fetches the rest @js', async ({ browser, baseURL, request }) => {
  const named = await namedNamespaces(async (path) => (await request.get(path)).text(), PRODUCT)
  const chunks = germanNamespaceScripts()
  // Without the suite's stand-in interaction on load (interactOnLoad): a shopper's browser.
  const context = await browser.newContext({ baseURL, locale: 'de-DE' })
  await context.addCookies([consentCookie(baseURL!)])
  const page = await context.newPage()
  const requested = new Set<string>()
  page.on('request', (r) => {
    for (const namespace of chunks.get(new URL(r.url()).pathname) ?? []) requested.add(namespace)
  })
  await page.goto(PRODUCT, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  expect(requested.size).toBeGreaterThan(0)
  expect([...requested].filter((namespace) => !named.includes(namespace))).toEqual([])
  await expect(page.locator('body')).not.toHaveAttribute('data-ready')

  await page.mouse.move(200, 300)
  await expect(page.locator('body[data-ready]')).toBeAttached()
  await expect.poll(() => ['account', 'checkout', 'contact'].filter((namespace) => !requested.has(namespace))).toEqual([])
  await context.close()
})
