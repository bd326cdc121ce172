import { PAYMENT_METHOD_IDS, SHIPPING_METHOD_IDS } from './constants'
import { country, countryState, shippingMethod, type ContextState } from './context'
import type { Json, JsonObject } from './criteria'
import type { Db } from './db'
import { DEFAULT_MAX_PURCHASE, compact, rowListPrice, type Serializer } from './entities'
import { StoreApiError } from './errors'

type Row = Record<string, string | number | null>

export interface StoredLineItem {
  id: string
  referencedId: string
  quantity: number
}

export interface StoredCart {
  lineItems: StoredLineItem[]
}

export const cartErrors = {
  invalidQuantity: (quantity: unknown) =>
    new StoreApiError(400, 'CHECKOUT__CART_INVALID_LINE_ITEM_QUANTITY', `The quantity must be a positive integer. Given: "${String(quantity)}"`, {
      parameters: { quantity: String(quantity) },
    }),
  typeNotSupported: (type: string) =>
    new StoreApiError(400, 'CHECKOUT__CART_LINE_ITEM_TYPE_NOT_SUPPORTED', `Line item type "${type}" is not supported.`, { parameters: { type } }),
  missingItems: () => new StoreApiError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', 'Parameter "items" is missing.', { parameters: { parameterName: 'items' } }),
}

/** Carts persist per context token, like Shopware's cart table; errors are never stored, only returned. */
export class CartStore {
  constructor(private readonly db: Db) {}

  load(token: string): StoredCart {
    const row = this.db.prepare('SELECT payload FROM cart WHERE token = ?').get(token) as { payload: string } | undefined
    return row ? (JSON.parse(row.payload) as StoredCart) : { lineItems: [] }
  }

  save(token: string, cart: StoredCart): void {
    this.db
      .prepare('INSERT INTO cart (token, payload, updated_at) VALUES (?, ?, ?) ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at')
      .run(token, JSON.stringify(cart), new Date().toISOString())
  }
}

interface RequestedItem {
  id: string
  referencedId: string
  quantity: number
}

/** Validates `{items:[…]}` of POST /checkout/cart/line-item. */
export function parseLineItems(body: unknown): RequestedItem[] {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).items : undefined
  if (!Array.isArray(raw)) throw cartErrors.missingItems()
  return raw.map((item: unknown) => {
    const it = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>
    const type = typeof it.type === 'string' ? it.type : 'product'
    if (type !== 'product') throw cartErrors.typeNotSupported(type)
    const quantity = it.quantity === undefined ? 1 : it.quantity
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) throw cartErrors.invalidQuantity(quantity)
    const referencedId = typeof it.referencedId === 'string' && it.referencedId !== '' ? it.referencedId : typeof it.id === 'string' ? it.id : ''
    const id = typeof it.id === 'string' && it.id !== '' ? it.id : referencedId
    if (id === '') throw new StoreApiError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', 'Parameter "id" is missing.', { parameters: { parameterName: 'id' } })
    return { id, referencedId, quantity }
  })
}

/** Re-adding an id raises its quantity, as for Shopware's stackable product line items. */
export function addItems(cart: StoredCart, items: RequestedItem[]): StoredCart {
  const lineItems = cart.lineItems.map((li) => ({ ...li }))
  for (const item of items) {
    const existing = lineItems.find((li) => li.id === item.id)
    if (existing) existing.quantity += item.quantity
    else lineItems.push({ ...item })
  }
  return { lineItems }
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}

function cartError(messageKey: string, id: string, level: number, message: string, parameters: Record<string, Json>): JsonObject {
  const key = `${messageKey}${id}`
  return { message, code: 0, key, id, level, messageKey, parameters, block: true, blockResubmit: true, ...parameters }
}

/** Shopware's ProductCartProcessor::fixQuantity: the nearest valid quantity below. */
function fixQuantity(min: number, current: number, steps: number): number {
  return Math.floor((current - min) / steps) * steps + min
}

interface Taxes {
  [rate: string]: { tax: number; price: number }
}

/**
 * Recalculates a stored cart like Shopware's product processor: unknown or unsellable products are
 * removed (product-not-found), sold-out closeouts too (product-out-of-stock); quantities are cut to the
 * maximum (product-stock-reached), raised to the minimum (min-order-quantity) or put on a purchase step
 * (purchase-steps-quantity). Returns the response body and the cart as it must be stored.
 */
export function calculateCart(s: Serializer, token: string, state: ContextState, stored: StoredCart): { body: JsonObject; stored: StoredCart } {
  const errors: Record<string, JsonObject> = {}
  const kept: StoredLineItem[] = []
  const lineItems: JsonObject[] = []
  const taxes: Taxes = {}
  let positionPrice = 0
  let allShippingFree = true
  let maxTaxRate = 0
  for (const item of stored.lineItems) {
    const r = s.row('SELECT * FROM product WHERE id = ? AND active = 1', item.referencedId)
    const custom = r ? (JSON.parse(String(r.custom_fields)) as Record<string, unknown>) : {}
    const hasVariants = r ? Number(s.row('SELECT COUNT(*) AS n FROM product WHERE parent_id = ?', r.id)?.n ?? 0) > 0 : false
    const tiers = r ? s.rows('SELECT * FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start', r.id, s.customerGroupId) : []
    // Price-on-request products and variant parents have nothing to sell: Shopware's product gateway does not
    // find a buyable product for them, so the cart drops them with product-not-found.
    if (!r || custom.forst_price_on_request === true || hasVariants || tiers.length === 0) {
      errors[`product-not-found${item.id}`] = cartError('product-not-found', item.id, 20, `The product ${item.referencedId} could not be found.`, { id: item.referencedId })
      continue
    }
    const name = String(s.translate(r.translations).name ?? r.product_number)
    const stock = Number(r.stock)
    const closeout = r.is_closeout === 1
    const min = Number(r.min_purchase)
    const steps = Math.max(1, Number(r.purchase_steps))
    const maxPurchase = r.max_purchase === null ? DEFAULT_MAX_PURCHASE : Number(r.max_purchase)
    const available = closeout ? Math.min(stock, maxPurchase) : maxPurchase
    if (available <= 0 || available < min) {
      errors[`product-out-of-stock${item.id}`] = cartError('product-out-of-stock', item.id, 20, `The product ${name} is no longer available.`, { name })
      continue
    }
    let quantity = item.quantity
    if (available < quantity) {
      quantity = fixQuantity(min, available, steps)
      errors[`product-stock-reached${item.id}`] = cartError('product-stock-reached', item.id, 10, `The product ${name} is only available ${quantity} times.`, { name, quantity })
    } else if (quantity < min) {
      quantity = min
      errors[`min-order-quantity${item.id}`] = cartError('min-order-quantity', item.id, 10, `The quantity of product ${name} did not meet the minimum order quantity threshold. The quantity has automatically been increased to ${min}.`, { name, quantity })
    } else if (fixQuantity(min, quantity, steps) !== quantity) {
      quantity = fixQuantity(min, quantity, steps)
      errors[`purchase-steps-quantity${item.id}`] = cartError('purchase-steps-quantity', item.id, 10, `Your input quantity does not match with the setup of the ${name}. The quantity was changed to ${quantity}.`, { name, quantity })
    }
    kept.push({ ...item, quantity })
    const taxRate = Number(s.row('SELECT rate FROM tax WHERE id = ?', r.tax_id)?.rate ?? 19)
    maxTaxRate = Math.max(maxTaxRate, taxRate)
    const tier = [...tiers].reverse().find((t) => Number(t.quantity_start) <= quantity) ?? tiers[0]
    // ProductCartProcessor takes the list price of the tier that applies (a reseller's: the normal price).
    const listPrice = rowListPrice(tier)
    const price = s.calculatedPrice(Number(tier.price_net), quantity, taxRate, listPrice)
    positionPrice += Number(price.totalPrice)
    const entry = taxes[String(taxRate)] ?? { tax: 0, price: 0 }
    entry.price += Number(price.totalPrice)
    taxes[String(taxRate)] = entry
    if (r.shipping_free !== 1) allShippingFree = false
    const options = s.rows('SELECT o.translations, g.translations AS group_translations FROM product_option po JOIN property_group_option o ON o.id = po.option_id JOIN property_group g ON g.id = o.group_id WHERE po.product_id = ? ORDER BY g.position', r.id)
      .map((o) => {
        const group = String(s.translate(o.group_translations).name ?? '')
        const option = String(s.translate(o.translations).name ?? '')
        return { group, option, translated: { group, option } }
      })
    const delivery = r.delivery_time_id ? s.row('SELECT * FROM delivery_time WHERE id = ?', r.delivery_time_id) : undefined
    const cover = s.media(r.cover_media_id)
    lineItems.push(compact({
      id: item.id, referencedId: r.id, label: name, quantity, type: 'product', good: true, removable: true, stackable: true, modified: false,
      description: null, cover,
      payload: compact({
        productNumber: r.product_number, manufacturerId: r.manufacturer_id, taxId: r.tax_id, parentId: r.parent_id, isCloseout: closeout, stock,
        shippingFree: r.shipping_free === 1, markAsTopseller: r.mark_as_topseller === 1, releaseDate: r.release_date, isNew: false,
        createdAt: '2024-01-01T00:00:00.000+00:00', customFields: custom as JsonObject, options, features: [],
        optionIds: s.rows('SELECT option_id FROM product_option WHERE product_id = ?', r.id).map((o) => o.option_id as Json),
        propertyIds: s.rows('SELECT option_id FROM product_property WHERE product_id = ?', r.id).map((o) => o.option_id as Json),
        tagIds: s.rows('SELECT tag_id FROM product_tag WHERE product_id = ?', r.id).map((o) => o.tag_id as Json),
        categoryIds: s.rows('SELECT category_id FROM product_category WHERE product_id = ?', r.id).map((o) => o.category_id as Json),
      } as JsonObject),
      price,
      priceDefinition: compact({
        price: Number(tier.price_net), quantity, isCalculated: true, taxRules: [{ taxRate, percentage: 100 }],
        listPrice: listPrice === null ? null : { price: listPrice, apiAlias: 'cart_list_price' }, type: 'quantity', apiAlias: 'cart_price_quantity',
      } as JsonObject),
      quantityInformation: { minPurchase: min, maxPurchase: available, purchaseSteps: steps, apiAlias: 'cart_line_item_quantity_information' },
      deliveryInformation: compact({
        stock, weight: r.weight, freeDelivery: r.shipping_free === 1, restockTime: r.restock_time,
        deliveryTime: delivery
          ? { name: String(s.translate(delivery.translations).name ?? ''), min: delivery.min, max: delivery.max, unit: delivery.unit, apiAlias: 'cart_delivery_time' }
          : null,
        apiAlias: 'cart_delivery_information',
      } as JsonObject),
      states: ['is-physical'], apiAlias: 'line_item',
    } as JsonObject))
  }

  const deliveries: JsonObject[] = []
  let shippingTotal = 0
  if (lineItems.length) {
    const methodId = state.shippingMethodId || SHIPPING_METHOD_IDS.standard
    const method = s.row('SELECT * FROM shipping_method WHERE id = ?', methodId) as Row
    const prices = JSON.parse(String(method.prices)) as Array<{ net: number; freeFromNet: number | null }>
    const rule = prices[0] ?? { net: 0, freeFromNet: null }
    shippingTotal = allShippingFree || (rule.freeFromNet !== null && positionPrice >= rule.freeFromNet) ? 0 : rule.net
    const shippingRate = maxTaxRate
    if (shippingTotal > 0) {
      const entry = taxes[String(shippingRate)] ?? { tax: 0, price: 0 }
      entry.price += shippingTotal
      taxes[String(shippingRate)] = entry
    }
    const deliveryRow = s.row('SELECT * FROM delivery_time WHERE id = ?', method.delivery_time_id)
    const now = Date.now()
    const day = 86_400_000
    const unitDays = deliveryRow?.unit === 'week' ? 7 : 1
    const earliest = new Date(now + Number(deliveryRow?.min ?? 1) * unitDays * day).toISOString()
    const latest = new Date(now + Number(deliveryRow?.max ?? 3) * unitDays * day).toISOString()
    const countryRow = s.row('SELECT * FROM country WHERE id = ?', state.countryId)
    const stateRow = state.countryStateId ? s.row('SELECT * FROM country_state WHERE id = ?', state.countryStateId) : undefined
    deliveries.push({
      deliveryDate: { earliest, latest, apiAlias: 'cart_delivery_date' },
      location: compact({ country: countryRow ? country(s, countryRow) : null, state: stateRow ? countryState(s, stateRow) : null, apiAlias: 'cart_delivery_shipping_location' } as JsonObject),
      positions: lineItems.map((li) => ({
        identifier: li.id, quantity: li.quantity, price: li.price, deliveryDate: { earliest, latest, apiAlias: 'cart_delivery_date' }, apiAlias: 'cart_delivery_position',
      } as JsonObject)),
      shippingCosts: s.calculatedPrice(shippingTotal, 1, shippingRate, null),
      shippingMethod: shippingMethod(s, methodId),
      apiAlias: 'cart_delivery',
    } as JsonObject)
  }

  const calculatedTaxes = Object.entries(taxes).map(([rate, t]) => ({
    tax: round((t.price * Number(rate)) / 100), taxRate: Number(rate), price: round(t.price), apiAlias: 'cart_tax_calculated',
  }))
  const netPrice = round(positionPrice + shippingTotal)
  const totalPrice = round(netPrice + calculatedTaxes.reduce((sum, t) => sum + t.tax, 0))
  const price: JsonObject = {
    netPrice, totalPrice, positionPrice: round(positionPrice), rawTotal: totalPrice, taxStatus: 'net',
    calculatedTaxes, taxRules: Object.keys(taxes).map((rate) => ({ taxRate: Number(rate), percentage: round((taxes[rate].price / (netPrice || 1)) * 100), apiAlias: 'cart_tax_rule' })),
    apiAlias: 'cart_price',
  }
  const body: JsonObject = {
    name: 'sales-channel', token, price, lineItems, errors: Object.keys(errors).length ? errors : [], deliveries,
    transactions: lineItems.length
      ? [{ paymentMethodId: state.paymentMethodId || PAYMENT_METHOD_IDS.invoice, amount: s.calculatedPrice(totalPrice, 1, 0, null), apiAlias: 'cart_transaction' }]
      : [],
    modified: false, apiAlias: 'cart',
  }
  return { body, stored: { lineItems: kept } }
}
