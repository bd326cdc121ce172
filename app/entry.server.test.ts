import { describe, expect, it } from 'vitest'
import { checkConsentTranslations, keepPersonalResponsesPrivate, routeIdForPath } from './entry.server'
import { serverResources } from './i18n.server'

describe('routeIdForPath (route attribution of data requests)', () => {
  it('finds the deepest route in each locale tree', () => {
    expect(routeIdForPath('/')).toBe('home-de')
    expect(routeIdForPath('/en')).toBe('home-en')
    expect(routeIdForPath('/fr/toc')).toBe('toc-fr')
    expect(routeIdForPath('/toc')).toBe('toc-de')
  })
  it('sends unknown paths to the catch-all of their locale', () => {
    expect(routeIdForPath('/seilwinden/zubehoer/')).toBe('content-de')
    expect(routeIdForPath('/en/winches/')).toBe('content-en')
  })
  it('knows the routes outside the locale trees', () => {
    expect(routeIdForPath('/consent')).toBe('consent')
    expect(routeIdForPath('/change-language/fr')).toBe('change-language')
  })
})

describe('keepPersonalResponsesPrivate', () => {
  const page = (cookie?: string, path = '/en/company/') =>
    new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  it('makes a response with Set-Cookie uncacheable', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60', 'Set-Cookie': 'flash=; Max-Age=0' })
    keepPersonalResponsesPrivate(page(), headers)
    expect(headers.get('Cache-Control')).toBe('private, no-store')
  })
  it('makes a page rendered from the visitor\'s session or flash cookie uncacheable', () => {
    for (const cookie of ['locale=en; sw-context-token=abc', 'flash=x', 'cc_cookie=%7B%7D; flash=x']) {
      const headers = new Headers({ 'Cache-Control': 'public, max-age=60' })
      keepPersonalResponsesPrivate(page(cookie), headers)
      expect(headers.get('Cache-Control'), cookie).toBe('private, no-store')
    }
  })
  it('makes the page with the preferences dialog open uncacheable', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60' })
    keepPersonalResponsesPrivate(page(undefined, '/en/company/?cookie-preferences=1'), headers)
    expect(headers.get('Cache-Control')).toBe('private, no-store')
  })
  it('leaves pages for anonymous visitors cacheable, also with only the locale cookie', () => {
    // The consent record only decides whether the first-visit dialog shows (docs/decisions/007).
    for (const cookie of [undefined, 'locale=fr', 'my_cc_cookie=1', 'cc_cookie=%7B%7D; cookieConsentPreferences=%7B%7D']) {
      const headers = new Headers({ 'Cache-Control': 'public, max-age=60' })
      keepPersonalResponsesPrivate(page(cookie), headers)
      expect(headers.get('Cache-Control'), String(cookie)).toBe('public, max-age=60')
    }
  })
  it('marks cacheable pages as chosen by the cookies, so a cached anonymous copy never answers a session', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60', Vary: 'Accept-Encoding' })
    keepPersonalResponsesPrivate(page(), headers)
    expect(headers.get('Vary')).toBe('Accept-Encoding, Cookie, User-Agent')
    const once = new Headers({ 'Cache-Control': 'public, max-age=60', Vary: 'Accept-Language, cookie' })
    keepPersonalResponsesPrivate(page(), once)
    expect(once.get('Vary')).toBe('Accept-Language, cookie, User-Agent')
    const any = new Headers({ 'Cache-Control': 'public, max-age=60', Vary: '*' })
    keepPersonalResponsesPrivate(page(), any)
    expect(any.get('Vary')).toBe('*')
    const personal = new Headers({ 'Cache-Control': 'public, max-age=60' })
    keepPersonalResponsesPrivate(page('sw-context-token=abc'), personal)
    expect(personal.get('Cache-Control')).toBe('private, no-store')
  })
})

describe('checkConsentTranslations (spec section 8)', () => {
  it('logs the missing consent translation of a locale with the locale', () => {
    const warnings: [unknown, string][] = []
    const saved = serverResources.fr.consent
    delete serverResources.fr.consent
    try {
      checkConsentTranslations('fr', (fields, message) => warnings.push([fields, message]))
    } finally {
      serverResources.fr.consent = saved
    }
    expect(warnings).toEqual([[{ locale: 'fr' }, 'Could not load translation for the language']])
  })
  it('is silent when every locale has its consent texts', () => {
    const warnings: string[] = []
    for (const locale of ['de', 'en', 'fr'] as const) checkConsentTranslations(locale, (_, message) => warnings.push(message))
    expect(warnings).toEqual([])
  })
})
