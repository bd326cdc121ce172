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

// Initialised once per process; requests get cheap clones (full init per request cost ~9% CPU).
const root: i18n = i18next.createInstance()
void root.init({ ...i18nConfig, resources, lng: i18nConfig.fallbackLng, initImmediate: false })

/** An i18next instance for one request, sharing the loaded resources. */
export function createRequestI18n(locale: Locale): i18n {
  return root.cloneInstance({ lng: locale, initImmediate: false })
}

export function getT(locale: Locale, ns: string | readonly string[] = i18nConfig.defaultNS): TFunction {
  return root.getFixedT(locale, ns as string | string[])
}

export { resources as serverResources }
