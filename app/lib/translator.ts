/**
 * The shop's translation function, the same on the server and in the browser (docs/decisions/011).
 * It does what the texts in locales/ need and nothing more: `namespace:key` or the hook's
 * namespaces, dotted paths, `{{name}}` values, plurals by `_one`/`_other` suffix chosen with
 * Intl.PluralRules for `count`, and the default language's texts for a key a language lacks.
 * The semantics follow i18next's for those features (translator.test.ts compares every key with it).
 */

/** One language's texts: namespace → nested keys. */
export type LanguageBundles = Record<string, Record<string, unknown>>

export type TOptions = Record<string, unknown>

export type TFunction = (key: string, options?: TOptions) => string

export interface Translator {
  readonly language: string
  /** Whether the key (with namespace, or in the default namespace) has a text. */
  exists(key: string): boolean
  /** `t` searching the given namespaces in order for keys without a namespace. */
  fixedT(namespaces?: string | readonly string[]): TFunction
}

export const defaultNamespace = 'common'

/** The element in which the server names the namespaces a page's texts came from. */
export const PAGE_NAMESPACES_ID = 'page-namespaces'

/**
 * The scripts that hold these namespaces in one language, each named once (the shell's share one,
 * docs/decisions/021); a namespace without a script of its own arrives with the code that imports it.
 */
export function scriptsOfNamespaces(scriptOf: Readonly<Record<string, string>> | undefined, namespaces: readonly string[]): string[] {
  return [...new Set(namespaces.flatMap((namespace) => scriptOf?.[namespace] ?? []))]
}

const NS_SEPARATOR = ':'
const placeholder = /\{\{\s*([^}\s]+)\s*\}\}/g

function lookup(bundle: Record<string, unknown> | undefined, path: string): string | undefined {
  let node: unknown = bundle
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : undefined
}

function valueAt(options: TOptions, path: string): unknown {
  let node: unknown = options
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

/** Values replace their `{{name}}`; a placeholder without a value stays as written (i18next's skipOnVariables). */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text
  return text.replace(placeholder, (match, name: string) => {
    const value = valueAt(options, name)
    return value === undefined || value === null ? match : String(value)
  })
}

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralOf(language: string, count: number): string {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

/**
 * `consulted` is told every namespace a lookup reads in the language's own bundles, found there or
 * not: with those bundles a translator answers every key as this one did (app/i18n.ts).
 */
export function createTranslator(
  language: string,
  bundles: LanguageBundles,
  fallback?: { language: string; bundles: LanguageBundles },
  consulted?: (namespace: string) => void,
): Translator {
  const sources = [{ language, bundles }, ...(fallback && fallback.language !== language ? [fallback] : [])]

  function resolve(namespaces: readonly string[], key: string, count: unknown): string | undefined {
    const at = key.indexOf(NS_SEPARATOR)
    const [searched, path] = at > 0 ? [[key.slice(0, at)], key.slice(at + 1)] : [namespaces, key]
    for (const source of sources) {
      for (const ns of searched) {
        if (consulted && source.bundles === bundles) consulted(ns)
        const bundle = source.bundles[ns]
        if (typeof count === 'number') {
          const plural = lookup(bundle, `${path}_${pluralOf(source.language, count)}`)
          if (plural !== undefined) return plural
        }
        const text = lookup(bundle, path)
        if (text !== undefined) return text
      }
    }
    return undefined
  }

  function fixedT(namespaces: string | readonly string[] = defaultNamespace): TFunction {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces.length ? namespaces : [defaultNamespace]
    return (key, options) => {
      const text = resolve(list, key, options?.count)
      if (text !== undefined) return interpolate(text, options)
      // Like i18next, a missing text shows its key without the namespace.
      const at = key.indexOf(NS_SEPARATOR)
      return at > 0 ? key.slice(at + 1) : key
    }
  }

  return {
    language,
    exists: (key) => resolve([defaultNamespace], key, undefined) !== undefined,
    fixedT,
  }
}
