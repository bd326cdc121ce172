import type { Logger } from 'pino'
import type { StoreCache } from './store/store-cache.server'
import type { RequestErrorStatus } from './lib/request-error.server'
import type { TranslationChunks } from '../server/translation-chunks'

/** Filled in while a request is handled and written into its single access-log line when it ends. */
export interface RequestLogFields {
  /** Pseudonymous session id: HMAC of the context token, never the token itself. */
  sid?: string
  locale?: string
  routeId?: string
  /** HTTP calls the app made to the store for this request. */
  storeCalls?: number
  /** Sequential rounds of those calls (a round starts when a call begins after another has ended). */
  storeRounds?: number
  /** Store reads answered from the sub-request cache instead. */
  cacheHits?: number
  /** 'hit' when the shop's page cache answered (server/page-cache.ts): nothing was rendered. */
  pageCache?: 'hit'
}

export interface StoreConnection {
  /** Store API base URL including '/store-api'. */
  endpoint: string
  accessToken: string
  timeoutMs: number
  /** True when the embedded demo store serves the API. */
  embedded: boolean
  /**
   * Where the shop itself serves the store's media (`https://shop.example/media/` for the embedded
   * store): the store client turns such URLs into root-relative ones, so pictures load whatever host
   * name the shopper opened the shop under.
   */
  ownMediaPrefix?: string
  /** Customer group a reseller registration asks for (`requestedGroupId`); unset: the form sends no request. */
  resellerGroupId?: string
}

/** The consent-gated third parties the shop is configured with (server/config.ts). */
export interface ThirdPartySettings {
  /** Tag manager container, loaded with measurement consent. */
  tagManager?: { id: string; origin: string }
  /** Chat widget (version 2) keys by language, created with functional consent. */
  chat?: { keys: Partial<Record<'de' | 'en' | 'fr', string>>; origin: string }
}

/** What every loader and action receives as `context` (built in server/context.ts). */
export interface LoadContext {
  reqId: string
  cspNonce: string
  /** pino child logger bound to reqId */
  logger: Logger
  store: StoreConnection
  /** The process's store sub-request cache (in memory or Redis); absent: every read goes to the store. */
  storeCache?: StoreCache
  /** Secret for HMACs (pseudonymous session ids, signed cookies). */
  sessionSecret: string
  /** Public origin of the shop, e.g. https://shop.example.com (no trailing slash). */
  publicUrl: string
  /** The embedded demo store's mail outbox (.eml files) for the demo mailbox page; unset with any other store. */
  demoOutboxDir?: string
  /** Cookies get the Secure flag (true when publicUrl is https). */
  secureCookies: boolean
  requestLog: RequestLogFields
  /**
   * Per language, the script each translation namespace loads from (`/assets/common-….js`), read from the
   * production build; the page names its first-load ones for the browser to fetch with the page's own
   * scripts. Absent in development and in unit tests.
   */
  translationChunks?: TranslationChunks
  /** Configured third parties (absent in contexts built without a config, e.g. unit tests: none). */
  thirdParty?: ThirdPartySettings
  /**
   * Set when the host refused the request (server/request-guard.ts): the page is rendered as the
   * error page with this status, and no action runs.
   */
  rejection?: { status: RequestErrorStatus; reason: string }
  /** Makes the response's CSP allow the inline scripts of this finished document by hash instead of the nonce. */
  allowInlineScriptsOf(html: string): void
}

declare module '@remix-run/node' {
  interface AppLoadContext extends LoadContext {}
}
