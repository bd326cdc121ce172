import { createHmac, timingSafeEqual } from 'node:crypto'
import { parse, serialize, type SerializeOptions } from 'cookie'
import type { LoadContext } from '~/load-context'
import { isLocale, type Locale } from '~/lib/locale'

const DAY = 24 * 60 * 60

export const CONTEXT_TOKEN_COOKIE = 'sw-context-token'
export const LOCALE_COOKIE = 'locale'
export const FLASH_COOKIE = 'flash'

type CookieContext = Pick<LoadContext, 'secureCookies'>

/** The store session: only the server reads it, so it is httpOnly; Lax keeps it on top-level navigations back from payment pages. */
export function contextTokenCookieOptions(context: CookieContext): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: context.secureCookies, path: '/', maxAge: 30 * DAY }
}

/** Remembers the chosen language for the landing decision on '/'. */
export function localeCookieOptions(context: CookieContext): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: context.secureCookies, path: '/', maxAge: 365 * DAY }
}

/** Carries one notification across a redirect; a minute is plenty for the follow-up request. */
export function flashCookieOptions(context: CookieContext): SerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: context.secureCookies, path: '/', maxAge: 60 }
}

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie')
  if (!header) return undefined
  const value = parse(header)[name]
  return value ? value : undefined
}

export function readContextToken(request: Request): string | undefined {
  const token = readCookie(request, CONTEXT_TOKEN_COOKIE)
  // Shopware tokens are 32 alphanumerics; anything else cannot be a session and must not reach a header.
  return token && /^[A-Za-z0-9_-]{8,128}$/.test(token) ? token : undefined
}

export function serializeContextToken(context: CookieContext, token: string): string {
  return serialize(CONTEXT_TOKEN_COOKIE, token, contextTokenCookieOptions(context))
}

export function clearContextToken(context: CookieContext): string {
  return serialize(CONTEXT_TOKEN_COOKIE, '', { ...contextTokenCookieOptions(context), maxAge: 0 })
}

export function readLocaleCookie(request: Request): Locale | undefined {
  const value = readCookie(request, LOCALE_COOKIE)
  return isLocale(value) ? value : undefined
}

export function serializeLocaleCookie(context: CookieContext, locale: Locale): string {
  return serialize(LOCALE_COOKIE, locale, localeCookieOptions(context))
}

function sign(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url')
}

/** What a cookie may weigh, name and attributes included: browsers keep up to 4096 bytes. */
export const MAX_COOKIE_BYTES = 4000

/** A value signed with the session secret, so a cookie's content can be trusted when read back. */
export function signValue(value: string, secret: string): string {
  return `${value}.${sign(value, secret)}`
}

/** The value when its signature matches, else undefined. */
export function unsignValue(signed: string, secret: string): string | undefined {
  const dot = signed.lastIndexOf('.')
  if (dot < 1) return undefined
  const value = signed.slice(0, dot)
  const given = Buffer.from(signed.slice(dot + 1))
  const expected = Buffer.from(sign(value, secret))
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined
}

export function readFlashCookie(request: Request): string | undefined {
  return readCookie(request, FLASH_COOKIE)
}

export function serializeFlashCookie(context: CookieContext, value: string): string {
  return serialize(FLASH_COOKIE, value, flashCookieOptions(context))
}

export function clearFlashCookie(context: CookieContext): string {
  return serialize(FLASH_COOKIE, '', { ...flashCookieOptions(context), maxAge: 0 })
}

/** Languages of an Accept-Language header that the shop offers, best first ('fr-CH;q=0.9' counts as fr). */
export function acceptedLocales(header: string | null): Locale[] {
  if (!header) return []
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  const result: Locale[] = []
  for (const { language } of ranked) if (isLocale(language) && !result.includes(language)) result.push(language)
  return result
}

/**
 * Where a visitor of the bare '/' belongs: the locale cookie if set, else the browser's preferred
 * shop language. Only '/' asks this; every other path keeps the language its prefix names.
 */
export function landingLocale(request: Request): Locale | undefined {
  return readLocaleCookie(request) ?? acceptedLocales(request.headers.get('Accept-Language'))[0]
}
