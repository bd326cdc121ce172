import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANCHOR_CATEGORY_IDS, LANGUAGE_IDS } from '../../server/demo-store/constants'
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
