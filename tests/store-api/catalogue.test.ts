import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANCHOR_CATEGORY_IDS, DEFAULT_PRODUCT_CMS_PAGE_ID, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { elementsOf, expectConformant, expectStoreError, startDemoStore, type DemoStoreServer } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

const product = (number: string) => sid(`product:${number}`)
const seo = { 'sw-include-seo-urls': 'true' }

describe('POST /product-listing/{categoryId}', () => {
  const operation = 'POST /product-listing/{categoryId}'

  it('conforms with aggregations, filters and SEO URLs', async () => {
    const response = await store.call('POST', `/product-listing/${ANCHOR_CATEGORY_IDS.products}`, {
      body: { order: 'price-desc', limit: 5, 'reduce-aggregations': true, 'shipping-free': true },
      headers: seo,
    })
    expect(response.status).toBe(200)
    expectConformant(operation, response)
    expect(response.body).toMatchObject({ apiAlias: 'product_listing', entity: 'product', sorting: 'price-desc', limit: 5 })
    expect(elementsOf(response).length).toBeGreaterThan(0)
  })

  it('conforms for the GET twin with query parameters', async () => {
    const response = await store.call('GET', `/product-listing/${ANCHOR_CATEGORY_IDS.spareParts}`, { query: { p: '2', order: 'name-desc' } })
    expect(response.status).toBe(200)
    expectConformant(`GET /product-listing/{categoryId}`, response)
    expect(response.body).toMatchObject({ page: 2, sorting: 'name-desc' })
  })

  it('answers 404 CONTENT__CATEGORY_NOT_FOUND for an unknown category', async () => {
    expectStoreError(operation, await store.call('POST', `/product-listing/${randomHex()}`, { body: {} }), 404, 'CONTENT__CATEGORY_NOT_FOUND')
  })
})

describe('POST /search and /search-suggest', () => {
  it('conforms for a search in English', async () => {
    const response = await store.call('POST', '/search', { body: { search: 'saw chain' }, languageId: LANGUAGE_IDS.en, headers: seo })
    expect(response.status).toBe(200)
    expectConformant('POST /search', response)
    expect(response.body).toMatchObject({ sorting: 'score', currentFilters: { search: 'saw chain' } })
  })

  it('answers 400 FRAMEWORK__MISSING_REQUEST_PARAMETER without a search term', async () => {
    expectStoreError('POST /search', await store.call('POST', '/search', { body: {} }), 400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER')
  })

  it('conforms for search-suggest', async () => {
    const response = await store.call('POST', '/search-suggest', { body: { search: 'Fällkeil' } })
    expect(response.status).toBe(200)
    expectConformant('POST /search-suggest', response)
    expect(response.body).toMatchObject({ aggregations: {}, availableSortings: [] })
  })
})

describe('POST /product', () => {
  it('conforms as a search result of products', async () => {
    const response = await store.call('POST', '/product', {
      body: { filter: [{ type: 'equals', field: 'manufacturerId', value: sid('manufacturer:waldkraft') }], limit: 3, 'total-count-mode': 'exact' },
    })
    expect(response.status).toBe(200)
    expectConformant('POST /product', response)
    expect(response.body).toMatchObject({ apiAlias: 'dal_entity_search_result', entity: 'product' })
  })
})

describe('POST /product/{productId}', () => {
  const operation = 'POST /product/{productId}'

  it('conforms for a variant product with its configurator', async () => {
    const response = await store.call('POST', `/product/${product('FS-20001')}`, { headers: seo })
    expect(response.status).toBe(200)
    expectConformant(operation, response)
    expect(response.body).toMatchObject({ apiAlias: 'product_detail', product: { parentId: product('FS-20001') } })
  })

  it('conforms for a simple product with downloads, tier prices and a list price', async () => {
    for (const number of ['FS-10001', 'FS-10002', 'FS-30002.1', 'FS-10006']) {
      const response = await store.call('POST', `/product/${product(number)}`)
      expect(response.status).toBe(200)
      expectConformant(operation, response)
    }
  })

  it("sets the product's SEO category (a variant: its parent's) with path, breadcrumb and SEO URLs, as ProductDetailRoute does; lists leave it null", async () => {
    const detail = await store.call('POST', `/product/${product('FS-20001.2')}`, { headers: { ...seo, 'sw-language-id': LANGUAGE_IDS.en } })
    expectConformant(operation, detail)
    const seoCategory = (detail.body as { product: { seoCategory: Record<string, unknown> } }).product.seoCategory
    expect(seoCategory).toMatchObject({ apiAlias: 'category', path: expect.stringMatching(/^\|[0-9a-f]{32}\|[0-9a-f]{32}\|$/) })
    expect((seoCategory.translated as { breadcrumb: string[] }).breadcrumb.slice(1)).toEqual(['Products', 'Saw chains & guide bars'])
    expect((seoCategory.seoUrls as { seoPathInfo: string }[]).map((u) => u.seoPathInfo)).toEqual(['products/saw-chains-guide-bars/'])
    const list = await store.call('POST', '/product', { body: { ids: [product('FS-20001.2')] } })
    expect(elementsOf(list)[0]).toMatchObject({ seoCategory: null })
  })

  it('answers 404 CONTENT__PRODUCT_NOT_FOUND for an unknown product', async () => {
    expectStoreError(operation, await store.call('POST', `/product/${randomHex()}`), 404, 'CONTENT__PRODUCT_NOT_FOUND')
  })
})

describe('POST /product/{productId}/find-variant', () => {
  const operation = 'POST /product/{productId}/find-variant'

  it('conforms for a found combination', async () => {
    const options = [sid('option:pitch:.325"'), sid('option:gauge:1.5'), sid('option:length:40cm')]
    const response = await store.call('POST', `/product/${product('FS-20001')}/find-variant`, { body: { options } })
    expect(response.status).toBe(200)
    expectConformant(operation, response)
  })

  it('answers 404 CONTENT__PRODUCT_VARIANT_NOT_FOUND for a combination that does not exist', async () => {
    const response = await store.call('POST', `/product/${product('FS-20001')}/find-variant`, { body: { options: [randomHex()] } })
    expectStoreError(operation, response, 404, 'CONTENT__PRODUCT_VARIANT_NOT_FOUND')
  })

  it('answers 400 for options that are not strings', async () => {
    const response = await store.call('POST', `/product/${product('FS-20001')}/find-variant`, { body: { options: [1, 2] } })
    expectStoreError(operation, response, 400, 'PRODUCT_INVALID_OPTIONS_PARAMETER')
  })
})

describe('POST /product/{productId}/reviews and /cross-selling', () => {
  it('conforms for reviews', async () => {
    const response = await store.call('POST', `/product/${product('FS-20001')}/reviews`, { body: { 'total-count-mode': 'exact' } })
    expect(response.status).toBe(200)
    expectConformant('POST /product/{productId}/reviews', response)
  })

  it('conforms for cross-sellings (a bare array)', async () => {
    const response = await store.call('POST', `/product/${product('FS-10001')}/cross-selling`, { headers: seo })
    expect(response.status).toBe(200)
    expectConformant('POST /product/{productId}/cross-selling', response)
    expect(Array.isArray(response.body)).toBe(true)
  })
})

describe('cart', () => {
  it('conforms for an empty cart and for one with adjusted items and errors', async () => {
    const empty = await store.call('GET', '/checkout/cart')
    expect(empty.status).toBe(200)
    expectConformant('GET /checkout/cart', empty)
    expect(empty.body).toMatchObject({ lineItems: [], errors: [], apiAlias: 'cart' })

    const token = empty.headers.get('sw-context-token') ?? ''
    const added = await store.call('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ id: product('FS-30001.1'), type: 'product', quantity: 1 }, { id: product('FS-10001'), type: 'product', quantity: 1 }] },
    })
    expect(added.status).toBe(200)
    expectConformant('POST /checkout/cart/line-item', added)
    expect(Object.keys((added.body as { errors: Record<string, unknown> }).errors)).toEqual([`min-order-quantity${product('FS-30001.1')}`])

    const read = await store.call('GET', '/checkout/cart', { token })
    expectConformant('GET /checkout/cart', read)
  })

  it('answers 400 CHECKOUT__CART_INVALID_LINE_ITEM_QUANTITY for a quantity below 1', async () => {
    const response = await store.call('POST', '/checkout/cart/line-item', { body: { items: [{ id: product('FS-10001'), type: 'product', quantity: 0 }] } })
    expectStoreError('POST /checkout/cart/line-item', response, 400, 'CHECKOUT__CART_INVALID_LINE_ITEM_QUANTITY')
  })
})

describe('entity aggregations (every definition the seed has)', () => {
  const entity = (name: string, field: string, definition: string) => ({ name, type: 'entity', field, definition })
  type EntityResult = { name: string; entities: { id: string; apiAlias: string; name?: string }[]; apiAlias: string }
  const aggregationsOf = (response: { body: unknown }) => (response.body as { aggregations: Record<string, EntityResult> }).aggregations

  it('answers POST /search with the categories of the hits (categoriesRo.id, categories.id), which was 400', async () => {
    const response = await store.call('POST', '/search', {
      body: {
        search: 'Sägekette',
        aggregations: [entity('category-tree', 'categoriesRo.id', 'category'), entity('categories', 'categories.id', 'category')],
      },
    })
    expect(response.status).toBe(200)
    expectConformant('POST /search', response)
    const { 'category-tree': tree, categories } = aggregationsOf(response)
    expect(tree).toMatchObject({ name: 'category-tree', apiAlias: 'category-tree_aggregation' })
    for (const category of [...tree.entities, ...categories.entities]) expect(category.apiAlias).toBe('category')
    // The read-only tree holds the assigned categories and their ancestors (up to the root).
    expect(tree.entities.map((c) => c.id)).toEqual(expect.arrayContaining([ANCHOR_CATEGORY_IDS.products, ...categories.entities.map((c) => c.id)]))
    expect(categories.entities.map((c) => c.id)).not.toContain(ANCHOR_CATEGORY_IDS.products)
  })

  it.each([
    ['manufacturerId', 'product_manufacturer', 'product_manufacturer'],
    ['properties.id', 'property_group_option', 'property_group_option'],
    ['properties.groupId', 'property_group', 'property_group'],
    ['options.id', 'property_group_option', 'property_group_option'],
    ['tags.id', 'tag', 'tag'],
    ['deliveryTimeId', 'delivery_time', 'delivery_time'],
    ['taxId', 'tax', 'tax'],
    ['parentId', 'product', 'product'],
    ['categoriesRo.id', 'category', 'category'],
  ])('lists %s as %s entities in listings and /product', async (field, definition, apiAlias) => {
    const listing = await store.call('POST', `/product-listing/${ANCHOR_CATEGORY_IDS.products}`, { body: { aggregations: [entity('x', field, definition)] } })
    expect(listing.status).toBe(200)
    expectConformant('POST /product-listing/{categoryId}', listing)
    const products = await store.call('POST', '/product', { body: { limit: 1, aggregations: [entity('x', field, definition)] } })
    expect(products.status).toBe(200)
    expectConformant('POST /product', products)
    for (const response of [listing, products]) {
      const { entities } = aggregationsOf(response).x
      expect(entities.length, `${field} → ${definition}`).toBeGreaterThan(0)
      for (const found of entities) expect(found.apiAlias).toBe(apiAlias)
    }
  })

  it('finds nothing when the ids belong to another definition, and 400 for a definition that does not exist', async () => {
    const other = await store.call('POST', '/product', { body: { limit: 1, aggregations: [entity('x', 'manufacturerId', 'currency')] } })
    expect(other.status).toBe(200)
    expect(aggregationsOf(other).x.entities).toEqual([])
    const unknown = await store.call('POST', '/search', { body: { search: 'Säge', aggregations: [entity('x', 'categories.id', 'no_such_definition')] } })
    expectStoreError('POST /search', unknown, 400, 'FRAMEWORK__DEFINITION_NOT_FOUND')
    const prototype = await store.call('POST', '/product', { body: { aggregations: [entity('x', 'id', 'constructor')] } })
    expectStoreError('POST /product', prototype, 400, 'FRAMEWORK__DEFINITION_NOT_FOUND')
  })
})

describe('POST /product/{productId}: the product detail layout (ProductDetailRoute loads the product\'s CMS page)', () => {
  const operation = 'POST /product/{productId}'
  interface Slot { type: string; slot: string; data?: Record<string, unknown> }
  interface Block { type: string; slots: Slot[] }
  interface DetailProduct {
    id: string
    parentId?: string
    cmsPageId?: string
    translated: { name: string }
    cover: { id: string; media: { id: string } }
    media: { id: string; media: { id: string } }[]
    manufacturer: { id: string; media?: { id: string } }
    cmsPage?: { id: string; type: string; sections: { blocks: Block[] }[]; apiAlias: string }
  }
  const detailOf = (response: { body: unknown }) => response.body as { product: DetailProduct; configurator: { id: string }[] }
  const slotsOf = (product: DetailProduct) => Object.fromEntries(product.cmsPage!.sections.flatMap((s) => s.blocks).flatMap((b) => b.slots).map((slot) => [slot.type, slot]))

  it('resolves the default layout for a simple product: heading, gallery, buy box, description and reviews, cross-selling', async () => {
    // The FSW 55: a simple product with accessories and spare parts.
    const response = await store.call('POST', `/product/${product('FS-10003')}`, { headers: seo })
    expect(response.status).toBe(200)
    expectConformant(operation, response)
    const shown = detailOf(response).product
    expect(shown.cmsPageId).toBe(DEFAULT_PRODUCT_CMS_PAGE_ID)
    expect(shown.cmsPage).toMatchObject({ id: DEFAULT_PRODUCT_CMS_PAGE_ID, type: 'product_detail', apiAlias: 'cms_page' })
    expect(shown.cmsPage!.sections.flatMap((s) => s.blocks).map((b) => b.type)).toEqual([
      'product-heading', 'gallery-buybox', 'product-description-reviews', 'cross-selling',
    ])
    const slots = slotsOf(shown)
    expect(slots['product-name']!.data).toEqual({ content: shown.translated.name, apiAlias: 'cms_text' })
    expect(slots['manufacturer-logo']!.data).toMatchObject({
      manufacturer: { id: shown.manufacturer.id }, media: { id: shown.manufacturer.media!.id }, newTab: true, apiAlias: 'cms_manufacturer_logo',
    })
    // The winch has three pictures; the cover leads.
    const gallery = slots['image-gallery']!.data as { sliderItems: { media: { id: string } }[] }
    expect(gallery.sliderItems.map((item) => item.media.id)).toEqual([shown.cover.media.id, ...shown.media.map((m) => m.media.id).filter((id) => id !== shown.cover.media.id)])
    expect(gallery.sliderItems).toHaveLength(3)
    expect(slots['buy-box']!.data).toMatchObject({ productId: shown.id, product: { id: shown.id }, configuratorSettings: [], totalReviews: expect.any(Number), apiAlias: 'cms_buy_box' })
    expect(slots['product-description-reviews']!.data).toMatchObject({
      product: { id: shown.id },
      reviews: { entity: 'product_review', productId: shown.id, matrix: { totalReviewCount: expect.any(Number) }, apiAlias: 'dal_entity_search_result' },
      apiAlias: 'cms_product_description_reviews',
    })
    const crossSellings = (slots['cross-selling']!.data as { crossSellings: { crossSelling: { name: string }; products: unknown[]; apiAlias: string }[] }).crossSellings
    expect(crossSellings.map((c) => c.apiAlias)).toEqual(['cross_selling_element', 'cross_selling_element'])
    expect(crossSellings[0]!.products.length).toBeGreaterThan(0)
    // Slots carry a copy of the product, never the page itself.
    expect((slots['buy-box']!.data as { product: { cmsPage?: unknown } }).product.cmsPage).toBeUndefined()
  })

  it('resolves the shown variant of a parent, with its configurator in the buy box', async () => {
    const response = await store.call('POST', `/product/${product('FS-20001')}`)
    expectConformant(operation, response)
    const { product: shown, configurator } = detailOf(response)
    expect(shown.parentId).toBe(product('FS-20001'))
    const slots = slotsOf(shown)
    expect(slots['buy-box']!.data).toMatchObject({ productId: shown.id })
    expect((slots['buy-box']!.data as { configuratorSettings: { id: string }[] }).configuratorSettings.map((g) => g.id)).toEqual(configurator.map((g) => g.id))
    const reviews = (slots['product-description-reviews']!.data as { reviews: { parentId: string; totalReviews: number; elements: { points: number }[] } }).reviews
    expect(reviews.parentId).toBe(product('FS-20001'))
    const own = await store.call('POST', `/product/${product('FS-20001')}/reviews`, { body: { 'total-count-mode': 'exact' } })
    expect(reviews.totalReviews).toBe((own.body as { total: number }).total)
    expect(reviews.elements.map((r) => r.points)).toEqual([...reviews.elements.map((r) => r.points)].sort((a, b) => b - a))
    const crossSelling = await store.call('POST', `/product/${product('FS-20001')}/cross-selling`)
    expect((slots['cross-selling']!.data as { crossSellings?: unknown }).crossSellings).toEqual(crossSelling.body)
  })

  it('leaves the page out with skipCmsPage, and includes can leave it out too', async () => {
    const skipped = await store.call('POST', `/product/${product('FS-10001')}`, { query: { skipCmsPage: 'true' } })
    expectConformant(operation, skipped)
    expect(detailOf(skipped).product.cmsPage).toBeUndefined()
    expect(detailOf(skipped).product.cmsPageId).toBe(DEFAULT_PRODUCT_CMS_PAGE_ID)
    const slim = await store.call('POST', `/product/${product('FS-10001')}`, { body: { includes: { product: ['id', 'name'] } } })
    expect(Object.keys(detailOf(slim).product).sort()).toEqual(['apiAlias', 'id', 'name'])
  })

  it('gives every product the default layout id, in listings too', async () => {
    const listing = await store.call('POST', `/product-listing/${ANCHOR_CATEGORY_IDS.products}`, { body: { limit: 3 } })
    for (const element of elementsOf(listing)) expect(element.cmsPageId).toBe(DEFAULT_PRODUCT_CMS_PAGE_ID)
  })

  it('serves the layout itself through POST /cms/{id}, with empty slot data outside a product', async () => {
    const response = await store.call('POST', `/cms/${DEFAULT_PRODUCT_CMS_PAGE_ID}`)
    expect(response.status).toBe(200)
    expectConformant('POST /cms/{id}', response)
    expect(response.body).toMatchObject({ id: DEFAULT_PRODUCT_CMS_PAGE_ID, type: 'product_detail', name: 'Standard Produktseite-Layout' })
  })
})
