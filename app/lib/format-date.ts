import { languageTags, type Locale } from './locale'

// Apart from ./format, which prices need on every page: only the product page's reviews show days.

const months: Record<Locale, string[] | undefined> = {
  de: undefined,
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
}

/**
 * A day in UTC as `Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' })` writes
 * it, without Intl's locale data (see ./format).
 */
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
