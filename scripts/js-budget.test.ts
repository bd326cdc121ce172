import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readTranslationChunks, SHELL_NAMESPACES } from '../server/translation-chunks'
import { scriptsOfNamespaces } from '../app/lib/translator'
import { assetsOf, buildDirOf, firstLoadFiles, firstLoadNamespaces, JS_BUDGET_BYTES, pageTypes, pageWeights, routeChain, type PageType } from './js-budget'

const buildDir = buildDirOf()

/**
 * Today's first-load JavaScript per page type, in gzip KB, as the ceiling no change may cross
 * (docs/decisions/009-js-budget.md). Issue 12's budget, JS_BUDGET_BYTES (100 KB), holds on every page.
 * Since 2026-11-28 the translations a page loads before hydrating count too (the heaviest language):
 * 11–14 KB of a page's total; before, every namespace loaded uncounted (20.5–23.6 KB).
 * Hydration in slices (docs/decisions/012) added 0.8–0.9 KB to every page type on 2026-11-28, the
 * product slider's previous and next (an island, only its stub and texts in the first load) 0.15 KB.
 * The shell in one chunk and the shell's texts in one chunk per language (docs/decisions/021,
 * 2026-11-29) took 9.6–9.9 KB off every page type.
 */
const ceilingKb: Record<PageType, number> = {
  home: 90,
  listing: 90,
  product: 90,
  search: 87,
  cart: 81,
  checkout: 84,
  account: 86,
}

describe('first-load JavaScript', () => {
  beforeAll(() => {
    if (!existsSync(join(buildDir, 'server', 'index.js'))) throw new Error(`${buildDir} is missing: run "npm run build" first (npm test does)`)
  })

  it('stays within the 100 KB budget and under each page type’s ceiling', async () => {
    const weights = await pageWeights(buildDir)
    expect(weights.map((w) => w.page)).toEqual(Object.keys(pageTypes))
    for (const weight of weights) {
      expect({ page: weight.page, bytes: weight.gzipBytes }).toEqual({ page: weight.page, bytes: expect.toSatisfy((b: number) => b <= JS_BUDGET_BYTES, 'at most 100 KB') })
      expect({ page: weight.page, kb: Math.round(weight.gzipBytes / 102.4) / 10 }).toEqual({
        page: weight.page,
        kb: expect.toSatisfy((kb: number) => kb <= ceilingKb[weight.page], `at most ${ceilingKb[weight.page]} KB`),
      })
    }
  })

  // docs/decisions/021: what every page loads is the entry, the shell chunk and the root route's module.
  // Each further file costs a round trip on a slow connection (HTTP/1.1 fetches six at a time).
  it('loads what every page shares in three files', async () => {
    const assets = await assetsOf(buildDir)
    const perPage = Object.values(pageTypes).map((leaf) => firstLoadFiles(assets, leaf))
    const shared = perPage[0]!.filter((file) => perPage.every((files) => files.includes(file)))
    expect(shared).toEqual([assets.entry.module, expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/), assets.routes.root!.module])
  })

  it('loads the texts the shell renders in one script per language, and every page needs them all', async () => {
    const chunks = readTranslationChunks(buildDir)
    expect(Object.keys(chunks).sort()).toEqual(['de', 'en', 'fr'])
    for (const [locale, byNamespace] of Object.entries(chunks)) {
      // The German consent texts are in the shell itself (app/i18n.ts), so they have no script to name.
      expect({ locale, scripts: scriptsOfNamespaces(byNamespace, SHELL_NAMESPACES) }).toEqual({ locale, scripts: [expect.stringMatching(new RegExp(`^/assets/texts-${locale}-[\\w-]+\\.js$`))] })
    }
    for (const [page, namespaces] of Object.entries(firstLoadNamespaces)) expect({ page, namespaces }).toEqual({ page, namespaces: expect.arrayContaining([...SHELL_NAMESPACES]) })
  })

  it('never loads the route module of another page', async () => {
    const assets = await assetsOf(buildDir)
    const routeModules = new Map(Object.values(assets.routes).map((route) => [route.module, route.id]))
    for (const leaf of Object.values(pageTypes)) {
      const own = new Set(routeChain(assets, leaf).map((id) => assets.routes[id]!.module))
      const foreign = firstLoadFiles(assets, leaf).filter((file) => routeModules.has(file) && !own.has(file))
      expect({ leaf, foreign }).toEqual({ leaf, foreign: [] })
    }
  })

  // docs/decisions/015: the root links the shop's one stylesheet; a route chunk with its own CSS would add a request.
  it('links no stylesheet of its own on any route but the root', async () => {
    const assets = await assetsOf(buildDir)
    const withCss = Object.entries(assets.routes).filter(([, route]) => route.css?.length).map(([id]) => id)
    expect(withCss).toEqual([])
  })
})
