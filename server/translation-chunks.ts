import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Per language, the script the browser loads each translation namespace from: `{ de: { common: '/assets/texts-de-….js' } }`. */
export type TranslationChunks = Record<string, Record<string, string>>

/**
 * The namespaces the shell (header, footer, consent, side cart) renders on every page: the client
 * build puts each language's into one chunk, one request instead of six (docs/decisions/021).
 */
export const SHELL_NAMESPACES = ['auth', 'cart', 'common', 'consent', 'listing', 'wishlist'] as const

/** Where the client build notes its translation chunks: in the build, outside the files it serves. */
export const TRANSLATION_CHUNKS_FILE = join('.vite', 'translation-chunks.json')

const NAMESPACE_MODULE = /\/locales\/([a-z]+)\/([a-z]+)\.json$/

/** The language and namespace of a translation file's module id, or undefined for any other module. */
export function namespaceOfModule(id: string): { locale: string; namespace: string } | undefined {
  const [, locale, namespace] = id.match(NAMESPACE_MODULE) ?? []
  return locale && namespace ? { locale, namespace } : undefined
}

/**
 * Which script holds each namespace file app/i18n.ts loads lazily, from the client bundle's chunks.
 * Only chunks of nothing but texts count: a namespace bundled into another chunk (the German
 * consent texts, in the shell) arrives with it and has no script of its own to name.
 */
export function translationChunksOf(chunks: Iterable<{ fileName: string; moduleIds: readonly string[] }>): TranslationChunks {
  const found: TranslationChunks = {}
  for (const { fileName, moduleIds } of chunks) {
    const texts = moduleIds.map(namespaceOfModule)
    if (!texts.length || texts.some((text) => !text)) continue
    for (const { locale, namespace } of texts as { locale: string; namespace: string }[]) (found[locale] ??= {})[namespace] = `/${fileName}`
  }
  return found
}

export function readTranslationChunks(buildDir: string): TranslationChunks {
  const file = join(buildDir, TRANSLATION_CHUNKS_FILE)
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" before starting in production`)
  return JSON.parse(readFileSync(file, 'utf8')) as TranslationChunks
}
