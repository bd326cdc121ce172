import type { Schemas } from '@shopware/api-client/api-types'
import sanitizeHtml from 'sanitize-html'
import type { CmsPageData } from '~/components/cms/types'
import type { LoadContext } from '~/load-context'
import { seoPath } from '~/lib/links'
import { isFiltered, parseListingQuery, type ListingQuery } from '~/lib/listing-url'
import { localizePath, locales, type Locale } from '~/lib/locale'
import type { Breadcrumb } from '~/lib/shell-types'
import { getStore, type Store } from './client.server'
import { categoryTrail, toBreadcrumbs } from './breadcrumb.server'
import { sanitizeCmsHtml, toCmsPage } from './cms.server'
import { isNotFound } from './errors.server'
import { categoryListingBody, fitCardPricesToRange } from './listing.server'
import { readNavigationTrees, type NavigationTrees } from './shell.server'

type SeoUrl = Schemas['SeoUrl']
type RouteName = SeoUrl['routeName']
type Filter = NonNullable<Schemas['Criteria']['filter']>[number]

/** A category or landing page ready for the content route. Paths are localized, not absolute. */
export interface ContentPageData {
  kind: 'category' | 'landing_page'
  id: string
  name: string
  metaTitle: string
  metaDescription?: string
  cms?: CmsPageData
  /** Sanitized description of a category without a CMS layout. */
  descriptionHtml?: string
  /** The canonical path of the page in its locale. */
  path: string
  alternates: Partial<Record<Locale, string>>
  breadcrumbs: Breadcrumb[]
  /**
   * Listing pages: the canonical is the SEO path plus `?p=N` past page 1 (other parameters dropped),
   * and filtered or sorted views are `noindex,follow`.
   */
  listingSeo?: { canonicalPath: string; robots?: string }
}

export type ContentResolution =
  | { type: 'page'; page: ContentPageData }
  | { type: 'redirect'; location: string }
  /** A product page (`frontend.detail.page`): app/store/product.server.ts loads it. `path` is localized. */
  | { type: 'product'; id: string; path: string }
  | { type: 'not-found' }

type ContentContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog' | 'publicUrl'>

const seoUrlIncludes = { seo_url: ['seoPathInfo', 'isCanonical', 'routeName', 'foreignKey', 'languageId'] }

// Shopware's own non-SEO paths, also what links fall back to (app/lib/links.ts).
const technicalRoutes: Record<string, RouteName> = {
  navigation: 'frontend.navigation.page',
  landingPage: 'frontend.landing.page',
  detail: 'frontend.detail.page',
}
const technicalPrefix: Record<RouteName, string> = {
  'frontend.navigation.page': '/navigation/',
  'frontend.landing.page': '/landingPage/',
  'frontend.detail.page': '/detail/',
}

function eq(field: string, value: string | boolean): Filter {
  return { type: 'equals', field, value }
}

async function findSeoUrls(store: Store, filter: Filter[], languageId: string | undefined, limit: number): Promise<SeoUrl[]> {
  const { data } = await store.invoke('readSeoUrl post /seo-url', {
    ...(languageId ? { headers: { 'sw-language-id': languageId } } : {}),
    body: { filter: languageId ? [...filter, eq('languageId', languageId)] : filter, limit, includes: seoUrlIncludes },
  })
  return data.elements ?? []
}

async function canonicalSeoPath(store: Store, routeName: RouteName, id: string, locale: Locale): Promise<string | undefined> {
  const languageId = await store.languageId(locale)
  const found = await findSeoUrls(store, [eq('foreignKey', id), eq('routeName', routeName), eq('isCanonical', true)], languageId, 1)
  return seoPath(found)
}

/** The page's path in every locale: its canonical SEO path there, else the technical route. */
export async function alternatePaths(store: Store, routeName: RouteName, id: string, current: Locale, currentPath: string) {
  const entries = await Promise.all(
    locales.map(async (locale): Promise<[Locale, string]> => {
      if (locale === current) return [locale, currentPath]
      const path = await canonicalSeoPath(store, routeName, id, locale).catch(() => undefined)
      return [locale, localizePath(locale, path ?? `${technicalPrefix[routeName]}${id}`)]
    }),
  )
  return Object.fromEntries(entries) as Partial<Record<Locale, string>>
}

function plainText(html: string | undefined): string | undefined {
  if (!html) return undefined
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
  return text ? text.slice(0, 300) : undefined
}

/** The category's trail: from the navigation trees when they reach it, else from the breadcrumb route. */
async function categoryBreadcrumbs(
  store: Store,
  category: Schemas['Category'],
  trees: NavigationTrees,
  locale: Locale,
  selfPath: string,
): Promise<Breadcrumb[]> {
  const entries = await categoryTrail(store, category, trees, { id: category.id, type: 'category' })
  if (entries) return toBreadcrumbs(entries, locale, { categoryId: category.id, path: selfPath })
  // Without a breadcrumb route: names from the category, ids from its path; the root is the home page.
  const names = category.translated?.breadcrumb ?? category.breadcrumb ?? []
  const ids = [...(category.path ?? '').split('|').filter(Boolean), category.id]
  return names.slice(1).map((name, i) => {
    const id = ids[i + 1]!
    return { name, href: id === category.id ? selfPath : localizePath(locale, `/navigation/${id}`) }
  })
}

async function loadCategory(context: ContentContext, store: Store, id: string, locale: Locale, path: string, listing?: ListingQuery) {
  const { data: category } = await store.invoke('readCategory post /category/{navigationId}', {
    pathParams: { navigationId: id },
    headers: { 'sw-include-seo-urls': true },
    // The URL's listing parameters filter, sort and page the layout's product-listing slot.
    body: listing ? categoryListingBody(listing) : {},
  })
  const name = category.translated?.name || category.name
  const description = category.translated?.description || category.description
  const page: Omit<ContentPageData, 'alternates' | 'breadcrumbs'> = {
    kind: 'category',
    id: category.id,
    name,
    metaTitle: category.translated?.metaTitle || category.metaTitle || name,
    path,
  }
  const metaDescription = category.translated?.metaDescription || category.metaDescription || plainText(description)
  if (metaDescription) page.metaDescription = metaDescription
  if (category.cmsPage) {
    page.cms = toCmsPage(category.cmsPage, { locale, logger: context.logger, publicUrl: context.publicUrl, ...(listing ? { listingQuery: listing } : {}) })
    if (listing && hasListing(page.cms)) {
      await fitListingPrices(store, page.cms)
      page.listingSeo = { canonicalPath: listing.p > 1 ? `${path}?p=${listing.p}` : path }
      if (isFiltered(listing)) page.listingSeo.robots = 'noindex,follow'
    }
  } else if (description) {
    page.descriptionHtml = sanitizeCmsHtml(description, context.publicUrl)
  }
  return { page, category }
}

async function loadLandingPage(context: ContentContext, store: Store, id: string, locale: Locale, path: string) {
  const { data: landing } = await store.invoke('readLandingPage post /landing-page/{landingPageId}', {
    pathParams: { landingPageId: id },
    body: {},
  })
  const name = landing.translated?.name || landing.name
  const page: Omit<ContentPageData, 'alternates' | 'breadcrumbs'> = {
    kind: 'landing_page',
    id: landing.id,
    name,
    metaTitle: landing.translated?.metaTitle || landing.metaTitle || name,
    path,
  }
  const metaDescription = landing.translated?.metaDescription || landing.metaDescription
  if (metaDescription) page.metaDescription = metaDescription
  if (landing.cmsPage) page.cms = toCmsPage(landing.cmsPage, { locale, logger: context.logger, publicUrl: context.publicUrl })
  return page
}

/** The listing slot's card prices inside an active price range (see fitCardPricesToRange). */
async function fitListingPrices(store: Store, cms: CmsPageData): Promise<void> {
  for (const section of cms.sections)
    for (const block of section.blocks)
      for (const [index, element] of block.elements.entries())
        if (element.type === 'product-listing') block.elements[index] = { ...element, listing: await fitCardPricesToRange(store, element.listing) }
}

function hasListing(cms: CmsPageData): boolean {
  return cms.sections.some((s) => s.blocks.some((b) => b.elements.some((e) => e.type === 'product-listing')))
}

async function loadPage(
  context: ContentContext,
  store: Store,
  routeName: RouteName,
  id: string,
  locale: Locale,
  path: string,
  listing?: ListingQuery,
): Promise<ContentResolution> {
  try {
    if (routeName === 'frontend.landing.page') {
      const [page, alternates] = await Promise.all([
        loadLandingPage(context, store, id, locale, path),
        alternatePaths(store, routeName, id, locale, path),
      ])
      return { type: 'page', page: { ...page, alternates, breadcrumbs: [{ name: page.name, href: path }] } }
    }
    const [{ page, category }, alternates, trees] = await Promise.all([
      loadCategory(context, store, id, locale, path, listing),
      alternatePaths(store, routeName, id, locale, path),
      readNavigationTrees(store),
    ])
    const breadcrumbs = await categoryBreadcrumbs(store, category, trees, locale, path)
    return { type: 'page', page: { ...page, alternates, breadcrumbs } }
  } catch (err) {
    if (isNotFound(err)) return { type: 'not-found' }
    throw err
  }
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path)
  } catch {
    return undefined
  }
}

/**
 * Resolves a locale-neutral path ('/produkte/') to a content page, a 301 target (a technical route
 * with an SEO URL), a product to load (app/store/product.server.ts) or not-found.
 */
export async function resolveContent(
  context: ContentContext,
  request: Request,
  locale: Locale,
  neutralPath: string,
): Promise<ContentResolution> {
  const store = getStore(context, request, locale)
  const search = new URL(request.url).search
  const listing = parseListingQuery(new URL(request.url).searchParams)
  const decoded = safeDecode(neutralPath)
  if (!decoded) return { type: 'not-found' }

  const technical = decoded.match(/^\/(navigation|landingPage|detail)\/([0-9a-fA-F]{32})\/?$/)
  if (technical) {
    const routeName = technicalRoutes[technical[1]!]!
    const id = technical[2]!.toLowerCase()
    const canonical = await canonicalSeoPath(store, routeName, id, locale)
    if (canonical) return { type: 'redirect', location: `${localizePath(locale, canonical)}${search}` }
    if (routeName === 'frontend.detail.page') return { type: 'product', id, path: localizePath(locale, `/detail/${id}`) }
    return loadPage(context, store, routeName, id, locale, localizePath(locale, `${technicalPrefix[routeName]}${id}`), listing)
  }

  const info = decoded.replace(/^\/+/, '')
  if (!info) return { type: 'not-found' }
  const alternative = info.endsWith('/') ? info.slice(0, -1) : `${info}/`
  const languageId = await store.languageId(locale)
  const found = await findSeoUrls(
    store,
    [{ type: 'multi', operator: 'or', queries: [eq('seoPathInfo', info), eq('seoPathInfo', alternative)] }],
    languageId,
    10,
  )
  const match = found.find((u) => u.seoPathInfo === info) ?? found.find((u) => u.seoPathInfo === alternative)
  if (!match) return { type: 'not-found' }

  // The store answers canonical SEO URLs only (SalesChannelSeoUrlDefinition::processCriteria). A path
  // that differs from its SEO URL only by the trailing slash is the same page, and the canonical link
  // names the SEO form; a redirect would loop: Remix's data requests (`/a/` → `/a.data`) drop the slash.
  const target = match.seoPathInfo
  if (match.routeName === 'frontend.detail.page') {
    return { type: 'product', id: match.foreignKey, path: localizePath(locale, `/${target}`) }
  }
  return loadPage(context, store, match.routeName, match.foreignKey, locale, localizePath(locale, `/${target}`), listing)
}

/**
 * The home page of a locale: the sales channel's navigation root category, read by Shopware's `home`
 * alias so that it does not wait for the root's id (a process's first home page read it first).
 */
export async function loadHomeContent(context: ContentContext, request: Request, locale: Locale): Promise<ContentPageData> {
  const store = getStore(context, request, locale)
  const path = localizePath(locale, '/')
  const { page } = await loadCategory(context, store, 'home', locale, path)
  const alternates = Object.fromEntries(locales.map((l) => [l, localizePath(l, '/')])) as Record<Locale, string>
  return { ...page, alternates, breadcrumbs: [] }
}
