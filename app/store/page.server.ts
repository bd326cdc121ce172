import { getT } from '~/i18n.server'
import type { LoadContext } from '~/load-context'
import { localizePath, locales, type Locale } from '~/lib/locale'
import type { SeoData } from '~/lib/shell-types'
import type { ContentPageData } from './content.server'

/** Anonymous catalogue pages are the same for everyone (CDN-cacheable); pages of a session are not. */
export function catalogueCacheControl(hasSession: boolean): string {
  return hasSession ? 'private, no-store' : 'public, max-age=60, stale-while-revalidate=600'
}

function absolute(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`
}

/**
 * Title, canonical and alternates of one of the shop's own pages (the same path in every
 * language): sign-in, cart, wishlist, contact. `robots` and `description` as the page needs them.
 */
export function appPageSeo(
  context: Pick<LoadContext, 'publicUrl'>,
  locale: Locale,
  path: string,
  title: string,
  options: { robots?: string; description?: string } = {},
): SeoData {
  const url = (l: Locale) => absolute(context.publicUrl, localizePath(l, path))
  return {
    title: getT(locale, 'common')('meta.titleTemplate', { title }),
    ...(options.description ? { description: options.description } : {}),
    canonical: url(locale),
    alternates: Object.fromEntries(locales.map((l) => [l, url(l)])) as Record<Locale, string>,
    ...(options.robots ? { robots: options.robots } : {}),
  }
}

/**
 * Title, description, absolute canonical and alternates of a content page. On a category listing the
 * language switch keeps the visitor's query: its filters, sort and page are ids and keys that are the
 * same in every language (the alternates stay the indexed pages).
 */
export function contentSeo(context: Pick<LoadContext, 'publicUrl'>, locale: Locale, page: ContentPageData, home = false): SeoData {
  const t = getT(locale, 'common')
  const alternates = Object.fromEntries(
    Object.entries(page.alternates).map(([l, path]) => [l, absolute(context.publicUrl, path)]),
  ) as Partial<Record<Locale, string>>
  // The home category's bare name ("Home") makes a poor title; only a dedicated meta title replaces the default.
  const useDefault = home && page.metaTitle === page.name
  return {
    title: useDefault ? t('meta.defaultTitle') : t('meta.titleTemplate', { title: page.metaTitle }),
    description: page.metaDescription ?? t('meta.defaultDescription'),
    canonical: absolute(context.publicUrl, page.listingSeo?.canonicalPath ?? page.path),
    alternates,
    ...(page.listingSeo?.robots ? { robots: page.listingSeo.robots } : {}),
    ...(page.listingSeo ? { keepQuery: true } : {}),
  }
}

/** The view model a content route renders (no store internals, no unsanitized HTML). */
export function contentView(page: ContentPageData) {
  return {
    kind: page.kind,
    name: page.name,
    ...(page.cms ? { cms: page.cms } : {}),
    ...(page.descriptionHtml ? { descriptionHtml: page.descriptionHtml } : {}),
  }
}

/** Passes a loader's caching headers on to the document response. */
export function pickHeaders(source: Headers, names: readonly string[] = ['Cache-Control', 'Vary']): Headers {
  const headers = new Headers()
  for (const name of names) {
    const value = source.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}
