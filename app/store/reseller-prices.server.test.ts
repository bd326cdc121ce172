import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_DE_ID, CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY, DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { readOutbox } from '../../server/demo-store/mail/outbox'
import { FRENCH_BUSINESS, guestToken, startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { parseListingQuery } from '~/lib/listing-url'
import { resolveContent } from './content.server'
import { loadCategoryListing, loadSearch } from './listing.server'
import { audienceFromContext, loadPriceAudience, loadTaxFree } from './price-audience.server'
import { loadProductPage } from './product.server'
import { testContext } from './test-support.server'

// The store layer for customer-group prices, against the embedded demo store over real HTTP: the
// session's token goes to the store, which answers reseller prices for a reseller; nothing of one
// shopper's session is kept for another.
let demo: DemoStoreServer
let reseller = ''
let customer = ''
beforeAll(async () => {
  demo = await startDemoStore()
  ;[reseller, customer] = await Promise.all([login(DEMO_ACCOUNTS.reseller), login(DEMO_ACCOUNTS.customer)])
})
afterAll(() => demo?.close())

async function login(account: { email: string; password: string }): Promise<string> {
  const response = await demo.call('POST', '/account/login', { body: { username: account.email, password: account.password } })
  expect(response.status).toBe(200)
  return response.headers.get('sw-context-token') ?? ''
}

function setup(path: string, token?: string) {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: {
      endpoint: `${demo.origin}/store-api`,
      accessToken: DEMO_ACCESS_KEY,
      timeoutMs: 5000,
      embedded: true,
      resellerGroupId: CUSTOMER_GROUP_IDS.reseller,
    },
  })
  const headers = token ? { Cookie: `sw-context-token=${token}` } : undefined
  return { context, lines, request: new Request(`https://shop.example${path}`, { headers }) }
}

async function openProduct(path: string, token?: string) {
  const { context, lines, request } = setup(path, token)
  const resolved = await resolveContent(context, request, 'de', path)
  if (resolved.type !== 'product') throw new Error(`expected a product, got ${resolved.type}`)
  const page = await loadProductPage(context, request, 'de', resolved.id, resolved.path)
  return { page: page!, lines }
}

const winches = sid('category:winches')
const q = (s = '') => parseListingQuery(new URLSearchParams(s))
const storeCalls = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'store call').map((l) => String(l.operation))

describe('price audience', () => {
  it('tells a reseller, a customer and a visitor apart; anonymous requests make no store call for it', async () => {
    for (const [token, audience] of [[reseller, 'reseller'], [customer, 'customer']] as const) {
      const { context, request } = setup('/', token)
      expect(await loadPriceAudience(context, request, 'de')).toBe(audience)
    }
    const anonymous = setup('/')
    expect(await loadPriceAudience(anonymous.context, anonymous.request, 'de')).toBe('visitor')
    expect(storeCalls(anonymous.lines)).toEqual([])
    // A token the store does not know is a fresh anonymous context.
    const stale = setup('/', 'unknowntoken000000000000000000000')
    expect(await loadPriceAudience(stale.context, stale.request, 'de')).toBe('visitor')
  })

  it('knows a registered reseller who waits for approval', async () => {
    const email = `pending-${Date.now().toString(36)}@forst-test.example`
    const registered = await demo.call('POST', '/account/register', {
      body: {
        salutationId: sid('salutation:mr'), firstName: 'Paul', lastName: 'Pending', email, password: 'Sicher-2024!', acceptedDataProtection: true,
        storefrontUrl: demo.origin, accountType: 'business', company: 'Pending Forst KG', vatIds: ['DE123456789'],
        requestedGroupId: CUSTOMER_GROUP_IDS.reseller,
        billingAddress: { street: 'Waldweg 2', zipcode: '79098', city: 'Freiburg', countryId: COUNTRY_DE_ID },
      },
    })
    expect(registered.status).toBe(200)
    let link: URL | undefined
    for (const deadline = Date.now() + 5000; !link && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const href = (await readOutbox(join(demo.dataDir, 'outbox'))).find((m) => m.to.includes(email))?.links.find((l) => l.includes('/registration/confirm'))
      if (href) link = new URL(href)
    }
    const confirmed = await demo.call('POST', '/account/register-confirm', { body: { hash: link?.searchParams.get('hash'), em: link?.searchParams.get('em') } })
    expect(confirmed.status).toBe(200)
    const { context, request } = setup('/', confirmed.headers.get('sw-context-token') ?? '')
    expect(await loadPriceAudience(context, request, 'de')).toBe('reseller-pending')
  })

  it('knows a session whose deliveries carry no VAT (a French business with a VAT ID), with no call of its own', async () => {
    const taxFree = setup('/', await guestToken(demo, 'tva', FRENCH_BUSINESS))
    const [free, audience] = await Promise.all([loadTaxFree(taxFree.context, taxFree.request, 'de'), loadPriceAudience(taxFree.context, taxFree.request, 'de')])
    expect([free, audience]).toEqual([true, 'visitor'])
    expect(storeCalls(taxFree.lines)).toEqual(['readContext'])
    const german = setup('/', reseller)
    expect(await loadTaxFree(german.context, german.request, 'de')).toBe(false)
    const anonymous = setup('/')
    expect(await loadTaxFree(anonymous.context, anonymous.request, 'de')).toBe(false)
    expect(storeCalls(anonymous.lines)).toEqual([])
  })

  it('without a configured reseller group, any customer group of its own counts', () => {
    const context = {
      customer: { id: 'c', active: true, guest: false, groupId: CUSTOMER_GROUP_IDS.reseller },
      currentCustomerGroup: { id: CUSTOMER_GROUP_IDS.reseller },
      fallbackCustomerGroup: { id: CUSTOMER_GROUP_IDS.standard },
    } as unknown as Parameters<typeof audienceFromContext>[0]
    expect(audienceFromContext(context)).toBe('reseller')
    expect(audienceFromContext({ ...context, currentCustomerGroup: { id: CUSTOMER_GROUP_IDS.standard } } as typeof context)).toBe('customer')
    // Spec section 4: not active (mail not confirmed yet) is not logged in.
    expect(audienceFromContext({ ...context, customer: { ...context.customer!, active: false } } as typeof context)).toBe('visitor')
  })
})

describe('reseller prices in the store layer', () => {
  it('a product page shows the reseller price against the normal price, per tier and in cross-selling', async () => {
    const own = (await openProduct('/forstseilwinde-fsw-45/FS-10002', reseller)).page.product
    expect(own.price).toEqual({ onRequest: false, unitPrice: 2796.5, listPrice: 3290, savingPercent: 15, tiers: [] })
    const normal = (await openProduct('/forstseilwinde-fsw-45/FS-10002')).page.product
    expect(normal.price).toEqual({ onRequest: false, unitPrice: 3290, listPrice: 3590, savingPercent: 8, tiers: [] })

    const axe = (await openProduct('/spaltaxt-2-5-kg/FS-31001', reseller)).page.product
    expect(axe.price.tiers).toEqual([
      { kind: 'to', quantity: 9, unitPrice: 58.65, listPrice: 69 },
      { kind: 'to', quantity: 49, unitPrice: 55.72, listPrice: 65.55 },
      { kind: 'from', quantity: 50, unitPrice: 52.79, listPrice: 62.1 },
    ])

    const winch = (await openProduct('/forstseilwinde-fsw-35/FS-10001', reseller)).page.product
    const accessories = winch.crossSellings[0]!.products
    expect(accessories.length).toBeGreaterThan(0)
    for (const card of accessories) {
      expect(card.savingPercent, card.productNumber).toBe(15)
      expect(card.price).toBeCloseTo(card.listPrice! * 0.85, 1)
    }
  })

  it('listing and search cards carry the reseller price and the normal price', async () => {
    const { context, request } = setup('/produkte/seilwinden/', reseller)
    const view = await loadCategoryListing(context, request, 'de', winches, q('limit=25'))
    const card = view.products.find((p) => p.productNumber === 'FS-10002')
    expect(card).toMatchObject({ price: 2796.5, listPrice: 3290, savingPercent: 15 })
    const found = await loadSearch(context, request, 'de', q('search=FS-10002'))
    expect(found!.products[0]).toMatchObject({ productNumber: 'FS-10002', price: 2796.5, listPrice: 3290 })
  })

  it('an anonymous visitor after a reseller gets the normal prices: nothing customer-bound is kept in process', async () => {
    const first = setup('/produkte/seilwinden/', reseller)
    await loadCategoryListing(first.context, first.request, 'de', winches, q())
    const { context, request, lines } = setup('/produkte/seilwinden/')
    const view = await loadCategoryListing(context, request, 'de', winches, q('limit=25'))
    expect(view.products.find((p) => p.productNumber === 'FS-10002')).toMatchObject({ price: 3290, listPrice: 3590, savingPercent: 8 })
    expect(storeCalls(lines)).not.toContain('readContext')
  })
})
