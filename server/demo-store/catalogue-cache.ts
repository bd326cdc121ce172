import type { Criteria, Filter, Json, JsonObject, PathReader } from './criteria'
import { compareValues, compileFilter, filterFields, pathParts, valuesAtParts } from './criteria'
import type { Db } from './db'
import { LANGUAGE_IDS } from './constants'
import { languageChain, type Serializer } from './entities'
import { cacheFor, SizedLru } from './text-cache'

type Row = Record<string, string | number | null>

/**
 * What the store derives from the read-only catalogue, built once per process (lazily) and kept per
 * database: listing records (language- and price-independent, shared), translated names and sort orders
 * per language, prices per customer group, and the DAL views criteria filters read per language and group.
 * The catalogue only changes at seed time; stock and sales, which orders change, are kept as they were at
 * the start in these records (the cart and the product cache read them live, see invalidateProducts).
 */

/** What listings filter, sort and aggregate on, per product (parents and variants alike). Language-independent. */
export interface ProductRecord {
  /** Position in CatalogueData.list (rowid order). */
  index: number
  id: string
  parentId: string | null
  unitId: string
  number: string
  manufacturerId: string | null
  /** Own rating, else the parent's. */
  rating: number | null
  sales: number
  shippingFree: boolean
  available: boolean
  propertyIds: readonly string[]
  tagIds: readonly string[]
  /** Assigned categories and their ancestors (shared between products with the same assignment). */
  categoryIds: ReadonlySet<string>
  position: number
}

/** A listing entry: a product without variants, or a parent with its variants (Shopware's display group). */
export interface ListingUnit {
  /** Position in CatalogueData.units. */
  index: number
  id: string
  record: ProductRecord
  /** The variants, or the product itself when it has none. */
  members: ProductRecord[]
  hasVariants: boolean
  /** Sales of the product and its variants (topseller). */
  sales: number
  /** What listing aggregations collect from the members, as slots of CatalogueData.optionIds / manufacturerIds. */
  facetOptions: number[]
  facetManufacturers: number[]
  /** Tags of the members (a parent's own tags are not its variants'). */
  memberTags: readonly string[]
  anyShippingFree: boolean
}

export interface LanguageData {
  /** Translated name per record index. */
  names: string[]
  /** Rank of each unit (by unit index) in name order (name, then product number), as the listing sorts by name. */
  nameRank: Int32Array
  /** Units in name order. */
  byName: ListingUnit[]
  bySales?: ListingUnit[]
}

export interface GroupData {
  /** Quantity-1 price per record index; NaN for price-on-request products (no price row). */
  price: Float64Array
  /** The unit's cheapest price (product_cheapest_price) per unit index; NaN when none. */
  cheapest: Float64Array
  /** Lowest and highest quantity-1 price of a unit's members, per unit index; NaN when none has a price. */
  unitMin: Float64Array
  unitMax: Float64Array
}

export interface CatalogueData {
  list: ProductRecord[]
  records: Map<string, ProductRecord>
  units: ListingUnit[]
  unitsById: Map<string, ListingUnit>
  /** Units below a category (itself and its descendants), in catalogue order; filled per category on first use. */
  byCategory: Map<string, ListingUnit[]>
  optionGroups: Map<string, string>
  optionIds: string[]
  optionSlots: Map<string, number>
  manufacturerIds: string[]
  languages: Map<string, LanguageData>
  /** Per language: the part of the DAL views the language alone decides (languageViews), built on first use. */
  languageViews: Map<string, JsonObject[]>
  groups: Map<string, GroupData>
  /** Per language and group: price orders and the DAL views (built on the first filter that needs them). */
  perContext: Map<string, { byPriceAsc?: ListingUnit[]; byPriceDesc?: ListingUnit[]; views?: JsonObject[] }>
}

const cache = new WeakMap<Db, CatalogueData>()

export const nameCollator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

function groupBy(rows: Row[], key: string, value: string, intern: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const r of rows) {
    const k = String(r[key])
    const v = String(r[value])
    let shared = intern.get(v)
    if (shared === undefined) {
      shared = v
      intern.set(v, v)
    }
    const list = out.get(k)
    if (list) list.push(shared)
    else out.set(k, [shared])
  }
  return out
}

const EMPTY: readonly string[] = Object.freeze([])

/** The listing records of the store's catalogue, built once per database. */
export function catalogueData(s: Serializer): CatalogueData {
  let data = cache.get(s.db)
  if (!data) {
    data = buildBase(s)
    cache.set(s.db, data)
  }
  return data
}

function buildBase(s: Serializer): CatalogueData {
  const intern = new Map<string, string>()
  const products = s.rows(
    'SELECT rowid AS position, id, parent_id, product_number, manufacturer_id, rating_average, sales, shipping_free, stock, is_closeout, min_purchase FROM product WHERE active = 1 ORDER BY rowid',
  )
  const properties = groupBy(s.rows('SELECT product_id, option_id FROM product_property'), 'product_id', 'option_id', intern)
  const tags = groupBy(s.rows('SELECT product_id, tag_id FROM product_tag'), 'product_id', 'tag_id', intern)
  const categories = groupBy(s.rows('SELECT product_id, category_id FROM product_category'), 'product_id', 'category_id', intern)
  const optionGroups = new Map(s.rows('SELECT id, group_id FROM property_group_option').map((o) => [String(o.id), String(o.group_id)]))
  const parentOf = new Map(s.rows('SELECT id, parent_id FROM category').map((c) => [String(c.id), c.parent_id === null ? null : String(c.parent_id)]))
  const ancestors = (id: string): string[] => {
    const out: string[] = []
    for (let cur: string | null | undefined = id; cur; cur = parentOf.get(cur)) out.unshift(cur)
    return out
  }
  // Products with the same categories share one set.
  const trees = new Map<string, ReadonlySet<string>>()
  const treeOf = (ids: readonly string[]): ReadonlySet<string> => {
    const key = ids.join('|')
    let tree = trees.get(key)
    if (!tree) {
      tree = new Set(ids.flatMap(ancestors))
      trees.set(key, tree)
    }
    return tree
  }
  const rowsById = new Map(products.map((p) => [String(p.id), p]))
  const list: ProductRecord[] = []
  const records = new Map<string, ProductRecord>()
  for (const p of products) {
    const id = String(p.id)
    const parent = p.parent_id ? rowsById.get(String(p.parent_id)) : undefined
    const categoryIds = categories.get(id) ?? (parent ? categories.get(String(parent.id)) : undefined) ?? EMPTY
    const rating = p.rating_average ?? parent?.rating_average ?? null
    const record: ProductRecord = {
      index: list.length, id, parentId: p.parent_id === null ? null : String(p.parent_id), unitId: String(p.parent_id ?? p.id),
      number: String(p.product_number), manufacturerId: p.manufacturer_id === null ? null : String(p.manufacturer_id),
      rating: rating === null ? null : Number(rating), sales: Number(p.sales), shippingFree: p.shipping_free === 1,
      available: p.is_closeout !== 1 || Number(p.stock) >= Number(p.min_purchase),
      propertyIds: properties.get(id) ?? EMPTY, tagIds: tags.get(id) ?? EMPTY, categoryIds: treeOf(categoryIds), position: Number(p.position),
    }
    list.push(record)
    records.set(id, record)
  }
  const units: ListingUnit[] = []
  const unitsById = new Map<string, ListingUnit>()
  for (const r of list) {
    if (r.parentId) continue
    const unit: ListingUnit = {
      index: units.length, id: r.id, record: r, members: [], hasVariants: false, sales: r.sales, facetOptions: [], facetManufacturers: [], memberTags: EMPTY, anyShippingFree: false,
    }
    units.push(unit)
    unitsById.set(r.id, unit)
  }
  for (const r of list) {
    if (!r.parentId) continue
    const unit = unitsById.get(r.parentId)
    if (!unit) continue
    unit.members.push(r)
    unit.sales += r.sales
  }
  const optionIds: string[] = []
  const optionSlots = new Map<string, number>()
  const manufacturerIds: string[] = []
  const manufacturerSlots = new Map<string, number>()
  const slotOf = (id: string, slots: Map<string, number>, ids: string[]) => {
    let slot = slots.get(id)
    if (slot === undefined) {
      slot = ids.length
      slots.set(id, slot)
      ids.push(id)
    }
    return slot
  }
  const tagLists = new Map<string, readonly string[]>()
  for (const u of units) {
    u.hasVariants = u.members.length > 0
    if (!u.hasVariants) u.members.push(u.record)
    const options = new Set<number>()
    const makers = new Set<number>()
    const memberTags = new Set<string>()
    for (const m of u.members) {
      for (const id of m.propertyIds) options.add(slotOf(id, optionSlots, optionIds))
      if (m.manufacturerId !== null) makers.add(slotOf(m.manufacturerId, manufacturerSlots, manufacturerIds))
      for (const tag of m.tagIds) memberTags.add(tag)
      if (m.shippingFree) u.anyShippingFree = true
    }
    u.facetOptions = [...options]
    u.facetManufacturers = [...makers]
    if (memberTags.size) {
      const key = [...memberTags].join('|')
      let shared = tagLists.get(key)
      if (!shared) {
        shared = [...memberTags]
        tagLists.set(key, shared)
      }
      u.memberTags = shared
    }
  }
  return {
    list, records, units, unitsById, byCategory: new Map(), optionGroups, optionIds, optionSlots, manufacturerIds,
    languages: new Map(), languageViews: new Map(), groups: new Map(), perContext: new Map(),
  }
}

/** Builds what every listing of this language and group needs (records, names, name order, prices). */
export function warmCatalogue(s: Serializer): void {
  const data = catalogueData(s)
  languageData(s, data)
  groupData(s, data)
  // What the product finder reads (its custom fields, sorted by name): 0.6–0.75 s for its first read after a start at 50,000 products otherwise.
  sortRanks(languageViews(s, data), ['name'])
}

/** The units listed for a category: its own and its descendants' products. */
export function unitsOfCategory(data: CatalogueData, categoryId: string): ListingUnit[] {
  let found = data.byCategory.get(categoryId)
  if (!found) {
    found = data.units.filter((u) => u.record.categoryIds.has(categoryId))
    data.byCategory.set(categoryId, found)
  }
  return found
}

/** Translated names and the name order of one language. */
export function languageData(s: Serializer, data: CatalogueData = catalogueData(s)): LanguageData {
  let lang = data.languages.get(s.languageId)
  if (lang) return lang
  const names: string[] = new Array<string>(data.list.length).fill('')
  // Only the names leave SQLite (the translations hold every description in three languages), through the
  // language chain as Serializer.translate resolves it: the first language with a name that is not null.
  const chain = s.chain.map((lang) => `json_extract(translations, '$."${lang}".name')`)
  const statement = s.db.prepare(`SELECT id, COALESCE(${[...chain, 'NULL'].join(', ')}) AS name FROM product WHERE active = 1`)
  for (const r of statement.iterate() as Iterable<{ id: string; name: string | number | null }>) {
    const record = data.records.get(r.id)
    if (record) names[record.index] = r.name === null ? '' : String(r.name)
  }
  const byNumber = (a: ListingUnit, b: ListingUnit) => nameCollator.compare(a.record.number, b.record.number)
  const byName = [...data.units].sort((a, b) => nameCollator.compare(names[a.record.index] ?? '', names[b.record.index] ?? '') || byNumber(a, b))
  const nameRank = new Int32Array(data.units.length)
  byName.forEach((u, rank) => {
    nameRank[u.index] = rank
  })
  lang = { names, nameRank, byName }
  data.languages.set(s.languageId, lang)
  return lang
}

/** Units by sales (descending), then name. */
export function unitsBySales(s: Serializer, data: CatalogueData = catalogueData(s)): ListingUnit[] {
  const lang = languageData(s, data)
  if (!lang.bySales) lang.bySales = [...lang.byName].sort((a, b) => b.sales - a.sales || lang.nameRank[a.index]! - lang.nameRank[b.index]!)
  return lang.bySales
}

/** Prices of one customer group. */
export function groupData(s: Serializer, data: CatalogueData = catalogueData(s)): GroupData {
  let group = data.groups.get(s.customerGroupId)
  if (group) return group
  const price = new Float64Array(data.list.length).fill(Number.NaN)
  for (const r of s.rows('SELECT product_id, price_net FROM product_price WHERE customer_group_id = ? AND quantity_start = 1', s.customerGroupId)) {
    const record = data.records.get(String(r.product_id))
    if (record) price[record.index] = Number(r.price_net)
  }
  const cheapest = new Float64Array(data.units.length).fill(Number.NaN)
  for (const c of s.rows('SELECT unit_id, price FROM product_cheapest_price WHERE customer_group_id = ?', s.customerGroupId)) {
    const unit = data.unitsById.get(String(c.unit_id))
    if (unit) cheapest[unit.index] = Number(c.price)
  }
  const unitMin = new Float64Array(data.units.length).fill(Number.NaN)
  const unitMax = new Float64Array(data.units.length).fill(Number.NaN)
  for (const u of data.units) {
    for (const m of u.members) {
      const p = price[m.index]!
      if (Number.isNaN(p)) continue
      if (!(unitMin[u.index]! <= p)) unitMin[u.index] = p
      if (!(unitMax[u.index]! >= p)) unitMax[u.index] = p
    }
  }
  group = { price, cheapest, unitMin, unitMax }
  data.groups.set(s.customerGroupId, group)
  return group
}

function contextData(s: Serializer, data: CatalogueData) {
  const key = `${s.languageId}:${s.customerGroupId}`
  let found = data.perContext.get(key)
  if (!found) {
    found = {}
    data.perContext.set(key, found)
  }
  return found
}

/**
 * Units by their cheapest price, then name; ascending or descending price. A unit without a price
 * (price on request) comes last either way: the shop's price sortings are configured with
 * `customFields.forst_price_on_request` before `cheapestPrice` (a product sorting in Shopware's
 * admin can have several fields), so "price ascending" does not open with "price on request".
 */
export function unitsByPrice(s: Serializer, descending: boolean, data: CatalogueData = catalogueData(s)): ListingUnit[] {
  const ctx = contextData(s, data)
  const cached = descending ? ctx.byPriceDesc : ctx.byPriceAsc
  if (cached) return cached
  const { cheapest } = groupData(s, data)
  const { nameRank } = languageData(s, data)
  const price = (u: ListingUnit) => {
    const p = cheapest[u.index]!
    return Number.isNaN(p) ? (descending ? -Infinity : Infinity) : p
  }
  const sorted = [...data.units].sort((a, b) => (descending ? price(b) - price(a) : price(a) - price(b)) || nameRank[a.index]! - nameRank[b.index]!)
  if (descending) ctx.byPriceDesc = sorted
  else ctx.byPriceAsc = sorted
  return sorted
}

// ---------------------------------------------------------------------------------------------
// DAL views: the product as criteria filters, sortings and aggregations see it

/**
 * The product as criteria filters and sortings see it (field names as in the Store API), by record
 * index. Built for the whole catalogue of a language and customer group on the first criteria filter,
 * sorting or aggregation that neither the records nor the language's views (criteriaViews) can answer.
 */
function productViews(s: Serializer, data: CatalogueData = catalogueData(s)): JsonObject[] {
  const ctx = contextData(s, data)
  if (!ctx.views) ctx.views = buildViews(s, data)
  return ctx.views
}

// Root fields of the DAL views that depend on the language alone (the product finder's custom fields,
// the name it sorts by): criteria on nothing else read languageViews, a few fields per product from
// SQLite, instead of building the whole views for the language and customer group (2 s with 50,000 products).
const LANGUAGE_VIEW_FIELDS = new Set(['id', 'parentId', 'productNumber', 'name', 'translated', 'customFields'])

/**
 * The DAL views for criteria on these fields: languageViews when they are all among its fields, the
 * whole productViews otherwise. Both give a field of LANGUAGE_VIEW_FIELDS the same value.
 */
export function criteriaViews(s: Serializer, data: CatalogueData, fields: readonly string[]): JsonObject[] {
  return fields.every((field) => LANGUAGE_VIEW_FIELDS.has(pathParts(field, 'product')[0]!)) ? languageViews(s, data) : productViews(s, data)
}

/**
 * Reads criteria paths of records from columns of these views: each path's values for every product,
 * read from the view objects once per path. A finder read filters and counts about 30,000 parents in
 * eleven aggregations with 50,000 products; reading every value from its object each time cost most of it.
 */
export function viewReader(views: JsonObject[]): PathReader<ProductRecord> {
  return (parts) => {
    const column = columnOf(views, parts)
    return (r) => column[r.index]!
  }
}

interface ViewColumns {
  values: Map<string, Json[][]>
  ranks: Map<string, Int32Array>
}

const viewColumns = new WeakMap<JsonObject[], ViewColumns>()
const EMPTY_VALUES: readonly Json[] = Object.freeze([])
// Paths come from requests: a bounded number per views, all dropped when full.
const MAX_COLUMNS = 64

function columnsOf(views: JsonObject[]): ViewColumns {
  let found = viewColumns.get(views)
  if (!found) viewColumns.set(views, (found = { values: new Map(), ranks: new Map() }))
  return found
}

function columnOf(views: JsonObject[], parts: readonly string[]): Json[][] {
  const { values: byPath } = columnsOf(views)
  const key = parts.join('.')
  let column = byPath.get(key)
  if (!column) {
    if (byPath.size >= MAX_COLUMNS) byPath.clear()
    // Lists are read-only (valuesAtParts may answer a view's own array), so one scalar's list serves every product with it.
    const single = new Map<Json, Json[]>()
    column = views.map((view) => {
      const values = valuesAtParts(view, parts)
      if (values.length === 0) return EMPTY_VALUES as Json[]
      if (values.length > 1 || (values[0] !== null && typeof values[0] === 'object')) return values
      let shared = single.get(values[0]!)
      if (!shared) single.set(values[0]!, (shared = values))
      return shared
    })
    byPath.set(key, column)
  }
  return column
}

/**
 * Each product's rank in the order of its first value at a path (compareValues, naturally; equal values share a
 * rank), per views and path. A criteria sorting compares ranks: sorting 30,000 finder parents by name
 * with the collator cost about 100 ms a request with 50,000 products; the ranks cost that once.
 */
export function sortRanks(views: JsonObject[], parts: readonly string[]): Int32Array {
  const { ranks } = columnsOf(views)
  const key = parts.join('.')
  let rank = ranks.get(key)
  if (!rank) {
    if (ranks.size >= MAX_COLUMNS) ranks.clear()
    const first = columnOf(views, parts).map((values) => values[0] ?? null)
    const order = Array.from(first.keys()).sort((a, b) => compareValues(first[a]!, first[b]!, true))
    rank = new Int32Array(first.length)
    let current = 0
    order.forEach((index, i) => {
      if (i > 0 && compareValues(first[order[i - 1]!]!, first[index]!, true) !== 0) current++
      rank![index] = current
    })
    ranks.set(key, rank)
  }
  return rank
}

/** The fields of LANGUAGE_VIEW_FIELDS of every product's DAL view, as buildViews sets them, per language. */
function languageViews(s: Serializer, data: CatalogueData): JsonObject[] {
  const found = data.languageViews.get(s.languageId)
  if (found) return found
  // Every language in one pass: reading the translations (each description in three languages) is most of the
  // work, and the finder looks up the other languages' spellings anyway. One json_extract per product (SQLite
  // parses the JSON once per call) gives the name and custom fields of every language.
  const languages = [...new Set([s.languageId, ...Object.values(LANGUAGE_IDS)])]
  const paths = languages.flatMap((l) => [`'$."${l}".name'`, `'$."${l}".customFields'`])
  // As Serializer.translate: the first language of the chain whose value is not null, so the chain's last first.
  const chains = languages.map((l) => languageChain(l).map((c) => languages.indexOf(c)).reverse())
  const views = languages.map(() => new Array<JsonObject>(data.list.length))
  const statement = s.db.prepare(`SELECT id, parent_id, product_number, custom_fields, json_extract(translations, ${paths.join(', ')}) AS t FROM product WHERE active = 1`)
  for (const p of statement.iterate() as Iterable<Row>) {
    const r = data.records.get(String(p.id))
    if (!r) continue
    const values = JSON.parse(String(p.t)) as Json[]
    const base = JSON.parse(String(p.custom_fields)) as JsonObject
    chains.forEach((chain, l) => {
      let name: Json = null
      let own: Json = null
      for (const i of chain) {
        if (values[2 * i] !== null) name = values[2 * i]!
        if (values[2 * i + 1] !== null) own = values[2 * i + 1]!
      }
      // Read-only, so languages without their own custom fields share the product's.
      const custom = own === null ? base : { ...base, ...(own as JsonObject) }
      views[l]![r.index] = { id: r.id, parentId: p.parent_id, productNumber: p.product_number, name, translated: { name, customFields: custom }, customFields: custom }
    })
  }
  languages.forEach((l, i) => data.languageViews.set(l, views[i]!))
  return views[0]!
}

function buildViews(s: Serializer, data: CatalogueData): JsonObject[] {
  const { price } = groupData(s, data)
  const tagNames = new Map(s.rows('SELECT id, name FROM tag').map((t) => [String(t.id), String(t.name)]))
  const options = new Map<string, string[]>()
  for (const r of s.rows('SELECT product_id, option_id FROM product_option')) {
    const list = options.get(String(r.product_id))
    if (list) list.push(String(r.option_id))
    else options.set(String(r.product_id), [String(r.option_id)])
  }
  const direct = new Map<string, string[]>()
  for (const r of s.rows('SELECT product_id, category_id FROM product_category')) {
    const list = direct.get(String(r.product_id))
    if (list) list.push(String(r.category_id))
    else direct.set(String(r.product_id), [String(r.category_id)])
  }
  const manufacturerNames = new Map(s.rows('SELECT id, translations FROM manufacturer').map((m) => [String(m.id), String(s.translate(m.translations).name ?? '')]))
  const childCounts = new Map<string, number>()
  for (const r of data.list) if (r.parentId) childCounts.set(r.parentId, (childCounts.get(r.parentId) ?? 0) + 1)
  const views: JsonObject[] = new Array<JsonObject>(data.list.length)
  const fields = s.rows(
    `SELECT id, parent_id, product_number, tax_id, delivery_time_id, stock, is_closeout, min_purchase, rating_average, sales, mark_as_topseller,
     release_date, ean, manufacturer_number, custom_fields, translations, weight, purchase_steps, max_purchase, restock_time, shipping_free
     FROM product WHERE active = 1`,
  )
  for (const p of fields) {
    const r = data.records.get(String(p.id))
    if (!r) continue
    const t = s.translate(p.translations)
    const custom = { ...(JSON.parse(String(p.custom_fields)) as JsonObject), ...((t.customFields ?? {}) as JsonObject) }
    const id = r.id
    const tagIds = [...r.tagIds]
    const propertyIds = [...r.propertyIds]
    const optionIds = options.get(id) ?? []
    const categoryIds = direct.get(id) ?? (r.parentId ? direct.get(r.parentId) : undefined) ?? []
    const categoryTree = [...r.categoryIds]
    const stock = Number(p.stock)
    const closeout = p.is_closeout === 1
    const own = price[r.index]!
    const manufacturerId = r.manufacturerId
    views[r.index] = {
      id, parentId: p.parent_id, productNumber: p.product_number, name: t.name, translated: { name: t.name, customFields: custom },
      manufacturerId, manufacturer: manufacturerId ? { id: manufacturerId, name: manufacturerNames.get(manufacturerId) ?? '' } : null,
      tagIds, tags: tagIds.map((tid) => ({ id: tid, name: tagNames.get(tid) ?? '' })),
      propertyIds, properties: propertyIds.map((oid) => ({ id: oid, groupId: data.optionGroups.get(oid) ?? '' })),
      optionIds, options: optionIds.map((oid) => ({ id: oid, groupId: data.optionGroups.get(oid) ?? '' })),
      // categoriesRo: the assigned categories and all their ancestors, as the DAL's read-only association.
      categoryIds, categories: categoryIds.map((cid) => ({ id: cid })), categoryTree, categoriesRo: categoryTree.map((cid) => ({ id: cid })),
      taxId: p.tax_id, deliveryTimeId: p.delivery_time_id,
      available: !closeout || stock >= Number(p.min_purchase), availableStock: stock, stock, isCloseout: closeout,
      shippingFree: p.shipping_free === 1, ratingAverage: r.rating, sales: p.sales, markAsTopseller: p.mark_as_topseller === 1,
      releaseDate: p.release_date, ean: p.ean, manufacturerNumber: p.manufacturer_number, customFields: custom, active: true,
      childCount: childCounts.get(id) ?? 0, cheapestPrice: Number.isNaN(own) ? null : own, weight: p.weight, minPurchase: p.min_purchase,
      purchaseSteps: p.purchase_steps, maxPurchase: p.max_purchase, restockTime: p.restock_time,
    }
  }
  // Association paths as Shopware's DAL filters them: `children.id` on a parent and
  // `parent.children.id` on a variant (all products sharing that variant's parent).
  for (const u of data.units) {
    if (!u.hasVariants) continue
    const children = u.members.map((m) => ({ id: m.id }))
    views[u.record.index]!.children = children
    for (const m of u.members) views[m.index]!.parent = { id: u.id, children }
  }
  return views
}

// ---------------------------------------------------------------------------------------------
// Criteria filters on records

export type RecordTest = (r: ProductRecord) => boolean

/** Shopware's loose scalar comparison for a string (or null) field against a filter value, as criteria.ts scalarEquals. */
function stringEquals(field: string | null, value: Json): boolean {
  if (field === null || value === null) return field === value
  return typeof value === 'string' && (field === value || field.toLowerCase() === value.toLowerCase())
}

function booleanOf(value: Json): boolean | null {
  if (value === true || value === 1 || value === '1' || value === 'true') return true
  if (value === false || value === 0 || value === '0' || value === 'false') return false
  return null
}

// Ids are stored as lowercase hex: equal to a value in any letter case exactly when equal to it lowercased.
const ID_FIELDS: Record<string, (r: ProductRecord) => string | null> = {
  id: (r) => r.id,
  parentId: (r) => r.parentId,
  manufacturerId: (r) => r.manufacturerId,
}
const STRING_FIELDS: Record<string, (r: ProductRecord) => string | null> = {
  productNumber: (r) => r.number,
}
const LIST_FIELDS: Record<string, (r: ProductRecord) => readonly string[]> = {
  tagIds: (r) => r.tagIds,
  'tags.id': (r) => r.tagIds,
  propertyIds: (r) => r.propertyIds,
  'properties.id': (r) => r.propertyIds,
}

/**
 * The products whose DAL view has one of the values at `children.id` (a parent with variants) or
 * `parent.children.id` (its variants), from the units (productViews sets both so). Product ids are
 * stored as lowercase hex, so the criteria's case-insensitive equality is a look-up of the lowercased value.
 */
function familyMatches(path: FamilyPath, values: Json[], data: CatalogueData): Set<ProductRecord> {
  const matching = new Set<ProductRecord>()
  for (const value of values) {
    const member = typeof value === 'string' ? data.records.get(value.toLowerCase()) : undefined
    const unit = member && data.unitsById.get(member.unitId)
    if (!unit?.hasVariants || unit.record === member) continue
    if (path === 'children.id') matching.add(unit.record)
    else for (const m of unit.members) matching.add(m)
  }
  return matching
}

type FamilyPath = 'children.id' | 'parent.children.id'

function familyTest(path: FamilyPath, values: Json[], data: CatalogueData): RecordTest {
  const matching = familyMatches(path, values, data)
  if (!values.includes(null)) return (r) => matching.has(r)
  // A product outside a family has no such association, which reads as one null value (criteria.ts compileFilter).
  return (r) => {
    if (matching.has(r)) return true
    const unit = data.unitsById.get(r.unitId)
    return !(unit?.hasVariants && (path === 'children.id' ? unit.record === r : unit.record !== r))
  }
}

/** A product criteria field without its optional leading entity name (`product.parentId`), as the DAL accepts it. */
const productField = (field: string) => (field.startsWith('product.') ? field.slice('product.'.length) : field)

const variantsByParent = new WeakMap<CatalogueData, Map<string, ProductRecord[]>>()

/**
 * The only products a filter can match, when an index names them (ids, a parent's variants, a family;
 * an `and` with such a filter, an `or` of only such filters); null when it could match any. A product
 * page's variant read then costs its family, not a pass over the catalogue. The filters still run on them.
 */
function candidates(filter: Filter, data: CatalogueData): Set<ProductRecord> | null {
  if (filter.type === 'multi') {
    const parts = filter.queries.map((query) => candidates(query, data))
    if (filter.operator === 'and') return parts.reduce<Set<ProductRecord> | null>((best, part) => (part && (!best || part.size < best.size) ? part : best), null)
    if (parts.some((part) => part === null)) return null
    return new Set(parts.flatMap((part) => [...part!]))
  }
  if (filter.type !== 'equals' && filter.type !== 'equalsAny') return null
  const field = productField(filter.field)
  const values: Json[] = filter.type === 'equals' ? [filter.value] : filter.value
  if (!values.every((v): v is string => typeof v === 'string')) return null
  const ids = values.map((v) => (v as string).toLowerCase())
  if (field === 'id') return new Set(ids.flatMap((id) => data.records.get(id) ?? []))
  if (field === 'parentId') {
    let byParent = variantsByParent.get(data)
    if (!byParent) {
      byParent = new Map()
      for (const r of data.list) {
        if (r.parentId === null) continue
        const variants = byParent.get(r.parentId)
        if (variants) variants.push(r)
        else byParent.set(r.parentId, [r])
      }
      variantsByParent.set(data, byParent)
    }
    return new Set(ids.flatMap((id) => byParent!.get(id) ?? []))
  }
  if (field === 'children.id' || field === 'parent.children.id') return familyMatches(field, values, data)
  return null
}

/** The products a filter list (all must hold) can match, in catalogue order; all of them when no filter narrows. */
export function candidateRecords(filters: Filter[], data: CatalogueData): ProductRecord[] {
  let best: Set<ProductRecord> | null = null
  for (const filter of filters) {
    const found = candidates(filter, data)
    if (found && (!best || found.size < best.size)) best = found
  }
  return best ? [...best].sort((a, b) => a.index - b.index) : data.list
}

/**
 * A filter the records answer without the DAL view (the storefront's tag and availability filters, ids,
 * numbers, manufacturers, a variant family), with criteria.ts's semantics; null for anything else.
 */
function recordTest(filter: Filter, data: CatalogueData): RecordTest | null {
  if (filter.type === 'multi' || filter.type === 'not') {
    const tests = filter.queries.map((query) => recordTest(query, data))
    if (tests.some((t) => t === null)) return null
    const all = tests as RecordTest[]
    const some = (r: ProductRecord) => all.some((t) => t(r))
    const every = (r: ProductRecord) => all.every((t) => t(r))
    if (filter.type === 'multi') return filter.operator === 'or' ? some : every
    return filter.operator === 'or' ? (r) => !some(r) : (r) => !every(r)
  }
  if (filter.type !== 'equals' && filter.type !== 'equalsAny') return null
  const field = productField(filter.field)
  const values: Json[] = filter.type === 'equals' ? [filter.value] : filter.value
  if (field === 'available') {
    const wanted = values.map(booleanOf)
    return (r) => wanted.some((w) => w === r.available)
  }
  if (values.some((v) => v !== null && typeof v !== 'string')) return null
  const idOf = ID_FIELDS[field]
  if (idOf) {
    const wanted = values.map((v) => (v === null ? null : (v as string).toLowerCase()))
    return (r) => wanted.includes(idOf(r))
  }
  const single = STRING_FIELDS[field]
  if (single) return (r) => values.some((v) => stringEquals(single(r), v))
  const many = LIST_FIELDS[field]
  if (many) {
    return (r) => {
      const list = many(r)
      // An empty to-many association reads as one null value (criteria.ts compileFilter).
      if (list.length === 0) return values.some((v) => v === null)
      return list.some((item) => values.some((v) => stringEquals(item, v)))
    }
  }
  if (field === 'children.id' || field === 'parent.children.id') return familyTest(field, values, data)
  return null
}

/** Tests for a filter list (all must hold): record tests where possible, else the DAL view. */
export function compileFilters(s: Serializer, filters: Filter[], data: CatalogueData = catalogueData(s)): RecordTest[] {
  return filters.map((f) => {
    const fast = recordTest(f, data)
    if (fast) return fast
    const views = criteriaViews(s, data, filterFields(f))
    return rememberedTest(views, f, compileFilter(f, 'product', viewReader(views)))
  })
}

// Each filter's answers per product, by views and filter (a bounded number of filters per views, least recently used dropped).
const filterAnswers = new WeakMap<JsonObject[], SizedLru<Uint8Array>>()
const MAX_FILTERS = 256

/**
 * A test of the views that remembers its answer for each product (the views never change): the product
 * finder's choices are post-filters that every read with that choice tests on 30,000 parents again, and a
 * translated custom field compared string by string cost up to 6 ms a read.
 */
function rememberedTest(views: JsonObject[], filter: Filter, test: RecordTest): RecordTest {
  const cache = cacheFor(filterAnswers, views, () => new SizedLru<Uint8Array>(MAX_FILTERS, () => 1))
  const key = JSON.stringify(filter)
  let answers = cache.get(key)
  if (!answers) cache.set(key, (answers = new Uint8Array(views.length)))
  const known = answers
  return (r) => {
    const answer = known[r.index]
    if (answer !== 0) return answer === 1
    const passes = test(r)
    known[r.index] = passes ? 1 : 2
    return passes
  }
}

/** Whether a criteria aggregation is the tag entity aggregation the storefront sends with every listing. */
export function isTagAggregation(a: Criteria['aggregations'][number]): a is Extract<Criteria['aggregations'][number], { type: 'entity' }> {
  return a.type === 'entity' && a.definition === 'tag' && (a.field === 'tagIds' || a.field === 'tags.id' || a.field === 'product.tagIds' || a.field === 'product.tags.id')
}
