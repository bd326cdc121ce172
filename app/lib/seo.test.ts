import { describe, expect, it } from 'vitest'
import {
  productJsonLd,
  absoluteUrl,
  findSeo,
  
  defaultAlternates,
  hreflangLinks,
  languageSwitchPaths,
  navigationItemListJsonLd,
  resolveSeo,
  serializeJsonLd,
  siteNavigationJsonLd,
  storeJsonLd,
  websiteJsonLd,
} from './seo'
import { openingHours } from './shop'
import type { NavLink } from './shell-types'

const publicUrl = 'https://shop.example.com'

const main: NavLink[] = ['Produkte', 'Ersatzteile', 'Branchen', 'Unternehmen', 'Hersteller', 'Extra'].map((name, i) => ({
  id: `id${i}`,
  name,
  href: `/${name.toLowerCase()}/`,
}))

describe('absoluteUrl', () => {
  it('joins origin and path without doubling slashes', () => {
    expect(absoluteUrl('https://shop.example.com/', '/en/foo')).toBe('https://shop.example.com/en/foo')
    expect(absoluteUrl(publicUrl, 'foo')).toBe('https://shop.example.com/foo')
  })
  it('keeps absolute URLs', () => {
    expect(absoluteUrl(publicUrl, 'https://other.example.org/x')).toBe('https://other.example.org/x')
  })
})

describe('defaultAlternates', () => {
  it('maps a German path into every language', () => {
    expect(defaultAlternates(publicUrl, '/toc')).toEqual({
      de: 'https://shop.example.com/toc',
      en: 'https://shop.example.com/en/toc',
      fr: 'https://shop.example.com/fr/toc',
    })
  })
  it('maps a localized home page back to the German root', () => {
    expect(defaultAlternates(publicUrl, '/fr')).toEqual({
      de: 'https://shop.example.com/',
      en: 'https://shop.example.com/en',
      fr: 'https://shop.example.com/fr',
    })
  })
})

describe('hreflangLinks', () => {
  it('adds x-default pointing at German', () => {
    const links = hreflangLinks({ de: 'https://a/de', en: 'https://a/en', fr: 'https://a/fr' })
    expect(links).toEqual([
      { hreflang: 'de', href: 'https://a/de' },
      { hreflang: 'en', href: 'https://a/en' },
      { hreflang: 'fr', href: 'https://a/fr' },
      { hreflang: 'x-default', href: 'https://a/de' },
    ])
  })
  it('omits missing languages and x-default when German is missing', () => {
    expect(hreflangLinks({ en: 'https://a/en' })).toEqual([{ hreflang: 'en', href: 'https://a/en' }])
  })
})

describe('resolveSeo', () => {
  it('prefers the route data', () => {
    const seo = {
      title: 'Seilwinden',
      canonical: 'https://shop.example.com/seilwinden/',
      alternates: { de: 'https://shop.example.com/seilwinden/', en: 'https://shop.example.com/en/winches/' },
      robots: 'noindex',
    }
    const resolved = resolveSeo(seo, publicUrl, '/seilwinden/')
    expect(resolved.canonical).toBe(seo.canonical)
    expect(resolved.links.map((l) => l.hreflang)).toEqual(['de', 'en', 'x-default'])
    expect(resolved.robots).toBe('noindex')
    expect(resolved.title).toBe('Seilwinden')
  })
  it('falls back to the current path without query', () => {
    const resolved = resolveSeo(undefined, publicUrl, '/en/search')
    expect(resolved.canonical).toBe('https://shop.example.com/en/search')
    expect(resolved.alternates.de).toBe('https://shop.example.com/search')
    expect(resolved.links).toHaveLength(4)
  })
})

describe('languageSwitchPaths', () => {
  it('uses same-origin paths of the alternates', () => {
    const paths = languageSwitchPaths(
      { canonical: 'x', alternates: { de: 'https://s/seilwinden/', en: 'https://s/en/winches/?p=2' } },
      '/seilwinden/',
      '',
    )
    expect(paths).toEqual({ de: '/seilwinden/', en: '/en/winches/?p=2', fr: '/fr/seilwinden/' })
  })
  it('prefers the paths a page gives its language switch over its alternates', () => {
    const paths = languageSwitchPaths(
      { canonical: 'x', alternates: { de: 'https://s/finder', en: 'https://s/en/finder' }, languageSwitch: { en: '/en/finder?type=A' } },
      '/finder',
      '?type=A',
    )
    expect(paths).toEqual({ de: '/finder', en: '/en/finder?type=A', fr: '/fr/finder?type=A' })
  })
  it('puts the current query on the alternates of a page that keeps it (filters and sort of a listing)', () => {
    const paths = languageSwitchPaths(
      { canonical: 'x', alternates: { de: 'https://s/seilwinden/', en: 'https://s/en/winches/' }, keepQuery: true },
      '/seilwinden/',
      '?order=price-asc&p=2',
    )
    expect(paths).toEqual({ de: '/seilwinden/?order=price-asc&p=2', en: '/en/winches/?order=price-asc&p=2', fr: '/fr/seilwinden/?order=price-asc&p=2' })
  })
  it('keeps the query of the current page without route data', () => {
    expect(languageSwitchPaths(undefined, '/en/search', '?search=winch')).toEqual({
      de: '/search?search=winch',
      en: '/en/search?search=winch',
      fr: '/fr/search?search=winch',
    })
  })
})

describe('JSON-LD', () => {
  it('escapes characters that could end the script element', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script>&' })
    expect(out).not.toContain('<')
    expect(out).not.toContain('>')
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>&' })
  })

  it('points the search action at the localized search page', () => {
    const site = websiteJsonLd({ publicUrl, locale: 'en', name: 'Shop' })
    expect(site['@type']).toBe('WebSite')
    expect(site.url).toBe('https://shop.example.com/en')
    expect(site.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: 'https://shop.example.com/en/search?search={search_term_string}' },
    })
    const de = websiteJsonLd({ publicUrl, locale: 'de', name: 'Shop' })
    expect(JSON.stringify(de)).toContain('https://shop.example.com/search?search={search_term_string}')
  })

  it('lists one navigation element per entry and at most five items', () => {
    expect(siteNavigationJsonLd(main, publicUrl)).toHaveLength(6)
    const list = navigationItemListJsonLd(main, publicUrl)
    const items = list.itemListElement as { position: number; url: string; name: string }[]
    expect(items).toHaveLength(5)
    expect(items[0]).toMatchObject({ position: 1, name: 'Produkte', url: 'https://shop.example.com/produkte/' })
    expect(items[4].position).toBe(5)
  })

  it('keeps external navigation links as they are', () => {
    const [element] = siteNavigationJsonLd([{ id: 'x', name: 'Blog', href: 'https://blog.example.org/', external: true }], publicUrl)
    expect(element.url).toBe('https://blog.example.org/')
  })

  it('describes the opening hours with schema.org days', () => {
    const store = storeJsonLd({ name: 'Shop', publicUrl, locale: 'fr', telephone: '+49', openingHours })
    expect(store.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
        opens: '08:00',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '09:00', closes: '12:00' },
    ])
    expect(store.url).toBe('https://shop.example.com/fr')
  })
})

describe('findSeo', () => {
  const seo = (canonical: string) => ({ canonical, alternates: {} })
  it('takes the deepest match with valid seo data', () => {
    expect(findSeo([{ data: { seo: seo('a') } }, { data: { seo: seo('b') } }, { data: { other: 1 } }])?.canonical).toBe('b')
  })
  it('ignores matches without data or with malformed seo', () => {
    expect(findSeo([{ data: undefined }, { data: { seo: { title: 'x' } } }, { data: null }])).toBeUndefined()
  })
})

describe('breadcrumbs', () => {
  it('takes the deepest route breadcrumbs and builds a BreadcrumbList with absolute URLs', async () => {
    const { breadcrumbListJsonLd, findBreadcrumbs } = await import('./seo')
    const trail = findBreadcrumbs([
      { data: { breadcrumbs: [{ name: 'Outer', href: '/x/' }] } },
      { data: { breadcrumbs: [{ name: 'Produkte', href: '/produkte/' }, { name: 'Seilwinden', href: '/produkte/seilwinden/' }] } },
      { data: { seo: {} } },
    ])
    expect(trail.map((c) => c.name)).toEqual(['Produkte', 'Seilwinden'])
    expect(findBreadcrumbs([{ data: { breadcrumbs: [{ name: 1 }] } }])).toEqual([])
    expect(breadcrumbListJsonLd(trail, 'https://shop.test/')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Produkte', item: 'https://shop.test/produkte/' },
        { '@type': 'ListItem', position: 2, name: 'Seilwinden', item: 'https://shop.test/produkte/seilwinden/' },
      ],
    })
  })
})

describe('productJsonLd', () => {
  const base = {
    name: 'Forstseilwinde FSW 35',
    sku: 'FS-10001',
    gtin: '4010000000000',
    images: ['https://shop.example/media/product/fs-10001.jpg'],
    brand: 'Waldkraft',
    url: 'https://shop.example/forstseilwinde-fsw-35/FS-10001',
    currency: 'EUR',
    availability: 'https://schema.org/InStock',
  }

  it('describes the product with a net-price offer', () => {
    const ld = productJsonLd({ ...base, price: 2490 })
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: base.name,
      sku: 'FS-10001',
      gtin: '4010000000000',
      image: base.images,
      brand: { '@type': 'Brand', name: 'Waldkraft' },
      offers: { '@type': 'Offer', price: '2490.00', priceCurrency: 'EUR', availability: base.availability, url: base.url },
    })
    expect(ld).not.toHaveProperty('aggregateRating')
  })

  it('adds an AggregateRating only when reviews exist and no Offer without a price', () => {
    const ld = productJsonLd({ ...base, rating: { average: 4.5, count: 2 } })
    expect(ld).not.toHaveProperty('offers')
    expect(ld.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 })
    expect(productJsonLd({ ...base, rating: { average: 0, count: 0 } })).not.toHaveProperty('aggregateRating')
  })
})
