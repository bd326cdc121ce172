import { PAGE_NAMESPACES_ID, type LanguageBundles } from './lib/translator'
// The consent dialog blocks every page of a first visit: its German texts ship with the client bundle
// so the dialog can still be read when the visitor's language bundle does not load (spec section 8).
import germanConsent from '../locales/de/consent.json'

/**
 * Namespaces the shell reads only once script runs (the header's wishlist count, the search box's
 * suggestions): the server names them for every page, so a page never hydrates without them.
 */
export const scriptOnlyNamespaces = ['listing', 'wishlist'] as const

export const namespaces = ['common', 'errors', 'content', 'listing', 'media', 'product', 'auth', 'account', 'demo', 'cart', 'checkout', 'wishlist', 'catalogue', 'contact', 'consent'] as const
export type Namespace = (typeof namespaces)[number]


/** Spec section 8: logged when a consent translation cannot be loaded. */
export const translationLoadFailure = 'Could not load translation for the language'

type Warn = (message: string, locale: string) => void
type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>

/**
 * A locale's bundles with a consent bundle guaranteed: a missing one is logged and replaced by the
 * German texts, so the dialog never shows bare keys.
 */
export function withConsentFallback(bundles: LanguageBundles | undefined, locale: string, warn: Warn): LanguageBundles {
  if (bundles?.consent) return bundles
  warn(translationLoadFailure, locale)
  return { ...bundles, consent: germanConsent }
}

/** Vite turns each locale file into its own chunk, so the browser loads only its language. */
const lazyFiles: LocaleFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

const warnInConsole: Warn = (message, locale) => console.warn(message, locale)

export interface LoadOptions {
  files?: LocaleFiles
  warn?: Warn
  /** Only these namespaces (the consent texts always). */
  only?: readonly string[]
  /** All but these. */
  except?: readonly string[]
}

export async function loadResources(locale: string, { files = lazyFiles, warn = warnInConsole, only, except }: LoadOptions = {}): Promise<Record<string, LanguageBundles>> {
  const wanted = (ns: string) => (only ? ns === 'consent' || only.includes(ns) : true) && !except?.includes(ns)
  const entries = Object.entries(files)
    .filter(([path]) => path.includes(`/locales/${locale}/`))
    .map(([path, load]) => [path.split('/').pop()!.replace('.json', ''), load] as const)
    .filter(([ns]) => wanted(ns))
  const loaded = await Promise.all(
    entries.map(async ([ns, load]) => {
      // Only the consent bundle has a fallback; any other failed chunk fails hydration as before.
      if (ns !== 'consent') return [ns, (await load()).default] as const
      return [ns, await load().then((m) => m.default, () => undefined)] as const
    }),
  )
  const bundles: LanguageBundles = {}
  for (const [ns, bundle] of loaded) if (bundle !== undefined) bundles[ns] = bundle
  return { [locale]: wanted('consent') ? withConsentFallback(bundles, locale, warn) : bundles }
}

/**
 * The namespaces the server rendered the page's texts from (`PageNamespaces`), or undefined when the
 * page does not name them: then the browser loads them all before hydrating.
 */
export function pageNamespaces(document: Pick<Document, 'getElementById'>): string[] | undefined {
  try {
    const list: unknown = JSON.parse(document.getElementById(PAGE_NAMESPACES_ID)?.textContent ?? 'null')
    return Array.isArray(list) && list.every((ns) => typeof ns === 'string') ? list : undefined
  } catch {
    return undefined
  }
}
