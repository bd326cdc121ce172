import { data } from '@remix-run/node'
import { ApiClientError } from '@shopware/api-client'
import type { Logger } from 'pino'

/** One error of a Store API error envelope (ApiClientError.details.errors[]). */
export interface StoreApiError {
  code?: string
  status?: string
  title?: string
  detail?: string
  source?: { pointer?: string }
  meta?: { parameters?: Record<string, unknown> | unknown[] }
}

export type StoreErrorKind = 'maintenance' | 'not-found' | 'timeout' | 'unreachable' | 'configuration' | 'other'

export const MAINTENANCE_CODE = 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE'
export const CONFIGURATION_HINT = 'API connection or configuration (endpoint and access token) may be wrong'

const pageStatus: Record<StoreErrorKind, number> = {
  maintenance: 503,
  'not-found': 404,
  timeout: 408,
  unreachable: 502,
  configuration: 500,
  other: 500,
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

// Node's network error codes for "could not reach the host at all" (as opposed to a slow answer).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
])

/** The errors of a Store API envelope carried by an ApiClientError; [] for anything else. */
export function apiErrors(err: unknown): StoreApiError[] {
  if (!(err instanceof ApiClientError)) return []
  const details: unknown = err.details
  if (!details || typeof details !== 'object') return []
  const errors = (details as { errors?: unknown }).errors
  return Array.isArray(errors) ? errors.filter((e): e is StoreApiError => !!e && typeof e === 'object') : []
}

export function errorCodes(err: unknown): string[] {
  return apiErrors(err)
    .map((e) => e.code)
    .filter((c): c is string => typeof c === 'string' && c.length > 0)
}

/** Walks an error's cause chain (ofetch FetchError → undici TypeError → system error). */
function causes(err: unknown): unknown[] {
  const chain: unknown[] = []
  let current: unknown = err
  while (current && typeof current === 'object' && chain.length < 6) {
    chain.push(current)
    current = (current as { cause?: unknown }).cause
  }
  return chain
}

function field(value: unknown, key: 'name' | 'code'): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

export function classifyStoreError(err: unknown): StoreErrorKind {
  if (err instanceof ApiClientError) {
    const codes = errorCodes(err)
    if (codes.includes(MAINTENANCE_CODE)) return 'maintenance'
    if (err.status === 404 || codes.some((c) => /^CONTENT__.*_NOT_FOUND$/.test(c))) return 'not-found'
    if (isConfigurationError(err)) return 'configuration'
    if (err.status === 408) return 'timeout'
    return 'other'
  }
  const chain = causes(err)
  // TimeoutError: the per-call deadline (client.server.ts) fired, before the headers (wrapped by
  // ofetch) or while the body was read (thrown as is). The undici codes are its own limits.
  if (chain.some((e) => field(e, 'name') === 'TimeoutError' || TIMEOUT_CODES.has(String(field(e, 'code'))))) {
    return 'timeout'
  }
  if (chain.some((e) => UNREACHABLE_CODES.has(String(field(e, 'code'))))) return 'unreachable'
  // undici reports some connection failures only as TypeError('fetch failed') without a coded cause.
  if (chain.some((e) => e instanceof TypeError && e.message === 'fetch failed')) return 'unreachable'
  return 'other'
}

// 412 also answers a double opt-in link that was already used; that is the shopper's business, not the shop's setup.
const NOT_CONFIGURATION_412 = new Set(['CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED'])

/** 412: wrong endpoint, access key or language id (spec section 8), unless the code says otherwise. */
function isConfigurationError(err: unknown): boolean {
  return err instanceof ApiClientError && err.status === 412 && !errorCodes(err).some((code) => NOT_CONFIGURATION_412.has(code))
}

/** A store failure in page terms; thrown by loaders through throwPageError. */
export class StoreError extends Error {
  readonly kind: StoreErrorKind
  readonly status: number
  readonly codes: string[]

  constructor(cause: unknown) {
    const kind = classifyStoreError(cause)
    super(`Store ${kind}`, { cause })
    this.name = 'StoreError'
    this.kind = kind
    this.status = pageStatus[kind]
    this.codes = errorCodes(cause)
  }
}

export function isNotFound(err: unknown): boolean {
  return classifyStoreError(err) === 'not-found'
}

/** Logs the hint the spec asks for when the store answers 412 (wrong endpoint, key or language id). */
export function logStoreErrorHint(logger: Logger, err: unknown): void {
  if (isConfigurationError(err)) {
    logger.warn({ status: 412, errorCodes: errorCodes(err) }, CONFIGURATION_HINT)
  }
}

const pageMessage: Record<StoreErrorKind, string> = {
  maintenance: 'MAINTENANCE_MODE',
  'not-found': 'Page not found',
  timeout: 'Request Timeout',
  unreachable: 'Bad Gateway',
  configuration: 'Internal Server Error',
  other: 'Internal Server Error',
}

/** Throws the Remix error response for a failed store call (contracts: errors thrown by routes). */
export function throwPageError(err: unknown, request: Request): never {
  const storeError = err instanceof StoreError ? err : new StoreError(err)
  const { kind, status } = storeError
  if (kind === 'maintenance') {
    throw data({ message: 'MAINTENANCE_MODE' }, { status: 503, statusText: 'MAINTENANCE_MODE' })
  }
  const path = new URL(request.url).pathname
  const message = kind === 'not-found' ? `Page not found: ${path}` : pageMessage[kind]
  throw data({ message, path }, { status })
}

/** Throws the page-not-found response (the root error boundary's 404 page) for the request's path. */
export function throwNotFound(request: Request, headers?: HeadersInit): never {
  const path = new URL(request.url).pathname
  throw data({ message: `Page not found: ${path}`, path }, { status: 404, ...(headers ? { headers } : {}) })
}

/** Field errors of a 400 violation response, keyed by the field name from source.pointer ('/email' → 'email'). */
export function violations(err: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const e of apiErrors(err)) {
    const pointer = e.source?.pointer
    if (!pointer) continue
    const key = pointer.replace(/^\/+/, '').replace(/\//g, '.')
    ;(result[key] ??= []).push(e.detail ?? e.code ?? 'invalid')
  }
  return result
}

/** Violation codes per field ('VIOLATION::IS_BLANK_ERROR'), for translated messages. */
export function violationCodes(err: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const e of apiErrors(err)) {
    const pointer = e.source?.pointer
    if (!pointer || !e.code) continue
    ;(result[pointer.replace(/^\/+/, '').replace(/\//g, '.')] ??= []).push(e.code)
  }
  return result
}

/** The wait of a rate-limit answer (429): meta.parameters.seconds of the first error that has it. */
export function retryAfterSeconds(err: unknown): number | undefined {
  for (const e of apiErrors(err)) {
    const params = e.meta?.parameters
    if (!params || Array.isArray(params)) continue
    const seconds = Number(params.seconds)
    if (Number.isFinite(seconds) && seconds >= 0) return seconds
  }
  return undefined
}

// The store's rate limits: login and guest order access (time backoff), newsletter, and any other 429.
const THROTTLE_CODES = ['CHECKOUT__CUSTOMER_AUTH_THROTTLED', 'FRAMEWORK__RATE_LIMIT_EXCEEDED', 'CONTENT__NEWSLETTER_RECIPIENT_THROTTLED']
const DEFAULT_WAIT_SECONDS = 30

/** The whole seconds to wait when the store refused for a rate limit; undefined for any other answer. */
export function throttledSeconds(err: unknown): number | undefined {
  const limited = (err instanceof ApiClientError && err.status === 429) || errorCodes(err).some((code) => THROTTLE_CODES.includes(code))
  return limited ? Math.ceil(retryAfterSeconds(err) ?? DEFAULT_WAIT_SECONDS) : undefined
}

/** The form field a violation belongs to: its pointer with '/' → '.' ('/billingAddress/zipcode' → 'billingAddress.zipcode'). */
function pointerField(pointer: string): string {
  return pointer.replace(/^\/+/, '').replace(/\/+/g, '.')
}

/**
 * Spec section 5's server violation messages (i18n keys in locales/{de,en,fr}/auth.json `validation`), by
 * Store API code. Codes come as `VIOLATION::NAME` (Symfony constraint names and Shopware's own
 * address ones such as `VIOLATION::STREET_IS_BLANK_ERROR`) or bare (`CUSTOMER_EMAIL_NOT_UNIQUE`).
 */
export function violationMessageKey(code: string | undefined): string {
  const name = (code ?? '').replace(/^VIOLATION::/, '')
  switch (name) {
    case 'CUSTOMER_EMAIL_NOT_UNIQUE':
      return 'auth:validation.emailNotUnique'
    case 'CUSTOMER_PASSWORD_NOT_CORRECT':
      return 'auth:validation.passwordNotCorrect'
    case 'VAT_ID_FORMAT_NOT_CORRECT':
      return 'auth:validation.vatIdFormat'
    case 'ZIP_CODE_INVALID':
      return 'auth:validation.zipCodeInvalid'
    case 'TOO_SHORT_ERROR':
      return 'auth:validation.tooShort'
    case 'TOO_LONG_ERROR':
      return 'auth:validation.tooLong'
    case 'INVALID_EMAIL_FORMAT_ERROR':
      return 'auth:validation.email'
  }
  // Blank and too-low values read 'should not be empty' (IS_BLANK_ERROR, STREET_IS_BLANK_ERROR, TOO_LOW_ERROR, …).
  if (name.endsWith('IS_BLANK_ERROR') || name === 'TOO_LOW_ERROR' || name === 'IS_NULL_ERROR') return 'auth:validation.notBlank'
  return 'auth:validation.invalid'
}

/**
 * The violations of a 400 answer as conform field errors: `{ [formField]: i18nKey[] }`, for
 * `submission.reply({ fieldErrors })`. `fieldMap` renames store fields to the form's (keys are the
 * dotted pointer, e.g. `vatIds` or `customFields.forst_company_type`; a key ending in `.*` also
 * covers everything below it, like `vatIds.0`); violations without a pointer land under '' (the
 * whole form). Each field gets a message once.
 */
export function storeViolationsToFields(err: unknown, fieldMap: Record<string, string> = {}): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const e of apiErrors(err)) {
    if (!e.code?.startsWith('VIOLATION::') && !e.source?.pointer) continue
    const storeField = e.source?.pointer ? pointerField(e.source.pointer) : ''
    let field = fieldMap[storeField]
    if (field === undefined) {
      const prefix = Object.keys(fieldMap).find((key) => key.endsWith('.*') && storeField.startsWith(key.slice(0, -1)))
      field = prefix ? fieldMap[prefix]! : storeField
    }
    // Without a field to name, '{field} is invalid' would read oddly: the form gets the general message.
    const key = field === '' ? 'auth:validation.generic' : violationMessageKey(e.code)
    const list = (result[field] ??= [])
    if (!list.includes(key)) list.push(key)
  }
  return result
}
