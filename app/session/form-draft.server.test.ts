import { parseSetCookie } from 'cookie'
import { describe, expect, it } from 'vitest'
import type { OrderDraft } from '~/forms/checkout'
import { checkoutDraft, quickOrderDraft } from './form-draft.server'

const context = { secureCookies: true, sessionSecret: 'test-secret' }
const draft: OrderDraft = { contactPerson: 'Jérôme Holzer', desiredDate: '2026-12-07', comment: 'Bitte an Tor 2 liefern.\nZufahrt über den Waldweg.', tos: true, waiver: false }

function requestWith(setCookie: string): Request {
  const c = parseSetCookie(setCookie)
  return new Request('http://localhost/fr/checkout', { headers: { Cookie: `${c.name}=${encodeURIComponent(c.value ?? '')}` } })
}

describe('checkout draft cookie', () => {
  it('carries the order form to the next checkout page of its language only, and is cleared there', () => {
    const header = checkoutDraft.write(context, 'fr', draft)!
    expect(parseSetCookie(header)).toMatchObject({ name: 'checkout-draft', path: '/fr/checkout', httpOnly: true, secure: true, sameSite: 'lax', maxAge: 1800 })
    const { draft: read, headers } = checkoutDraft.read(requestWith(header), context, 'fr')
    expect(read).toEqual(draft)
    expect(headers.map((h) => parseSetCookie(h))).toMatchObject([{ name: 'checkout-draft', value: '', maxAge: 0, path: '/fr/checkout' }])
  })

  it('holds the longest comment the order takes in ordinary words, compressed', () => {
    const long = { ...draft, comment: 'Bitte liefern Sie die Sägeketten an das Lager in St. Peter, Tor 2. '.repeat(30).slice(0, 2000) }
    const header = checkoutDraft.write(context, 'de', long)!
    expect(Buffer.byteLength(header)).toBeLessThan(2000)
    expect(checkoutDraft.read(requestWith(header), context, 'de').draft).toEqual(long)
  })

  it('declines what a cookie cannot hold, so the caller keeps it another way', () => {
    const random = Array.from({ length: 2000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('')
    expect(checkoutDraft.write(context, 'de', { ...draft, comment: random })).toBeUndefined()
  })

  it('drops a cookie not signed by the shop, or not a draft, and still clears it', () => {
    const forged = checkoutDraft.write({ ...context, sessionSecret: 'other' }, 'de', draft)!
    const read = checkoutDraft.read(requestWith(forged), context, 'de')
    expect(read.draft).toBeUndefined()
    expect(read.headers).toHaveLength(1)
    const broken = new Request('http://localhost/checkout', { headers: { Cookie: 'checkout-draft=abc.def' } })
    expect(checkoutDraft.read(broken, context, 'de').draft).toBeUndefined()
    expect(checkoutDraft.read(new Request('http://localhost/checkout'), context, 'de')).toEqual({ headers: [] })
  })
})

describe('quick order draft cookie', () => {
  it('carries the lines not added back to the cart page only, and is cleared there', () => {
    const value = { lines: 'FS-99999 2\nFS-40001 1', problems: ['cart:errors.someNotFound|{"numbers":"FS-99999"}'] }
    const header = quickOrderDraft.write(context, 'en', value)!
    expect(parseSetCookie(header)).toMatchObject({ name: 'quick-order-draft', path: '/en/checkout', httpOnly: true, maxAge: 1800 })
    const { draft: read, headers } = quickOrderDraft.read(requestWith(header), context, 'en')
    expect(read).toEqual(value)
    expect(parseSetCookie(headers[0]!)).toMatchObject({ name: 'quick-order-draft', value: '', maxAge: 0, path: '/en/checkout' })
  })

  it('does not take the checkout draft for its own, nor the other way round', () => {
    const order = checkoutDraft.write(context, 'de', draft)!
    expect(quickOrderDraft.read(requestWith(order), context, 'de')).toEqual({ headers: [] })
    const lines = quickOrderDraft.write(context, 'de', { lines: 'FS-1', problems: [] })!
    expect(checkoutDraft.read(requestWith(lines), context, 'de')).toEqual({ headers: [] })
  })
})
