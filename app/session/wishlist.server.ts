import { parse, serialize, type SerializeOptions } from 'cookie'
import type { LoadContext } from '~/load-context'
import { signValue, unsignValue } from './cookies.server'
import { HEX_ID } from '~/lib/hex-id'

/**
 * The wishlist of anonymous visitors and guests (spec section 4: kept locally, the server list is for
 * registered customers only). A cookie instead of local storage so the heart works without
 * JavaScript; signed so the server only ever sends ids to the store that it wrote itself.
 */
export const WISHLIST_COOKIE = 'wishlist'
/** 100 ids of 32 hex digits joined by '.' plus the signature: about 3.3 KB, under the 4 KB a browser keeps per cookie. */
export const WISHLIST_COOKIE_MAX = 100

const DAY = 24 * 60 * 60

type CookieContext = Pick<LoadContext, 'secureCookies'>

/**
 * Not httpOnly: catalogue pages are the same for everyone (cacheable), so the browser's script reads
 * the ids to show the hearts and the count. Lax: the list survives links from other sites.
 */
export function wishlistCookieOptions(context: CookieContext): SerializeOptions {
  return { httpOnly: false, sameSite: 'lax', secure: context.secureCookies, path: '/', maxAge: 365 * DAY }
}

export function isProductId(value: unknown): value is string {
  return typeof value === 'string' && HEX_ID.test(value)
}

/** The ids of a cookie value, newest first; a value whose signature does not match, or that holds anything but ids, is an empty list. */
export function parseWishlistValue(raw: string | undefined, secret: string): string[] {
  if (!raw) return []
  const value = unsignValue(raw, secret)
  if (!value) return []
  const ids = value.split('.')
  if (!ids.every(isProductId)) return []
  return [...new Set(ids)].slice(0, WISHLIST_COOKIE_MAX)
}

export function readWishlistCookie(request: Request, secret: string): string[] {
  const header = request.headers.get('Cookie')
  if (!header) return []
  return parseWishlistValue(parse(header)[WISHLIST_COOKIE], secret)
}

/** Whether the request carries a wishlist cookie at all (valid or not): only then is clearing it worth a header. */
export function hasWishlistCookie(request: Request): boolean {
  const header = request.headers.get('Cookie')
  return !!header && parse(header)[WISHLIST_COOKIE] !== undefined
}

/** The Set-Cookie header for a list (ids must already be valid); an empty list removes the cookie. */
export function serializeWishlistCookie(context: CookieContext & Pick<LoadContext, 'sessionSecret'>, ids: readonly string[]): string {
  if (!ids.length) return clearWishlistCookie(context)
  if (ids.length > WISHLIST_COOKIE_MAX || !ids.every(isProductId)) throw new Error('invalid wishlist cookie content')
  // Hex ids and a base64url signature need no cookie encoding; '.' separates them.
  return serialize(WISHLIST_COOKIE, signValue(ids.join('.'), context.sessionSecret), wishlistCookieOptions(context))
}

export function clearWishlistCookie(context: CookieContext): string {
  return serialize(WISHLIST_COOKIE, '', { ...wishlistCookieOptions(context), maxAge: 0 })
}

export type CookieChange =
  | { type: 'added' | 'removed'; ids: string[] }
  /** The cookie is full: the visitor must remove something first (or log in, the server list has no such limit). */
  | { type: 'full'; ids: string[] }

/** The list after adding `productId` (it becomes the newest), refused when the cookie is full. */
export function addToWishlistIds(ids: readonly string[], productId: string): CookieChange {
  if (ids.includes(productId)) return { type: 'added', ids: [productId, ...ids.filter((id) => id !== productId)] }
  if (ids.length >= WISHLIST_COOKIE_MAX) return { type: 'full', ids: [...ids] }
  return { type: 'added', ids: [productId, ...ids] }
}

export function removeFromWishlistIds(ids: readonly string[], productId: string): CookieChange {
  return { type: 'removed', ids: ids.filter((id) => id !== productId) }
}
