import type { Schemas } from '@shopware/api-client/api-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { fetchBreadcrumb, toBreadcrumbs, trailFromNavigation } from './breadcrumb.server'
import { getStore } from './client.server'
import { readNavigationTrees } from './shell.server'
import { testContext } from './test-support.server'

type Category = Schemas['Category']

const seo = (foreignKey: string, seoPathInfo: string) => [{ foreignKey, seoPathInfo, isCanonical: true, routeName: 'frontend.navigation.page' }] as Schemas['SeoUrl'][]
const node = (id: string, name: string, extra: Partial<Category> = {}) => ({ id, name, type: 'page', ...extra }) as Category

// root → Produkte → Seilwinden; a folder "Themen" with a page below it; the footer root holds Service.
const main = [
  node('produkte', 'Produkte', { seoUrls: seo('produkte', 'produkte/'), children: [node('seilwinden', 'Seilwinden', { seoUrls: seo('seilwinden', 'produkte/seilwinden/') })] }),
  node('themen', 'Themen', { type: 'folder', children: [node('saison', 'Saison', { seoUrls: seo('saison', 'saison/') })] }),
]
const footer = [node('service', 'Service', { seoUrls: seo('service', 'service/') })]

describe('trailFromNavigation', () => {
  it("cuts the path below the sales channel's entry point and takes types and SEO URLs from the trees", () => {
    const category = { id: 'seilwinden', path: '|root|produkte|', breadcrumb: ['Katalog', 'Produkte', 'Seilwinden'], type: 'page' }
    const entries = trailFromNavigation(category, [main, footer])
    expect(entries?.map((e) => [e.categoryId, e.name, e.type])).toEqual([
      ['produkte', 'Produkte', 'page'],
      ['seilwinden', 'Seilwinden', 'page'],
    ])
    expect(toBreadcrumbs(entries!, 'en', { categoryId: 'seilwinden', path: '/en/products/winches/' })).toEqual([
      { name: 'Produkte', href: '/en/produkte/' },
      { name: 'Seilwinden', href: '/en/products/winches/' },
    ])
  })

  it('prefers the translated names, and leaves folders out of the links', () => {
    const category = { id: 'saison', path: '|root|themen|', breadcrumb: ['Catalogue', 'Topics', 'Season'], translated: { breadcrumb: ['Katalog', 'Themen', 'Saison'] }, type: 'page' }
    const entries = trailFromNavigation(category, [main, footer])!
    expect(entries.map((e) => e.name)).toEqual(['Themen', 'Saison'])
    expect(toBreadcrumbs(entries, 'de')).toEqual([{ name: 'Saison', href: '/saison/' }])
  })

  it('places a category below the footer root as well', () => {
    const entries = trailFromNavigation({ id: 'service', path: '|footer-root|', breadcrumb: ['Fußzeile', 'Service'] }, [main, footer])
    expect(entries?.map((e) => e.categoryId)).toEqual(['service'])
  })

  it('takes the deepest category itself from its own fields when the trees stop above it', () => {
    const deep = { id: 'funk', path: '|root|produkte|seilwinden|', breadcrumb: ['Katalog', 'Produkte', 'Seilwinden', 'Funkwinden'], type: 'page', seoUrls: seo('funk', 'produkte/seilwinden/funk/') }
    const entries = trailFromNavigation(deep, [main])!
    expect(toBreadcrumbs(entries, 'de').map((b) => b.href)).toEqual(['/produkte/', '/produkte/seilwinden/', '/produkte/seilwinden/funk/'])
  })

  it('gives up (the breadcrumb route must answer) where it cannot be sure', () => {
    // The path meets no tree.
    expect(trailFromNavigation({ id: 'x', path: '|other-root|', breadcrumb: ['Anderes', 'X'] }, [main, footer])).toBeUndefined()
    // An ancestor deeper than the trees reach: its type (folder or page) is unknown.
    expect(
      trailFromNavigation({ id: 'y', path: '|root|produkte|seilwinden|funk|', breadcrumb: ['Katalog', 'Produkte', 'Seilwinden', 'Funkwinden', 'Y'] }, [main]),
    ).toBeUndefined()
    // Names that do not match the path.
    expect(trailFromNavigation({ id: 'seilwinden', path: '|root|produkte|', breadcrumb: ['Seilwinden'] }, [main])).toBeUndefined()
  })
})

describe("against the demo store: the trees give the breadcrumb route's trail for every category and product", () => {
  let demo: DemoStoreServer
  beforeAll(async () => {
    demo = await startDemoStore()
  })
  afterAll(() => demo?.close())

  it.each(['de', 'en', 'fr'] as const)('%s', async (locale) => {
    const { context } = testContext(`${demo.origin}/store-api`, {
      store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
    })
    const store = getStore(context, new Request('https://shop.example/'), locale)
    const trees = await readNavigationTrees(store)
    const forest = [trees.main, trees.footer, trees.service]
    const categories: Category[] = []
    const walk = (nodes: readonly Category[]) => nodes.forEach((n) => (categories.push(n), walk(n.children ?? [])))
    walk(forest.flat())
    expect(categories.length).toBeGreaterThan(20)
    for (const { id } of categories) {
      const { data: category } = await store.invoke('readCategory post /category/{navigationId}', {
        pathParams: { navigationId: id },
        headers: { 'sw-include-seo-urls': true },
        body: { includes: { category: ['id', 'path', 'breadcrumb', 'translated', 'type', 'seoUrls'] } } as Schemas['Criteria'],
      })
      const fromTrees = trailFromNavigation(category, forest)
      expect(fromTrees && toBreadcrumbs(fromTrees, locale), id).toEqual(toBreadcrumbs((await fetchBreadcrumb(store, id, 'category'))!, locale))
    }
    const products: { id: string }[] = []
    for (let page = 1; ; page++) {
      const { data } = await store.invoke('readProduct post /product', { body: { page, limit: 100, includes: { product: ['id'] } } })
      products.push(...(data.elements ?? []))
      if ((data.elements ?? []).length < 100) break
    }
    // Every product of the seed, variants included.
    expect(products.length).toBeGreaterThan(300)
    for (const { id } of products) {
      const { data } = await store.invoke('readProductDetail post /product/{productId}', {
        pathParams: { productId: id },
        query: { skipCmsPage: true },
        headers: { 'sw-include-seo-urls': true },
      })
      const seoCategory = data.product.seoCategory
      expect(seoCategory, id).toBeTruthy()
      const fromTrees = trailFromNavigation(seoCategory!, forest)
      expect(fromTrees && toBreadcrumbs(fromTrees, locale), id).toEqual(toBreadcrumbs((await fetchBreadcrumb(store, id, 'product'))!, locale))
    }
    // About 700 store calls one after another: on a busy machine more than vitest's default 30 s.
  }, 120_000)
})
