import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Per language, the script the browser loads each translation namespace from: `{ de: { common: '/assets/common-….js' } }`. */
export type TranslationChunks = Record<string, Record<string, string>>

type ViteManifest = Record<string, { file: string; isDynamicEntry?: boolean }>

const NAMESPACE_FILE = /^locales\/([a-z]+)\/([a-z]+)\.json$/

/**
 * The chunk of every namespace file app/i18n.ts loads lazily, from the client build's Vite manifest.
 * A namespace bundled into another chunk (the German consent texts, in the entry) has no entry of its own.
 */
export function translationChunksOf(manifest: ViteManifest): TranslationChunks {
  const chunks: TranslationChunks = {}
  for (const [source, chunk] of Object.entries(manifest)) {
    const [, locale, namespace] = source.match(NAMESPACE_FILE) ?? []
    if (!locale || !namespace || !chunk.isDynamicEntry) continue
    ;(chunks[locale] ??= {})[namespace] = `/${chunk.file}`
  }
  return chunks
}

/** The manifest Remix keeps beside a build when vite.config.ts sets `build.manifest`. */
export function readTranslationChunks(buildDir: string): TranslationChunks {
  const file = join(buildDir, '.vite', 'client-manifest.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" before starting in production`)
  return translationChunksOf(JSON.parse(readFileSync(file, 'utf8')) as ViteManifest)
}
