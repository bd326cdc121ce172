import { createHmac } from 'node:crypto'
import { pino, type DestinationStream, type Logger } from 'pino'
import type { LogLevel } from './config'

export const REDACTED = '[Redacted]'

// Keys whose values never reach a log line, wherever they appear in a logged object:
// credentials and session secrets first, then personal data of shoppers.
const secretKeys = [
  'password',
  'newPassword',
  'newPasswordConfirm',
  'passwordConfirm',
  'currentPassword',
  'token',
  'contextToken',
  'accessToken',
  'sw-context-token',
  'sw-access-key',
  'authorization',
  'cookie',
  'set-cookie',
  'hash',
  'em',
  '_sw_payment_token',
]
const personalKeys = [
  'email',
  'emailConfirmation',
  'username',
  'firstName',
  'lastName',
  'street',
  'additionalAddressLine1',
  'additionalAddressLine2',
  'zipcode',
  'phone',
  'phoneNumber',
  'birthday',
  'birthdayDay',
  'birthdayMonth',
  'birthdayYear',
  'vatIds',
]

const sensitive = new Set([...secretKeys, ...personalKeys].map((key) => key.toLowerCase()))
// Deeper than any object we log; also stops on a cyclic structure.
const MAX_DEPTH = 8

/**
 * The value with every sensitive key's value replaced, at any depth. Copies only the objects on the
 * way to a replaced value and returns everything else as it is, so an ordinary log line (a handful
 * of plain fields) costs one key lookup per field: far cheaper than wildcard paths matched on every
 * line (issue 12 measured those at a tenth of a page's CPU).
 */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    value.forEach((item, i) => {
      const redacted = redact(item, depth + 1)
      if (redacted !== item) (copy ??= [...value])[i] = redacted
    })
    return copy ?? value
  }
  // Errors, requests and buffers are turned into plain objects by their serializers first.
  const prototype = Object.getPrototypeOf(value) as unknown
  if (prototype !== Object.prototype && prototype !== null) return value
  let copy: Record<string, unknown> | undefined
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    const redacted = sensitive.has(key.toLowerCase()) && item !== undefined ? REDACTED : redact(item, depth + 1)
    if (redacted !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = redacted
  }
  return copy ?? value
}

/**
 * Serializers run after the log formatter, so what they produce is redacted on its own. pino-http
 * installs its own unless handed these (server/index.ts does).
 */
export const logSerializers = {
  // The standard serializers return objects of their own prototypes; spread into plain ones to walk them.
  err: (err: Error) => redact({ ...pino.stdSerializers.err(err) }),
  req: (req: Record<string, unknown>) => redact({ ...req }),
  res: (res: Record<string, unknown>) => redact({ ...res }),
}

export interface LoggerOptions {
  level: LogLevel
  /** Defaults to stdout; tests pass a stream to read the lines back. */
  destination?: DestinationStream
}

/** The process logger: one JSON object per line, secrets and personal data redacted. */
export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redact(object) as Record<string, unknown>,
      },
      serializers: logSerializers,
    },
    destination,
  )
}

/**
 * Pseudonymous session id for logs: stable for one context token, but neither the token nor
 * reversible to it, so support staff can follow a shopper without holding their session.
 */
export function sessionId(secret: string, contextToken: string | null | undefined): string | undefined {
  if (!contextToken) return undefined
  return createHmac('sha256', secret).update(contextToken).digest('hex').slice(0, 16)
}

// Query parameters that carry credentials or personal data (recovery hashes, opt-in mails,
// payment tokens, the demo mailbox's recipient filter) are kept out of access-log lines.
const SENSITIVE_QUERY = /token|hash|password|secret|key|mail|^em$|^to$/i
// Codes carried in the path instead of the query: the demo payment page's single-use payment token,
// and the order code of Shopware's order mail link (with e-mail and postcode it opens the order).
const PATH_SECRETS = [/^(\/demo-payment\/)(?!payment\.css$)[^/]+/, /^((?:\/(?:en|fr))?\/account\/order\/)(?!details(?:\/|$))[^/]+/]

/** A request URL as log lines may show it: credentials and personal data in its path and query redacted. */
export function loggableUrl(originalUrl: string): string {
  const url = new URL(originalUrl, 'http://localhost')
  for (const name of new Set(url.searchParams.keys())) {
    if (SENSITIVE_QUERY.test(name)) url.searchParams.set(name, '[Redacted]')
  }
  const path = PATH_SECRETS.reduce((p, secret) => p.replace(secret, '$1[Redacted]'), url.pathname)
  return `${path}${url.search}`
}
