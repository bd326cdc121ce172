/**
 * First-load JavaScript per page type, from a production build: the entry, its imports and, for
 * every route the page matches, the route module and its static imports. That is what a page's inline
 * module script loads and names as module preloads (after the first paint, docs/decisions/022), before
 * any navigation. Plus the translation chunks the page loads before it hydrates (the namespaces the
 * server names for it, in the language whose chunks weigh most).
 * `npx tsx scripts/js-budget.ts` prints it; scripts/js-budget.test.ts holds every page type to
 * JS_BUDGET_BYTES (docs/decisions/009-js-budget.md).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { readTranslationChunks } from '../server/translation-chunks'
import { scriptsOfNamespaces } from '../app/lib/translator'

export const JS_BUDGET_BYTES = 100 * 1024

/** The leaf route of each page type (German tree; the other languages load the same modules). */
export const pageTypes = {
  home: 'home-de',
  listing: 'content-de',
  product: 'content-de',
  search: 'search-de',
  cart: 'checkout-cart-de',
  checkout: 'checkout-de',
  account: 'account-overview-de',
} as const

export type PageType = keyof typeof pageTypes

/**
 * The namespaces each page type loads before it hydrates: what the server names for it (app/i18n.ts,
 * `PageNamespaces`), as a ceiling. tests/e2e/translations.spec.ts holds the rendered pages to it.
 */
export const firstLoadNamespaces: Record<PageType, readonly string[]> = {
  home: ['auth', 'cart', 'common', 'consent', 'content', 'listing', 'product', 'wishlist'],
  listing: ['auth', 'cart', 'common', 'consent', 'content', 'listing', 'product', 'wishlist'],
  product: ['auth', 'cart', 'common', 'consent', 'listing', 'product', 'wishlist'],
  search: ['auth', 'cart', 'common', 'consent', 'listing', 'product', 'wishlist'],
  cart: ['auth', 'cart', 'common', 'consent', 'listing', 'wishlist'],
  checkout: ['auth', 'cart', 'checkout', 'common', 'consent', 'listing', 'wishlist'],
  account: ['account', 'auth', 'cart', 'common', 'consent', 'listing', 'wishlist'],
}

interface AssetsManifest {
  entry: { module: string; imports?: string[] }
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[]; css?: string[] }>
}

export interface PageWeight {
  page: PageType
  routes: string[]
  files: string[]
  /** The translation chunks of the heaviest language, and which language that is. */
  translations: { locale: string; files: string[] }
  gzipBytes: number
}

const root = fileURLToPath(new URL('..', import.meta.url))

export function buildDirOf(): string {
  return join(root, process.env.BUILD_DIR ?? 'build')
}

export async function assetsOf(buildDir: string): Promise<AssetsManifest> {
  const build = (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as { assets: AssetsManifest }
  return build.assets
}

/** The route ids a page renders, root first. */
export function routeChain(assets: AssetsManifest, leaf: string): string[] {
  const chain: string[] = []
  for (let id: string | undefined = leaf; id; id = assets.routes[id]?.parentId) {
    if (!assets.routes[id]) throw new Error(`route ${id} is not in the build`)
    chain.unshift(id)
  }
  return chain
}

/** The script files a page loads first (URL paths under the client build). */
export function firstLoadFiles(assets: AssetsManifest, leaf: string): string[] {
  const files = new Set<string>([assets.entry.module, ...(assets.entry.imports ?? [])])
  for (const id of routeChain(assets, leaf)) {
    const route = assets.routes[id]!
    files.add(route.module)
    for (const file of route.imports ?? []) files.add(file)
  }
  return [...files]
}

export function gzipSize(buildDir: string, file: string): number {
  return gzipSync(readFileSync(join(buildDir, 'client', file)), { level: 9 }).length
}

export async function pageWeights(buildDir = buildDirOf()): Promise<PageWeight[]> {
  const assets = await assetsOf(buildDir)
  const chunks = readTranslationChunks(buildDir)
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(buildDir, file), 0)
  return (Object.entries(pageTypes) as [PageType, string][]).map(([page, leaf]) => {
    const files = firstLoadFiles(assets, leaf)
    const perLocale = Object.entries(chunks).map(([locale, byNamespace]) => ({
      locale,
      files: scriptsOfNamespaces(byNamespace, firstLoadNamespaces[page]),
    }))
    const translations = perLocale.reduce((heaviest, candidate) => (sum(candidate.files) > sum(heaviest.files) ? candidate : heaviest))
    return { page, routes: routeChain(assets, leaf), files, translations, gzipBytes: sum(files) + sum(translations.files) }
  })
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) {
  const buildDir = buildDirOf()
  for (const weight of await pageWeights(buildDir)) {
    const kb = (weight.gzipBytes / 1024).toFixed(1)
    console.log(`${weight.page.padEnd(9)} ${kb.padStart(6)} KB gzip  ${weight.gzipBytes > JS_BUDGET_BYTES ? 'OVER BUDGET' : ''}`)
    for (const file of weight.files) console.log(`          ${(gzipSize(buildDir, file) / 1024).toFixed(1).padStart(6)} KB  ${file}`)
    for (const file of weight.translations.files) console.log(`          ${(gzipSize(buildDir, file) / 1024).toFixed(1).padStart(6)} KB  ${file} (${weight.translations.locale} texts)`)
  }
}
