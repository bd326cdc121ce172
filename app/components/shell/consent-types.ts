// Shared by the preferences dialog (browser) and the consent cookie (server).

/** Spec section 9: a stored consent with another revision is invalid. */
export const consentRevision = 1

/** Categories and their services (spec section 3). "messurement" is spelled as the spec spells it. */
export const consentCategories = {
  necessary: [],
  messurement: ['tagManager', 'analytics', 'ads'],
  functional: ['chatWidget', 'videoPlayer'],
} as const satisfies Record<string, readonly string[]>

export type ConsentCategory = keyof typeof consentCategories
export type ConsentService = (typeof consentCategories)[ConsentCategory][number]

/** What the root loader passes to the shell about the stored consent. */
export interface ConsentState {
  given: boolean
  categories: ConsentCategory[]
}

/** Cookies a category leaves behind (spec section 3); cleared when the category is not (or no longer) accepted. */
export const categoryCookies: Partial<Record<ConsentCategory, RegExp>> = {
  messurement: /^(_ga|_gid|_gat|_gac)(_|$)/,
}

/**
 * The domains a cookie of this host may have been set on: the host itself and each parent with at
 * least two labels (analytics scripts set `_ga` on the registrable parent domain, e.g. example.com for
 * shop.example.com). An IP address or a single-label host has no parent.
 */
export function cookieDomains(hostname: string): string[] {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return [hostname]
  const labels = hostname.split('.')
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))
}

/** Names of the cookies in `names` that belong to categories outside `accepted`. */
export function withdrawnCookies(names: readonly string[], accepted: readonly ConsentCategory[]): string[] {
  return names.filter((name) =>
    Object.entries(categoryCookies).some(([category, pattern]) => !accepted.includes(category as ConsentCategory) && pattern.test(name)),
  )
}
