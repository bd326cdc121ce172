import { customerVatIds } from './accounts'
import { country, countryState, isCompanyTaxFree, shippingMethod, type ContextState } from './context'
import type { Json, JsonObject } from './criteria'
import type { Db } from './db'
import { DEFAULT_MAX_PURCHASE, compact, listPriceOf, rowListPrice, type Serializer } from './entities'
import { StoreApiError } from './errors'
import { cartAmount, netPrice, percentageRules, round2, type CalculatedPrice } from './cart-prices'
import {
  automaticPromotions, cartDiscountPrice, discountLineItem, isEligible, promotionByCode, promotionById, promotionPlaceholderId, zeroPrice,
  type Promotion,
} from './promotions'

type Row = Record<string, string | number | null>

export interface StoredLineItem {
  id: string
  referencedId: string
  quantity: number
}

/**
 * What a token's cart remembers (Shopware's persisted cart). Errors are never stored: they belong to the
 * calculation that raised them.
 */
export interface StoredCart {
  /** Product line items. */
  lineItems: StoredLineItem[]
  /** Entered promotion codes (Shopware's CartExtension codes): a code that is not eligible yet stays and applies once it is. */
  promotionCodes?: string[]
  /** Automatic promotions the customer removed (CartExtension::blockPromotion); they are not added again. */
  blockedPromotionIds?: string[]
  /** Discount line items of the last calculation, so that the next one knows which discounts are new or gone. */
  discountIds?: string[]
}

export interface PromotionRequest {
  type: 'promotion'
  code: string
}
export type RequestedItem = StoredLineItem | PromotionRequest

const isPromotion = (item: RequestedItem): item is PromotionRequest => (item as PromotionRequest).type === 'promotion'

export const cartErrors = {
  invalidQuantity: (quantity: unknown) =>
    new StoreApiError(400, 'CHECKOUT__CART_INVALID_LINE_ITEM_QUANTITY', `The quantity must be a positive integer. Given: "${String(quantity)}"`, {
      parameters: { quantity: String(quantity) },
    }),
  typeNotSupported: (type: string) =>
    new StoreApiError(400, 'CHECKOUT__CART_LINE_ITEM_TYPE_NOT_SUPPORTED', `Line item type "${type}" is not supported.`, { parameters: { type } }),
  missingParameter: (name: string) =>
    new StoreApiError(400, 'FRAMEWORK__MISSING_REQUEST_PARAMETER', `Parameter "${name}" is missing.`, { parameters: { parameterName: name } }),
  missingItems: () => cartErrors.missingParameter('items'),
  lineItemNotFound: (id: string) =>
    new StoreApiError(404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', `Line item with identifier ${id} not found.`, { parameters: { identifier: id } }),
  notStackable: (id: string) =>
    new StoreApiError(400, 'CHECKOUT__CART_LINE_ITEM_NOT_STACKABLE', `Line item with identifier '${id}' is not stackable and the quantity cannot be changed.`, { parameters: { identifier: id } }),
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

  delete(token: string): void {
    this.db.prepare('DELETE FROM cart WHERE token = ?').run(token)
  }
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function checkQuantity(quantity: unknown): number {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) throw cartErrors.invalidQuantity(quantity)
  return quantity
}

/** Validates `{items:[…]}` of POST /checkout/cart/line-item: products, and promotion codes `{type:'promotion', referencedId: CODE}`. */
export function parseLineItems(body: unknown): RequestedItem[] {
  const raw = objectOf(body).items
  if (!Array.isArray(raw)) throw cartErrors.missingItems()
  return raw.map((item: unknown): RequestedItem => {
    const it = objectOf(item)
    const type = typeof it.type === 'string' ? it.type : 'product'
    if (type === 'promotion') {
      const code = typeof it.referencedId === 'string' ? it.referencedId.trim() : ''
      if (code === '') throw cartErrors.missingParameter('referencedId')
      return { type: 'promotion', code }
    }
    if (type !== 'product') throw cartErrors.typeNotSupported(type)
    const quantity = checkQuantity(it.quantity === undefined ? 1 : it.quantity)
    const referencedId = typeof it.referencedId === 'string' && it.referencedId !== '' ? it.referencedId : typeof it.id === 'string' ? it.id : ''
    const id = typeof it.id === 'string' && it.id !== '' ? it.id : referencedId
    if (id === '') throw cartErrors.missingParameter('id')
    return { id, referencedId, quantity }
  })
}

/** `{items:[{id, quantity}]}` of PATCH /checkout/cart/line-item. */
export function parseQuantityUpdates(body: unknown): Array<{ id: string; quantity: number }> {
  const raw = objectOf(body).items
  if (!Array.isArray(raw)) throw cartErrors.missingItems()
  return raw.map((item: unknown) => {
    const it = objectOf(item)
    if (typeof it.id !== 'string' || it.id === '') throw cartErrors.missingParameter('id')
    return { id: it.id, quantity: checkQuantity(it.quantity) }
  })
}

/** Re-adding an id raises its quantity, as for Shopware's stackable product line items; a code is kept once. */
export function addItems(cart: StoredCart, items: RequestedItem[]): StoredCart {
  const lineItems = cart.lineItems.map((li) => ({ ...li }))
  const codes = [...(cart.promotionCodes ?? [])]
  for (const item of items) {
    if (isPromotion(item)) {
      if (!codes.some((c) => c.toLowerCase() === item.code.toLowerCase())) codes.push(item.code)
      continue
    }
    const existing = lineItems.find((li) => li.id === item.id)
    if (existing) existing.quantity += item.quantity
    else lineItems.push({ id: item.id, referencedId: item.referencedId, quantity: item.quantity })
  }
  return { ...cart, lineItems, promotionCodes: codes }
}

/** Sets quantities (CartService::changeQuantity); unknown ids 404, discounts are not stackable. */
export function changeQuantities(cart: StoredCart, updates: Array<{ id: string; quantity: number }>): StoredCart {
  const lineItems = cart.lineItems.map((li) => ({ ...li }))
  for (const update of updates) {
    const item = lineItems.find((li) => li.id === update.id)
    if (item) {
      item.quantity = update.quantity
      continue
    }
    if ((cart.discountIds ?? []).includes(update.id)) throw cartErrors.notStackable(update.id)
    throw cartErrors.lineItemNotFound(update.id)
  }
  return { ...cart, lineItems }
}

/**
 * Removes line items (CartItemRemoveRoute): products; a code's discount or placeholder removes the code;
 * an automatic promotion's discount blocks that promotion for this cart, as Shopware's CartExtension does.
 */
export function removeItems(s: Serializer, cart: StoredCart, ids: string[]): StoredCart {
  let lineItems = cart.lineItems
  let codes = [...(cart.promotionCodes ?? [])]
  const blocked = new Set(cart.blockedPromotionIds ?? [])
  let discountIds = [...(cart.discountIds ?? [])]
  for (const id of ids) {
    if (lineItems.some((li) => li.id === id)) {
      lineItems = lineItems.filter((li) => li.id !== id)
      continue
    }
    const code = codes.find((c) => promotionPlaceholderId(c) === id)
    if (code !== undefined) {
      codes = codes.filter((c) => c !== code)
      continue
    }
    if (discountIds.includes(id)) {
      const promotion = s.row('SELECT promotion_id FROM promotion_discount WHERE id = ?', id)
      const p = promotion ? promotionById(s, String(promotion.promotion_id)) : undefined
      if (p?.code) codes = codes.filter((c) => c.toLowerCase() !== p.code?.toLowerCase())
      else if (p) blocked.add(p.id)
      discountIds = discountIds.filter((d) => d !== id)
      continue
    }
    throw cartErrors.lineItemNotFound(id)
  }
  return { ...cart, lineItems, promotionCodes: codes, blockedPromotionIds: [...blocked], discountIds }
}

/** CartRestorer on login: the guest's items are added to the customer's saved cart (codes too). */
export function mergeCarts(saved: StoredCart, guest: StoredCart): StoredCart {
  const merged = addItems(saved, [...guest.lineItems, ...(guest.promotionCodes ?? []).map((code): PromotionRequest => ({ type: 'promotion', code }))])
  return { ...merged, blockedPromotionIds: [...new Set([...(saved.blockedPromotionIds ?? []), ...(guest.blockedPromotionIds ?? [])])] }
}

interface ErrorSpec {
  key: string
  messageKey: string
  level: 0 | 10 | 20
  message: string
  block: boolean
  parameters: Record<string, Json>
  /** Protected properties of Shopware's error class, which its jsonSerialize puts at the top level. */
  top?: Record<string, Json>
}

function cartError(e: ErrorSpec): JsonObject {
  return { ...(e.top ?? {}), message: e.message, code: 0, key: e.key, id: e.key, level: e.level, messageKey: e.messageKey, parameters: e.parameters, block: e.block, blockResubmit: e.block }
}

/** Shopware's ProductCartProcessor::fixQuantity: the nearest valid quantity below. */
function fixQuantity(min: number, current: number, steps: number): number {
  return Math.floor((current - min) / steps) * steps + min
}

function priceJson(p: CalculatedPrice, list: number | null = null): JsonObject {
  return {
    unitPrice: p.unitPrice, quantity: p.quantity, totalPrice: p.totalPrice,
    calculatedTaxes: p.calculatedTaxes.map((t) => ({ ...t, apiAlias: 'cart_tax_calculated' })),
    taxRules: p.taxRules.map((r) => ({ ...r, apiAlias: 'cart_tax_rule' })),
    referencePrice: null, listPrice: list !== null && list > p.unitPrice ? listPriceOf(p.unitPrice, list) : null, regulationPrice: null,
    apiAlias: 'calculated_price',
  } as JsonObject
}

/** The session's customer, guests included (H2's sessionCustomer reads the same). */
function sessionCustomerRow(s: Serializer, state: ContextState): Row | undefined {
  return state.customerId ? s.row('SELECT * FROM customer WHERE id = ? AND active = 1', state.customerId) : undefined
}

function addressRow(s: Serializer, customer: Row, id: string | null, fallback: unknown): Row | undefined {
  return s.row('SELECT * FROM customer_address WHERE id = ? AND customer_id = ?', id ?? fallback, customer.id)
}

/** The shipping location's country (ShippingLocation): the customer's active shipping address, else the context's country. */
export function shippingCountry(s: Serializer, state: ContextState): Row | undefined {
  const customer = sessionCustomerRow(s, state)
  const address = customer ? addressRow(s, customer, state.shippingAddressId, customer.default_shipping_address_id) : undefined
  return s.row('SELECT * FROM country WHERE id = ?', address?.country_id ?? state.countryId)
}

/** What Shopware's address validation (CustomerAddress constraints) requires; the postal code is required in every seeded country. */
function addressViolations(a: Row): Json[] {
  return (['firstName', 'lastName', 'street', 'zipcode', 'city'] as const)
    .filter((field) => {
      const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
      return a[column] === null || String(a[column]).trim() === ''
    })
    .map((field) => ({ propertyPath: `/${field}`, code: 'c1051bb4-d103-4f74-8988-acbcafc7fdc3', message: 'This value should not be blank.' }))
}

export interface CartCalculation {
  /** The Cart as the Store API sends it (apiAlias 'cart'), errors included. */
  body: JsonObject
  /** What must be persisted. */
  stored: StoredCart
  /** The context after auto-adjustments (a blocked shipping/payment method replaced); persist it when it changed. */
  context: ContextState
  /** Some error has block: true (CartOrderRoute refuses the order). */
  blocking: boolean
}

interface ProductLine {
  json: JsonObject
  price: CalculatedPrice
  physical: boolean
  shippingFree: boolean
}

/**
 * Recalculates a stored cart the way Shopware's processors do, in their order: products (quantity fixes
 * with their errors), promotions (codes and automatic ones, exclusions, not-eligible codes kept),
 * deliveries (availability of the shipping method, free shipping, shipping costs taxed like tax type
 * `auto`), the amount (net, VAT per rate), the payment method's availability, and the address
 * validation. See README "Cart".
 */
export function calculateCart(s: Serializer, token: string, state: ContextState, stored: StoredCart): CartCalculation {
  const errors: Record<string, JsonObject> = {}
  const addError = (e: ErrorSpec) => {
    errors[e.key] = cartError(e)
  }
  const context: ContextState = { ...state }
  const customer = sessionCustomerRow(s, context)
  const billingAddress = customer ? addressRow(s, customer, context.billingAddressId, customer.default_billing_address_id) : undefined
  const shippingAddress = customer ? addressRow(s, customer, context.shippingAddressId, customer.default_shipping_address_id) : undefined
  const countryRow = s.row('SELECT * FROM country WHERE id = ?', shippingAddress?.country_id ?? context.countryId)
  const countryJson = countryRow ? country(s, countryRow) : null
  // The context's tax state (TaxDetector): a tax-free cart's prices carry no taxes (QuantityPriceCalculator), and its
  // amount is the net sum (AmountCalculator::calculateNetDeliveryAmount). The company tax-free amount is 0, so no
  // threshold applies (CartRuleLoader::validateTaxFree).
  const taxFree = isCompanyTaxFree(countryJson, customer ? { company: customer.company, vatIds: customerVatIds(customer) } : null)

  // --- Products (ProductCartProcessor)
  const kept: StoredLineItem[] = []
  const products: ProductLine[] = []
  for (const item of stored.lineItems) {
    const r = s.row('SELECT * FROM product WHERE id = ? AND active = 1', item.referencedId)
    const custom = r ? (JSON.parse(String(r.custom_fields)) as Record<string, unknown>) : {}
    const hasVariants = r ? Number(s.row('SELECT COUNT(*) AS n FROM product WHERE parent_id = ?', r.id)?.n ?? 0) > 0 : false
    const tiers = r ? s.rows('SELECT * FROM product_price WHERE product_id = ? AND customer_group_id = ? ORDER BY quantity_start', r.id, s.customerGroupId) : []
    // Price-on-request products and variant parents have nothing to sell: Shopware's product gateway does not
    // find a buyable product for them, so the cart drops them with product-not-found.
    if (!r || custom.forst_price_on_request === true || hasVariants || tiers.length === 0) {
      addError({ key: `product-not-found${item.id}`, messageKey: 'product-not-found', level: 20, block: true, message: `The product ${item.referencedId} could not be found.`, parameters: { id: item.referencedId }, top: { id: item.referencedId } })
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
      addError({ key: `product-out-of-stock${item.id}`, messageKey: 'product-out-of-stock', level: 20, block: true, message: `The product ${name} is no longer available.`, parameters: { name }, top: { name } })
      continue
    }
    let quantity = item.quantity
    if (available < quantity) {
      quantity = fixQuantity(min, available, steps)
      addError({ key: `product-stock-reached${item.id}`, messageKey: 'product-stock-reached', level: 10, block: true, message: `The product ${name} is only available ${quantity} times.`, parameters: { name, quantity }, top: { name, quantity } })
    } else if (quantity < min) {
      quantity = min
      addError({ key: `min-order-quantity${item.id}`, messageKey: 'min-order-quantity', level: 10, block: true, message: `The quantity of product ${name} did not meet the minimum order quantity threshold. The quantity has automatically been increased to ${min}.`, parameters: { name, quantity }, top: { name, quantity } })
    } else if (fixQuantity(min, quantity, steps) !== quantity) {
      quantity = fixQuantity(min, quantity, steps)
      addError({ key: `purchase-steps-quantity${item.id}`, messageKey: 'purchase-steps-quantity', level: 10, block: true, message: `Your input quantity does not match with the setup of the ${name}. The quantity was changed to ${quantity}.`, parameters: { name, quantity }, top: { name, quantity } })
    }
    kept.push({ ...item, quantity })
    const taxRate = Number(s.row('SELECT rate FROM tax WHERE id = ?', r.tax_id)?.rate ?? 19)
    const tier = [...tiers].reverse().find((t) => Number(t.quantity_start) <= quantity) ?? tiers[0]
    // ProductCartProcessor takes the list price of the tier that applies (a reseller's: the normal price).
    const listPrice = rowListPrice(tier)
    const price = netPrice(Number(tier.price_net), quantity, taxFree ? [] : [{ taxRate, percentage: 100 }])
    const isDownload = r.is_download === 1
    const options = s.rows('SELECT o.translations, g.translations AS group_translations FROM product_option po JOIN property_group_option o ON o.id = po.option_id JOIN property_group g ON g.id = o.group_id WHERE po.product_id = ? ORDER BY g.position', r.id)
      .map((o) => {
        const group = String(s.translate(o.group_translations).name ?? '')
        const option = String(s.translate(o.translations).name ?? '')
        return { group, option, translated: { group, option } }
      })
    const delivery = r.delivery_time_id ? s.row('SELECT * FROM delivery_time WHERE id = ?', r.delivery_time_id) : undefined
    const cover = s.media(r.cover_media_id)
    const json = compact({
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
      price: priceJson(price, listPrice),
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
      states: [isDownload ? 'is-download' : 'is-physical'], apiAlias: 'line_item',
    } as JsonObject)
    products.push({ json, price, physical: !isDownload, shippingFree: r.shipping_free === 1 })
  }
  const productPrices = products.map((p) => p.price)
  const productNet = productPrices.reduce((sum, p) => sum + p.totalPrice, 0)

  // --- Promotions (PromotionCollector, PromotionCalculator)
  const previous = new Set(stored.discountIds ?? [])
  const reported = new Set<string>()
  const keptCodes: string[] = []
  const collected: Promotion[] = []
  for (const code of stored.promotionCodes ?? []) {
    const p = promotionByCode(s, code)
    if (!p || p.code === null) {
      addError({ key: 'promotion-not-found', messageKey: 'promotion-not-found', level: 20, block: false, message: `Promotion with code ${code} not found!`, parameters: { code }, top: { promotionCode: code } })
      continue
    }
    if (collected.some((c) => c.id === p.id)) continue
    keptCodes.push(p.code)
    collected.push(p)
  }
  const blockedIds = stored.blockedPromotionIds ?? []
  for (const p of automaticPromotions(s)) if (!blockedIds.includes(p.id)) collected.push(p)
  collected.sort((a, b) => b.priority - a.priority)

  const discounts: Array<{ json: JsonObject; price: CalculatedPrice }> = []
  const applied: string[] = []
  const apply = (p: Promotion, price: CalculatedPrice, composition: Json[]) => {
    discounts.push({ json: discountLineItem(p, price, priceJson(price), composition), price })
    applied.push(p.discountId)
    if (!previous.has(p.discountId)) {
      addError({ key: `promotion-discount-added-${p.discountId}`, messageKey: 'promotion-discount-added', level: 0, block: false, message: `Discount ${p.name} has been added`, parameters: { name: p.name, discountLineItemId: p.discountId } })
    }
  }
  // Eligible promotions put the promotions they exclude on a stack, in priority order (buildExclusions).
  const excluded = new Set<string>()
  for (const p of collected) {
    if (excluded.has(p.id) || !isEligible(p, productNet)) continue
    for (const id of p.exclusionIds) excluded.add(id)
  }
  /** Whether a promotion may apply; a code's promotion says why not (automatic ones stay silent, as in Shopware). */
  const applicable = (p: Promotion): boolean => {
    if (!isEligible(p, productNet)) {
      if (p.code !== null) {
        addError({ key: 'promotion-not-eligible', messageKey: 'promotion-not-eligible', level: 0, block: false, message: `Promotion ${p.name} not eligible for cart!`, parameters: { name: p.name }, top: { name: p.name } })
        reported.add(p.discountId)
      }
      return false
    }
    if (excluded.has(p.id)) {
      if (p.code !== null) {
        addError({ key: 'promotion-excluded', messageKey: 'promotion-excluded', level: 0, block: false, message: `Promotion ${p.name} was excluded for cart.`, parameters: { name: p.name }, top: { name: p.name } })
        reported.add(p.discountId)
      }
      return false
    }
    return true
  }
  const codePromotions = collected.filter((p) => p.code !== null)
  const deliveryPromotions: Promotion[] = []
  if (products.length === 0) {
    // PromotionProcessor: nothing to discount. Only entered codes are reported (see README: automatic ones would
    // otherwise put this notice on every empty cart).
    if (codePromotions.length > 0) {
      const names = codePromotions.map((p) => p.name)
      addError({ key: 'promotions-on-cart-price-zero-error', messageKey: 'promotions-on-cart-price-zero-error', level: 0, block: false, message: `Promotions ${names.join(', ')} were excluded for cart because the price of the cart is zero.`, parameters: { promotions: names.join(', ') }, top: { promotions: names } })
    }
  } else {
    for (const p of collected) {
      if (p.scope === 'delivery') {
        deliveryPromotions.push(p)
        continue
      }
      if (!applicable(p)) continue
      const price = cartDiscountPrice(p, productPrices)
      if (price.totalPrice === 0) continue
      const composition = products.map((line) => ({ id: line.json.id, quantity: line.price.quantity, discount: round2(Math.abs((line.price.totalPrice / (productNet || 1)) * price.totalPrice)) } as Json))
      apply(p, price, composition)
    }
  }

  // --- Deliveries (DeliveryProcessor, DeliveryCalculator); a cart of downloads only has none.
  const physicalLines = products.filter((p) => p.physical)
  const stateRow = shippingAddress ? (shippingAddress.country_state_id ? s.row('SELECT * FROM country_state WHERE id = ?', shippingAddress.country_state_id) : undefined)
    : context.countryStateId ? s.row('SELECT * FROM country_state WHERE id = ?', context.countryStateId) : undefined
  const deliveries: JsonObject[] = []
  const shippingPrices: CalculatedPrice[] = []
  if (physicalLines.length > 0) {
    const methods = s.rows('SELECT * FROM shipping_method ORDER BY position')
    const shippable = (m: Row) => m.available_country_isos === null || (JSON.parse(String(m.available_country_isos)) as string[]).includes(String(countryRow?.iso ?? ''))
    let method = methods.find((m) => m.id === context.shippingMethodId) ?? methods[0]
    if (!shippable(method)) {
      const replacement = methods.find(shippable) ?? method
      const name = String(s.translate(method.translations).name ?? method.technical_name)
      // Like the Storefront's BlockedShippingMethodSwitcher: the context gets an available method, so the
      // notice does not block the order (README "Cart": deviation).
      addError({ key: `shipping-method-blocked-${name}`, messageKey: 'shipping-method-blocked', level: 10, block: false, message: `Shipping method ${name} not available`, parameters: { name }, top: { name } })
      method = replacement
      context.shippingMethodId = String(replacement.id)
    }
    const rule = (JSON.parse(String(method.prices)) as Array<{ net: number; freeFromNet: number | null }>)[0] ?? { net: 0, freeFromNet: null }
    const goodsAfterDiscounts = productNet + discounts.reduce((sum, d) => sum + d.price.totalPrice, 0)
    const free = physicalLines.every((l) => l.shippingFree) || (rule.freeFromNet !== null && goodsAfterDiscounts >= rule.freeFromNet)
    // Tax type auto: the shipping costs carry the goods' tax rates in their proportions.
    const rules = percentageRules(physicalLines.map((l) => l.price))
    let shipping = netPrice(free ? 0 : rule.net, 1, rules)
    for (const p of deliveryPromotions) {
      if (!applicable(p) || shipping.totalPrice <= 0) continue
      const reduced = Math.max(0, shipping.totalPrice - Math.min(shipping.totalPrice, p.type === 'percentage' ? (shipping.totalPrice * p.value) / 100 : p.value))
      shipping = netPrice(reduced, 1, rules)
      apply(p, zeroPrice(), [])
    }
    shippingPrices.push(shipping)
    const deliveryRow = s.row('SELECT * FROM delivery_time WHERE id = ?', method.delivery_time_id)
    const day = 86_400_000
    const unitDays = deliveryRow?.unit === 'week' ? 7 : 1
    const now = Date.now()
    const deliveryDate = {
      earliest: new Date(now + Number(deliveryRow?.min ?? 1) * unitDays * day).toISOString(),
      latest: new Date(now + Number(deliveryRow?.max ?? 3) * unitDays * day).toISOString(),
      apiAlias: 'cart_delivery_date',
    }
    deliveries.push({
      deliveryDate,
      location: compact({ country: countryJson, state: stateRow ? countryState(s, stateRow) : null, apiAlias: 'cart_delivery_shipping_location' } as JsonObject),
      positions: physicalLines.map((l) => ({ identifier: l.json.id, quantity: l.price.quantity, price: l.json.price, deliveryDate, apiAlias: 'cart_delivery_position' } as JsonObject)),
      shippingCosts: priceJson(shipping),
      shippingMethod: shippingMethod(s, String(method.id)),
      apiAlias: 'cart_delivery',
    } as JsonObject)
  }

  // Discounts that were in the cart and are gone (the customer did not remove them: that clears discountIds).
  for (const id of previous) {
    if (applied.includes(id) || reported.has(id)) continue
    const row = s.row('SELECT promotion_id FROM promotion_discount WHERE id = ?', id)
    const p = row ? promotionById(s, String(row.promotion_id)) : undefined
    if (!p) continue
    addError({ key: `promotion-discount-deleted-${id}`, messageKey: 'promotion-discount-deleted', level: 0, block: false, message: `Discount ${p.name} has been removed`, parameters: { name: p.name, discountLineItemId: id } })
  }

  // --- Amount (AmountCalculator: net, horizontal; tax-free: the taxless prices sum to the same net and total)
  const lineItems = [...products.map((p) => p.json), ...discounts.map((d) => d.json)]
  const amount = cartAmount([...productPrices, ...discounts.map((d) => d.price)], shippingPrices)

  // --- Payment method availability (PaymentMethodValidator + the Storefront's BlockedPaymentMethodSwitcher)
  const payments = s.rows('SELECT * FROM payment_method ORDER BY position')
  const payable = (m: Row) => m.max_cart_net === null || amount.netPrice <= Number(m.max_cart_net)
  let payment = payments.find((m) => m.id === context.paymentMethodId) ?? payments[0]
  if (lineItems.length > 0 && !payable(payment)) {
    const replacement = payments.find(payable) ?? payment
    const name = String(s.translate(payment.translations).name ?? payment.technical_name)
    addError({ key: `payment-method-blocked-${name}`, messageKey: 'payment-method-blocked', level: 10, block: false, message: `Payment method ${name} not available. Reason: the cart exceeds ${String(payment.max_cart_net)} net`, parameters: { name }, top: { name } })
    payment = replacement
    context.paymentMethodId = String(replacement.id)
  }

  // --- Addresses (AddressValidator)
  const validateShipping = products.length === 0 || physicalLines.length > 0
  if (countryRow && countryRow.shipping_available !== 1 && validateShipping) {
    const name = String(s.translate(countryRow.translations).name ?? countryRow.iso)
    addError({ key: `shipping-address-blocked-${name}`, messageKey: 'shipping-address-blocked', level: 20, block: true, message: `Shippings to shipping address ${name} are not possible.`, parameters: { name }, top: { name } })
  } else if (customer && billingAddress && shippingAddress) {
    const billingCountry = s.row('SELECT * FROM country WHERE id = ?', billingAddress.country_id)
    if (billingCountry && billingCountry.billing_allowed !== 1) {
      const name = String(s.translate(billingCountry.translations).name ?? billingCountry.iso)
      addError({ key: `billing-address-blocked-${name}`, messageKey: 'billing-address-blocked', level: 20, block: true, message: `Billings to billing address ${name} are not possible.`, parameters: { name }, top: { name } })
    }
    const invalid = (address: Row, billing: boolean) => {
      const violations = addressViolations(address)
      if (violations.length === 0) return
      const key = `${billing ? 'billing' : 'shipping'}-address-invalid`
      addError({ key, messageKey: key, level: 20, block: true, message: `Please check your ${billing ? 'billing' : 'shipping'} address for missing or invalid values.`, parameters: { isBillingAddress: billing, violations } })
    }
    invalid(billingAddress, true)
    if (validateShipping && shippingAddress.id !== billingAddress.id) invalid(shippingAddress, false)
    const salutationMissing = (address: Row, kind: 'billing' | 'shipping') => {
      const key = `salutation-missing-${kind}-address`
      addError({
        key, messageKey: key, level: 10, block: true, parameters: { addressId: String(address.id) }, top: { parameters: { addressId: String(address.id) } },
        message: `A salutation needs to be defined for the ${kind} address "${String(address.first_name)} ${String(address.last_name)}, ${String(address.zipcode ?? '')} ${String(address.city)}".`,
      })
    }
    if (!billingAddress.salutation_id) salutationMissing(billingAddress, 'billing')
    else if (!shippingAddress.salutation_id && validateShipping) salutationMissing(shippingAddress, 'shipping')
  }

  const errorList = Object.values(errors)
  const price: JsonObject = {
    netPrice: amount.netPrice, totalPrice: amount.totalPrice, positionPrice: amount.positionPrice, rawTotal: amount.rawTotal, taxStatus: taxFree ? 'tax-free' : 'net',
    calculatedTaxes: amount.calculatedTaxes.map((t) => ({ ...t, apiAlias: 'cart_tax_calculated' })),
    taxRules: amount.taxRules.map((r) => ({ ...r, apiAlias: 'cart_tax_rule' })),
    apiAlias: 'cart_price',
  }
  const body: JsonObject = {
    name: 'sales-channel', token, price, lineItems, errors: errorList.length ? errors : [], deliveries,
    transactions: lineItems.length
      ? [{ paymentMethodId: String(payment.id), amount: priceJson(netPrice(amount.totalPrice, 1, [])), validationStruct: null, apiAlias: 'cart_transaction' }]
      : [],
    modified: false, customerComment: null, affiliateCode: null, campaignCode: null, apiAlias: 'cart',
  }
  const next: StoredCart = { lineItems: kept }
  if (keptCodes.length) next.promotionCodes = keptCodes
  if (blockedIds.length) next.blockedPromotionIds = blockedIds
  if (applied.length) next.discountIds = applied
  return { body, stored: next, context, blocking: errorList.some((e) => e.block === true) }
}
