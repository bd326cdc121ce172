// The three shop languages. German is the default and carries no path prefix.
export const locales = ['de', 'en', 'fr'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'de'

// BCP 47 tags for <html lang>, hreflang and the Store API's translationCode.code
export const languageTags: Record<Locale, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`
}

/** The locale a path belongs to: '/en/...' is English, '/fr/...' French, everything else German. */
export function getLocaleFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1]
  return isLocale(first) && first !== defaultLocale ? first : defaultLocale
}

/** The path without its locale prefix, always starting with '/'. */
export function stripLocale(pathname: string): string {
  const locale = getLocaleFromPath(pathname)
  if (locale === defaultLocale) return pathname || '/'
  const rest = pathname.slice(locale.length + 1)
  return rest.startsWith('/') ? rest : `/${rest}`
}

/** A locale-neutral path ('/foo/') as seen in the given locale ('/en/foo/'). */
export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  const prefix = localePrefix(locale)
  if (!prefix) return clean
  return clean === '/' ? prefix : `${prefix}${clean}`
}
