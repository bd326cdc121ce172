import { describe, expect, it } from 'vitest'
import {
  categoryLink,
  landingPageHref,
  legalPageHref,
  productHref,
  safeExternalUrl,
  safeRedirectPath,
  seoPath,
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
