import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { resolveContent } from './content.server'
import { loadProductPage, loadPurchaseFacts } from './product.server'
import { loadShell } from './shell.server'
import { storeCallRounds, testContext } from './test-support.server'

// The product page's store layer against the embedded demo store over real HTTP, with latency
// so that rounds of store calls can be told apart in the call log.
const LATENCY = 150
let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore({ latencyMs: LATENCY })
})
afterAll(() => demo?.close())

function setup(path: string, cookie?: string, endpoint = `${demo.origin}/store-api`) {
  const { context, lines } = testContext(endpoint, {
    store: { endpoint, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
  })
  const headers = cookie ? { Cookie: cookie } : undefined
  return { context, lines, request: new Request(`https://shop.example${path}`, { headers }) }
}

async function openProduct(path: string, locale: 'de' | 'en' | 'fr', cookie?: string, endpoint?: string) {
  const { context, lines, request } = setup(path, cookie, endpoint)
  const neutral = locale === 'de' ? path : path.slice(3)
  const resolved = await resolveContent(context, request, locale, neutral)
  if (resolved.type !== 'product') throw new Error(`expected a product, got ${resolved.type}`)
  const page = await loadProductPage(context, request, locale, resolved.id, resolved.path)
  return { page, lines }
}

describe('loadProductPage', () => {
  it('maps FS-10001: number, facts, custom fields, manufacturer, downloads, cross-selling, alternates, breadcrumbs', async () => {
    const { page, lines } = await openProduct('/forstseilwinde-fsw-35/FS-10001', 'de')
    expect(page).toBeDefined()
    const product = page!.product
    expect(product).toMatchObject({
      productNumber: 'FS-10001',
      name: 'Forstseilwinde FSW 35',
      weightKg: 420,
      ean: '4010000000005',
      availability: { state: 'available' },
      price: { onRequest: false, unitPrice: 2490, tiers: [] },
      rules: { min: 1, step: 1 },
    })
    expect(product.details).toContainEqual({ key: 'scopeOfDelivery', value: 'Winde, Gelenkwelle, Funkfernsteuerung, Betriebsanleitung' })
    // The winch is the machine: no "machine type" of its own (those fields name what a part fits).
    expect(product.details.map((d) => d.key)).not.toContain('machineType')
    expect(product.manufacturer).toMatchObject({ name: 'Waldkraft', href: expect.stringMatching(/^\/manufacturer\/[0-9a-f]{32}$/) })
    expect(product.downloads[0]!.href).toMatch(/\.pdf$/)
    // The seeded spare parts fit the FSW 55 and FSW 80, not this FSW 35.
    expect(product.crossSellings.map((g) => g.name)).toEqual(['Passendes Zubehör'])
    expect(product.crossSellings[0]!.products.map((p) => p.productNumber)).toEqual(
      expect.arrayContaining(['FS-41001', 'FS-40001', 'FS-40002', 'FS-40003', 'FS-50001']),
    )
    // Read with the cards' includes only: each card still has what the tile shows. The rope comes in
    // lengths, so its card shows the cheapest length's piece price, not the parent's largest tier (80.10).
    expect(product.crossSellings[0]!.products.find((p) => p.productNumber === 'FS-41001')).toMatchObject({
      name: 'Forstseil verdichtet',
      href: '/forstseil-verdichtet/FS-41001',
      price: 89,
      fromPrice: true,
      image: { url: expect.stringContaining('fs-41001'), alt: 'Forstseil verdichtet', width: 800, height: 800 },
    })
    expect(product.descriptionHtml).toMatch(/^<p>Dreipunkt/)
    expect(page!.alternates).toEqual({
      de: '/forstseilwinde-fsw-35/FS-10001',
      en: '/en/forestry-winch-fsw-35/FS-10001',
      fr: expect.stringMatching(/^\/fr\/.+\/FS-10001$/),
    })
    expect(page!.breadcrumbs.at(-1)).toEqual({ name: 'Forstseilwinde FSW 35', href: '/forstseilwinde-fsw-35/FS-10001' })
    expect(page!.breadcrumbs[0]).toEqual({ name: 'Produkte', href: '/produkte/' })
    // Round 1 resolves the SEO URL, round 2 loads everything else in parallel: the product with its layout (whose
    // slots carry the reviews and cross-selling) and family, the other languages' URLs, and the navigation trees,
    // which the page shell reads anyway and the trail comes from (not the breadcrumb route).
    expect(storeCallRounds(lines).map((round) => [...round].sort())).toEqual([
      ['readSeoUrl'],
      ['readNavigation', 'readNavigation', 'readNavigation', 'readProductDetail', 'readSeoUrl', 'readSeoUrl'],
    ])
    expect(lines.filter((l) => l.operation === 'readBreadcrumb')).toEqual([])
  })

  it('reads the navigation trees once per request: the shell and the trail share them, with no store cache', async () => {
    const { context, lines, request } = setup('/forstseilwinde-fsw-35/FS-10001')
    const resolved = await resolveContent(context, request, 'de', '/forstseilwinde-fsw-35/FS-10001')
    if (resolved.type !== 'product') throw new Error(`expected a product, got ${resolved.type}`)
    const [shell, page] = await Promise.all([loadShell(context, request, 'de'), loadProductPage(context, request, 'de', resolved.id, resolved.path)])
    expect(shell.navigation.main.length).toBeGreaterThan(0)
    expect(page!.breadcrumbs.map((b) => b.name)).toEqual(['Produkte', 'Seilwinden', 'Forstseilwinde FSW 35'])
    expect(lines.filter((l) => l.msg === 'store call' && l.operation === 'readNavigation')).toHaveLength(3)
  })

  it('a parent URL shows its best variant with each option linking to a variant page, in two rounds', async () => {
    const { page, lines } = await openProduct('/en/saw-chain-full-chisel/FS-20001', 'en')
    const product = page!.product
    expect(product.productNumber).toBe('FS-20001.1')
    expect(product.variants.map((g) => g.name)).toEqual(['Length', 'Pitch', 'Gauge'])
    const length = product.variants[0]!.options
    expect(length.map((o) => [o.name, o.selected, o.href])).toEqual([
      ['35 cm', true, '/en/saw-chain-full-chisel/FS-20001.1'],
      ['40 cm', false, '/en/saw-chain-full-chisel/FS-20001.2'],
      ['45 cm', false, '/en/saw-chain-full-chisel/FS-20001.3'],
      ['50 cm', false, '/en/saw-chain-full-chisel/FS-20001.4'],
    ])
    expect(product.price.tiers.map((tier) => [tier.kind, tier.quantity])).toEqual([['to', 9], ['to', 49], ['from', 50]])
    expect(storeCallRounds(lines)).toHaveLength(2)
  })

  it("a variant's own URL keeps its choices in the links of the other groups, in two rounds", async () => {
    const { page, lines } = await openProduct('/saegekette-vollmeissel/FS-20001.6', 'de')
    expect(storeCallRounds(lines)).toHaveLength(2)
    const product = page!.product
    expect(product.productNumber).toBe('FS-20001.6')
    const gauge = product.variants.find((g) => g.name === 'Treibglied')!
    expect(gauge.options.map((o) => [o.name, o.selected, o.href])).toEqual([
      ['1,5 mm', false, '/saegekette-vollmeissel/FS-20001.2'],
      ['1,6 mm', true, '/saegekette-vollmeissel/FS-20001.6'],
    ])
  })

  it('maps the availability and price seed cases', async () => {
    const restock = (await openProduct('/forstseilwinde-fsw-55/FS-10003', 'de')).page!.product
    expect(restock.availability).toEqual({ state: 'restock', days: 7 })
    const limited = (await openProduct('/forstseilwinde-fsw-80/FS-10005', 'de')).page!.product
    expect(limited.availability).toEqual({ state: 'limited', quantity: 4 })
    // Each winch's spare parts are its model's.
    const parts = (product: typeof restock) => product.crossSellings.find((g) => g.name === 'Ersatzteile')!.products.map((p) => p.name)
    expect(parts(restock).length).toBeGreaterThan(0)
    expect(parts(restock).every((name) => name.endsWith('FSW 55'))).toBe(true)
    expect(parts(limited).every((name) => name.endsWith('FSW 80'))).toBe(true)
    expect(limited.rules.max).toBe(4)
    const gone = (await openProduct('/forstseilwinde-fsw-55-e/FS-10007', 'de')).page!.product
    expect(gone.availability).toEqual({ state: 'not-available' })
    const onRequest = (await openProduct('/forstseilwinde-fsw-100/FS-10006', 'de')).page!.product
    expect(onRequest.price).toEqual({ onRequest: true, tiers: [] })
    const listed = (await openProduct('/forstseilwinde-fsw-45/FS-10002', 'de')).page!.product
    expect(listed.price).toMatchObject({ unitPrice: 3290, listPrice: 3590, savingPercent: 8 })
    const followUp = (await openProduct('/hydraulikoel-hlp-46-20-l/FS-90012', 'de')).page!.product
    expect(followUp.details).toContainEqual({ key: 'followUpArticle', value: 'FS-90013', href: '/search?search=FS-90013' })
  })

  it('shows last viewed products from the cookie, newest first, without the current one', async () => {
    const first = await openProduct('/forstseilwinde-fsw-45/FS-10002', 'de')
    const second = await openProduct('/forstseilwinde-fsw-55/FS-10003', 'de')
    const cookie = `last-viewed=${second.page!.product.pageId}.${first.page!.product.pageId}`
    const { page } = await openProduct('/forstseilwinde-fsw-35/FS-10001', 'de', cookie)
    expect(page!.product.lastViewed.map((p) => p.productNumber)).toEqual(['FS-10003', 'FS-10002'])
    const again = await openProduct('/forstseilwinde-fsw-55/FS-10003', 'de', cookie)
    expect(again.page!.product.lastViewed.map((p) => p.productNumber)).toEqual(['FS-10002'])
  })

  it('prices a last viewed family as the listing does: its cheapest variant, from', async () => {
    const rope = await openProduct('/forstseil-verdichtet/FS-41001', 'de')
    const { page } = await openProduct('/forstseilwinde-fsw-35/FS-10001', 'de', `last-viewed=${rope.page!.product.pageId}`)
    expect(page!.product.lastViewed).toEqual([expect.objectContaining({ productNumber: 'FS-41001', price: 89, fromPrice: true })])
  })

  it('marks reviews written in another language with their language tag, and the page language\'s with none', async () => {
    // FS-21001 has one review in each of the shop's languages (seeded).
    const { page } = await openProduct('/fuehrungsschiene-standard/FS-21001', 'de')
    const items = page!.product.reviews.items
    expect(items.map((review) => review.lang).sort()).toEqual(['en-GB', 'fr-FR', undefined])
    const { page: english } = await openProduct('/en/guide-bar-standard/FS-21001', 'en')
    expect(english!.product.reviews.items.map((review) => review.lang).sort()).toEqual(['de-DE', 'fr-FR', undefined])
  })

  it('reads the reviews, newest first, and cross-selling from the routes in a third round when the layout has no such slots', async () => {
    // A store whose product layout has neither slot: the demo store's answers with the layout taken out of the detail read.
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', async () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'accept-encoding'].includes(name))) as Record<string, string>
        const answer = await fetch(`${demo.origin}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        let body = await answer.text()
        if (/^\/store-api\/product\/[0-9a-f]{32}(\?|$)/.test(req.url ?? '') && answer.ok) {
          const detail = JSON.parse(body) as { product: Record<string, unknown> }
          delete detail.product.cmsPage
          body = JSON.stringify(detail)
        }
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        res.end(body)
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    try {
      const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/store-api`
      for (const path of ['/fuehrungsschiene-standard/FS-21001', '/forstseilwinde-fsw-35/FS-10001']) {
        const [withSlots, without] = await Promise.all([openProduct(path, 'de'), openProduct(path, 'de', undefined, endpoint)])
        expect(without.page).toEqual(withSlots.page)
        expect(storeCallRounds(without.lines).map((round) => [...round].sort())).toEqual([
          ['readSeoUrl'],
          ['readNavigation', 'readNavigation', 'readNavigation', 'readProductDetail', 'readSeoUrl', 'readSeoUrl'],
          ['readProductCrossSellings', 'readProductReviews'],
        ])
      }
      const reviews = (await openProduct('/fuehrungsschiene-standard/FS-21001', 'de')).page!.product.reviews
      expect(reviews.count).toBe(3)
      const dates = reviews.items.map((review) => review.date!)
      expect(dates).toEqual([...dates].sort().reverse())
    } finally {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })

  it('answers undefined (404) for an unknown id', async () => {
    const { context, request } = setup('/detail/0123456789abcdef0123456789abcdef')
    expect(await loadProductPage(context, request, 'de', '0123456789abcdef0123456789abcdef', '/detail/0123456789abcdef0123456789abcdef')).toBeUndefined()
  })

  it('reads purchase rules for add-to-cart validation', async () => {
    const { context, request } = setup('/')
    const { page } = await openProduct('/forstmarkierspray/FS-60001', 'de')
    const facts = await loadPurchaseFacts(context, request, 'de', page!.product.id)
    expect(facts).toMatchObject({ rules: { min: 6, step: 6, max: 480 }, buyable: true })
    const onRequest = (await openProduct('/forstseilwinde-fsw-100/FS-10006', 'de')).page!.product
    expect((await loadPurchaseFacts(context, request, 'de', onRequest.id))?.buyable).toBe(false)
  })
})
