import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { assetsOf, buildDirOf, firstLoadFiles, JS_BUDGET_BYTES, pageTypes, pageWeights, routeChain, type PageType } from './js-budget'

const buildDir = buildDirOf()

/**
 * Today's first-load JavaScript per page type, in gzip KB, as the ceiling no change may cross
 * (docs/decisions/009-js-budget.md). Issue 12's budget, JS_BUDGET_BYTES (100 KB), holds on every page.
 */
const ceilingKb: Record<PageType, number> = {
  // Home: 0.2 KB more (2026-11-27) for the form error summary that takes the focus without JavaScript
  // and the 99+ header badges; both are in the shell every page loads.
  home: 86,
  // Listing, product and cart: 0.4 KB more for prices without Intl (app/lib/format.ts), which
  // saves 40–280 ms of main thread while the page hydrates.
  listing: 86,
  product: 86,
  // Search: 0.2 KB more (2026-11-27) for the original article number a term matched, on the card and in
  // the suggestions, and the suggestions' "no matches" line.
  search: 84,
  cart: 79,
  checkout: 79,
  // Account: 0.1 KB more (2026-11-27) for the variant names on order lines and the rule that a new
  // password must differ from the current one.
  account: 81,
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
