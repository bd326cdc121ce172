import { listingHref, withPage } from '~/lib/listing-url'
import type { ListingView } from './types'

// What pages and the shell need to know about a listing without its component (skip link, head
// tags): kept apart so that pages without a listing do not load it.

/** The listing inside another route's loader data (search and manufacturer pages, or a CMS slot). */
export function findListingView(data: unknown): ListingView | undefined {
  if (!data || typeof data !== 'object') return undefined
  const record = data as { listing?: ListingView; view?: { cms?: { sections?: { blocks?: { elements?: unknown[] }[] }[] } } }
  if (record.listing) return record.listing
  for (const section of record.view?.cms?.sections ?? []) {
    for (const block of section.blocks ?? []) {
      for (const element of block.elements ?? []) {
        const e = element as { type?: string; listing?: ListingView }
        if (e.type === 'product-listing' && e.listing) return e.listing
      }
    }
  }
  return undefined
}

/** Head links to the neighbouring pages of a listing, for a route's `meta`. */
export function paginationLinks(view: ListingView | undefined, pathname: string, publicUrl: string) {
  if (!view || view.page > view.pages) return []
  const origin = publicUrl.replace(/\/+$/, '')
  const links: { tagName: 'link'; rel: string; href: string }[] = []
  if (view.page > 1) links.push({ tagName: 'link', rel: 'prev', href: `${origin}${listingHref(pathname, withPage(view.query, view.page - 1))}` })
  if (view.page < view.pages) links.push({ tagName: 'link', rel: 'next', href: `${origin}${listingHref(pathname, withPage(view.query, view.page + 1))}` })
  return links
}

/**
 * Head tags of a page that may hold a listing: its robots rule (filtered or sorted views and pages
 * past the end are noindex,follow) and links to the neighbouring pages.
 */
export function listingHeadMeta(
  pageData: { seo?: { robots?: string } } & Record<string, unknown>,
  pathname: string,
  matches: readonly { id: string; data?: unknown }[],
) {
  const root = matches.find((m) => m.id === 'root')?.data as { publicUrl?: string } | undefined
  const view = findListingView(pageData)
  // A page number past the end has no products of its own: nothing to index there.
  const robots = view && view.total > 0 && view.products.length === 0 ? 'noindex,follow' : pageData.seo?.robots
  return [...(robots ? [{ name: 'robots', content: robots }] : []), ...paginationLinks(view, pathname, root?.publicUrl ?? '')]
}

/**
 * The `meta` of a page whose loader returns `seo` (and may carry a listing): title, description,
 * robots rule and pagination links.
 */
export function listingPageMeta({
  data: pageData,
  location,
  matches,
}: {
  data: unknown
  location: { pathname: string }
  matches: readonly { id: string; data?: unknown }[]
}) {
  if (!pageData || typeof pageData !== 'object') return []
  const page = pageData as { seo?: { title?: string; description?: string; robots?: string } } & Record<string, unknown>
  return [
    { title: page.seo?.title },
    { name: 'description', content: page.seo?.description },
    ...listingHeadMeta(page, location.pathname, matches),
  ]
}
