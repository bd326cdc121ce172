import type { Logger } from 'pino'

/** Filled in while a request is handled and written into its single access-log line when it ends. */
export interface RequestLogFields {
  /** Pseudonymous session id: HMAC of the context token, never the token itself. */
  sid?: string
  locale?: string
  routeId?: string
}

export interface StoreConnection {
  /** Store API base URL including '/store-api'. */
  endpoint: string
  accessToken: string
  timeoutMs: number
  /** True when the embedded demo store serves the API. */
  embedded: boolean
}

/** What every loader and action receives as `context` (built in server/context.ts). */
export interface LoadContext {
  reqId: string
  cspNonce: string
  /** pino child logger bound to reqId */
  logger: Logger
  store: StoreConnection
  /** Secret for HMACs (pseudonymous session ids, signed cookies). */
  sessionSecret: string
  /** Public origin of the shop, e.g. https://shop.example.com (no trailing slash). */
  publicUrl: string
  /** Cookies get the Secure flag (true when publicUrl is https). */
  secureCookies: boolean
  requestLog: RequestLogFields
}

declare module '@remix-run/node' {
  interface AppLoadContext extends LoadContext {}
}
