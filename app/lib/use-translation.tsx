import { cloneElement, createContext, Fragment, isValidElement, useCallback, useContext, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react'
import { createTranslator, PAGE_NAMESPACES_ID, scriptsOfNamespaces, type LanguageBundles, type TFunction, type TOptions, type Translator } from './translator'

interface TranslationState {
  translator: Translator
  /** Switches the page's language once its texts are loaded (client navigation into another language). */
  changeLanguage(language: string, bundles: LanguageBundles): void
  /** On the server: the namespaces the page's texts were looked up in, filled while it renders. */
  usedNamespaces?: ReadonlySet<string>
  /** On the server: the same texts without noting their namespaces, for the islands. */
  untracked?: Translator
  /** On the server, in a production build: the script each namespace of the page's language loads from. */
  chunks?: Readonly<Record<string, string>>
}

const TranslationContext = createContext<TranslationState | null>(null)

const untranslated: Translator = createTranslator('und', {})

interface TranslationProviderProps {
  translator: Translator
  children: ReactNode
  usedNamespaces?: ReadonlySet<string>
  untracked?: Translator
  chunks?: Readonly<Record<string, string>>
  /**
   * In the browser: settles once the namespaces the page did not render have loaded, with a
   * translator to render again with when a text was asked for from one of them before (undefined
   * when none was).
   */
  completed?: Promise<Translator | undefined>
}

let loadingTranslations: Promise<unknown> = Promise.resolve()

/** Settles once the page language's texts are all in (the page is then ready for anything a shopper does). */
export function translationsSettled(): Promise<unknown> {
  return loadingTranslations
}

/** Holds the page's translator; the server renders with one per locale, the browser with the page's language. */
export function TranslationProvider({ translator, children, usedNamespaces, untracked, chunks, completed }: TranslationProviderProps) {
  const [current, setCurrent] = useState(translator)
  const changeLanguage = useCallback((language: string, bundles: LanguageBundles) => setCurrent(createTranslator(language, bundles)), [])
  if (completed) loadingTranslations = completed
  useEffect(() => {
    void completed?.then((next) => {
      if (next) setCurrent((shown) => (shown.language === next.language ? next : shown))
    })
  }, [completed])
  const value = useMemo(
    () => ({ translator: current, changeLanguage, usedNamespaces, untracked, chunks }),
    [current, changeLanguage, usedNamespaces, untracked, chunks],
  )
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>
}

/**
 * Around an island (app/components/ui/island.tsx): its texts are not named for the page's first
 * load, as its script is not part of it; the island waits for all texts before it hydrates.
 */
export function IslandTranslations({ children }: { children: ReactNode }) {
  const state = useContext(TranslationContext)
  const value = useMemo(() => (state?.untracked ? { ...state, translator: state.untracked, usedNamespaces: undefined } : state), [state])
  return value === state ? children : <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>
}

/**
 * The namespaces the page's texts came from, for the browser to load before it hydrates (app/i18n.ts).
 * Rendered last in the body, after everything that translates; the browser renders nothing here.
 * Their scripts are named as module preloads, so the browser fetches them beside the page's own
 * scripts instead of only once those have run (a round trip later on a slow connection).
 */
export function PageNamespaces() {
  const state = useContext(TranslationContext)
  const used = state?.usedNamespaces
  // Only the server knows them; the condition leaves the rest out of the browser's bundle.
  if (!import.meta.env.SSR || !used) return null
  const named = [...used].sort()
  const scripts = scriptsOfNamespaces(state.chunks, named)
  return (
    <>
      <template data-after-paint="">
        {scripts.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </template>
      <script type="application/json" id={PAGE_NAMESPACES_ID} dangerouslySetInnerHTML={{ __html: JSON.stringify(named) }} />
    </>
  )
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
