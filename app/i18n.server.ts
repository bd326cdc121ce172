import { defaultLocale, type Locale } from './lib/locale'
import { createTranslator, defaultNamespace, type LanguageBundles, type TFunction, type Translator } from './lib/translator'

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true })

const resources: Record<string, LanguageBundles> = {}
for (const [path, mod] of Object.entries(files)) {
  const [, lng, file] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/)!
  resources[lng] ??= {}
  resources[lng][file.replace('.json', '')] = mod.default
}

// German fills keys a language lacks.
function translatorFor(locale: Locale, consulted?: (namespace: string) => void): Translator {
  return createTranslator(locale, resources[locale] ?? {}, { language: defaultLocale, bundles: resources[defaultLocale] ?? {} }, consulted)
}

// One translator per locale for the whole process.
const perLocale = new Map<Locale, Translator>()

/** The translator for texts in `locale` outside a page's render (loaders, actions, mails, the PDF). */
export function translatorOf(locale: Locale): Translator {
  let translator = perLocale.get(locale)
  if (!translator) {
    translator = translatorFor(locale)
    perLocale.set(locale, translator)
  }
  return translator
}

/** The translator that renders one page in `locale`, noting in `used` the namespaces its texts are read from. */
export function pageTranslatorOf(locale: Locale, used: Set<string>): Translator {
  return translatorFor(locale, (namespace) => used.add(namespace))
}

export function getT(locale: Locale, ns: string | readonly string[] = defaultNamespace): TFunction {
  return translatorOf(locale).fixedT(ns)
}

export { resources as serverResources }
