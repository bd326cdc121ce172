import type { Request, Response, Router } from 'express'
import { accountErrors, bodyOf, loggedInCustomer } from '../accounts'
import { catalogueData, productSearch } from '../catalogue'
import { SALES_CHANNEL_ID } from '../constants'
import type { ContextState } from '../context'
import { applyIncludes, parseCriteria, type JsonObject } from '../criteria'
import type { Db } from '../db'
import type { Serializer } from '../entities'
import { StoreApiError, errors } from '../errors'
import { HEX_ID, randomHex } from '../ids'

type Row = Record<string, string | number | null>

interface WishlistDeps {
  db: Db
  wrap(handler: (req: Request, res: Response) => void): (req: Request, res: Response, next: (err?: unknown) => void) => void
  state(res: Response): { token: string; context: ContextState; serializer: Serializer }
}

const SUCCESS = { success: true, apiAlias: 'array_struct' }

/** CustomerException codes of the wishlist routes (Checkout/Customer/CustomerException.php, Exception/*). */
export const wishlistErrors = {
  notFound: () => new StoreApiError(404, 'CHECKOUT__WISHLIST_NOT_FOUND', 'Wishlist for this customer was not found.'),
  duplicateProduct: () => new StoreApiError(400, 'CHECKOUT__DUPLICATE_WISHLIST_PRODUCT', 'Product already added in wishlist'),
  productNotFound: (productId: string) =>
    new StoreApiError(404, 'CHECKOUT__WISHLIST_PRODUCT_NOT_FOUND', `Could not find wishlist product with id "${productId}"`, {
      parameters: { entity: 'wishlist product', field: 'id', value: productId },
    }),
  productIdsMissing: () => new StoreApiError(400, 'CHECKOUT__PRODUCT_IDS_PARAMETER_IS_MISSING', 'Parameter "productIds" is missing.'),
}

function now(): string {
  return new Date().toISOString()
}

/**
 * The wishlist routes of Shopware's Store API (LoadWishlistRoute, AddWishlistProductRoute,
 * RemoveWishlistProductRoute, MergeWishlistProductRoute): `_loginRequired` without guests, one
 * wishlist per customer and sales channel, created by the first add or merge and kept when emptied.
 */
export function registerWishlistRoutes(router: Router, { db, wrap, state }: WishlistDeps): void {
  /** `_loginRequired` (no `_loginRequiredAllowGuest`): a guest session is refused like an anonymous one. */
  const requireCustomer = (res: Response): Row => {
    const customer = loggedInCustomer(db, state(res).context)
    if (!customer) throw errors.customerNotLoggedIn()
    return customer
  }

  const wishlistOf = (customerId: string): Row | undefined =>
    db.prepare('SELECT * FROM customer_wishlist WHERE customer_id = ? AND sales_channel_id = ?').get(customerId, SALES_CHANNEL_ID) as Row | undefined

  const ensureWishlist = (customerId: string): string => {
    const existing = wishlistOf(customerId)
    if (existing) return String(existing.id)
    const id = randomHex()
    db.prepare('INSERT INTO customer_wishlist (id, customer_id, sales_channel_id, created_at) VALUES (?, ?, ?, ?)').run(id, customerId, SALES_CHANNEL_ID, now())
    return id
  }

  /** A product id of the URL: Shopware's DAL refuses non-hex ids with InvalidUuidException before it searches. */
  const productIdOf = (req: Request): string => {
    const id = req.params.productId
    if (!HEX_ID.test(id)) throw accountErrors.invalidUuid(id)
    return id
  }

  const load = wrap((req, res) => {
    const { serializer } = state(res)
    const customer = requireCustomer(res)
    const wishlist = wishlistOf(String(customer.id))
    if (!wishlist) throw wishlistErrors.notFound()
    const source = req.method === 'GET' ? (req.query as Record<string, unknown>) : bodyOf(req.body)
    // Newest added first (Shopware sorts by wishlists.updatedAt, createdAt descending).
    const ids = (db.prepare('SELECT product_id FROM customer_wishlist_product WHERE wishlist_id = ? ORDER BY rowid DESC').all(wishlist.id) as Row[])
      .map((r) => String(r.product_id))
    const { includes } = parseCriteria(source)
    const products = productSearch(serializer, source, ids)
    const body: JsonObject = {
      wishlist: {
        id: wishlist.id, customerId: wishlist.customer_id, customFields: null, createdAt: wishlist.created_at,
        updatedAt: wishlist.updated_at, apiAlias: 'customer_wishlist',
      } as JsonObject,
      products,
      apiAlias: 'wishlist_products',
    }
    res.json(applyIncludes(body, includes))
  })
  router.post('/customer/wishlist', load)
  router.get('/customer/wishlist', load)

  router.post('/customer/wishlist/add/:productId', wrap((req, res) => {
    const customer = requireCustomer(res)
    const productId = productIdOf(req)
    // The sales channel's product repository: active products, variants included.
    if (!catalogueData(state(res).serializer).records.has(productId)) throw errors.productNotFound(productId)
    const wishlistId = ensureWishlist(String(customer.id))
    const added = db.prepare('INSERT OR IGNORE INTO customer_wishlist_product (id, wishlist_id, product_id, created_at) VALUES (?, ?, ?, ?)')
      .run(randomHex(), wishlistId, productId, now())
    // The unique key (wishlist, product) fails the upsert; CustomerWishlistProductExceptionHandler maps it.
    if (added.changes === 0) throw wishlistErrors.duplicateProduct()
    res.json(SUCCESS)
  }))

  router.delete('/customer/wishlist/delete/:productId', wrap((req, res) => {
    const customer = requireCustomer(res)
    const productId = productIdOf(req)
    const wishlist = wishlistOf(String(customer.id))
    if (!wishlist) throw wishlistErrors.notFound()
    const removed = db.prepare('DELETE FROM customer_wishlist_product WHERE wishlist_id = ? AND product_id = ?').run(wishlist.id, productId)
    if (removed.changes === 0) throw wishlistErrors.productNotFound(productId)
    res.json(SUCCESS)
  }))

  router.post('/customer/wishlist/merge', wrap((req, res) => {
    const customer = requireCustomer(res)
    const raw = bodyOf(req.body).productIds
    // RequestDataBag turns a JSON list into a DataBag; anything else is "missing".
    if (typeof raw !== 'object' || raw === null) throw wishlistErrors.productIdsMissing()
    const values = Object.values(raw as Record<string, unknown>).filter((id) => id !== '' && id !== null && id !== undefined && id !== false && id !== 0)
    for (const id of values) if (typeof id !== 'string' || !HEX_ID.test(id)) throw accountErrors.invalidUuid(String(id))
    const known = catalogueData(state(res).serializer).records
    // Unknown products are dropped by the repository search, duplicates by array_unique; products already on
    // the list stay where they are. The given order is kept: the first id ends up as the oldest entry.
    const ids = [...new Set(values as string[])].filter((id) => known.has(id))
    db.transaction(() => {
      const wishlistId = ensureWishlist(String(customer.id))
      const insert = db.prepare('INSERT OR IGNORE INTO customer_wishlist_product (id, wishlist_id, product_id, created_at) VALUES (?, ?, ?, ?)')
      for (const id of ids) insert.run(randomHex(), wishlistId, id, now())
      db.prepare('UPDATE customer_wishlist SET updated_at = ? WHERE id = ?').run(now(), wishlistId)
    })()
    res.json(SUCCESS)
  }))
}
