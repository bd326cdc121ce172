/**
 * Migration 5 (orders, transactions, deliveries). Part of the ordered list in db.ts: never edit it
 * once released, append a new migration instead.
 *
 * Prices are kept as the JSON the Store API sends (CartPrice, CalculatedPrice), as Shopware's order
 * tables keep them in JSON columns; amounts used for sorting and filtering are columns of their own.
 * `order` is an SQL keyword, hence `sales_order`.
 */
export const ORDER_MIGRATION = `
CREATE TABLE number_range (name TEXT PRIMARY KEY, last_value INTEGER NOT NULL);
INSERT INTO number_range (name, last_value) VALUES ('order', 9999);
CREATE TABLE sales_order (
  id TEXT PRIMARY KEY, order_number TEXT NOT NULL UNIQUE, customer_id TEXT NOT NULL REFERENCES customer(id),
  language_id TEXT NOT NULL, currency_id TEXT NOT NULL, order_date_time TEXT NOT NULL, state TEXT NOT NULL,
  amount_total REAL NOT NULL, amount_net REAL NOT NULL, position_price REAL NOT NULL, shipping_total REAL NOT NULL,
  tax_status TEXT NOT NULL, price TEXT NOT NULL, shipping_costs TEXT NOT NULL, billing_address_id TEXT NOT NULL,
  order_customer TEXT NOT NULL, customer_comment TEXT, affiliate_code TEXT, campaign_code TEXT,
  custom_fields TEXT NOT NULL, deep_link_code TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT
);
CREATE INDEX sales_order_customer ON sales_order(customer_id, order_date_time);
CREATE TABLE order_address (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES sales_order(id), country_id TEXT NOT NULL REFERENCES country(id),
  country_state_id TEXT REFERENCES country_state(id), salutation_id TEXT REFERENCES salutation(id),
  first_name TEXT NOT NULL, last_name TEXT NOT NULL, company TEXT, department TEXT, title TEXT, street TEXT NOT NULL,
  zipcode TEXT, city TEXT NOT NULL, phone_number TEXT, additional_address_line1 TEXT, additional_address_line2 TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX order_address_order ON order_address(order_id);
CREATE TABLE order_line_item (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES sales_order(id), identifier TEXT NOT NULL, referenced_id TEXT,
  product_id TEXT, promotion_id TEXT, type TEXT NOT NULL, label TEXT NOT NULL, quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL, total_price REAL NOT NULL, position INTEGER NOT NULL, good INTEGER NOT NULL,
  payload TEXT NOT NULL, price TEXT NOT NULL, price_definition TEXT, states TEXT NOT NULL, cover_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX order_line_item_order ON order_line_item(order_id);
CREATE TABLE order_delivery (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES sales_order(id),
  shipping_order_address_id TEXT NOT NULL REFERENCES order_address(id), shipping_method_id TEXT NOT NULL,
  state TEXT NOT NULL, shipping_date_earliest TEXT NOT NULL, shipping_date_latest TEXT NOT NULL,
  shipping_costs TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX order_delivery_order ON order_delivery(order_id);
CREATE TABLE order_transaction (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES sales_order(id), payment_method_id TEXT NOT NULL,
  state TEXT NOT NULL, amount TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT
);
CREATE INDEX order_transaction_order ON order_transaction(order_id, created_at);
CREATE TABLE payment_token (
  token TEXT PRIMARY KEY, transaction_id TEXT NOT NULL REFERENCES order_transaction(id),
  finish_url TEXT, error_url TEXT, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, used_at TEXT
);
`
