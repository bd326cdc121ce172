import type { Schemas } from '@shopware/api-client/api-types'
import type { LoadContext } from '~/load-context'
import { localizePath, locales, type Locale } from '~/lib/locale'
import { getStore, type Store } from './client.server'

/** One page of the sitemap with its absolute URL in each language it exists in. */
export interface SitemapEntry {
  urls: Partial<Record<Locale, string>>
}

// Shopware refuses limits above shopware.api.max_limit (100 by default).
const PAGE_SIZE = 100
// A bound against a store that never ends a listing: 200,000 URLs per language.
const MAX_PAGES = 2000
// Pages of one language read at once (three languages side by side).
const PARALLEL_PAGES = 4
/** The sitemaps protocol's most URLs in one file (sitemaps.org); a bigger shop gets a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000
export const SITEMAP_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' }
const TTL_MS = 5 * 60 * 1000

type SitemapContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog' | 'publicUrl'>

interface CachedSitemap {
  expires: number
  entries: Promise<SitemapEntry[]>
  /** The entries once built; answered past `expires` while the next build runs. */
  built?: SitemapEntry[]
  refreshing?: boolean
}

const cache = new Map<string, CachedSitemap>()

async function canonicalUrls(store: Store, locale: Locale): Promise<Schemas['SeoUrl'][]> {
  const languageId = await store.languageId(locale)
  if (!languageId) return []
  const readPage = async (page: number) => {
    // The sitemap keeps what it builds (below): its pages would only crowd the pages' reads out of the store cache.
    const { data } = await store.invokeUncached('readSeoUrl post /seo-url', {
      headers: { 'sw-language-id': languageId },
      body: {
        page,
        limit: PAGE_SIZE,
        'total-count-mode': page === 1 ? 'exact' : 'none',
        filter: [
          { type: 'equals', field: 'isCanonical', value: true },
          { type: 'equals', field: 'languageId', value: languageId },
        ],
        sort: [{ field: 'seoPathInfo', order: 'ASC' }],
        includes: { seo_url: ['seoPathInfo', 'routeName', 'foreignKey', 'isDeleted'] },
      },
    })
    return data
  }
  const first = await readPage(1)
  const pages: Schemas['SeoUrl'][][] = [first.elements ?? []]
  // Once the first page tells how many there are, the others are read a few at a time instead of one
  // after the other: with a store 50 ms away, 500 pages cost 25 s in a row.
  const counted = typeof first.total === 'number' && first.total >= pages[0]!.length ? Math.min(MAX_PAGES, Math.max(1, Math.ceil(first.total / PAGE_SIZE))) : 1
  let next = 2
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_PAGES, counted - 1) }, async () => {
      while (next <= counted) {
        const page = next++
        pages[page - 1] = (await readPage(page)).elements ?? []
      }
    }),
  )
  // Pages past the count (URLs added meanwhile, or a store that did not count) one by one until a short one.
  for (let page = counted + 1; page <= MAX_PAGES && pages[page - 2]!.length === PAGE_SIZE; page++) pages.push((await readPage(page)).elements ?? [])
  return pages.flat().filter((u) => !u.isDeleted)
}

async function build(context: SitemapContext, request: Request): Promise<SitemapEntry[]> {
  const store = getStore(context, request, 'de')
  const perLocale = await Promise.all(locales.map(async (locale) => [locale, await canonicalUrls(store, locale)] as const))
  const absolute = (locale: Locale, path: string) => `${context.publicUrl}${localizePath(locale, path)}`

  const home: SitemapEntry = { urls: Object.fromEntries(locales.map((l) => [l, absolute(l, '/')])) }
  const grouped = new Map<string, SitemapEntry>()
  for (const [locale, urls] of perLocale) {
    for (const url of urls) {
      const key = `${url.routeName}|${url.foreignKey}`
      const entry = grouped.get(key) ?? { urls: {} }
      entry.urls[locale] = absolute(locale, `/${url.seoPathInfo.replace(/^\/+/, '')}`)
      grouped.set(key, entry)
    }
  }
  return [home, ...grouped.values()]
}

/**
 * Every canonical SEO URL of every language, grouped per page; cached in process for five minutes, and
 * answered from the last build after that while one request builds the next in the background: with
 * 50,000 products a build reads the store about 1,500 times (5–8 s), which no crawler should wait for.
 */
export function sitemapEntries(context: SitemapContext, request: Request): Promise<SitemapEntry[]> {
  const key = `${context.store.endpoint}\u0000${context.publicUrl}`
  const hit = cache.get(key)
  if (hit && hit.expires > Date.now()) return hit.entries
  if (hit?.built) {
    if (!hit.refreshing) {
      hit.refreshing = true
      remember(key, build(context, request)).catch((err: unknown) => {
        hit.refreshing = false
        context.logger.warn({ err }, 'sitemap refresh failed; the last sitemap is answered until one succeeds')
      })
    }
    return Promise.resolve(hit.built)
  }
  const entries = remember(key, build(context, request))
  entries.catch(() => cache.delete(key))
  return entries
}

/** Caches a build from the start, so concurrent requests share it; its result replaces the last one once it succeeds. */
function remember(key: string, entries: Promise<SitemapEntry[]>): Promise<SitemapEntry[]> {
  const record: CachedSitemap = { expires: Date.now() + TTL_MS, entries }
  if (!cache.has(key)) cache.set(key, record)
  return entries.then((built) => {
    cache.set(key, { ...record, expires: Date.now() + TTL_MS, built })
    return built
  })
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** The sitemap XML: one <url> per page and language, each listing all languages and x-default (German). */
export function sitemapXml(entries: SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ]
  for (const entry of entries) {
    const present = locales.filter((l) => entry.urls[l])
    const alternates = present.map(
      (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(entry.urls[l]!)}"/>`,
    )
    const fallback = entry.urls.de ?? entry.urls[present[0]!]
    if (fallback && present.length > 1) {
      alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(fallback)}"/>`)
    }
    for (const locale of present) {
      lines.push('  <url>', `    <loc>${escapeXml(entry.urls[locale]!)}</loc>`, ...(present.length > 1 ? alternates : []), '  </url>')
    }
  }
  lines.push('</urlset>', '')
  return lines.join('\n')
}

/**
 * The entries in sitemap files of at most `maxUrls` <url> elements each (an entry has one per language).
 * One file is /sitemap.xml itself; more are /sitemap/{n}.xml, named by a sitemap index at /sitemap.xml.
 */
export function sitemapFiles(entries: SitemapEntry[], maxUrls = SITEMAP_MAX_URLS): SitemapEntry[][] {
  const files: SitemapEntry[][] = [[]]
  let count = 0
  for (const entry of entries) {
    const urls = locales.filter((l) => entry.urls[l]).length
    if (count + urls > maxUrls && files.at(-1)!.length > 0) {
      files.push([])
      count = 0
    }
    files.at(-1)!.push(entry)
    count += urls
  }
  return files
}

/** The sitemap's files (one: /sitemap.xml itself), from the cached entries. */
export async function loadSitemapFiles(context: SitemapContext, request: Request): Promise<SitemapEntry[][]> {
  return sitemapFiles(await sitemapEntries(context, request))
}

/** The sitemap index of a sitemap split into `files` files. */
export function sitemapIndexXml(publicUrl: string, files: number): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">']
  for (let n = 1; n <= files; n++) lines.push('  <sitemap>', `    <loc>${escapeXml(`${publicUrl}/sitemap/${n}.xml`)}</loc>`, '  </sitemap>')
  lines.push('</sitemapindex>', '')
  return lines.join('\n')
}
