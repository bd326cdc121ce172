import { languageTags, type Locale } from './locale'

/**
 * Numbers and dates as Intl writes them in the page languages, without Intl in the common cases:
 * a browser loads Intl's locale data on the first NumberFormat or DateTimeFormat of a page, which
 * costs 40–150 ms of main thread each here (four times that on a mid-range phone), in the middle
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

const months: Record<Locale, string[] | undefined> = {
  de: undefined,
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
}

/** A day in UTC as `Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' })` writes it. */
export function formatUtcDate(locale: Locale, date: Date): string {
  const year = date.getUTCFullYear()
  // Invalid dates and years of other lengths are Intl's (it shortens some of them).
  if (!(year >= 1000 && year <= 9999)) return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
  const day = date.getUTCDate()
  const month = date.getUTCMonth()
  const names = months[locale]
  if (!names) return `${String(day).padStart(2, '0')}.${String(month + 1).padStart(2, '0')}.${year}`
  return `${day} ${names[month]} ${year}`
}
