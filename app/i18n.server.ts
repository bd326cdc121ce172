import i18next, { type i18n, type Resource, type TFunction } from 'i18next'
import { i18nConfig } from './i18n'
import type { Locale } from './lib/locale'

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true })

const resources: Resource = {}
for (const [path, mod] of Object.entries(files)) {
  const [, lng, file] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/)!
  resources[lng] ??= {}
  resources[lng][file.replace('.json', '')] = mod.default
}

// Initialised once per process (full init per request cost ~9% CPU).
const root: i18n = i18next.createInstance()
void root.init({ ...i18nConfig, resources, lng: i18nConfig.fallbackLng, initImmediate: false })

// The server never changes an instance's language, so one clone per locale serves every request.
const perLocale = new Map<Locale, i18n>()

/** The i18next instance that renders pages in `locale`, sharing the loaded resources. */
export function i18nOf(locale: Locale): i18n {
  let instance = perLocale.get(locale)
  if (!instance) {
    instance = root.cloneInstance({ lng: locale, initImmediate: false })
    perLocale.set(locale, instance)
  }
  return instance
}

export function getT(locale: Locale, ns: string | readonly string[] = i18nConfig.defaultNS): TFunction {
  return root.getFixedT(locale, ns as string | string[])
}

export { resources as serverResources }
