import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { parseListingQuery } from '~/lib/listing-url'
import { loadCategoryListing, loadManufacturerPage, loadManufacturers, loadSearch, loadSuggestions } from './listing.server'
import { testContext } from './test-support.server'

// Runs the listing layer against the embedded demo store over real HTTP.
let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

function setup(path = '/') {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
  })
  return { context, lines, request: new Request(`https://shop.example${path}`) }
}
const q = (s = '') => parseListingQuery(new URLSearchParams(s))
const winches = sid('category:winches')

describe('card prices inside a price filter', () => {
  // FS-41001 (forestry rope) costs 89 € in its cheapest variant; its variants reach 311.50 €.
  const search = (filter: string) => q(`search=Forstseil&limit=100&${filter}`)
  const rope = (view: { products: { productNumber: string; price?: number; fromPrice: boolean }[] }) =>
    view.products.find((p) => p.productNumber === 'FS-41001')

  it('shows the cheapest variant inside the range, not the cheaper one below it', async () => {
    const { context, request } = setup()
    const plain = await loadSearch(context, request, 'de', search(''))
    expect(rope(plain!)).toMatchObject({ price: 89, fromPrice: true })
    const view = await loadSearch(context, request, 'de', search('min-price=150'))
    // Variants at 155.75, 178, 195.80 … are in the range: the cheapest of them is shown.
    expect(rope(view!)).toMatchObject({ price: 155.75, fromPrice: true })
    const within = await loadSearch(context, request, 'de', search('min-price=100&max-price=120'))
    expect(rope(within!)).toMatchObject({ price: 111.25, fromPrice: true })
    for (const product of [...view!.products, ...within!.products]) if (product.price !== undefined) expect(product.price).toBeGreaterThanOrEqual(100)
  })

  it('keeps the listing price when it is inside the range already', async () => {
    const { context, request } = setup()
    const view = await loadSearch(context, request, 'de', search('max-price=100'))
    expect(rope(view!)).toMatchObject({ price: 89, fromPrice: true })
  })
})

describe('a hit by its original article number', () => {
  it('says which original number matched, on search cards and suggestions, and not for words that merely share digits', async () => {
    const { context, request } = setup()
    const byOriginal = await loadSearch(context, request, 'de', q('search=NO-100037'))
    expect(byOriginal!.products.map((p) => [p.productNumber, p.matchedOriginal])).toEqual([['FS-70001', 'NO-100037']])
    const suggestions = await loadSuggestions(context, request, 'de', 'wk 5001')
    expect(suggestions.products[0]).toMatchObject({ productNumber: 'FS-80001', matchedOriginal: 'WK-5001' })
    const byName = await loadSearch(context, request, 'de', q('search=Nordholz K 100'))
    expect(byName!.products.length).toBeGreaterThan(0)
    expect(byName!.products.filter((p) => p.matchedOriginal)).toEqual([])
    const ownNumber = await loadSearch(context, request, 'de', q('search=FS-70001'))
    expect(ownNumber!.products.filter((p) => p.matchedOriginal)).toEqual([])
  })
})

describe('card prices with tiers', () => {
  it('shows the lowest tier as the "from" price, as Shopware\'s card does', async () => {
    const { context, request } = setup()
    // FS-31001 (split axe 2.5 kg): 69 € a piece, 62.10 € from 50.
    const view = await loadSearch(context, request, 'de', q('search=FS-31001'))
    expect(view!.products.find((p) => p.productNumber === 'FS-31001')).toMatchObject({ price: 62.1, fromPrice: true })
  })
})

describe('loadCategoryListing', () => {
  it('maps products, prices, availability, sortings and facets', async () => {
    const { context, request } = setup()
    const view = await loadCategoryListing(context, request, 'de', winches, q('limit=25'))
    expect(view.total).toBe(8)
    expect(view.limit).toBe(25)
    expect(view.pages).toBe(1)
    const byNumber = Object.fromEntries(view.products.map((p) => [p.productNumber, p]))
    expect(byNumber['FS-10001']).toMatchObject({ price: 2490, priceOnRequest: false, availability: { state: 'available' } })
    expect(byNumber['FS-10001']!.href).toBe('/forstseilwinde-fsw-35/FS-10001')
    expect(byNumber['FS-10001']!.image?.url).toMatch(/^http.*fs-10001\.jpg$/)
    expect(byNumber['FS-10002']).toMatchObject({ price: 3290, listPrice: 3590 })
    expect(byNumber['FS-10003']!.availability).toEqual({ state: 'restock', restockDays: 7 })
    expect(byNumber['FS-10005']!.availability.state).toBe('low')
    expect(byNumber['FS-10006']).toMatchObject({ priceOnRequest: true })
    expect(byNumber['FS-10006']!.price).toBeUndefined()
    expect(byNumber['FS-10007']!.availability.state).toBe('unavailable')
    expect(view.sortings.map((s) => s.key)).toEqual(expect.arrayContaining(['name-asc', 'price-asc', 'price-desc']))
    expect(view.sortings.find((s) => s.key === 'price-asc')!.label).toBe('Preis aufsteigend')
    expect(view.facets.manufacturers.length).toBeGreaterThan(0)
    expect(view.facets.price!.min).toBeLessThanOrEqual(2490)
    expect(view.facets.properties.map((g) => g.name)).toContain('Zugkraft')
  })

  it('filters, sorts and pages with the URL parameters', async () => {
    const { context, request } = setup()
    const sorted = await loadCategoryListing(context, request, 'en', winches, q('order=price-asc&limit=25'))
    const prices = sorted.products.map((p) => p.price).filter((p): p is number => p !== undefined)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(sorted.order).toBe('price-asc')
    const page2 = await loadCategoryListing(context, request, 'de', winches, q('p=2&order=name-asc'))
    expect(page2.page).toBe(2)
    expect(page2.products.length).toBeLessThanOrEqual(10)
    const cheap = await loadCategoryListing(context, request, 'de', winches, q('max-price=3000'))
    expect(cheap.products.every((p) => p.price !== undefined && p.price <= 3000)).toBe(true)
    // The winch with its price on request (FS-10006) is in the list, but not under a maximum price.
    expect(sorted.products.some((p) => p.priceOnRequest)).toBe(true)
    // Price ascending does not open with "price on request": it comes after every price.
    expect(sorted.products.at(-1)!.priceOnRequest).toBe(true)
    expect(sorted.products[0]!.price).toBeGreaterThan(0)
    expect(cheap.products.some((p) => p.priceOnRequest)).toBe(false)
    const maker = sorted.facets.manufacturers[0]!
    const one = await loadCategoryListing(context, request, 'de', winches, q(`manufacturer=${maker.id}`))
    expect(one.facets.manufacturers.find((m) => m.id === maker.id)!.active).toBe(true)
    expect(one.filterNames[maker.id]).toBe(maker.name)
  })

  it('lists the values of a property in their natural order', async () => {
    const { context, request } = setup()
    const all = await loadCategoryListing(context, request, 'de', sid('category:root'), q('limit=1'))
    const values = (group: string) => all.facets.properties.find((g) => g.name === group)!.options.map((o) => o.name)
    expect(values('Größe')).toEqual(['8', '9', '10', '11', '40', '41', '42', '43', '44', '45', '46', '47', '48', '50', '52', '54', '56', '58', '60', 'S', 'M', 'L', 'XL', 'XXL'])
    expect(values('Länge').slice(9, 14)).toEqual(['80 cm', '130 cm', '1,5 m', '160 cm', '2 m'])
    expect(values('Durchmesser')).toEqual(['8 mm', '10 mm', '11 mm', '12 mm', '13 mm', '14 mm'])
  })

  it('offers in each facet only what the other filters leave, never narrowed by its own choice', async () => {
    const { context, request } = setup()
    const root = sid('category:root')
    const all = await loadCategoryListing(context, request, 'de', root, q('limit=1'))
    const maker = all.facets.manufacturers.find((m) => m.name === 'Alpentec')!
    const one = await loadCategoryListing(context, request, 'de', root, q(`manufacturer=${maker.id}&limit=100`))
    // The manufacturer facet ignores its own filter: the other makers stay to choose from.
    expect(one.facets.manufacturers.map((m) => m.id)).toEqual(all.facets.manufacturers.map((m) => m.id))
    // The other facets see it: only this maker's property groups and prices.
    expect(one.facets.properties.length).toBeLessThan(all.facets.properties.length)
    expect(one.facets.price!.max).toBe(Math.ceil(Math.max(...one.products.map((p) => p.price ?? 0))))
    expect(one.facets.price!.max).toBeLessThan(all.facets.price!.max)
    // And a property chosen narrows the manufacturers to those that make it.
    const option = one.facets.properties[0]!.options[0]!
    const byOption = await loadCategoryListing(context, request, 'de', root, q(`properties=${option.id}&limit=1`))
    expect(byOption.facets.manufacturers.length).toBeLessThan(all.facets.manufacturers.length)
    expect(byOption.facets.manufacturers.map((m) => m.id)).toContain(maker.id)
  })
})

describe('loadSearch', () => {
  it('finds products per language and by number, score sorting by default', async () => {
    const { context, request } = setup()
    const de = await loadSearch(context, request, 'de', q('search=Sägekette'))
    expect(de!.total).toBe(7)
    expect(de!.products.slice(0, 4).map((p) => p.productNumber).sort()).toEqual(['FS-20001', 'FS-20002', 'FS-20003', 'FS-20004'])
    expect(de!.order).toBe('score')
    const fr = await loadSearch(context, request, 'fr', q('search=chaîne'))
    expect(fr!.total).toBe(10)
    const number = await loadSearch(context, request, 'en', q('search=FS-20001'))
    expect(number!.products.map((p) => p.productNumber)).toEqual(['FS-20001'])
    const none = await loadSearch(context, request, 'de', q('search=xylophon'))
    expect(none!.total).toBe(0)
    expect(await loadSearch(context, request, 'de', q('search=%20'))).toBeUndefined()
  })

  it('suggests products for a term and nothing for one letter', async () => {
    const { context, request } = setup()
    const s = await loadSuggestions(context, request, 'en', 'saw chain')
    expect(s.products.length).toBeGreaterThan(0)
    expect(s.products.length).toBeLessThanOrEqual(6)
    expect(s.products[0]!.href.startsWith('/en/')).toBe(true)
    expect((await loadSuggestions(context, request, 'de', 'S')).products).toEqual([])
  })
})

describe('manufacturers', () => {
  it('lists all manufacturers and a manufacturer page with its products', async () => {
    const { context, request } = setup()
    const all = await loadManufacturers(context, request, 'de')
    // 12 manufacturers exist, each with products (Lignum Pro's since seed version 17); the facet names those with products.
    expect(all).toHaveLength(12)
    const rotaflex = all.find((m) => m.id === sid('manufacturer:rotaflex'))!
    expect(rotaflex.logo?.url).toMatch(/^http/)
    const page = await loadManufacturerPage(context, request, 'en', rotaflex.id, q('limit=25'))
    expect(page!.manufacturer).toMatchObject({ name: 'Rotaflex', link: 'https://rotaflex.example/' })
    expect(page!.manufacturer.description).toBeTruthy()
    expect(page!.manufacturer.logo).toMatchObject({ url: expect.stringMatching(/^http.*rotaflex/), alt: 'Rotaflex', width: 400, height: 200 })
    expect(page!.listing.total).toBe(16)
    expect(page!.listing.facets.manufacturers).toEqual([])
    const other = all.find((m) => m.id !== rotaflex.id)!
    const ignored = await loadManufacturerPage(context, request, 'de', rotaflex.id, q(`manufacturer=${other.id}`))
    expect(ignored!.listing.total).toBe(16)
    expect(ignored!.listing.query.manufacturer).toEqual([])
    expect(await loadManufacturerPage(context, request, 'de', 'f'.repeat(32), q())).toBeUndefined()
  })

  it("offers only the filters of the manufacturer's own products", async () => {
    const { context, request } = setup()
    const all = await loadManufacturers(context, request, 'de')
    const manufacturer = all.find((m) => m.name === 'Alpentec')!
    const page = await loadManufacturerPage(context, request, 'de', manufacturer.id, q('limit=100'))
    const catalogue = await loadCategoryListing(context, request, 'de', sid('category:root'), q('limit=1'))
    const prices = page!.listing.products.map((p) => p.price ?? 0)
    // The whole catalogue reaches thousands of euros and has dozens of property groups.
    expect(page!.listing.facets.price!.max).toBe(Math.ceil(Math.max(...prices)))
    expect(page!.listing.facets.price!.max).toBeLessThan(catalogue.facets.price!.max)
    expect(page!.listing.facets.properties.length).toBeLessThan(catalogue.facets.properties.length)
  })
})
