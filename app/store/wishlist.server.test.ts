import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { readWishlistCookie, serializeWishlistCookie, WISHLIST_COOKIE_MAX } from '~/session/wishlist.server'
import { logIn, logOut } from './account.server'
import { getStore } from './client.server'
import { loadPriceAudience } from './price-audience.server'
import { createStoreCache, memoryBackend } from './store-cache.server'
import { addToCart } from './cart.server'
import { storeCallRounds, testContext } from './test-support.server'
import {
  changeWishlist,
  loadCustomerWishlistIds,
  loadWishlistPage,
  WISHLIST_PAGE_SIZE,
  wishlistProductIds,
} from './wishlist.server'

let demo: DemoStoreServer
let productIds: string[] = []
beforeAll(async () => {
  demo = await startDemoStore()
  const response = await demo.call('POST', '/product', { body: { limit: 20, includes: { product: ['id'] } } })
  productIds = (response.body as { elements: { id: string }[] }).elements.map((p) => p.id)
})
afterAll(() => demo?.close())

// md5('forst-demo:product:<number>'); FS-10006 is a price-on-request product.
const FS_10001 = '7500379cfa8d405f6ddc1d15032ef246'
const FS_10006 = 'db5679f1dfaf19048ecd70ff57f0285c'
const UNKNOWN = 'f'.repeat(32)
const SECRET = 'secret'

function setup(cookie?: string, init: RequestInit = {}) {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
    sessionSecret: SECRET,
  })
  const headers = new Headers(init.headers)
  if (cookie) headers.set('Cookie', cookie)
  return { context, lines, request: new Request('https://shop.example/wishlist', { ...init, headers }) }
}

function storeCalls(lines: Record<string, unknown>[]): string[] {
  return lines.filter((l) => l.msg === 'store call' && l.operation !== 'readLanguages').map((l) => String(l.operation))
}

const pair = (setCookie: string) => setCookie.split(';')[0]!
const cookieOf = (ids: string[]) => pair(serializeWishlistCookie({ secureCookies: true, sessionSecret: SECRET }, ids))

/** A logged-in session of a demo customer; returns the cookie header for later requests. */
async function loggedIn(email: string, wishlistCookie?: string): Promise<{ cookie: string; headers: string[] }> {
  const { context, request } = setup(wishlistCookie, { method: 'POST' })
  const result = await logIn(context, request, 'de', { email, password: 'Forst2024!' })
  if (result.type !== 'ok') throw new Error(`login failed: ${result.type}`)
  const token = result.headers.find((h) => h.startsWith('sw-context-token='))!
  return { cookie: pair(token), headers: result.headers }
}

describe('visitors (cookie list)', () => {
  it('toggles a product into and out of the signed cookie without any store session', async () => {
    const first = setup()
    const added = await changeWishlist(first.context, first.request, 'de', FS_10001, 'toggle')
    expect(added).toMatchObject({ type: 'added', productId: FS_10001, ids: [FS_10001] })
    expect(added.type === 'added' && added.name).toBeTruthy()
    // No context token was minted into a cookie: only the wishlist cookie is set.
    expect(added.headers).toHaveLength(1)
    expect(added.headers[0]).toMatch(/^wishlist=/)
    expect(storeCalls(first.lines)).toEqual(['readProduct'])

    const again = setup(pair(added.headers[0]!))
    expect(readWishlistCookie(again.request, SECRET)).toEqual([FS_10001])
    const removed = await changeWishlist(again.context, again.request, 'de', FS_10001, 'toggle')
    expect(removed).toMatchObject({ type: 'removed', ids: [] })
    expect(removed.headers[0]).toMatch(/^wishlist=; Max-Age=0/)
  })

  it('refuses products the shop does not have and a full cookie, with the reason', async () => {
    const { context, request } = setup()
    expect(await changeWishlist(context, request, 'de', UNKNOWN, 'add')).toMatchObject({ type: 'not-found', headers: [] })

    const full = Array.from({ length: WISHLIST_COOKIE_MAX }, (_, i) => i.toString(16).padStart(32, '0'))
    const crowded = setup(cookieOf(full))
    expect(await changeWishlist(crowded.context, crowded.request, 'de', FS_10001, 'add')).toMatchObject({ type: 'full', headers: [] })
  })

  it('does not fall back to the cookie list when the page was rendered for a customer whose session ended', async () => {
    const gone = setup('sw-context-token=endedsession000000000000000000000')
    const change = await changeWishlist(gone.context, gone.request, 'de', FS_10001, 'toggle', { asCustomer: true })
    expect(change).toMatchObject({ type: 'session-expired', productId: FS_10001 })
    expect(change.headers.some((h) => h.startsWith('wishlist='))).toBe(false)
  })

  it('reads a page of the cookie list with POST /product, newest first, 15 per page', async () => {
    const ids = productIds.slice(0, WISHLIST_PAGE_SIZE + 1)
    expect(ids).toHaveLength(16)
    const first = setup(cookieOf(ids))
    const page1 = await loadWishlistPage(first.context, first.request, 'de', 1)
    expect(page1).toMatchObject({ total: 16, page: 1, pages: 2, source: 'cookie' })
    expect(page1.products.map((p) => p.id)).toEqual(ids.slice(0, 15))
    expect(storeCalls(first.lines)).toEqual(['readProduct'])

    const second = setup(cookieOf(ids))
    const page2 = await loadWishlistPage(second.context, second.request, 'de', 2)
    expect(page2.products.map((p) => p.id)).toEqual([ids[15]])

    const empty = setup()
    expect(await loadWishlistPage(empty.context, empty.request, 'de', 1)).toEqual({ products: [], total: 0, page: 1, pages: 1, source: 'cookie' })
    expect(storeCalls(empty.lines)).toEqual([])
  })

  it('shows a price-on-request product without a price', async () => {
    const { context, request } = setup(cookieOf([FS_10006, FS_10001]))
    const page = await loadWishlistPage(context, request, 'en', 1)
    expect(page.products.map((p) => p.productNumber)).toEqual(['FS-10006', 'FS-10001'])
    expect(page.products[0]).toMatchObject({ priceOnRequest: true })
    expect(page.products[0]!.price).toBeUndefined()
    expect(page.products[1]!.price).toBeGreaterThan(0)
  })

  it('keeps the cookie list for an anonymous session (cart) and for the root loader leaves it to the browser', async () => {
    const cart = setup()
    const withCart = await addToCart(cart.context, cart.request, 'de', FS_10001, 1)
    const session = pair(withCart.headers[0]!)
    const { context, request, lines } = setup(`${session}; ${cookieOf([FS_10006])}`)
    expect(await wishlistProductIds(context, request, 'de')).toEqual([FS_10006])
    expect(await loadCustomerWishlistIds(context, request, 'de')).toBeUndefined()
    // A visitor with a cart is no customer: the context says so, the wishlist is not asked for.
    expect(storeCalls(lines)).toEqual(['readContext'])

    const anonymous = setup(cookieOf([FS_10006]))
    expect(await loadCustomerWishlistIds(anonymous.context, anonymous.request, 'de')).toBeUndefined()
    expect(storeCalls(anonymous.lines)).toEqual([])
  })
})

describe('customers (server list)', () => {
  it('merges the cookie on login alongside the context and cart reads, then clears the cookie', async () => {
    const { context, request, lines } = setup(cookieOf([productIds[2]!, productIds[1]!]), { method: 'POST' })
    const result = await logIn(context, request, 'de', { email: 'kunde@example.com', password: 'Forst2024!' })
    expect(result.type).toBe('ok')
    const headers = result.type === 'ok' ? result.headers : []
    expect(headers.some((h) => /^wishlist=; Max-Age=0/.test(h))).toBe(true)
    // No waterfall: the merge runs alongside the context and cart reads after the login (their times overlap).
    const span = (operation: string) => {
      const line = lines.find((l) => l.msg === 'store call' && l.operation === operation)!
      return { start: Number(line.time) - Number(line.durationMs), end: Number(line.time) }
    }
    const merge = span('mergeProductOnWishlist')
    expect(merge.start).toBeGreaterThanOrEqual(span('loginCustomer').end - 2)
    for (const other of ['readContext', 'readCart']) {
      expect(merge.start).toBeLessThanOrEqual(span(other).end)
      expect(span(other).start).toBeLessThanOrEqual(merge.end)
    }

    const session = pair(headers.find((h) => h.startsWith('sw-context-token='))!)
    // The cookie no longer counts once logged in: the server list does, in the cookie's order.
    const after = setup(`${session}; ${cookieOf([FS_10006])}`)
    expect(await wishlistProductIds(after.context, after.request, 'de')).toEqual([productIds[2], productIds[1]])
  })

  it('adds, toggles and removes on the server list and reads its pages with the exact total', async () => {
    const { cookie } = await loggedIn('kunde@example.com')
    const add = setup(cookie)
    expect(await changeWishlist(add.context, add.request, 'de', FS_10001, 'toggle')).toMatchObject({ type: 'added', headers: [] })
    expect(storeCalls(add.lines).sort()).toEqual(['addProductOnWishlist', 'readProduct'])

    const root = setup(cookie)
    const ids = await loadCustomerWishlistIds(root.context, root.request, 'de')
    expect(ids?.[0]).toBe(FS_10001)
    // The context tells a customer's session; the root loader reads it anyway (one read per request).
    expect(storeCalls(root.lines)).toEqual(['readContext', 'readCustomerWishlist'])

    const page = setup(cookie)
    const read = await loadWishlistPage(page.context, page.request, 'de', 1)
    expect(read.source).toBe('account')
    expect(read.total).toBe(ids!.length)
    expect(read.products[0]).toMatchObject({ id: FS_10001, productNumber: 'FS-10001', minPurchase: expect.any(Number) })
    expect(read.products[0]!.price).toBeGreaterThan(0)

    // Adding what is already there stays added; a toggle of it removes it.
    const again = setup(cookie)
    expect(await changeWishlist(again.context, again.request, 'de', FS_10001, 'add')).toMatchObject({ type: 'added' })
    const toggle = setup(cookie)
    expect(await changeWishlist(toggle.context, toggle.request, 'de', FS_10001, 'toggle')).toMatchObject({ type: 'removed' })
    const gone = setup(cookie)
    expect(await changeWishlist(gone.context, gone.request, 'de', FS_10001, 'remove')).toMatchObject({ type: 'removed' })
    const unknown = setup(cookie)
    expect(await changeWishlist(unknown.context, unknown.request, 'de', UNKNOWN, 'toggle')).toMatchObject({ type: 'not-found' })

    const check = setup(cookie)
    expect(await wishlistProductIds(check.context, check.request, 'de')).not.toContain(FS_10001)
  })

  it('treats a customer without a wishlist (404) as an empty list, silently', async () => {
    const { cookie } = await loggedIn('haendler@example.com')
    const { context, request, lines } = setup(cookie)
    expect(await loadWishlistPage(context, request, 'de', 1)).toEqual({ products: [], total: 0, page: 1, pages: 1, source: 'account' })
    expect(await wishlistProductIds(context, request, 'de')).toEqual([])
    expect(lines.filter((l) => l.level === 50)).toEqual([])
  })
})

describe("a logged-in customer's pages", () => {
  // Latency makes side-by-side calls overlap measurably, so waiting for the context shows as a round.
  let slow: DemoStoreServer
  beforeAll(async () => {
    slow = await startDemoStore({ latencyMs: 100 })
  })
  afterAll(() => slow?.close())
  const storeCache = createStoreCache({ backend: memoryBackend(10_000_000), ttlMs: 60_000, staleMs: 60_000 })

  /** What the root and a product page's loaders ask for at once: who is looking, their wishlist, the product. */
  async function page(cookie: string) {
    const { context, lines } = testContext(`${slow.origin}/store-api`, {
      store: { endpoint: `${slow.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
      sessionSecret: SECRET,
      storeCache,
    })
    const request = new Request('https://shop.example/forstseilwinde-fsw-35/FS-10001', { headers: { Cookie: cookie } })
    const store = getStore(context, request, 'de')
    const [audience, wishlist, detail] = await Promise.all([
      loadPriceAudience(context, request, 'de'),
      loadCustomerWishlistIds(context, request, 'de'),
      store.invoke('readProductDetail post /product/{productId}', { pathParams: { productId: FS_10001 }, query: { skipCmsPage: true }, body: {} }),
    ])
    return { audience, wishlist, price: detail.data.product.calculatedPrice?.unitPrice, rounds: storeCallRounds(lines) }
  }

  it('from the second page on, reads the catalogue and the wishlist beside the context instead of after it; a stale memory costs no wrong answer', async () => {
    const { context, request } = setup(undefined, { method: 'POST' })
    context.store.endpoint = `${slow.origin}/store-api`
    const login = await logIn(context, request, 'de', { email: 'haendler@example.com', password: 'Forst2024!' })
    if (login.type !== 'ok') throw new Error(`login failed: ${login.type}`)
    const cookie = pair(login.headers.find((h) => h.startsWith('sw-context-token='))!)
    await changeWishlist(context, new Request('https://shop.example/wishlist', { method: 'POST', headers: { Cookie: cookie } }), 'de', FS_10006, 'add')

    const first = await page(cookie)
    // The session's context (and the shop's own, for the cache) first; what the page shows after it.
    expect(new Set(first.rounds[0])).toEqual(new Set(['readContext']))
    expect(first.rounds[1]).toEqual(expect.arrayContaining(['readProductDetail', 'readCustomerWishlist']))
    const second = await page(cookie)
    expect(second.rounds).toHaveLength(1)
    expect(second.rounds[0]).toEqual(expect.arrayContaining(['readContext', 'readProductDetail', 'readCustomerWishlist']))
    // The same answers either way: the reseller's own price, their list.
    expect(second).toMatchObject({ audience: 'reseller', wishlist: [FS_10006], price: first.price })
    const anonymousPrice = (await slow.call('POST', `/product/${FS_10001}`, { body: {} })).body as { product: { calculatedPrice: { unitPrice: number } } }
    expect(first.price).toBeLessThan(anonymousPrice.product.calculatedPrice.unitPrice)

    // Logged out elsewhere: the token now stands for a session without a customer. The page read on
    // memory goes to the store (its answer is that context's), shows no server list, and corrects the memory.
    const logout = setup(cookie, { method: 'POST' })
    logout.context.store.endpoint = `${slow.origin}/store-api`
    await logOut(logout.context, logout.request, 'de')
    const stale = await page(cookie)
    expect(stale).toMatchObject({ audience: 'visitor', wishlist: undefined, price: anonymousPrice.product.calculatedPrice.unitPrice })
    const corrected = await page(cookie)
    expect(corrected.rounds.flat()).not.toContain('readCustomerWishlist')
    expect(corrected.price).toBe(anonymousPrice.product.calculatedPrice.unitPrice)
  })
})
