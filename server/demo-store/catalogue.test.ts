import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { ANCHOR_CATEGORY_IDS, CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY, LANGUAGE_IDS } from './constants'
import { openDatabase } from './db'
import { sid } from './ids'
import { COLOURS } from './seed/catalogue-data'
import type { DemoStore } from './index'
import { firstInOrder } from './catalogue'

interface Price { unitPrice: number; quantity: number; totalPrice: number; listPrice: { price: number } | null }
interface Media { url: string; thumbnails: Array<{ width: number; url: string }> }
interface Option { id: string; groupId: string; name: string; combinable?: boolean; group?: { name: string } }
interface Product {
  id: string; parentId?: string; productNumber: string; name: string; translated: { name: string }; manufacturerId: string
  calculatedPrice: Price; calculatedPrices: Price[]; calculatedCheapestPrice: Price & { hasRange: boolean }
  available: boolean; availableStock: number; shippingFree: boolean; ratingAverage?: number; tagIds: string[]; optionIds: string[]; propertyIds: string[]
  childCount: number; cover: { media: Media }; media?: Array<{ media: Media }>; downloads?: Array<{ media: { url: string } }>
  manufacturer: { id: string; name: string; link: string; description: string; translated: { name: string }; media: Media }
  deliveryTime: { name: string; min: number; max: number; unit: string }; options: Option[]; properties: Option[]
  seoUrls?: Array<{ seoPathInfo: string }>; customFields: Record<string, unknown>; minPurchase: number; purchaseSteps: number
}
interface Aggregations {
  manufacturer: { entities: Array<{ id: string; name: string }> }
  price: { min: string; max: string }
  rating: { max: string | null }
  'shipping-free': { max: string | null }
  properties: { entities: Array<{ id: string; name: string; options: Option[] }> }
}
interface Listing {
  elements: Product[]; total: number; page: number; limit: number; sorting: string; aggregations: Aggregations
  currentFilters: Record<string, unknown>; availableSortings: Array<{ key: string; label: string; translated: { label: string } }>
}
interface LineItem { id: string; referencedId: string; quantity: number; label: string; price: Price; quantityInformation: { minPurchase: number; maxPurchase: number; purchaseSteps: number } }
interface CartError { messageKey: string; level: number; key: string; parameters: Record<string, unknown> }
interface Cart { lineItems: LineItem[]; errors: CartError[] | Record<string, CartError>; price: { positionPrice: number; netPrice: number; totalPrice: number }; deliveries: Array<{ shippingCosts: Price }> }
interface Reply<T> { status: number; headers: Headers; body: T }

let origin = ''
let demo: DemoStore
let dataDir = ''

async function call<T = Record<string, unknown>>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; lang?: keyof typeof LANGUAGE_IDS; token?: string } = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'sw-access-key': DEMO_ACCESS_KEY, ...options.headers }
  if (options.lang) headers['sw-language-id'] = LANGUAGE_IDS[options.lang]
  if (options.token) headers['sw-context-token'] = options.token
  const res = await fetch(`${origin}/store-api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as T }
}

const product = (number: string) => sid(`product:${number}`)
const category = (key: string) => sid(`category:${key}`)
const option = (key: string) => sid(`option:${key}`)
const listing = (categoryId: string, body: Record<string, unknown> = {}, lang?: keyof typeof LANGUAGE_IDS) =>
  call<Listing>('POST', `/product-listing/${categoryId}`, { body, lang })
const search = (term: string, lang: keyof typeof LANGUAGE_IDS = 'de', body: Record<string, unknown> = {}) =>
  call<Listing>('POST', '/search', { body: { search: term, limit: 50, ...body }, lang })
const numbers = (l: Listing) => l.elements.map((e) => e.productNumber)
const errorKeys = (cart: Cart) => (Array.isArray(cart.errors) ? [] : Object.values(cart.errors).map((e) => e.messageKey))

let harness: DemoStoreServer
beforeAll(async () => {
  harness = await startDemoStore()
  ;({ origin, store: demo, dataDir } = harness)
})

afterAll(() => harness?.close())

describe('product listing: paging, sorting, grouping', () => {
  it('pages with p and limit (default 10) and counts all matching parents', async () => {
    const first = (await listing(ANCHOR_CATEGORY_IDS.products)).body
    expect(first.limit).toBe(10)
    expect(first.page).toBe(1)
    expect(first.elements).toHaveLength(10)
    const second = (await listing(ANCHOR_CATEGORY_IDS.products, { p: 2, limit: 10 })).body
    expect(second.page).toBe(2)
    expect(second.total).toBe(first.total)
    expect(numbers(second).some((n) => numbers(first).includes(n))).toBe(false)
    const big = (await listing(ANCHOR_CATEGORY_IDS.products, { limit: 100 })).body
    expect(big.elements).toHaveLength(first.total)
    const query = await call<Listing>('GET', `/product-listing/${ANCHOR_CATEGORY_IDS.products}?p=3&limit=5`)
    expect(query.body).toMatchObject({ page: 3, limit: 5 })
  })

  it('includes the products of child categories', async () => {
    const winches = (await listing(category('winches'), { limit: 100 })).body
    const products = (await listing(ANCHOR_CATEGORY_IDS.products, { limit: 100 })).body
    expect(winches.total).toBe(8)
    for (const n of numbers(winches)) expect(numbers(products)).toContain(n)
    expect(numbers(products)).toContain('FS-20001')
  })

  it('shows a variant family once, as its parent with the cheapest variant price', async () => {
    const chains = (await listing(category('chains'), { limit: 100 })).body
    expect(numbers(chains).filter((n) => n.startsWith('FS-20001'))).toEqual(['FS-20001'])
    const parent = chains.elements.find((e) => e.productNumber === 'FS-20001')
    expect(parent?.childCount).toBe(12)
    const variants = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'equals', field: 'parentId', value: product('FS-20001') }] } })).body.elements
    expect(variants).toHaveLength(12)
    expect(parent?.calculatedCheapestPrice.unitPrice).toBe(Math.min(...variants.map((v) => v.calculatedPrice.unitPrice)))
    expect(parent?.calculatedCheapestPrice.hasRange).toBe(true)
  })

  it('filters by the association paths children.id and parent.children.id, as the DAL does', async () => {
    const variants = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'equals', field: 'parentId', value: product('FS-20001') }] } })).body.elements
    const variant = variants[5]!
    const siblings = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'equals', field: 'parent.children.id', value: variant.id }], limit: 100 } })).body.elements
    expect(siblings.map((p) => p.id).sort()).toEqual(variants.map((p) => p.id).sort())
    const parents = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'equals', field: 'children.id', value: variant.id }] } })).body.elements
    expect(parents.map((p) => p.productNumber)).toEqual(['FS-20001'])
    const none = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'equals', field: 'parent.children.id', value: product('FS-10001') }] } })).body.elements
    expect(none).toEqual([])
  })

  it('answers id and family filters from its indexes and records as the DAL views would', async () => {
    const variants = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'equals', field: 'parentId', value: product('FS-20001') }] } })).body.elements
    const ids = async (filter: unknown) =>
      (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [filter], limit: 100, includes: { product: ['id'] } } })).body.elements.map((p) => p.id).sort()
    // Or'ed with a `contains` that matches nothing, neither an index nor the records can answer it: it runs on the DAL views, over every product.
    const onViews = (filter: unknown) => ({ type: 'multi', operator: 'or', queries: [filter, { type: 'contains', field: 'productNumber', value: 'no such number' }] })
    for (const value of [variants[3]!.id, variants[3]!.id.toUpperCase(), product('FS-20001'), product('FS-10001'), null]) {
      for (const field of ['children.id', 'parent.children.id', 'product.parent.children.id', 'parentId', 'id']) {
        const filter = { type: 'equals', field, value }
        expect(await ids(filter), `${field} = ${value}`).toEqual(await ids(onViews(filter)))
      }
    }
    const family = { type: 'multi', operator: 'or', queries: [{ type: 'equals', field: 'parentId', value: variants[0]!.id }, { type: 'equals', field: 'parent.children.id', value: variants[0]!.id }] }
    expect(await ids(family)).toEqual(variants.map((v) => v.id).sort())
  })

  it('answers criteria on custom fields and names in every language as the whole DAL views would', async () => {
    type Buckets = Record<string, { buckets: Array<{ key: string; count: number }> }>
    const read = async (lang: keyof typeof LANGUAGE_IDS, body: Record<string, unknown>) =>
      (await call<{ elements: Product[]; total: number; aggregations: Buckets }>('POST', '/product', { body: { limit: 50, 'total-count-mode': 'exact', includes: { product: ['id'] }, ...body }, lang })).body
    const terms = (name: string, field: string) => ({ type: 'terms', name, field })
    // A field outside the language's part of the views (ean) sends a filter, an aggregation or a sorting to the whole views.
    const noEan = { type: 'equals', field: 'ean', value: 'no such ean' }
    const orNothing = (filter: unknown) => ({ type: 'multi', operator: 'or', queries: [filter, { type: 'contains', field: 'ean', value: 'no such ean' }] })
    const overAll = (aggregation: { name: string }) => ({ type: 'filter', name: `${aggregation.name}-all`, filter: [{ type: 'not', operator: 'and', queries: [noEan] }], aggregation })
    const keysOf = (lang: keyof typeof LANGUAGE_IDS) => read(lang, { aggregations: [terms('types', 'customFields.forst_machine_type')] }).then((r) => r.aggregations.types!.buckets.map((b) => b.key))
    const typesByLanguage = { de: await keysOf('de'), en: await keysOf('en'), fr: await keysOf('fr') }
    // The machine type is translated: the views must read each language's custom fields, not German's.
    expect(typesByLanguage.en).not.toEqual(typesByLanguage.de)
    expect(typesByLanguage.fr).not.toEqual(typesByLanguage.de)
    for (const lang of ['de', 'en', 'fr'] as const) {
      const type = typesByLanguage[lang][0]!
      const postFilter = { type: 'equals', field: 'customFields.forst_machine_type', value: type }
      const aggregations = [
        terms('types', 'translated.customFields.forst_machine_type'),
        terms('cranes', 'product.customFields.forst_crane_type'),
        { type: 'filter', name: 'types-filter', filter: [postFilter], aggregation: terms('manufacturers', 'customFields.forst_machine_manufacturer') },
      ]
      const parents = { type: 'equals', field: 'parentId', value: null }
      const name = { field: 'name', order: 'ASC', naturalSorting: true }
      const own = await read(lang, { filter: [parents], 'post-filter': [postFilter], sort: [name], aggregations })
      const whole = await read(lang, {
        filter: [orNothing(parents)], 'post-filter': [orNothing(postFilter)],
        sort: [name, { field: 'active', order: 'ASC' }],
        aggregations: aggregations.map(overAll),
      })
      expect(own.total, lang).toBeGreaterThan(1)
      expect(own.elements.map((p) => p.id), lang).toEqual(whole.elements.map((p) => p.id))
      expect(own.total, lang).toBe(whole.total)
      expect(own.aggregations.types!.buckets.map((b) => b.key), lang).toEqual(typesByLanguage[lang])
      for (const key of ['types', 'cranes', 'manufacturers']) expect(own.aggregations[key], `${lang} ${key}`).toEqual(whole.aggregations[key])
    }
  })

  it('sorts products by criteria sortings: each field in its direction, ties by the next, null first', async () => {
    const collate = (a: string, b: string) => a.localeCompare(b, 'de', { numeric: true, sensitivity: 'base' })
    for (const lang of ['de', 'en'] as const) {
      const { body } = await call<{ elements: Product[]; total: number }>('POST', '/product', {
        body: { limit: 100, sort: [{ field: 'customFields.forst_machine_type', order: 'DESC' }, { field: 'name', order: 'ASC' }], includes: { product: ['id', 'name', 'translated', 'customFields'] } },
        lang,
      })
      const type = (p: Product) => (p.customFields as { forst_machine_type?: string }).forst_machine_type ?? null
      const types = body.elements.map(type)
      expect(new Set(types).size, lang).toBeGreaterThan(2)
      for (let i = 1; i < body.elements.length; i++) {
        const [a, b] = [body.elements[i - 1]!, body.elements[i]!]
        const [ta, tb] = [type(a), type(b)]
        // Descending: null (no machine type) last.
        const byType = ta === tb ? 0 : ta === null ? -1 : tb === null ? 1 : collate(ta, tb)
        expect(byType, `${lang} at ${i}: ${ta} before ${tb}`).toBeGreaterThanOrEqual(0)
        if (byType === 0) expect(collate(a.translated.name, b.translated.name), `${lang} at ${i}: ${a.translated.name} before ${b.translated.name}`).toBeLessThanOrEqual(0)
      }
    }
  })

  it('gives a page of a sorted product search the products a read of all of them has at its place', async () => {
    const sort = [{ field: 'customFields.forst_machine_type', order: 'DESC' }, { field: 'name', order: 'ASC', naturalSorting: true }]
    const ids = async (body: Record<string, unknown>) => (await call<{ elements: Product[]; total: number }>('POST', '/product', { body: { ...body, sort, includes: { product: ['id'] } } })).body
    const first = await ids({ limit: 100, 'total-count-mode': 'exact' })
    expect(first.total).toBeGreaterThan(7 * 5 * 8)
    for (const page of [1, 2, 7]) {
      const paged = await ids({ limit: 5, page, 'total-count-mode': 'exact' })
      expect(paged.elements.map((p) => p.id), `page ${page}`).toEqual(first.elements.slice((page - 1) * 5, page * 5).map((p) => p.id))
      expect(paged.total).toBe(first.total)
    }
    // The store keeps each order of what a search searches and pages through it, post-filters applied on the way.
    const postFilter = [{ type: 'equalsAny', field: 'customFields.forst_machine_type', value: ['Rückewagen', 'Seilwinde FSW 55'] }]
    const narrowed = await ids({ limit: 100, 'total-count-mode': 'exact', 'post-filter': postFilter })
    expect(narrowed.total).toBe(25)
    expect(narrowed.elements.map((p) => p.id)).toEqual(first.elements.filter((p) => narrowed.elements.some((n) => n.id === p.id)).map((p) => p.id))
    for (const page of [1, 3, 6]) {
      const paged = await ids({ limit: 4, page, 'total-count-mode': 'exact', 'post-filter': postFilter })
      expect(paged.elements.map((p) => p.id), `post-filtered page ${page}`).toEqual(narrowed.elements.slice((page - 1) * 4, page * 4).map((p) => p.id))
      expect(paged.total).toBe(25)
    }
    const nextPages = await ids({ limit: 4, page: 2, 'total-count-mode': 'next-pages', 'post-filter': postFilter })
    expect(nextPages.total).toBe(25)
  })

  const sortPrice = (p: Product, onRequest: number) =>
    (p.customFields as { forst_price_on_request?: boolean } | undefined)?.forst_price_on_request ? onRequest : p.calculatedCheapestPrice.unitPrice
  it.each([
    ['name-asc', (a: Product, b: Product) => a.translated.name.localeCompare(b.translated.name, 'de', { numeric: true, sensitivity: 'base' }) <= 0],
    ['name-desc', (a: Product, b: Product) => a.translated.name.localeCompare(b.translated.name, 'de', { numeric: true, sensitivity: 'base' }) >= 0],
    // A price on request comes last either way (the shop's price sortings put it after every price).
    ['price-asc', (a: Product, b: Product) => sortPrice(a, Infinity) <= sortPrice(b, Infinity)],
    ['price-desc', (a: Product, b: Product) => sortPrice(a, -Infinity) >= sortPrice(b, -Infinity)],
  ])('sorts by %s', async (order, inOrder) => {
    const result = (await listing(ANCHOR_CATEGORY_IDS.spareParts, { order, limit: 100 })).body
    expect(result.sorting).toBe(order)
    expect(result.elements.length).toBeGreaterThan(50)
    for (let i = 1; i < result.elements.length; i++) expect(inOrder(result.elements[i - 1], result.elements[i]), `${order} at ${i}`).toBe(true)
    if (order.startsWith('price')) {
      const winches = (await listing(category('winches'), { order, limit: 25 })).body.elements
      expect(winches.map((p) => p.productNumber).at(-1)).toBe('FS-10006')
    }
  })

  it('sorts by topseller (sales, a family counting all its variants)', async () => {
    const top = (await listing(category('protection'), { order: 'topseller', limit: 100 })).body
    const byName = (await listing(category('protection'), { order: 'name-asc', limit: 100 })).body
    expect(top.sorting).toBe('topseller')
    expect(new Set(numbers(top))).toEqual(new Set(numbers(byName)))
    expect(numbers(top)).not.toEqual(numbers(byName))
  })

  it('defaults to name-asc, offers translated sortings and rejects an unknown one', async () => {
    const de = (await listing(category('winches'))).body
    expect(de.sorting).toBe('name-asc')
    expect(de.availableSortings.map((s) => s.key)).toEqual(['topseller', 'name-asc', 'name-desc', 'price-asc', 'price-desc'])
    const en = (await listing(category('winches'), {}, 'en')).body
    expect(en.availableSortings.find((s) => s.key === 'price-asc')?.translated.label).toBe('Price ascending')
    const fr = (await listing(category('winches'), {}, 'fr')).body
    expect(fr.availableSortings.find((s) => s.key === 'price-asc')?.label).toBe('Prix croissant')
    const bad = await call<{ errors: Array<{ code: string }> }>('POST', `/product-listing/${category('winches')}`, { body: { order: 'nope' } })
    expect(bad.status).toBe(404)
    expect(bad.body.errors[0].code).toBe('PRODUCT_SORTING_NOT_FOUND')
  })
})

describe('product listing: filters', () => {
  it('filters by manufacturers joined with |', async () => {
    const ids = [sid('manufacturer:rotaflex'), sid('manufacturer:hydroforst')]
    const result = (await listing(ANCHOR_CATEGORY_IDS.spareParts, { manufacturer: ids.join('|'), limit: 100 })).body
    expect(result.total).toBeGreaterThan(0)
    for (const e of result.elements) expect(ids).toContain(e.manufacturerId)
    expect(new Set(result.elements.map((e) => e.manufacturerId))).toEqual(new Set(ids))
    expect(result.currentFilters.manufacturer).toEqual(ids)
  })

  it('filters by properties: options of one group are alternatives, groups combine', async () => {
    const oneGroup = (await listing(category('chains'), { properties: [option('length:35cm'), option('length:75cm')].join('|'), limit: 100 })).body
    // Chains come in 35 cm, bars in 35 and 75 cm: all seven families.
    expect(oneGroup.total).toBe(7)
    const twoGroups = (await listing(category('chains'), { properties: [option('length:75cm'), option('pitch:.325"')].join('|'), limit: 100 })).body
    // Only bars have a 75 cm variant, and they have it with .325".
    expect(numbers(twoGroups).sort()).toEqual(['FS-21001', 'FS-21002', 'FS-21003'])
    const impossible = (await listing(category('chains'), { properties: [option('length:75cm'), option('gauge:1.6')].join('|') })).body
    expect(impossible.total).toBe(0)
  })

  it('filters by price range on the cheapest price', async () => {
    const result = (await listing(ANCHOR_CATEGORY_IDS.products, { 'min-price': 50, 'max-price': 100, limit: 100 })).body
    expect(result.total).toBeGreaterThan(0)
    expect(result.currentFilters.price).toEqual({ min: 50, max: 100 })
    const all = (await listing(ANCHOR_CATEGORY_IDS.products, { limit: 100 })).body
    expect(result.total).toBeLessThan(all.total)
    expect(numbers(result)).not.toContain('FS-10001')
    expect(numbers(result)).toContain('FS-31001')
  })

  it('filters by minimum rating', async () => {
    const result = (await listing(ANCHOR_CATEGORY_IDS.products, { rating: 4, limit: 100 })).body
    expect(result.total).toBeGreaterThan(0)
    for (const e of result.elements) expect(e.ratingAverage ?? 0).toBeGreaterThanOrEqual(4)
    expect(result.currentFilters.rating).toBe(4)
  })

  it('filters by free shipping', async () => {
    const result = (await listing(ANCHOR_CATEGORY_IDS.products, { 'shipping-free': true, limit: 100 })).body
    expect(numbers(result)).toEqual(['FS-41001'])
    expect(result.currentFilters['shipping-free']).toBe(true)
  })

  it('filters by tag and by availability with criteria filters', async () => {
    const bestseller = sid('tag:Bestseller')
    const tagged = (await listing(ANCHOR_CATEGORY_IDS.products, { filter: [{ type: 'equals', field: 'tags.id', value: bestseller }], limit: 100 })).body
    expect(numbers(tagged)).toEqual(expect.arrayContaining(['FS-10003', 'FS-20001', 'FS-31001', 'FS-50001']))
    for (const e of tagged.elements) expect(e.tagIds).toContain(bestseller)
    const inStock = (await listing(category('winches'), { filter: [{ type: 'range', field: 'availableStock', parameters: { gte: 1 } }], limit: 100 })).body
    expect(numbers(inStock)).not.toContain('FS-10003')
    expect(numbers(inStock)).not.toContain('FS-10007')
    expect(numbers(inStock)).toContain('FS-10005')
    const available = (await listing(category('winches'), { filter: [{ type: 'equals', field: 'available', value: true }], limit: 100 })).body
    expect(numbers(available)).toContain('FS-10003')
    expect(numbers(available)).not.toContain('FS-10007')
  })

  it('applies post-filters to elements but not to aggregations', async () => {
    const waldkraft = sid('manufacturer:waldkraft')
    const result = (await listing(ANCHOR_CATEGORY_IDS.products, { 'post-filter': [{ type: 'equals', field: 'manufacturerId', value: waldkraft }], limit: 100 })).body
    expect(new Set(result.elements.map((e) => e.manufacturerId))).toEqual(new Set([waldkraft]))
    expect(result.aggregations.manufacturer.entities.length).toBeGreaterThan(1)
  })
})

describe('product listing: aggregations', () => {
  it('returns the aggregations as an object keyed by name in Shopware shapes', async () => {
    const result = (await listing(category('protection'))).body
    const aggs = result.aggregations
    expect(Object.keys(aggs).sort()).toEqual(['manufacturer', 'price', 'properties', 'rating', 'shipping-free'])
    expect(aggs.manufacturer).toMatchObject({ name: 'manufacturer', apiAlias: 'manufacturer_aggregation', entities: [{ id: sid('manufacturer:silvator'), name: 'Silvator' }] })
    expect(aggs.price).toEqual({ name: 'price', min: '29.90', max: '219.00', avg: null, sum: null, apiAlias: 'price_aggregation' })
    expect(aggs['shipping-free']).toEqual({ name: 'shipping-free', max: '0', apiAlias: 'shipping-free_aggregation' })
    expect(aggs.rating).toMatchObject({ name: 'rating', apiAlias: 'rating_aggregation' })
    const groups = aggs.properties.entities.map((g) => g.name)
    expect(groups).toEqual(['Größe', 'Farbe', 'Material'])
    const colours = aggs.properties.entities.find((g) => g.name === 'Farbe')?.options.map((o) => o.name)
    expect(colours).toEqual([...(colours ?? [])].sort((a, b) => a.localeCompare(b, 'de')))
  })

  it('keeps other options without reduce-aggregations and narrows the others with it', async () => {
    const silvator = sid('manufacturer:silvator')
    const plain = (await listing(ANCHOR_CATEGORY_IDS.products, { manufacturer: silvator })).body
    expect(plain.aggregations.manufacturer.entities.length).toBeGreaterThan(3)
    const reduced = (await listing(ANCHOR_CATEGORY_IDS.products, { manufacturer: silvator, 'reduce-aggregations': true })).body
    // The manufacturer aggregation ignores its own filter, so the alternatives stay selectable...
    expect(reduced.aggregations.manufacturer.entities.length).toBe(plain.aggregations.manufacturer.entities.length)
    // ...while the property groups shrink to what Silvator products have.
    expect(reduced.aggregations.properties.entities.length).toBeLessThan(plain.aggregations.properties.entities.length)
    expect(reduced.aggregations.price.max).toBe('219.00')
  })

  it('honours no-aggregations, only-aggregations, the *-filter switches and the property whitelist', async () => {
    expect((await listing(category('protection'), { 'no-aggregations': true })).body.aggregations).toEqual({})
    const only = (await listing(category('protection'), { 'only-aggregations': true })).body
    expect(only.elements).toEqual([])
    expect(Object.keys(only.aggregations).length).toBe(5)
    const switched = (await listing(category('protection'), { 'manufacturer-filter': false, 'rating-filter': false, manufacturer: sid('manufacturer:kettwerk') })).body
    expect(Object.keys(switched.aggregations).sort()).toEqual(['price', 'properties', 'shipping-free'])
    expect(switched.total).toBeGreaterThan(0)
    const whitelisted = (await listing(category('protection'), { 'property-whitelist': sid('property-group:colour') })).body
    expect(whitelisted.aggregations.properties.entities.map((g) => g.id)).toEqual([sid('property-group:colour')])
  })

  it('fills the product-listing CMS slot of a category with its first page', async () => {
    const res = await call<{ cmsPage: { sections: Array<{ blocks: Array<{ slots: Array<{ type: string; data: { listing: Listing } }> }> }> } }>('POST', `/category/${category('winches')}`)
    const slot = res.body.cmsPage.sections.flatMap((s) => s.blocks.flatMap((b) => b.slots)).find((s) => s.type === 'product-listing')
    expect(slot?.data.listing.total).toBe(8)
    expect(slot?.data.listing.elements).toHaveLength(8)
    expect(slot?.data.listing.currentFilters.navigationId).toBe(category('winches'))
    const shaped = await call<{ cmsPage: { sections: Array<{ blocks: Array<{ slots: Array<{ type: string; data: { listing: Listing } }> }> }> } }>('POST', `/category/${category('winches')}`, { body: { order: 'price-desc', limit: 3 } })
    const shapedListing = shaped.body.cmsPage.sections.flatMap((s) => s.blocks.flatMap((b) => b.slots)).find((s) => s.type === 'product-listing')?.data.listing
    expect(shapedListing?.sorting).toBe('price-desc')
    expect(numbers(shapedListing as Listing)).toEqual(['FS-10008', 'FS-10005', 'FS-10004'])
  })

  it('answers a page of ten within 30 ms once warm', async () => {
    await listing(ANCHOR_CATEGORY_IDS.products)
    const times: number[] = []
    for (let i = 0; i < 7; i++) {
      const started = performance.now()
      const res = await listing(ANCHOR_CATEGORY_IDS.products, { p: 1 + (i % 3), order: i % 2 ? 'price-asc' : 'name-asc' })
      times.push(performance.now() - started)
      expect(res.status).toBe(200)
    }
    times.sort((a, b) => a - b)
    expect(times[3]).toBeLessThan(30)
  })
})

describe('search', () => {
  it.each([['Sägekette'], ['Saegekette'], ['Sagekette'], ['sägekette'], ['Säge']])('finds the saw chains for %s in German', async (term) => {
    const result = (await search(term)).body
    expect(numbers(result).slice(0, 4).sort()).toEqual(['FS-20001', 'FS-20002', 'FS-20003', 'FS-20004'])
    expect(result.sorting).toBe('score')
    expect(result.currentFilters.search).toBe(term)
  })

  it('finds German compounds by their last part, as Shopware does with reversed keywords', async () => {
    const chains = (await search('Kette')).body
    expect(numbers(chains)).toEqual(expect.arrayContaining(['FS-20001', 'FS-20002', 'FS-20003', 'FS-20004']))
    const trousers = (await search('Hose')).body
    expect(trousers.elements.map((p) => p.translated.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Schnittschutzhose/)]))
    // Only the end of a word: 'ette' alone is no word's start and 'kett' no word's end.
    expect(numbers((await search('ketten')).body)).not.toContain('FS-20001')
  })

  it('reads a name with a model number as words when no product number starts so', async () => {
    const winch = (await search('FSW 55')).body
    expect(winch.elements.map((p) => p.translated.name)).toEqual(expect.arrayContaining([expect.stringMatching(/FSW 55/)]))
    expect(winch.elements.every((p) => /FSW 55/.test(p.translated.name))).toBe(true)
  })

  it('finds saw chains in English', async () => {
    const result = (await search('saw chain', 'en')).body
    expect(numbers(result).slice(0, 4).sort()).toEqual(['FS-20001', 'FS-20002', 'FS-20003', 'FS-20004'])
    expect(result.elements[0].translated.name).toMatch(/^Saw chain/)
  })

  it.each([['chaîne'], ['chaine'], ['CHAINE']])('finds chains in French for %s', async (term) => {
    const result = (await search(term, 'fr')).body
    expect(numbers(result)).toEqual(expect.arrayContaining(['FS-20001', 'FS-20002', 'FS-20003', 'FS-20004', 'FS-40001']))
    expect(numbers(result)).not.toContain('FS-10001')
  })

  it('finds a product by number, with or without separators, and variants through their parent', async () => {
    for (const term of ['FS-20001', 'fs20001', 'FS 20001']) expect(numbers((await search(term)).body)).toEqual(['FS-20001'])
    expect(numbers((await search('FS-20001.7')).body)[0]).toBe('FS-20001')
    expect(numbers((await search('FS-1000')).body).sort()).toEqual(['FS-10001', 'FS-10002', 'FS-10003', 'FS-10004', 'FS-10005', 'FS-10006', 'FS-10007', 'FS-10008'])
  })

  it('finds crane parts by original article number, exactly and by prefix', async () => {
    const exact = (await search('NO-100037')).body
    expect(numbers(exact)).toEqual(['FS-70001'])
    expect(numbers((await search('NO100037')).body)).toEqual(['FS-70001'])
    const prefix = (await search('NO-1000')).body
    expect(numbers(prefix)).toContain('FS-70001')
    expect(numbers(prefix).length).toBeGreaterThan(1)
  })

  it('finds by manufacturer name, EAN and property option', async () => {
    expect(numbers((await search('Rotaflex')).body)).toEqual(expect.arrayContaining(['FS-70019', 'FS-70023']))
    const detail = (await call<{ product: Product }>('POST', `/product/${product('FS-31001')}`)).body.product
    const ean = String((await call<{ elements: Array<{ ean: string }> }>('POST', '/product', { body: { ids: [product('FS-31001')] } })).body.elements[0].ean)
    expect(numbers((await search(ean)).body)).toEqual([detail.productNumber])
    expect(numbers((await search('Dyneema')).body)).toContain('FS-41002')
  })

  it('applies listing filters and sortings to search results', async () => {
    const byPrice = (await search('Sägekette', 'de', { order: 'price-desc' })).body
    for (let i = 1; i < byPrice.elements.length; i++) {
      expect(byPrice.elements[i - 1].calculatedCheapestPrice.unitPrice).toBeGreaterThanOrEqual(byPrice.elements[i].calculatedCheapestPrice.unitPrice)
    }
    expect(byPrice.availableSortings.map((s) => s.key)).toContain('score')
    const none = (await search('xylophon')).body
    expect(none.total).toBe(0)
  })

  it('search-suggest returns hits without aggregations and sortings, and missing terms give 400', async () => {
    const suggest = await call<Listing>('POST', '/search-suggest', { body: { search: 'Spalt', limit: 3 } })
    expect(suggest.body.elements.length).toBeGreaterThan(0)
    expect(suggest.body.elements.length).toBeLessThanOrEqual(3)
    expect(suggest.body.aggregations).toEqual({})
    expect(suggest.body.availableSortings).toEqual([])
    const missing = await call<{ errors: Array<{ code: string }> }>('POST', '/search', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].code).toBe('FRAMEWORK__MISSING_REQUEST_PARAMETER')
  })

  it('supports the term criterion of /product', async () => {
    const res = await call<{ elements: Product[] }>('POST', '/product', { body: { term: 'Sagekette', limit: 100 } })
    const found = res.body.elements.map((e) => e.productNumber)
    expect(found).toContain('FS-20001')
    expect(found).toContain('FS-20001.5')
  })
})

describe('POST /product', () => {
  it('filters by manufacturerId and custom fields for manufacturer pages and the product finder', async () => {
    const res = await call<{ elements: Product[]; total: number }>('POST', '/product', {
      body: { filter: [{ type: 'equals', field: 'manufacturerId', value: sid('manufacturer:rotaflex') }], 'total-count-mode': 'exact', limit: 5 },
    })
    // Rotators (4), grapple teeth (6) and grapple shells (6).
    expect(res.body.total).toBe(16)
    expect(res.body.elements).toHaveLength(5)
    for (const e of res.body.elements) expect(e.manufacturer).toMatchObject({ id: sid('manufacturer:rotaflex'), name: 'Rotaflex', link: 'https://rotaflex.example' })
    const finder = await call<{ elements: Product[] }>('POST', '/product', {
      body: {
        filter: [
          { type: 'equals', field: 'customFields.forst_crane_manufacturer', value: 'Nordholz' },
          { type: 'equals', field: 'customFields.forst_crane_type', value: 'Nordholz K 75' },
        ],
      },
    })
    expect(finder.body.elements.map((e) => e.productNumber)).toEqual(['FS-70001', 'FS-70006', 'FS-70011', 'FS-70016', 'FS-70021', 'FS-70024', 'FS-70029', 'FS-70034', 'FS-70039'])
  })

  it('has the machine types in each language: the finder filters and aggregates the translated values', async () => {
    const machineTypes = async (lang: keyof typeof LANGUAGE_IDS) => {
      const res = await call<{ aggregations: Record<string, { buckets: Array<{ key: string; count: number }> }> }>('POST', '/product', {
        body: { limit: 1, aggregations: [{ type: 'terms', name: 'machine-type', field: 'customFields.forst_machine_type' }] }, lang,
      })
      return res.body.aggregations['machine-type']!.buckets.map((b) => [b.key, b.count])
    }
    // The winches themselves are machines: no machine type of their own.
    expect(await machineTypes('de')).toEqual([['Rückewagen', 15], ['Seilwinde FSW 55', 10], ['Seilwinde FSW 80', 10]])
    expect(await machineTypes('en')).toEqual([['Forwarding trailer', 15], ['Winch FSW 55', 10], ['Winch FSW 80', 10]])
    expect(await machineTypes('fr')).toEqual([['Remorque forestière', 15], ['Treuil FSW 55', 10], ['Treuil FSW 80', 10]])
    const parts = (lang: keyof typeof LANGUAGE_IDS, value: string) => call<{ elements: Product[] }>('POST', '/product', {
      body: { filter: [{ type: 'equals', field: 'customFields.forst_machine_type', value }] }, lang,
    })
    const fsw55 = ['FS-80001', 'FS-80003', 'FS-80005', 'FS-80007', 'FS-80009', 'FS-80011', 'FS-80013', 'FS-80015', 'FS-80017', 'FS-80019']
    const en = (await parts('en', 'Winch FSW 55')).body.elements
    expect(en.map((e) => e.productNumber).sort()).toEqual(fsw55)
    expect(en[0]!.customFields).toMatchObject({ forst_machine_type: 'Winch FSW 55', forst_machine_manufacturer: 'Waldkraft' })
    expect((await parts('fr', 'Treuil FSW 55')).body.elements.map((e) => e.productNumber).sort()).toEqual(fsw55)
    // A value is one language's: the German one finds nothing in English.
    expect((await parts('en', 'Seilwinde FSW 55')).body.elements).toEqual([])
  })
})

describe('POST /product/{productId}', () => {
  it('carries everything the product page needs', async () => {
    const res = await call<{ product: Product; configurator: unknown[] }>('POST', `/product/${product('FS-10001')}`, { headers: { 'sw-include-seo-urls': 'true' } })
    expect(res.status).toBe(200)
    const p = res.body.product
    expect(p).toMatchObject({ productNumber: 'FS-10001', available: true, shippingFree: false, customFields: { forst_scope_of_delivery: 'Winde, Gelenkwelle, Funkfernsteuerung, Betriebsanleitung' } })
    expect(p.seoUrls?.[0].seoPathInfo).toBe('forstseilwinde-fsw-35/FS-10001')
    expect(p.deliveryTime).toMatchObject({ name: '1-2 Wochen', min: 1, max: 2, unit: 'week' })
    expect(p.manufacturer).toMatchObject({ name: 'Waldkraft', link: 'https://waldkraft.example', translated: { name: 'Waldkraft' } })
    expect(p.manufacturer.description).toBe('Seilwinden und Rückezubehör aus dem Schwarzwald.')
    expect(p.manufacturer.media.url).toMatch(/\/media\/manufacturer\/waldkraft\.jpg$/)
    expect(p.downloads?.[0].media.url).toMatch(/\.pdf$/)
    expect(p.media?.length).toBeGreaterThan(0)
    expect(p.properties.map((o) => o.group?.name)).toEqual(expect.arrayContaining(['Zugkraft', 'Material']))
    expect(res.body.configurator).toEqual([])
    const thumbnails = p.cover.media.thumbnails
    expect(thumbnails.map((t) => t.width)).toEqual([320, 640])
    for (const t of thumbnails) {
      expect(t.url.startsWith(`${origin}/media/thumbnail/`)).toBe(true)
      const file = await fetch(t.url)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/jpeg')
    }
  })

  it('has tier prices below 200 € and a list price where set', async () => {
    const axe = (await call<{ product: Product }>('POST', `/product/${product('FS-31001')}`)).body.product
    expect(axe.calculatedPrices.map((p) => [p.quantity, p.unitPrice])).toEqual([[9, 69], [49, 65.55], [50, 62.1]])
    const winch = (await call<{ product: Product }>('POST', `/product/${product('FS-10002')}`)).body.product
    expect(winch.calculatedPrices).toEqual([])
    expect(winch.calculatedPrice).toMatchObject({ unitPrice: 3290, listPrice: { price: 3590 } })
  })

  it('shows a variant parent as its best variant with a configurator', async () => {
    const res = await call<{ product: Product; configurator: Array<{ name: string; options: Option[] }> }>('POST', `/product/${product('FS-50002')}`)
    expect(res.body.product.parentId).toBe(product('FS-50002'))
    expect(res.body.configurator.map((g) => g.name)).toEqual(['Größe', 'Farbe'])
    expect(res.body.configurator[0].options.map((o) => o.name)).toEqual(['46', '48', '50', '52', '54', '56', '58', '60'])
    expect(res.body.product.options.map((o) => o.name)).toEqual(['46', 'Orange'])
    // Every size exists in orange; the variant's colour is combinable with all sizes.
    expect(res.body.configurator[0].options.every((o) => o.combinable)).toBe(true)
  })

  it('shows green trousers on the green variants and the orange ones on the others', async () => {
    const shown = async (number: string) => (await call<{ product: Product }>('POST', `/product/${product(number)}`)).body.product
    const orange = await shown('FS-50002.1')
    const green = await shown('FS-50002.2')
    expect(green.options.map((o) => o.name)).toEqual(['46', 'Grün'])
    expect(orange.cover.media.url).toMatch(/\/media\/product\/fs-50002\.jpg$/)
    expect(green.cover.media.url).toMatch(/\/media\/product\/fs-50002-green\.jpg$/)
    expect(green.media?.map((m) => m.media.url.replace(/^.*\/media\//, ''))).toEqual(['product/fs-50002-green.jpg', 'product/fs-50002-green-2.jpg'])
    // Every green size shares the green pictures; every orange size the parent's.
    expect((await shown('FS-50002.16')).cover.media.url).toBe(green.cover.media.url)
    expect((await shown('FS-50002.15')).cover.media.url).toBe(orange.cover.media.url)
    const [orangeFile, greenFile] = await Promise.all([orange, green].map(async (p) => Buffer.from(await (await fetch(p.cover.media.url)).arrayBuffer())))
    expect(greenFile.equals(orangeFile!)).toBe(false)
  })

  it('shows each helmet and marking spray colour on its variant, in that colour', async () => {
    const shown = async (number: string) => (await call<{ product: Product }>('POST', `/product/${product(number)}`)).body.product
    const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
    // The shop colour nearest to the mean of the picture's centre (the shell, the can's body).
    const colourOf = async (url: string) => {
      const jpeg = Buffer.from(await (await fetch(url)).arrayBuffer())
      const centre = await sharp(jpeg).extract({ left: 385, top: 380, width: 50, height: 40 }).png().toBuffer()
      const seen = (await sharp(centre).stats()).channels.slice(0, 3).map((c) => c.mean)
      return Object.entries(COLOURS).map(([key, c]) => ({ key, d: Math.hypot(...rgb(c.hex).map((v, i) => v - seen[i]!)) })).sort((a, b) => a.d - b.d)[0]!.key
    }
    const products: Array<[string, string[]]> = [['FS-50001', ['orange', 'yellow', 'white']], ['FS-60001', ['orange', 'red', 'blue', 'pink', 'yellow', 'white']]]
    for (const [parent, colours] of products) {
      const urls = new Set<string>()
      for (const [k, colour] of colours.entries()) {
        const variant = await shown(`${parent}.${k + 1}`)
        expect(variant.options.map((o) => o.name)).toEqual([COLOURS[colour]!.name[0]])
        // The first colour is the parent's own picture; every other one has pictures of its own.
        const base = `product/${parent.toLowerCase()}${k === 0 ? '' : `-${colour}`}`
        expect(variant.media?.map((m) => m.media.url.replace(/^.*\/media\//, ''))).toEqual([`${base}.jpg`, `${base}-2.jpg`])
        expect(variant.cover.media.url).toMatch(new RegExp(`/media/${base}\\.jpg$`))
        expect(variant.cover.media.thumbnails.length).toBeGreaterThan(0)
        expect(await colourOf(variant.cover.media.url), variant.productNumber).toBe(colour)
        urls.add(variant.cover.media.url)
      }
      expect(urls.size).toBe(colours.length)
    }
  })

  it('marks options that do not combine with the shown variant', async () => {
    const bar = await call<{ configurator: Array<{ name: string; options: Option[] }> }>('POST', `/product/${product('FS-20001.1')}`)
    const groups = Object.fromEntries(bar.body.configurator.map((g) => [g.name, g.options]))
    // FS-20001.1 is 3/8" 1.5 mm 35 cm: '.325"' exists with 1.5 mm and 35 cm, so it is combinable.
    expect(groups['Teilung'].find((o) => o.name === '.325"')?.combinable).toBe(true)
    const rope = await call<{ configurator: Array<{ name: string; options: Option[] }> }>('POST', `/product/${product('FS-21001.7')}`)
    expect(rope.body.configurator.length).toBe(2)
  })

  it('answers 404 CONTENT__PRODUCT_NOT_FOUND for unknown ids', async () => {
    const res = await call<{ errors: Array<{ code: string }> }>('POST', '/product/ffffffffffffffffffffffffffffffff')
    expect(res.status).toBe(404)
    expect(res.body.errors[0].code).toBe('CONTENT__PRODUCT_NOT_FOUND')
  })
})

/** A context token of the demo reseller, written straight into the store's context table. */
function resellerContext(token: string): string {
  const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
  db.prepare('INSERT INTO context (token, payload, updated_at) VALUES (?, ?, ?)').run(token, JSON.stringify({ customerId: sid('customer:reseller') }), new Date().toISOString())
  db.close()
  return token
}

describe('reseller prices', () => {
  it('prices a reseller context from the reseller group and says so in the context', async () => {
    const token = resellerContext('resellertoken0000000000000000001')
    const context = await call<{ currentCustomerGroup: { id: string } }>('GET', '/context', { token })
    expect(context.body.currentCustomerGroup.id).toBe(CUSTOMER_GROUP_IDS.reseller)
    const reseller = (await call<{ product: Product }>('POST', `/product/${product('FS-31001')}`, { token })).body.product
    const standard = (await call<{ product: Product }>('POST', `/product/${product('FS-31001')}`)).body.product
    expect(standard.calculatedPrice.unitPrice).toBe(69)
    expect(reseller.calculatedPrice.unitPrice).toBe(58.65)
    expect(reseller.calculatedPrices.map((p) => p.unitPrice)).toEqual([58.65, 55.72, 52.79])
    const list = (await call<Listing>('POST', `/product-listing/${category('felling')}`, { token, body: { limit: 100 } })).body
    expect(list.elements.find((e) => e.productNumber === 'FS-31001')?.calculatedCheapestPrice.unitPrice).toBe(58.65)
  })
})

describe('remembered filter answers', () => {
  it('are the answers of one language: the same filter read in another language tests its own values', async () => {
    const filter = [{ type: 'equals', field: 'customFields.forst_machine_type', value: 'Rückewagen' }]
    const count = async (lang: keyof typeof LANGUAGE_IDS, key: 'filter' | 'post-filter', page: number) =>
      (await call<{ total: number }>('POST', '/product', { body: { [key]: filter, limit: 1, page, 'total-count-mode': 'exact' }, lang })).body.total
    for (let page = 1; page <= 2; page++) {
      for (const key of ['filter', 'post-filter'] as const) {
        expect(await count('de', key, page)).toBe(15)
        expect(await count('en', key, page)).toBe(0)
        expect(await count('fr', key, page)).toBe(0)
        expect(await count('de', key, page + 2)).toBe(15)
      }
    }
  })
})

describe('cached listing answers', () => {
  it('keeps the answers of one request apart by language, customer group and SEO flag', async () => {
    const token = resellerContext('resellertoken0000000000000000002')
    const body = { limit: 100 }
    const axe = (l: Listing) => l.elements.find((e) => e.productNumber === 'FS-31001')!
    const path = `/product-listing/${category('felling')}`
    for (let round = 0; round < 2; round++) {
      const de = (await call<Listing>('POST', path, { body })).body
      const en = (await call<Listing>('POST', path, { body, lang: 'en' })).body
      const reseller = (await call<Listing>('POST', path, { body, token })).body
      const seo = (await call<Listing>('POST', path, { body, headers: { 'sw-include-seo-urls': 'true' } })).body
      expect(axe(de).translated.name).not.toBe(axe(en).translated.name)
      expect(axe(de).calculatedCheapestPrice.unitPrice).toBe(69)
      expect(axe(reseller).calculatedCheapestPrice.unitPrice).toBe(58.65)
      expect(axe(de).seoUrls ?? []).toEqual([])
      expect(axe(seo).seoUrls?.[0]?.seoPathInfo).toMatch(/FS-31001$/)
    }
  })
  it('keeps product search answers apart by language, customer group and SEO flag', async () => {
    const token = resellerContext('resellertoken0000000000000000003')
    const body = { filter: [{ type: 'equals', field: 'productNumber', value: 'FS-31001' }] }
    const axe = (l: Listing) => l.elements[0]!
    for (let round = 0; round < 2; round++) {
      const de = (await call<Listing>('POST', '/product', { body })).body
      const en = (await call<Listing>('POST', '/product', { body, lang: 'en' })).body
      const reseller = (await call<Listing>('POST', '/product', { body, token })).body
      const seo = (await call<Listing>('POST', '/product', { body, headers: { 'sw-include-seo-urls': 'true' } })).body
      expect(axe(de).translated.name).not.toBe(axe(en).translated.name)
      expect(axe(de).calculatedPrice.unitPrice).toBe(69)
      expect(axe(reseller).calculatedPrice.unitPrice).toBe(58.65)
      expect(axe(de).seoUrls ?? []).toEqual([])
      expect(axe(seo).seoUrls?.[0]?.seoPathInfo).toMatch(/FS-31001$/)
    }
  })
})

describe('answers built from kept product texts', () => {
  it('send each product with the includes applied, and echo input that looks like a placeholder as it was sent', async () => {
    const includes = { product: ['id', 'productNumber', 'calculatedPrice'], calculated_price: ['unitPrice'] }
    for (let round = 0; round < 2; round++) {
      // Each read differs, so each is built from the kept product texts rather than sent from the answer cache.
      for (const term of [`\u0000${round}`, `Kette \u0000${round}"\\u0000${round}`]) {
        const res = await call<Listing & { currentFilters: { search: string } }>('POST', '/search', { body: { search: term, limit: 3, includes } })
        expect(res.status).toBe(200)
        expect(res.body.currentFilters.search).toBe(term)
      }
      const found = await call<Listing>('POST', '/search', { body: { search: 'Kette', limit: 3 + round, includes } })
      expect(found.body.elements.length).toBeGreaterThan(0)
      for (const element of found.body.elements) {
        expect(Object.keys(element).sort()).toEqual(['apiAlias', 'calculatedPrice', 'id', 'productNumber'])
        expect(Object.keys(element.calculatedPrice).sort()).toEqual(['apiAlias', 'unitPrice'])
      }
      const whole = await call<Listing>('POST', '/search', { body: { search: 'Kette', limit: 3 + round } })
      expect(whole.body.elements.map((e) => [e.id, e.productNumber, e.calculatedPrice.unitPrice])).toEqual(
        found.body.elements.map((e) => [e.id, e.productNumber, e.calculatedPrice.unitPrice]),
      )
      expect(whole.body.elements[0]!.translated.name).toBeTruthy()
    }
  })
})

describe('product search aggregations', () => {
  const machineTypes = { type: 'terms', name: 'machine-type', field: 'customFields.forst_machine_type' }
  const prices = { type: 'terms', name: 'prices', field: 'cheapestPrice' }
  type Buckets = Record<string, { buckets: Array<{ key: string; count: number }> }>
  // Every read asks for another page, so none is the store's kept answer to an earlier one: what they share
  // can only come from the kept aggregations.
  let page = 0
  const buckets = async (name: string, body: Record<string, unknown>, options: { lang?: keyof typeof LANGUAGE_IDS; token?: string } = {}) => {
    page++
    const res = await call<{ aggregations: Buckets }>('POST', '/product', { body: { limit: 1, page, ...body }, ...options })
    expect(res.status).toBe(200)
    return res.body.aggregations[name]!.buckets.map((b) => [b.key, b.count])
  }

  it('are kept apart by language, customer group and filters, and are the same for any page and post-filter', async () => {
    const all = [['Rückewagen', 15], ['Seilwinde FSW 55', 10], ['Seilwinde FSW 80', 10]]
    const typeFilter = [{ type: 'equals', field: 'customFields.forst_machine_type', value: 'Rückewagen' }]
    for (let round = 0; round < 2; round++) {
      expect(await buckets('machine-type', { aggregations: [machineTypes] })).toEqual(all)
      expect(await buckets('machine-type', { aggregations: [machineTypes] }, { lang: 'en' })).toEqual([['Forwarding trailer', 15], ['Winch FSW 55', 10], ['Winch FSW 80', 10]])
      expect(await buckets('machine-type', { aggregations: [machineTypes], filter: typeFilter })).toEqual([['Rückewagen', 15]])
      expect(await buckets('machine-type', { aggregations: [machineTypes], 'post-filter': typeFilter })).toEqual(all)
      expect(await buckets('machine-type', { aggregations: [machineTypes], term: 'Rückewagen' })).not.toEqual(all)
    }
    const axe = [{ type: 'equals', field: 'productNumber', value: 'FS-31001' }]
    const token = resellerContext('resellertoken0000000000000000004')
    for (let round = 0; round < 2; round++) {
      const standard = await buckets('prices', { aggregations: [prices], filter: axe })
      const reseller = await buckets('prices', { aggregations: [prices], filter: axe }, { token })
      expect(standard).toHaveLength(1)
      expect(reseller).toHaveLength(1)
      expect(Number(reseller[0]![0])).toBeLessThan(Number(standard[0]![0]))
    }
  })

  it('answer in the criteria\'s order, the filter aggregations under their inner names', async () => {
    const finderLike = [
      { type: 'filter', name: 'narrowed', filter: [{ type: 'equals', field: 'customFields.forst_machine_manufacturer', value: 'Waldkraft' }], aggregation: { ...machineTypes, name: 'waldkraft-types' } },
      machineTypes,
    ]
    for (const aggregations of [finderLike, [finderLike[1]!, finderLike[0]!], finderLike]) {
      page++
      const res = await call<{ aggregations: Buckets }>('POST', '/product', { body: { limit: 1, page, aggregations } })
      expect(Object.keys(res.body.aggregations)).toEqual(aggregations.map((a) => ('aggregation' in a ? a.aggregation.name : a.name)))
      expect(res.body.aggregations['waldkraft-types']!.buckets.map((b) => b.key)).toEqual(['Seilwinde FSW 55', 'Seilwinde FSW 80'])
    }
  })
})

describe('POST /product/{productId}/find-variant', () => {
  const path = `/product/${product('FS-20001')}/find-variant`

  it('finds the variant for a full option list or a group map', async () => {
    const options = [option('pitch:.325"'), option('gauge:1.5'), option('length:40cm')]
    const res = await call<{ foundCombination: { variantId: string; options: string[] } }>('POST', path, { body: { options } })
    expect(res.status).toBe(200)
    expect(res.body.foundCombination.variantId).toBe(product('FS-20001.10'))
    expect(new Set(res.body.foundCombination.options)).toEqual(new Set(options))
    const map = { [sid('property-group:pitch')]: option('pitch:3/8"'), [sid('property-group:gauge')]: option('gauge:1.6'), [sid('property-group:length')]: option('length:50cm') }
    const byGroup = await call<{ foundCombination: { variantId: string } }>('POST', path, { body: { options: map } })
    expect(byGroup.body.foundCombination.variantId).toBe(product('FS-20001.8'))
  })

  it('falls back to the switched group when the full combination does not exist', async () => {
    const rope = `/product/${product('FS-41002')}/find-variant`
    // Dyneema rope has no 100 m; switching the diameter keeps the new diameter.
    const res = await call<{ foundCombination: { variantId: string } }>('POST', rope, {
      body: { options: [option('diameter:12mm'), option('length:100m')], switchedGroup: sid('property-group:diameter') },
    })
    expect(res.status).toBe(200)
    expect([product('FS-41002.5'), product('FS-41002.6')]).toContain(res.body.foundCombination.variantId)
    const strict = await call<{ errors: Array<{ code: string }> }>('POST', rope, { body: { options: [option('diameter:12mm'), option('length:100m')] } })
    expect(strict.status).toBe(404)
    expect(strict.body.errors[0].code).toBe('CONTENT__PRODUCT_VARIANT_NOT_FOUND')
  })
})

describe('reviews and cross-selling', () => {
  it('lists the reviews of a product and of a variant’s parent', async () => {
    const reviewed = (await call<{ elements: Product[] }>('POST', '/product', { body: { filter: [{ type: 'range', field: 'ratingAverage', parameters: { gte: 1 } }, { type: 'equals', field: 'parentId', value: null }], limit: 1 } })).body.elements[0]
    const res = await call<{ elements: Array<{ productId: string; points: number; title: string; content: string; externalUser: string; languageId: string; createdAt: string }>; total: number }>(
      'POST', `/product/${reviewed.id}/reviews`, { body: { 'total-count-mode': 'exact' } },
    )
    expect(res.status).toBe(200)
    expect(res.body.total).toBeGreaterThan(0)
    const first = res.body.elements[0]
    expect(first).toMatchObject({ productId: reviewed.id, externalUser: expect.any(String), title: expect.any(String), languageId: expect.stringMatching(/^[0-9a-f]{32}$/) })
    const average = res.body.elements.reduce((s, r) => s + r.points, 0) / res.body.elements.length
    expect(Math.round(average * 100) / 100).toBe(reviewed.ratingAverage)
    const filtered = await call<{ elements: Array<{ points: number }> }>('POST', `/product/${reviewed.id}/reviews`, { body: { filter: [{ type: 'equals', field: 'points', value: 5 }] } })
    for (const r of filtered.body.elements) expect(r.points).toBe(5)
  })

  it('returns cross-sellings as a bare array with products', async () => {
    // The FSW 55: accessories and its own model's spare parts.
    const res = await call<Array<{ crossSelling: { name: string; position: number; type: string }; products: Product[]; total: number; apiAlias: string }>>('POST', `/product/${product('FS-10003')}/cross-selling`, { lang: 'en' })
    expect(res.body.map((c) => c.crossSelling.name)).toEqual(['Matching accessories', 'Spare parts'])
    expect(res.body[0].products.map((p) => p.productNumber)).toEqual(['FS-41001', 'FS-40001', 'FS-40002', 'FS-40003', 'FS-50001'])
    expect(res.body[0]).toMatchObject({ total: 5, apiAlias: 'cross_selling_element', crossSelling: { type: 'productList', position: 1 } })
  })

  it('applies `includes` from the body to the cross-selling answer, as Shopware does to any store-api answer', async () => {
    const includes = { cross_selling_element: ['crossSelling', 'products'], product_cross_selling: ['name'], product: ['productNumber', 'calculatedPrice'], calculated_price: ['unitPrice'] }
    const res = await call<Array<Record<string, unknown>>>('POST', `/product/${product('FS-10003')}/cross-selling`, { body: { includes } })
    expect(res.status).toBe(200)
    expect(res.body[0]).toEqual({
      crossSelling: { name: 'Passendes Zubehör', apiAlias: 'product_cross_selling' },
      products: expect.arrayContaining([{ productNumber: 'FS-41001', calculatedPrice: { unitPrice: 89, apiAlias: 'calculated_price' }, apiAlias: 'product' }]),
      apiAlias: 'cross_selling_element',
    })
  })
})

describe('cart', () => {
  const add = (token: string, items: Array<{ id: string; quantity?: unknown; type?: string }>) =>
    call<Cart>('POST', '/checkout/cart/line-item', { token, body: { items: items.map((i) => ({ type: 'product', ...i })) } })

  it('adds, stacks, persists and prices line items with shipping', async () => {
    const token = 'carttoken000000000000000000000a1'
    const first = await add(token, [{ id: product('FS-31001'), quantity: 1 }])
    expect(first.status).toBe(200)
    expect(first.headers.get('sw-context-token')).toBe(token)
    expect(first.body.lineItems).toHaveLength(1)
    expect(first.body.errors).toEqual([])
    const again = await add(token, [{ id: product('FS-31001'), quantity: 9 }])
    const item = again.body.lineItems[0]
    expect(item).toMatchObject({ id: product('FS-31001'), referencedId: product('FS-31001'), quantity: 10, label: 'Spaltaxt 2,5 kg' })
    // Ten pieces reach the 10–49 tier.
    expect(item.price).toMatchObject({ unitPrice: 65.55, totalPrice: 655.5 })
    expect(again.body.price.positionPrice).toBe(655.5)
    // Free shipping from 250 €.
    expect(again.body.deliveries[0].shippingCosts.totalPrice).toBe(0)
    expect(again.body.price.totalPrice).toBe(780.05)
    const read = await call<Cart>('GET', '/checkout/cart', { token })
    expect(read.body.lineItems.map((li) => li.quantity)).toEqual([10])
    const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
    expect(db.prepare('SELECT COUNT(*) AS n FROM context WHERE token = ?').get(token)).toEqual({ n: 1 })
    db.close()
  })

  it('charges standard shipping below 250 € unless every item ships free', async () => {
    const small = await add('carttoken000000000000000000000a2', [{ id: product('FS-60003'), quantity: 1 }])
    expect(small.body.deliveries[0].shippingCosts.totalPrice).toBe(6.9)
    const rope = await add('carttoken000000000000000000000a3', [{ id: product('FS-41001.1'), quantity: 1 }])
    expect(rope.body.deliveries[0].shippingCosts.totalPrice).toBe(0)
  })

  it('raises to the minimum, rounds to purchase steps and cuts to the maximum with cart errors', async () => {
    const min = await add('carttoken000000000000000000000b1', [{ id: product('FS-30001.1'), quantity: 1 }])
    expect(min.body.lineItems[0].quantity).toBe(2)
    expect(min.body.lineItems[0].quantityInformation).toEqual({ minPurchase: 2, maxPurchase: 100, purchaseSteps: 2, apiAlias: 'cart_line_item_quantity_information' })
    const minError = (min.body.errors as Record<string, CartError>)[`min-order-quantity${product('FS-30001.1')}`]
    expect(minError).toMatchObject({ messageKey: 'min-order-quantity', level: 10, parameters: { quantity: 2 } })

    const steps = await add('carttoken000000000000000000000b2', [{ id: product('FS-60001.1'), quantity: 14 }])
    expect(steps.body.lineItems[0].quantity).toBe(12)
    expect(errorKeys(steps.body)).toEqual(['purchase-steps-quantity'])

    const max = await add('carttoken000000000000000000000b3', [{ id: product('FS-60001.1'), quantity: 500 }])
    expect(max.body.lineItems[0].quantity).toBe(480)
    const stockError = (max.body.errors as Record<string, CartError>)[`product-stock-reached${product('FS-60001.1')}`]
    expect(stockError).toMatchObject({ level: 10, parameters: { quantity: 480 } })

    const lowStock = await add('carttoken000000000000000000000b4', [{ id: product('FS-10005'), quantity: 50 }])
    const stock = (await call<{ product: Product }>('POST', `/product/${product('FS-10005')}`)).body.product.availableStock
    expect(lowStock.body.lineItems[0].quantity).toBe(stock)
    // The winches exceed 5,000 € net, so the cart also replaces the invoice payment (payment-method-blocked).
    expect(errorKeys(lowStock.body).filter((key) => key.startsWith('product-'))).toEqual(['product-stock-reached'])
  })

  it('drops sold-out, unknown, price-on-request and parent products with level-20 errors', async () => {
    const unknown = 'ffffffffffffffffffffffffffffffff'
    const res = await add('carttoken000000000000000000000c1', [
      { id: product('FS-10007') }, { id: unknown }, { id: product('FS-10006') }, { id: product('FS-20001') }, { id: product('FS-10001') },
    ])
    expect(res.body.lineItems.map((li) => li.referencedId)).toEqual([product('FS-10001')])
    const errs = res.body.errors as Record<string, CartError>
    expect(errs[`product-out-of-stock${product('FS-10007')}`]).toMatchObject({ level: 20, messageKey: 'product-out-of-stock' })
    expect(errs[`product-not-found${unknown}`]).toMatchObject({ level: 20, messageKey: 'product-not-found' })
    expect(errs[`product-not-found${product('FS-10006')}`]).toMatchObject({ level: 20 })
    expect(errs[`product-not-found${product('FS-20001')}`]).toMatchObject({ level: 20 })
    const read = await call<Cart>('GET', '/checkout/cart', { token: 'carttoken000000000000000000000c1' })
    expect(read.body.errors).toEqual([])
  })

  it('rejects invalid quantities and line item types with 400', async () => {
    for (const quantity of [0, -1, 1.5, 'two']) {
      const res = await add('carttoken000000000000000000000d1', [{ id: product('FS-10001'), quantity }])
      expect(res.status).toBe(400)
      expect((res.body as unknown as { errors: Array<{ code: string }> }).errors[0].code).toBe('CHECKOUT__CART_INVALID_LINE_ITEM_QUANTITY')
    }
    const custom = await add('carttoken000000000000000000000d1', [{ id: 'x', type: 'custom' }])
    expect(custom.status).toBe(400)
  })
})

describe('firstInOrder', () => {
  it('gives the start of a stable sort, ties in input order, for any count', () => {
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const items = Array.from({ length: 500 }, (_, id) => ({ id, key: Math.floor(random() * 40) }))
    const compare = (a: { key: number }, b: { key: number }) => a.key - b.key
    const sorted = [...items].sort(compare)
    for (const needed of [0, 1, 2, 12, 61, 499, 500, 800]) expect(firstInOrder(items, compare, needed), `${needed}`).toEqual(sorted.slice(0, needed))
    const descending = [...items].reverse()
    expect(firstInOrder(descending, compare, 30)).toEqual([...descending].sort(compare).slice(0, 30))
  })
})
