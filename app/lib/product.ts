// Product rules shared by the server (mapping, validation) and the buy box (rendering):
// availability states, tier-price labels and purchase quantities. Pure functions, no store types.

/** The four availability states of the spec (section 4). */
export type Availability =
  | { state: 'available' }
  | { state: 'restock'; days: number }
  | { state: 'limited'; quantity: number }
  | { state: 'not-available' }

export interface StockFacts {
  available?: boolean
  availableStock?: number
  isCloseout?: boolean
  restockTime?: number | null
}

/**
 * Closeouts (sold only from stock) with at most this many pieces left show "only n available";
 * above it the number is no news for the shopper.
 */
export const LOW_STOCK_THRESHOLD = 10

/**
 * - A closeout without stock, or a product the store marks unavailable: not available.
 * - A closeout with little stock: only n available (it cannot be reordered).
 * - Any other product without stock but with a restock time: available again in that many days.
 * - Otherwise: available now (products that are not closeouts can be ordered beyond the stock).
 */
export function availability(facts: StockFacts): Availability {
  const stock = facts.availableStock ?? 0
  if (facts.available === false) return { state: 'not-available' }
  if (facts.isCloseout) {
    if (stock <= 0) return { state: 'not-available' }
    if (stock <= LOW_STOCK_THRESHOLD) return { state: 'limited', quantity: stock }
    return { state: 'available' }
  }
  if (stock <= 0 && facts.restockTime && facts.restockTime > 0) return { state: 'restock', days: facts.restockTime }
  return { state: 'available' }
}

/** schema.org availability for an Offer. */
export function schemaAvailability(value: Availability): string {
  switch (value.state) {
    case 'available':
      return 'https://schema.org/InStock'
    case 'restock':
      return 'https://schema.org/BackOrder'
    case 'limited':
      return 'https://schema.org/LimitedAvailability'
    case 'not-available':
      return 'https://schema.org/OutOfStock'
  }
}

export interface TierPrice {
  /** 'to': up to and including `quantity` pieces; 'from': `quantity` pieces and more (the last tier). */
  kind: 'to' | 'from'
  quantity: number
  unitPrice: number
  /** The higher price this tier replaces (a reseller's normal price), when the store names one. */
  listPrice?: number
}

/**
 * Shopware's calculatedPrices carry each tier's upper bound as `quantity`, except the last tier,
 * whose `quantity` is where it starts. Labels follow the spec: 'to N' for every tier but the last,
 * 'from N' for the last. A single price is no tier table (empty list).
 */
export function tierPrices(
  prices: readonly { quantity: number; unitPrice: number; listPrice?: { price?: number } | null }[] | undefined,
): TierPrice[] {
  if (!prices || prices.length < 2) return []
  return prices.map((price, index) => {
    const tier: TierPrice = {
      kind: index === prices.length - 1 ? 'from' : 'to',
      quantity: price.quantity,
      unitPrice: price.unitPrice,
    }
    const list = price.listPrice?.price
    if (typeof list === 'number' && list > price.unitPrice) tier.listPrice = list
    return tier
  })
}

export interface PurchaseRules {
  min: number
  step: number
  /** Undefined when the store sets no upper bound of its own. */
  max?: number
}

/** The cart's own ceiling when a product has no maxPurchase (Shopware's default max quantity). */
export const DEFAULT_MAX_PURCHASE = 100

function positiveInt(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined
}

/**
 * Quantity rules from the product: minPurchase (default 1), purchaseSteps (default 1) and the
 * smaller of maxPurchase / calculatedMaxPurchase (the latter includes the stock of closeouts).
 */
export function purchaseRules(product: {
  minPurchase?: number | null
  purchaseSteps?: number | null
  maxPurchase?: number | null
  calculatedMaxPurchase?: number | null
}): PurchaseRules {
  const min = positiveInt(product.minPurchase) ?? 1
  const step = positiveInt(product.purchaseSteps) ?? 1
  const bounds = [positiveInt(product.maxPurchase), positiveInt(product.calculatedMaxPurchase)].filter(
    (v): v is number => v !== undefined,
  )
  const max = bounds.length ? Math.max(min, Math.min(...bounds)) : undefined
  return max === undefined ? { min, step } : { min, step, max }
}

export type QuantityProblem = 'integer' | 'min' | 'max' | 'step'

/** Why a quantity breaks the rules, or undefined when it is fine. Steps count from the minimum, as in Shopware. */
export function quantityProblem(quantity: number, rules: PurchaseRules): QuantityProblem | undefined {
  if (!Number.isInteger(quantity)) return 'integer'
  if (quantity < rules.min) return 'min'
  if (rules.max !== undefined && quantity > rules.max) return 'max'
  if ((quantity - rules.min) % rules.step !== 0) return 'step'
  return undefined
}

