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
})
