import { defaultLocale, type Locale } from './lib/locale'
import { createTranslator, defaultNamespace, type LanguageBundles, type TFunction, type Translator } from './lib/translator'

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true })

const resources: Record<string, LanguageBundles> = {}
for (const [path, mod] of Object.entries(files)) {
  const [, lng, file] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/)!
  resources[lng] ??= {}
  resources[lng][file.replace('.json', '')] = mod.default
}

// One translator per locale for the whole process; German fills keys a language lacks.
const perLocale = new Map<Locale, Translator>()

/** The translator that renders pages in `locale`. */
export function translatorOf(locale: Locale): Translator {
  let translator = perLocale.get(locale)
  if (!translator) {
    translator = createTranslator(locale, resources[locale] ?? {}, { language: defaultLocale, bundles: resources[defaultLocale] ?? {} })
    perLocale.set(locale, translator)
  }
  return translator
}

export function getT(locale: Locale, ns: string | readonly string[] = defaultNamespace): TFunction {
  return translatorOf(locale).fixedT(ns)
}

export { resources as serverResources }
