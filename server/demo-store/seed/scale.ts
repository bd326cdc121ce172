import { CUSTOMER_GROUP_IDS, LANGUAGE_IDS } from '../constants'
import type { Db } from '../db'
import { sid } from '../ids'
import { buildCatalogueIndex } from '../search-index'
import { MANUFACTURERS } from './catalogue-data'
import { ean13, Inserter, prng, slugify, type Row } from './util'

/**
 * A large generated catalogue for benchmarks (`npm run demo -- seed --products N`), added to a store that
 * already holds the normal seed, never part of the normal start. Deterministic: the same N gives the same
 * rows. Generated products copy a normal product of the seed as their template (family, category, tax,
 * delivery time, pictures, custom fields) and vary the name (a series number), manufacturer, price, stock,
 * material and colour; every sixth family has four variants (Länge 35/40/45/50 cm). Article numbers are
 * `GX-000001`…, with variants `GX-000001.1`…; SEO paths as the normal seed's (`{slug(name)}/{number}`).
 */

/** kv key holding the requested total of the last scale seed. */
export const SCALE_KEY = 'scale_products'
export const SCALE_NUMBER_PREFIX = 'GX-'
const LANGUAGE_KEYS = ['de', 'en', 'fr'] as const
const SERIES: readonly [string, string, string] = ['Serie', 'series', 'série']
const VARIANT_LENGTHS = [35, 40, 45, 50]
const TIERS: Array<[number, number | null, number]> = [[1, 9, 1], [10, 49, 0.95], [50, null, 0.9]]

export interface ScaleReport {
  /** Products (parents and variants) in the store afterwards. */
  products: number
  /** Generated products added by this run (0 when the store already had this scale). */
  added: number
  durationMs: number
}

interface Template {
  row: Row
  categoryIds: string[]
  propertyIds: string[]
  mediaIds: string[]
  names: [string, string, string]
  translations: Record<string, Record<string, unknown>>
}

function count(db: Db, sql: string): number {
  return (db.prepare(sql).get() as { n: number }).n
}

/** Deletes the products an earlier scale seed generated, with every row that refers to them. */
function removeGenerated(db: Db): void {
  const ids = `SELECT id FROM product WHERE product_number LIKE '${SCALE_NUMBER_PREFIX}%'`
  db.exec(`
    DELETE FROM product_cheapest_price WHERE unit_id IN (${ids});
    DELETE FROM seo_url WHERE foreign_key IN (${ids});
    DELETE FROM product_price WHERE product_id IN (${ids});
    DELETE FROM product_media WHERE product_id IN (${ids});
    DELETE FROM product_category WHERE product_id IN (${ids});
    DELETE FROM product_property WHERE product_id IN (${ids});
    DELETE FROM product_option WHERE product_id IN (${ids});
    DELETE FROM product_tag WHERE product_id IN (${ids});
    DELETE FROM product_configurator_setting WHERE product_id IN (${ids});
    DELETE FROM product WHERE product_number LIKE '${SCALE_NUMBER_PREFIX}%' AND parent_id IS NOT NULL;
    DELETE FROM product WHERE product_number LIKE '${SCALE_NUMBER_PREFIX}%';
    DELETE FROM kv WHERE key = '${SCALE_KEY}';
  `)
}

function templates(db: Db): Template[] {
  const group = (sql: string) => {
    const out = new Map<string, string[]>()
    for (const r of db.prepare(sql).all() as Array<{ k: string; v: string }>) out.set(r.k, [...(out.get(r.k) ?? []), r.v])
    return out
  }
  const categories = group('SELECT product_id AS k, category_id AS v FROM product_category')
  const properties = group('SELECT product_id AS k, option_id AS v FROM product_property')
  const media = group('SELECT product_id AS k, media_id AS v FROM product_media ORDER BY product_id, position')
  const rows = db.prepare(
    `SELECT * FROM product WHERE parent_id IS NULL AND active = 1 AND price_net > 0 AND is_download = 0
     AND product_number NOT LIKE '${SCALE_NUMBER_PREFIX}%' ORDER BY rowid`,
  ).all() as Row[]
  return rows
    .filter((r) => categories.has(String(r.id)) && media.has(String(r.id)))
    .map((r) => {
      const translations = JSON.parse(String(r.translations)) as Record<string, Record<string, unknown>>
      const names = LANGUAGE_KEYS.map((k) => String(translations[LANGUAGE_IDS[k]]?.name ?? translations[LANGUAGE_IDS.de]?.name ?? '')) as [string, string, string]
      return { row: r, categoryIds: categories.get(String(r.id)) ?? [], propertyIds: properties.get(String(r.id)) ?? [], mediaIds: media.get(String(r.id)) ?? [], names, translations }
    })
}

/**
 * Grows the catalogue to `totalProducts` products (parents and variants). Runs in one transaction and
 * rebuilds the search index and cheapest prices. A store that already has this scale is left alone;
 * another scale replaces the generated products. A running store must be restarted afterwards: it
 * builds its catalogue caches once per process.
 */
export function seedScaleCatalogue(db: Db, totalProducts: number): ScaleReport {
  const started = performance.now()
  if (!db.prepare("SELECT 1 FROM kv WHERE key = 'seeded_at'").get()) throw new Error('the store has no normal seed yet')
  const done = db.prepare('SELECT value FROM kv WHERE key = ?').get(SCALE_KEY) as { value: string } | undefined
  if (done && Number(done.value) === totalProducts) {
    return { products: count(db, 'SELECT COUNT(*) AS n FROM product'), added: 0, durationMs: performance.now() - started }
  }
  let added = 0
  db.transaction(() => {
    removeGenerated(db)
    const base = count(db, 'SELECT COUNT(*) AS n FROM product')
    const budget = Math.max(0, totalProducts - base)
    const list = templates(db)
    if (list.length === 0) throw new Error('the normal seed has no products to copy')
    const manufacturers = MANUFACTURERS.map((m) => sid(`manufacturer:${m.key}`))
    const optionIds = new Set((db.prepare('SELECT id FROM property_group_option').all() as Array<{ id: string }>).map((o) => o.id))
    const option = (key: string) => (optionIds.has(sid(`option:${key}`)) ? sid(`option:${key}`) : null)
    const materials = ['steel', 'aluminium', 'plastic', 'rubber', 'brass', 'cast'].map((k) => option(`material:${k}`)).filter((o): o is string => o !== null)
    const colours = ['orange', 'yellow', 'white', 'green', 'red', 'blue', 'black'].map((k) => option(`colour:${k}`)).filter((o): o is string => o !== null)
    const lengths = VARIANT_LENGTHS.map((cm) => option(`length:${cm}cm`))
    const materialGroup = sid('property-group:material')
    const optionGroup = new Map((db.prepare('SELECT id, group_id FROM property_group_option').all() as Array<{ id: string; group_id: string }>).map((o) => [o.id, o.group_id]))
    const newTag = db.prepare('SELECT id FROM tag WHERE name = ?').get('Neu') as { id: string } | undefined
    const ins = new Inserter(db)
    const rnd = prng(50_000)
    const rowid = count(db, 'SELECT COALESCE(MAX(rowid), 0) AS n FROM product')

    const insertOne = (t: Template, number: string, parentId: string | null, names: [string, string, string], price: number, extra: { manufacturerId: string; propertyIds: string[]; optionIds: string[]; tags: string[] }, index: number) => {
      const id = sid(`product:${number}`)
      const inStock = rnd() > 0.06
      const stock = inStock ? 1 + Math.floor(rnd() * 400) : 0
      const translations = Object.fromEntries(LANGUAGE_KEYS.map((k, i) => [LANGUAGE_IDS[k], { ...(t.translations[LANGUAGE_IDS[k]] ?? {}), name: names[i] }]))
      ins.insert('product', {
        id, parent_id: parentId, product_number: number, manufacturer_id: extra.manufacturerId,
        manufacturer_number: `GX${String(rowid + index).padStart(7, '0')}`, tax_id: t.row.tax_id, cover_media_id: t.row.cover_media_id,
        delivery_time_id: t.row.delivery_time_id, price_net: price, list_price_net: null, stock, restock_time: inStock ? null : 14,
        is_closeout: 0, min_purchase: 1, purchase_steps: 1, max_purchase: null, shipping_free: price > 500 ? 1 : 0,
        mark_as_topseller: 0, weight: t.row.weight, width: null, height: null, length: null,
        ean: ean13(`29${String(100000000000 + index * 7919).slice(-10)}`),
        release_date: new Date(Date.UTC(2021 + (index % 4), index % 12, 1 + (index % 27))).toISOString(),
        rating_average: null, sales: Math.floor(rnd() * 800), active: 1, family: t.row.family, custom_fields: t.row.custom_fields,
        is_download: 0, translations: JSON.stringify(translations),
      })
      t.mediaIds.forEach((mediaId, i) => ins.insert('product_media', { id: sid(`product-media:${number}:${i + 1}`), product_id: id, media_id: mediaId, position: i + 1 }))
      for (const c of t.categoryIds) ins.insert('product_category', { product_id: id, category_id: c })
      for (const o of new Set([...extra.propertyIds, ...extra.optionIds])) ins.insert('product_property', { product_id: id, option_id: o })
      for (const o of extra.optionIds) ins.insert('product_option', { product_id: id, option_id: o })
      for (const tag of extra.tags) ins.insert('product_tag', { product_id: id, tag_id: tag })
      const tiered = price < 200
      for (const group of [CUSTOMER_GROUP_IDS.standard, CUSTOMER_GROUP_IDS.reseller]) {
        const reseller = group === CUSTOMER_GROUP_IDS.reseller
        for (const [start, end, factor] of tiered ? TIERS : [[1, null, 1] as [number, null, number]]) {
          const normal = Math.round(price * factor * 100) / 100
          ins.insert('product_price', {
            id: sid(`price:${number}:${group}:${start}`), product_id: id, customer_group_id: group, quantity_start: start, quantity_end: end,
            price_net: reseller ? Math.round(price * 0.85 * factor * 100) / 100 : normal, list_price_net: reseller ? normal : null,
          })
        }
      }
      LANGUAGE_KEYS.forEach((lang, i) => {
        ins.insert('seo_url', {
          id: sid(`seo-url:${lang}:frontend.detail.page:${id}`), language_id: LANGUAGE_IDS[lang], foreign_key: id, route_name: 'frontend.detail.page',
          path_info: `/detail/${id}`, seo_path_info: `${slugify(names[i])}/${number}`, is_canonical: 1,
        })
      })
      added++
      return id
    }

    let unit = 0
    let index = 0
    while (added < budget) {
      unit++
      const t = list[unit % list.length]!
      const number = `${SCALE_NUMBER_PREFIX}${String(unit).padStart(6, '0')}`
      const series = 100 + ((unit * 37) % 9900)
      const names = LANGUAGE_KEYS.map((_, i) => `${t.names[i]} ${SERIES[i]} ${series}`) as [string, string, string]
      const price = Math.max(1, Math.round(Number(t.row.price_net) * (0.5 + rnd()) * 100) / 100)
      const material = materials[Math.floor(rnd() * materials.length)]
      // The template's material is replaced by a random one; its other properties are kept.
      const propertyIds = [...t.propertyIds.filter((o) => optionGroup.get(o) !== materialGroup), ...(material ? [material] : [])]
      if (rnd() < 0.3 && colours.length) propertyIds.push(colours[Math.floor(rnd() * colours.length)]!)
      const manufacturerId = rnd() < 0.5 ? String(t.row.manufacturer_id) : manufacturers[Math.floor(rnd() * manufacturers.length)]!
      const tags = newTag && rnd() < 0.1 ? [newTag.id] : []
      const withVariants = unit % 6 === 0 && budget - added >= 1 + VARIANT_LENGTHS.length && lengths.every((o) => o !== null)
      const parentId = insertOne(t, number, null, names, price, { manufacturerId, propertyIds: withVariants ? [] : propertyIds, optionIds: [], tags }, index++)
      if (!withVariants) continue
      lengths.forEach((optionId, k) => {
        const variantPrice = Math.round(price * (VARIANT_LENGTHS[k]! / 40) * 100) / 100
        insertOne(t, `${number}.${k + 1}`, parentId, names, variantPrice, { manufacturerId, propertyIds, optionIds: [optionId!], tags }, index++)
        ins.insert('product_configurator_setting', { id: sid(`configurator:${number}:${k}`), product_id: parentId, option_id: optionId!, position: k + 1 })
      })
    }
    buildCatalogueIndex(db)
    db.prepare('INSERT INTO kv (key, value) VALUES (?, ?)').run(SCALE_KEY, String(totalProducts))
  })()
  return { products: count(db, 'SELECT COUNT(*) AS n FROM product'), added, durationMs: performance.now() - started }
}
