/**
 * Migration 4 (cart, promotions, shipping and payment availability). Part of the ordered list in
 * db.ts: never edit it once released, append a new migration instead.
 *
 * - promotion / promotion_discount: Shopware's promotion with one discount each; `code` NULL = automatic.
 *   `min_position_net` stands for the promotion's cart rule (net product positions at least …),
 *   `exclusion_ids` for promotion.exclusionIds (JSON array, stored on both sides as Shopware's admin does).
 * - shipping_method.available_country_isos / payment_method.max_cart_net: the availability rules
 *   (Shopware's availabilityRuleId) reduced to what the seed needs; NULL = always available.
 * - country.billing_allowed: countries the shop does not invoice to (billing-address-blocked).
 * - product.is_download: the product's state `is-download` (no delivery, no shipping costs).
 */
export const CART_MIGRATION = `
CREATE TABLE promotion (
  id TEXT PRIMARY KEY, code TEXT UNIQUE, active INTEGER NOT NULL, priority INTEGER NOT NULL,
  min_position_net REAL, exclusion_ids TEXT NOT NULL DEFAULT '[]', translations TEXT NOT NULL
);
CREATE TABLE promotion_discount (
  id TEXT PRIMARY KEY, promotion_id TEXT NOT NULL REFERENCES promotion(id), scope TEXT NOT NULL, type TEXT NOT NULL,
  value REAL NOT NULL, max_value REAL
);
CREATE INDEX promotion_discount_promotion ON promotion_discount(promotion_id);
ALTER TABLE shipping_method ADD COLUMN available_country_isos TEXT;
ALTER TABLE payment_method ADD COLUMN max_cart_net REAL;
ALTER TABLE country ADD COLUMN billing_allowed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE product ADD COLUMN is_download INTEGER NOT NULL DEFAULT 0;
`
