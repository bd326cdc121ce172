import { describe, expect, it } from 'vitest'
import { formatDecimal, formatEuro, formatKilograms } from './format'
import { formatUtcDate } from './format-date'
import { languageTags, locales } from './locale'

// A fixed seed: the same values on every run.
function seeded(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
}

const edges = [0, -0, 0.004999, 0.005, 0.05, 1.005, 2.675, -2.675, 0.1 + 0.2, 9.995, 99.999, 999.995, 1000, 1234.5, -1234.5, 4.25, 10.7, 1e12 + 0.125, 123456789.987, 1e-7, 1e15, 1e21, NaN, Infinity, -Infinity]

/** Amounts from cents to millions with 0 to 4 decimals, some negative. */
function amounts(count: number): number[] {
  const random = seeded(20261126)
  return [...edges, ...Array.from({ length: count }, () => (Math.round(random() * 10 ** (2 + Math.floor(random() * 7))) / 10 ** Math.floor(random() * 5)) * (random() < 0.1 ? -1 : 1))]
}

describe('the page languages', () => {
  it('write weights, rates and review days their own way', () => {
    expect(formatKilograms('de', 420)).toBe('420 kg')
    expect(formatKilograms('de', 0.4)).toBe('0,4 kg')
    expect(formatKilograms('en', 1.25)).toBe('1.25 kg')
    expect(formatKilograms('fr', 1234.5)).toBe('1\u202f234,5\u202fkg')
    expect(formatDecimal('de', 10.7, 2)).toBe('10,7')
    expect(formatDecimal('en', 4.25, 1)).toBe('4.3')
    expect(formatUtcDate('de', new Date('2026-11-26T10:00:00Z'))).toBe('26.11.2026')
    expect(formatUtcDate('en', new Date('2026-09-02T10:00:00Z'))).toBe('2 Sept 2026')
    expect(formatUtcDate('fr', new Date('2026-02-02T10:00:00Z'))).toBe('2 févr. 2026')
  })
})

describe('formatting without Intl writes what Intl writes', () => {
  const values = amounts(2000)

  it.each(locales)('decimals with up to 0–3 fraction digits in %s', (locale) => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat(languageTags[locale], { maximumFractionDigits: digits })
      for (const value of values) expect(formatDecimal(locale, value, digits), `${value} ${digits}`).toBe(intl.format(value))
    }
  })

  it.each(locales)('euros in %s', (locale) => {
    const intl = new Intl.NumberFormat(languageTags[locale], { style: 'currency', currency: 'EUR' })
    for (const value of values) expect(formatEuro(locale, value), String(value)).toBe(intl.format(value))
  })

  it.each(locales)('kilograms in %s', (locale) => {
    const intl = new Intl.NumberFormat(languageTags[locale], { style: 'unit', unit: 'kilogram', maximumFractionDigits: 3 })
    for (const value of values) expect(formatKilograms(locale, value), String(value)).toBe(intl.format(value))
  })

  it.each(locales)('days in UTC in %s', (locale) => {
    const intl = new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeZone: 'UTC' })
    const random = seeded(7)
    const dates = [
      new Date(Date.UTC(-50, 0, 1)),
      new Date('0999-12-31T23:59:59Z'),
      new Date('2026-11-26T23:59:59.999Z'),
      ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, month + 1, 12))),
      ...Array.from({ length: 500 }, () => new Date(Date.UTC(1990, 0, 1) + Math.floor(random() * 60 * 365 * 86_400_000))),
    ]
    for (const date of dates) expect(formatUtcDate(locale, date), String(date.getTime())).toBe(intl.format(date))
    expect(() => formatUtcDate(locale, new Date(Number.NaN))).toThrow(RangeError)
  })
})
