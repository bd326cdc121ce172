import { describe, expect, it } from 'vitest'
import { formatPrice } from './money'

describe('formatPrice', () => {
  it('formats euro amounts per page language', () => {
    expect(formatPrice('de', 2490)).toBe('2.490,00\u00a0€')
    expect(formatPrice('en', 2490)).toBe('€2,490.00')
    expect(formatPrice('fr', 2490.5)).toBe('2\u202f490,50\u00a0€')
  })
})
