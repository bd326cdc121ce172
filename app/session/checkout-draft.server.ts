import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { parse, serialize, type SerializeOptions } from 'cookie'
import type { OrderDraft } from '~/forms/checkout'
import type { LoadContext } from '~/load-context'
import { localizePath, type Locale } from '~/lib/locale'
import { signValue, unsignValue } from './cookies.server'

export const CHECKOUT_DRAFT_COOKIE = 'checkout-draft'

// Browsers keep a cookie of up to 4096 bytes, name and attributes included.
const MAX_COOKIE_BYTES = 4000

type DraftContext = Pick<LoadContext, 'secureCookies' | 'sessionSecret'>

/**
 * Sent only to the checkout pages of its language, and short-lived: it carries the order form across
 * one redirect (a choice changed without JavaScript), then the checkout page clears it.
 */
function draftCookieOptions(context: DraftContext, locale: Locale): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: context.secureCookies, path: localizePath(locale, '/checkout'), maxAge: 30 * 60 }
}

function isDraft(value: unknown): value is OrderDraft {
  if (!value || typeof value !== 'object') return false
  const d = value as Record<string, unknown>
  return (
    typeof d.contactPerson === 'string' &&
    typeof d.desiredDate === 'string' &&
    typeof d.comment === 'string' &&
    typeof d.tos === 'boolean' &&
    typeof d.waiver === 'boolean'
  )
}

/**
 * The Set-Cookie header that keeps the draft for the next checkout page, compressed (a comment may
 * have 2,000 characters), or undefined when even so it is too large for a cookie.
 */
export function checkoutDraftCookie(context: DraftContext, locale: Locale, draft: OrderDraft): string | undefined {
  const packed = deflateRawSync(Buffer.from(JSON.stringify(draft))).toString('base64url')
  const cookie = serialize(CHECKOUT_DRAFT_COOKIE, signValue(packed, context.sessionSecret), draftCookieOptions(context, locale))
  return Buffer.byteLength(cookie) <= MAX_COOKIE_BYTES ? cookie : undefined
}

/** The draft waiting for this checkout page, and the header that clears it (only when there was one). */
export function readCheckoutDraft(request: Request, context: DraftContext, locale: Locale): { draft?: OrderDraft; headers: string[] } {
  const raw = parse(request.headers.get('Cookie') ?? '')[CHECKOUT_DRAFT_COOKIE]
  if (!raw) return { headers: [] }
  const headers = [serialize(CHECKOUT_DRAFT_COOKIE, '', { ...draftCookieOptions(context, locale), maxAge: 0 })]
  const packed = unsignValue(raw, context.sessionSecret)
  if (!packed) return { headers }
  try {
    const value: unknown = JSON.parse(inflateRawSync(Buffer.from(packed, 'base64url'), { maxOutputLength: 64 * 1024 }).toString('utf8'))
    return isDraft(value) ? { draft: value, headers } : { headers }
  } catch {
    return { headers }
  }
}
