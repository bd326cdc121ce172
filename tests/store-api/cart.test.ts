// The cart of the embedded demo store against Shopware's Store API contract: line item routes, quantity fixes
// and their errors, net prices with VAT per rate, virtual carts, shipping and payment availability, address
// errors, and concurrent writes on one token.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_FILE_NAME, DEMO_ACCOUNTS, PAYMENT_METHOD_IDS, SHIPPING_METHOD_IDS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { elementsOf, expectConformant, expectStoreError, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

interface CartError { key: string; messageKey: string; level: number; block: boolean; parameters: Record<string, unknown>; message: string; code: number }
interface Tax { tax: number; taxRate: number; price: number }
interface Line { id: string; referencedId: string; type: string; quantity: number; label: string; states: string[]; good: boolean; price: { unitPrice: number; totalPrice: number; calculatedTaxes: Tax[] }; payload: Record<string, unknown> }
interface Cart {
  token: string
  lineItems: Line[]
  errors: CartError[] | Record<string, CartError>
  price: { netPrice: number; totalPrice: number; positionPrice: number; taxStatus: string; calculatedTaxes: Tax[] }
  deliveries: Array<{ shippingCosts: { totalPrice: number; calculatedTaxes: Tax[] }; shippingMethod: { id: string } }>
  transactions: Array<{ paymentMethodId: string }>
}

const product = (number: string) => sid(`product:${number}`)
const cartOf = (response: StoreResponse) => response.body as Cart
const errorList = (cart: Cart): CartError[] => (Array.isArray(cart.errors) ? cart.errors : Object.values(cart.errors))
const errorKeys = (cart: Cart) => errorList(cart).map((e) => e.key).sort()
const tokenOf = (response: StoreResponse) => response.headers.get('sw-context-token') ?? ''

async function add(token: string | undefined, items: Array<{ number: string; quantity?: number }>): Promise<StoreResponse> {
  const response = await store.call('POST', '/checkout/cart/line-item', {
    token, body: { items: items.map((i) => ({ id: product(i.number), referencedId: product(i.number), type: 'product', quantity: i.quantity ?? 1 })) },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  expectConformant('POST /checkout/cart/line-item', response)
  return response
}

async function loginToken(): Promise<string> {
  const response = await store.call('POST', '/account/login', { body: { username: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } })
  expect(response.status).toBe(200)
  return tokenOf(response)
}

describe('line item routes', () => {
  it('changes quantities, removes items (POST …/delete and the deprecated DELETE ?ids[]=) and deletes the cart', async () => {
    const added = await add(undefined, [{ number: 'FS-31001', quantity: 2 }, { number: 'FS-40002' }, { number: 'FS-31002' }])
    const token = tokenOf(added)
    expect(cartOf(added).lineItems.map((li) => li.quantity)).toEqual([2, 1, 1])

    const patched = await store.call('PATCH', '/checkout/cart/line-item', { token, body: { items: [{ id: product('FS-31001'), quantity: 5 }] } })
    expect(patched.status).toBe(200)
    expectConformant('PATCH /checkout/cart/line-item', patched)
    expect(cartOf(patched).lineItems.find((li) => li.id === product('FS-31001'))).toMatchObject({ quantity: 5, price: { unitPrice: 69, totalPrice: 345 } })

    const removed = await store.call('POST', '/checkout/cart/line-item/delete', { token, body: { ids: [product('FS-40002')] } })
    expect(removed.status).toBe(200)
    expectConformant('POST /checkout/cart/line-item/delete', removed)
    expect(cartOf(removed).lineItems.map((li) => li.id)).toEqual([product('FS-31001'), product('FS-31002')])

    const url = `/checkout/cart/line-item?ids[]=${product('FS-31002')}`
    const deprecated = await store.call('DELETE', url, { token })
    expect(deprecated.status).toBe(200)
    expectConformant('DELETE /checkout/cart/line-item', deprecated)
    expect(cartOf(deprecated).lineItems.map((li) => li.id)).toEqual([product('FS-31001')])

    const deleted = await store.call('DELETE', '/checkout/cart', { token })
    expect(deleted.status).toBe(204)
    // No conformance check: the schema documents 204 with a SuccessResponse body; CartDeleteRoute sends a NoContentResponse.
    expect(deleted.body).toBeUndefined()
    expect(cartOf(await store.call('GET', '/checkout/cart', { token })).lineItems).toEqual([])
  })

  it('answers 404 CHECKOUT__CART_LINE_ITEM_NOT_FOUND for unknown ids and 400 for bad quantities or missing ids', async () => {
    const token = tokenOf(await add(undefined, [{ number: 'FS-31001' }]))
    const unknown = randomHex()
    expectStoreError('PATCH /checkout/cart/line-item', await store.call('PATCH', '/checkout/cart/line-item', { token, body: { items: [{ id: unknown, quantity: 2 }] } }), 404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND')
    expectStoreError('POST /checkout/cart/line-item/delete', await store.call('POST', '/checkout/cart/line-item/delete', { token, body: { ids: [unknown] } }), 404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND')
    expectStoreError('PATCH /checkout/cart/line-item', await store.call('PATCH', '/checkout/cart/line-item', { token, body: { items: [{ id: product('FS-31001'), quantity: 0 }] } }), 400, 'CHECKOUT__CART_INVALID_LINE_ITEM_QUANTITY')
    expectStoreError('POST /checkout/cart/line-item/delete', await store.call('POST', '/checkout/cart/line-item/delete', { token, body: {} }), 400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER')
    // Nothing changed by the refused requests.
    expect(cartOf(await store.call('GET', '/checkout/cart', { token })).lineItems).toEqual([expect.objectContaining({ id: product('FS-31001'), quantity: 1 })])
  })

  it('never answers 500 to malformed cart bodies', async () => {
    const token = tokenOf(await add(undefined, [{ number: 'FS-31001' }]))
    const bodies: Array<[string, string, unknown]> = [
      ['POST', '/checkout/cart/line-item', { items: 'x' }], ['POST', '/checkout/cart/line-item', { items: [null, 5] }],
      ['POST', '/checkout/cart/line-item', { items: [{ type: 'promotion' }] }], ['POST', '/checkout/cart/line-item', { items: [{ type: 'credit', id: 'x' }] }],
      ['PATCH', '/checkout/cart/line-item', { items: [{ id: 5, quantity: 1 }] }], ['PATCH', '/checkout/cart/line-item', { items: {} }],
      ['POST', '/checkout/cart/line-item/delete', { ids: [{}] }], ['POST', '/checkout/cart/line-item/delete', { ids: 'x'.repeat(5000) }],
      ['POST', '/shipping-method', { onlyAvailable: { nested: true }, limit: 'x' }], ['POST', '/payment-method', { onlyAvailable: [1], filter: 'x' }],
    ]
    for (const [method, path, body] of bodies) {
      const response = await store.call(method, path, { token, body })
      expect(response.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500)
    }
  })
})

describe('quantity fixes and product errors (ProductCartProcessor)', () => {
  it('cuts, raises and steps quantities with Shopware keys, levels, block flags and parameters', async () => {
    const added = await add(undefined, [{ number: 'FS-10005', quantity: 10 }, { number: 'FS-30001.1', quantity: 1 }])
    const token = tokenOf(added)
    const errors = errorList(cartOf(added))
    expect(errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ key: `product-stock-reached${product('FS-10005')}`, messageKey: 'product-stock-reached', level: 10, block: true, parameters: expect.objectContaining({ quantity: 4 }) }),
      expect.objectContaining({ key: `min-order-quantity${product('FS-30001.1')}`, messageKey: 'min-order-quantity', level: 10, block: true, parameters: expect.objectContaining({ quantity: 2 }) }),
    ]))
    expect(cartOf(added).lineItems.map((li) => li.quantity)).toEqual([4, 2])

    const stepped = await store.call('PATCH', '/checkout/cart/line-item', { token, body: { items: [{ id: product('FS-30001.1'), quantity: 5 }] } })
    expect(errorList(cartOf(stepped))).toEqual([expect.objectContaining({ key: `purchase-steps-quantity${product('FS-30001.1')}`, level: 10, parameters: expect.objectContaining({ quantity: 4 }) })])
    // Errors belong to the calculation that raised them: the next read has none.
    expect(cartOf(await store.call('GET', '/checkout/cart', { token })).errors).toEqual([])
  })

  it('drops sold-out and unknown products with level-20 blocking errors', async () => {
    const unknown = randomHex()
    const response = await store.call('POST', '/checkout/cart/line-item', { body: { items: [{ id: product('FS-10007'), type: 'product' }, { id: unknown, type: 'product' }] } })
    expectConformant('POST /checkout/cart/line-item', response)
    expect(cartOf(response).lineItems).toEqual([])
    expect(errorList(cartOf(response))).toEqual(expect.arrayContaining([
      expect.objectContaining({ key: `product-out-of-stock${product('FS-10007')}`, messageKey: 'product-out-of-stock', level: 20, block: true }),
      expect.objectContaining({ key: `product-not-found${unknown}`, messageKey: 'product-not-found', level: 20, block: true, parameters: { id: unknown } }),
    ]))
  })
})

describe('prices: net line items, VAT per rate, shipping', () => {
  it('sums two tax rates to the cent, shipping costs taxed in the goods’ proportions', async () => {
    const response = await add(undefined, [{ number: 'FS-95002', quantity: 3 }, { number: 'FS-31001' }])
    const cart = cartOf(response)
    expect(cart.lineItems.map((li) => [li.label, li.price.totalPrice, li.price.calculatedTaxes[0].tax])).toEqual([
      ['Werkstatthandbuch Seilwinde (gedruckt)', 119.7, 8.38],
      ['Spaltaxt 2,5 kg', 69, 13.11],
    ])
    // 6.90 shipping: 69/188.70 at 19 % (2.52, VAT 0.48), 119.70/188.70 at 7 % (4.38, VAT 0.31).
    expect(cart.deliveries[0].shippingCosts).toMatchObject({ totalPrice: 6.9, calculatedTaxes: [{ taxRate: 7, price: 4.38, tax: 0.31 }, { taxRate: 19, price: 2.52, tax: 0.48 }] })
    expect(cart.price).toMatchObject({
      taxStatus: 'net', positionPrice: 188.7, netPrice: 195.6, totalPrice: 217.88,
      calculatedTaxes: [{ taxRate: 7, price: 124.08, tax: 8.69 }, { taxRate: 19, price: 71.52, tax: 13.59 }],
    })
  })

  it('keeps a cart of downloads virtual: no delivery, no shipping costs', async () => {
    const response = await add(undefined, [{ number: 'FS-95001' }])
    const cart = cartOf(response)
    expect(cart.lineItems[0]).toMatchObject({ states: ['is-download'], price: { totalPrice: 29 } })
    expect(cart.deliveries).toEqual([])
    expect(cart.price).toMatchObject({ netPrice: 29, totalPrice: 34.51, calculatedTaxes: [{ taxRate: 19, tax: 5.51, price: 29 }] })

    const mixed = cartOf(await add(tokenOf(response), [{ number: 'FS-95002' }]))
    expect(mixed.lineItems.map((li) => li.states)).toEqual([['is-download'], ['is-physical']])
    expect(mixed.deliveries).toHaveLength(1)
    // Only the physical book is delivered, so its 7 % alone carries the shipping costs.
    expect(mixed.deliveries[0].shippingCosts).toMatchObject({ totalPrice: 6.9, calculatedTaxes: [{ taxRate: 7, price: 6.9, tax: 0.48 }] })
    expect(mixed.price.netPrice).toBe(75.8)
  })
})

describe('shipping and payment availability', () => {
  it('replaces express outside DE/AT by standard with shipping-method-blocked and lists only available methods', async () => {
    const token = tokenOf(await add(undefined, [{ number: 'FS-31001' }]))
    const all = await store.call('POST', '/shipping-method', { token, query: { onlyAvailable: '1' } })
    expect(all.status).toBe(200)
    expectConformant('POST /shipping-method', all)
    expect(elementsOf(all).map((m) => m.id)).toEqual([SHIPPING_METHOD_IDS.standard, SHIPPING_METHOD_IDS.express, SHIPPING_METHOD_IDS.freight])

    const france = sid('country:FR')
    expect((await store.call('PATCH', '/context', { token, body: { shippingMethodId: SHIPPING_METHOD_IDS.express, countryId: france } })).status).toBe(200)
    const available = await store.call('GET', '/shipping-method', { token, query: { onlyAvailable: 'true' } })
    expectConformant('GET /shipping-method', available)
    expect(elementsOf(available).map((m) => m.id)).toEqual([SHIPPING_METHOD_IDS.standard, SHIPPING_METHOD_IDS.freight])
    expect(elementsOf(await store.call('POST', '/shipping-method', { token })).map((m) => m.id)).toContain(SHIPPING_METHOD_IDS.express)

    const cart = cartOf(await store.call('GET', '/checkout/cart', { token }))
    expect(errorList(cart)).toEqual([expect.objectContaining({ key: 'shipping-method-blocked-Express', messageKey: 'shipping-method-blocked', level: 10, parameters: { name: 'Express' } })])
    expect(cart.deliveries[0].shippingMethod.id).toBe(SHIPPING_METHOD_IDS.standard)
    const context = (await store.call('GET', '/context', { token })).body as { shippingMethod: { id: string } }
    expect(context.shippingMethod.id).toBe(SHIPPING_METHOD_IDS.standard)
    // The switch is done: the next calculation has nothing to say.
    expect(cartOf(await store.call('GET', '/checkout/cart', { token })).errors).toEqual([])
  })

  it('blocks invoice above 5,000 € net: replaced by prepayment with payment-method-blocked, left out by onlyAvailable', async () => {
    const small = tokenOf(await add(undefined, [{ number: 'FS-10001' }]))
    expect(elementsOf(await store.call('POST', '/payment-method', { token: small, body: { onlyAvailable: true } })).map((m) => m.id)).toContain(PAYMENT_METHOD_IDS.invoice)

    const response = await add(undefined, [{ number: 'FS-10001', quantity: 3 }])
    const token = tokenOf(response)
    const cart = cartOf(response)
    expect(cart.price.netPrice).toBe(7470)
    expect(errorList(cart)).toEqual([expect.objectContaining({ key: 'payment-method-blocked-Rechnung', messageKey: 'payment-method-blocked', level: 10, parameters: { name: 'Rechnung' } })])
    expect(cart.transactions[0].paymentMethodId).toBe(PAYMENT_METHOD_IDS.prepayment)
    expect(((await store.call('GET', '/context', { token })).body as { paymentMethod: { id: string } }).paymentMethod.id).toBe(PAYMENT_METHOD_IDS.prepayment)

    const methods = await store.call('POST', '/payment-method', { token, body: { onlyAvailable: true } })
    expect(methods.status).toBe(200)
    expectConformant('POST /payment-method', methods)
    expect(elementsOf(methods).map((m) => m.id)).toEqual([PAYMENT_METHOD_IDS.prepayment, PAYMENT_METHOD_IDS.demoPay])
    expect(elementsOf(await store.call('POST', '/payment-method', { token, body: {} }))).toHaveLength(3)
  })
})

describe('address errors (AddressValidator)', () => {
  it('blocks shipping to Switzerland, but not a cart of downloads', async () => {
    const token = tokenOf(await add(undefined, [{ number: 'FS-31001' }]))
    await store.call('PATCH', '/context', { token, body: { countryId: sid('country:CH') } })
    const cart = cartOf(await store.call('GET', '/checkout/cart', { token }))
    expect(errorList(cart)).toEqual([expect.objectContaining({ key: 'shipping-address-blocked-Schweiz', messageKey: 'shipping-address-blocked', level: 20, block: true, parameters: { name: 'Schweiz' } })])

    const virtual = tokenOf(await add(undefined, [{ number: 'FS-95001' }]))
    await store.call('PATCH', '/context', { token: virtual, body: { countryId: sid('country:CH') } })
    expect(cartOf(await store.call('GET', '/checkout/cart', { token: virtual })).errors).toEqual([])
  })

  it('reports a billing address in a blocked country, an incomplete address and a missing salutation', async () => {
    const token = await loginToken()
    await add(token, [{ number: 'FS-31001' }])
    expect(cartOf(await store.call('GET', '/checkout/cart', { token })).errors).toEqual([])

    const created = await store.call('POST', '/account/address', {
      token, body: { countryId: sid('country:CH'), firstName: 'Max', lastName: 'Holzer', street: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const swiss = (created.body as { id: string }).id
    await store.call('PATCH', '/context', { token, body: { billingAddressId: swiss } })
    expect(errorList(cartOf(await store.call('GET', '/checkout/cart', { token })))).toEqual([
      expect.objectContaining({ key: 'billing-address-blocked-Schweiz', messageKey: 'billing-address-blocked', level: 20, block: true }),
    ])

    // Data an import or an older shop version left behind: no street, no salutation.
    const german = (await store.call('POST', '/account/address', {
      token, body: { countryId: sid('country:DE'), firstName: 'Max', lastName: 'Holzer', street: 'Waldweg 2', zipcode: '79098', city: 'Freiburg' },
    })).body as { id: string }
    const db = new Database(join(store.dataDir, DB_FILE_NAME))
    try {
      db.prepare("UPDATE customer_address SET street = '', salutation_id = NULL WHERE id = ?").run(german.id)
    } finally {
      db.close()
    }
    await store.call('PATCH', '/context', { token, body: { billingAddressId: german.id } })
    const cart = cartOf(await store.call('GET', '/checkout/cart', { token }))
    expect(errorKeys(cart)).toEqual(['billing-address-invalid', 'salutation-missing-billing-address'])
    expect(errorList(cart).find((e) => e.key === 'billing-address-invalid')).toMatchObject({ level: 20, block: true, parameters: { isBillingAddress: true, violations: [expect.objectContaining({ propertyPath: '/street' })] } })
    expect(errorList(cart).find((e) => e.key === 'salutation-missing-billing-address')).toMatchObject({ messageKey: 'salutation-missing-billing-address', level: 10, block: true, parameters: { addressId: german.id } })
  })
})

describe('concurrency', () => {
  it('loses no line and no quantity when 50 add-to-cart calls on one token run at once', async () => {
    const token = tokenOf(await store.call('GET', '/context'))
    const numbers = ['FS-31001', 'FS-31002', 'FS-40002', 'FS-95001', 'FS-95002']
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      store.call('POST', '/checkout/cart/line-item', { token, body: { items: [{ id: product(numbers[i % 5]), type: 'product', quantity: 1 }] } })))
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200))
    const cart = cartOf(await store.call('GET', '/checkout/cart', { token }))
    expect(cart.lineItems.map((li) => [li.id, li.quantity]).sort()).toEqual(numbers.map((n) => [product(n), 10]).sort())
  })
})
