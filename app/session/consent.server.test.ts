import type { ActionFunctionArgs } from '@remix-run/node'
import { parseSetCookie } from 'cookie'
import { describe, expect, it } from 'vitest'
import {
  acceptedCategories,
  buildConsent,
  consentCookieHeaders,
  consentCookieName,
  consentFormSchema,
  consentMaxAgeSeconds,
  consentState,
  preferencesCookieName,
  readConsent,
  safeRedirectPath,
} from './consent.server'
import { cookieDomains, withdrawnCookies } from '~/components/shell/consent-types'
import { action } from '~/routes/consent'
import { testContext } from '~/store/test-support.server'

const now = new Date('2026-01-10T12:00:00.000Z')

function requestWith(cookie?: string): Request {
  return new Request('http://127.0.0.1/', { headers: cookie ? { Cookie: cookie } : {} })
}

function cookieFrom(header: string): string {
  const parsed = parseSetCookie(header)
  return `${parsed.name}=${encodeURIComponent(parsed.value ?? '')}`
}

describe('buildConsent', () => {
  it('always includes necessary and lists the services of accepted categories', () => {
    const record = buildConsent({ categories: ['functional'], locale: 'fr', previous: null, now })
    expect(record.categories).toEqual(['necessary', 'functional'])
    expect(record.services).toEqual({ necessary: [], messurement: [], functional: ['chatWidget', 'videoPlayer'] })
    expect(record.revision).toBe(1)
    expect(record.languageCode).toBe('fr')
    expect(record.consentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(record.consentTimestamp).toBe(now.toISOString())
    expect(record.expirationTime).toBe(now.getTime() + 182 * 86_400_000)
  })

  it('keeps id and first timestamp of an earlier consent', () => {
    const first = buildConsent({ categories: [], locale: 'de', previous: null, now })
    const later = new Date(now.getTime() + 60_000)
    const second = buildConsent({ categories: ['messurement'], locale: 'en', previous: first, now: later })
    expect(second.consentId).toBe(first.consentId)
    expect(second.consentTimestamp).toBe(first.consentTimestamp)
    expect(second.lastConsentTimestamp).toBe(later.toISOString())
  })
})

describe('cookie round trip', () => {
  it('writes cc_cookie for 182 days on path / with SameSite Lax and reads it back', () => {
    const record = buildConsent({ categories: ['messurement'], locale: 'de', previous: null, now })
    const [header] = consentCookieHeaders(record, requestWith(), true)
    const parsed = parseSetCookie(header)
    expect(parsed.name).toBe(consentCookieName)
    expect(parsed.maxAge).toBe(consentMaxAgeSeconds)
    expect(parsed.path).toBe('/')
    expect(parsed.sameSite).toBe('lax')
    expect(parsed.secure).toBe(true)
    expect(parsed.httpOnly).toBeFalsy()
    expect(readConsent(requestWith(cookieFrom(header)), now)).toEqual(record)
  })

  it('omits Secure on plain http', () => {
    const record = buildConsent({ categories: [], locale: 'de', previous: null, now })
    expect(parseSetCookie(consentCookieHeaders(record, requestWith(), false)[0]).secure).toBeFalsy()
  })

  it('writes cookieConsentPreferences with the accepted services by category, same lifetime and attributes', () => {
    const record = buildConsent({ categories: ['functional'], locale: 'de', previous: null, now })
    const [, header] = consentCookieHeaders(record, requestWith(), true)
    const parsed = parseSetCookie(header)
    expect(parsed.name).toBe(preferencesCookieName)
    expect(parsed).toMatchObject({ maxAge: consentMaxAgeSeconds, path: '/', sameSite: 'lax', secure: true })
    expect(JSON.parse(parsed.value ?? '')).toEqual({
      acceptedServices: { necessary: [], messurement: [], functional: ['chatWidget', 'videoPlayer'] },
    })
  })

  it('clears measurement cookies host-only and on the shop domain and its parents when measurement is not accepted', () => {
    const record = buildConsent({ categories: ['functional'], locale: 'de', previous: null, now })
    const request = new Request('https://shop.example.com/en/', { headers: { Cookie: '_ga=1; _ga_ABC=2; _gid=3; other=4; my_ga=5' } })
    const cleared = consentCookieHeaders(record, request, true)
      .slice(2)
      .map((h) => parseSetCookie(h))
    expect(cleared.every((c) => c.maxAge === 0 && c.path === '/' && c.value === '')).toBe(true)
    for (const name of ['_ga', '_ga_ABC', '_gid']) {
      expect(cleared.filter((c) => c.name === name).map((c) => c.domain ?? 'host-only').sort(), name).toEqual([
        'example.com',
        'host-only',
        'shop.example.com',
      ])
    }
    expect(cleared.map((c) => c.name)).not.toContain('other')
    expect(cleared.map((c) => c.name)).not.toContain('my_ga')
  })

  it('keeps measurement cookies when measurement is accepted', () => {
    const record = buildConsent({ categories: ['messurement'], locale: 'de', previous: null, now })
    expect(consentCookieHeaders(record, requestWith('_ga=1; _gid=2'), false)).toHaveLength(2)
  })
})

describe('cookie clearing helpers', () => {
  it('names the host and each parent domain, but no parent of an IP address or single-label host', () => {
    expect(cookieDomains('www.shop.example.com')).toEqual(['www.shop.example.com', 'shop.example.com', 'example.com'])
    expect(cookieDomains('127.0.0.1')).toEqual(['127.0.0.1'])
    expect(cookieDomains('localhost')).toEqual(['localhost'])
    expect(cookieDomains('::1')).toEqual(['::1'])
  })
  it('picks the analytics cookies of categories that are not accepted', () => {
    const names = ['_ga', '_gid', '_ga_XYZ123', '_gat_UA1', '_gac_x', 'galaxy', '_gidx', 'cc_cookie', 'sw-context-token']
    expect(withdrawnCookies(names, ['necessary'])).toEqual(['_ga', '_gid', '_ga_XYZ123', '_gat_UA1', '_gac_x'])
    expect(withdrawnCookies(names, ['necessary', 'messurement'])).toEqual([])
  })
})

describe('readConsent validity', () => {
  const valid = buildConsent({ categories: [], locale: 'en', previous: null, now })
  const encode = (value: unknown) => `${consentCookieName}=${encodeURIComponent(JSON.stringify(value))}`

  it('rejects another revision', () => {
    expect(readConsent(requestWith(encode({ ...valid, revision: 2 })), now)).toBeNull()
  })
  it('rejects a record without consent id or timestamps', () => {
    expect(readConsent(requestWith(encode({ ...valid, consentId: undefined })), now)).toBeNull()
    expect(readConsent(requestWith(encode({ ...valid, consentTimestamp: 'yesterday' })), now)).toBeNull()
  })
  it('rejects a record without a category list or with categories it does not know', () => {
    expect(readConsent(requestWith(encode({ ...valid, categories: undefined })), now)).toBeNull()
    expect(readConsent(requestWith(encode({ ...valid, categories: ['necessary', 'marketing'] })), now)).toBeNull()
    expect(readConsent(requestWith(encode({ ...valid, lastConsentTimestamp: undefined })), now)).toBeNull()
  })
  it('accepts revision 1 only (the revision rule), also when the revision is sent as text', () => {
    expect(readConsent(requestWith(encode(valid)), now)).toEqual(valid)
    expect(readConsent(requestWith(encode({ ...valid, revision: 0 })), now)).toBeNull()
    expect(readConsent(requestWith(encode({ ...valid, revision: '1' })), now)).toBeNull()
  })
  it('rejects garbage and expired records', () => {
    expect(readConsent(requestWith(`${consentCookieName}=%7Bnot-json`), now)).toBeNull()
    expect(readConsent(requestWith(encode({ ...valid, expirationTime: now.getTime() - 1 })), now)).toBeNull()
  })
  it('reports no consent when the cookie is missing', () => {
    expect(consentState(readConsent(requestWith(), now))).toEqual({ given: false, categories: ['necessary'] })
    expect(consentState(valid)).toEqual({ given: true, categories: ['necessary'] })
  })
})

describe('form handling', () => {
  it('maps the three buttons to categories', () => {
    const parse = (intent: string, category: string[] = []) => acceptedCategories(consentFormSchema.parse({ intent, category }))
    expect(parse('accept-all')).toEqual(['necessary', 'messurement', 'functional'])
    expect(parse('necessary-only', ['functional'])).toEqual(['necessary'])
    expect(parse('save', ['functional'])).toEqual(['necessary', 'functional'])
  })
  it('refuses unknown intents and categories', () => {
    expect(consentFormSchema.safeParse({ intent: 'all' }).success).toBe(false)
    expect(consentFormSchema.safeParse({ intent: 'save', category: ['marketing'] }).success).toBe(false)
  })
})

describe('safeRedirectPath', () => {
  it('accepts same-origin paths and drops the dialog parameter', () => {
    expect(safeRedirectPath('/en/search?search=saw&cookie-preferences=1')).toBe('/en/search?search=saw')
    expect(safeRedirectPath('/fr/')).toBe('/fr/')
  })
  it('refuses other origins', () => {
    expect(safeRedirectPath('https://evil.example/')).toBe('/')
    expect(safeRedirectPath('//evil.example/')).toBe('/')
    expect(safeRedirectPath('/\\evil.example/')).toBe('/')
    expect(safeRedirectPath(undefined, '/en')).toBe('/en')
  })
})

describe('consent redirect targets (issue 6)', () => {
  it.each(['/.//evil.example', '/..//evil.example/x', '/%2F%2Fevil.example', '/\t/evil.example', '\\\\evil.example', 'javascript:alert(1)', ''])(
    'sends %j home',
    (value) => {
      expect(safeRedirectPath(value)).toBe('/')
    },
  )
  it('returns non-Latin paths percent-encoded instead of failing', () => {
    expect(safeRedirectPath('/☃')).toBe('/%E2%98%83')
    expect(safeRedirectPath('/%E2%98%83')).toBe('/%E2%98%83')
    expect(safeRedirectPath('/über-uns/?cookie-preferences=1#ä')).toBe('/%C3%BCber-uns/#%C3%A4')
  })

  async function postConsent(redirectTo: string) {
    const body = new URLSearchParams({ intent: 'necessary-only', redirectTo })
    const request = new Request('http://127.0.0.1/consent', { method: 'POST', body })
    const { context } = testContext('http://127.0.0.1:9/store-api', { secureCookies: false })
    const response = (await action({ request, context, params: {} } as unknown as ActionFunctionArgs)) as Response
    return response
  }

  it.each(['/.//evil.example', '/..//evil.example/x'])('POST /consent with redirectTo=%j stays on the shop', async (value) => {
    const response = await postConsent(value)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/')
  })

  it('POST /consent with a non-Latin redirectTo answers a valid redirect', async () => {
    for (const value of ['/%E2%98%83', '/☃']) {
      const response = await postConsent(value)
      expect(response.status).toBe(303)
      expect(response.headers.get('Location')).toBe('/%E2%98%83')
    }
  })
})
