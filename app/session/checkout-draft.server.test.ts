import { parseSetCookie } from 'cookie'
import { describe, expect, it } from 'vitest'
import type { OrderDraft } from '~/forms/checkout'
import { checkoutDraftCookie, readCheckoutDraft } from './checkout-draft.server'

const context = { secureCookies: true, sessionSecret: 'test-secret' }
const draft: OrderDraft = { contactPerson: 'Jérôme Holzer', desiredDate: '2026-12-07', comment: 'Bitte an Tor 2 liefern.\nZufahrt über den Waldweg.', tos: true, waiver: false }

function requestWith(setCookie: string): Request {
  const c = parseSetCookie(setCookie)
  return new Request('http://localhost/fr/checkout', { headers: { Cookie: `${c.name}=${encodeURIComponent(c.value ?? '')}` } })
}

describe('checkout draft cookie', () => {
  it('carries the order form to the next checkout page of its language only, and is cleared there', () => {
    const header = checkoutDraftCookie(context, 'fr', draft)!
    expect(parseSetCookie(header)).toMatchObject({ name: 'checkout-draft', path: '/fr/checkout', httpOnly: true, secure: true, sameSite: 'lax', maxAge: 1800 })
    const { draft: read, headers } = readCheckoutDraft(requestWith(header), context, 'fr')
    expect(read).toEqual(draft)
    expect(headers.map((h) => parseSetCookie(h))).toMatchObject([{ name: 'checkout-draft', value: '', maxAge: 0, path: '/fr/checkout' }])
  })

  it('holds the longest comment the order takes in ordinary words, compressed', () => {
    const long = { ...draft, comment: 'Bitte liefern Sie die Sägeketten an das Lager in St. Peter, Tor 2. '.repeat(30).slice(0, 2000) }
    const header = checkoutDraftCookie(context, 'de', long)!
    expect(Buffer.byteLength(header)).toBeLessThan(2000)
    expect(readCheckoutDraft(requestWith(header), context, 'de').draft).toEqual(long)
  })

  it('declines what a cookie cannot hold, so the caller keeps it another way', () => {
    const random = Array.from({ length: 2000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('')
    expect(checkoutDraftCookie(context, 'de', { ...draft, comment: random })).toBeUndefined()
  })

  it('drops a cookie not signed by the shop, or not a draft, and still clears it', () => {
    const forged = checkoutDraftCookie({ ...context, sessionSecret: 'other' }, 'de', draft)!
    const read = readCheckoutDraft(requestWith(forged), context, 'de')
    expect(read.draft).toBeUndefined()
    expect(read.headers).toHaveLength(1)
    const broken = new Request('http://localhost/checkout', { headers: { Cookie: 'checkout-draft=abc.def' } })
    expect(readCheckoutDraft(broken, context, 'de').draft).toBeUndefined()
    expect(readCheckoutDraft(new Request('http://localhost/checkout'), context, 'de')).toEqual({ headers: [] })
  })
})
