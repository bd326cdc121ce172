import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { sitemapEntries, sitemapFiles, sitemapIndexXml, sitemapXml } from './sitemap.server'
import { json, languages, startFakeStore, storeCallRounds, testContext } from './test-support.server'

describe('sitemapXml', () => {
  it('lists every language version with hreflang alternates and x-default', () => {
    const xml = sitemapXml([
      { urls: { de: 'https://s.example/produkte/', en: 'https://s.example/en/products/', fr: 'https://s.example/fr/produits/' } },
      { urls: { de: 'https://s.example/nur-deutsch/?a=1&b=2' } },
    ])
    expect(xml.match(/<url>/g)).toHaveLength(4)
    expect(xml).toContain('<loc>https://s.example/en/products/</loc>')
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://s.example/fr/produits/"/>')
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://s.example/produkte/"/>')
    expect(xml).toContain('<loc>https://s.example/nur-deutsch/?a=1&amp;b=2</loc>')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  })
})

describe('sitemapFiles', () => {
  const entry = (n: number, ...locales: ('de' | 'en' | 'fr')[]) => ({ urls: Object.fromEntries(locales.map((l) => [l, `https://s.example/${l}/${n}`])) })

  it('keeps a sitemap within the URLs one file may hold, an entry never split', () => {
    const entries = [entry(1, 'de', 'en', 'fr'), entry(2, 'de', 'en', 'fr'), entry(3, 'de'), entry(4, 'de', 'en'), entry(5, 'de', 'en', 'fr'), entry(6, 'de')]
    const files = sitemapFiles(entries, 6)
    expect(files.map((file) => file.map((e) => e.urls.de))).toEqual([
      ['https://s.example/de/1', 'https://s.example/de/2'],
      ['https://s.example/de/3', 'https://s.example/de/4', 'https://s.example/de/5'],
      ['https://s.example/de/6'],
    ])
    for (const file of files) expect(sitemapXml(file).match(/<url>/g)!.length).toBeLessThanOrEqual(6)
    expect(sitemapFiles(entries, 50_000)).toEqual([entries])
  })

  it('names every file in the index', () => {
    const xml = sitemapIndexXml('https://s.example', 3)
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml.match(/<loc>https:\/\/s\.example\/sitemap\/\d\.xml<\/loc>/g)).toEqual([1, 2, 3].map((n) => `<loc>https://s.example/sitemap/${n}.xml</loc>`))
  })
})

describe('sitemapEntries', () => {
  // Latency makes pages read side by side overlap measurably, and pages read one after the other show as rounds.
  let slow: DemoStoreServer
  beforeAll(async () => {
    slow = await startDemoStore({ latencyMs: 100 })
  })
  afterAll(() => slow?.close())

  it('reads on past the count, one page after the other until a short one, when the store counts fewer URLs or none; a language without URLs is one page', async () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => ({ seoPathInfo: `teil-${i}`, routeName: 'frontend.detail.page', foreignKey: `p${i}`, isDeleted: false }))
    const cases = [
      { all: urls(250), counted: undefined, pages: [1, 2, 3] },
      { all: urls(250), counted: 150, pages: [1, 2, 3] },
      { all: urls(0), counted: 0, pages: [1] },
    ]
    for (const { all, counted, pages } of cases) {
      const fake = await startFakeStore((req, res) => {
        if (req.path === '/store-api/language') return json(res, 200, languages)
        if (req.path === '/store-api/seo-url') {
          const { page } = req.body as { page: number }
          const elements = all.slice((page - 1) * 100, page * 100)
          // Without counting, a store's total is the page's own length.
          return json(res, 200, { elements, total: counted ?? elements.length })
        }
        json(res, 404, { errors: [] })
      })
      try {
        const { context } = testContext(fake.url)
        const entries = await sitemapEntries(context, new Request('https://shop.example/sitemap.xml'))
        // Every URL of each language, and the home page the sitemap adds.
        for (const locale of ['de', 'en', 'fr'] as const) expect(entries.filter((e) => e.urls[locale]).length, `${counted} ${locale}`).toBe(all.length + 1)
        const read = fake.requests.filter((r) => r.path === '/store-api/seo-url').map((r) => (r.body as { page: number }).page)
        expect(read.sort(), String(counted)).toEqual(pages.flatMap((page) => [page, page, page]))
      } finally {
        await fake.close()
      }
    }
  })

  it("reads each language's pages a few at a time once the first page told how many there are, and every URL of them", async () => {
    const endpoint = `${slow.origin}/store-api`
    const { context, lines } = testContext(endpoint, { store: { endpoint, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true } })
    const entries = await sitemapEntries(context, new Request('https://shop.example/sitemap.xml'))

    const seoReads = lines.filter((l) => l.msg === 'store call' && l.operation === 'readSeoUrl')
    // The demo shop has about 350 canonical URLs per language: 4 pages of 100 in each of the three languages.
    expect(seoReads).toHaveLength(12)
    const rounds = storeCallRounds(lines)
    expect(rounds.map((round) => round.length)).toEqual([3, 9])

    const canonical = async (language: string) => {
      const response = await fetch(`${endpoint}/seo-url`, {
        method: 'POST',
        headers: { 'sw-access-key': DEMO_ACCESS_KEY, 'content-type': 'application/json', 'sw-language-id': language },
        body: JSON.stringify({ limit: 1, 'total-count-mode': 'exact', filter: [{ type: 'equals', field: 'isCanonical', value: true }] }),
      })
      return ((await response.json()) as { total: number }).total
    }
    const storeLanguages = (await (await fetch(`${endpoint}/language`, { method: 'POST', headers: { 'sw-access-key': DEMO_ACCESS_KEY } })).json()) as {
      elements: { id: string; translationCode?: { code: string } }[]
    }
    const idOf = (code: string) => storeLanguages.elements.find((l) => l.translationCode?.code === code)!.id
    for (const [locale, code] of [['de', 'de-DE'], ['en', 'en-GB'], ['fr', 'fr-FR']] as const) {
      // Every canonical URL of the language, plus the home page the sitemap adds.
      expect(entries.filter((e) => e.urls[locale]).length, locale).toBe((await canonical(idOf(code))) + 1)
    }
  })
})
