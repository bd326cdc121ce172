import { describe, expect, it, vi } from 'vitest'
import { cacheKeyOf, cacheScopeOf, createStoreCache, memoryBackend, priceContextOf, stableJson, type CacheBackend, type CacheSession } from './store-cache.server'

const SESSIONS: CacheSession[] = ['none', 'token', 'changed']

const base = {
  store: 'http://store.test/store-api\u0000KEY',
  languageId: 'de-id',
  scope: 'anonymous' as const,
  path: 'readProductDetail post /product/{productId}',
  request: { pathParams: { productId: 'p1' }, body: { associations: { media: {} } } },
}

describe('cache scope', () => {
  it('never caches a customer-bound read: prices, cart, account once a session exists', () => {
    for (const operation of ['readProductDetail', 'readProductListing', 'searchPage', 'readCategory', 'readProduct']) {
      expect(cacheScopeOf(operation, 'none')).toBe('anonymous')
      // A session's catalogue reads are cached only under its context's fingerprint (priceContextOf) …
      expect(cacheScopeOf(operation, 'token')).toBe('priced')
      // … and not at all once this request logged in or changed the cart.
      expect(cacheScopeOf(operation, 'changed')).toBeUndefined()
    }
    for (const operation of ['readCart', 'readContext', 'readCustomer', 'readOrder', 'readCustomerWishlist', 'loginCustomer']) {
      for (const session of SESSIONS) expect(cacheScopeOf(operation, session)).toBeUndefined()
    }
  })

  it('shares navigation, SEO URLs and breadcrumbs with and without a session', () => {
    for (const operation of ['readNavigation', 'readSeoUrl', 'readBreadcrumb']) {
      for (const session of SESSIONS) expect(cacheScopeOf(operation, session)).toBe('shared')
    }
  })
})

describe('price context of a session', () => {
  const visitor = {
    customer: null,
    currentCustomerGroup: { id: 'standard' },
    shippingLocation: { country: { id: 'de' }, state: null },
    itemRounding: { decimals: 2, interval: 0.01, roundForNet: true },
    context: { currencyId: 'eur', taxState: 'net', versionId: 'live', languageIdChain: ['de-id'], ruleIds: ['r1', 'r2'] },
  }

  it('has none for a context with a customer, logged in or guest: such reads always go to the store', () => {
    expect(priceContextOf({ ...visitor, customer: { id: 'c1', guest: false } })).toBeUndefined()
    expect(priceContextOf({ ...visitor, customer: { id: 'c2', guest: true } })).toBeUndefined()
    expect(priceContextOf(visitor)).toBeTypeOf('string')
  })

  it('is the same for contexts that price alike, whatever the order of their rules', () => {
    expect(priceContextOf({ ...visitor, context: { ...visitor.context, ruleIds: ['r2', 'r1'] } })).toBe(priceContextOf(visitor))
  })

  it('differs by currency, tax state, rules, customer group, shipping country and state, rounding and language chain', () => {
    const variants = [
      { ...visitor, context: { ...visitor.context, currencyId: 'chf' } },
      { ...visitor, context: { ...visitor.context, taxState: 'gross' } },
      { ...visitor, context: { ...visitor.context, ruleIds: ['r1', 'r2', 'cart-over-500'] } },
      { ...visitor, context: { ...visitor.context, languageIdChain: ['de-id', 'en-id'] } },
      { ...visitor, currentCustomerGroup: { id: 'reseller' } },
      { ...visitor, shippingLocation: { country: { id: 'fr' }, state: null } },
      { ...visitor, shippingLocation: { country: { id: 'de' }, state: { id: 'de-by' } } },
      { ...visitor, itemRounding: { decimals: 2, interval: 0.05, roundForNet: true } },
    ]
    const fingerprints = new Set([visitor, ...variants].map(priceContextOf))
    expect(fingerprints.size).toBe(variants.length + 1)
  })

  it('puts the fingerprint in the key: two price contexts never share an entry, nor with requests without a session', () => {
    const a = cacheKeyOf({ ...base, scope: 'priced', priceContext: priceContextOf(visitor) })
    const b = cacheKeyOf({ ...base, scope: 'priced', priceContext: priceContextOf({ ...visitor, currentCustomerGroup: { id: 'reseller' } }) })
    expect(new Set([a, b, cacheKeyOf(base)]).size).toBe(3)
  })
})

describe("cache scope of the shop's methods", () => {
  it("shares the shop's payment and shipping methods, but never the ones a session's cart may use", () => {
    for (const operation of ['readPaymentMethod', 'readShippingMethod']) {
      for (const session of SESSIONS) {
        expect(cacheScopeOf(operation, session, { body: { sort: [] } })).toBe('shared')
        expect(cacheScopeOf(operation, session, { body: { onlyAvailable: false } })).toBe('shared')
        expect(cacheScopeOf(operation, session, { body: { onlyAvailable: true } })).toBeUndefined()
        expect(cacheScopeOf(operation, session, { query: { onlyAvailable: true }, body: {} })).toBeUndefined()
        expect(cacheScopeOf(operation, session, { query: { onlyAvailable: '1' } })).toBeUndefined()
      }
    }
  })
})

describe('cache keys', () => {
  it('differ by store, language, scope, operation and request body', () => {
    const key = cacheKeyOf(base)
    expect(cacheKeyOf({ ...base, store: 'http://other.test/store-api\u0000KEY' })).not.toBe(key)
    expect(cacheKeyOf({ ...base, languageId: 'en-id' })).not.toBe(key)
    expect(cacheKeyOf({ ...base, scope: 'shared' })).not.toBe(key)
    expect(cacheKeyOf({ ...base, path: 'readProductReviews post /product/{productId}/reviews' })).not.toBe(key)
    expect(cacheKeyOf({ ...base, request: { ...base.request, pathParams: { productId: 'p2' } } })).not.toBe(key)
    expect(cacheKeyOf({ ...base, request: { ...base.request, body: { associations: {} } } })).not.toBe(key)
    expect(cacheKeyOf({ ...base, request: { ...base.request, headers: { 'sw-include-seo-urls': true } } })).not.toBe(key)
  })

  it('are the same for equal requests built in another order', () => {
    const reordered = { body: { associations: { media: {} } }, pathParams: { productId: 'p1' } }
    expect(cacheKeyOf({ ...base, request: reordered })).toBe(cacheKeyOf(base))
    expect(stableJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}')
  })

  it('name the operation but carry no body or token in clear', () => {
    const key = cacheKeyOf({ ...base, request: { body: { term: 'Kettensäge' } } })
    expect(key).toMatch(/^store:v1:readProductDetail:[\w-]{43}$/)
    expect(key).not.toContain('KEY')
  })
})

function clock(start = 1_000_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('store cache', () => {
  it('serves a fresh answer without calling the store, each caller its own copy', async () => {
    const cache = createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 60_000, staleMs: 600_000 })
    const load = vi.fn(async () => ({ status: 200, data: { name: 'Fällkeil' } }))
    const first = await cache.read('k', load)
    const second = await cache.read('k', load)
    expect(load).toHaveBeenCalledTimes(1)
    expect([first.outcome, second.outcome]).toEqual(['miss', 'hit'])
    ;(second.answer.data as { name: string }).name = 'changed by one page'
    expect((await cache.read('k', load)).answer.data).toEqual({ name: 'Fällkeil' })
  })

  it('shares one store call between concurrent requests for the same key', async () => {
    const cache = createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 60_000, staleMs: 0 })
    let resolve!: (value: { status: number; data: unknown }) => void
    const load = vi.fn(() => new Promise<{ status: number; data: unknown }>((r) => (resolve = r)))
    const reads = [cache.read('k', load), cache.read('k', load), cache.read('k', load)]
    await new Promise((r) => setTimeout(r, 0))
    resolve({ status: 200, data: [1, 2] })
    const results = await Promise.all(reads)
    expect(load).toHaveBeenCalledTimes(1)
    expect(results.map((r) => r.outcome)).toEqual(['miss', 'hit', 'hit'])
    expect(results.every((r) => JSON.stringify(r.answer.data) === '[1,2]')).toBe(true)
  })

  it('serves a stale answer at once and refreshes it in the background', async () => {
    const time = clock()
    const cache = createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 1_000, staleMs: 10_000, now: time.now })
    let version = 1
    const load = vi.fn(async () => ({ status: 200, data: { version } }))
    await cache.read('k', load)
    version = 2
    time.advance(1_500)
    const stale = await cache.read('k', load)
    expect(stale).toEqual({ outcome: 'stale', answer: { status: 200, data: { version: 1 } } })
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2))
    await new Promise((r) => setTimeout(r, 0))
    expect(await cache.read('k', load)).toEqual({ outcome: 'hit', answer: { status: 200, data: { version: 2 } } })
  })

  it('reads from the store again once an answer is older than fresh plus stale', async () => {
    const time = clock()
    const cache = createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 1_000, staleMs: 1_000, now: time.now })
    const load = vi.fn(async () => ({ status: 200, data: 'x' }))
    await cache.read('k', load)
    time.advance(2_500)
    expect((await cache.read('k', load)).outcome).toBe('miss')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('never stores a store error: the next request asks the store again', async () => {
    const cache = createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 60_000, staleMs: 60_000 })
    const failure = Object.assign(new Error('store failed'), { status: 503 })
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce({ status: 200, data: 'ok' })
    await expect(cache.read('k', load)).rejects.toBe(failure)
    expect(await cache.read('k', load)).toEqual({ outcome: 'miss', answer: { status: 200, data: 'ok' } })
  })

  it('keeps serving the stale answer when its refresh fails', async () => {
    const time = clock()
    const warn = vi.fn()
    const cache = createStoreCache({ backend: memoryBackend(1_000_000), ttlMs: 1_000, staleMs: 60_000, now: time.now, logger: { warn } })
    const load = vi.fn().mockResolvedValueOnce({ status: 200, data: 'old' }).mockRejectedValue(new Error('store down'))
    await cache.read('k', load)
    time.advance(2_000)
    expect((await cache.read('k', load)).answer.data).toBe('old')
    await vi.waitFor(() => expect(warn).toHaveBeenCalled())
    expect((await cache.read('k', load)).answer.data).toBe('old')
  })

  it('reads from the store when the cache backend fails', async () => {
    const broken: CacheBackend = {
      kind: 'redis',
      get: () => Promise.reject(new Error('ECONNREFUSED')),
      set: () => Promise.reject(new Error('ECONNREFUSED')),
      close: async () => {},
    }
    const warn = vi.fn()
    const cache = createStoreCache({ backend: broken, ttlMs: 60_000, staleMs: 0, logger: { warn } })
    const load = vi.fn(async () => ({ status: 200, data: 'from the store' }))
    expect((await cache.read('k', load)).answer.data).toBe('from the store')
    expect((await cache.read('k', load)).answer.data).toBe('from the store')
    expect(load).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledTimes(1)
  })
})

describe('memory backend', () => {
  it('drops the least recently used entries beyond its size', async () => {
    const backend = memoryBackend(30)
    await backend.set('a', '0123456789', 60_000)
    await backend.set('b', '0123456789', 60_000)
    await backend.get('a')
    await backend.set('c', '0123456789', 60_000)
    await backend.set('d', '0123456789', 60_000)
    expect(await backend.get('b')).toBeUndefined()
    expect(await backend.get('a')).toBe('0123456789')
    expect(await backend.get('d')).toBe('0123456789')
  })

  it('forgets an entry after its time', async () => {
    vi.useFakeTimers()
    try {
      const backend = memoryBackend(1_000)
      await backend.set('a', 'x', 1_000)
      vi.advanceTimersByTime(999)
      expect(await backend.get('a')).toBe('x')
      vi.advanceTimersByTime(2)
      expect(await backend.get('a')).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })
})
