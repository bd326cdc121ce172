import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANCHOR_CATEGORY_IDS, LANGUAGE_IDS, ROOT_CATEGORY_IDS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { landingPageId } from '../../server/demo-store/seed/content'
import { elementsOf, expectConformant, expectStoreError, startDemoStore, type DemoStoreServer } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

interface CategoryNode {
  id: string
  parentId?: string | null
  children?: CategoryNode[] | null
  seoUrls?: unknown[] | null
  apiAlias?: string
}

const NAVIGATION = 'POST /navigation/{activeId}/{rootId}'
const imprintId = landingPageId('imprint')

describe(NAVIGATION, () => {
  it.each(['main-navigation', 'footer-navigation', 'service-navigation'])('serves the %s alias as a bare array of categories', async (alias) => {
    const response = await store.call('POST', `/navigation/${alias}/${alias}`, { body: { depth: 2, buildTree: true } })
    expect(response.status).toBe(200)
    expectConformant(NAVIGATION, response)
    const categories = elementsOf(response) as unknown as CategoryNode[]
    expect(categories.length).toBeGreaterThan(0)
    for (const category of categories) expect(category.apiAlias).toBe('category')
  })

  it('gives the same tree for the alias and the root id', async () => {
    const byAlias = await store.call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 2 } })
    const byId = await store.call('POST', `/navigation/${ROOT_CATEGORY_IDS.main}/${ROOT_CATEGORY_IDS.main}`, { body: { depth: 2 } })
    expectConformant(NAVIGATION, byId)
    const ids = (response: typeof byId) => (elementsOf(response) as unknown as CategoryNode[]).map((category) => category.id)
    expect(ids(byId)).toEqual(ids(byAlias))
    expect(ids(byId)).toContain(ANCHOR_CATEGORY_IDS.products)
  })

  it('nests children with buildTree and fills seoUrls on request', async () => {
    const response = await store.call('POST', '/navigation/main-navigation/main-navigation', {
      body: { depth: 3, buildTree: true },
      headers: { 'sw-include-seo-urls': 'true' },
    })
    expectConformant(NAVIGATION, response)
    const products = (elementsOf(response) as unknown as CategoryNode[]).find((category) => category.id === ANCHOR_CATEGORY_IDS.products)
    expect(products?.children?.length).toBeGreaterThan(0)
    expect(products?.children?.[0]?.parentId).toBe(ANCHOR_CATEGORY_IDS.products)
    expect(products?.seoUrls?.length).toBeGreaterThan(0)
  })

  it('answers 404 for a root that does not exist', async () => {
    const unknown = randomHex()
    expectStoreError(NAVIGATION, await store.call('POST', `/navigation/${unknown}/${unknown}`), 404, 'CONTENT__CATEGORY_NOT_FOUND')
  })
})

describe('POST /category/{navigationId}', () => {
  it('returns the category with its resolved CMS page', async () => {
    const response = await store.call('POST', `/category/${ANCHOR_CATEGORY_IDS.products}`)
    expect(response.status).toBe(200)
    expectConformant('POST /category/{navigationId}', response)
    expect(response.body).toMatchObject({ id: ANCHOR_CATEGORY_IDS.products, apiAlias: 'category', cmsPage: { apiAlias: 'cms_page' } })
  })

  it('answers 404 CONTENT__CATEGORY_NOT_FOUND for an unknown id', async () => {
    expectStoreError('POST /category/{navigationId}', await store.call('POST', `/category/${randomHex()}`), 404, 'CONTENT__CATEGORY_NOT_FOUND')
  })

  it('takes `home` for the sales channel navigation root, in the language asked for (CategoryRoute::HOME)', async () => {
    const context = await store.call('GET', '/context')
    const rootId = (context.body as { salesChannel: { navigationCategoryId: string } }).salesChannel.navigationCategoryId
    const home = await store.call('POST', '/category/home', { languageId: LANGUAGE_IDS.en })
    expect(home.status).toBe(200)
    expectConformant('POST /category/{navigationId}', home)
    const byId = await store.call('POST', `/category/${rootId}`, { languageId: LANGUAGE_IDS.en })
    expect(home.body).toEqual(byId.body)
    expect(home.body).toMatchObject({ id: rootId, cmsPage: { apiAlias: 'cms_page' } })
  })
})

describe('POST /landing-page/{landingPageId}', () => {
  it('returns the landing page with its CMS page', async () => {
    const response = await store.call('POST', `/landing-page/${imprintId}`, { languageId: LANGUAGE_IDS.en })
    expect(response.status).toBe(200)
    expectConformant('POST /landing-page/{landingPageId}', response)
    expect(response.body).toMatchObject({ id: imprintId, apiAlias: 'landing_page', cmsPage: { sections: expect.any(Array) } })
  })

  it('answers 404 CONTENT__LANDING_PAGE_NOT_FOUND for an unknown id', async () => {
    expectStoreError(
      'POST /landing-page/{landingPageId}',
      await store.call('POST', `/landing-page/${randomHex()}`),
      404,
      'CONTENT__LANDING_PAGE_NOT_FOUND',
    )
  })
})

describe('POST /cms/{id}', () => {
  it('returns a CMS page by id', async () => {
    const landingPage = await store.call('POST', `/landing-page/${imprintId}`)
    const cmsPageId = (landingPage.body as { cmsPageId?: string }).cmsPageId
    expect(cmsPageId).toMatch(/^[0-9a-f]{32}$/)
    const response = await store.call('POST', `/cms/${cmsPageId}`)
    expect(response.status).toBe(200)
    expectConformant('POST /cms/{id}', response)
    expect(response.body).toMatchObject({ id: cmsPageId, apiAlias: 'cms_page', type: 'landingpage' })
  })

  it('answers 404 CONTENT__CMS_PAGE_NOT_FOUND for an unknown id', async () => {
    expectStoreError('POST /cms/{id}', await store.call('POST', `/cms/${randomHex()}`), 404, 'CONTENT__CMS_PAGE_NOT_FOUND')
  })
})

describe('POST /seo-url', () => {
  const byField = (field: string, value: string) => ({ filter: [{ type: 'equals', field, value }] })

  it('resolves a landing page path per language, both ways', async () => {
    const english = await store.call('POST', '/seo-url', { body: byField('foreignKey', imprintId), languageId: LANGUAGE_IDS.en })
    expect(english.status).toBe(200)
    expectConformant('POST /seo-url', english)
    const [seoUrl] = elementsOf(english)
    expect(seoUrl).toMatchObject({
      foreignKey: imprintId,
      routeName: 'frontend.landing.page',
      pathInfo: `/landingPage/${imprintId}`,
      languageId: LANGUAGE_IDS.en,
      apiAlias: 'seo_url',
    })

    const back = await store.call('POST', '/seo-url', {
      body: byField('seoPathInfo', String(seoUrl.seoPathInfo)),
      languageId: LANGUAGE_IDS.en,
    })
    expectConformant('POST /seo-url', back)
    expect(elementsOf(back).map((url) => url.foreignKey)).toContain(imprintId)

    const german = await store.call('POST', '/seo-url', { body: byField('foreignKey', imprintId), languageId: LANGUAGE_IDS.de })
    expect(elementsOf(german)[0]?.seoPathInfo).not.toBe(seoUrl.seoPathInfo)
  })

  it('returns an empty result for an unknown path', async () => {
    const response = await store.call('POST', '/seo-url', { body: byField('seoPathInfo', 'no/such/path/') })
    expect(response.status).toBe(200)
    expectConformant('POST /seo-url', response)
    expect(response.body).toMatchObject({ total: 0, elements: [] })
  })
})

describe('GET /breadcrumb/{id}', () => {
  it('returns the path of a category down to itself', async () => {
    const navigation = await store.call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 2, buildTree: true } })
    const products = (elementsOf(navigation) as unknown as CategoryNode[]).find((category) => category.id === ANCHOR_CATEGORY_IDS.products)
    const child = products?.children?.[0]
    expect(child, 'a child of the products category').toBeDefined()

    const response = await store.call('GET', `/breadcrumb/${child?.id}`, { query: { type: 'category' } })
    expect(response.status).toBe(200)
    expectConformant('GET /breadcrumb/{id}', response)
    const crumbs = response.body as { categoryId: string; apiAlias: string }[]
    expect(crumbs.map((crumb) => crumb.categoryId)).toEqual([ANCHOR_CATEGORY_IDS.products, child?.id])
    for (const crumb of crumbs) expect(crumb.apiAlias).toBe('breadcrumb')
  })

  // Shopware's BreadcrumbRoute: without type=category it tries the product and falls back to the category.
  const winches = sid('category:winches')
  const crumbIds = (response: { body: unknown }) => (response.body as { categoryId: string }[]).map((crumb) => crumb.categoryId)

  it('finds a category without type, through the fallback from the product', async () => {
    const withType = await store.call('GET', `/breadcrumb/${winches}`, { query: { type: 'category' } })
    for (const query of [undefined, { type: 'product' }]) {
      const response = await store.call('GET', `/breadcrumb/${winches}`, { query })
      expect(response.status).toBe(200)
      expectConformant('GET /breadcrumb/{id}', response)
      expect(crumbIds(response)).toEqual([ANCHOR_CATEGORY_IDS.products, winches])
      expect(response.body).toEqual(withType.body)
    }
  })

  it('gives a product (and a variant, through its parent) the trail of its category', async () => {
    for (const number of ['FS-10001', 'FS-20001.3']) {
      const response = await store.call('GET', `/breadcrumb/${sid(`product:${number}`)}`, { headers: { 'sw-include-seo-urls': 'true' } })
      expect(response.status).toBe(200)
      expectConformant('GET /breadcrumb/{id}', response)
      expect(crumbIds(response)[0]).toBe(ANCHOR_CATEGORY_IDS.products)
    }
    const winch = await store.call('GET', `/breadcrumb/${sid('product:FS-10001')}`, { query: { referrerCategoryId: ANCHOR_CATEGORY_IDS.spareParts } })
    // A referrer the product is not assigned to is ignored.
    expect(crumbIds(winch)).toEqual([ANCHOR_CATEGORY_IDS.products, winches])
  })

  it('answers an unknown id with an empty trail (200), for both types', async () => {
    for (const query of [undefined, { type: 'product' }, { type: 'category' }]) {
      const response = await store.call('GET', `/breadcrumb/${randomHex()}`, { query })
      expect(response.status).toBe(200)
      expectConformant('GET /breadcrumb/{id}', response)
      expect(response.body).toEqual([])
    }
  })

  it('matches no route for an id that is not 32 hex digits', async () => {
    const response = await store.call('GET', '/breadcrumb/winches')
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ errors: [{ code: 'FRAMEWORK__ROUTE_NOT_FOUND' }] })
  })
})
