import { cloneElement, createContext, Fragment, isValidElement, useCallback, useContext, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { createTranslator, type LanguageBundles, type TFunction, type TOptions, type Translator } from './translator'

interface TranslationState {
  translator: Translator
  /** Switches the page's language once its texts are loaded (client navigation into another language). */
  changeLanguage(language: string, bundles: LanguageBundles): void
}

const TranslationContext = createContext<TranslationState | null>(null)

const untranslated: Translator = createTranslator('und', {})

/** Holds the page's translator; the server renders with one per locale, the browser with the page's language. */
export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  const [current, setCurrent] = useState(translator)
  const changeLanguage = useCallback((language: string, bundles: LanguageBundles) => setCurrent(createTranslator(language, bundles)), [])
  const value = useMemo(() => ({ translator: current, changeLanguage }), [current, changeLanguage])
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>
}

export interface UseTranslation {
  t: TFunction
  i18n: { language: string; exists(key: string): boolean; changeLanguage(language: string, bundles: LanguageBundles): void }
}

/** `t` for the given namespaces (the first is searched first), as react-i18next's hook of the same name. */
export function useTranslation(namespaces?: string | readonly string[]): UseTranslation {
  const state = useContext(TranslationContext)
  const translator = state?.translator ?? untranslated
  const key = typeof namespaces === 'string' ? namespaces : namespaces?.join(',')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the namespaces' content
  const t = useMemo(() => translator.fixedT(namespaces), [translator, key])
  const changeLanguage = state?.changeLanguage ?? noop
  return useMemo(
    () => ({ t, i18n: { language: translator.language, exists: translator.exists, changeLanguage } }),
    [t, translator, changeLanguage],
  )
}

function noop() {}

const tag = /<(\w+)>([\s\S]*?)<\/\1>/g

/**
 * A text with markup for links: `<login>Log in</login> or …` renders each named tag as the given
 * element with the tag's text inside, the rest as text.
 */
export function Trans({ t, i18nKey, values, components }: { t: TFunction; i18nKey: string; values?: TOptions; components: Record<string, ReactElement> }) {
  const text = t(i18nKey, values)
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(tag)) {
    const [whole, name, inner] = match
    if (match.index > last) parts.push(text.slice(last, match.index))
    const element = components[name]
    parts.push(isValidElement(element) ? cloneElement(element, undefined, inner) : inner)
    last = match.index + whole.length
  }
  if (last < text.length) parts.push(text.slice(last))
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  )
}

export type { TFunction } from './translator'
