import { describe, expect, it } from 'vitest'
import { cartTotals } from '~/store/cart.server'
import { formatRate, totalsRows } from './cart-totals'

// A cart price as Shopware sends it for a net customer group (taxStatus net).
const cart = {
  price: {
    netPrice: 2541.9,
    totalPrice: 3023.23,
    positionPrice: 2531.9,
    rawTotal: 3023.23,
    taxStatus: 'net',
    calculatedTaxes: [
      { tax: 480.7, taxRate: 19, price: 2530 },
      { tax: 0.63, taxRate: 7, price: 9 },
    ],
  },
  deliveries: [{ shippingCosts: { unitPrice: 10, totalPrice: 10, quantity: 1 } }],
} as never

describe('cart totals', () => {
  it('reads net positions, net shipping, VAT per rate (ascending) and the gross total from the cart', () => {
    expect(cartTotals(cart)).toEqual({
      positionPrice: 2531.9,
      shippingCosts: 10,
      netPrice: 2541.9,
      taxes: [
        { rate: 7, tax: 0.63 },
        { rate: 19, tax: 480.7 },
      ],
      taxFree: false,
      totalPrice: 3023.23,
    })
    // A virtual cart has no deliveries: no shipping.
    expect(cartTotals({ price: undefined, deliveries: [] } as never)).toEqual({ positionPrice: 0, shippingCosts: 0, netPrice: 0, taxes: [], taxFree: false, totalPrice: 0 })
  })

  it('lists the rows the way an invoice reads, one VAT row per rate', () => {
    expect(totalsRows(cartTotals(cart), 'de').map((r) => [r.key, r.values ?? {}, r.amount])).toEqual([
      ['totals.positions', {}, 2531.9],
      ['totals.shipping', {}, 10],
      ['totals.net', {}, 2541.9],
      ['totals.tax', { rate: '7' }, 0.63],
      ['totals.tax', { rate: '19' }, 480.7],
      ['totals.total', {}, 3023.23],
    ])
    expect(totalsRows(cartTotals(cart), 'de', 'subtotal')).toEqual([{ key: 'totals.subtotal', amount: 2531.9, kind: 'subtotal' }])
  })

  it('names 0 % VAT and a total without VAT for a tax-free delivery (tax state tax-free)', () => {
    const taxFree = {
      price: { netPrice: 2541.9, totalPrice: 2541.9, positionPrice: 2531.9, rawTotal: 2541.9, taxStatus: 'tax-free', calculatedTaxes: [] },
      deliveries: [{ shippingCosts: { unitPrice: 10, totalPrice: 10, quantity: 1 } }],
    } as never
    expect(cartTotals(taxFree)).toMatchObject({ taxes: [], taxFree: true, totalPrice: 2541.9 })
    expect(totalsRows(cartTotals(taxFree), 'de').map((r) => [r.key, r.amount])).toEqual([
      ['totals.positions', 2531.9],
      ['totals.shipping', 10],
      ['totals.net', 2541.9],
      ['totals.taxFree', 0],
      ['totals.totalTaxFree', 2541.9],
    ])
  })

  it('writes a reduced rate the way the page language does', () => {
    expect(formatRate('de', 10.7)).toBe('10,7')
    expect(formatRate('en', 10.7)).toBe('10.7')
    expect(formatRate('fr', 5.5)).toBe('5,5')
  })
})
