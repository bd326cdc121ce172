import Database, { type Statement } from 'better-sqlite3'
import { CART_MIGRATION } from './schema-cart'
import { ENGAGEMENT_MIGRATION } from './schema-engagement'
import { ORDER_MIGRATION } from './schema-orders'

export type Db = Database.Database

const statements = new WeakMap<Db, Map<string, Statement<unknown[]>>>()

/**
 * Prepared statements are reused per database: a product card runs a dozen small queries, and every
 * call with a session token reads its context and customer.
 */
export function statement(db: Db, sql: string): Statement<unknown[]> {
  let cache = statements.get(db)
  if (!cache) {
    cache = new Map()
    statements.set(db, cache)
  }
  let stmt = cache.get(sql)
  if (!stmt) {
    stmt = db.prepare<unknown[]>(sql)
    cache.set(sql, stmt)
  }
  return stmt
}

/**
 * Ordered schema migrations. The index + 1 is the schema version stored in PRAGMA user_version,
 * so a migration must never be edited once released: append a new one instead.
 * Translatable fields live in a `translations` JSON column keyed by language id; the store
 * resolves them with a language chain (requested language, then German), as Shopware does.
 */
export const migrations: readonly string[] = [
  `
  CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE language (id TEXT PRIMARY KEY, code TEXT NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE currency (id TEXT PRIMARY KEY, iso_code TEXT NOT NULL, symbol TEXT NOT NULL, factor REAL NOT NULL, decimals INTEGER NOT NULL, position INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE country (id TEXT PRIMARY KEY, iso TEXT NOT NULL, iso3 TEXT NOT NULL, position INTEGER NOT NULL, is_eu INTEGER NOT NULL, shipping_available INTEGER NOT NULL, postal_code_pattern TEXT, translations TEXT NOT NULL);
  CREATE TABLE country_state (id TEXT PRIMARY KEY, country_id TEXT NOT NULL REFERENCES country(id), short_code TEXT NOT NULL, position INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE INDEX country_state_country ON country_state(country_id);
  CREATE TABLE salutation (id TEXT PRIMARY KEY, salutation_key TEXT NOT NULL UNIQUE, position INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE tax (id TEXT PRIMARY KEY, rate REAL NOT NULL, name TEXT NOT NULL, position INTEGER NOT NULL);
  CREATE TABLE customer_group (id TEXT PRIMARY KEY, display_gross INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE delivery_time (id TEXT PRIMARY KEY, min INTEGER NOT NULL, max INTEGER NOT NULL, unit TEXT NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE shipping_method (id TEXT PRIMARY KEY, technical_name TEXT NOT NULL, position INTEGER NOT NULL, delivery_time_id TEXT NOT NULL REFERENCES delivery_time(id), tax_type TEXT NOT NULL, prices TEXT NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE payment_method (id TEXT PRIMARY KEY, technical_name TEXT NOT NULL, position INTEGER NOT NULL, is_async INTEGER NOT NULL, after_order_enabled INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE media (id TEXT PRIMARY KEY, path TEXT NOT NULL UNIQUE, file_name TEXT NOT NULL, file_extension TEXT NOT NULL, mime_type TEXT NOT NULL, file_size INTEGER NOT NULL, width INTEGER, height INTEGER, translations TEXT NOT NULL);
  CREATE TABLE cms_page (id TEXT PRIMARY KEY, type TEXT NOT NULL, css_class TEXT, translations TEXT NOT NULL);
  CREATE TABLE cms_section (id TEXT PRIMARY KEY, page_id TEXT NOT NULL REFERENCES cms_page(id), position INTEGER NOT NULL, type TEXT NOT NULL, sizing_mode TEXT NOT NULL, mobile_behavior TEXT NOT NULL, css_class TEXT, background_color TEXT, background_media_id TEXT REFERENCES media(id), background_media_mode TEXT, visibility TEXT NOT NULL, name TEXT);
  CREATE INDEX cms_section_page ON cms_section(page_id);
  CREATE TABLE cms_block (id TEXT PRIMARY KEY, section_id TEXT NOT NULL REFERENCES cms_section(id), position INTEGER NOT NULL, type TEXT NOT NULL, section_position TEXT NOT NULL, margin_top TEXT, margin_bottom TEXT, margin_left TEXT, margin_right TEXT, css_class TEXT, background_color TEXT, background_media_id TEXT REFERENCES media(id), background_media_mode TEXT, visibility TEXT NOT NULL, name TEXT);
  CREATE INDEX cms_block_section ON cms_block(section_id);
  CREATE TABLE cms_slot (id TEXT PRIMARY KEY, block_id TEXT NOT NULL REFERENCES cms_block(id), type TEXT NOT NULL, slot TEXT NOT NULL, translations TEXT NOT NULL);
  CREATE INDEX cms_slot_block ON cms_slot(block_id);
  CREATE TABLE category (id TEXT PRIMARY KEY, parent_id TEXT REFERENCES category(id), position INTEGER NOT NULL, type TEXT NOT NULL, link_type TEXT, internal_link TEXT, link_new_tab INTEGER NOT NULL, cms_page_id TEXT REFERENCES cms_page(id), media_id TEXT REFERENCES media(id), visible INTEGER NOT NULL, active INTEGER NOT NULL, display_nested_products INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE INDEX category_parent ON category(parent_id);
  CREATE TABLE landing_page (id TEXT PRIMARY KEY, cms_page_id TEXT NOT NULL REFERENCES cms_page(id), active INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE seo_url (id TEXT PRIMARY KEY, language_id TEXT NOT NULL REFERENCES language(id), foreign_key TEXT NOT NULL, route_name TEXT NOT NULL, path_info TEXT NOT NULL, seo_path_info TEXT NOT NULL, is_canonical INTEGER NOT NULL);
  CREATE UNIQUE INDEX seo_url_path ON seo_url(language_id, seo_path_info);
  CREATE INDEX seo_url_foreign ON seo_url(foreign_key);
  CREATE TABLE manufacturer (id TEXT PRIMARY KEY, media_id TEXT REFERENCES media(id), link TEXT, translations TEXT NOT NULL);
  CREATE TABLE property_group (id TEXT PRIMARY KEY, display_type TEXT NOT NULL, sorting_type TEXT NOT NULL, filterable INTEGER NOT NULL, position INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE property_group_option (id TEXT PRIMARY KEY, group_id TEXT NOT NULL REFERENCES property_group(id), position INTEGER NOT NULL, color_hex_code TEXT, translations TEXT NOT NULL);
  CREATE INDEX property_option_group ON property_group_option(group_id);
  CREATE TABLE tag (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
  CREATE TABLE product (
    id TEXT PRIMARY KEY, parent_id TEXT REFERENCES product(id), product_number TEXT NOT NULL UNIQUE,
    manufacturer_id TEXT REFERENCES manufacturer(id), manufacturer_number TEXT, tax_id TEXT NOT NULL REFERENCES tax(id),
    cover_media_id TEXT REFERENCES media(id), delivery_time_id TEXT REFERENCES delivery_time(id),
    price_net REAL NOT NULL, list_price_net REAL, stock INTEGER NOT NULL, restock_time INTEGER, is_closeout INTEGER NOT NULL,
    min_purchase INTEGER NOT NULL, purchase_steps INTEGER NOT NULL, max_purchase INTEGER,
    shipping_free INTEGER NOT NULL, mark_as_topseller INTEGER NOT NULL, weight REAL, width REAL, height REAL, length REAL,
    ean TEXT, release_date TEXT NOT NULL, rating_average REAL, sales INTEGER NOT NULL, active INTEGER NOT NULL,
    family TEXT NOT NULL, custom_fields TEXT NOT NULL, translations TEXT NOT NULL
  );
  CREATE INDEX product_parent ON product(parent_id);
  CREATE TABLE product_price (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), customer_group_id TEXT REFERENCES customer_group(id), quantity_start INTEGER NOT NULL, quantity_end INTEGER, price_net REAL NOT NULL, list_price_net REAL);
  CREATE INDEX product_price_product ON product_price(product_id);
  CREATE TABLE product_media (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), media_id TEXT NOT NULL REFERENCES media(id), position INTEGER NOT NULL);
  CREATE INDEX product_media_product ON product_media(product_id);
  CREATE TABLE product_category (product_id TEXT NOT NULL REFERENCES product(id), category_id TEXT NOT NULL REFERENCES category(id), PRIMARY KEY (product_id, category_id));
  CREATE INDEX product_category_category ON product_category(category_id);
  CREATE TABLE product_property (product_id TEXT NOT NULL REFERENCES product(id), option_id TEXT NOT NULL REFERENCES property_group_option(id), PRIMARY KEY (product_id, option_id));
  CREATE TABLE product_option (product_id TEXT NOT NULL REFERENCES product(id), option_id TEXT NOT NULL REFERENCES property_group_option(id), PRIMARY KEY (product_id, option_id));
  CREATE TABLE product_configurator_setting (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), option_id TEXT NOT NULL REFERENCES property_group_option(id), position INTEGER NOT NULL);
  CREATE TABLE product_tag (product_id TEXT NOT NULL REFERENCES product(id), tag_id TEXT NOT NULL REFERENCES tag(id), PRIMARY KEY (product_id, tag_id));
  CREATE TABLE product_download (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), media_id TEXT NOT NULL REFERENCES media(id), position INTEGER NOT NULL);
  CREATE TABLE product_review (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), language_id TEXT NOT NULL REFERENCES language(id), customer_id TEXT, external_user TEXT, title TEXT NOT NULL, content TEXT NOT NULL, points REAL NOT NULL, status INTEGER NOT NULL, created_at TEXT NOT NULL);
  CREATE INDEX product_review_product ON product_review(product_id);
  CREATE TABLE product_cross_selling (id TEXT PRIMARY KEY, product_id TEXT NOT NULL REFERENCES product(id), position INTEGER NOT NULL, type TEXT NOT NULL, active INTEGER NOT NULL, translations TEXT NOT NULL);
  CREATE TABLE product_cross_selling_assigned (cross_selling_id TEXT NOT NULL REFERENCES product_cross_selling(id), product_id TEXT NOT NULL REFERENCES product(id), position INTEGER NOT NULL, PRIMARY KEY (cross_selling_id, product_id));
  CREATE TABLE customer (
    id TEXT PRIMARY KEY, group_id TEXT NOT NULL REFERENCES customer_group(id), customer_number TEXT NOT NULL UNIQUE,
    salutation_id TEXT REFERENCES salutation(id), first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL,
    password_hash TEXT, company TEXT, account_type TEXT NOT NULL, vat_ids TEXT NOT NULL, title TEXT,
    default_billing_address_id TEXT NOT NULL, default_shipping_address_id TEXT NOT NULL, language_id TEXT NOT NULL,
    active INTEGER NOT NULL, guest INTEGER NOT NULL, custom_fields TEXT NOT NULL, created_at TEXT NOT NULL
  );
  CREATE INDEX customer_email ON customer(email);
  CREATE TABLE customer_address (
    id TEXT PRIMARY KEY, customer_id TEXT NOT NULL REFERENCES customer(id), country_id TEXT NOT NULL REFERENCES country(id),
    country_state_id TEXT REFERENCES country_state(id), salutation_id TEXT REFERENCES salutation(id),
    first_name TEXT NOT NULL, last_name TEXT NOT NULL, company TEXT, department TEXT, street TEXT NOT NULL, zipcode TEXT,
    city TEXT NOT NULL, phone_number TEXT, additional_address_line1 TEXT, additional_address_line2 TEXT, created_at TEXT NOT NULL
  );
  CREATE INDEX customer_address_customer ON customer_address(customer_id);
  CREATE TABLE context (token TEXT PRIMARY KEY, payload TEXT NOT NULL, updated_at TEXT NOT NULL);
  `,
  `
  CREATE TABLE media_thumbnail (id TEXT PRIMARY KEY, media_id TEXT NOT NULL REFERENCES media(id), width INTEGER NOT NULL, height INTEGER NOT NULL, path TEXT NOT NULL);
  CREATE INDEX media_thumbnail_media ON media_thumbnail(media_id);
  CREATE VIRTUAL TABLE product_search USING fts5(
    unit_id UNINDEXED, product_id UNINDEXED, language_id UNINDEXED, name, numbers, content,
    tokenize = 'unicode61 remove_diacritics 2'
  );
  CREATE TABLE product_cheapest_price (unit_id TEXT NOT NULL REFERENCES product(id), customer_group_id TEXT NOT NULL, price REAL NOT NULL, variant_id TEXT NOT NULL, has_range INTEGER NOT NULL, PRIMARY KEY (unit_id, customer_group_id));
  CREATE TABLE cart (token TEXT PRIMARY KEY, payload TEXT NOT NULL, updated_at TEXT NOT NULL);
  `,
  // Accounts: double opt-in, password recovery, reseller requests (approval moves requested_group_id
  // into group_id), the default payment method; contexts remember their customer so that a password
  // change can log out the customer's other sessions and a login can take over the cart of a session
  // left by logout (parked).
  `
  ALTER TABLE customer ADD COLUMN requested_group_id TEXT REFERENCES customer_group(id);
  ALTER TABLE customer ADD COLUMN double_opt_in_registration INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE customer ADD COLUMN double_opt_in_email_sent_date TEXT;
  ALTER TABLE customer ADD COLUMN double_opt_in_confirm_date TEXT;
  ALTER TABLE customer ADD COLUMN hash TEXT;
  ALTER TABLE customer ADD COLUMN recovery_hash TEXT;
  ALTER TABLE customer ADD COLUMN recovery_created_at TEXT;
  ALTER TABLE customer ADD COLUMN default_payment_method_id TEXT REFERENCES payment_method(id);
  ALTER TABLE customer ADD COLUMN first_login TEXT;
  ALTER TABLE customer ADD COLUMN last_login TEXT;
  ALTER TABLE customer ADD COLUMN updated_at TEXT;
  CREATE UNIQUE INDEX customer_hash ON customer(hash) WHERE hash IS NOT NULL;
  CREATE UNIQUE INDEX customer_recovery_hash ON customer(recovery_hash) WHERE recovery_hash IS NOT NULL;
  ALTER TABLE customer_address ADD COLUMN title TEXT;
  ALTER TABLE customer_address ADD COLUMN custom_fields TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE customer_address ADD COLUMN updated_at TEXT;
  ALTER TABLE context ADD COLUMN customer_id TEXT;
  ALTER TABLE context ADD COLUMN parked INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX context_customer ON context(customer_id);
  `,
  CART_MIGRATION,
  ORDER_MIGRATION,
  ENGAGEMENT_MIGRATION,
  // Search finds German compounds by their last part ('Kette' finds 'Sägekette'), as Shopware does with
  // the reversed keywords of its dictionary (ProductSearchTermInterpreter): every name word is also
  // indexed backwards. An FTS5 table takes no new column, so it is made again; SEED_VERSION 14 fills it.
  `
  DROP TABLE product_search;
  CREATE VIRTUAL TABLE product_search USING fts5(
    unit_id UNINDEXED, product_id UNINDEXED, language_id UNINDEXED, name, numbers, content, reversed,
    tokenize = 'unicode61 remove_diacritics 2'
  );
  `,
  // The detail route reads a product's configurator settings, downloads and cross-sellings by product id: without
  // these indexes each detail read scanned every configurator setting (20,000 rows, 3 ms, at 50,000 products).
  `
  CREATE INDEX product_configurator_setting_product ON product_configurator_setting(product_id);
  CREATE INDEX product_download_product ON product_download(product_id);
  CREATE INDEX product_cross_selling_product ON product_cross_selling(product_id);
  `,
]

/** Opens (or creates) the database and applies pending migrations in one transaction each. */
export function openDatabase(file: string): Db {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}

export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version])
      db.pragma(`user_version = ${version + 1}`)
    })()
  }
  return migrations.length
}
