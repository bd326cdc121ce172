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

// fast-redact has no recursive wildcard, so each key is listed at the depths our log objects reach
// (e.g. `req.headers.cookie`, `body.billingAddress.street`, `errors.0.meta.parameters.email`).
const MAX_DEPTH = 5

function pathSegment(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`
}

export function redactPaths(): string[] {
  const paths: string[] = []
  for (const key of [...secretKeys, ...personalKeys]) {
    const segment = pathSegment(key)
    for (let depth = 0; depth <= MAX_DEPTH; depth++) {
      const prefix = '*.'.repeat(depth)
      paths.push(segment.startsWith('[') ? `${prefix.slice(0, -1)}${segment}` : `${prefix}${segment}`)
    }
  }
  return paths
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
      redact: { paths: redactPaths(), censor: REDACTED },
      formatters: { level: (label) => ({ level: label }) },
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
