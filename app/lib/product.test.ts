import { describe, expect, it } from 'vitest'
import { availability, purchaseRules, quantityProblem, schemaAvailability, tierPrices } from './product'

describe('availability', () => {
  // The seed cases of server/demo-store/README.md.
  it('FS-10001 in stock: available now', () => {
    expect(availability({ available: true, availableStock: 344, isCloseout: false, restockTime: null })).toEqual({ state: 'available' })
  })
  it('FS-10003 stock 0, restock in 7 days, no closeout: available again in about a week', () => {
    expect(availability({ available: true, availableStock: 0, isCloseout: false, restockTime: 7 })).toEqual({ state: 'restock', days: 7 })
  })
  it('FS-10005 closeout with stock 4: only 4 available', () => {
    expect(availability({ available: true, availableStock: 4, isCloseout: true })).toEqual({ state: 'limited', quantity: 4 })
  })
  it('FS-10007 closeout without stock: not available', () => {
    expect(availability({ available: false, availableStock: 0, isCloseout: true })).toEqual({ state: 'not-available' })
    expect(availability({ available: true, availableStock: 0, isCloseout: true })).toEqual({ state: 'not-available' })
  })
  it('a closeout with plenty of stock is simply available; a normal product without stock or restock time can be ordered', () => {
    expect(availability({ available: true, availableStock: 50, isCloseout: true })).toEqual({ state: 'available' })
    expect(availability({ available: true, availableStock: 0, isCloseout: false, restockTime: null })).toEqual({ state: 'available' })
  })
  it('maps to schema.org availability', () => {
    expect(schemaAvailability({ state: 'available' })).toBe('https://schema.org/InStock')
    expect(schemaAvailability({ state: 'restock', days: 7 })).toBe('https://schema.org/BackOrder')
    expect(schemaAvailability({ state: 'limited', quantity: 4 })).toBe('https://schema.org/LimitedAvailability')
    expect(schemaAvailability({ state: 'not-available' })).toBe('https://schema.org/OutOfStock')
  })
})

describe('tier prices', () => {
  it("labels every tier 'to N' and the last one 'from N' (FS-31001: 69.00 / 65.55 / 62.10)", () => {
    expect(
      tierPrices([
        { quantity: 9, unitPrice: 69 },
        { quantity: 49, unitPrice: 65.55 },
        { quantity: 50, unitPrice: 62.1 },
      ]),
    ).toEqual([
      { kind: 'to', quantity: 9, unitPrice: 69 },
      { kind: 'to', quantity: 49, unitPrice: 65.55 },
      { kind: 'from', quantity: 50, unitPrice: 62.1 },
    ])
  })
  it('shows no table for a single price or none', () => {
    expect(tierPrices([{ quantity: 1, unitPrice: 3290 }])).toEqual([])
    expect(tierPrices([])).toEqual([])
    expect(tierPrices(undefined)).toEqual([])
  })
})

describe('purchase quantities', () => {
  it('reads min, steps and max (FS-60001: min 6, steps 6, max 480)', () => {
    expect(purchaseRules({ minPurchase: 6, purchaseSteps: 6, maxPurchase: 480, calculatedMaxPurchase: 480 })).toEqual({ min: 6, step: 6, max: 480 })
    expect(purchaseRules({})).toEqual({ min: 1, step: 1 })
    // A closeout's calculated maximum (its stock) is lower than its maxPurchase.
    expect(purchaseRules({ minPurchase: 1, maxPurchase: 50, calculatedMaxPurchase: 4 })).toEqual({ min: 1, step: 1, max: 4 })
  })
  it('counts steps from the minimum (FS-30001: min 2, steps 2)', () => {
    const rules = { min: 2, step: 2, max: 100 }
    expect(quantityProblem(2, rules)).toBeUndefined()
    expect(quantityProblem(4, rules)).toBeUndefined()
    expect(quantityProblem(3, rules)).toBe('step')
    expect(quantityProblem(1, rules)).toBe('min')
    expect(quantityProblem(102, rules)).toBe('max')
    expect(quantityProblem(2.5, rules)).toBe('integer')
    expect(quantityProblem(11, { min: 5, step: 3 })).toBe(undefined)
    expect(quantityProblem(10, { min: 5, step: 3 })).toBe('step')
  })
})
