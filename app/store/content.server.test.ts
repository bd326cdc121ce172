import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { getStore } from './client.server'
import { loadHomeContent, resolveContent } from './content.server'
import { clearContextCache } from './context.server'
import { loadShell } from './shell.server'
import { sitemapEntries } from './sitemap.server'
import { storeCallRounds, testContext } from './test-support.server'

// Runs the store layer against the embedded demo store over real HTTP.
let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

function setup(path: string) {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
  })
  return { context, lines, request: new Request(`https://shop.example${path}`) }
}

describe('shell navigation', () => {
  it('links the main anchors to their SEO paths per locale', async () => {
    const de = setup('/')
    const shell = await loadShell(de.context, de.request, 'de')
    expect(shell.navigation.main.map((l) => l.href)).toEqual(expect.arrayContaining(['/produkte/', '/ersatzteile/']))
    const en = setup('/en')
    const enShell = await loadShell(en.context, en.request, 'en')
    expect(enShell.navigation.main.map((l) => l.href)).toEqual(expect.arrayContaining(['/en/products/', '/en/spare-parts/']))
    expect(enShell.navigation.main.every((l) => l.href.startsWith('/en/') || l.external)).toBe(true)
  })

  it('links entries that point to a landing page or category to their SEO paths, not to technical URLs, in one more round', async () => {
    for (const [locale, legal, contact] of [
      ['de', '/impressum/', '/unternehmen/service-kontakt/'],
      ['fr', '/fr/mentions-legales/', '/fr/entreprise/service-et-contact/'],
    ] as const) {
      const { context, request, lines } = setup(locale === 'de' ? '/' : `/${locale}`)
      const shell = await loadShell(context, request, locale)
      const hrefs = [...shell.navigation.footer, ...shell.navigation.service].flatMap((l) => [l.href, ...(l.children ?? []).map((c) => c.href)])
      expect(hrefs).toEqual(expect.arrayContaining([legal, contact]))
      expect(hrefs.filter((href) => /\/(landingPage|navigation|detail)\//.test(href))).toEqual([])
      // The three navigation reads first (side by side), then the one read of the targets' SEO URLs.
      const rounds = storeCallRounds(lines)
      expect(rounds.flat().sort()).toEqual(['readNavigation', 'readNavigation', 'readNavigation', 'readSeoUrl'])
      expect(rounds.at(-1)).toEqual(['readSeoUrl'])
    }
  })
})

describe('resolveContent', () => {
  it('renders a category by its SEO path with alternates and breadcrumbs', async () => {
    const { context, request } = setup('/produkte/')
    const result = await resolveContent(context, request, 'de', '/produkte/')
    expect(result.type).toBe('page')
    if (result.type !== 'page') return
    expect(result.page).toMatchObject({ kind: 'category', name: 'Produkte', path: '/produkte/' })
    expect(result.page.alternates).toEqual({ de: '/produkte/', en: '/en/products/', fr: '/fr/produits/' })
    expect(result.page.breadcrumbs.at(-1)).toEqual({ name: 'Produkte', href: '/produkte/' })
    expect(result.page.cms?.sections.length).toBeGreaterThan(0)
    expect(getStore(context, request, 'de').hasSession).toBe(false)
  })

  it('serves a path without its trailing slash as the same page, canonical with the slash', async () => {
    // Remix data requests for /en/products/ arrive as /en/products: a redirect here would loop.
    const { context, request } = setup('/en/products?p=2')
    const result = await resolveContent(context, request, 'en', '/products')
    expect(result.type).toBe('page')
    if (result.type !== 'page') return
    expect(result.page.path).toBe('/en/products/')
  })

  it('redirects the technical route of a page with an SEO URL', async () => {
    const { context, request } = setup('/produkte/')
    const page = await resolveContent(context, request, 'de', '/produkte/')
    if (page.type !== 'page') throw new Error('expected a page')
    const tech = setup(`/fr/navigation/${page.page.id}`)
    expect(await resolveContent(tech.context, tech.request, 'fr', `/navigation/${page.page.id}`)).toEqual({
      type: 'redirect',
      location: '/fr/produits/',
    })
  })

  it('renders landing pages in each language', async () => {
    const { context, request } = setup('/en/terms-and-conditions/')
    const result = await resolveContent(context, request, 'en', '/terms-and-conditions/')
    expect(result.type).toBe('page')
    if (result.type !== 'page') return
    expect(result.page.kind).toBe('landing_page')
    expect(result.page.alternates).toEqual({ de: '/agb/', en: '/en/terms-and-conditions/', fr: '/fr/conditions-generales-de-vente/' })
  })

  it('answers not-found for unknown paths and for paths of another language', async () => {
    const a = setup('/gibt-es-nicht/')
    expect(await resolveContent(a.context, a.request, 'de', '/gibt-es-nicht/')).toEqual({ type: 'not-found' })
    const b = setup('/en/produkte/')
    expect(await resolveContent(b.context, b.request, 'en', '/produkte/')).toEqual({ type: 'not-found' })
  })
})

describe('home and sitemap', () => {
  it('loads the navigation root as home page', async () => {
    const { context, request } = setup('/fr')
    const home = await loadHomeContent(context, request, 'fr')
    expect(home).toMatchObject({ kind: 'category', path: '/fr', alternates: { de: '/', en: '/en', fr: '/fr' } })
  })

  it('lists every SEO URL with its alternates', async () => {
    const { context, request } = setup('/sitemap.xml')
    const entries = await sitemapEntries({ ...context, publicUrl: 'https://shop.example' }, request)
    expect(entries[0]!.urls).toEqual({ de: 'https://shop.example/', en: 'https://shop.example/en', fr: 'https://shop.example/fr' })
    expect(entries).toContainEqual({
      urls: { de: 'https://shop.example/produkte/', en: 'https://shop.example/en/products/', fr: 'https://shop.example/fr/produits/' },
    })
  })

  it('answers the last sitemap after its five minutes while one request builds the next', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { context, request } = setup('/sitemap.xml')
      const own = { ...context, publicUrl: 'https://refresh.example' }
      const first = await sitemapEntries(own, request)
      expect(await sitemapEntries(own, request)).toBe(first)
      vi.setSystemTime(Date.now() + 6 * 60_000)
      // Past its time: the same entries at once, not a wait for the store.
      expect(await sitemapEntries(own, request)).toBe(first)
      expect(await sitemapEntries(own, request)).toBe(first)
      await vi.waitFor(async () => expect(await sitemapEntries(own, request)).not.toBe(first), { timeout: 5000 })
      expect(await sitemapEntries(own, request)).toEqual(first)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('store rounds of a category page', () => {
  it('resolves the SEO URL, then loads the category with its filtered listing and the alternates side by side', async () => {
    // Latency makes parallel calls overlap measurably, so a waterfall would show as another round.
    const slow = await startDemoStore({ latencyMs: 100 })
    try {
      const { context, lines } = testContext(`${slow.origin}/store-api`, {
        store: { endpoint: `${slow.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
      })
      const request = new Request('https://shop.example/produkte/seilwinden/?order=price-asc&p=1')
      const result = await resolveContent(context, request, 'de', '/produkte/seilwinden/')
      expect(result.type).toBe('page')
      const rounds = storeCallRounds(lines)
      expect(rounds).toHaveLength(2)
      expect(rounds[0]).toEqual(['readSeoUrl'])
      expect(rounds[1]).toEqual(expect.arrayContaining(['readCategory', 'readSeoUrl']))
    } finally {
      await slow.close()
    }
  })

  it('reads the home page category beside the shell navigation, without waiting for the navigation root id', async () => {
    const slow = await startDemoStore({ latencyMs: 100 })
    try {
      // As on a process's first request: nothing of this store cached yet.
      clearContextCache()
      const { context, lines } = testContext(`${slow.origin}/store-api`, {
        store: { endpoint: `${slow.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
      })
      const request = new Request('https://shop.example/')
      const [home] = await Promise.all([loadHomeContent(context, request, 'de'), loadShell(context, request, 'de')])
      expect(home).toMatchObject({ kind: 'category', name: 'Forstshop', path: '/' })
      expect(home.cms?.sections.length).toBeGreaterThan(1)
      const rounds = storeCallRounds(lines)
      expect(rounds.flat()).not.toContain('readContext')
      expect(rounds[0]).toEqual(expect.arrayContaining(['readCategory', 'readNavigation']))
    } finally {
      await slow.close()
    }
  })
})
