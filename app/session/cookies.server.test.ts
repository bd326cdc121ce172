import { parseSetCookie } from 'cookie'
import { describe, expect, it } from 'vitest'
import {
  clearContextToken,
  readContextToken,
  readLocaleCookie,
  serializeContextToken,
  serializeFlashCookie,
  serializeLocaleCookie,
  signValue,
  unsignValue,
  acceptedLocales,
  landingLocale,
} from './cookies.server'

const https = { secureCookies: true }
const http = { secureCookies: false }
const req = (cookie?: string) => new Request('http://localhost/', { headers: cookie ? { Cookie: cookie } : {} })

describe('sw-context-token cookie', () => {
  it('is httpOnly, SameSite=Lax, path /, 30 days and Secure on https', () => {
    const c = parseSetCookie(serializeContextToken(https, 'abcDEF0123456789abcDEF0123456789'))
    expect(c).toMatchObject({
      name: 'sw-context-token',
      value: 'abcDEF0123456789abcDEF0123456789',
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
      maxAge: 30 * 24 * 3600,
    })
  })
  it('is not Secure on plain http', () => {
    expect(parseSetCookie(serializeContextToken(http, 'abcdefgh12345678')).secure).toBeFalsy()
  })
  it('is cleared with Max-Age=0', () => {
    expect(parseSetCookie(clearContextToken(http)).maxAge).toBe(0)
  })
  it('reads only well-formed tokens', () => {
    expect(readContextToken(req('sw-context-token=abcDEF0123456789abcDEF0123456789'))).toBe('abcDEF0123456789abcDEF0123456789')
    expect(readContextToken(req('sw-context-token=a%0Db'))).toBeUndefined()
    expect(readContextToken(req('other=1'))).toBeUndefined()
    expect(readContextToken(req())).toBeUndefined()
  })
})

describe('locale cookie', () => {
  it('lives 365 days with SameSite=Lax', () => {
    const c = parseSetCookie(serializeLocaleCookie(http, 'fr'))
    expect(c).toMatchObject({ name: 'locale', value: 'fr', sameSite: 'lax', path: '/', maxAge: 365 * 24 * 3600 })
  })
  it('reads only known locales', () => {
    expect(readLocaleCookie(req('locale=en'))).toBe('en')
    expect(readLocaleCookie(req('locale=es'))).toBeUndefined()
  })
})

describe('flash cookie', () => {
  it('is httpOnly, lax, path / and short-lived', () => {
    const c = parseSetCookie(serializeFlashCookie(https, 'x'))
    expect(c).toMatchObject({ name: 'flash', httpOnly: true, sameSite: 'lax', secure: true, path: '/' })
    expect(c.maxAge).toBeGreaterThan(0)
    expect(c.maxAge).toBeLessThanOrEqual(300)
  })
})

describe('signing', () => {
  it('round-trips and rejects tampering or another secret', () => {
    const signed = signValue('payload', 's1')
    expect(unsignValue(signed, 's1')).toBe('payload')
    expect(unsignValue(signed.replace('payload', 'paylo4d'), 's1')).toBeUndefined()
    expect(unsignValue(signed, 's2')).toBeUndefined()
    expect(unsignValue('nodot', 's1')).toBeUndefined()
  })
})

describe('landing locale', () => {
  const withHeaders = (headers: Record<string, string>) => new Request('http://localhost/', { headers })
  it('prefers the locale cookie', () => {
    expect(landingLocale(withHeaders({ Cookie: 'locale=de', 'Accept-Language': 'fr-FR,fr;q=0.9' }))).toBe('de')
  })
  it('takes the best shop language of Accept-Language by quality', () => {
    expect(landingLocale(withHeaders({ 'Accept-Language': 'es-ES, fr-CH;q=0.8, en;q=0.9' }))).toBe('en')
    expect(landingLocale(withHeaders({ 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5' }))).toBe('fr')
    expect(landingLocale(withHeaders({ 'Accept-Language': 'de-AT,en;q=0.5' }))).toBe('de')
  })
  it('ignores languages with q=0 and unknown ones', () => {
    expect(acceptedLocales('en;q=0, it')).toEqual([])
    expect(landingLocale(withHeaders({}))).toBeUndefined()
  })
})
