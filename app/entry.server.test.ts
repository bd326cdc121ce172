import { PassThrough, type Transform } from 'node:stream'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { checkConsentTranslations, keepPersonalResponsesPrivate, routeIdForPath, withoutUnfilledBytes } from './entry.server'
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

describe('withoutUnfilledBytes (the HTML stream of a page)', () => {
  // A list of German lines, shifted by a few bytes each time, so that an "ü" meets the end of React's 2 KB buffer.
  function render(shift: number, through: () => Transform): Promise<Buffer> {
    const lines = Array.from({ length: 120 }, (_, i) => createElement('li', { key: i }, `${'x'.repeat(shift)}Zufahrt über den Waldweg – Tor ${i}`))
    return new Promise((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement('ul', null, lines), {
        onAllReady() {
          const out = through()
          const chunks: Buffer[] = []
          out.on('data', (chunk: Buffer) => chunks.push(chunk))
          out.on('end', () => resolve(Buffer.concat(chunks)))
          pipe(out)
        },
        onShellError: reject,
      })
    })
  }

  it('sends every character whole, where React alone sends NUL bytes', async () => {
    let nulFromReact = 0
    for (let shift = 0; shift < 4; shift++) {
      nulFromReact += (await render(shift, () => new PassThrough())).filter((byte) => byte === 0).length
      const html = await render(shift, withoutUnfilledBytes)
      expect(html.includes(0)).toBe(false)
      expect(html.toString('utf8')).not.toContain('\uFFFD')
      expect(html.toString('utf8').match(/Zufahrt über den Waldweg/g)).toHaveLength(120)
    }
    // Without the transform the same pages carry the unfilled bytes: the case this guards against.
    expect(nulFromReact).toBeGreaterThan(0)
  })
})
