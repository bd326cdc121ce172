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
