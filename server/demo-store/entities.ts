import type { Db } from './db'
import { CURRENCY_EUR_ID, CUSTOMER_GROUP_IDS, DEFAULT_LANGUAGE_ID, SALES_CHANNEL_ID } from './constants'
import type { JsonObject, Json } from './criteria'

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
    this.chain = languageId === DEFAULT_LANGUAGE_ID ? [languageId] : [languageId, DEFAULT_LANGUAGE_ID]
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
    return this.db.prepare(sql).get(...params) as Row | undefined
  }

  rows(sql: string, ...params: unknown[]): Row[] {
    return this.db.prepare(sql).all(...params) as Row[]
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
      uploadedAt: CREATED_AT, createdAt: CREATED_AT, translated: { alt: t.alt, title: t.title, customFields: {} }, thumbnails: [],
      apiAlias: 'media',
    } as JsonObject)
  }

  seoUrls(foreignKey: string): JsonObject[] {
    const cached = this.seoCache.get(foreignKey)
    if (cached) return cached
    const list = this.rows('SELECT * FROM seo_url WHERE foreign_key = ? AND language_id = ?', foreignKey, this.languageId).map((r) => this.seoUrl(r))
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
    const r = this.row('SELECT seo_path_info FROM seo_url WHERE foreign_key = ? AND language_id = ?', foreignKey, this.languageId)
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

  /** Product as a CMS slot or listing shows it: prices for the context's customer group, cover, stock and SEO URLs. */
  product(id: string): JsonObject | null {
    const r = this.row('SELECT * FROM product WHERE id = ? AND active = 1', id)
    if (!r) return null
    const t = this.translate(r.translations)
    const tax = this.row('SELECT * FROM tax WHERE id = ?', r.tax_id) as Row
    const taxRate = Number(tax.rate)
    const tiers = this.rows('SELECT * FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start', r.id, this.customerGroupId)
    const price = (unit: number, quantity: number, list: number | null): JsonObject => ({
      unitPrice: unit, quantity, totalPrice: Math.round(unit * quantity * 100) / 100,
      calculatedTaxes: [{ tax: Math.round(unit * quantity * taxRate) / 100, taxRate, price: Math.round(unit * quantity * 100) / 100, apiAlias: 'cart_tax_calculated' }],
      taxRules: [{ taxRate, percentage: 100, apiAlias: 'cart_tax_rule' }] as Json,
      referencePrice: null,
      listPrice: list && list > unit
        ? { price: list, discount: Math.round((unit - list) * 100) / 100, percentage: Math.round((1 - unit / list) * 10000) / 100, apiAlias: 'cart_list_price' }
        : null,
      regulationPrice: null, apiAlias: 'calculated_price',
    })
    const listPrice = r.list_price_net === null ? null : Number(r.list_price_net)
    const calculatedPrices = tiers.length > 1 ? tiers.map((tier) => price(Number(tier.price_net), tier.quantity_end === null ? Number(tier.quantity_start) : Number(tier.quantity_end), listPrice)) : []
    const unit = tiers.length ? Number(tiers[0].price_net) : Number(r.price_net)
    const customFields = { ...(JSON.parse(String(r.custom_fields)) as JsonObject), ...((t.customFields ?? {}) as JsonObject) }
    const cover = r.cover_media_id
      ? { id: `${String(r.id).slice(0, 16)}${String(r.cover_media_id).slice(16)}`, productId: r.id, mediaId: r.cover_media_id, position: 1, media: this.media(r.cover_media_id), apiAlias: 'product_media' }
      : null
    const stock = Number(r.stock)
    const closeout = r.is_closeout === 1
    const available = !closeout || stock >= Number(r.min_purchase)
    const maxPurchase = r.max_purchase === null ? 100 : Number(r.max_purchase)
    const options = this.rows('SELECT o.id, o.group_id, o.translations FROM product_option po JOIN property_group_option o ON o.id = po.option_id WHERE po.product_id = ?', r.id)
      .map((o) => ({ id: o.id, groupId: o.group_id, name: this.translate(o.translations).name, translated: { name: this.translate(o.translations).name }, apiAlias: 'property_group_option' }))
    const translated = compact({ name: t.name, description: t.description, keywords: t.keywords, metaTitle: t.metaTitle, metaDescription: t.metaDescription, packUnit: t.packUnit, customFields } as JsonObject)
    return compact({
      id: r.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', parentId: r.parent_id, manufacturerId: r.manufacturer_id, taxId: r.tax_id,
      coverId: cover ? cover.id : null, deliveryTimeId: r.delivery_time_id, productNumber: r.product_number, restockTime: r.restock_time,
      active: true, available, isCloseout: closeout, availableStock: stock, stock, manufacturerNumber: r.manufacturer_number, ean: r.ean,
      purchaseSteps: r.purchase_steps, maxPurchase: r.max_purchase, minPurchase: r.min_purchase, shippingFree: r.shipping_free === 1,
      markAsTopseller: r.mark_as_topseller === 1, weight: r.weight, releaseDate: r.release_date, ratingAverage: r.rating_average,
      childCount: (this.row('SELECT COUNT(*) AS n FROM product WHERE parent_id = ?', r.id)?.n as number) ?? 0, sales: r.sales,
      name: t.name, description: t.description, customFields, type: 'physical', states: ['is-physical'],
      calculatedPrice: price(unit, 1, listPrice), calculatedPrices, calculatedMaxPurchase: closeout ? Math.min(stock, maxPurchase) : maxPurchase,
      calculatedCheapestPrice: price(tiers.length ? Math.min(...tiers.map((x) => Number(x.price_net))) : unit, 1, listPrice),
      isNew: false, createdAt: CREATED_AT, translated, cover, options, seoCategory: null,
      seoUrls: this.includeSeoUrls ? this.seoUrls(String(r.id)) : null, optionIds: options.map((o) => o.id as Json), apiAlias: 'product',
    } as JsonObject, ['seoCategory'])
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
