import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { expectConformant, expectStoreError, guestToken, logInToken, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'
import { malformedBodyFailures } from './mail-helpers'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

type Json = Record<string, unknown>
type Product = { id: string; productNumber: string; calculatedPrice: { unitPrice: number }; calculatedPrices: Array<{ unitPrice: number }> }
type WishlistBody = { wishlist: Json; products: { elements: Product[]; total: number; page: number; limit: number }; apiAlias: string }

const product = (number: string) => sid(`product:${number}`)

const logIn = (account: { email: string; password: string }) => logInToken(store, account)

const load = (token: string | undefined, body: Json = {}) => store.call('POST', '/customer/wishlist', { token, body })
const add = (token: string | undefined, id: string) => store.call('POST', `/customer/wishlist/add/${id}`, { token })
const remove = (token: string | undefined, id: string) => store.call('DELETE', `/customer/wishlist/delete/${id}`, { token })
const merge = (token: string | undefined, body: unknown) => store.call('POST', '/customer/wishlist/merge', { token, body })

function numbersOf(response: StoreResponse): string[] {
  return (response.body as WishlistBody).products.elements.map((p) => p.productNumber)
}

describe('who may use the wishlist (_loginRequired, no guests)', () => {
  it('refuses anonymous clients on every route with 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN', async () => {
    expectStoreError('POST /customer/wishlist', await load(undefined), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expectStoreError('POST /customer/wishlist/add/{productId}', await add(undefined, product('FS-10001')), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expectStoreError('DELETE /customer/wishlist/delete/{productId}', await remove(undefined, product('FS-10001')), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expectStoreError('POST /customer/wishlist/merge', await merge(undefined, { productIds: [product('FS-10001')] }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('refuses a guest session like an anonymous one', async () => {
    const token = await guestToken(store, 'wish-guest')
    expectStoreError('POST /customer/wishlist/add/{productId}', await add(token, product('FS-10001')), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expectStoreError('POST /customer/wishlist', await load(token), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('a customer’s wishlist', () => {
  let token = ''
  beforeAll(async () => {
    token = await logIn(DEMO_ACCOUNTS.customer)
  })

  it('has no wishlist before the first add: 404 CHECKOUT__WISHLIST_NOT_FOUND (load and delete)', async () => {
    expectStoreError('POST /customer/wishlist', await load(token), 404, 'CHECKOUT__WISHLIST_NOT_FOUND')
    const response = await remove(token, product('FS-10001'))
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ errors: [{ code: 'CHECKOUT__WISHLIST_NOT_FOUND' }] })
  })

  it('adds products and lists them newest first with the POST /product shape', async () => {
    for (const number of ['FS-10001', 'FS-31001', 'FS-20001.3']) {
      const response = await add(token, product(number))
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ success: true, apiAlias: 'array_struct' })
      expectConformant('POST /customer/wishlist/add/{productId}', response)
    }
    const response = await load(token)
    expect(response.status).toBe(200)
    expectConformant('POST /customer/wishlist', response)
    const body = response.body as WishlistBody
    expect(body.apiAlias).toBe('wishlist_products')
    expect(body.wishlist).toMatchObject({ customerId: sid('customer:customer'), apiAlias: 'customer_wishlist' })
    expect(numbersOf(response)).toEqual(['FS-20001.3', 'FS-31001', 'FS-10001'])
    expect(body.products.total).toBe(3)
    const fromProductRoute = await store.call('POST', '/product', { token, body: { ids: [product('FS-31001')] } })
    const expected = (fromProductRoute.body as { elements: Product[] }).elements[0]
    expect(body.products.elements[1]).toEqual(expected)
  })

  it('answers a second add of the same product with 400 CHECKOUT__DUPLICATE_WISHLIST_PRODUCT', async () => {
    const response = await add(token, product('FS-10001'))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ errors: [{ status: '400', code: 'CHECKOUT__DUPLICATE_WISHLIST_PRODUCT', detail: 'Product already added in wishlist' }] })
    expect(numbersOf(await load(token))).toEqual(['FS-20001.3', 'FS-31001', 'FS-10001'])
  })

  it('refuses unknown and malformed product ids', async () => {
    const unknown = await add(token, sid('product:FS-nope'))
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ errors: [{ code: 'CONTENT__PRODUCT_NOT_FOUND' }] })
    const malformed = await add(token, 'not-a-uuid')
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ errors: [{ code: 'FRAMEWORK__INVALID_UUID' }] })
  })

  it('pages with page/limit/total-count-mode and narrows with includes', async () => {
    const first = await load(token, { page: 1, limit: 2, 'total-count-mode': 'exact' })
    expect(numbersOf(first)).toEqual(['FS-20001.3', 'FS-31001'])
    expect((first.body as WishlistBody).products).toMatchObject({ total: 3, page: 1, limit: 2 })
    const second = await load(token, { page: 2, limit: 2, 'total-count-mode': 'exact' })
    expect(numbersOf(second)).toEqual(['FS-10001'])
    const narrow = await load(token, { includes: { product: ['id', 'productNumber'] } })
    expect((narrow.body as WishlistBody).products.elements[0]).toEqual({ id: product('FS-20001.3'), productNumber: 'FS-20001.3', apiAlias: 'product' })
  })

  it('removes a product; a product not on the list is 404 CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND', async () => {
    const removed = await remove(token, product('FS-31001'))
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ success: true, apiAlias: 'array_struct' })
    expectConformant('DELETE /customer/wishlist/delete/{productId}', removed)
    expectStoreError('DELETE /customer/wishlist/delete/{productId}', await remove(token, product('FS-31001')), 404, 'CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND')
    expect(numbersOf(await load(token))).toEqual(['FS-20001.3', 'FS-10001'])
  })

  it('keeps the emptied wishlist: loading it then answers an empty result, not 404', async () => {
    await remove(token, product('FS-20001.3'))
    await remove(token, product('FS-10001'))
    const response = await load(token)
    expect(response.status).toBe(200)
    expect((response.body as WishlistBody).products).toMatchObject({ elements: [], total: 0 })
  })

  it('merges ids: unknown ones and duplicates are skipped, products already listed stay once', async () => {
    await add(token, product('FS-10002'))
    const response = await merge(token, { productIds: [product('FS-30001.1'), product('FS-10002'), sid('product:FS-nope'), product('FS-30001.1'), ''] })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true, apiAlias: 'array_struct' })
    expectConformant('POST /customer/wishlist/merge', response)
    expect(numbersOf(await load(token)).sort()).toEqual(['FS-10002', 'FS-30001.1'])
    // The list survives a new login (it belongs to the customer, not the session).
    const again = await logIn(DEMO_ACCOUNTS.customer)
    expect(numbersOf(await load(again)).sort()).toEqual(['FS-10002', 'FS-30001.1'])
  })

  it('answers a merge without productIds with 400 CHECKOUT__PRODUCT_IDS_PARAMETER_IS_MISSING', async () => {
    expectStoreError('POST /customer/wishlist/merge', await merge(token, {}), 400, 'CHECKOUT__PRODUCT_IDS_PARAMETER_IS_MISSING')
    expectStoreError('POST /customer/wishlist/merge', await merge(token, { productIds: 'x' }), 400, 'CHECKOUT__PRODUCT_IDS_PARAMETER_IS_MISSING')
  })
})

describe('prices on the wishlist', () => {
  it('shows a reseller the reseller prices, as POST /product does', async () => {
    const token = await logIn(DEMO_ACCOUNTS.reseller)
    // A merge creates the wishlist too (MergeWishlistProductRoute upserts it).
    expect((await merge(token, { productIds: [product('FS-31001')] })).status).toBe(200)
    const body = (await load(token)).body as WishlistBody
    expect(body.products.elements.map((p) => p.productNumber)).toEqual(['FS-31001'])
    expect(body.products.elements[0].calculatedPrices.map((p) => p.unitPrice)).toEqual([58.65, 55.72, 52.79])
  })
})

describe('bad input', () => {
  it('answers bodies of the wrong shape below 500 with the error envelope (logged in)', async () => {
    const token = await logIn(DEMO_ACCOUNTS.reseller)
    const routes: Array<[string, string]> = [['POST', '/customer/wishlist'], ['POST', '/customer/wishlist/merge'], ['POST', `/customer/wishlist/add/${product('FS-10001')}`]]
    expect(await malformedBodyFailures(store, routes, token)).toEqual([])
  })
})
