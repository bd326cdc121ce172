/**
 * Migration 6 (wishlists, newsletter recipients, price requests). Part of the ordered list in db.ts:
 * never edit it once released, append a new migration instead.
 *
 * - customer_wishlist / customer_wishlist_product: Shopware's tables (Migration1604056363CustomerWishlist,
 *   Migration1604056421CustomerWishlistProducts): one wishlist per customer and sales channel, a product
 *   at most once per wishlist. The rowid of a wishlist product gives "newest added first".
 * - newsletter_recipient: Shopware's newsletter_recipient (email unique per sales channel, `status`
 *   notSet/optIn/optOut/direct, the double opt-in `hash`, `confirmed_at`).
 * - price_request: the demo extension's requests (Shopware has no such entity; a plugin would keep them).
 *   Contact form messages are not stored: Shopware only mails them.
 */
export const ENGAGEMENT_MIGRATION = `
CREATE TABLE customer_wishlist (
  id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customer(id) ON DELETE CASCADE, sales_channel_id TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT, UNIQUE (sales_channel_id, customer_id)
);
CREATE TABLE customer_wishlist_product (
  id TEXT PRIMARY KEY, wishlist_id TEXT NOT NULL REFERENCES customer_wishlist(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES product(id) ON DELETE CASCADE, created_at TEXT NOT NULL, UNIQUE (wishlist_id, product_id)
);
CREATE TABLE newsletter_recipient (
  id TEXT PRIMARY KEY, email TEXT NOT NULL, sales_channel_id TEXT NOT NULL, language_id TEXT NOT NULL, status TEXT NOT NULL,
  hash TEXT NOT NULL, salutation_id TEXT, title TEXT, first_name TEXT, last_name TEXT, zip_code TEXT, city TEXT, street TEXT,
  storefront_url TEXT, confirmed_at TEXT, created_at TEXT NOT NULL, updated_at TEXT, UNIQUE (sales_channel_id, email)
);
CREATE INDEX newsletter_recipient_hash ON newsletter_recipient(hash);
CREATE TABLE price_request (
  id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), customer_id TEXT, language_id TEXT NOT NULL,
  desired_price REAL NOT NULL, quantity INTEGER NOT NULL, comment TEXT NOT NULL, email TEXT NOT NULL, first_name TEXT NOT NULL,
  last_name TEXT NOT NULL, company TEXT, phone TEXT, created_at TEXT NOT NULL
);
`
