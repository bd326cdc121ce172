import { languageTags, type Locale } from './locale'

/**
 * Numbers as Intl writes them in the page languages, without Intl in the common cases (days: ./format-date):
 * a browser loads Intl's locale data on the first NumberFormat or DateTimeFormat of a page, which
 * costs 40–280 ms of main thread each here (Lighthouse counts it four times), in the middle
 * of hydration. The unit tests compare every function with Intl over many values; anything outside
 * the cases written out here is handed to Intl.
 */

const separators: Record<Locale, { group: string; decimal: string }> = {
  de: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
  fr: { group: '\u202f', decimal: ',' },
}

/**
 * `value` with at most `maximumFractionDigits` (and at least `minimumFractionDigits`) decimals and
 * grouped thousands, as `Intl.NumberFormat(tag, { maximumFractionDigits })` writes it. Rounding is
 * half away from zero on the shortest decimal form of the number, as ICU does (2.675 gives 2.68).
 */
export function formatDecimal(locale: Locale, value: number, maximumFractionDigits: number, minimumFractionDigits = 0): string {
  const abs = Math.abs(value)
  const digits = String(abs)
  if (!(abs < 1e13) || digits.includes('e')) {
    return new Intl.NumberFormat(languageTags[locale], { maximumFractionDigits, minimumFractionDigits }).format(value)
  }
  const scaled = String(Math.round(Number(`${digits}e${maximumFractionDigits}`))).padStart(maximumFractionDigits + 1, '0')
  const units = scaled.slice(0, scaled.length - maximumFractionDigits)
  let fraction = scaled.slice(scaled.length - maximumFractionDigits)
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  const { group, decimal } = separators[locale]
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  return `${sign}${units.replace(/\B(?=(\d{3})+$)/g, group)}${fraction ? decimal + fraction : ''}`
}

const euro: Record<Locale, (amount: string) => string> = {
  de: (amount) => `${amount}\u00a0€`,
  en: (amount) => `€${amount}`,
  fr: (amount) => `${amount}\u00a0€`,
}

/** Euros as `Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' })` writes them. */
export function formatEuro(locale: Locale, value: number): string {
  const amount = formatDecimal(locale, Math.abs(value), 2, 2)
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${euro[locale](amount)}`
}

/** Between a number and its unit: a narrow no-break space in French, a plain space otherwise. */
const unitSpace: Record<Locale, string> = { de: ' ', en: ' ', fr: '\u202f' }

/** Kilograms with up to three decimals, as Intl's `style: 'unit', unit: 'kilogram'` writes them. */
export function formatKilograms(locale: Locale, kilograms: number): string {
  return `${formatDecimal(locale, kilograms, 3)}${unitSpace[locale]}kg`
}
