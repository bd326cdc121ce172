import { createHash } from 'node:crypto'
import type { Logger } from 'pino'

/**
 * The store sub-request cache (Hydrogen's idea, fitted to Shopware): Store API reads whose answer
 * is the same for every shopper without a session are kept for a short time and shared between
 * requests, and between containers when the cache lives in Redis. Which reads qualify is decided
 * here, in one place (docs/decisions/010-store-sub-request-cache.md).
 */

/** Reads that depend only on the sales channel and language: shared even when the shopper has a session. */
const SESSION_INDEPENDENT = new Set(['readLanguages', 'readNavigation', 'readSeoUrl', 'readBreadcrumb', 'readSalutation', 'readCountry'])

/**
 * Reads whose answer carries prices or a customer's own data once a session exists (a customer
 * group's prices, one's own unapproved reviews): shared between requests without a session, and
 * between sessions without a customer whose contexts price alike (`priceContextOf`).
 */
const ANONYMOUS_ONLY = new Set([
  'readCategory',
  'readLandingPage',
  'readProduct',
  'readProductDetail',
  'readProductReviews',
  'readProductCrossSellings',
  'readProductListing',
  'searchPage',
  'searchSuggest',
])

/**
 * The shop's methods: the same for every shopper unless the read asks for those this session's cart
 * may use (`onlyAvailable`, which Shopware answers by the cart's rules: PaymentMethodRoute,
 * ShippingMethodRoute). The checkout reads both, the unfiltered one to name what the order cannot use.
 */
const SESSION_INDEPENDENT_UNFILTERED = new Set(['readPaymentMethod', 'readShippingMethod'])

function asksOnlyAvailable(request: unknown): boolean {
  const { query, body } = (request ?? {}) as { query?: { onlyAvailable?: unknown }; body?: { onlyAvailable?: unknown } }
  return [query?.onlyAvailable, body?.onlyAvailable].some((value) => value !== undefined && value !== false && value !== 'false' && value !== 0 && value !== '0')
}

/**
 * `shared`: the same for everyone. `anonymous`: the same for every request without a session.
 * `priced`: the same for every session without a customer whose context prices alike; the key
 * carries that context's fingerprint.
 */
export type CacheScope = 'shared' | 'anonymous' | 'priced'

/**
 * The request's session as far as the cache cares: none, a context token from the cookie, or one
 * this request has changed (a login, a registration, a cart change), whose context may have moved on.
 */
export type CacheSession = 'none' | 'token' | 'changed'

/** Whether (and with which scope) an operation may be served from the cache; undefined: never. */
export function cacheScopeOf(operation: string, session: CacheSession, request?: unknown): CacheScope | undefined {
  if (SESSION_INDEPENDENT.has(operation)) return 'shared'
  if (SESSION_INDEPENDENT_UNFILTERED.has(operation)) return asksOnlyAvailable(request) ? undefined : 'shared'
  if (ANONYMOUS_ONLY.has(operation)) return session === 'none' ? 'anonymous' : session === 'token' ? 'priced' : undefined
  return undefined
}

/** The parts of a session's context (GET /context) a catalogue answer can depend on. */
export interface PricingContext {
  customer?: unknown
  currentCustomerGroup?: { id?: string } | null
  shippingLocation?: { country?: { id?: string } | null; state?: { id?: string } | null } | null
  itemRounding?: unknown
  context?: { currencyId?: string; taxState?: string; versionId?: string; languageIdChain?: string[]; ruleIds?: string[] } | null
}

/**
 * What makes two sessions without a customer (a visitor with a cart) get the same product, listing,
 * CMS and review answers: currency, tax state, rounding, version, language chain and the rules the
 * store matched, the parts of Shopware's own key for its cached store-api routes
 * (EntityCacheKeyGenerator::getSalesChannelContextHash), plus the customer group and the shipping
 * country, which the embedded store prices by without rules. A context with a customer in it
 * (logged in, or a guest who gave their address) has none: its reads always go to the store.
 */
export function priceContextOf(session: PricingContext): string | undefined {
  if (session.customer) return undefined
  const context = session.context ?? {}
  return stableJson({
    currency: context.currencyId,
    taxState: context.taxState,
    rounding: session.itemRounding,
    version: context.versionId,
    languages: context.languageIdChain,
    rules: [...(context.ruleIds ?? [])].sort(),
    group: session.currentCustomerGroup?.id,
    country: session.shippingLocation?.country?.id,
    state: session.shippingLocation?.state?.id,
  })
}

/** JSON with object keys sorted, so two equal bodies give one key whatever order they were built in. */
export function stableJson(value: unknown): string {
  if (value === undefined) return 'null'
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`
}

export interface CacheKeyParts {
  /** Endpoint and access key of the store (one sales channel). */
  store: string
  /** The sw-language-id the read is made with ('' for the store's default). */
  languageId: string
  scope: CacheScope
  /** For the `priced` scope: the session context's fingerprint (`priceContextOf`). */
  priceContext?: string
  /** The operation as invoked, e.g. 'readProductDetail post /product/{productId}'. */
  path: string
  /** pathParams, query, body and the headers that change the answer (sw-include-seo-urls). */
  request: unknown
}

/** One key per store, language, scope (and price context), operation and request; hashed so Redis keys stay short. */
export function cacheKeyOf(parts: CacheKeyParts): string {
  const digest = createHash('sha256')
    .update(stableJson([parts.store, parts.languageId, parts.scope, parts.priceContext, parts.path, parts.request]))
    .digest('base64url')
  return `store:v1:${parts.path.split(' ')[0]}:${digest}`
}

/** Where entries live: in this process (bounded LRU) or in Redis. Values are JSON text, so no caller can change another's copy. */
export interface CacheBackend {
  readonly kind: 'memory' | 'redis'
  get(key: string): Promise<string | undefined>
  set(key: string, value: string, ttlMs: number): Promise<void>
  close(): Promise<void>
}

/** In-process LRU bounded by the size of its JSON texts; expired entries are dropped when met. */
export function memoryBackend(maxBytes: number): CacheBackend {
  const entries = new Map<string, { value: string; expiresAt: number }>()
  let bytes = 0
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.value.length
    entries.delete(key)
  }
  return {
    kind: 'memory',
    async get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expiresAt <= Date.now()) {
        drop(key)
        return undefined
      }
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    async set(key, value, ttlMs) {
      if (value.length > maxBytes) return
      drop(key)
      entries.set(key, { value, expiresAt: Date.now() + ttlMs })
      bytes += value.length
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        drop(oldest)
      }
    },
    async close() {
      entries.clear()
      bytes = 0
    },
  }
}

interface StoredEntry {
  /** When the answer was read from the store (ms since epoch). */
  t: number
  status: number
  data: unknown
}

export interface StoreAnswer {
  data: unknown
  status: number
}

export interface CacheOptions {
  backend: CacheBackend
  /** How long an answer is fresh. */
  ttlMs: number
  /** How long after that it is still served while one request refreshes it in the background. */
  staleMs: number
  logger?: Pick<Logger, 'warn'>
  now?: () => number
}

export interface CachedRead {
  answer: StoreAnswer
  /** 'hit' (fresh), 'stale' (served while refreshing), 'miss' (read from the store for this request). */
  outcome: 'hit' | 'stale' | 'miss'
}

export interface StoreCache {
  readonly kind: CacheBackend['kind']
  /**
   * The cached answer for `key`, or `load()`'s. Requests for a key already being loaded wait for
   * that load instead of starting their own. Failed loads are never stored.
   */
  read(key: string, load: () => Promise<StoreAnswer>): Promise<CachedRead>
  close(): Promise<void>
}

export function createStoreCache({ backend, ttlMs, staleMs, logger, now = Date.now }: CacheOptions): StoreCache {
  const inFlight = new Map<string, Promise<string>>()
  let warnedAt = 0

  // A broken cache must never break a page: it only costs the store call it would have saved.
  const backendFailed = (err: unknown, action: string) => {
    if (now() - warnedAt < 60_000) return
    warnedAt = now()
    logger?.warn({ err, action, backend: backend.kind }, 'store cache unavailable; reading from the store')
  }

  async function lookup(key: string): Promise<StoredEntry | undefined> {
    try {
      const text = await backend.get(key)
      return text === undefined ? undefined : (JSON.parse(text) as StoredEntry)
    } catch (err) {
      backendFailed(err, 'get')
      return undefined
    }
  }

  // Resolves to the stored JSON text: every caller parses its own copy, as it would get from the store.
  function loadAndStore(key: string, load: () => Promise<StoreAnswer>): Promise<string> {
    let pending = inFlight.get(key)
    if (pending) return pending
    pending = (async () => {
      try {
        const answer = await load()
        const text = JSON.stringify({ t: now(), status: answer.status, data: answer.data } satisfies StoredEntry)
        await backend.set(key, text, ttlMs + staleMs).catch((err: unknown) => backendFailed(err, 'set'))
        return text
      } finally {
        inFlight.delete(key)
      }
    })()
    inFlight.set(key, pending)
    return pending
  }

  return {
    kind: backend.kind,
    async read(key, load) {
      const entry = await lookup(key)
      if (entry) {
        const age = now() - entry.t
        const answer = { status: entry.status, data: entry.data }
        if (age < ttlMs) return { answer, outcome: 'hit' }
        if (age < ttlMs + staleMs) {
          if (!inFlight.has(key)) {
            loadAndStore(key, load).catch((err: unknown) => logger?.warn({ err, key }, 'refreshing a stale store answer failed'))
          }
          return { answer, outcome: 'stale' }
        }
      }
      // Shared with a request already loading this key: that request's call, not a new one.
      const shared = inFlight.has(key)
      const { status, data } = JSON.parse(await loadAndStore(key, load)) as StoredEntry
      return { answer: { status, data }, outcome: shared ? 'hit' : 'miss' }
    },
    async close() {
      await backend.close()
    },
  }
}
