import { ApiClientError } from '@shopware/api-client'
import type { Schemas } from '@shopware/api-client/api-types'
import type { ListingProduct } from '~/components/listing/types'
import type { LoadContext } from '~/load-context'
import { getT } from '~/i18n.server'
import { parseListingQuery } from '~/lib/listing-url'
import { localizePath, type Locale } from '~/lib/locale'
import type { Breadcrumb, SeoData } from '~/lib/shell-types'
import {
  addToWishlistIds,
  clearWishlistCookie,
  isProductId,
  readWishlistCookie,
  removeFromWishlistIds,
  serializeWishlistCookie,
} from '~/session/wishlist.server'
import { getStore, type Store } from './client.server'
import { sessionContext, sessionState } from './session-context.server'
import { appPageSeo } from './page.server'
import { errorCodes } from './errors.server'
import { listingIncludes, toListingView } from './listing.server'

type Product = Schemas['Product']
export type WishlistContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

/** Spec section 9. */
export const WISHLIST_PAGE_SIZE = 15
/**
 * How many ids one read of the customer's list returns for the hearts and the header count. A
 * customer's list has no limit in Shopware; beyond this the page still lists everything, only the
 * hearts of the oldest entries stay empty.
 */
export const WISHLIST_IDS_LIMIT = 100

const seoHeaders = { 'sw-include-seo-urls': true } as const

/** The store refused because the session is no registered, logged-in customer (anonymous, guest): the cookie list applies. */
function notCustomer(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 403 || err.status === 401)
}

/** Shopware's answer for a customer who never added anything (or whose list is gone): an empty list. */
function noWishlist(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 404 || errorCodes(err).includes('CHECKOUT__WISHLIST_NOT_FOUND'))
}

type WishlistResponse = { products?: { elements?: Product[]; total?: number; page?: number; limit?: number } }

async function readCustomerWishlist(store: Store, body: Record<string, unknown>): Promise<WishlistResponse> {
  const { data } = await store.invoke('readCustomerWishlist post /customer/wishlist', {
    headers: seoHeaders as never,
    body: body as Schemas['Criteria'],
  })
  return data as WishlistResponse
}

/**
 * The ids on a customer's server list, newest first; undefined when the session is no logged-in
 * customer (no session at all, an anonymous or a guest session: their list is the cookie). A list
 * that does not exist yet (404) is empty. Whether the session is a customer's comes from its
 * context, which the root loader reads anyway: a visitor with a cart costs no wishlist call.
 */
export async function customerWishlistIds(store: Store): Promise<string[] | undefined> {
  if (!store.hasSession) return undefined
  // A session logged in on its last page is asked for its list beside the context, not after it.
  const early = store.sessionHint === 'logged-in' ? serverListIds(store) : undefined
  early?.catch(() => undefined)
  // Spec section 4: the server list is for logged-in customers only, not for guests.
  if (sessionState((await sessionContext(store)).customer) !== 'logged-in') return undefined
  return early ?? serverListIds(store)
}

async function serverListIds(store: Store): Promise<string[] | undefined> {
  try {
    const data = await readCustomerWishlist(store, {
      limit: WISHLIST_IDS_LIMIT,
      'total-count-mode': 'none',
      includes: { product: ['id'] },
    })
    return (data.products?.elements ?? []).map((p) => p.id).filter(isProductId)
  } catch (err) {
    if (notCustomer(err)) return undefined
    if (noWishlist(err)) return []
    throw err
  }
}

/** All product ids on the viewer's wishlist: the server list for logged-in customers, else the cookie. Newest first. */
export async function wishlistProductIds(context: WishlistContext, request: Request, locale: Locale): Promise<string[]> {
  const store = getStore(context, request, locale)
  return (await customerWishlistIds(store)) ?? readWishlistCookie(request, context.sessionSecret)
}

/**
 * For the root loader: the customer's server list, or undefined when the cookie applies (the
 * browser reads it itself, so cacheable pages stay the same for everyone). Never fails the page:
 * a store error leaves the hearts empty and is logged (spec section 8).
 */
export async function loadCustomerWishlistIds(context: WishlistContext, request: Request, locale: Locale): Promise<string[] | undefined> {
  try {
    return await customerWishlistIds(getStore(context, request, locale))
  } catch (err) {
    context.logger.warn({ err: (err as Error).message, errorCodes: errorCodes(err) }, 'wishlist unavailable')
    return undefined
  }
}

// ------------------------------------------------------------------------------------------------
// The page

export interface WishlistProduct extends ListingProduct {
  /** The quantity the add-to-cart button puts in the cart (the product's minimum purchase). */
  minPurchase: number
}

export interface WishlistPage {
  products: WishlistProduct[]
  total: number
  page: number
  pages: number
  /** Where the list lives: the account's server list, or the browser's cookie. */
  source: 'account' | 'cookie'
}

const pageIncludes = { ...listingIncludes, product: [...listingIncludes.product, 'minPurchase'] }

function toWishlistProducts(elements: Product[], locale: Locale): WishlistProduct[] {
  const cards = toListingView({ elements }, parseListingQuery(new URLSearchParams()), locale).products
  return cards.map((card) => {
    const min = elements.find((p) => p.id === card.id)?.minPurchase
    return { ...card, minPurchase: typeof min === 'number' && min > 0 ? min : 1 }
  })
}

function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / WISHLIST_PAGE_SIZE))
}

/**
 * One page (15 products, newest first) of the viewer's wishlist with the viewer's prices. Customers:
 * the store's list (404 = empty, silently). Everyone else: the cookie's ids for the page, read with
 * POST /product and put back in the list's order (a product the shop no longer sells is left out).
 */
export async function loadWishlistPage(context: WishlistContext, request: Request, locale: Locale, page: number): Promise<WishlistPage> {
  const store = getStore(context, request, locale)
  if (store.hasSession) {
    try {
      const data = await readCustomerWishlist(store, {
        page,
        limit: WISHLIST_PAGE_SIZE,
        'total-count-mode': 'exact',
        includes: pageIncludes,
      })
      const total = typeof data.products?.total === 'number' ? data.products.total : 0
      return { products: toWishlistProducts(data.products?.elements ?? [], locale), total, page, pages: pageCount(total), source: 'account' }
    } catch (err) {
      if (noWishlist(err)) return { products: [], total: 0, page, pages: 1, source: 'account' }
      if (!notCustomer(err)) {
        context.logger.error({ err: (err as Error).message, errorCodes: errorCodes(err) }, 'wishlist read failed')
        throw err
      }
    }
  }
  const ids = readWishlistCookie(request, context.sessionSecret)
  const pageIds = ids.slice((page - 1) * WISHLIST_PAGE_SIZE, page * WISHLIST_PAGE_SIZE)
  let products: WishlistProduct[] = []
  if (pageIds.length) {
    const { data } = await store.invoke('readProduct post /product', {
      headers: seoHeaders as never,
      body: { ids: pageIds, limit: pageIds.length, includes: pageIncludes } as Schemas['Criteria'],
    })
    const found = toWishlistProducts(data.elements ?? [], locale)
    products = pageIds.map((id) => found.find((p) => p.id === id)).filter((p): p is WishlistProduct => !!p)
  }
  return { products, total: ids.length, page, pages: pageCount(ids.length), source: 'cookie' }
}

/** Title, breadcrumbs and robots rule of /wishlist: personal, so never indexed. */
export function wishlistPageMeta(context: Pick<LoadContext, 'publicUrl'>, locale: Locale): { seo: SeoData; breadcrumbs: Breadcrumb[] } {
  const title = getT(locale, 'wishlist')('page.title')
  const description = getT(locale, 'common')('meta.defaultDescription')
  return {
    seo: appPageSeo(context, locale, '/wishlist', title, { description, robots: 'noindex, nofollow' }),
    breadcrumbs: [{ name: title, href: localizePath(locale, '/wishlist') }],
  }
}

// ------------------------------------------------------------------------------------------------
// Changes

export type WishlistIntent = 'toggle' | 'add' | 'remove'

export type WishlistChange =
  | {
      type: 'added' | 'removed'
      productId: string
      name: string
      /** Set-Cookie headers (the cookie list of a visitor; a renewed context token). */
      headers: string[]
      /** The visitor's cookie list after the change; undefined for customers (the root loader reads theirs). */
      ids?: string[]
    }
  /** The cookie holds WISHLIST_COOKIE_MAX products: the visitor must remove one first. */
  | { type: 'full'; productId: string; name: string; headers: string[] }
  /** No product with this id in the shop (or not visible in this sales channel). */
  | { type: 'not-found'; productId: string; headers: string[] }
  /** The shopper was a logged-in customer when the page was rendered, and the store no longer knows them. */
  | { type: 'session-expired'; productId: string; headers: string[] }

async function productName(store: Store, productId: string): Promise<string | undefined> {
  const { data } = await store.invoke('readProduct post /product', {
    body: { ids: [productId], limit: 1, includes: { product: ['id', 'name', 'translated'] } } as Schemas['Criteria'],
  })
  const product = data.elements?.[0]
  return product ? product.translated?.name || product.name || '' : undefined
}

function duplicate(err: unknown): boolean {
  return errorCodes(err).includes('CHECKOUT__DUPLICATE_WISHLIST_PRODUCT')
}

function notOnList(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 404 || errorCodes(err).includes('CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND'))
}

/**
 * A change on the customer's server list; undefined when the session is no customer (the cookie
 * applies). A toggle first adds; Shopware's duplicate error says the product was on the list, so
 * it is removed: one call for an add, two for a removal, and no read of the whole list.
 */
async function changeAccountList(store: Store, productId: string, intent: WishlistIntent): Promise<'added' | 'removed' | 'not-found' | undefined> {
  const remove = async () => {
    try {
      await store.invoke('deleteProductOnWishlist delete /customer/wishlist/delete/{productId}', { pathParams: { productId } })
    } catch (err) {
      // Already gone (another tab, a double click): the wish is fulfilled.
      if (!notOnList(err) || notCustomer(err)) throw err
    }
    return 'removed' as const
  }
  try {
    if (intent === 'remove') return await remove()
    try {
      await store.invoke('addProductOnWishlist post /customer/wishlist/add/{productId}', { pathParams: { productId } })
      return 'added'
    } catch (err) {
      if (!duplicate(err)) throw err
      return intent === 'toggle' ? await remove() : 'added'
    }
  } catch (err) {
    if (notCustomer(err)) return undefined
    if (err instanceof ApiClientError && err.status === 404) return 'not-found'
    throw err
  }
}

/**
 * Adds, removes or toggles a product on the viewer's wishlist: the server list for a logged-in
 * customer, else the signed cookie. The product's name (for the notification) is read alongside,
 * which also keeps ids of products the shop does not have out of the cookie.
 */
export async function changeWishlist(
  context: WishlistContext,
  request: Request,
  locale: Locale,
  productId: string,
  intent: WishlistIntent,
  options: { asCustomer?: boolean } = {},
): Promise<WishlistChange> {
  const store = getStore(context, request, locale)
  const [name, accountChange] = await Promise.all([
    productName(store, productId),
    store.hasSession ? changeAccountList(store, productId, intent) : Promise.resolve(undefined),
  ])
  // A visitor without a session gets none for this: the store's fresh token would make the next pages private.
  const renewed = store.hasSession ? store.commit() : []
  if (accountChange === 'not-found' || (name === undefined && intent !== 'remove')) {
    return { type: 'not-found', productId, headers: renewed }
  }
  const label = name ?? ''
  if (accountChange) return { type: accountChange, productId, name: label, headers: renewed }
  // Not onto the cookie list behind the shopper's back: they meant their account's list.
  if (options.asCustomer) return { type: 'session-expired', productId, headers: renewed }

  const ids = readWishlistCookie(request, context.sessionSecret)
  const adding = intent === 'add' || (intent === 'toggle' && !ids.includes(productId))
  const change = adding ? addToWishlistIds(ids, productId) : removeFromWishlistIds(ids, productId)
  if (change.type === 'full') return { type: 'full', productId, name: label, headers: renewed }
  return {
    type: change.type,
    productId,
    name: label,
    ids: change.ids,
    headers: [...renewed, serializeWishlistCookie(context, change.ids)],
  }
}

// ------------------------------------------------------------------------------------------------
// Login

/**
 * Spec section 4 and store-api-notes section 7: after a login the cookie's products join the
 * account's list (POST /customer/wishlist/merge; Shopware skips unknown ids and products already on
 * it), then the cookie is cleared. Returns the call to run alongside the other post-login reads and
 * the header to send once it succeeded; a failed merge keeps the cookie (nothing is lost) and is logged.
 */
export function mergeWishlistCookie(
  context: WishlistContext,
  request: Request,
  store: Store,
): { merge: Promise<void>; headers: () => string[] } {
  const ids = readWishlistCookie(request, context.sessionSecret)
  if (!ids.length) return { merge: Promise.resolve(), headers: () => [] }
  let merged = false
  const merge = store
    .invoke('mergeProductOnWishlist post /customer/wishlist/merge', { body: { productIds: [...ids].reverse() } })
    .then(() => {
      merged = true
    })
    .catch((err: unknown) => {
      context.logger.warn({ err: (err as Error).message, errorCodes: errorCodes(err) }, 'wishlist merge failed')
    })
  return { merge, headers: () => (merged ? [clearWishlistCookie(context)] : []) }
}
