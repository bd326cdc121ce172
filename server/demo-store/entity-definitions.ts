import { country, countryState, paymentMethod, shippingMethod } from './context'
import type { EntityResolver, Json, JsonObject } from './criteria'
import type { Serializer } from './entities'

type Row = Record<string, string | number | null>

interface Definition {
  table: string
  serialize(s: Serializer, row: Row): JsonObject | null
}

/**
 * The DAL definitions an `entity` aggregation can name, by Shopware entity name, with the table that
 * holds them. Like EntityAggregation (a search by the collected ids in the definition's repository),
 * ids that are no entity of the definition simply find nothing.
 */
const DEFINITIONS: Record<string, Definition> = {
  product: { table: 'product', serialize: (s, r) => s.product(String(r.id)) },
  category: { table: 'category', serialize: (s, r) => s.category(r) },
  product_manufacturer: { table: 'manufacturer', serialize: (s, r) => s.manufacturer(String(r.id)) },
  property_group: { table: 'property_group', serialize: (s, r) => s.propertyGroup(r) },
  property_group_option: { table: 'property_group_option', serialize: (s, r) => s.propertyOption(r, false) },
  tag: { table: 'tag', serialize: (_s, r) => ({ id: String(r.id), name: String(r.name), apiAlias: 'tag' }) },
  media: { table: 'media', serialize: (s, r) => s.media(String(r.id)) },
  delivery_time: { table: 'delivery_time', serialize: (s, r) => s.deliveryTime(r) },
  tax: {
    table: 'tax',
    serialize: (_s, r) => ({ id: String(r.id), taxRate: Number(r.rate), name: String(r.name), position: Number(r.position), customFields: {}, apiAlias: 'tax' }),
  },
  language: { table: 'language', serialize: (s, r) => s.language(r) },
  currency: { table: 'currency', serialize: (s) => s.currency() },
  country: { table: 'country', serialize: (s, r) => country(s, r) },
  country_state: { table: 'country_state', serialize: (s, r) => countryState(s, r) },
  payment_method: { table: 'payment_method', serialize: (s, r) => paymentMethod(s, String(r.id)) },
  shipping_method: { table: 'shipping_method', serialize: (s, r) => shippingMethod(s, String(r.id)) },
}

const byName = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

function nameOf(entity: JsonObject): string {
  const translated = entity.translated as { name?: Json } | undefined
  const name = translated?.name ?? entity.name
  return typeof name === 'string' ? name : ''
}

/** Entities of a definition by id, sorted by (translated) name; undefined for a definition Shopware does not have. */
export function entityResolver(s: Serializer): EntityResolver {
  return (definitionName, ids) => {
    const definition = Object.hasOwn(DEFINITIONS, definitionName) ? DEFINITIONS[definitionName] : undefined
    if (!definition) return undefined
    const rows: Row[] = []
    // SQLite caps bound parameters; a listing of every category or option stays far below one chunk anyway.
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500)
      rows.push(...s.rows(`SELECT * FROM ${definition.table} WHERE id IN (${chunk.map(() => '?').join(',')})`, ...chunk))
    }
    return rows
      .map((row) => definition.serialize(s, row))
      .filter((entity): entity is JsonObject => entity !== null)
      .sort((a, b) => byName.compare(nameOf(a), nameOf(b)) || String(a.id).localeCompare(String(b.id)))
  }
}
