// THE route table (spec section 2), written once. remix.config.js expands it into
// German (no prefix), /en and /fr; route ids get the locale as suffix (`home-en`).
// Screens land here together with the issue that builds them.

import { shopwarePaths } from './lib/shopware-paths'

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
  { id: 'sitemap-file', path: 'sitemap/:file', file: 'routes/sitemap-file.ts' },
  { id: 'change-language', path: 'change-language/:locale', file: 'routes/change-language.ts' },
  { id: 'consent', path: 'consent', file: 'routes/consent.ts' },
  { id: 'last-viewed-beacon', path: 'last-viewed/:productId', file: 'routes/last-viewed-beacon.ts' },
]

export const routeTable: RouteDef[] = [
  { id: 'home', index: true, file: 'routes/home.tsx' },
  { id: 'toc', path: 'toc', file: 'routes/legal-page.tsx' },
  { id: 'privacy', path: 'privacy', file: 'routes/legal-page.tsx' },
  { id: 'shipping', path: 'shipping', file: 'routes/legal-page.tsx' },
  { id: 'search', path: 'search', file: 'routes/search.tsx' },
  // Resource route (JSON) for the header's search suggestions; localized so it answers in the page language.
  { id: 'suggest', path: 'search-suggest', file: 'routes/search-suggest.ts' },
  // Resource route (JSON) for the side cart (JS only; without JS the header links to the cart page).
  { id: 'side-cart', path: 'side-cart', file: 'routes/side-cart.ts' },
  { id: 'manufacturers', path: 'manufacturer', file: 'routes/manufacturers.tsx' },
  { id: 'manufacturer', path: 'manufacturer/:id', file: 'routes/manufacturer.tsx' },
  { id: 'product-finder', path: 'product-finder', file: 'routes/product-finder.tsx' },
  // Account area (account layout: the guard, navigation, never cached).
  { id: 'account-overview', path: 'account', file: 'routes/account-overview.tsx', layout: 'account' },
  { id: 'account-profile', path: 'account/profile', file: 'routes/account-profile.tsx', layout: 'account' },
  { id: 'account-address', path: 'account/address', file: 'routes/account-address.tsx', layout: 'account' },
  { id: 'account-payment', path: 'account/payment', file: 'routes/account-payment.tsx', layout: 'account' },
  { id: 'account-orders', path: 'account/order', file: 'routes/account-orders.tsx', layout: 'account' },
  { id: 'account-order-details', path: 'account/order/details/:id', file: 'routes/account-order-details.tsx', layout: 'account' },
  // The order link of Shopware's order mails: outside the account layout, as guests open it too.
  { id: 'order-link', path: 'account/order/:code', file: 'routes/order-link.tsx' },
  // Sign-in, registration and password recovery (issue 7, H3); /account/recover is public, outside the account layout.
  { id: 'login', path: 'login', file: 'routes/login.tsx' },
  { id: 'logout', path: 'logout', file: 'routes/logout.tsx' },
  { id: 'register', path: 'register', file: 'routes/register.tsx' },
  { id: 'registration-confirm', path: 'registration/confirm', file: 'routes/registration-confirm.tsx' },
  { id: 'account-recover', path: 'account/recover', file: 'routes/account-recover.tsx' },
  { id: 'reset-password', path: 'reset-password', file: 'routes/reset-password.tsx' },
  // Cart (checkout layout: focused, never cached).
  { id: 'checkout-cart', path: 'checkout/cart', file: 'routes/checkout-cart.tsx', layout: 'checkout' },
  // One-page checkout and the order success pages (issue 8, H4); /paid and /unpaid are the payment page's return URLs.
  { id: 'checkout', path: 'checkout', file: 'routes/checkout.tsx', layout: 'checkout' },
  { id: 'checkout-success', path: 'checkout/success/:id', file: 'routes/checkout-success.tsx', layout: 'checkout' },
  { id: 'checkout-success-paid', path: 'checkout/success/:id/paid', file: 'routes/checkout-success.tsx', layout: 'checkout' },
  { id: 'checkout-success-unpaid', path: 'checkout/success/:id/unpaid', file: 'routes/checkout-success.tsx', layout: 'checkout' },
  // Wishlist (issue 9): the page and its POST actions (add, remove, toggle); the PDF catalogue of the list.
  { id: 'wishlist', path: 'wishlist', file: 'routes/wishlist.tsx' },
  { id: 'wishlist-catalogue', path: 'wishlist/catalogue.pdf', file: 'routes/wishlist-catalogue.ts' },
  // Talking to the shop: contact form, price requests, newsletter (double opt-in link path as Shopware's core.newsletter.subscribeUrl).
  { id: 'contact', path: 'contact', file: 'routes/contact.tsx' },
  { id: 'price-request', path: 'price-request/:productId', file: 'routes/price-request.tsx' },
  { id: 'product-review', path: 'review/:productId', file: 'routes/product-review.tsx' },
  { id: 'newsletter', path: 'newsletter', file: 'routes/newsletter.tsx' },
  { id: 'newsletter-confirm', path: 'newsletter-subscribe', file: 'routes/newsletter-confirm.tsx' },
  { id: 'newsletter-unsubscribe', path: 'newsletter/unsubscribe', file: 'routes/newsletter-unsubscribe.tsx' },
  // The embedded demo store's outbox (404 with any other store).
  { id: 'demo-mailbox', path: 'demo/mailbox', file: 'routes/demo-mailbox.tsx' },
  { id: 'demo-mailbox-mail', path: 'demo/mailbox/:id', file: 'routes/demo-mailbox-mail.tsx' },
  // Paths of Shopware's own storefront (its default recovery mail link, old bookmarks): redirects to this shop's pages.
  ...Object.keys(shopwarePaths).map((path) => ({
    id: `shopware-${path.replaceAll('/', '-')}`,
    path,
    file: 'routes/shopware-paths.ts',
  })),
  // Catch-all: content pages resolved through the store's SEO URLs, else 404.
  { id: 'content', path: '*', file: 'routes/content.tsx' },
]

export const layoutFiles: Record<Exclude<Layout, 'default'>, string> = {
  account: 'routes/account-layout.tsx',
  checkout: 'routes/checkout-layout.tsx',
}
