import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { parse, serialize, type SerializeOptions } from 'cookie'
import type { OrderDraft } from '~/forms/checkout'
import type { LoadContext } from '~/load-context'
import { localizePath, type Locale } from '~/lib/locale'
import { MAX_COOKIE_BYTES, signValue, unsignValue } from './cookies.server'

type DraftContext = Pick<LoadContext, 'secureCookies' | 'sessionSecret'>

export interface FormDraftCookie<T> {
  /** The Set-Cookie header that keeps the draft for the next page, or undefined when even compressed it is too large for a cookie. */
  write(context: DraftContext, locale: Locale, draft: T): string | undefined
  /** The draft waiting for this page, and the header that clears it (only when there was one). */
  read(request: Request, context: DraftContext, locale: Locale): { draft?: T; headers: string[] }
}

/**
 * What a form sent carries across one redirect (post, redirect, get) when the page must show it
 * again: signed, compressed, sent only to the pages under `path` in its language, short-lived, and
 * cleared by the first page that reads it.
 */
export function formDraftCookie<T>(name: string, path: string, isDraft: (value: unknown) => value is T): FormDraftCookie<T> {
  const options = (context: DraftContext, locale: Locale): SerializeOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: context.secureCookies,
    path: localizePath(locale, path),
    maxAge: 30 * 60,
  })
  return {
    write(context, locale, draft) {
      const packed = deflateRawSync(Buffer.from(JSON.stringify(draft))).toString('base64url')
      const cookie = serialize(name, signValue(packed, context.sessionSecret), options(context, locale))
      return Buffer.byteLength(cookie) <= MAX_COOKIE_BYTES ? cookie : undefined
    },
    read(request, context, locale) {
      const raw = parse(request.headers.get('Cookie') ?? '')[name]
      if (!raw) return { headers: [] }
      const headers = [serialize(name, '', { ...options(context, locale), maxAge: 0 })]
      const packed = unsignValue(raw, context.sessionSecret)
      if (!packed) return { headers }
      try {
        const value: unknown = JSON.parse(inflateRawSync(Buffer.from(packed, 'base64url'), { maxOutputLength: 64 * 1024 }).toString('utf8'))
        return isDraft(value) ? { draft: value, headers } : { headers }
      } catch {
        return { headers }
      }
    },
  }
}

function isOrderDraft(value: unknown): value is OrderDraft {
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

/** The checkout's order form, across a choice changed without JavaScript (docs/decisions/017). */
export const checkoutDraft = formDraftCookie('checkout-draft', '/checkout', isOrderDraft)

/** The quick order's lines the store could not add, with why, back in the cart page's form. */
export interface QuickOrderDraft {
  lines: string
  problems: string[]
}

function isQuickOrderDraft(value: unknown): value is QuickOrderDraft {
  if (!value || typeof value !== 'object') return false
  const d = value as Record<string, unknown>
  return typeof d.lines === 'string' && Array.isArray(d.problems) && d.problems.every((p) => typeof p === 'string')
}

// The path is the checkout's, not the cart page's: with JavaScript the cart's data comes from /checkout/cart.data.
export const quickOrderDraft = formDraftCookie('quick-order-draft', '/checkout', isQuickOrderDraft)
