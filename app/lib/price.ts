// How the shop shows a price: which of the store's calculated prices is the shopper's, what is struck
// through, and who is looking (the audience decides the labels and the reseller note).

/**
 * Who looks at prices. `visitor`: not logged in (anonymous or guest), invited to log in for reseller
 * prices; `customer`: logged in, normal prices; `reseller-pending`: logged in, asked for the reseller
 * group and waits for approval (normal prices); `reseller`: prices of the reseller group.
 */
export type PriceAudience = 'visitor' | 'customer' | 'reseller-pending' | 'reseller'

export const PRICE_AUDIENCES: readonly PriceAudience[] = ['visitor', 'customer', 'reseller-pending', 'reseller']

/** What a price display needs: net amount for one piece and, when there is one, the higher price it replaces. */
export interface ShownPrice {
  unitPrice: number
  /** Struck through: for a reseller the normal price, for everyone else the merchant's former price. */
  listPrice?: number
  /** Percent saved against `listPrice`, whole numbers (Shopware's ListPrice.percentage, rounded). */
  savingPercent?: number
}

interface ListPriceLike {
  price?: number
  percentage?: number
}

export interface CalculatedPriceLike {
  unitPrice?: number
  listPrice?: ListPriceLike | null
}

/**
 * The price for one piece the way Shopware's Storefront picks it: a customer group's (rule) prices
 * arrive in `calculatedPrices` (one entry per tier, even a single one), while Shopware computes
 * `calculatedPrice` from the product's default price only. So the first tier wins when there is one.
 */
export function pieceCalculatedPrice(product: {
  calculatedPrice?: CalculatedPriceLike
  calculatedPrices?: readonly CalculatedPriceLike[]
}): CalculatedPriceLike | undefined {
  return product.calculatedPrices?.[0] ?? product.calculatedPrice
}

/**
 * The price a product card (listing, CMS box, PDF catalogue) shows, as Shopware's storefront card
 * (price-unit.html.twig) does: for a family its cheapest variant (the customer group's cheapest price,
 * indexed per rule); with tier prices the lowest tier, the price from the largest quantity; else the
 * piece price. `from` when variants or tiers make it a starting price.
 */
export function cardPrice(product: {
  calculatedCheapestPrice?: unknown
  calculatedPrice?: CalculatedPriceLike
  calculatedPrices?: readonly CalculatedPriceLike[]
  childCount?: number | null
}): (ShownPrice & { from: boolean }) | undefined {
  const cheapest = product.calculatedCheapestPrice as (CalculatedPriceLike & { hasRange?: boolean }) | undefined
  const tiers = product.calculatedPrices ?? []
  const family = (product.childCount ?? 0) > 0
  const lowestTier = !family && tiers.length > 1 ? tiers[tiers.length - 1] : undefined
  const shown = shownPrice(lowestTier ?? (cheapest?.unitPrice !== undefined ? cheapest : pieceCalculatedPrice(product)))
  if (!shown) return undefined
  return { ...shown, from: family || cheapest?.hasRange === true || tiers.length > 1 }
}

/** A card's price fields (listing, CMS, finder): the amount, whether it is a 'from' price, and a higher list price with its saving. */
export function cardPriceFields(product: Parameters<typeof cardPrice>[0]): { price: number; fromPrice: boolean; listPrice?: number; savingPercent?: number } | undefined {
  const shown = cardPrice(product)
  if (!shown) return undefined
  return {
    price: shown.unitPrice,
    fromPrice: shown.from,
    ...(shown.listPrice !== undefined ? { listPrice: shown.listPrice, savingPercent: shown.savingPercent } : {}),
  }
}

/** A calculated price as shown: undefined without a positive amount; the list price only when it is higher. */
export function shownPrice(price: CalculatedPriceLike | undefined): ShownPrice | undefined {
  const unitPrice = price?.unitPrice
  if (typeof unitPrice !== 'number' || !(unitPrice > 0)) return undefined
  const result: ShownPrice = { unitPrice }
  const list = price?.listPrice
  if (list && typeof list.price === 'number' && list.price > unitPrice) {
    result.listPrice = list.price
    const percentage = typeof list.percentage === 'number' ? list.percentage : 100 - (unitPrice / list.price) * 100
    result.savingPercent = Math.round(percentage)
  }
  return result
}
