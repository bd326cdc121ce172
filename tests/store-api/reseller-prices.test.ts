// Customer-group prices as a Store API client sees them: a logged-in reseller gets the seeded reseller
// prices with the normal price as list price (Shopware's ListPrice: discount and percentage), everywhere
// prices appear (detail, listing, search, cross-selling, cart); everyone else gets the normal prices.
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANCHOR_CATEGORY_IDS, COUNTRY_DE_ID, CUSTOMER_GROUP_IDS, DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { readOutbox } from '../../server/demo-store/mail/outbox'
import { elementsOf, expectConformant, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

interface ListPrice { price: number; discount: number; percentage: number }
interface Price { unitPrice: number; quantity: number; totalPrice: number; listPrice?: ListPrice | null }
interface Product {
  id: string
  productNumber: string
  calculatedPrice: Price
  calculatedPrices: Price[]
  calculatedCheapestPrice: Price & { hasRange: boolean }
}

let store: DemoStoreServer
let reseller = ''
let customer = ''
beforeAll(async () => {
  store = await startDemoStore()
  ;[reseller, customer] = await Promise.all([loginToken(DEMO_ACCOUNTS.reseller), loginToken(DEMO_ACCOUNTS.customer)])
})
afterAll(async () => {
  await store?.close()
})

const product = (number: string) => sid(`product:${number}`)

function tokenOf(response: StoreResponse): string {
  const token = response.headers.get('sw-context-token')
  expect(token, 'sw-context-token response header').toBeTruthy()
  return token ?? ''
}

async function loginToken(account: { email: string; password: string }): Promise<string> {
  const response = await store.call('POST', '/account/login', { body: { username: account.email, password: account.password } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return tokenOf(response)
}

async function detail(number: string, token?: string): Promise<Product> {
  const response = await store.call('POST', `/product/${product(number)}`, { token, query: { skipCmsPage: 'true' }, body: {} })
  expect(response.status).toBe(200)
  expectConformant('POST /product/{productId}', response)
  return (response.body as { product: Product }).product
}

function byNumber(response: StoreResponse): Record<string, Product> {
  return Object.fromEntries((elementsOf(response) as unknown as Product[]).map((p) => [p.productNumber, p]))
}

describe('a logged-in reseller', () => {
  it('is in the reseller group', async () => {
    const context = await store.call('GET', '/context', { token: reseller })
    expectConformant('GET /context', context)
    expect(context.body).toMatchObject({
      currentCustomerGroup: { id: CUSTOMER_GROUP_IDS.reseller },
      fallbackCustomerGroup: { id: CUSTOMER_GROUP_IDS.standard },
      customer: { groupId: CUSTOMER_GROUP_IDS.reseller },
    })
  })

  it('gets the reseller price with the normal price as list price, also where the product has a list price of its own', async () => {
    // FS-10002: 3290 € for everyone, with the merchant's list price 3590 €; resellers pay 15 % less.
    const anonymous = await detail('FS-10002')
    expect(anonymous.calculatedPrice).toMatchObject({ unitPrice: 3290, listPrice: { price: 3590, discount: -300, percentage: 8.36 } })
    expect(anonymous.calculatedPrices).toEqual([])

    const own = await detail('FS-10002', reseller)
    // A rule price names its own list price (Shopware's ProductPriceCalculator): the reseller row's is the
    // normal price, so the product's 3590 € does not apply to it.
    const expected = { unitPrice: 2796.5, totalPrice: 2796.5, quantity: 1, listPrice: { price: 3290, discount: -493.5, percentage: 15 } }
    expect(own.calculatedPrice).toMatchObject(expected)
    // Shopware lists a customer group's price row even when it is the only one.
    expect(own.calculatedPrices).toHaveLength(1)
    expect(own.calculatedPrices[0]).toMatchObject(expected)
    // One price is no range: the card shows no "from".
    expect(own.calculatedCheapestPrice).toMatchObject({ unitPrice: 2796.5, hasRange: false, listPrice: { price: 3290, percentage: 15 } })
  })

  it('gets every tier at the reseller price, each against the normal price of that tier', async () => {
    const normal = await detail('FS-31001')
    expect(normal.calculatedPrices.map((p) => [p.quantity, p.unitPrice, p.listPrice ?? null])).toEqual([[9, 69, null], [49, 65.55, null], [50, 62.1, null]])
    const own = await detail('FS-31001', reseller)
    expect(own.calculatedPrices.map((p) => [p.quantity, p.unitPrice, p.listPrice?.price])).toEqual([[9, 58.65, 69], [49, 55.72, 65.55], [50, 52.79, 62.1]])
    // Shopware's percentage is rounded to two decimals: 15 % off, rounded to cents, is 14.99 … 15.01 %.
    for (const tier of own.calculatedPrices) expect(tier.listPrice?.percentage).toBeCloseTo(15, 1)
    expect(own.calculatedPrice).toMatchObject({ unitPrice: 58.65, listPrice: { price: 69, discount: -10.35, percentage: 15 } })

    // FS-31002 has tiers and a list price of its own (94 €): the reseller's tiers name the normal tier prices.
    const listed = await detail('FS-31002')
    expect(listed.calculatedPrice).toMatchObject({ unitPrice: 79, listPrice: { price: 94 } })
    const listedOwn = await detail('FS-31002', reseller)
    expect(listedOwn.calculatedPrices.map((p) => [p.unitPrice, p.listPrice?.price])).toEqual([[67.15, 79], [63.79, 75.05], [60.43, 71.1]])
  })

  it('sees reseller prices in listings, search and cross-selling', async () => {
    const listing = await store.call('POST', `/product-listing/${ANCHOR_CATEGORY_IDS.products}`, { token: reseller, body: { limit: 100 } })
    expectConformant('POST /product-listing/{categoryId}', listing)
    const winch = byNumber(listing)['FS-10002']
    expect(winch.calculatedCheapestPrice).toMatchObject({ unitPrice: 2796.5, listPrice: { price: 3290, percentage: 15 } })
    // A variant family: the cheapest variant's reseller price against its normal price.
    const chain = byNumber(listing)['FS-20001']
    const normalChain = byNumber(await store.call('POST', `/product-listing/${ANCHOR_CATEGORY_IDS.products}`, { body: { limit: 100 } }))['FS-20001']
    expect(normalChain.calculatedCheapestPrice.listPrice ?? null).toBeNull()
    expect(chain.calculatedCheapestPrice.listPrice?.price).toBe(normalChain.calculatedCheapestPrice.unitPrice)
    expect(chain.calculatedCheapestPrice.unitPrice).toBe(Math.round(normalChain.calculatedCheapestPrice.unitPrice * 85) / 100)

    const search = await store.call('POST', '/search', { token: reseller, body: { search: 'FS-10002' } })
    expectConformant('POST /search', search)
    expect(byNumber(search)['FS-10002'].calculatedCheapestPrice.unitPrice).toBe(2796.5)

    const crossSelling = await store.call('POST', `/product/${product('FS-10001')}/cross-selling`, { token: reseller })
    expectConformant('POST /product/{productId}/cross-selling', crossSelling)
    const accessories = (crossSelling.body as Array<{ products: Product[] }>)[0].products
    expect(accessories.length).toBeGreaterThan(0)
    for (const p of accessories) {
      expect(p.calculatedPrice.listPrice?.percentage, p.productNumber).toBeCloseTo(15, 1)
      expect(p.calculatedPrice.unitPrice).toBe(Math.round(p.calculatedPrice.listPrice!.price * 85) / 100)
    }
  })

  it('pays reseller prices in the cart, per tier, with the normal price as list price', async () => {
    const token = await loginToken(DEMO_ACCOUNTS.reseller)
    const added = await store.call('POST', '/checkout/cart/line-item', {
      token,
      body: { items: [{ id: product('FS-31001'), referencedId: product('FS-31001'), type: 'product', quantity: 10 }] },
    })
    expect(added.status).toBe(200)
    expectConformant('POST /checkout/cart/line-item', added)
    const [line] = (added.body as { lineItems: Array<{ price: Price }> }).lineItems
    expect(line.price).toMatchObject({ unitPrice: 55.72, quantity: 10, totalPrice: 557.2, listPrice: { price: 65.55, percentage: 15 } })
  })
})

describe('everyone else', () => {
  it('pays the normal price: a standard customer, an anonymous visitor, a reseller after logout', async () => {
    const context = await store.call('GET', '/context', { token: customer })
    expect(context.body).toMatchObject({ currentCustomerGroup: { id: CUSTOMER_GROUP_IDS.standard } })
    for (const token of [customer, undefined]) {
      const p = await detail('FS-31001', token)
      expect(p.calculatedPrice.unitPrice).toBe(69)
      expect(p.calculatedPrice.listPrice ?? null).toBeNull()
    }
    const token = await loginToken(DEMO_ACCOUNTS.reseller)
    expect((await detail('FS-31001', token)).calculatedPrice.unitPrice).toBe(58.65)
    const logout = await store.call('POST', '/account/logout', { token })
    expect(logout.status).toBe(200)
    expect((await detail('FS-31001', tokenOf(logout))).calculatedPrice.unitPrice).toBe(69)
  })

  it('pays the normal price as a registered reseller who is not approved yet', async () => {
    const email = `pending-${Date.now().toString(36)}@forst-test.example`
    const register = await store.call('POST', '/account/register', {
      body: {
        salutationId: sid('salutation:mr'), firstName: 'Paul', lastName: 'Pending', email, password: 'Sicher-2024!', acceptedDataProtection: true,
        storefrontUrl: store.origin, accountType: 'business', company: 'Pending Forst KG', vatIds: ['DE123456789'],
        requestedGroupId: CUSTOMER_GROUP_IDS.reseller,
        billingAddress: { street: 'Waldweg 2', zipcode: '79098', city: 'Freiburg', countryId: COUNTRY_DE_ID, countryStateId: sid('country-state:DE-BW') },
      },
    })
    expect(register.status, JSON.stringify(register.body)).toBe(200)
    let link: URL | undefined
    for (const deadline = Date.now() + 5000; !link && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const mail = (await readOutbox(join(store.dataDir, 'outbox'))).find((m) => m.to.includes(email))
      const href = mail?.links.find((l) => l.includes('/registration/confirm'))
      if (href) link = new URL(href)
    }
    expect(link, 'confirmation mail').toBeDefined()
    const confirm = await store.call('POST', '/account/register-confirm', { body: { hash: link!.searchParams.get('hash'), em: link!.searchParams.get('em') } })
    expect(confirm.status).toBe(200)
    const token = tokenOf(confirm)
    const context = await store.call('GET', '/context', { token })
    expect(context.body).toMatchObject({
      currentCustomerGroup: { id: CUSTOMER_GROUP_IDS.standard },
      customer: { groupId: CUSTOMER_GROUP_IDS.standard, requestedGroupId: CUSTOMER_GROUP_IDS.reseller },
    })
    const p = await detail('FS-10002', token)
    expect(p.calculatedPrice).toMatchObject({ unitPrice: 3290, listPrice: { price: 3590 } })
  })
})
