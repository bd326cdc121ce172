import { describe, expect, it } from 'vitest'
import {
  categoryLink,
  landingPageHref,
  legalPageHref,
  productHref,
  safeExternalUrl,
  safeRedirectPath,
  seoPath,
  safeMediaUrl,
} from './links'

const nav = (seoPathInfo: string, isCanonical = true) => ({ seoPathInfo, isCanonical, routeName: 'frontend.navigation.page' })

describe('seoPath', () => {
  it('prefers the canonical SEO URL and adds the leading slash', () => {
    expect(seoPath([nav('alt/', false), nav('produkte/')])).toBe('/produkte/')
  })
  it('is undefined without SEO URLs', () => {
    expect(seoPath([])).toBeUndefined()
    expect(seoPath(undefined)).toBeUndefined()
  })
})

describe('categoryLink', () => {
  it('uses the SEO path of a page category, localized', () => {
    expect(categoryLink('de', { id: 'c1', type: 'page', seoUrls: [nav('produkte/')] })).toEqual({ href: '/produkte/' })
    expect(categoryLink('en', { id: 'c1', type: 'page', seoUrls: [nav('products/')] })).toEqual({ href: '/en/products/' })
  })
  it('falls back to /navigation/{id}', () => {
    expect(categoryLink('fr', { id: 'abc', type: 'page', seoUrls: [] })).toEqual({ href: '/fr/navigation/abc' })
  })
  it('maps link types product and landing_page to their routes', () => {
    expect(categoryLink('de', { id: 'l1', type: 'link', linkType: 'product', internalLink: 'p1' })).toEqual({ href: '/detail/p1' })
    expect(categoryLink('en', { id: 'l2', type: 'link', linkType: 'landing_page', internalLink: 'lp1' })).toEqual({
      href: '/en/landingPage/lp1',
    })
    expect(categoryLink('de', { id: 'l3', type: 'link', linkType: 'category', internalLink: 'c9' })).toEqual({
      href: '/navigation/c9',
    })
  })
  it('uses an SEO URL for a link target only when it names that target', () => {
    const seoUrls = [
      { seoPathInfo: 'agb/', routeName: 'frontend.landing.page', foreignKey: 'lp1', isCanonical: true },
      { seoPathInfo: 'link-itself/', routeName: 'frontend.landing.page', foreignKey: 'l2', isCanonical: true },
    ]
    expect(categoryLink('de', { id: 'l2', type: 'link', linkType: 'landing_page', internalLink: 'lp1', seoUrls })).toEqual({
      href: '/agb/',
    })
  })
  it('keeps http(s) external links as they are and marks them external', () => {
    expect(
      categoryLink('fr', { id: 'x', type: 'link', linkType: 'external', externalLink: 'https://example.com/a?b=1' }),
    ).toEqual({ href: 'https://example.com/a?b=1', external: true })
  })
  it('uses a same-origin path as an internal link, as it is', () => {
    expect(categoryLink('en', { id: 'x', type: 'link', linkType: 'external', externalLink: '/manufacturer', translated: { externalLink: '/en/manufacturer' } })).toEqual({
      href: '/en/manufacturer',
    })
  })
  it('refuses dangerous, relative and protocol-relative external links', () => {
    for (const externalLink of ['javascript:alert(1)', 'data:text/html,x', ' JAVASCRIPT:alert(1)', 'relative', '//evil.example/x', '/\\evil.example', 'vbscript:x']) {
      expect(categoryLink('de', { id: 'x', type: 'link', linkType: 'external', externalLink })).toBeUndefined()
    }
  })
  it('prefers translated link fields', () => {
    expect(
      categoryLink('en', {
        id: 'x',
        type: 'link',
        linkType: 'external',
        externalLink: 'https://example.de/',
        translated: { externalLink: 'https://example.com/' },
      }),
    ).toEqual({ href: 'https://example.com/', external: true })
  })
  it('gives folders no target', () => {
    expect(categoryLink('de', { id: 'f', type: 'folder' })).toBeUndefined()
  })
})

describe('product and landing page links', () => {
  it('uses the SEO path of a product, else /detail/{id}', () => {
    expect(productHref('en', { id: 'p', seoUrls: [{ seoPathInfo: 'winch-x/p1', isCanonical: true }] })).toBe('/en/winch-x/p1')
    expect(productHref('de', { id: 'p' })).toBe('/detail/p')
  })
  it('uses the SEO path of a landing page, else /landingPage/{id}', () => {
    expect(landingPageHref('fr', { id: 'lp', seoUrls: [{ seoPathInfo: 'mentions-legales/' }] })).toBe('/fr/mentions-legales/')
    expect(landingPageHref('de', { id: 'lp' })).toBe('/landingPage/lp')
  })
  it('knows the legal landing pages per locale', () => {
    expect(legalPageHref('de', 'toc')).toBe('/agb/')
    expect(legalPageHref('en', 'privacy')).toBe('/en/privacy-policy/')
    expect(legalPageHref('fr', 'shipping')).toBe('/fr/livraison-et-paiement/')
  })
})

describe('safe urls', () => {
  it('accepts only absolute http(s) URLs as external', () => {
    expect(safeExternalUrl('http://example.com')).toBe('http://example.com/')
    expect(safeExternalUrl('mailto:a@b.c')).toBeUndefined()
    expect(safeExternalUrl('')).toBeUndefined()
  })
  it('accepts only same-origin redirect paths', () => {
    expect(safeRedirectPath('/en/products/?p=2')).toBe('/en/products/?p=2')
    expect(safeRedirectPath('//evil.example')).toBeUndefined()
    expect(safeRedirectPath('/\\evil.example')).toBeUndefined()
    expect(safeRedirectPath('https://evil.example')).toBeUndefined()
    expect(safeRedirectPath('/a\nb')).toBeUndefined()
    expect(safeRedirectPath(null)).toBeUndefined()
  })
})

describe('safeRedirectPath after normalising (issue 6)', () => {
  // A Location value the browser resolves against our origin: anything that leaves it is refused.
  const resolvesTo = (location: string) => new URL(location, 'https://shop.example/some/page')

  it.each([
    ['//evil.example'],
    ['/\\evil.example'],
    ['/.//evil.example'],
    ['/..//evil.example/x'],
    ['/./\\evil.example'],
    ['/%2e%2e//evil.example'],
    ['/%2e//evil.example'],
    ['/%2F%2Fevil.example'],
    ['/%5Cevil.example'],
    ['/%5cevil.example'],
    ['/%2f/evil.example'],
    ['/./%2F/evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/foo\tbar'],
    ['/a\nb'],
    ['\t//evil.example'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    ['https://evil.example'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,x'],
    ['evil.example'],
    [' /foo'],
    [''],
    [undefined],
    [null],
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined()
  })

  it('refuses very long values, also when only encoding makes them long', () => {
    expect(safeRedirectPath('/' + 'a'.repeat(10_000))).toBeUndefined()
    expect(safeRedirectPath('/' + '☃'.repeat(3_000))).toBeUndefined()
    expect(safeRedirectPath('/' + 'a'.repeat(2_000))).toBe('/' + 'a'.repeat(2_000))
  })

  it.each([
    ['/', '/'],
    ['/./', '/'],
    ['/../', '/'],
    ['/a/../b', '/b'],
    ['/en/products/?p=2', '/en/products/?p=2'],
    ['/en/search?search=saw#top', '/en/search?search=saw#top'],
    ['/%E2%98%83', '/%E2%98%83'],
    ['/☃', '/%E2%98%83'],
    ['/über-uns/', '/%C3%BCber-uns/'],
    ['/search?search=Säge kette', '/search?search=S%C3%A4ge%20kette'],
    ['/a#ü', '/a#%C3%BC'],
    ['/\uD800', '/%EF%BF%BD'],
  ])('accepts %j as %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
  })

  it('returns only values that stay on our origin and fit a Location header', () => {
    const samples = ['/☃', '/über-uns/?q=ö#ä', '/%E2%98%83', '/a b', '/"<>`{}|^', '/x?y="z"', '/' + 'ü'.repeat(500)]
    for (const value of samples) {
      const path = safeRedirectPath(value)!
      expect(path, value).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/)
      expect(resolvesTo(path).origin).toBe('https://shop.example')
      expect(() => new Headers({ Location: path })).not.toThrow()
    }
  })

  it('never throws', () => {
    const odd = ['/%', '/%zz', '/%E2%98', '/\u0000', '/\u007f', '/\uFFFF', '/?%', '/#%', '/[::1]', '/:@', '/\\\\', '/..%2f..%2f']
    for (const value of odd) {
      expect(() => safeRedirectPath(value)).not.toThrow()
      const path = safeRedirectPath(value)
      if (path !== undefined) expect(resolvesTo(path).origin).toBe('https://shop.example')
    }
  })
})

describe('safeMediaUrl', () => {
  it('takes absolute http(s) media and paths under the shop’s own /media/, nothing else', () => {
    expect(safeMediaUrl('https://cdn.example/media/a.jpg')).toBe('https://cdn.example/media/a.jpg')
    expect(safeMediaUrl('/media/a/b.jpg')).toBe('/media/a/b.jpg')
    expect(safeMediaUrl('/media/../admin')).toBeUndefined()
    expect(safeMediaUrl('//evil.example/media/a.jpg')).toBeUndefined()
    expect(safeMediaUrl('/other/a.jpg')).toBeUndefined()
    expect(safeMediaUrl('javascript:alert(1)')).toBeUndefined()
  })
})
