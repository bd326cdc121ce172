import { parseSetCookie } from 'cookie'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearLanguageCache, getStore } from './client.server'
import { classifyStoreError, StoreError } from './errors.server'
import { sessionId } from '../../server/logger'
import { GROSS_PRICES_WARNING } from '../../server/store-check'
import { sessionContext } from './session-context.server'
import { json, languages, startFakeStore, testContext } from './test-support.server'
import { createStoreCache, memoryBackend } from './store-cache.server'

const TOKEN = 'T'.repeat(32)
const MINTED = 'M'.repeat(32)
// Sessions of the stand-in store: another visitor with a cart, one shipping to France, a customer.
const OTHER = 'O'.repeat(32)
const ABROAD = 'A'.repeat(32)
const CUSTOMER = 'C'.repeat(32)
const EMPTY_CART = 'E'.repeat(32)
// A customer of a group the store prices gross, which the shop's net labels would misstate.
const GROSS = 'G'.repeat(32)
let store: Awaited<ReturnType<typeof startFakeStore>>

beforeAll(async () => {
  store = await startFakeStore((req, res) => {
    if (req.path === '/store-api/language') return json(res, 200, languages, { 'sw-context-token': MINTED.replace(/M/g, 'L') })
    if (req.path === '/store-api/product/p1') {
      return json(res, 200, { product: { id: 'p1', cover: { media: { url: 'https://shop.example/media/a/winch.jpg' } }, link: 'https://cdn.example/media/x.jpg' } })
    }
    if (req.path === '/store-api/context') {
      const token = String(req.headers['sw-context-token'] ?? '')
      const country = token === ABROAD ? 'fr' : 'de'
      // Without a token (or with an empty cart) only the rule that always applies; a filled cart matches one more.
      const ruleIds = token === '' || token === EMPTY_CART ? ['always'] : ['always', 'cart-filled']
      return json(res, 200, {
        customer: token === CUSTOMER || token === GROSS ? { id: 'c1', guest: false, active: true } : null,
        currentCustomerGroup: { id: token === GROSS ? 'gross-group' : 'standard' },
        shippingLocation: { country: { id: country } },
        context: { currencyId: 'eur', taxState: token === GROSS ? 'gross' : 'net', ruleIds },
      }, token ? {} : { 'sw-context-token': MINTED })
    }
    if (req.path.startsWith('/store-api/category/')) {
      const token = req.headers['sw-context-token']
      return json(res, 200, { id: 'c1', name: 'Produkte' }, { 'sw-context-token': typeof token === 'string' && token ? token : MINTED })
    }
    json(res, 404, { errors: [] })
  })
})
afterAll(() => store.close())
beforeEach(() => {
  store.requests.length = 0
  clearLanguageCache()
})

const request = (cookie?: string) => new Request('https://shop.example/produkte/', { headers: cookie ? { Cookie: cookie } : {} })

describe('getStore', () => {
  it("makes media the shop serves itself root-relative, so pictures load under any host name; other URLs stay", async () => {
    const read = async (ownMediaPrefix?: string) => {
      const { context } = testContext(store.url)
      context.store.ownMediaPrefix = ownMediaPrefix
      const { data } = await getStore(context, request(), 'en').invoke('readProductDetail post /product/{productId}', { pathParams: { productId: 'p1' }, body: {} })
      return data as unknown
    }
    expect(await read('https://shop.example/media/')).toEqual({
      product: { id: 'p1', cover: { media: { url: '/media/a/winch.jpg' } }, link: 'https://cdn.example/media/x.jpg' },
    })
    expect(await read()).toMatchObject({ product: { cover: { media: { url: 'https://shop.example/media/a/winch.jpg' } } } })
  })

  it('names a customer group the store prices gross once, when a context of it is read; net groups not at all', async () => {
    const warnings = async (token: string) => {
      const { context, lines } = testContext(store.url)
      await sessionContext(getStore(context, request(`sw-context-token=${token}`), 'de'))
      return lines.filter((line) => line.msg === GROSS_PRICES_WARNING)
    }
    expect(await warnings(CUSTOMER)).toEqual([])
    expect(await warnings(GROSS)).toMatchObject([{ level: 40, taxState: 'gross', customerGroupId: 'gross-group' }])
    expect(await warnings(GROSS)).toEqual([])
  })

  it('sends access key and the language id of the page locale, without a context token for anonymous visitors', async () => {
    const { context } = testContext(store.url)
    const s = getStore(context, request(), 'en')
    const { data } = await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    expect(data.name).toBe('Produkte')
    const call = store.requests.find((r) => r.path === '/store-api/category/c1')!
    expect(call.headers['sw-access-key']).toBe('SWSCTESTKEY')
    expect(call.headers['sw-language-id']).toBe('b'.repeat(32))
    expect(call.headers['sw-context-token']).toBeUndefined()
  })

  it('gives anonymous catalogue reads no cookie even though the store minted a token', async () => {
    const { context } = testContext(store.url)
    const s = getStore(context, request(), 'de')
    await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    expect(s.hasSession).toBe(false)
    expect(context.requestLog.sid).toBeUndefined()
    const cookies = s.commit()
    expect(cookies).toHaveLength(1)
    expect(parseSetCookie(cookies[0]!)).toMatchObject({ name: 'sw-context-token', value: MINTED, httpOnly: true, secure: true })
    expect(context.requestLog.sid).toBe(sessionId('secret', MINTED))
  })

  it('uses the cookie token, sets sid from it and commits nothing when the token did not change', async () => {
    const { context } = testContext(store.url)
    const s = getStore(context, request(`sw-context-token=${TOKEN}`), 'fr')
    await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const call = store.requests.find((r) => r.path === '/store-api/category/c1')!
    expect(call.headers['sw-context-token']).toBe(TOKEN)
    expect(call.headers['sw-language-id']).toBe('c'.repeat(32))
    expect(s.hasSession).toBe(true)
    expect(context.requestLog.sid).toBe(sessionId('secret', TOKEN))
    expect(s.commit()).toEqual([])
  })

  it('fetches the language list once per process and never lets its token replace the session', async () => {
    const { context } = testContext(store.url)
    const a = getStore(context, request(`sw-context-token=${TOKEN}`), 'de')
    await a.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const b = getStore(context, request(), 'en')
    await b.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    expect(store.requests.filter((r) => r.path === '/store-api/language')).toHaveLength(1)
    expect(store.requests.find((r) => r.path === '/store-api/language')!.headers['sw-context-token']).toBeUndefined()
    expect(a.commit()).toEqual([])
    expect(await a.languageId('fr')).toBe('c'.repeat(32))
  })

  it('logs one line per call with operation, status, duration and no tokens', async () => {
    const { context, lines } = testContext(store.url)
    const s = getStore(context, request(`sw-context-token=${TOKEN}`), 'de')
    await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const calls = lines.filter((l) => l.msg === 'store call')
    expect(calls.map((l) => l.operation)).toEqual(['readLanguages', 'readCategory'])
    expect(calls[1]).toMatchObject({ status: 200, errorCodes: [] })
    expect(typeof calls[1]!.durationMs).toBe('number')
    expect(JSON.stringify(lines)).not.toContain(TOKEN)
  })
})

describe('one client per request', () => {
  it('reuses the store for the loaders of one request (one load context), its locale and session only', () => {
    const { context } = testContext(store.url)
    const req = request()
    expect(getStore(context, req, 'de')).toBe(getStore(context, req, 'de'))
    // Remix gives the root and the page's loader copies of the request.
    expect(getStore(context, new Request(req.url, { headers: req.headers }), 'de')).toBe(getStore(context, req, 'de'))
    expect(getStore(context, req, 'en')).not.toBe(getStore(context, req, 'de'))
    expect(getStore(context, request(`sw-context-token=${TOKEN}`), 'de')).not.toBe(getStore(context, req, 'de'))
    expect(getStore(context, new Request(req.url, { method: 'POST' }), 'de')).not.toBe(getStore(context, req, 'de'))
    expect(getStore(testContext(store.url).context, req, 'de')).not.toBe(getStore(context, req, 'de'))
  })
})

describe('store timeouts cover the whole response (issue 6)', () => {
  const TIMEOUT_MS = 400
  // Generous for a busy CI machine, far below the minutes a stalled body hung a page before.
  const MARGIN_MS = 1_500
  let stalling: Awaited<ReturnType<typeof startFakeStore>>
  let stallLanguages = false

  /** Headers and the start of a JSON body, then nothing: the socket stays open. */
  function stall(res: import('node:http').ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.write('{"elements":[{"id":"')
  }

  beforeAll(async () => {
    stalling = await startFakeStore((req, res) => {
      if (req.path === '/store-api/language') return stallLanguages ? stall(res) : json(res, 200, languages)
      if (req.path === '/store-api/category/stall') return stall(res)
      if (req.path.startsWith('/store-api/category/')) return json(res, 200, { id: 'c1', name: 'Produkte' })
      json(res, 404, { errors: [] })
    })
  })
  afterAll(() => stalling.close())
  beforeEach(() => {
    stallLanguages = false
  })

  const context = () =>
    testContext(stalling.url, { store: { endpoint: stalling.url, accessToken: 'K', timeoutMs: TIMEOUT_MS, embedded: false } }).context

  /** The settled outcome, or 'still pending' when it did not settle in time (the bug: it never does). */
  async function settle(promise: Promise<unknown>, ms: number) {
    const started = performance.now()
    const pending = Symbol('pending')
    let timer: NodeJS.Timeout | undefined
    const outcome = await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      new Promise<typeof pending>((resolve) => (timer = setTimeout(() => resolve(pending), ms))),
    ])
    clearTimeout(timer)
    return { outcome: outcome === pending ? 'still pending' : outcome, elapsed: performance.now() - started }
  }

  it('rejects a body that stalls after the headers within the timeout, as a timeout (408)', async () => {
    const s = getStore(context(), request(), 'de')
    await s.languageId()
    const { outcome, elapsed } = await settle(
      s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'stall' }, body: {} }),
      TIMEOUT_MS + MARGIN_MS,
    )
    expect(outcome).toHaveProperty('error')
    const { error } = outcome as { error: unknown }
    expect(classifyStoreError(error)).toBe('timeout')
    expect(new StoreError(error).status).toBe(408)
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
  })

  it('does not keep a stalled language list in the cache', async () => {
    stallLanguages = true
    const first = getStore(context(), request(), 'en')
    const { outcome } = await settle(
      first.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} }),
      TIMEOUT_MS + MARGIN_MS,
    )
    expect(outcome).toHaveProperty('error')
    expect(classifyStoreError((outcome as { error: unknown }).error)).toBe('timeout')

    stallLanguages = false
    const second = getStore(context(), request(), 'en')
    const { outcome: next } = await settle(
      second.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} }),
      TIMEOUT_MS + MARGIN_MS,
    )
    expect(next).toMatchObject({ value: { status: 200 } })
    expect(stalling.requests.at(-1)!.headers['sw-language-id']).toBe('b'.repeat(32))
  })

  it('still honours a signal the caller passes', async () => {
    const s = getStore(context(), request(), 'de')
    await s.languageId()
    const controller = new AbortController()
    const call = s.invoke('readCategory post /category/{navigationId}', {
      pathParams: { navigationId: 'stall' },
      body: {},
      fetchOptions: { signal: controller.signal },
    })
    setTimeout(() => controller.abort(), 50)
    const { outcome, elapsed } = await settle(call, TIMEOUT_MS + MARGIN_MS)
    expect(outcome).toHaveProperty('error')
    expect(elapsed).toBeLessThan(TIMEOUT_MS)
  })
})

describe('sub-request cache', () => {
  const withCache = () => createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 60_000, staleMs: 60_000 })
  const readCategory = (s: ReturnType<typeof getStore>, id = 'c1') =>
    s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: id }, body: {} })
  const categoryCalls = () => store.requests.filter((r) => r.path.startsWith('/store-api/category/'))
  // One request (its own load context) reading the category, with the given session or none; gives its request log.
  const readerWith = (storeCache: ReturnType<typeof withCache>) => async (token?: string) => {
    const { context } = testContext(store.url, { storeCache })
    await readCategory(getStore(context, request(token ? `sw-context-token=${token}` : undefined), 'de'))
    return context.requestLog
  }

  it('answers an anonymous catalogue read of a second request from the cache, counting calls and hits', async () => {
    const storeCache = withCache()
    const first = testContext(store.url, { storeCache })
    const second = testContext(store.url, { storeCache })
    await readCategory(getStore(first.context, request(), 'de'))
    const { data } = await readCategory(getStore(second.context, request(), 'de'))
    expect(data.name).toBe('Produkte')
    expect(categoryCalls()).toHaveLength(1)
    expect(first.context.requestLog).toMatchObject({ storeCalls: 2, storeRounds: 2 })
    expect(second.context.requestLog).toMatchObject({ cacheHits: 1 })
    expect(second.context.requestLog.storeCalls).toBeUndefined()
  })

  it('reads past the cache for a caller that keeps the result itself: neither stored in it nor answered from it', async () => {
    const storeCache = withCache()
    const uncached = (context: ReturnType<typeof testContext>['context']) =>
      getStore(context, request(), 'de').invokeUncached('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const { data } = await uncached(testContext(store.url, { storeCache }).context)
    expect(data.name).toBe('Produkte')
    // Not stored: the next cached read of the same goes to the store.
    const cached = testContext(store.url, { storeCache })
    await readCategory(getStore(cached.context, request(), 'de'))
    expect(categoryCalls()).toHaveLength(2)
    expect(cached.context.requestLog.cacheHits).toBeUndefined()
    // Not answered from it, though it now holds the read.
    const past = testContext(store.url, { storeCache })
    await uncached(past.context)
    expect(categoryCalls()).toHaveLength(3)
    expect(past.context.requestLog).toMatchObject({ storeCalls: 1 })
    expect(past.context.requestLog.cacheHits).toBeUndefined()
  })

  it('never serves a shopper with a session from the anonymous cache, and never sends their token for a shared read', async () => {
    const storeCache = withCache()
    await readCategory(getStore(testContext(store.url, { storeCache }).context, request(), 'de'))
    const withSession = testContext(store.url, { storeCache })
    await readCategory(getStore(withSession.context, request(`sw-context-token=${TOKEN}`), 'de'))
    expect(categoryCalls()).toHaveLength(2)
    expect(categoryCalls()[1]!.headers['sw-context-token']).toBe(TOKEN)
    expect(withSession.context.requestLog.cacheHits).toBeUndefined()
  })

  it('shares a catalogue read between sessions without a customer whose contexts price alike, never with anonymous requests', async () => {
    const read = readerWith(withCache())
    await read()
    await read(TOKEN)
    // The other visitor's context prices alike: the category, and the shop's own context, from the cache.
    expect((await read(OTHER)).cacheHits).toBe(2)
    // Shipping to France is another price context; a customer's reads always go to the store.
    await read(ABROAD)
    await read(CUSTOMER)
    await read(CUSTOMER)
    // Each read of a session is made in its own context: with its token.
    expect(categoryCalls().map((r) => r.headers['sw-context-token'] ?? 'none')).toEqual(['none', TOKEN, ABROAD, CUSTOMER, CUSTOMER])
  })

  it('serves a session whose context prices like the shop\'s own from what requests without a session read', async () => {
    const read = readerWith(withCache())
    await read()
    expect((await read(EMPTY_CART)).cacheHits).toBeGreaterThanOrEqual(1)
    expect(categoryCalls()).toHaveLength(1)
    // The shop's own context is read once without a token, then kept like the other shared reads.
    const shopContext = store.requests.filter((r) => r.path === '/store-api/context' && !r.headers['sw-context-token'])
    await read(EMPTY_CART)
    expect(store.requests.filter((r) => r.path === '/store-api/context' && !r.headers['sw-context-token'])).toHaveLength(shopContext.length)
    expect(shopContext).toHaveLength(1)
  })

  it("reads a session's context once per request for the cache and the loaders, and again after a write", async () => {
    const { context } = testContext(store.url, { storeCache: withCache() })
    const s = getStore(context, request(`sw-context-token=${TOKEN}`), 'de')
    const contextCalls = () => store.requests.filter((r) => r.path === '/store-api/context' && r.headers['sw-context-token'] === TOKEN)
    await Promise.all([readCategory(s, 'c1'), readCategory(s, 'c2'), s.invoke('readContext get /context', {})])
    expect(contextCalls()).toHaveLength(1)
    await s.invoke('loginCustomer post /account/login', { body: { username: 'a', password: 'b' } }).catch(() => undefined)
    await s.invoke('readContext get /context', {})
    expect(contextCalls()).toHaveLength(2)
    // After the write the session may be a customer's: its catalogue reads go to the store.
    await readCategory(s, 'c1')
    expect(categoryCalls()).toHaveLength(3)
  })

  it('keeps the languages apart', async () => {
    const storeCache = withCache()
    await readCategory(getStore(testContext(store.url, { storeCache }).context, request(), 'de'))
    await readCategory(getStore(testContext(store.url, { storeCache }).context, request(), 'fr'))
    expect(categoryCalls().map((r) => r.headers['sw-language-id'])).toEqual(['a'.repeat(32), 'c'.repeat(32)])
  })

  it('stops serving anonymous reads from the cache once the request logged in or changed the cart', async () => {
    const storeCache = withCache()
    await readCategory(getStore(testContext(store.url, { storeCache }).context, request(), 'de'))
    const { context } = testContext(store.url, { storeCache })
    const s = getStore(context, request(), 'de')
    await s.invoke('loginCustomer post /account/login', { body: { username: 'a', password: 'b' } }).catch(() => undefined)
    await readCategory(s)
    expect(categoryCalls()).toHaveLength(2)
  })
})
