import type { LoadContext } from '~/load-context'
import type { Locale } from '~/lib/locale'
import { getStore, getStoreWithoutSession, type Store } from './client.server'
import { readOrderDetail, type OrderDetailView } from './customer.server'
import { errorCodes, throttledSeconds } from './errors.server'
import { storeSessionState } from './session-context.server'

type OrderLinkContext = Pick<LoadContext, 'store' | 'storeCache' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

/**
 * The code of an order's mail link (`/account/order/{deepLinkCode}` in Shopware's order mails):
 * Shopware makes it of 32 base64url characters (Random::getBase64UrlString). Anything else is no
 * link of the shop's and is not worth a store call (nor an attempt of the store's rate limit).
 */
export const DEEP_LINK_CODE = /^[A-Za-z0-9_-]{16,64}$/

/** What opening the link leads to, before anything is typed. */
export type OrderLinkOpening =
  /** The logged-in customer's own order: its page in the account. */
  | { type: 'own'; orderId: string }
  /** The order of the guest whose session this is (the checkout's, or one the link logged in): shown at once. */
  | { type: 'guest-own'; order: OrderDetailView }
  /** An order of a customer account, and no one logged in: log in to see it. */
  | { type: 'login' }
  /** An order of another customer account than the logged-in one. */
  | { type: 'not-yours' }
  /** A guest's order, or no order: the e-mail address and postcode decide (the store does not say which). */
  | { type: 'credentials' }
  | { type: 'throttled'; seconds: number }

/** What the e-mail address and billing postcode typed for a link lead to. */
export type OrderLinkCheck =
  /** `cookies`: the session of the order's guest, when the store logged the guest in (so the order can be paid). */
  | { type: 'order'; order: OrderDetailView; cookies: string[] }
  | { type: 'wrong-credentials' }
  /** No order for the code, or none changed in the last 30 days (Shopware's OrderRoute drops older ones). */
  | { type: 'unknown' }
  | { type: 'login' }
  | { type: 'throttled'; seconds: number }

// A form posted without JavaScript renders the page's loader after the action, in the same HTTP request
// (one load context). The action's read has decided; another one would count against the rate limit.
const checkedInRequest = new WeakSet<OrderLinkContext>()

const deepLinkFilter = (code: string) => [{ type: 'equals', field: 'deepLinkCode', value: code }]

/**
 * The store's refusals of a read by deep link (OrderRoute::load without a customer): the order of a
 * customer account, a guest who has not (or wrongly) given e-mail and postcode, the `guest_login`
 * rate limit per code. Anything else is the page's error.
 */
function refusal(err: unknown): 'login' | 'not-authenticated' | 'wrong-credentials' | { seconds: number } {
  const wait = throttledSeconds(err)
  if (wait !== undefined) return { seconds: wait }
  const codes = errorCodes(err)
  if (codes.includes('CHECKOUT__GUEST_WRONG_CREDENTIALS')) return 'wrong-credentials'
  if (codes.includes('CHECKOUT__GUEST_NOT_AUTHENTICATED')) return 'not-authenticated'
  if (codes.includes('CHECKOUT__CUSTOMER_NOT_LOGGED_IN')) return 'login'
  throw err
}

/**
 * Opening an order's mail link. A logged-in customer's own order is found in the session; anyone
 * else is asked for by a read without the session, whose refusal says whether the order belongs to
 * an account (log in) or a guest (e-mail and postcode).
 */
export async function openOrderLink(context: OrderLinkContext, request: Request, locale: Locale, code: string): Promise<OrderLinkOpening> {
  if (checkedInRequest.has(context)) return { type: 'credentials' }
  const store = getStore(context, request, locale)
  const state = await storeSessionState(store)
  const loggedIn = state === 'logged-in'
  if (loggedIn || state === 'guest') {
    // As Shopware's storefront: the session's customer sees its order without being asked (no rate limit either).
    const own = await readOrderDetail(store, deepLinkFilter(code))
    if (own && loggedIn) return { type: 'own', orderId: own.order.id }
    if (own) return { type: 'guest-own', order: own.view }
  }
  try {
    await getStoreWithoutSession(context, request, locale).invoke('readOrder post /order', {
      body: { filter: deepLinkFilter(code), limit: 1, includes: { order: ['id'] } } as never,
    })
    // Shopware refuses a guest's order without e-mail and postcode; a store that answers still gets asked for them.
    return { type: 'credentials' }
  } catch (err) {
    const refused = refusal(err)
    if (refused === 'login') return loggedIn ? { type: 'not-yours' } : { type: 'login' }
    if (typeof refused === 'object') return { type: 'throttled', seconds: refused.seconds }
    return { type: 'credentials' }
  }
}

/**
 * The order behind a mail link, for the guest who gives its e-mail address and billing postcode.
 * Shopware's storefront then logs the guest in (AccountOrderPageLoader, loginById), so the order can
 * be paid; the Store API does so on `login` (6.7), in the session it is asked in, whose cart comes
 * along. A session with a customer of its own keeps it and reads the order without it. A store that
 * ignores `login` answers the order alone.
 */
export async function checkOrderLink(
  context: OrderLinkContext,
  request: Request,
  locale: Locale,
  code: string,
  credentials: { email: string; zipcode: string },
): Promise<OrderLinkCheck> {
  checkedInRequest.add(context)
  const store = getStore(context, request, locale)
  const anonymous = (await storeSessionState(store)) === 'anonymous'
  const reader = anonymous ? store : getStoreWithoutSession(context, request, locale)
  try {
    const found = await readOrderDetail(reader, deepLinkFilter(code), { login: anonymous, ...credentials })
    if (!found) return { type: 'unknown' }
    const loggedIn = anonymous && (await isOrderGuest(store, (found.order.orderCustomer as { customerId?: string } | undefined)?.customerId))
    return { type: 'order', order: found.view, cookies: loggedIn ? store.commit() : [] }
  } catch (err) {
    const refused = refusal(err)
    if (refused === 'not-authenticated') return { type: 'unknown' }
    if (refused === 'wrong-credentials' || refused === 'login') return { type: refused }
    return { type: 'throttled', seconds: refused.seconds }
  }
}

/** Whether the session is now the order's guest's (a store before Shopware 6.7 leaves it as it was). */
async function isOrderGuest(store: Store, customerId: string | undefined): Promise<boolean> {
  try {
    const { data } = await store.invoke('readCustomer post /account/customer', { body: {} })
    return data.guest === true && data.id === customerId
  } catch {
    return false
  }
}
