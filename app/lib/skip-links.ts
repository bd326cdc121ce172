// A page's own skip link, beside the shell's "skip to content": the product page's leads to the
// add-to-cart form, a listing's to its products (spec: search → first result → add to cart in a
// few Tab presses). A route names it in its `handle.skipLink`, computed from its loader data.

import { findListingView } from '~/components/listing/listing-meta'

export interface PageSkipLink {
  href: string
  /** Translation key with its namespace */
  label: string
}

/** Id of a listing's product list (one listing per page). */
export const LISTING_RESULTS_ID = 'listing-results'
/** Id of the product page's add-to-cart form. */
export const ADD_TO_CART_ID = 'add-to-cart'

type SkipLinkHandle = { skipLink?: (data: unknown) => PageSkipLink | undefined }

/** The deepest route's skip link, if it has one. */
export function findSkipLink(matches: readonly { handle?: unknown; data?: unknown }[]): PageSkipLink | undefined {
  for (const match of [...matches].reverse()) {
    const handle = match.handle as SkipLinkHandle | undefined
    if (typeof handle?.skipLink === 'function') return handle.skipLink(match.data)
  }
  return undefined
}

/** The skip link of a page that may show a product (add-to-cart form) or a listing with products. */
export function catalogueSkipLink(data: unknown): PageSkipLink | undefined {
  const page = data as { kind?: string; product?: unknown } | undefined
  if (page?.kind === 'product') return { href: `#${ADD_TO_CART_ID}`, label: 'product:skipToBuyBox' }
  const listing = findListingView(data)
  return listing?.products.length ? { href: `#${LISTING_RESULTS_ID}`, label: 'listing:skipToResults' } : undefined
}
