import { createHash } from 'node:crypto'
import type { Json, JsonObject } from './criteria'
import type { Serializer } from './entities'
import { absolutePrice, netPrice, percentagePrice, type CalculatedPrice } from './cart-prices'

type Row = Record<string, string | number | null>

export interface Promotion {
  id: string
  code: string | null
  name: string
  priority: number
  minPositionNet: number | null
  exclusionIds: string[]
  discountId: string
  scope: 'cart' | 'delivery'
  type: 'percentage' | 'absolute'
  value: number
  maxValue: number | null
}

/** Uuid::fromStringToHex: the md5 of the string as hex, which is how Shopware names a code's placeholder line item. */
export function uuidFromString(text: string): string {
  return createHash('md5').update(text).digest('hex')
}

/** The id of the placeholder line item `{type:'promotion', referencedId: CODE}` (PromotionItemBuilder::buildPlaceholderItem). */
export function promotionPlaceholderId(code: string): string {
  return uuidFromString(`promotion-${code}`)
}

function toPromotion(s: Serializer, r: Row): Promotion {
  return {
    id: String(r.id), code: r.code === null ? null : String(r.code), name: String(s.translate(r.translations).name ?? r.code ?? ''),
    priority: Number(r.priority), minPositionNet: r.min_position_net === null ? null : Number(r.min_position_net),
    exclusionIds: JSON.parse(String(r.exclusion_ids)) as string[], discountId: String(r.discount_id), scope: r.scope as Promotion['scope'],
    type: r.type as Promotion['type'], value: Number(r.value), maxValue: r.max_value === null ? null : Number(r.max_value),
  }
}

const SELECT = 'SELECT p.*, d.id AS discount_id, d.scope, d.type, d.value, d.max_value FROM promotion p JOIN promotion_discount d ON d.promotion_id = p.id WHERE p.active = 1'

/**
 * A code's promotion. Shopware looks codes up with an equals filter on MySQL's case-insensitive
 * collation, so `forst10` finds FORST10.
 */
export function promotionByCode(s: Serializer, code: string): Promotion | undefined {
  const r = s.row(`${SELECT} AND p.code = ? COLLATE NOCASE`, code.trim())
  return r ? toPromotion(s, r) : undefined
}

export function automaticPromotions(s: Serializer): Promotion[] {
  return s.rows(`${SELECT} AND p.code IS NULL ORDER BY p.priority DESC`).map((r) => toPromotion(s, r))
}

export function promotionById(s: Serializer, id: string): Promotion | undefined {
  const r = s.row(`${SELECT} AND p.id = ?`, id)
  return r ? toPromotion(s, r) : undefined
}

/** The promotion's cart rule: net product positions (before discounts) reach the minimum. */
export function isEligible(p: Promotion, productPositionNet: number): boolean {
  return p.minPositionNet === null || productPositionNet >= p.minPositionNet
}

/**
 * Cart-scope discount over the product prices: percentage (PercentagePriceCalculator, capped by maxValue)
 * or absolute (never more than the goods are worth, as DiscountAbsoluteCalculator caps it).
 */
export function cartDiscountPrice(p: Promotion, products: CalculatedPrice[]): CalculatedPrice {
  const goods = products.reduce((sum, price) => sum + price.totalPrice, 0)
  if (p.type === 'percentage') {
    const price = percentagePrice(-p.value, products)
    if (p.maxValue !== null && -price.totalPrice > p.maxValue) return absolutePrice(-p.maxValue, products)
    return price
  }
  return absolutePrice(-Math.min(p.value, goods), products)
}

/** The discount line item as Shopware's PromotionItemBuilder / PromotionCalculator leave it in the cart. */
export function discountLineItem(p: Promotion, price: CalculatedPrice, priceJson: JsonObject, composition: Json[]): JsonObject {
  return {
    id: p.discountId, referencedId: p.code ?? '', label: p.name, description: p.name, quantity: 1, type: 'promotion',
    good: false, removable: true, stackable: false, modified: false,
    payload: {
      promotionId: p.id, discountId: p.discountId, discountType: p.type, code: p.code ?? '', value: String(p.value),
      maxValue: p.maxValue === null ? '' : String(p.maxValue), discountScope: p.scope, priority: p.priority,
      promotionCodeType: p.code === null ? 'auto' : 'global', preventCombination: false, exclusions: p.exclusionIds, groupId: '',
      setGroups: [], filter: { sorterKey: null, applierKey: null, usageKey: null, pickerKey: null }, composition,
    },
    price: priceJson,
    priceDefinition: p.type === 'percentage'
      ? { percentage: -p.value, filter: null, isCalculated: true, type: 'percentage', apiAlias: 'cart_price_percentage' }
      : { price: price.totalPrice, quantity: 1, isCalculated: true, filter: null, type: 'absolute', apiAlias: 'cart_price_absolute' },
    states: [], apiAlias: 'line_item',
  } as JsonObject
}

/** A delivery discount's line item carries no price of its own (PromotionDeliveryCalculator::addFakeLineitem). */
export function zeroPrice(): CalculatedPrice {
  return netPrice(0, 1, [])
}
