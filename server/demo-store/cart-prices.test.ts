import { describe, expect, it } from 'vitest'
import { absolutePrice, cartAmount, netPrice, percentagePrice, percentageRules, round2 } from './cart-prices'

describe('round2 (PHP round to cents, half away from zero)', () => {
  it('rounds binary halves up as PHP does', () => {
    expect(round2(1.005)).toBe(1.01)
    expect(round2(2.675)).toBe(2.68)
    expect(round2(0.285)).toBe(0.29)
    expect(round2(-2.675)).toBe(-2.68)
    expect(round2(11.3943)).toBe(11.39)
  })
})

describe('net prices with VAT per rate (horizontal tax calculation)', () => {
  const winchParts = netPrice(19.99, 3, [{ taxRate: 19, percentage: 100 }])
  const books = netPrice(39.9, 2, [{ taxRate: 7, percentage: 100 }])

  it('takes the unit price times the quantity and the tax of one unit times the quantity, each rounded', () => {
    expect(winchParts).toMatchObject({ unitPrice: 19.99, totalPrice: 59.97, calculatedTaxes: [{ taxRate: 19, tax: 11.39, price: 59.97 }] })
    expect(books).toMatchObject({ totalPrice: 79.8, calculatedTaxes: [{ taxRate: 7, tax: 5.59, price: 79.8 }] })
  })

  it('spreads a percentage discount and the shipping costs over the tax rates in their shares, to the cent', () => {
    const goods = [winchParts, books]
    // 59.97 of 139.77 carry 19 %, 79.80 carry 7 %.
    const rules = percentageRules(goods)
    expect(rules.map((r) => r.taxRate)).toEqual([19, 7])
    expect(rules[0].percentage + rules[1].percentage).toBeCloseTo(100, 10)

    const discount = percentagePrice(-10, goods)
    expect(discount.totalPrice).toBe(-13.98)
    expect(discount.calculatedTaxes).toEqual([
      { taxRate: 19, price: -6, tax: -1.14 },
      { taxRate: 7, price: -7.98, tax: -0.56 },
    ])

    const shipping = netPrice(6.9, 1, rules)
    expect(shipping.calculatedTaxes).toEqual([
      { taxRate: 19, price: 2.96, tax: 0.56 },
      { taxRate: 7, price: 3.94, tax: 0.28 },
    ])

    const amount = cartAmount([...goods, discount], [shipping])
    expect(amount.positionPrice).toBe(125.79)
    expect(amount.netPrice).toBe(132.69)
    expect(amount.calculatedTaxes).toEqual([
      { taxRate: 19, price: 56.93, tax: 10.81 },
      { taxRate: 7, price: 75.76, tax: 5.31 },
    ])
    expect(amount.totalPrice).toBe(148.81)
    // The VAT lines add up to the net total, and net plus VAT is the total: nothing is lost to rounding.
    expect(round2(amount.calculatedTaxes.reduce((sum, t) => sum + t.price, 0))).toBe(amount.netPrice)
    expect(round2(amount.netPrice + amount.calculatedTaxes.reduce((sum, t) => sum + t.tax, 0))).toBe(amount.totalPrice)
  })

  it('spreads an absolute discount over the tax rates', () => {
    const discount = absolutePrice(-5, [winchParts, books])
    expect(discount.totalPrice).toBe(-5)
    // 5 × 42.906 % = 2.145 → -2.15 (tax -0.41), 5 × 57.094 % = 2.855 → -2.85 (tax -0.20).
    expect(discount.calculatedTaxes).toEqual([
      { taxRate: 19, price: -2.15, tax: -0.41 },
      { taxRate: 7, price: -2.85, tax: -0.2 },
    ])
  })
})
