/**
 * Shopware's price arithmetic for a net tax state (NetPriceCalculator, TaxCalculator,
 * PercentageTaxRuleBuilder, PercentagePriceCalculator, AbsolutePriceCalculator, AmountCalculator with
 * the sales channel's `horizontal` tax calculation), to the cent. Pure functions: unit-tested in
 * cart-prices.test.ts against hand-computed amounts.
 */

export interface TaxRule { taxRate: number; percentage: number }
export interface CalculatedTax { tax: number; taxRate: number; price: number }
export interface CalculatedPrice {
  unitPrice: number
  quantity: number
  totalPrice: number
  calculatedTaxes: CalculatedTax[]
  taxRules: TaxRule[]
}

/**
 * PHP's round($n, 2) (half away from zero). The product is taken to 15 significant digits first, as PHP's
 * pre-rounding does, so that 1.005 × 100 = 100.49999… still rounds up.
 */
export function round2(n: number): number {
  const scaled = Number((Math.abs(n) * 100).toPrecision(15))
  const rounded = Math.round(scaled) / 100
  return n < 0 ? -rounded : rounded
}

/** TaxCalculator::calculateNetTaxes for one unit, then NetPriceCalculator: tax and price per rule × quantity, rounded. */
export function netPrice(unit: number, quantity: number, rules: TaxRule[]): CalculatedPrice {
  const unitPrice = round2(unit)
  const calculatedTaxes = rules.map((rule) => {
    const net = (unitPrice / 100) * rule.percentage
    const tax = net * (rule.taxRate / 100)
    return { tax: round2(tax * quantity), taxRate: rule.taxRate, price: round2(net * quantity) }
  })
  return { unitPrice, quantity, totalPrice: round2(unitPrice * quantity), calculatedTaxes, taxRules: rules }
}

/** CalculatedTaxCollection::merge: taxes and prices added per rate (already rounded per price), in first-seen order. */
export function mergeTaxes(prices: CalculatedPrice[]): CalculatedTax[] {
  const byRate = new Map<number, CalculatedTax>()
  for (const p of prices) {
    for (const t of p.calculatedTaxes) {
      const entry = byRate.get(t.taxRate) ?? { tax: 0, taxRate: t.taxRate, price: 0 }
      entry.tax += t.tax
      entry.price += t.price
      byRate.set(t.taxRate, entry)
    }
  }
  return [...byRate.values()].map((t) => ({ tax: round2(t.tax), taxRate: t.taxRate, price: round2(t.price) }))
}

/** PercentageTaxRuleBuilder::buildRules on the sum of prices: each rate's share of the net total. */
export function percentageRules(prices: CalculatedPrice[]): TaxRule[] {
  const total = prices.reduce((sum, p) => sum + p.totalPrice, 0)
  return mergeTaxes(prices).map((t) => ({ taxRate: t.taxRate, percentage: total > 0 ? (t.price / total) * 100 : 0 }))
}

/** PercentagePriceCalculator: `percentage` of the summed prices (negative for a discount), spread over their tax rates. */
export function percentagePrice(percentage: number, prices: CalculatedPrice[]): CalculatedPrice {
  const total = prices.reduce((sum, p) => sum + p.totalPrice, 0)
  return netPrice(round2((total / 100) * percentage), 1, percentageRules(prices))
}

/** AbsolutePriceCalculator: a fixed amount (negative for a discount), spread over the prices' tax rates. */
export function absolutePrice(amount: number, prices: CalculatedPrice[]): CalculatedPrice {
  return netPrice(amount, 1, percentageRules(prices))
}

export interface CartAmount {
  netPrice: number
  totalPrice: number
  positionPrice: number
  rawTotal: number
  calculatedTaxes: CalculatedTax[]
  taxRules: TaxRule[]
}

/** AmountCalculator::calculateNetAmount, horizontal: the line items' own (rounded) taxes summed per rate. */
export function cartAmount(positions: CalculatedPrice[], shippingCosts: CalculatedPrice[]): CartAmount {
  const all = [...positions, ...shippingCosts]
  const net = all.reduce((sum, p) => sum + p.totalPrice, 0)
  const calculatedTaxes = mergeTaxes(all)
  const taxAmount = calculatedTaxes.reduce((sum, t) => sum + t.tax, 0)
  return {
    netPrice: round2(net),
    totalPrice: round2(net + taxAmount),
    positionPrice: round2(positions.reduce((sum, p) => sum + p.totalPrice, 0)),
    rawTotal: net + taxAmount,
    calculatedTaxes,
    taxRules: percentageRules(all),
  }
}
