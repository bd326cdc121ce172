import { randomUUID } from 'node:crypto'

/** The value of a cc_cookie as the shop writes it after a choice of consent categories (spec section 3). */
export function consentCookieValue(categories: string[] = ['necessary']): string {
  const now = new Date()
  const record = {
    categories,
    revision: 1,
    data: null,
    consentTimestamp: now.toISOString(),
    consentId: randomUUID(),
    services: { necessary: [], messurement: [], functional: [] },
    languageCode: 'de',
    lastConsentTimestamp: now.toISOString(),
    expirationTime: now.getTime() + 182 * 86_400_000,
  }
  return encodeURIComponent(JSON.stringify(record))
}
