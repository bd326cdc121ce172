import { defaultLocale, languageTags, localizePath, locales, stripLocale, type Locale } from './locale'
import type { Breadcrumb, NavLink, SeoData } from './shell-types'
import type { OpeningHours } from './shop'

export interface HreflangLink {
  hreflang: Locale | 'x-default'
  href: string
}

export interface ResolvedSeo {
  canonical: string
  alternates: Partial<Record<Locale, string>>
  links: HreflangLink[]
  robots?: string
  title?: string
  description?: string
}

type JsonLd = { '@context'?: string; '@type': string } & Record<string, unknown>

/** `publicUrl` + path, tolerant of a trailing slash on the origin and a missing one on the path. */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path
  const origin = publicUrl.replace(/\/+$/, '')
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`
}

/** The same page in each language when a route has no SEO data of its own: same path, other prefix. */
export function defaultAlternates(publicUrl: string, pathname: string): Record<Locale, string> {
  const neutral = stripLocale(pathname)
  return Object.fromEntries(
    locales.map((locale) => [locale, absoluteUrl(publicUrl, localizePath(locale, neutral))]),
  ) as Record<Locale, string>
}

/** hreflang links in de, en, fr order plus x-default, which points at German (the default language). */
export function hreflangLinks(alternates: Partial<Record<Locale, string>>): HreflangLink[] {
  const links: HreflangLink[] = locales.flatMap((locale) => {
    const href = alternates[locale]
    return href ? [{ hreflang: locale, href }] : []
  })
  const fallback = alternates[defaultLocale]
  if (fallback) links.push({ hreflang: 'x-default', href: fallback })
  return links
}

/** Canonical and alternates from a route's SEO data, or derived from the current path. */
export function resolveSeo(seo: SeoData | undefined, publicUrl: string, pathname: string): ResolvedSeo {
  const alternates = seo ? seo.alternates : defaultAlternates(publicUrl, pathname)
  const canonical = seo ? seo.canonical : absoluteUrl(publicUrl, pathname)
  return {
    canonical,
    alternates,
    links: hreflangLinks(alternates),
    robots: seo?.robots,
    title: seo?.title,
    description: seo?.description,
  }
}

/**
 * Where the language switcher sends a visitor for each language: a same-origin path (with query),
 * taken from the route's alternates when it has them, else the current path in that language.
 * `search` is the current query without the shell's own parameters.
 */
export function languageSwitchPaths(
  seo: SeoData | undefined,
  pathname: string,
  search: string,
): Record<Locale, string> {
  const neutral = stripLocale(pathname)
  return Object.fromEntries(
    locales.map((locale) => {
      const own = seo?.languageSwitch?.[locale]
      if (own) return [locale, own]
      const alternate = seo?.alternates[locale]
      if (alternate) {
        const url = new URL(alternate)
        return [locale, `${url.pathname}${seo?.keepQuery ? search : url.search}`]
      }
      return [locale, `${localizePath(locale, neutral)}${search}`]
    }),
  ) as Record<Locale, string>
}

export function changeLanguageAction(locale: Locale): string {
  return `/change-language/${locale}`
}

/** Serialises JSON-LD for an inline script: `<` and friends are escaped so content cannot close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function websiteJsonLd(options: { publicUrl: string; locale: Locale; name: string }): JsonLd {
  const home = absoluteUrl(options.publicUrl, localizePath(options.locale, '/'))
  const search = absoluteUrl(options.publicUrl, localizePath(options.locale, '/search'))
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: options.name,
    url: home,
    inLanguage: languageTags[options.locale],
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${search}?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

function navUrl(publicUrl: string, link: NavLink): string {
  return link.external ? link.href : absoluteUrl(publicUrl, link.href)
}

/** One SiteNavigationElement per main navigation entry. */
export function siteNavigationJsonLd(main: NavLink[], publicUrl: string): JsonLd[] {
  return main.map((link) => ({
    '@context': 'https://schema.org',
    '@type': 'SiteNavigationElement',
    name: link.name,
    url: navUrl(publicUrl, link),
  }))
}

/** The spec's five-item list of navigation entries (the main anchors). */
export function navigationItemListJsonLd(main: NavLink[], publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: main.slice(0, 5).map((link, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: link.name,
      url: navUrl(publicUrl, link),
    })),
  }
}

export function storeJsonLd(options: {
  name: string
  publicUrl: string
  locale: Locale
  telephone: string
  openingHours: readonly OpeningHours[]
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: options.name,
    url: absoluteUrl(options.publicUrl, localizePath(options.locale, '/')),
    telephone: options.telephone,
    openingHoursSpecification: options.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
  }
}

function isSeoData(value: unknown): value is SeoData {
  if (!value || typeof value !== 'object') return false
  const candidate = value as Partial<SeoData>
  return typeof candidate.canonical === 'string' && !!candidate.alternates && typeof candidate.alternates === 'object'
}

/** The `seo` of the deepest route match that returned one (routes render their own page's SEO). */
export function findSeo(matches: readonly { data?: unknown }[]): SeoData | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data
    if (data && typeof data === 'object' && 'seo' in data && isSeoData(data.seo)) return data.seo
  }
  return undefined
}

function isBreadcrumbList(value: unknown): value is Breadcrumb[] {
  return Array.isArray(value) && value.every((c) => typeof c?.name === 'string' && typeof c?.href === 'string')
}

/** The `breadcrumbs` of the deepest route match that returned some. */
export function findBreadcrumbs(matches: readonly { data?: unknown }[]): Breadcrumb[] {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data
    if (data && typeof data === 'object' && 'breadcrumbs' in data && isBreadcrumbList(data.breadcrumbs)) {
      return data.breadcrumbs
    }
  }
  return []
}

/** schema.org BreadcrumbList: home first, then the trail, with absolute URLs. */
export function breadcrumbListJsonLd(trail: Breadcrumb[], publicUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(publicUrl, crumb.href),
    })),
  }
}

export interface ProductJsonLdInput {
  name: string
  sku: string
  gtin?: string
  description?: string
  /** Absolute image URLs, cover first. */
  images: string[]
  brand?: string
  /** Absolute URL of the product page. */
  url: string
  /** Net unit price; absent for price-on-request products, which then get no Offer. */
  price?: number
  currency: string
  /** A schema.org availability URL (see app/lib/product.ts schemaAvailability). */
  availability: string
  rating?: { average: number; count: number }
}

/** schema.org Product with an Offer (net price) and, when reviews exist, an AggregateRating. */
export function productJsonLd(input: ProductJsonLdInput): JsonLd {
  const result: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: input.name,
    sku: input.sku,
    url: input.url,
  }
  if (input.gtin) result.gtin = input.gtin
  if (input.images.length) result.image = input.images
  if (input.description) result.description = input.description
  if (input.brand) result.brand = { '@type': 'Brand', name: input.brand }
  if (input.price !== undefined) {
    result.offers = {
      '@type': 'Offer',
      price: input.price.toFixed(2),
      priceCurrency: input.currency,
      availability: input.availability,
      url: input.url,
      // The shop shows net prices (B2B); the specification says so instead of implying gross.
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: input.price.toFixed(2),
        priceCurrency: input.currency,
        valueAddedTaxIncluded: false,
      },
    }
  }
  if (input.rating && input.rating.count > 0) {
    result.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: input.rating.average,
      reviewCount: input.rating.count,
      bestRating: 5,
      worstRating: 1,
    }
  }
  return result
}
