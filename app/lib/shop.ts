// Facts about the shop itself that the shell shows and that structured data repeats.
// Kept in code, not in the store, because the Store API has no field for them.

/** Phone number as dialled (tel: link, JSON-LD) and as printed. */
export const shopPhone = { e164: '+4971519876500', display: '+49 7151 98765-0' } as const

/** schema.org day names; index 0 is Monday so visible text can be built from them. */
export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type Weekday = (typeof weekdays)[number]

export interface OpeningHours {
  days: readonly Weekday[]
  /** 24 h clock, HH:MM */
  opens: string
  closes: string
}

/** Spec section 1: Monday to Friday 8–17, Saturday 9–12. */
export const openingHours: readonly OpeningHours[] = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '17:00' },
  { days: ['Saturday'], opens: '09:00', closes: '12:00' },
]

/** Locale-neutral paths of the legal pages the consent dialog links to (spec section 2). */
export const legalPaths = {
  privacy: { de: '/datenschutzerklaerung/', en: '/en/privacy-policy/', fr: '/fr/declaration-de-confidentialite/' },
  imprint: { de: '/impressum/', en: '/en/imprint/', fr: '/fr/mentions-legales/' },
} as const

/** Whether a path is one of the legal pages (with or without the trailing slash). */
export function isLegalPage(pathname: string): boolean {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  return Object.values(legalPaths).some((paths) => Object.values(paths).includes(path as never))
}
