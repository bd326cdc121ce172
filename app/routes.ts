// THE route table (spec section 2), written once. remix.config.js expands it into
// German (no prefix), /en and /fr; route ids get the locale as suffix (`home-en`).
// Screens land here together with the issue that builds them.

export type Layout = 'default' | 'account' | 'checkout'

export interface RouteDef {
  /** Locale-neutral id; the expanded id is `${id}-${locale}`. */
  id: string
  /** Path without locale prefix and without leading slash; omitted for index routes. */
  path?: string
  index?: boolean
  /** Module below app/ */
  file: string
  layout?: Layout
}

/** Routes that exist once, outside the locale tree (no prefix, no language detection). */
export const unlocalizedRoutes: RouteDef[] = [
  { id: 'robots', path: 'robots.txt', file: 'routes/robots[.]txt.ts' },
  { id: 'sitemap', path: 'sitemap.xml', file: 'routes/sitemap[.]xml.ts' },
  { id: 'change-language', path: 'change-language/:locale', file: 'routes/change-language.ts' },
  { id: 'consent', path: 'consent', file: 'routes/consent.ts' },
]

export const routeTable: RouteDef[] = [
  { id: 'home', index: true, file: 'routes/home.tsx' },
  { id: 'toc', path: 'toc', file: 'routes/legal-page.tsx' },
  { id: 'privacy', path: 'privacy', file: 'routes/legal-page.tsx' },
  { id: 'shipping', path: 'shipping', file: 'routes/legal-page.tsx' },
  { id: 'search', path: 'search', file: 'routes/search.tsx' },
  // Resource route (JSON) for the header's search suggestions; localized so it answers in the page language.
  { id: 'suggest', path: 'search-suggest', file: 'routes/search-suggest.ts' },
  { id: 'manufacturers', path: 'manufacturer', file: 'routes/manufacturers.tsx' },
  { id: 'manufacturer', path: 'manufacturer/:id', file: 'routes/manufacturer.tsx' },
  { id: 'product-finder', path: 'product-finder', file: 'routes/product-finder.tsx' },
  // Catch-all: content pages resolved through the store's SEO URLs, else 404.
  { id: 'content', path: '*', file: 'routes/content.tsx' },
]

export const layoutFiles: Record<Exclude<Layout, 'default'>, string> = {
  account: 'routes/account-layout.tsx',
  checkout: 'routes/checkout-layout.tsx',
}
