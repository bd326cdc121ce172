import { describe, expect, it } from 'vitest'
import { signValue } from './cookies.server'
import {
  addToWishlistIds,
  clearWishlistCookie,
  hasWishlistCookie,
  readWishlistCookie,
  removeFromWishlistIds,
  serializeWishlistCookie,
  WISHLIST_COOKIE_MAX,
} from './wishlist.server'

const id = (n: number) => n.toString(16).padStart(32, '0')
const secret = 'test-secret-0123456789'
const context = { secureCookies: true, sessionSecret: secret }

function requestWith(cookie: string) {
  return new Request('https://shop.example/', { headers: { Cookie: cookie } })
}

function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0]!
}

describe('wishlist cookie', () => {
  it('reads back the ids it wrote, in order', () => {
    const header = serializeWishlistCookie(context, [id(3), id(1), id(2)])
    expect(readWishlistCookie(requestWith(cookiePair(header)), secret)).toEqual([id(3), id(1), id(2)])
  })

  it('is signed: the value carries an HMAC that another secret does not accept', () => {
    const header = serializeWishlistCookie(context, [id(1)])
    expect(cookiePair(header)).toBe(`wishlist=${signValue(id(1), secret)}`)
    expect(readWishlistCookie(requestWith(cookiePair(header)), 'another-secret')).toEqual([])
  })

  it('refuses a tampered value (an id added or swapped keeps the old signature)', () => {
    const value = cookiePair(serializeWishlistCookie(context, [id(1)])).slice('wishlist='.length)
    const signature = value.slice(value.lastIndexOf('.') + 1)
    expect(readWishlistCookie(requestWith(`wishlist=${id(2)}.${id(1)}.${signature}`), secret)).toEqual([])
    expect(readWishlistCookie(requestWith(`wishlist=${id(2)}.${signature}`), secret)).toEqual([])
    expect(readWishlistCookie(requestWith(`wishlist=${id(1)}`), secret)).toEqual([])
  })

  it('treats malformed values as an empty list', () => {
    for (const raw of ['', 'abc', '.', '..', '%E0%A4%A', `${id(1)}.`, 'x'.repeat(5000)]) {
      expect(readWishlistCookie(requestWith(`wishlist=${raw}`), secret)).toEqual([])
    }
    // Correctly signed, but not a list of product ids: never sent to the store.
    expect(readWishlistCookie(requestWith(`wishlist=${signValue(`${id(1)}.<script>`, secret)}`), secret)).toEqual([])
    expect(readWishlistCookie(new Request('https://shop.example/'), secret)).toEqual([])
  })

  it(`stays under 4 KB with ${WISHLIST_COOKIE_MAX} ids and refuses more`, () => {
    const full = Array.from({ length: WISHLIST_COOKIE_MAX }, (_, i) => id(i + 1))
    const header = serializeWishlistCookie(context, full)
    expect(cookiePair(header).length).toBeLessThan(4000)
    expect(header.length).toBeLessThan(4096)
    expect(readWishlistCookie(requestWith(cookiePair(header)), secret)).toEqual(full)
    expect(addToWishlistIds(full, id(999))).toEqual({ type: 'full', ids: full })
    expect(() => serializeWishlistCookie(context, [...full, id(999)])).toThrow()
  })

  it('adds as the newest, keeps each product once and removes', () => {
    expect(addToWishlistIds([id(1), id(2)], id(3))).toEqual({ type: 'added', ids: [id(3), id(1), id(2)] })
    expect(addToWishlistIds([id(1), id(2)], id(2))).toEqual({ type: 'added', ids: [id(2), id(1)] })
    expect(removeFromWishlistIds([id(1), id(2)], id(1))).toEqual({ type: 'removed', ids: [id(2)] })
  })

  it('is readable by the page script (not httpOnly), lax, secure on https, for a year; an empty list deletes it', () => {
    const header = serializeWishlistCookie(context, [id(1)])
    expect(header).not.toMatch(/HttpOnly/i)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Secure/)
    expect(header).toMatch(/Path=\//)
    expect(header).toMatch(/Max-Age=31536000/)
    expect(serializeWishlistCookie(context, [])).toBe(clearWishlistCookie(context))
    expect(clearWishlistCookie(context)).toMatch(/^wishlist=; Max-Age=0/)
    expect(hasWishlistCookie(requestWith('wishlist=abc'))).toBe(true)
    expect(hasWishlistCookie(requestWith('other=abc'))).toBe(false)
  })
})
