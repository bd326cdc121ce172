/**
 * Paths of Shopware's own storefront that reach this shop from outside, each with this shop's page
 * for it: the password recovery link Shopware mails with its default configuration
 * (`core.loginRegistration.pwdRecoverUrl` = `/account/recover/password?hash=…`, appended to the
 * storefront URL the shop sends), and bookmarks of a shop that ran Shopware's storefront before.
 * The registration and newsletter confirmation links already have Shopware's default paths.
 * `keep`: the query parameters the page needs.
 */
export const shopwarePaths: Record<string, { path: string; keep?: readonly string[] }> = {
  'account/recover/password': { path: '/reset-password', keep: ['hash'] },
  'account/login': { path: '/login' },
  'account/register': { path: '/register' },
  'checkout/confirm': { path: '/checkout' },
}
