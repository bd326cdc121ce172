import type { Resource } from 'i18next'
import { defaultLocale, locales } from './lib/locale'

export const namespaces = ['common', 'errors', 'content', 'listing', 'media', 'product', 'auth', 'account', 'demo', 'cart', 'checkout', 'wishlist', 'catalogue', 'contact'] as const
export type Namespace = (typeof namespaces)[number]

export const i18nConfig = {
  supportedLngs: [...locales],
  fallbackLng: defaultLocale,
  defaultNS: 'common' satisfies Namespace,
  ns: [...namespaces],
  interpolation: { escapeValue: false },
}

/** Vite turns each locale file into its own chunk, so the browser loads only its language. */
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

export async function loadResources(locale: string): Promise<Resource> {
  const entries = Object.entries(lazyFiles).filter(([path]) => path.includes(`/locales/${locale}/`))
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [path.split('/').pop()!.replace('.json', ''), (await load()).default] as const),
  )
  return { [locale]: Object.fromEntries(loaded) }
}
