import { localizePath, type Locale } from './locale'

/** The parts of a Store API SEO URL that links need. */
export interface SeoUrlRef {
  seoPathInfo: string
  isCanonical?: boolean
  routeName?: string
  foreignKey?: string
}

export interface LinkTarget {
  href: string
  external?: boolean
}

/** The fields of a Store API category that decide where its navigation entry points. */
export interface CategoryRef {
  id: string
  type?: string
  linkType?: string | null
  internalLink?: string | null
  externalLink?: string | null
  seoUrls?: SeoUrlRef[] | null
  translated?: { externalLink?: string | null; internalLink?: string | null; linkType?: string | null }
}

export interface ProductRef {
  id: string
  seoUrls?: SeoUrlRef[] | null
}

export interface LandingPageRef {
  id: string
  seoUrls?: SeoUrlRef[] | null
}

/** Landing pages behind the short legal routes (/toc, /privacy, /shipping) and the imprint, per locale, without prefix. */
export const legalPagePaths = {
  toc: { de: '/agb/', en: '/terms-and-conditions/', fr: '/conditions-generales-de-vente/' },
  privacy: { de: '/datenschutzerklaerung/', en: '/privacy-policy/', fr: '/declaration-de-confidentialite/' },
  shipping: { de: '/versand-und-zahlung/', en: '/shipping-and-payment/', fr: '/livraison-et-paiement/' },
  imprint: { de: '/impressum/', en: '/imprint/', fr: '/mentions-legales/' },
} as const satisfies Record<string, Record<Locale, string>>

export type LegalPage = keyof typeof legalPagePaths

/** The SEO path ('/produkte/') of an entity, preferring the canonical one; undefined when it has none. */
export function seoPath(seoUrls: readonly SeoUrlRef[] | null | undefined, routeName?: string): string | undefined {
  const candidates = (seoUrls ?? []).filter((u) => u.seoPathInfo && (!routeName || !u.routeName || u.routeName === routeName))
  const chosen = candidates.find((u) => u.isCanonical) ?? candidates[0]
  if (!chosen) return undefined
  return `/${chosen.seoPathInfo.replace(/^\/+/, '')}`
}

const SAFE_PROTOCOLS = new Set(['http:', 'https:'])

/** The URL when it is an absolute http(s) URL; javascript:, data:, relative and malformed values are refused. */
export function safeExternalUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const trimmed = value.trim()
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return undefined
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : undefined
}

/** A media URL for the page: an absolute http(s) URL, or a path under the shop's own /media/ (embedded store). */
export function safeMediaUrl(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/')) return safeExternalUrl(value)
  const path = safeRedirectPath(value)
  return path?.startsWith('/media/') ? path : undefined
}

export function productHref(locale: Locale, product: ProductRef): string {
  return localizePath(locale, seoPath(product.seoUrls, 'frontend.detail.page') ?? `/detail/${product.id}`)
}

export function landingPageHref(locale: Locale, page: LandingPageRef): string {
  return localizePath(locale, seoPath(page.seoUrls, 'frontend.landing.page') ?? `/landingPage/${page.id}`)
}

export function categoryPageHref(locale: Locale, category: Pick<CategoryRef, 'id' | 'seoUrls'>): string {
  return localizePath(locale, seoPath(category.seoUrls, 'frontend.navigation.page') ?? `/navigation/${category.id}`)
}

type PageHref = (locale: Locale, page: { id: string; seoUrls?: SeoUrlRef[] | null }) => string

/** Each internal link type's target page: its route and how to link to it. */
const linkTargets: Record<string, { routeName: string; href: PageHref }> = {
  product: { routeName: 'frontend.detail.page', href: productHref },
  landing_page: { routeName: 'frontend.landing.page', href: landingPageHref },
  category: { routeName: 'frontend.navigation.page', href: categoryPageHref },
}

/** The page an internal link entry points to (a product, landing page or category), by id and route. */
export function internalLinkTarget(category: CategoryRef): { id: string; routeName: string; href: PageHref } | undefined {
  if (category.type !== 'link') return undefined
  const kind = linkTargets[category.translated?.linkType || category.linkType || '']
  const id = category.translated?.internalLink || category.internalLink
  return kind && id ? { id, ...kind } : undefined
}

/**
 * Where a navigation entry points. Link categories follow their link type; a folder has no page of
 * its own, so it gets no target (undefined) and is shown as a heading for its children.
 */
export function categoryLink(locale: Locale, category: CategoryRef): LinkTarget | undefined {
  if (category.type === 'folder') return undefined
  if (category.type !== 'link') return { href: categoryPageHref(locale, category) }

  const target = internalLinkTarget(category)
  if (target) return { href: target.href(locale, { id: target.id, seoUrls: targetSeoUrls(category.seoUrls, target.routeName, target.id) }) }
  if ((category.translated?.linkType || category.linkType) !== 'external') return undefined
  const value = category.translated?.externalLink || category.externalLink
  // A same-origin path (e.g. '/en/manufacturer' for the storefront's own pages) is an internal link, used as is.
  const internalPath = safeRedirectPath(value?.trim())
  if (internalPath) return { href: internalPath }
  const url = safeExternalUrl(value)
  return url ? { href: url, external: true } : undefined
}

// A link category's own seoUrls describe the link entry, not its target; only entries that name
// the target (route and foreign key) may stand in for the target's path.
function targetSeoUrls(seoUrls: readonly SeoUrlRef[] | null | undefined, routeName: string, targetId: string): SeoUrlRef[] {
  return (seoUrls ?? []).filter((u) => u.routeName === routeName && u.foreignKey === targetId)
}

/** The localized path of a legal landing page. */
export function legalPageHref(locale: Locale, page: LegalPage): string {
  return localizePath(locale, legalPagePaths[page][locale])
}

// A redirect target longer than this is no page of ours; it would only bloat the Location header.
const MAX_REDIRECT_LENGTH = 8192
const SAME_ORIGIN = 'http://same.invalid'
// Browsers drop tabs and newlines anywhere in a URL (so '/\t/evil' becomes '//evil'); no real path
// carries raw control characters, so they are refused rather than guessed at.
const CONTROL = /[\u0000-\u001f\u007f]/
// A leading '//' or '/\' leaves the origin; an encoded one does after any later decoding step.
const LEAVES_ORIGIN = /^\/(?:[/\\]|%2f|%5c)/i

/**
 * The one check every redirect target goes through: a same-origin path, normalised the way a
 * browser resolves it ('/./', '/../' collapsed, non-ASCII percent-encoded), else undefined.
 * The prefix is checked after normalising, because '/.//evil' only becomes '//evil' then.
 * The result is printable ASCII, safe to put into a Location header. Never throws.
 */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > MAX_REDIRECT_LENGTH) return undefined
  if (CONTROL.test(value) || LEAVES_ORIGIN.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value, SAME_ORIGIN)
  } catch {
    return undefined
  }
  if (url.origin !== SAME_ORIGIN) return undefined
  const path = `${url.pathname}${url.search}${url.hash}`
  if (!path.startsWith('/') || LEAVES_ORIGIN.test(path) || path.length > MAX_REDIRECT_LENGTH) return undefined
  // The URL parser encodes everything else; this only guards against a parser that would not.
  if (!/^[\x21-\x7e]+$/.test(path)) return undefined
  return path
}

// em = sha1(email) (40 hex), hash = the store's random opt-in hash; anything else is no link of ours.
const OPT_IN_EM = /^[0-9a-f]{40}$/i
const OPT_IN_HASH = /^[A-Za-z0-9]{16,128}$/

/** The `em` and `hash` of a double opt-in link (registration, newsletter), from its query or the confirming form. */
export function optInLink(source: { get(name: string): unknown }): { em: string; hash: string } | undefined {
  const em = String(source.get('em') ?? '')
  const hash = String(source.get('hash') ?? '')
  return OPT_IN_EM.test(em) && OPT_IN_HASH.test(hash) ? { em, hash } : undefined
}

/** URL of the image beacon that records a view of a product (app/routes/last-viewed-beacon.ts). */
export function lastViewedBeaconPath(productId: string): string {
  return `/last-viewed/${encodeURIComponent(productId)}`
}
