import { createAPIClient } from '@shopware/api-client'
import type { operations } from '@shopware/api-client/api-types'
import type { LoadContext, RequestLogFields } from '~/load-context'
import { languageTags, type Locale } from '~/lib/locale'
import { readContextToken, serializeContextToken } from '~/session/cookies.server'
import { errorCodes, logStoreErrorHint } from './errors.server'
import { sessionId } from '../../server/logger'
import { warnIfGross, type ContextLike } from '../../server/store-check'
import { cacheKeyOf, cacheScopeOf, priceContextOf, type CacheScope, type CacheSession, type PricingContext, type StoreAnswer, type StoreCache } from './store-cache.server'
import { setBounded } from '~/lib/bounded-map'
import { sessionState, type SessionState } from './session-context.server'

type ApiClient = ReturnType<typeof createAPIClient<operations>>
export type StoreInvoke = ApiClient['invoke']

type StoreContext = Pick<LoadContext, 'store' | 'storeCache' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

export interface Store {
  locale: Locale
  /** Identifies the store behind this client (endpoint and key) for in-process caches. */
  endpointKey: string
  /** Typed Store API call; logged, with the page language and the session's context token. */
  invoke: StoreInvoke
  /**
   * The same past the sub-request cache, for bulk reads whose result the caller keeps itself (the
   * sitemap's pages of every SEO URL): cached, they would only push the pages' reads out of it.
   */
  invokeUncached: StoreInvoke
  /** True when the request came with a context token cookie (the shopper has a store session). */
  hasSession: boolean
  /**
   * What the session's context showed when this process last read it (undefined: not known). A hint
   * for starting reads before this request's context has answered, never a decision: that context,
   * which the loaders read anyway, decides what is shown.
   */
  sessionHint: SessionState | undefined
  /** Store language id of a locale (from the cached language list); undefined if the shop lacks it. */
  languageId(locale?: Locale): Promise<string | undefined>
  /**
   * Set-Cookie headers for a stateful act (cart, login, language in context): the context token
   * cookie when the store handed out a token other than the one the request came with. Catalogue
   * loaders never call this, so anonymous pages stay cookie-free and cacheable.
   */
  commit(): string[]
}

type RawInvoke = (path: string, params?: object) => Promise<{ data: unknown; status: number }>

type ContextWithCustomer = { customer?: Parameters<typeof sessionState>[0] }

const CONTEXT_READ = 'readContext get /context'

/**
 * The state of each session's context as this process last read it, by store and session id (a hash
 * of the token). A session with a customer reads the catalogue from the store, never from the cache,
 * so on its next pages those reads need not wait for the context to say so, and a logged-in
 * customer's wishlist is asked for beside it: one round less on every page of a logged-in buyer.
 * Bounded; the oldest entries go first. A stale entry costs a read past the cache, never wrong data.
 */
const lastSessionStates = new Map<string, SessionState>()
const SESSION_STATES_MAX = 10_000

function rememberSessionState(key: string, state: SessionState) {
  if (state === 'anonymous') lastSessionStates.delete(key)
  else setBounded(lastSessionStates, key, state, SESSION_STATES_MAX)
}

/**
 * The call's options with a signal that aborts after `timeoutMs`, combined with the caller's own.
 * ofetch's `timeout` stops at the response headers (it clears its timer before reading the body),
 * so a store that stalls mid-body would hang the page; a signal also aborts the body read.
 */
function withDeadline(params: object | undefined, timeoutMs: number): object {
  const given = (params as { fetchOptions?: { signal?: AbortSignal | null } } | undefined)?.fetchOptions
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = given?.signal ? AbortSignal.any([given.signal, deadline]) : deadline
  return { ...params, fetchOptions: { ...given, signal } }
}

interface LanguageEntry {
  id: string
  translationCode?: { code?: string }
}

// The language list changes only when the shop is reconfigured; one fetch per process and store.
const languageCache = new Map<string, Promise<Partial<Record<string, string>>>>()

function loadLanguages(raw: RawInvoke, key: string): Promise<Partial<Record<string, string>>> {
  let cached = languageCache.get(key)
  if (!cached) {
    cached = raw('readLanguages post /language', {
      body: {
        associations: { translationCode: {} },
        includes: { language: ['id', 'translationCode'], locale: ['code'] },
      },
    }).then(({ data }) => {
      const elements = (data as { elements?: LanguageEntry[] }).elements ?? []
      return Object.fromEntries(
        elements.filter((l) => l.translationCode?.code).map((l) => [l.translationCode!.code!, l.id]),
      )
    })
    cached.catch(() => languageCache.delete(key))
    languageCache.set(key, cached)
  }
  return cached
}

/** Forgets cached language lists (tests, or after the shop was reconfigured). */
export function clearLanguageCache(): void {
  languageCache.clear()
}

function operationName(path: string): string {
  return path.split(' ')[0] ?? path
}

/**
 * Counts a request's store calls and their rounds for its access-log line. A call's round is one
 * more than the deepest call that had ended when it started: calls started together share a round,
 * a call that had to wait for another's answer starts the next.
 */
function callCounter(log: RequestLogFields): () => () => void {
  let endedDepth = 0
  return () => {
    const depth = endedDepth + 1
    log.storeCalls = (log.storeCalls ?? 0) + 1
    log.storeRounds = Math.max(log.storeRounds ?? 0, depth)
    return () => {
      endedDepth = Math.max(endedDepth, depth)
    }
  }
}
const counters = new WeakMap<RequestLogFields, () => () => void>()

function counterOf(log: RequestLogFields): () => () => void {
  let counter = counters.get(log)
  if (!counter) {
    counter = callCounter(log)
    counters.set(log, counter)
  }
  return counter
}

/** Reads change nothing in the store; anything else (login, cart, register …) may bind the session to a customer. */
function isRead(path: string): boolean {
  const [operation = '', method = ''] = path.split(' ')
  return method === 'get' || /^(read|search)/.test(operation)
}

// One client per HTTP request, locale and session. Remix hands every loader a copy of the Request of
// its own (without the `_routes` and index parameters), so the root and the page's loaders find each
// other by the load context, which the host creates once per HTTP request. Method and cookie keep an
// action (which may log in or change the cart) apart from the loaders that run after it.
const perRequest = new WeakMap<StoreContext, Map<string, Store>>()

/** The store for one request. Never share it between requests: the client holds the session token. */
export function getStore(context: StoreContext, request: Request, locale: Locale): Store {
  let stores = perRequest.get(context)
  if (!stores) {
    stores = new Map()
    perRequest.set(context, stores)
  }
  const key = `${locale} ${request.method} ${request.headers.get('cookie') ?? ''}`
  let store = stores.get(key)
  if (!store) {
    store = createStore(context, request, locale)
    stores.set(key, store)
  }
  return store
}

/**
 * A client for this request that carries no store session: for a read whose answer must not depend
 * on who is logged in, such as an order opened by its mail link, which Shopware authenticates by
 * e-mail and postcode only when the context has no customer (OrderRoute::load).
 */
export function getStoreWithoutSession(context: StoreContext, request: Request, locale: Locale): Store {
  return getStore(context, new Request(request.url), locale)
}

/** Media the shop serves itself become root-relative: one string replacement on the JSON text. */
function ownMediaParser(prefix: string | undefined): { parseResponse?: (text: string) => unknown } {
  if (!prefix) return {}
  return { parseResponse: (text) => JSON.parse(text.replaceAll(prefix, '/media/')) }
}

function createStore(context: StoreContext, request: Request, locale: Locale): Store {
  const { endpoint, accessToken, timeoutMs } = context.store
  const cookieToken = readContextToken(request)
  const clientOptions = {
    baseURL: endpoint,
    accessToken,
    // No `timeout` here: every call gets a signal with the whole budget (withDeadline).
    fetchOptions: { retry: 0, ...ownMediaParser(context.store.ownMediaPrefix) },
  }
  const client = createAPIClient<operations>({ ...clientOptions, contextToken: cookieToken })
  let currentToken = cookieToken
  client.hook('onContextChanged', (token) => {
    currentToken = token
  })
  const sid = cookieToken ? sessionId(context.sessionSecret, cookieToken) : undefined
  if (sid) context.requestLog.sid = sid

  const clientInvoke = client.invoke as unknown as RawInvoke

  const countCall = counterOf(context.requestLog)

  async function countedRead(cache: StoreCache, key: string, read: () => Promise<StoreAnswer>): Promise<StoreAnswer> {
    const { answer, outcome } = await cache.read(key, read)
    if (outcome !== 'miss') context.requestLog.cacheHits = (context.requestLog.cacheHits ?? 0) + 1
    return answer
  }

  async function logged(call: RawInvoke, path: string, params?: object): Promise<{ data: unknown; status: number }> {
    const started = performance.now()
    const operation = operationName(path)
    const ended = countCall()
    try {
      const result = await call(path, withDeadline(params, timeoutMs)).finally(ended)
      context.logger.info(
        { operation, status: result.status, durationMs: Math.round(performance.now() - started), errorCodes: [] },
        'store call',
      )
      return result
    } catch (err) {
      const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 0
      context.logger.info(
        { operation, status, durationMs: Math.round(performance.now() - started), errorCodes: errorCodes(err) },
        'store call',
      )
      logStoreErrorHint(context.logger, err)
      throw err
    }
  }

  const cacheKey = `${endpoint}\u0000${accessToken}`
  const sessionStateKey = sid && `${cacheKey}\u0000${sid}`
  const sessionHint = sessionStateKey ? lastSessionStates.get(sessionStateKey) : undefined
  // The language list is read through a client of its own: it must neither depend on the
  // shopper's session nor let the token the store mints for it replace the session's token.
  // In the store cache too, so a new instance behind a load balancer need not ask the store again.
  const withoutSession: RawInvoke = async (path, params) => {
    const bare = createAPIClient<operations>({ baseURL: endpoint, accessToken, fetchOptions: { retry: 0 } })
    const read = () => logged(bare.invoke as unknown as RawInvoke, path, params)
    const cache = context.storeCache
    if (!cache) return read()
    const key = cacheKeyOf({ store: cacheKey, languageId: '', scope: 'shared', path, request: params ?? {} })
    return countedRead(cache, key, read)
  }

  async function languageId(target: Locale = locale): Promise<string | undefined> {
    const ids = await loadLanguages(withoutSession, cacheKey)
    const id = ids[languageTags[target]]
    if (!id) context.logger.warn({ locale: target }, 'store has no language for this locale; using its default')
    return id
  }

  // Cached reads go through a client without the session: what is shared must not depend on it,
  // and the token the store mints for such a read must not replace the session's.
  let sharedClient: ApiClient | undefined
  const sharedInvoke: RawInvoke = (path, params) => {
    if (!sharedClient) {
      sharedClient = createAPIClient<operations>(clientOptions)
      const languageHeader = client.defaultHeaders['sw-language-id']
      if (languageHeader) sharedClient.defaultHeaders['sw-language-id'] = languageHeader
    }
    return logged(sharedClient.invoke as unknown as RawInvoke, path, params)
  }

  // After a login, registration or cart change in this request the session may belong to a customer.
  let changedState = false

  // One GET /context per request and session state: the price audience, the checkout and the cache's
  // price context all need it. A write in between (login, cart, context) makes the next read ask again.
  let contextRead: Promise<{ data: unknown; status: number }> | undefined
  function readSessionContext(params?: object) {
    if (!contextRead) {
      const read = logged(clientInvoke, CONTEXT_READ, params)
      contextRead = read
      read.then(
        ({ data }) => {
          warnIfGross(context.logger, data as ContextLike)
          // Only while the session is the one the request came with (a login may have replaced it).
          if (sessionStateKey && currentToken === cookieToken) rememberSessionState(sessionStateKey, sessionState((data as ContextWithCustomer).customer))
        },
        () => {
          if (contextRead === read) contextRead = undefined
        },
      )
    }
    return contextRead
  }

  // The fingerprint a session's catalogue reads are cached under; undefined (read from the store) for
  // a session with a customer, or when the context cannot be read (the page's own reads report that).
  async function sessionPriceContext(): Promise<string | undefined> {
    try {
      return priceContextOf((await readSessionContext()).data as PricingContext)
    } catch {
      return undefined
    }
  }

  // The fingerprint of the sales channel's own context in this language, as a request without a
  // session gets it: kept in the cache like the other shared reads, asked once per request.
  let defaultPriceContextRead: Promise<string | undefined> | undefined
  function defaultPriceContext(cache: StoreCache): Promise<string | undefined> {
    defaultPriceContextRead ??= readThroughCache(cache, 'shared', undefined, CONTEXT_READ).then(
      ({ data }) => priceContextOf(data as PricingContext),
      () => undefined,
    )
    return defaultPriceContextRead
  }

  /**
   * The scope and price context a catalogue read of this session is cached under: a session whose
   * context prices like the sales channel's own reads what requests without a session read; any
   * other under its fingerprint; one with a customer (or an unreadable context) not at all.
   */
  async function pricedScope(cache: StoreCache): Promise<{ scope?: 'priced' | 'anonymous'; priceContext?: string }> {
    // A session that had a customer reads from the store without waiting: right whatever its context says now.
    if (sessionHint) return {}
    const [own, standard] = await Promise.all([sessionPriceContext(), defaultPriceContext(cache)])
    if (own === undefined || changedState) return {}
    return own === standard ? { scope: 'anonymous' } : { scope: 'priced', priceContext: own }
  }

  async function cachedOrFetched(path: string, params: object | undefined, uncached: boolean): Promise<{ data: unknown; status: number }> {
    if (path === CONTEXT_READ) return readSessionContext(params)
    const cache = uncached ? undefined : context.storeCache
    const operation = operationName(path)
    const session: CacheSession = changedState ? 'changed' : cookieToken !== undefined ? 'token' : 'none'
    let scope = cache ? cacheScopeOf(operation, session, params) : undefined
    let priceContext: string | undefined
    if (cache && scope === 'priced') ({ scope, priceContext } = await pricedScope(cache))
    if (!cache || !scope) {
      if (!isRead(path)) {
        changedState = true
        contextRead = undefined
      }
      return logged(clientInvoke, path, params)
    }
    return readThroughCache(cache, scope, priceContext, path, params)
  }

  function readThroughCache(cache: StoreCache, scope: CacheScope, priceContext: string | undefined, path: string, params?: object) {
    // The caller's abort signal must not cancel a read that other requests may be waiting for.
    const { fetchOptions: _ignored, headers = {}, ...request } = (params ?? {}) as { fetchOptions?: unknown; headers?: Record<string, unknown> }
    const { 'sw-language-id': languageOverride, ...otherHeaders } = headers
    const key = cacheKeyOf({
      store: cacheKey,
      languageId: String(languageOverride ?? client.defaultHeaders['sw-language-id'] ?? ''),
      scope,
      priceContext,
      path,
      request: { ...request, headers: otherHeaders },
    })
    // A priced read is made in the session's own context (its country, rules), which its key stands for.
    const read = scope === 'priced' ? (call: object) => logged(clientInvoke, path, call) : (call: object) => sharedInvoke(path, call)
    return countedRead(cache, key, () => read({ ...request, headers }))
  }

  let languageReady: Promise<void> | undefined
  const invokeWith = (uncached: boolean) =>
    (async (path: string, params?: object) => {
      languageReady ??= languageId().then((id) => {
        if (id) client.defaultHeaders['sw-language-id'] = id
      })
      try {
        await languageReady
      } catch (err) {
        languageReady = undefined
        throw err
      }
      return cachedOrFetched(path, params, uncached)
    }) as unknown as StoreInvoke

  return {
    locale,
    endpointKey: cacheKey,
    invoke: invokeWith(false),
    invokeUncached: invokeWith(true),
    hasSession: cookieToken !== undefined,
    sessionHint,
    languageId,
    commit() {
      if (!currentToken || currentToken === cookieToken) return []
      context.requestLog.sid = sessionId(context.sessionSecret, currentToken)
      return [serializeContextToken(context, currentToken)]
    },
  }
}
