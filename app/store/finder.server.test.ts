import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { finderAggregations } from './finder-criteria.server'
import { loadFinder, parseFinderQuery, resolveSteps } from './finder.server'
import { loadCategoryListing } from './listing.server'
import { parseListingQuery } from '~/lib/listing-url'
import { sid } from '../../server/demo-store/ids'
import { testContext } from './test-support.server'

// Runs the finder against the embedded demo store over real HTTP.
let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

function run(params: Record<string, string>, locale: 'de' | 'en' | 'fr' = 'de') {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
  })
  const parsed = parseFinderQuery(new URLSearchParams(params))
  if (!parsed.ok) throw new Error(parsed.error)
  const storeCalls = () => lines.filter((line) => typeof line.operation === 'string' || line.msg === 'store call')
  return {
    result: loadFinder(context, new Request('https://shop.example/product-finder'), locale, parsed.query),
    storeCalls,
    lines,
  }
}

const numbers = (data: Awaited<ReturnType<typeof loadFinder>>) =>
  data.results?.products.map((p) => p.productNumber).sort()
const options = (data: Awaited<ReturnType<typeof loadFinder>>, index: number) =>
  data.steps[index]!.options.map((o) => o.value)

describe('parseFinderQuery', () => {
  it('reads the four steps and the page; only a malformed page is an error', () => {
    expect(parseFinderQuery(new URLSearchParams('machine-manufacturer=+Waldkraft+&crane-type=&p=2'))).toEqual({
      ok: true,
      query: { choices: ['Waldkraft', undefined, undefined, undefined], page: 2 },
    })
    for (const p of ['0', '-1', 'abc', '1.5', '1001']) {
      expect(parseFinderQuery(new URLSearchParams({ p }))).toEqual({ ok: false, error: 'invalidPage' })
    }
  })
})

describe('finderAggregations', () => {
  it('asks for every step under each subset of the choices made before it', () => {
    const none = finderAggregations([undefined, undefined, undefined, undefined])
    expect(none.map((a) => a.name)).toEqual(['finder-0-0', 'finder-1-0', 'finder-2-0', 'finder-3-0'])
    const two = finderAggregations(['Waldkraft', undefined, 'Nordholz', undefined])
    expect(two.map((a) => a.name)).toEqual([
      'finder-0-0',
      'finder-1-0',
      'finder-1-1-filter',
      'finder-2-0',
      'finder-2-1-filter',
      'finder-3-0',
      'finder-3-1-filter',
      'finder-3-4-filter',
      'finder-3-5-filter',
    ])
  })

  it('accepts a choice only among the options under the accepted choices before it', () => {
    const buckets = (...keys: string[]) => ({ buckets: keys.map((key) => ({ key, count: 1 })) })
    const aggregations = {
      'finder-0-0': buckets('A', 'B'),
      'finder-1-0': buckets('x', 'y'),
      'finder-1-1': buckets('x'),
      'finder-2-0': buckets(),
      'finder-2-2': buckets('k'),
      'finder-3-0': buckets(),
    }
    const resolved = resolveSteps(['nope', 'Y', 'k', undefined], aggregations)
    expect(resolved.accepted).toEqual([undefined, 'y', 'k'])
    expect(resolved.ignored).toEqual([{ key: 'machineManufacturer', value: 'nope' }])
    expect(resolved.steps.map((s) => s.options.length)).toEqual([2, 2, 1, 0])
  })
})

const FSW_55_PARTS = ['FS-80001', 'FS-80003', 'FS-80005', 'FS-80007', 'FS-80009', 'FS-80011', 'FS-80013', 'FS-80015', 'FS-80017', 'FS-80019']

describe('loadFinder against the demo store', () => {
  it('offers all manufacturers first and no results before a choice', async () => {
    const data = await run({}).result
    expect(options(data, 0)).toEqual(['Fjällmaskin', 'Waldkraft'])
    expect(options(data, 2)).toEqual(['Alpentec', 'Nordholz'])
    expect(data.results).toBeUndefined()
    expect(data.ignored).toEqual([])
  })

  it('narrows machine manufacturer → machine type to the seeded parts', async () => {
    const step1 = await run({ 'machine-manufacturer': 'Waldkraft' }).result
    // The winches are the machines, not parts: only their models are offered.
    expect(options(step1, 1)).toEqual(['Seilwinde FSW 55', 'Seilwinde FSW 80'])
    // No Waldkraft machine part is a crane part: the crane steps have nothing left.
    expect(options(step1, 2)).toEqual([])
    const step2 = await run({ 'machine-manufacturer': 'Waldkraft', 'machine-type': 'Seilwinde FSW 55' }).result
    expect(numbers(step2)).toEqual(FSW_55_PARTS)
    expect(step2.results!.total).toBe(10)
    expect(step2.results!.products[0]!.href).toMatch(/^\/[a-z0-9-]+\/FS-800\d\d$/)
    const onRequest = await run({ 'crane-manufacturer': 'Alpentec', 'crane-type': 'Alpentec AK 9' }).result
    expect(onRequest.results!.products.find((p) => p.productNumber === 'FS-70043')!.priceOnRequest).toBe(true)
  })

  it('prices a card as the listing does: "from" for variants and tiers, the list price beside a saving', async () => {
    const found = await run({ 'machine-manufacturer': 'Waldkraft', 'machine-type': 'Seilwinde FSW 55' }).result
    const { context } = testContext(`${demo.origin}/store-api`, {
      store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
    })
    const listing = await loadCategoryListing(context, new Request('https://shop.example/'), 'de', sid('category:winch-parts'), parseListingQuery(new URLSearchParams('limit=25')))
    const priced = (p: { productNumber: string; price?: number; listPrice?: number; savingPercent?: number; fromPrice?: boolean; priceOnRequest: boolean }) => ({
      number: p.productNumber, price: p.price, listPrice: p.listPrice, savingPercent: p.savingPercent, fromPrice: p.fromPrice ?? false, onRequest: p.priceOnRequest,
    })
    const byNumber = (list: ReturnType<typeof priced>[]) => list.sort((a, b) => a.number.localeCompare(b.number))
    const cards = byNumber(found.results!.products.map(priced))
    expect(cards).toEqual(byNumber(listing.products.map(priced).filter((card) => FSW_55_PARTS.includes(card.number))))
    // Tiered parts start "from" their lowest tier; the rope drum (490 €) has one price.
    expect(cards.find((card) => card.number === 'FS-80001')).toMatchObject({ fromPrice: true })
    expect(cards.filter((card) => !card.fromPrice).length).toBeGreaterThan(0)
  })

  it('reads a choice spelled in another language (the language switch keeps the choices) in its own spelling', async () => {
    const { result, storeCalls } = run({ 'machine-manufacturer': 'Waldkraft', 'machine-type': 'Seilwinde FSW 55' }, 'en')
    const data = await result
    expect(data.ignored).toEqual([])
    expect(data.steps[1]!.selected).toBe('Winch FSW 55')
    expect(data.results!.total).toBe(10)
    // The unknown value costs a look in the other languages (side by side), one read of the match, and the finder again.
    expect(storeCalls().filter((line) => line.operation === 'readProduct')).toHaveLength(5)
    const french = await run({ 'machine-type': 'Winch FSW 55' }, 'fr').result
    expect(french.steps[1]!.selected).toBe('Treuil FSW 55')
  })

  it('narrows crane manufacturer → crane type to the seeded crane parts, in one store call', async () => {
    const step1 = await run({ 'crane-manufacturer': 'Alpentec' }).result
    expect(options(step1, 3)).toEqual(['Alpentec AK 7', 'Alpentec AK 9'])
    const { result, storeCalls } = run({ 'crane-manufacturer': 'Nordholz', 'crane-type': 'Nordholz K 75' }, 'en')
    const data = await result
    expect(numbers(data)).toEqual(
      [
        'FS-70001',
        'FS-70006',
        'FS-70011',
        'FS-70016',
        'FS-70021',
        'FS-70024',
        'FS-70029',
        'FS-70034',
        'FS-70039',
      ].sort(),
    )
    expect(data.results!.products.every((p) => p.href.startsWith('/en/'))).toBe(true)
    expect(data.results!.products[0]!.image?.src).toMatch(/^http/)
    expect(storeCalls().filter((line) => line.operation === 'readProduct')).toHaveLength(1)
  })

  it('ignores values that do not exist (with a notice) and still uses the valid ones', async () => {
    const { result, storeCalls } = run({
      'crane-manufacturer': 'Nordholz',
      'crane-type': 'Alpentec AK 9',
      'machine-type': 'Harvester',
    })
    const data = await result
    expect(data.ignored).toEqual([
      { key: 'machineType', value: 'Harvester' },
      { key: 'craneType', value: 'Alpentec AK 9' },
    ])
    expect(data.steps[2]!.selected).toBe('Nordholz')
    expect(data.results!.total).toBe(26)
    expect(data.results!.products).toHaveLength(12)
    expect(data.results!.pages).toBe(3)
    // A second round only because a value had to be dropped; before it, a look whether another language knows the values (it does not).
    expect(storeCalls().filter((line) => line.operation === 'readProduct')).toHaveLength(4)
  })

  it('pages through the results', async () => {
    const query: Record<string, string> = { 'crane-manufacturer': 'Nordholz', p: '3' }
    const data = await run(query).result
    expect(data.results).toMatchObject({ page: 3, pages: 3, total: 26 })
    expect(data.results!.products).toHaveLength(2)
  })

  it('matches a choice regardless of case and ignores overlong values without sending them', async () => {
    const data = await run({ 'machine-manufacturer': 'waldkraft', 'crane-type': 'x'.repeat(500) }).result
    expect(data.steps[0]!.selected).toBe('Waldkraft')
    expect(data.ignored).toEqual([{ key: 'craneType', value: 'x'.repeat(40) }])
  })
})
