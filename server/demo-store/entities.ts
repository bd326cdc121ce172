import { createHash } from 'node:crypto'
import { statement, type Db } from './db'
import { CURRENCY_EUR_ID, CUSTOMER_GROUP_IDS, DEFAULT_LANGUAGE_ID, DEFAULT_PRODUCT_CMS_PAGE_ID, SALES_CHANNEL_ID } from './constants'
import { applyIncludes, JsonText, type JsonObject, type Json } from './criteria'
import { cacheFor, SizedLru, TextCache } from './text-cache'

type Row = Record<string, string | number | null>

/**
 * Drops null-valued optional properties. Shopware serializes unset fields as null, but the official
 * schema (and the TS types of @shopware/api-client) declare them as optional non-null values; leaving
 * them out keeps responses schema-valid without changing what a client reads (`undefined` vs `null`).
 */
export function compact<T extends Record<string, unknown>>(obj: T, keepNull: readonly string[] = []): T {
  for (const key of Object.keys(obj)) if (obj[key] === null && !keepNull.includes(key)) delete obj[key]
  return obj
}

const CREATED_AT = '2024-01-01T00:00:00.000+00:00'
const VERSION_ID = '0fa91ce3e96a4bc2be4bd9ce752c3425'
/** Shopware's core.cart.maxQuantity default, used when a product sets no maxPurchase. */
export const DEFAULT_MAX_PURCHASE = 100

/** The list price of a price row (product_price.list_price_net); null when the row names none. */
export function rowListPrice(row: Row): number | null {
  return row.list_price_net === null || row.list_price_net === undefined ? null : Number(row.list_price_net)
}

/**
 * Shopware's ListPrice::createFromUnitPrice: `discount` is the (negative) difference to the list
 * price, `percentage` the saving rounded to two decimals. Amounts are kept to cents.
 */
export function listPriceOf(unit: number, list: number): JsonObject {
  return {
    price: list,
    discount: Math.round((list - unit) * -100) / 100,
    percentage: Math.round((100 - (unit / list) * 100) * 100) / 100,
    apiAlias: 'cart_list_price',
  }
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex')
}

/**
 * Serialized products (Serializer.product without detail), as JSON text per product and variant (language,
 * customer group, SEO URLs, public URL), least recently used dropped beyond a character budget
 * (DEMO_STORE_PRODUCT_CACHE_CHARS, default 8 million characters: about 1,100 products of 7 KB). The catalogue is
 * read-only; the order placement changes stock and sales and calls invalidateProducts for those products.
 */
export class ProductCache {
  // One entry per product, so an order drops all of a product's variants at once.
  private readonly products: SizedLru<Map<string, string>>

  constructor(maxChars: number) {
    this.products = new SizedLru(maxChars, (_id, variants) => {
      let chars = 0
      for (const json of variants.values()) chars += json.length
      return chars
    })
  }

  get(id: string, variant: string): string | undefined {
    return this.products.get(id)?.get(variant)
  }

  set(id: string, variant: string, json: string): void {
    this.products.set(id, new Map(this.products.get(id)).set(variant, json))
  }

  invalidate(id: string): void {
    this.products.delete(id)
  }
}

const productCaches = new WeakMap<Db, ProductCache>()
const manufacturerCaches = new WeakMap<Db, Map<string, string>>()
const listingAnswerCaches = new WeakMap<Db, TextCache>()

export function productCache(db: Db): ProductCache {
  return cacheFor(productCaches, db, () => new ProductCache(Number(process.env.DEMO_STORE_PRODUCT_CACHE_CHARS ?? 8_000_000)))
}

/**
 * Listing, search, suggest, product search (`/product`) and, for requests without a customer, product detail
 * answers as sent (includes applied), by route, request and serializer (language, customer group, SEO flag,
 * public URL): Shopware's CachedProductListingRoute, CachedProductSearchRoute and CachedProductDetailRoute keep
 * theirs per criteria and context too. Shopware does not cache its product list route; this store does, as
 * its answers depend on nothing else either, and the product finder's read (a page of parents with eleven
 * custom-field aggregations) cost 10–17 ms of CPU each at 50,000 products. Any order empties it, because an
 * answer shows the stock of products (DEMO_STORE_LISTING_CACHE_CHARS, default 4 million characters).
 */
export function listingAnswerCache(db: Db): TextCache {
  return cacheFor(listingAnswerCaches, db, () => new TextCache(Number(process.env.DEMO_STORE_LISTING_CACHE_CHARS ?? 4_000_000)))
}

/** Drops the cached serializations of products whose stock or sales changed (an order), and every cached listing. */
export function invalidateProducts(db: Db, ids: Iterable<string>): void {
  const cache = productCaches.get(db)
  if (cache) for (const id of ids) cache.invalidate(id)
  listingAnswerCaches.get(db)?.clear()
}

/** The languages a translated field is looked up in, in order: the language, then German. */
export function languageChain(languageId: string): string[] {
  return languageId === DEFAULT_LANGUAGE_ID ? [languageId] : [languageId, DEFAULT_LANGUAGE_ID]
}

/** Reads and serializes entities for one request: language chain, media base URL, SEO URL inclusion. */
export class Serializer {
  readonly chain: string[]
  private readonly seoCache = new Map<string, JsonObject[]>()

  constructor(
    readonly db: Db,
    readonly publicUrl: string,
    readonly languageId: string,
    readonly includeSeoUrls: boolean,
    readonly customerGroupId: string = CUSTOMER_GROUP_IDS.standard,
  ) {
    this.chain = languageChain(languageId)
  }

  /** Resolves translated fields through the language chain (requested language, then German). */
  translate(translations: string | null | number): Record<string, Json> {
    const all = JSON.parse(String(translations ?? '{}')) as Record<string, Record<string, Json>>
    const out: Record<string, Json> = {}
    for (const lang of [...this.chain].reverse()) {
      for (const [field, value] of Object.entries(all[lang] ?? {})) if (value !== null && value !== undefined) out[field] = value
    }
    for (const lang of this.chain) for (const field of Object.keys(all[lang] ?? {})) if (!(field in out)) out[field] = null
    return out
  }

  row(sql: string, ...params: unknown[]): Row | undefined {
    return statement(this.db, sql).get(...params) as Row | undefined
  }

  rows(sql: string, ...params: unknown[]): Row[] {
    return statement(this.db, sql).all(...params) as Row[]
  }

  media(id: string | null | number): JsonObject | null {
    if (!id) return null
    const r = this.row('SELECT * FROM media WHERE id = ?', id)
    if (!r) return null
    const t = this.translate(r.translations)
    const metaData: JsonObject = r.width ? { width: r.width, height: r.height, type: 2 } : {}
    return compact({
      id: r.id, mimeType: r.mime_type, fileExtension: r.file_extension, fileSize: r.file_size, fileName: r.file_name,
      metaData, alt: t.alt, title: t.title, url: `${this.publicUrl}/${r.path}`, path: r.path, hasFile: true, private: false,
      uploadedAt: CREATED_AT, createdAt: CREATED_AT, translated: { alt: t.alt, title: t.title, customFields: {} }, thumbnails: this.thumbnails(String(r.id)),
      apiAlias: 'media',
    } as JsonObject)
  }

  thumbnails(mediaId: string): JsonObject[] {
    return this.rows('SELECT * FROM media_thumbnail WHERE media_id = ? ORDER BY width', mediaId).map((th) => ({
      id: th.id, mediaId, width: th.width, height: th.height, url: `${this.publicUrl}/${th.path}`, path: th.path, customFields: {},
      createdAt: CREATED_AT, apiAlias: 'media_thumbnail',
    } as JsonObject))
  }

  seoUrls(foreignKey: string): JsonObject[] {
    const cached = this.seoCache.get(foreignKey)
    if (cached) return cached
    const list = this.rows('SELECT * FROM seo_url WHERE foreign_key = ? AND language_id = ? AND is_canonical = 1', foreignKey, this.languageId).map((r) => this.seoUrl(r))
    this.seoCache.set(foreignKey, list)
    return list
  }

  seoUrl(r: Row): JsonObject {
    return {
      id: r.id, salesChannelId: SALES_CHANNEL_ID, languageId: r.language_id, foreignKey: r.foreign_key, routeName: r.route_name,
      pathInfo: r.path_info, seoPathInfo: r.seo_path_info, isCanonical: r.is_canonical === 1, isModified: false, isDeleted: false,
      url: `/${r.seo_path_info}`, customFields: {}, createdAt: CREATED_AT, apiAlias: 'seo_url',
    } as JsonObject
  }

  seoPath(foreignKey: string): string | null {
    const r = this.row('SELECT seo_path_info FROM seo_url WHERE foreign_key = ? AND language_id = ? AND is_canonical = 1', foreignKey, this.languageId)
    return r ? String(r.seo_path_info) : null
  }

  /** Root-to-self chain of category rows. */
  categoryAncestors(row: Row): Row[] {
    const out: Row[] = [row]
    let current = row
    while (current.parent_id) {
      const parent = this.row('SELECT * FROM category WHERE id = ?', current.parent_id)
      if (!parent) break
      out.unshift(parent)
      current = parent
    }
    return out
  }

  category(r: Row, options: { children?: JsonObject[]; childCount?: number } = {}): JsonObject {
    const t = this.translate(r.translations)
    const ancestors = this.categoryAncestors(r)
    const breadcrumb = ancestors.map((a) => String(this.translate(a.translations).name ?? ''))
    const childCount = options.childCount ?? (this.row('SELECT COUNT(*) AS n FROM category WHERE parent_id = ?', r.id)?.n as number)
    const path = ancestors.length > 1 ? `|${ancestors.slice(0, -1).map((a) => a.id).join('|')}|` : null
    const translated = compact({
      breadcrumb, name: t.name, description: t.description, metaTitle: t.metaTitle, metaDescription: t.metaDescription, keywords: t.keywords,
      linkType: r.link_type, internalLink: r.internal_link, externalLink: t.externalLink, linkNewTab: r.link_new_tab === 1, customFields: {},
      slotConfig: {},
    } as JsonObject, ['breadcrumb'])
    return compact({
      id: r.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', parentId: r.parent_id, parentVersionId: r.parent_id ? '0fa91ce3e96a4bc2be4bd9ce752c3425' : null,
      afterCategoryId: null, mediaId: r.media_id, displayNestedProducts: r.display_nested_products === 1, breadcrumb,
      level: ancestors.length, path, childCount, type: r.type, productAssignmentType: 'product', visible: r.visible === 1, active: r.active === 1,
      visibleChildCount: childCount, name: t.name, customFields: {}, linkType: r.link_type, internalLink: r.internal_link,
      externalLink: t.externalLink, linkNewTab: r.link_new_tab === 1, description: t.description, metaTitle: t.metaTitle,
      metaDescription: t.metaDescription, keywords: t.keywords, cmsPageId: r.cms_page_id,
      cmsPageVersionId: r.cms_page_id ? '0fa91ce3e96a4bc2be4bd9ce752c3425' : null, seoUrl: `/navigation/${r.id}`,
      createdAt: CREATED_AT, translated, children: options.children ?? [], media: this.media(r.media_id),
      seoUrls: this.includeSeoUrls ? this.seoUrls(String(r.id)) : null, apiAlias: 'category',
    } as JsonObject)
  }

  /**
   * Product as the Store API serializes it, prices for the serializer's customer group. `detail` adds
   * what only the product page needs (all media, downloads, cross-selling ids, category ids);
   * `cheapest` overrides the cheapest price with the one precomputed over a parent's variants.
   */
  product(id: string, options: { detail?: boolean } = {}): JsonObject | null {
    if (options.detail) return this.buildProduct(id, true)
    // Serialized products are kept as JSON text per language, group and SEO flag (productCache); a parse
    // is a fraction of the dozens of queries a product needs, and the text is the compact form to keep.
    const cache = productCache(this.db)
    const hit = cache.get(id, this.productVariant)
    if (hit !== undefined) return JSON.parse(hit) as JsonObject
    const built = this.buildProduct(id, false)
    if (built) cache.set(id, this.productVariant, JSON.stringify(built))
    return built
  }

  /**
   * Products as `product` gives them with `includes` applied, as text to send as it is, kept in the product
   * cache beside the whole product (and dropped with it): parsing, trimming and writing again the 24 kept
   * products of a listing page was about a third of its CPU at 50,000 products. Unknown ids are left out.
   */
  productTexts(ids: readonly string[], includes: Record<string, string[]> | null): JsonText[] {
    const cache = productCache(this.db)
    const whole = this.productVariant
    const variant = includes && Object.keys(includes).length > 0 ? `${whole}|${JSON.stringify(includes)}` : whole
    const out: JsonText[] = []
    for (const id of ids) {
      let text = cache.get(id, variant)
      if (text === undefined) {
        const product = this.product(id)
        if (!product) continue
        text = JSON.stringify(applyIncludes(product, includes))
        if (variant !== whole) cache.set(id, variant, text)
      }
      out.push(new JsonText(text))
    }
    return out
  }

  private get productVariant(): string {
    return `${this.languageId}|${this.customerGroupId}|${this.includeSeoUrls ? 1 : 0}|${this.publicUrl}`
  }

  private buildProduct(id: string, detail: boolean): JsonObject | null {
    const options = { detail }
    const r = this.row('SELECT * FROM product WHERE id = ? AND active = 1', id)
    if (!r) return null
    const t = this.translate(r.translations)
    const parent = r.parent_id ? this.row('SELECT * FROM product WHERE id = ?', r.parent_id) : undefined
    const tax = this.row('SELECT * FROM tax WHERE id = ?', r.tax_id) as Row
    const taxRate = Number(tax.rate)
    const tiers = this.rows('SELECT * FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start', r.id, this.customerGroupId)
    const productList = r.list_price_net === null ? null : Number(r.list_price_net)
    // Each price row carries its own list price, as Shopware's rule prices do (see rowListPrice).
    const listPrice = tiers.length ? rowListPrice(tiers[0]) : productList
    const unit = tiers.length ? Number(tiers[0].price_net) : Number(r.price_net)
    // The default group's single row is the product's own price (no advanced prices: Shopware answers
    // []); any other group's rows are rule prices, listed even when there is only one (filterRulePrices).
    const rulePrices = tiers.length > 1 || (tiers.length === 1 && this.customerGroupId !== CUSTOMER_GROUP_IDS.standard)
    const calculatedPrices = rulePrices
      ? tiers.map((tier) => this.calculatedPrice(Number(tier.price_net), tier.quantity_end === null ? Number(tier.quantity_start) : Number(tier.quantity_end), taxRate, rowListPrice(tier)))
      : []
    const unitKey = String(r.parent_id ?? r.id)
    const cheapestRow = this.row('SELECT * FROM product_cheapest_price WHERE unit_id = ? AND customer_group_id = ?', unitKey, this.customerGroupId)
    const cheapestPrice = cheapestRow ? Number(cheapestRow.price) : unit
    // CheapestPriceUpdater keeps the cheapest variant's price row whole, list price included.
    const cheapestVariantRow = cheapestRow
      ? this.row('SELECT list_price_net FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start LIMIT 1', cheapestRow.variant_id, this.customerGroupId)
      : undefined
    const cheapestList = cheapestVariantRow ? rowListPrice(cheapestVariantRow) : listPrice
    const customFields = { ...(JSON.parse(String(r.custom_fields)) as JsonObject), ...((t.customFields ?? {}) as JsonObject) }
    const mediaRows = this.rows('SELECT * FROM product_media WHERE product_id = ? ORDER BY position', r.id)
    const productMedia = (m: Row): JsonObject => ({
      id: m.id, versionId: VERSION_ID, productId: r.id, mediaId: m.media_id, position: m.position, media: this.media(m.media_id), customFields: {}, apiAlias: 'product_media',
    } as JsonObject)
    const coverRow = mediaRows.find((m) => m.media_id === r.cover_media_id) ?? mediaRows[0]
    const cover = coverRow ? productMedia(coverRow) : null
    const stock = Number(r.stock)
    const closeout = r.is_closeout === 1
    const minPurchase = Number(r.min_purchase)
    const available = !closeout || stock >= minPurchase
    const maxPurchase = r.max_purchase === null ? DEFAULT_MAX_PURCHASE : Number(r.max_purchase)
    const optionRows = this.rows('SELECT o.* FROM product_option po JOIN property_group_option o ON o.id = po.option_id JOIN property_group g ON g.id = o.group_id WHERE po.product_id = ? ORDER BY g.position, o.position', r.id)
    const propertyRows = this.rows('SELECT o.* FROM product_property pp JOIN property_group_option o ON o.id = pp.option_id JOIN property_group g ON g.id = o.group_id WHERE pp.product_id = ? ORDER BY g.position, o.position', r.id)
    const tagIds = this.rows('SELECT tag_id FROM product_tag WHERE product_id = ?', r.id).map((x) => String(x.tag_id))
    const categoryIds = this.rows('SELECT category_id FROM product_category WHERE product_id = ?', r.id).map((x) => String(x.category_id))
    const categoryTree = [...new Set(categoryIds.flatMap((c) => {
      const row = this.row('SELECT * FROM category WHERE id = ?', c)
      return row ? this.categoryAncestors(row).map((a) => String(a.id)) : []
    }))]
    const deliveryRow = r.delivery_time_id ? this.row('SELECT * FROM delivery_time WHERE id = ?', r.delivery_time_id) : undefined
    const deliveryTime = deliveryRow ? this.deliveryTime(deliveryRow) : null
    const childCount = Number((this.row('SELECT COUNT(*) AS n FROM product WHERE parent_id = ? AND active = 1', r.id)?.n as number) ?? 0)
    const translated = compact({ name: t.name, description: t.description, keywords: t.keywords, metaTitle: t.metaTitle, metaDescription: t.metaDescription, packUnit: t.packUnit, customFields } as JsonObject)
    const gross = (net: number) => Math.round(net * (100 + taxRate)) / 100
    const out: JsonObject = compact({
      id: r.id, versionId: VERSION_ID, parentId: r.parent_id, parentVersionId: r.parent_id ? VERSION_ID : null, manufacturerId: r.manufacturer_id,
      productManufacturerVersionId: r.manufacturer_id ? VERSION_ID : null, taxId: r.tax_id, coverId: cover ? cover.id : null,
      deliveryTimeId: r.delivery_time_id, productNumber: r.product_number, restockTime: r.restock_time,
      active: true, available, isCloseout: closeout, availableStock: stock, stock, displayGroup: md5(`${unitKey}`), manufacturerNumber: r.manufacturer_number, ean: r.ean,
      purchaseSteps: r.purchase_steps, maxPurchase: r.max_purchase, minPurchase, shippingFree: r.shipping_free === 1,
      markAsTopseller: r.mark_as_topseller === 1, weight: r.weight, releaseDate: r.release_date, ratingAverage: r.rating_average ?? parent?.rating_average ?? null,
      categoryTree, propertyIds: propertyRows.map((o) => o.id as Json), optionIds: optionRows.map((o) => o.id as Json), tagIds, categoryIds,
      childCount, sales: r.sales, name: t.name, description: t.description, customFields, type: 'physical', states: ['is-physical'],
      price: [compact({
        currencyId: CURRENCY_EUR_ID, net: Number(r.price_net), gross: gross(Number(r.price_net)), linked: true,
        listPrice: listPrice === null ? null : { currencyId: CURRENCY_EUR_ID, net: listPrice, gross: gross(listPrice), linked: true, apiAlias: 'price' },
        apiAlias: 'price',
      } as JsonObject)],
      calculatedPrice: this.calculatedPrice(unit, 1, taxRate, listPrice), calculatedPrices,
      calculatedMaxPurchase: closeout ? Math.min(stock, maxPurchase) : maxPurchase,
      calculatedCheapestPrice: {
        ...this.calculatedPrice(cheapestPrice, 1, taxRate, cheapestList),
        // Tiers make a range (Shopware: more than one price); a single customer-group price does not.
        hasRange: (cheapestRow ? cheapestRow.has_range === 1 : false) || calculatedPrices.length > 1,
        variantId: cheapestRow && cheapestRow.variant_id !== r.id ? cheapestRow.variant_id : null,
        apiAlias: 'calculated_cheapest_price',
      },
      // ProductSubscriber::setDefaultLayout gives every product without a layout of its own the default one.
      cmsPageId: DEFAULT_PRODUCT_CMS_PAGE_ID,
      isNew: false, createdAt: CREATED_AT, translated, cover, deliveryTime, manufacturer: this.manufacturer(r.manufacturer_id),
      options: optionRows.map((o) => this.propertyOption(o, true)),
      properties: propertyRows.map((o) => this.propertyOption(o, true)),
      seoCategory: null,
      seoUrls: this.includeSeoUrls ? this.seoUrls(String(r.id)) : null, apiAlias: 'product',
    } as JsonObject, ['seoCategory'])
    if (options.detail) {
      out.media = mediaRows.map(productMedia)
      out.downloads = this.rows('SELECT * FROM product_download WHERE product_id = ? ORDER BY position', unitKey).map((d) => ({
        id: d.id, productId: d.product_id, mediaId: d.media_id, position: d.position, media: this.media(d.media_id), customFields: {}, apiAlias: 'product_download',
      } as JsonObject))
      out.crossSellings = this.rows('SELECT * FROM product_cross_selling WHERE product_id = ? AND active = 1 ORDER BY position', unitKey).map((c) => this.crossSelling(c))
    }
    return out
  }

  deliveryTime(d: Row): JsonObject {
    const name = this.translate(d.translations).name
    return { id: d.id, name, min: d.min, max: d.max, unit: d.unit, translated: { name, customFields: {} }, customFields: {}, apiAlias: 'delivery_time' } as JsonObject
  }

  calculatedPrice(unit: number, quantity: number, taxRate: number, list: number | null): JsonObject {
    const total = Math.round(unit * quantity * 100) / 100
    return {
      unitPrice: unit, quantity, totalPrice: total,
      calculatedTaxes: [{ tax: Math.round(total * taxRate) / 100, taxRate, price: total, apiAlias: 'cart_tax_calculated' }],
      taxRules: [{ taxRate, percentage: 100, apiAlias: 'cart_tax_rule' }] as Json,
      referencePrice: null,
      listPrice: list && list > unit ? listPriceOf(unit, list) : null,
      regulationPrice: null, apiAlias: 'calculated_price',
    }
  }

  /** Manufacturers are read-only and few: kept serialized per language and public URL. */
  manufacturer(id: string | number | null): JsonObject | null {
    if (!id) return null
    const perDb = cacheFor(manufacturerCaches, this.db, () => new Map<string, string>())
    const key = `${this.languageId}|${this.publicUrl}|${id}`
    const hit = perDb.get(key)
    if (hit !== undefined) return JSON.parse(hit) as JsonObject | null
    const built = this.buildManufacturer(id)
    perDb.set(key, JSON.stringify(built))
    return built
  }

  private buildManufacturer(id: string | number): JsonObject | null {
    const m = this.row('SELECT * FROM manufacturer WHERE id = ?', id)
    if (!m) return null
    const t = this.translate(m.translations)
    return compact({
      id: m.id, versionId: VERSION_ID, mediaId: m.media_id, link: m.link, name: t.name, description: t.description, customFields: {},
      createdAt: CREATED_AT, translated: compact({ name: t.name, description: t.description, customFields: {} } as JsonObject), media: this.media(m.media_id),
      apiAlias: 'product_manufacturer',
    } as JsonObject)
  }

  propertyGroup(g: Row, options?: JsonObject[]): JsonObject {
    const t = this.translate(g.translations)
    return compact({
      id: g.id, name: t.name, description: t.description, displayType: g.display_type, sortingType: g.sorting_type, filterable: g.filterable === 1,
      visibleOnProductDetailPage: true, position: g.position, customFields: {}, createdAt: CREATED_AT,
      translated: compact({ name: t.name, description: t.description, customFields: {} } as JsonObject), options: options ?? null, apiAlias: 'property_group',
    } as JsonObject)
  }

  propertyOption(o: Row, withGroup: boolean, extra: JsonObject = {}): JsonObject {
    const t = this.translate(o.translations)
    const group = withGroup ? this.row('SELECT * FROM property_group WHERE id = ?', o.group_id) : undefined
    return compact({
      id: o.id, groupId: o.group_id, name: t.name, position: o.position, colorHexCode: o.color_hex_code, customFields: {}, createdAt: CREATED_AT,
      translated: { name: t.name, customFields: {} }, group: group ? this.propertyGroup(group) : null, ...extra, apiAlias: 'property_group_option',
    } as JsonObject)
  }

  crossSelling(c: Row): JsonObject {
    const t = this.translate(c.translations)
    return {
      id: c.id, productId: c.product_id, name: t.name, position: c.position, type: c.type, active: c.active === 1, sortBy: 'name', sortDirection: 'ASC',
      limit: 24, customFields: {}, createdAt: CREATED_AT, translated: { name: t.name, customFields: {} }, apiAlias: 'product_cross_selling',
    } as JsonObject
  }

  language(r: Row): JsonObject {
    const t = this.translate(r.translations)
    const localeId = `${String(r.id).slice(0, 24)}00000000`
    const locale = { id: localeId, code: r.code, name: t.name, territory: '', translated: { name: t.name, territory: '' }, apiAlias: 'locale' }
    return {
      id: r.id, localeId, translationCodeId: localeId, name: r.name, active: true, customFields: {}, createdAt: CREATED_AT,
      locale, translationCode: locale, apiAlias: 'language',
    } as JsonObject
  }

  currency(): JsonObject {
    const r = this.row('SELECT * FROM currency WHERE id = ?', CURRENCY_EUR_ID) as Row
    const t = this.translate(r.translations)
    const rounding = { decimals: 2, interval: 0.01, roundForNet: true, apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config' }
    return {
      id: r.id, factor: r.factor, symbol: r.symbol, isoCode: r.iso_code, shortName: t.shortName, name: t.name, position: r.position,
      isSystemDefault: true, taxFreeFrom: 0, customFields: {}, itemRounding: rounding, totalRounding: rounding, createdAt: CREATED_AT,
      translated: { shortName: t.shortName, name: t.name, customFields: {} }, apiAlias: 'currency',
    } as JsonObject
  }
}
