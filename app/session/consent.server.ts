import { randomUUID } from 'node:crypto'
import { parse, serialize } from 'cookie'
import { z } from 'zod'
import { safeRedirectPath as sharedSafeRedirectPath } from '~/lib/links'
import { defaultLocale, getLocaleFromPath, type Locale } from '~/lib/locale'
import {
  consentCategories,
  consentRevision,
  cookieDomains,
  withdrawnCookies,
  type ConsentCategory,
  type ConsentState,
} from '~/components/shell/consent-types'

export const consentCookieName = 'cc_cookie'
/** Spec section 9: 182 days. */
export const consentMaxAgeSeconds = 182 * 24 * 60 * 60

/** The cc_cookie record (spec section 3), shaped like the one vanilla-cookieconsent writes. */
export interface ConsentRecord {
  categories: ConsentCategory[]
  revision: number
  data: null
  consentTimestamp: string
  consentId: string
  services: Record<ConsentCategory, string[]>
  languageCode: Locale
  lastConsentTimestamp: string
  /** ms since epoch */
  expirationTime: number
}

const categoryNames = Object.keys(consentCategories) as [ConsentCategory, ...ConsentCategory[]]
const categorySchema = z.enum(categoryNames)

const recordSchema = z.object({
  categories: z.array(categorySchema),
  revision: z.number(),
  data: z.null().catch(null),
  consentTimestamp: z.string().datetime(),
  consentId: z.string().uuid(),
  services: z.record(z.array(z.string())).catch({}),
  languageCode: z.string().catch(defaultLocale),
  lastConsentTimestamp: z.string().datetime(),
  expirationTime: z.number(),
})

/**
 * The stored consent when it is valid: it has an id, timestamps and a category list, and its
 * revision matches (spec section 5). Anything else counts as no consent.
 */
export function readConsent(request: Request, now: Date = new Date()): ConsentRecord | null {
  const raw = parse(request.headers.get('Cookie') ?? '')[consentCookieName]
  if (!raw) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  const result = recordSchema.safeParse(json)
  if (!result.success) return null
  const record = result.data
  if (record.revision !== consentRevision || record.expirationTime <= now.getTime()) return null
  if (!record.categories.includes('necessary')) return null
  return {
    ...record,
    categories: record.categories,
    services: servicesFor(record.categories),
    languageCode: getLocaleFromPath(`/${record.languageCode}`),
  }
}

/** What the shell needs to prefill the preferences dialog. */
export function consentState(record: ConsentRecord | null): ConsentState {
  return record ? { given: true, categories: record.categories } : { given: false, categories: ['necessary'] }
}

function servicesFor(categories: readonly ConsentCategory[]): Record<ConsentCategory, string[]> {
  return Object.fromEntries(
    categoryNames.map((category) => [category, categories.includes(category) ? [...consentCategories[category]] : []]),
  ) as Record<ConsentCategory, string[]>
}

export function buildConsent(options: {
  categories: readonly ConsentCategory[]
  locale: Locale
  previous: ConsentRecord | null
  now?: Date
}): ConsentRecord {
  const now = options.now ?? new Date()
  // Necessary is read-only and always on, whatever the form sent.
  const categories = categoryNames.filter((c) => c === 'necessary' || options.categories.includes(c))
  return {
    categories,
    revision: consentRevision,
    data: null,
    consentTimestamp: options.previous?.consentTimestamp ?? now.toISOString(),
    consentId: options.previous?.consentId ?? randomUUID(),
    services: servicesFor(categories),
    languageCode: options.locale,
    lastConsentTimestamp: now.toISOString(),
    expirationTime: now.getTime() + consentMaxAgeSeconds * 1000,
  }
}

/** The separate stored preference of spec section 3, read by scripts that only ask "is service X on?". */
export const preferencesCookieName = 'cookieConsentPreferences'

export function consentPreferences(record: ConsentRecord): { acceptedServices: Record<ConsentCategory, string[]> } {
  return { acceptedServices: servicesFor(record.categories) }
}

/**
 * Set-Cookie values: the consent record and the preferences cookie, plus expired copies of cookies
 * that belong to categories the visitor did not accept (host-only and on the shop's domain and its
 * parents, since a browser keeps those as separate cookies). Secure follows the page protocol, as
 * vanilla-cookieconsent does, so consent also works on a plain-http intranet install.
 */
export function consentCookieHeaders(record: ConsentRecord, request: Request, secure: boolean): string[] {
  const options = { maxAge: consentMaxAgeSeconds, path: '/', sameSite: 'lax', secure } as const
  const headers = [
    serialize(consentCookieName, JSON.stringify(record), options),
    serialize(preferencesCookieName, JSON.stringify(consentPreferences(record)), options),
  ]
  const present = Object.keys(parse(request.headers.get('Cookie') ?? ''))
  const domains = cookieDomains(new URL(request.url).hostname)
  const expired = { maxAge: 0, expires: new Date(0), path: '/', sameSite: 'lax', secure } as const
  for (const name of withdrawnCookies(present, record.categories)) {
    headers.push(serialize(name, '', expired))
    for (const domain of domains) headers.push(serialize(name, '', { ...expired, domain }))
  }
  return headers
}

/**
 * Where the consent form returns to: a path that passed the shared redirect check (links.ts), without
 * the parameter that opened the dialog; anything refused goes to `fallback`.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  const path = sharedSafeRedirectPath(value)
  if (!path) return fallback
  const url = new URL(path, 'http://same.invalid')
  if (!url.searchParams.has('cookie-preferences')) return path
  url.searchParams.delete('cookie-preferences')
  // Re-serialising the query changes its encoding, so the result goes through the check again.
  return sharedSafeRedirectPath(`${url.pathname}${url.search}${url.hash}`) ?? fallback
}

export const consentFormSchema = z.object({
  intent: z.enum(['accept-all', 'necessary-only', 'save']),
  category: z.array(categorySchema).default([]),
  redirectTo: z.string().optional(),
})
export type ConsentForm = z.infer<typeof consentFormSchema>

/** The categories a submitted form accepts, by the button that was pressed. */
export function acceptedCategories(form: ConsentForm): ConsentCategory[] {
  if (form.intent === 'accept-all') return [...categoryNames]
  if (form.intent === 'necessary-only') return ['necessary']
  return ['necessary', ...form.category.filter((c) => c !== 'necessary')]
}
