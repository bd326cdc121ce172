import { formatEuro } from './format'
import { languageTags, type Locale } from './locale'

const formats = new Map<string, Intl.NumberFormat>()

/** A net amount in the shop currency, formatted for the page language (formatters are reused). */
export function formatPrice(locale: Locale, value: number, currency = 'EUR'): string {
  // Euros, the shop's currency, without Intl's locale data (see ./format).
  if (currency === 'EUR') return formatEuro(locale, value)
  const key = `${locale}:${currency}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(languageTags[locale], { style: 'currency', currency })
    formats.set(key, format)
  }
  return format.format(value)
}
