import { createHmac } from 'node:crypto'

/** Pseudonymous session id for logs: the first 16 hex characters of HMAC-SHA256(secret, context token). */
export function sessionId(contextToken: string, secret: string): string {
  return createHmac('sha256', secret).update(contextToken).digest('hex').slice(0, 16)
}
