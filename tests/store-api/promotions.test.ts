// Promotions of the demo store against Shopware's contract (store-api-notes §6): codes as
// `{type:'promotion', referencedId}`, discount line items, exclusions, codes that wait for their condition,
// automatic free shipping, and the notices of each calculation.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPPING_METHOD_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { promotionDiscountId, promotionId } from '../../server/demo-store/seed/promotions'
import { expectConformant, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

interface CartError { key: string; messageKey: string; level: number; block: boolean; parameters: Record<string, unknown> }
interface Tax { tax: number; taxRate: number; price: number }
interface Line { id: string; referencedId: string; type: string; label: string; quantity: number; good: boolean; removable: boolean; price: { totalPrice: number; calculatedTaxes: Tax[] }; payload: Record<string, unknown> }
interface Cart {
  lineItems: Line[]
  errors: CartError[] | Record<string, CartError>
  price: { netPrice: number; totalPrice: number; positionPrice: number; calculatedTaxes: Tax[] }
  deliveries: Array<{ shippingCosts: { totalPrice: number } }>
}

const FORST10 = promotionDiscountId('forst10')
const SAEGE5 = promotionDiscountId('saege5')
const GROSS50 = promotionDiscountId('gross50')
const FREE_SHIPPING = promotionDiscountId('free-shipping')
const product = (number: string) => sid(`product:${number}`)
const tokenOf = (response: StoreResponse) => response.headers.get('sw-context-token') ?? ''
const errorList = (cart: Cart): CartError[] => (Array.isArray(cart.errors) ? cart.errors : Object.values(cart.errors))
const promotions = (cart: Cart) => cart.lineItems.filter((li) => li.type === 'promotion')

async function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<{ cart: Cart; token: string }> {
  const response = await store.call(method, path, { token, body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expectConformant(`${method} ${path}`, response)
  return { cart: response.body as Cart, token: tokenOf(response) }
}

const addProducts = (token: string | undefined, items: Array<[string, number]>) =>
  call('POST', '/checkout/cart/line-item', token, { items: items.map(([number, quantity]) => ({ id: product(number), type: 'product', quantity })) })
const addCode = (token: string | undefined, code: string) => call('POST', '/checkout/cart/line-item', token, { items: [{ type: 'promotion', referencedId: code }] })
const read = (token: string) => call('GET', '/checkout/cart', token)

describe('codes', () => {
  it('adds FORST10 as a discount line item in Shopware’s shape, 10 % spread over the tax rates', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 2], ['FS-95002', 1]])
    const { cart } = await addCode(token, 'FORST10')
    expect(promotions(cart)).toEqual([expect.objectContaining({
      id: FORST10, referencedId: 'FORST10', label: '10 % Forst-Rabatt', type: 'promotion', good: false, removable: true, quantity: 1,
      payload: expect.objectContaining({ promotionId: promotionId('forst10'), discountId: FORST10, discountType: 'percentage', code: 'FORST10', value: '10', discountScope: 'cart' }),
    })])
    // 138.00 at 19 % + 39.90 at 7 % = 177.90; 10 % = 17.79, of which 13.80 at 19 % and 3.99 at 7 %.
    expect(promotions(cart)[0].price).toMatchObject({ totalPrice: -17.79, calculatedTaxes: [{ taxRate: 19, price: -13.8, tax: -2.62 }, { taxRate: 7, price: -3.99, tax: -0.28 }] })
    expect(errorList(cart)).toEqual([expect.objectContaining({ key: `promotion-discount-added-${FORST10}`, messageKey: 'promotion-discount-added', level: 0, block: false, parameters: { name: '10 % Forst-Rabatt', discountLineItemId: FORST10 } })])
    expect(cart.price).toMatchObject({ positionPrice: 160.11, netPrice: 167.01 })
    expect(cart.price.totalPrice).toBe(Math.round((cart.price.netPrice + cart.price.calculatedTaxes.reduce((s, t) => s + t.tax, 0)) * 100) / 100)

    // Stays on the next read, without the notice (it is only given when the discount is new).
    const again = await read(token)
    expect(promotions(again.cart).map((li) => li.id)).toEqual([FORST10])
    expect(again.cart.errors).toEqual([])
  })

  it('takes 5 € off with SAEGE5 and finds codes regardless of case', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 1]])
    const { cart } = await addCode(token, 'saege5')
    expect(promotions(cart)).toEqual([expect.objectContaining({ id: SAEGE5, referencedId: 'SAEGE5', price: expect.objectContaining({ totalPrice: -5 }) })])
    expect(cart.price.positionPrice).toBe(64)
  })

  it('answers promotion-not-found for an unknown code and forgets it', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 1]])
    const { cart } = await addCode(token, 'KEINRABATT')
    expect(errorList(cart)).toEqual([expect.objectContaining({ key: 'promotion-not-found', messageKey: 'promotion-not-found', level: 20, block: false, parameters: { code: 'KEINRABATT' }, promotionCode: 'KEINRABATT' })])
    expect(promotions(cart)).toEqual([])
    expect((await read(token)).cart.errors).toEqual([])
  })

  it('keeps a code entered into an empty cart (promotions-on-cart-price-zero-error) and applies it with the first product', async () => {
    const { cart, token } = await addCode(undefined, 'FORST10')
    expect(errorList(cart)).toEqual([expect.objectContaining({ key: 'promotions-on-cart-price-zero-error', level: 0, block: false, parameters: { promotions: '10 % Forst-Rabatt' }, promotions: ['10 % Forst-Rabatt'] })])
    const withProduct = await addProducts(token, [['FS-31001', 1]])
    expect(promotions(withProduct.cart).map((li) => [li.id, li.price.totalPrice])).toEqual([[FORST10, -6.9]])
  })

  it('removes a code’s discount through /line-item/delete with its id; the code is gone', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 1]])
    await addCode(token, 'FORST10')
    const removed = await call('POST', '/checkout/cart/line-item/delete', token, { ids: [FORST10] })
    expect(promotions(removed.cart)).toEqual([])
    expect(removed.cart.errors).toEqual([])
    expect(promotions((await read(token)).cart)).toEqual([])
  })

  it('removes a waiting code through its placeholder id md5("promotion-" + code)', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 1]])
    await addCode(token, 'GROSS50')
    const placeholder = createHash('md5').update('promotion-GROSS50').digest('hex')
    const removed = await call('POST', '/checkout/cart/line-item/delete', token, { ids: [placeholder] })
    expect(removed.cart.errors).toEqual([])
    // Reaching 1,000 € no longer brings the discount: the code was removed.
    expect(promotions((await addProducts(token, [['FS-10001', 1]])).cart).map((li) => li.id)).not.toContain(GROSS50)
  })
})

describe('conditions and exclusions', () => {
  it('saves GROSS50 below 1,000 € net (promotion-not-eligible) and applies it once the cart reaches it', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 2]])
    const waiting = await addCode(token, 'GROSS50')
    expect(errorList(waiting.cart)).toEqual([expect.objectContaining({ key: 'promotion-not-eligible', messageKey: 'promotion-not-eligible', level: 0, block: false, parameters: { name: '50 € Großbestellungsrabatt' } })])
    expect(promotions(waiting.cart)).toEqual([])

    const reached = await call('PATCH', '/checkout/cart/line-item', token, { items: [{ id: product('FS-31001'), quantity: 15 }] })
    // 15 × 65.55 (tier 10–49) = 983.25: still below.
    expect(errorList(reached.cart).map((e) => e.key)).toEqual(['promotion-not-eligible'])
    const met = await addProducts(token, [['FS-95002', 1]])
    expect(promotions(met.cart).map((li) => [li.id, li.price.totalPrice])).toEqual([[GROSS50, -50]])
    expect(errorList(met.cart).map((e) => e.key)).toEqual([`promotion-discount-added-${GROSS50}`])
  })

  it('does not combine GROSS50 with FORST10: from 1,000 € GROSS50 applies and FORST10 is excluded', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 2]])
    await addCode(token, 'FORST10')
    const below = await addCode(token, 'GROSS50')
    expect(promotions(below.cart).map((li) => li.id)).toEqual([FORST10])
    expect(errorList(below.cart).map((e) => e.key)).toEqual(['promotion-not-eligible'])

    const above = await addProducts(token, [['FS-10001', 1]])
    expect(promotions(above.cart).map((li) => li.id)).toEqual([GROSS50])
    expect(errorList(above.cart)).toEqual(expect.arrayContaining([
      expect.objectContaining({ key: 'promotion-excluded', messageKey: 'promotion-excluded', level: 0, block: false, parameters: { name: '10 % Forst-Rabatt' } }),
      expect.objectContaining({ key: `promotion-discount-added-${GROSS50}` }),
    ]))
  })
})

describe('automatic free shipping from 500 € net', () => {
  it('makes express free from 500 €, says when it goes, and stays away once removed', async () => {
    const { token } = await addProducts(undefined, [['FS-31001', 2]])
    await store.call('PATCH', '/context', { token, body: { shippingMethodId: SHIPPING_METHOD_IDS.express } })
    expect((await read(token)).cart.deliveries[0].shippingCosts.totalPrice).toBe(19.9)

    const free = await call('PATCH', '/checkout/cart/line-item', token, { items: [{ id: product('FS-31001'), quantity: 8 }] })
    expect(free.cart.deliveries[0].shippingCosts.totalPrice).toBe(0)
    expect(promotions(free.cart)).toEqual([expect.objectContaining({ id: FREE_SHIPPING, referencedId: '', label: 'Express und Spedition versandkostenfrei ab 500 €', price: expect.objectContaining({ totalPrice: 0 }), payload: expect.objectContaining({ discountScope: 'delivery', code: '' }) })])
    expect(errorList(free.cart).map((e) => e.key)).toEqual([`promotion-discount-added-${FREE_SHIPPING}`])

    const below = await call('PATCH', '/checkout/cart/line-item', token, { items: [{ id: product('FS-31001'), quantity: 2 }] })
    expect(below.cart.deliveries[0].shippingCosts.totalPrice).toBe(19.9)
    expect(errorList(below.cart)).toEqual([expect.objectContaining({ key: `promotion-discount-deleted-${FREE_SHIPPING}`, messageKey: 'promotion-discount-deleted', level: 0, parameters: { name: 'Express und Spedition versandkostenfrei ab 500 €', discountLineItemId: FREE_SHIPPING } })])

    await call('PATCH', '/checkout/cart/line-item', token, { items: [{ id: product('FS-31001'), quantity: 8 }] })
    const removed = await call('POST', '/checkout/cart/line-item/delete', token, { ids: [FREE_SHIPPING] })
    expect(removed.cart.deliveries[0].shippingCosts.totalPrice).toBe(19.9)
    expect(promotions((await read(token)).cart)).toEqual([])
  })

  it('merges a guest’s cart and codes into the customer’s saved cart on login and recalculates it', async () => {
    const customer = await store.call('POST', '/account/login', { body: { username: 'kunde@example.com', password: 'Forst2024!' } })
    const customerToken = tokenOf(customer)
    await addProducts(customerToken, [['FS-95002', 1]])
    const parked = await store.call('POST', '/account/logout', { token: customerToken })
    expect(parked.status).toBe(200)

    const guest = await addProducts(undefined, [['FS-31001', 1]])
    await addCode(guest.token, 'FORST10')
    const login = await store.call('POST', '/account/login', { token: guest.token, body: { username: 'kunde@example.com', password: 'Forst2024!' } })
    const { cart } = await read(tokenOf(login))
    expect(cart.lineItems.filter((li) => li.type === 'product').map((li) => li.id).sort()).toEqual([product('FS-31001'), product('FS-95002')].sort())
    // 10 % of 69.00 + 39.90.
    expect(promotions(cart).map((li) => [li.id, li.price.totalPrice])).toEqual([[FORST10, -10.89]])
  })
})
