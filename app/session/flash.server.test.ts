import { parseSetCookie } from 'cookie'
import { describe, expect, it } from 'vitest'
import { flash, readFlash } from './flash.server'

const context = { secureCookies: false, sessionSecret: 'test-secret' }

function requestWith(setCookie: string): Request {
  const c = parseSetCookie(setCookie)
  return new Request('http://localhost/', { headers: { Cookie: `${c.name}=${encodeURIComponent(c.value ?? '')}` } })
}

describe('flash', () => {
  it('carries a message to the next request and clears the cookie there', () => {
    const header = flash(context, { type: 'success', messageKey: 'common:notifications.saved', values: { n: 2 } })
    const { messages, headers } = readFlash(requestWith(header), context)
    expect(messages).toEqual([{ type: 'success', messageKey: 'common:notifications.saved', values: { n: 2 } }])
    const cleared = parseSetCookie(headers.get('Set-Cookie') ?? '')
    expect(cleared).toMatchObject({ name: 'flash', value: '', maxAge: 0 })
  })
  it('sends no Set-Cookie when no flash cookie was present', () => {
    const { messages, headers } = readFlash(new Request('http://localhost/'), context)
    expect(messages).toEqual([])
    expect(headers.has('Set-Cookie')).toBe(false)
  })
  it('ignores a cookie signed with another secret but still clears it', () => {
    const header = flash({ ...context, sessionSecret: 'other' }, { type: 'info', messageKey: 'x' })
    const { messages, headers } = readFlash(requestWith(header), context)
    expect(messages).toEqual([])
    expect(headers.has('Set-Cookie')).toBe(true)
  })
  it('keeps messages still waiting when the request is passed', () => {
    const first = flash(context, { type: 'info', messageKey: 'a' })
    const second = flash(context, { type: 'danger', messageKey: 'b', persistent: true }, requestWith(first))
    expect(readFlash(requestWith(second), context).messages.map((m) => m.messageKey)).toEqual(['a', 'b'])
  })
  it('stays a cookie a browser keeps (4 KB): the oldest messages give way to a large new one', () => {
    const first = flash(context, { type: 'info', messageKey: 'a', values: { numbers: 'ZZ-1, '.repeat(170) } })
    const large = { type: 'danger' as const, messageKey: 'b', values: { numbers: 'ZZ-1234567890, '.repeat(140) } }
    const header = flash(context, large, requestWith(first))
    expect(Buffer.byteLength(header)).toBeLessThanOrEqual(4000)
    expect(readFlash(requestWith(header), context).messages.map((m) => m.messageKey)).toEqual(['b'])
    expect(Buffer.byteLength(flash(context, large))).toBeLessThanOrEqual(4000)
    const both = flash(context, { type: 'danger', messageKey: 'b', values: { numbers: 'ZZ-1, '.repeat(20) } }, requestWith(first))
    expect(readFlash(requestWith(both), context).messages.map((m) => m.messageKey)).toEqual(['a', 'b'])
  })
})
