import { copyFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import * as serverBuild from '@remix-run/router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '~/route-expansion'

/**
 * patches/@remix-run+router+*.patch (docs/decisions/018): matching keeps a route tree's ranked
 * branches and each pattern's regular expression. The server's Remix loads the CommonJS build and
 * the browser bundle the module build; both carry the patch.
 */
// Node loads the package's CommonJS `main`; its module build (what Vite bundles for the browser) is
// a .js file in a package that does not say it is a module, so it is imported as a copy named .mjs,
// kept under node_modules so that Node, not Vite, loads it.
const source = createRequire(import.meta.url).resolve('@remix-run/router/dist/router.js')
const copies = join(source, '../../../../.cache/route-matching-test')
mkdirSync(copies, { recursive: true })
const moduleBuild = join(copies, 'router.mjs')
copyFileSync(source, moduleBuild)
const builds = {
  commonjs: serverBuild,
  module: (await import(pathToFileURL(moduleBuild).href)) as typeof serverBuild,
}

/** Counts how often a tree is walked: flattening it starts with its top array's forEach. */
function counted<Route extends object>(routes: Route[]) {
  const walks = { count: 0 }
  const proxy = new Proxy(routes, {
    get(target, key, receiver) {
      if (key === 'forEach') walks.count += 1
      return Reflect.get(target, key, receiver)
    },
  })
  return { routes: proxy, walks }
}

describe.each(Object.entries(builds))('route matching (%s build)', (_, { matchRoutes }) => {
  it('flattens and ranks a tree once, however often it is matched', () => {
    const { routes, walks } = counted(routeTree())
    for (const path of ['/', '/en/', '/produkte/seilwinden/', '/forstseilwinde-fsw-35/FS-10001', '/fr/']) matchRoutes(routes, path)
    expect(walks.count).toBe(1)
  })

  it('still ranks the shop routes: language prefixes, static pages, then the store’s SEO paths', () => {
    const routes = routeTree()
    const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)
    // Matched twice: the second answer comes from the kept branches and must not differ.
    for (let round = 0; round < 2; round++) {
      expect(leaf('/')?.route.id).toBe('home-de')
      expect(leaf('/en/')?.route.id).toBe('home-en')
      expect(leaf('/fr/contact')?.route.id).toBe('contact-fr')
      expect(leaf('/price-request/0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4')?.params).toEqual({ productId: '0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4' })
      expect(leaf('/forstseilwinde-fsw-35/FS-10001')?.route.id).toBe('content-de')
      expect(leaf('/fr/treuil-forestier-fsw-35/FS-10001')?.route.id).toBe('content-fr')
      expect(leaf('/fr/treuil-forestier-fsw-35/FS-10001')?.params['*']).toBe('treuil-forestier-fsw-35/FS-10001')
    }
  })

  it('keeps a pattern’s expression without sharing parameters between matches', () => {
    const routes = [{ id: 'item', path: 'item/:id' }]
    expect(matchRoutes(routes, '/item/1')?.[0].params).toEqual({ id: '1' })
    expect(matchRoutes(routes, '/ITEM/2')?.[0].params).toEqual({ id: '2' })
    expect(matchRoutes([{ id: 'exact', path: 'item/:id', caseSensitive: true }], '/ITEM/2')).toBeNull()
  })
})

describe.each(Object.entries(builds))('route matching after routes are patched in (%s build)', (_, { createMemoryHistory, createRouter, matchRoutes }) => {
  it('matches a tree changed in place by patchRoutes afresh', () => {
    const router = createRouter({
      routes: [{ id: 'root', path: '/', children: [{ id: 'a', path: 'a' }] }],
      history: createMemoryHistory(),
    })
    const tree = router.routes
    expect(matchRoutes(tree, '/b')).toBeNull()
    router.patchRoutes('root', [{ id: 'b', path: 'b' }])
    // The same top array, whose root route got a child: the kept branches of before would miss it.
    expect(matchRoutes(tree, '/b')?.at(-1)?.route.id).toBe('b')
    router.dispose()
  })
})
