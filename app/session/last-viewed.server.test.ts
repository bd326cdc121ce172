import { describe, expect, it } from 'vitest'
import { LAST_VIEWED_MAX, readLastViewed, recordViewResponse, rememberViewed, serializeLastViewed } from './last-viewed.server'

const id = (n: number) => n.toString(16).padStart(32, '0')

function requestWith(cookie: string) {
  return new Request('https://shop.example/', { headers: { Cookie: cookie } })
}

describe('last viewed products', () => {
  it('puts the viewed product first and keeps each product once', () => {
    expect(rememberViewed([id(1), id(2), id(3)], id(2))).toEqual([id(2), id(1), id(3)])
  })

  it(`keeps at most ${LAST_VIEWED_MAX} products, dropping the oldest`, () => {
    const full = Array.from({ length: LAST_VIEWED_MAX }, (_, i) => id(i + 1))
    const next = rememberViewed(full, id(99))
    expect(next).toHaveLength(LAST_VIEWED_MAX)
    expect(next[0]).toBe(id(99))
    expect(next).not.toContain(id(LAST_VIEWED_MAX))
  })

  it('reads back what it wrote and drops values that are not product ids', () => {
    const header = serializeLastViewed({ secureCookies: false }, [id(5), id(6)])
    const value = header.split(';')[0]!
    expect(readLastViewed(requestWith(value))).toEqual([id(5), id(6)])
    expect(readLastViewed(requestWith(`last-viewed=${id(7)}.<script>.${id(7)}.abc`))).toEqual([id(7)])
    expect(readLastViewed(new Request('https://shop.example/'))).toEqual([])
  })

  it('is a lax, httpOnly cookie for 30 days', () => {
    const header = serializeLastViewed({ secureCookies: true }, [id(1)])
    expect(header).toMatch(/Max-Age=2592000/)
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
    expect(header).toMatch(/Secure/)
  })

  it('records a view through the beacon: a private pixel that moves the product to the front', async () => {
    const response = recordViewResponse({ secureCookies: false }, [id(1), id(2)], id(2).toUpperCase())
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/gif')
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('Set-Cookie')).toMatch(new RegExp(`^last-viewed=${id(2)}\\.${id(1)};`))
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('answers 404 without a cookie when the beacon names no product id', () => {
    const response = recordViewResponse({ secureCookies: false }, [id(1)], '../etc')
    expect(response.status).toBe(404)
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })
})
