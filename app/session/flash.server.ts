import type { LoadContext } from '~/load-context'
import type { FlashMessage, NotificationType } from '~/lib/shell-types'
import { clearFlashCookie, MAX_COOKIE_BYTES, readFlashCookie, serializeFlashCookie, signValue, unsignValue } from './cookies.server'

type FlashContext = Pick<LoadContext, 'secureCookies' | 'sessionSecret'>

const types: readonly NotificationType[] = ['info', 'success', 'warning', 'danger']
// Several redirects in a row (e.g. login → account) may each add a message; the cookie must stay small.
const MAX_MESSAGES = 5

function isFlashMessage(value: unknown): value is FlashMessage {
  if (!value || typeof value !== 'object') return false
  const m = value as Record<string, unknown>
  if (!types.includes(m.type as NotificationType) || typeof m.messageKey !== 'string') return false
  if (m.persistent !== undefined && typeof m.persistent !== 'boolean') return false
  if (m.values === undefined) return true
  return (
    typeof m.values === 'object' &&
    m.values !== null &&
    Object.values(m.values).every((v) => typeof v === 'string' || typeof v === 'number')
  )
}

function decode(raw: string | undefined, secret: string): FlashMessage[] {
  if (!raw) return []
  const payload = unsignValue(raw, secret)
  if (!payload) return []
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return Array.isArray(parsed) ? parsed.filter(isFlashMessage) : []
  } catch {
    return []
  }
}

function encode(messages: FlashMessage[], secret: string): string {
  return signValue(Buffer.from(JSON.stringify(messages)).toString('base64url'), secret)
}

/**
 * The Set-Cookie header that carries notifications to the next page (one, or several from one
 * action, e.g. the cart's messages). Pass the current request to keep messages still waiting in the cookie.
 */
export function flash(context: FlashContext, message: FlashMessage | FlashMessage[], request?: Request): string {
  const pending = request ? decode(readFlashCookie(request), context.sessionSecret) : []
  let messages = [...pending, ...(Array.isArray(message) ? message : [message])].slice(-MAX_MESSAGES)
  let cookie = serializeFlashCookie(context, encode(messages, context.sessionSecret))
  // A browser drops a cookie over 4 KB, and every message with it: the oldest go first until it fits.
  while (Buffer.byteLength(cookie) > MAX_COOKIE_BYTES && messages.length > 1) {
    messages = messages.slice(1)
    cookie = serializeFlashCookie(context, encode(messages, context.sessionSecret))
  }
  return cookie
}

/** The notifications waiting in the flash cookie, and the header that clears it (only when there was one). */
export function readFlash(
  request: Request,
  context: FlashContext,
): { messages: FlashMessage[]; headers: Headers } {
  const headers = new Headers()
  const raw = readFlashCookie(request)
  if (raw === undefined) return { messages: [], headers }
  headers.append('Set-Cookie', clearFlashCookie(context))
  return { messages: decode(raw, context.sessionSecret), headers }
}
