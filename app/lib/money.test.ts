import { describe, expect, it } from 'vitest'
import { formatPrice } from './money'

describe('formatPrice', () => {
  it('formats euro amounts per page language', () => {
    expect(formatPrice('de', 2490)).toBe('2.490,00\u00a0€')
    expect(formatPrice('en', 2490)).toBe('€2,490.00')
    expect(formatPrice('fr', 2490.5)).toBe('2\u202f490,50\u00a0€')
    expect(formatPrice('de', -1.005)).toBe('-1,01\u00a0€')
  })

  it('formats other currencies through Intl', () => {
    expect(formatPrice('de', 12.5, 'CHF')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'CHF' }).format(12.5))
  })
})
