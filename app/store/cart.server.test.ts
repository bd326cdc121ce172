import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { addToCart, cartCount, cartMessages, loadCartCount } from './cart.server'
import { testContext } from './test-support.server'

let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

// md5('forst-demo:product:<number>')
const FS_10001 = '7500379cfa8d405f6ddc1d15032ef246'
const FS_10007 = 'b80f54053a6375760450872c358203a5'
const FS_10006 = 'db5679f1dfaf19048ecd70ff57f0285c'

function setup(cookie?: string) {
  const { context } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
  })
  return { context, request: new Request('https://shop.example/', { headers: cookie ? { Cookie: cookie } : undefined }) }
}

describe('cart count', () => {
  it('sums the quantities of product lines that are goods', () => {
    expect(
      cartCount({
        lineItems: [
          { id: 'a', type: 'product', quantity: 3, good: true },
          { id: 'b', type: 'product', quantity: 2, good: true },
          { id: 'c', type: 'promotion', quantity: 1, good: false },
        ] as never,
      }),
    ).toBe(5)
    expect(cartCount(undefined)).toBe(0)
  })

  it('reads no cart without a session', async () => {
    const { context, request } = setup()
    expect(await loadCartCount(context, request, 'de')).toBe(0)
  })
})

describe('cart errors', () => {
  it('accepts the id-keyed object and the empty array', () => {
    expect(cartMessages([])).toEqual([])
    expect(
      cartMessages({
        'min-order-quantityX': { messageKey: 'min-order-quantity', level: 10, parameters: { quantity: 2 } },
        'weirdX': { messageKey: 'something-else', level: 20 },
      }),
    ).toEqual([
      { key: 'min-order-quantity', level: 10, quantity: 2 },
      { key: 'generic', level: 20 },
    ])
  })
})

describe('addToCart', () => {
  it('starts a session, adds the product and counts it for the header', async () => {
    const { context, request } = setup()
    const result = await addToCart(context, request, 'de', FS_10001, 2)
    expect(result).toMatchObject({ added: true, messages: [], count: 2 })
    expect(result.headers[0]).toMatch(/^sw-context-token=[A-Za-z0-9]+;/)

    const token = result.headers[0]!.split(';')[0]!
    const next = setup(token)
    expect(await loadCartCount(next.context, next.request, 'de')).toBe(2)
    const again = await addToCart(next.context, next.request, 'de', FS_10001, 1)
    expect(again.count).toBe(3)
    // The session's token did not change: no cookie to set again.
    expect(again.headers).toEqual([])
  })

  it('reports the store refusing a product without stock or price', async () => {
    const { context, request } = setup()
    const outOfStock = await addToCart(context, request, 'de', FS_10007, 1)
    expect(outOfStock.added).toBe(false)
    expect(outOfStock.messages.map((m) => m.key)).toEqual(['product-out-of-stock'])
    const onRequest = await addToCart(context, request, 'de', FS_10006, 1)
    expect(onRequest.messages.map((m) => m.key)).toEqual(['product-not-found'])
  })
})
