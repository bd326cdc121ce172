import { parse, serialize, type SerializeOptions } from 'cookie'
import type { LoadContext } from '~/load-context'
import { HEX_ID } from '~/lib/hex-id'

export const LAST_VIEWED_COOKIE = 'last-viewed'
/** How many products the cookie remembers (the page shows them minus the current one). */
export const LAST_VIEWED_MAX = 8

const DAY = 24 * 60 * 60

type CookieContext = Pick<LoadContext, 'secureCookies'>

/** Only the server reads the list (the page renders it), so httpOnly; Lax keeps it on links from other sites. */
export function lastViewedCookieOptions(context: CookieContext): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: context.secureCookies, path: '/', maxAge: 30 * DAY }
}

/** The remembered product ids, newest first. Anything that is not a product id is dropped, never sent to the store. */
export function readLastViewed(request: Request): string[] {
  const header = request.headers.get('Cookie')
  if (!header) return []
  const raw = parse(header)[LAST_VIEWED_COOKIE]
  if (!raw) return []
  const ids = raw
    .split('.')
    .map((id) => id.toLowerCase())
    .filter((id) => HEX_ID.test(id))
  return [...new Set(ids)].slice(0, LAST_VIEWED_MAX)
}

/** The list after viewing `productId`: it moves to the front, the oldest fall off. */
export function rememberViewed(ids: readonly string[], productId: string): string[] {
  const id = productId.toLowerCase()
  if (!HEX_ID.test(id)) return [...ids]
  return [id, ...ids.filter((other) => other !== id)].slice(0, LAST_VIEWED_MAX)
}

export function serializeLastViewed(context: CookieContext, ids: readonly string[]): string {
  // Ids are hex, so '.' is a safe separator that needs no cookie encoding.
  return serialize(LAST_VIEWED_COOKIE, ids.join('.'), lastViewedCookieOptions(context))
}

/** A transparent 1×1 GIF: what the beacon answers, so the page's <img> loads cleanly. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/**
 * The beacon's answer: the pixel, with the cookie updated when `productId` is a product id. Never
 * stored by any cache: it is one visitor's list.
 */
export function recordViewResponse(context: CookieContext, ids: readonly string[], productId: string): Response {
  const headers = new Headers({ 'Content-Type': 'image/gif', 'Cache-Control': 'private, no-store' })
  const id = productId.toLowerCase()
  if (HEX_ID.test(id)) headers.append('Set-Cookie', serializeLastViewed(context, rememberViewed(ids, id)))
  return new Response(PIXEL, { status: HEX_ID.test(id) ? 200 : 404, headers })
}
