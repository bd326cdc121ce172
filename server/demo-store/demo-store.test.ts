import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { ANCHOR_CATEGORY_IDS, DEMO_ACCESS_KEY, LANGUAGE_IDS, ROOT_CATEGORY_IDS } from './constants'
import { openDatabase } from './db'
import { createDemoStore, type DemoStore } from './index'
import { sid } from './ids'

type Json = Record<string, unknown>
let origin = ''
let demo: DemoStore
let dataDir = ''

async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; key?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers }
  if (options.key !== null) headers['sw-access-key'] = options.key ?? DEMO_ACCESS_KEY
  const res = await fetch(`${origin}/store-api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) })
  const text = await res.text()
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json & Json[] }
}

let harness: DemoStoreServer
beforeAll(async () => {
  harness = await startDemoStore({ freshSeed: true })
  ;({ origin, store: demo, dataDir } = harness)
  console.info(`demo store first start (seed) took ${Math.round(demo.seed.durationMs)} ms`)
})

afterAll(() => harness?.close())

describe('seed', () => {
  it('seeds once within the time budget and reuses the data on the next start', async () => {
    expect(demo.seed.seeded).toBe(true)
    expect(demo.seed.durationMs).toBeLessThan(10_000)
    const again = await createDemoStore({ dataDir, publicUrl: origin })
    expect(again.seed.seeded).toBe(false)
    expect(again.seed.products).toBe(demo.seed.products)
    again.close()
  })

  it('has at least 300 products, variants and every availability state', () => {
    const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n
    expect(count('SELECT COUNT(*) AS n FROM product')).toBeGreaterThanOrEqual(300)
    expect(count('SELECT COUNT(*) AS n FROM product WHERE parent_id IS NOT NULL')).toBeGreaterThan(100)
    expect(count('SELECT COUNT(*) AS n FROM product WHERE stock > 5')).toBeGreaterThan(0)
    expect(count('SELECT COUNT(*) AS n FROM product WHERE stock = 0 AND is_closeout = 0 AND restock_time = 7')).toBeGreaterThan(0)
    expect(count('SELECT COUNT(*) AS n FROM product WHERE stock = 0 AND is_closeout = 1')).toBeGreaterThan(0)
    expect(count('SELECT COUNT(*) AS n FROM product WHERE stock BETWEEN 1 AND 5')).toBeGreaterThan(0)
    expect(count("SELECT COUNT(*) AS n FROM product WHERE json_extract(custom_fields, '$.forst_price_on_request') = 1 AND price_net = 0")).toBeGreaterThan(0)
    expect(count('SELECT COUNT(*) AS n FROM product_price WHERE quantity_start = 50')).toBeGreaterThan(0)
    // Every EAN is a GTIN-13 whose check digit a scanner accepts, and none is used twice.
    const eans = (db.prepare('SELECT ean FROM product').all() as { ean: string }[]).map((r) => r.ean)
    for (const ean of eans) {
      expect(ean).toMatch(/^\d{13}$/)
      const sum = [...ean].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0)
      expect(sum % 10, ean).toBe(0)
    }
    expect(new Set(eans).size).toBe(eans.length)
    // No two products (variants aside, which share their parent's name) have the same name in a language.
    const names = new Map<string, string[]>()
    for (const row of db.prepare('SELECT product_number, translations FROM product WHERE parent_id IS NULL').all() as { product_number: string; translations: string }[]) {
      for (const [language, text] of Object.entries(JSON.parse(row.translations) as Record<string, { name?: string }>)) {
        const key = `${language} ${text.name}`
        names.set(key, [...(names.get(key) ?? []), row.product_number])
      }
    }
    expect([...names].filter(([, numbers]) => numbers.length > 1)).toEqual([])
    // The home's "Bestseller" row leads with every product tagged so.
    const topsellers = (db.prepare('SELECT id FROM product WHERE mark_as_topseller = 1 AND parent_id IS NULL').all() as { id: string }[]).map((r) => r.id)
    const sliders = (db.prepare("SELECT translations FROM cms_slot WHERE type = 'product-slider'").all() as { translations: string }[])
      .map((r) => Object.values(JSON.parse(r.translations) as Record<string, { config: { title: { value: string }; products: { value: string[] } } }>)[0]!.config)
    const row = sliders.find((config) => config.title.value === 'Bestseller')!.products.value
    expect(topsellers.length).toBeGreaterThan(1)
    expect(row.slice(0, topsellers.length).sort()).toEqual([...topsellers].sort())
    expect(row).toHaveLength(8)
    db.close()
  })
})

describe('headers and errors', () => {
  it('answers 401 without an access key and 412 for an unknown one', async () => {
    const missing = await call('GET', '/context', { key: null })
    expect(missing.status).toBe(401)
    expect(missing.body).toEqual({ errors: [{ status: '401', code: '0', title: 'Unauthorized', detail: 'Header "sw-access-key" is required.', meta: { parameters: {} } }] })
    const unknown = await call('GET', '/context', { key: 'SWSCUNKNOWN' })
    expect(unknown.status).toBe(412)
    expect((unknown.body.errors as Json[])[0].code).toBe('FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND')
  })

  it('answers 503 on every route in maintenance mode', async () => {
    demo.setMaintenance(true)
    try {
      for (const [method, path] of [['GET', '/context'], ['POST', '/navigation/main-navigation/main-navigation'], ['POST', '/seo-url']]) {
        const res = await call(method, path, { body: method === 'POST' ? {} : undefined })
        expect(res.status).toBe(503)
        expect(res.body.errors).toEqual([{ status: '503', code: 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE', title: 'Service Unavailable', detail: 'The sales channel is in maintenance mode.', meta: { parameters: {} } }])
      }
    } finally {
      demo.setMaintenance(false)
    }
  })

  it('mints a 32-character token, echoes a sent one and writes nothing for anonymous reads', async () => {
    const first = await call('GET', '/context')
    const minted = first.headers.get('sw-context-token') ?? ''
    expect(minted).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(first.body.token).toBe(minted)
    const second = await call('GET', '/context', { headers: { 'sw-context-token': 'my-token-123' } })
    expect(second.headers.get('sw-context-token')).toBe('my-token-123')
    const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
    expect((db.prepare('SELECT COUNT(*) AS n FROM context').get() as { n: number }).n).toBe(0)
    db.close()
  })

  it('rejects an unknown language id with 412 and translates by sw-language-id', async () => {
    const bad = await call('POST', '/navigation/main-navigation/main-navigation', { body: {}, headers: { 'sw-language-id': 'nope' } })
    expect(bad.status).toBe(412)
    expect((bad.body.errors as Json[])[0].code).toBe('SYSTEM__LANGUAGE_INVALID_EXCEPTION')
    const en = await call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 1 }, headers: { 'sw-language-id': LANGUAGE_IDS.en } })
    expect(en.headers.get('sw-language-id')).toBe(LANGUAGE_IDS.en)
    expect(en.body.map((c: Json) => (c.translated as Json).name)).toEqual(['Products', 'Spare parts', 'Industries', 'Company', 'Manufacturers'])
  })

  it('PATCH /context persists the language, answers with the CTR body and rejects unknown ids', async () => {
    const token = 'patchtoken000000000000000000000a'
    const ok = await call('PATCH', '/context', { body: { languageId: LANGUAGE_IDS.fr }, headers: { 'sw-context-token': token } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ redirectUrl: null, apiAlias: 'array_struct' })
    expect(ok.headers.get('sw-context-token')).toBe(token)
    const ctx = await call('GET', '/context', { headers: { 'sw-context-token': token } })
    expect((ctx.body.context as Json).languageIdChain).toEqual([LANGUAGE_IDS.fr, LANGUAGE_IDS.de])
    const bad = await call('PATCH', '/context', { body: { currencyId: 'ffffffffffffffffffffffffffffffff' } })
    expect(bad.status).toBe(400)
    expect((bad.body.errors as Json[])[0].code).toBe('VIOLATION::ENTITY_DOES_NOT_EXISTS')
  })

  it('gives the documented 404 codes', async () => {
    const missing = 'ffffffffffffffffffffffffffffffff'
    expect(((await call('POST', `/category/${missing}`, { body: {} })).body.errors as Json[])[0].code).toBe('CONTENT__CATEGORY_NOT_FOUND')
    expect(((await call('POST', `/landing-page/${missing}`, { body: {} })).body.errors as Json[])[0].code).toBe('CONTENT__LANDING_PAGE_NOT_FOUND')
    const cms = await call('POST', `/cms/${missing}`, { body: {} })
    expect(cms.status).toBe(404)
    expect((cms.body.errors as Json[])[0]).toMatchObject({ status: '404', code: 'CONTENT__CMS_PAGE_NOT_FOUND', title: 'Not Found' })
  })
})

describe('navigation', () => {
  it('resolves the aliases, honours depth and returns a flat list without buildTree', async () => {
    const main = await call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 2 } })
    expect(main.body.map((c: Json) => c.id)).toEqual(Object.values(ANCHOR_CATEGORY_IDS))
    const products = main.body[0] as Json
    expect((products.children as Json[]).map((c) => c.name)).toEqual(['Seilwinden', 'Sägeketten & Schienen', 'Fäll- und Spaltwerkzeug', 'Anschlagmittel & Seile', 'Schutzausrüstung', 'Messen & Markieren'])
    const shallow = await call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 1 } })
    expect((shallow.body[0] as Json).children).toEqual([])
    const flat = await call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 2, buildTree: false } })
    expect(flat.body.length).toBe(5 + 6 + 4 + 4 + 3)
    const footer = await call('POST', '/navigation/footer-navigation/footer-navigation', { body: {} })
    expect(footer.body.map((c: Json) => c.linkType)).toEqual(['landing_page', 'landing_page', 'landing_page', 'landing_page'])
    const service = await call('POST', `/navigation/service-navigation/${ROOT_CATEGORY_IDS.service}`, { body: {} })
    expect(service.body.find((c: Json) => c.linkType === 'external')).toMatchObject({ externalLink: 'https://www.forstverein.de/', linkNewTab: true })
    expect(service.body.find((c: Json) => c.linkType === 'category')).toMatchObject({ internalLink: sid('category:company-service') })
  })

  it('includes seoUrls only when sw-include-seo-urls is sent', async () => {
    const without = await call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 1 } })
    expect((without.body[0] as Json).seoUrls).toBeUndefined()
    const withSeo = await call('POST', '/navigation/main-navigation/main-navigation', { body: { depth: 1 }, headers: { 'sw-include-seo-urls': 'true', 'sw-language-id': LANGUAGE_IDS.fr } })
    expect(((withSeo.body[0] as Json).seoUrls as Json[])[0]).toMatchObject({ seoPathInfo: 'produits/', routeName: 'frontend.navigation.page', apiAlias: 'seo_url' })
  })
})

describe('seo urls, categories and landing pages', () => {
  const lookup = async (path: string, languageId: string) => {
    const res = await call('POST', '/seo-url', { body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: path }] }, headers: { 'sw-language-id': languageId } })
    return res.body.elements as Json[]
  }

  it('finds category, landing page and product paths per language', async () => {
    const winches = sid('category:winches')
    for (const [path, lang] of [['produkte/seilwinden/', LANGUAGE_IDS.de], ['products/winches/', LANGUAGE_IDS.en], ['produits/treuils/', LANGUAGE_IDS.fr]] as const) {
      const [hit] = await lookup(path, lang)
      expect(hit).toMatchObject({ foreignKey: winches, routeName: 'frontend.navigation.page', pathInfo: `/navigation/${winches}`, isCanonical: true, isDeleted: false, languageId: lang })
    }
    expect(await lookup('products/winches/', LANGUAGE_IDS.de)).toEqual([])
    const [privacy] = await lookup('declaration-de-confidentialite/', LANGUAGE_IDS.fr)
    expect(privacy.routeName).toBe('frontend.landing.page')
    const [product] = await lookup('forstseilwinde-fsw-55/FS-10003', LANGUAGE_IDS.de)
    expect(product).toMatchObject({ routeName: 'frontend.detail.page', foreignKey: sid('product:FS-10003') })
  })

  it('answers only canonical SEO URLs, as Shopware scopes them for a sales channel', async () => {
    const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
    const winches = sid('category:winches')
    db.prepare('INSERT INTO seo_url (id, language_id, foreign_key, route_name, path_info, seo_path_info, is_canonical) VALUES (?, ?, ?, ?, ?, ?, 0)').run(
      sid('seo:old-winches'), LANGUAGE_IDS.de, winches, 'frontend.navigation.page', `/navigation/${winches}`, 'alte-seilwinden/',
    )
    db.close()
    expect(await lookup('alte-seilwinden/', LANGUAGE_IDS.de)).toEqual([])
    const byEntity = await call('POST', '/seo-url', { body: { filter: [{ type: 'equals', field: 'foreignKey', value: winches }] }, headers: { 'sw-language-id': LANGUAGE_IDS.de } })
    expect((byEntity.body.elements as Json[]).map((u) => u.seoPathInfo)).toEqual(['produkte/seilwinden/'])
    const category = await call('POST', `/category/${winches}`, { body: {}, headers: { 'sw-include-seo-urls': 'true' } })
    expect(((category.body as Json).seoUrls as Json[]).map((u) => u.seoPathInfo)).toEqual(['produkte/seilwinden/'])
  })

  it('finds SEO URLs by path in any letter case, by entity, by id, and a URL added while running', async () => {
    const winches = sid('category:winches')
    const product = sid('product:FS-10003')
    const [byPath] = await lookup('Produkte/SEILWINDEN/', LANGUAGE_IDS.de)
    expect(byPath).toMatchObject({ seoPathInfo: 'produkte/seilwinden/', foreignKey: winches, languageId: LANGUAGE_IDS.de })
    const seoUrl = async (body: Json) => (await call('POST', '/seo-url', { body, headers: { 'sw-language-id': LANGUAGE_IDS.en } })).body.elements as Json[]
    const byEntities = await seoUrl({ filter: [{ type: 'equalsAny', field: 'foreignKey', value: [winches.toUpperCase(), product] }, { type: 'equals', field: 'routeName', value: 'frontend.detail.page' }] })
    expect(byEntities).toHaveLength(1)
    expect(byEntities[0]).toMatchObject({ foreignKey: product, routeName: 'frontend.detail.page', languageId: LANGUAGE_IDS.en })
    expect(await seoUrl({ ids: [byEntities[0]!.id] })).toEqual(byEntities)
    expect(await seoUrl({ filter: [{ type: 'equals', field: 'seo_url.foreignKey', value: product }] })).toEqual(byEntities)
    // The storefront's look-up of a path with and without its trailing slash.
    const either = await seoUrl({ filter: [{ type: 'multi', operator: 'or', queries: [{ type: 'equals', field: 'seoPathInfo', value: 'products/winches' }, { type: 'equals', field: 'seoPathInfo', value: 'products/winches/' }] }] })
    expect(either.map((u) => u.foreignKey)).toEqual([winches])
    // A filter the look-up cannot narrow by still sees every URL of the language.
    const details = await seoUrl({ filter: [{ type: 'equals', field: 'routeName', value: 'frontend.detail.page' }], limit: 100, 'total-count-mode': 'exact' })
    expect(details.map((u) => u.foreignKey)).toContain(product)

    const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
    const added = sid('seo:added-while-running')
    db.prepare('INSERT INTO seo_url (id, language_id, foreign_key, route_name, path_info, seo_path_info, is_canonical) VALUES (?, ?, ?, ?, ?, ?, 1)').run(
      added, LANGUAGE_IDS.de, winches, 'frontend.navigation.page', `/navigation/${winches}`, 'neue-seilwinden/',
    )
    try {
      expect((await lookup('neue-seilwinden/', LANGUAGE_IDS.de)).map((u) => u.id)).toEqual([added])
    } finally {
      db.prepare('DELETE FROM seo_url WHERE id = ?').run(added)
      db.close()
    }
    expect(await lookup('neue-seilwinden/', LANGUAGE_IDS.de)).toEqual([])
  })

  it('pages through all SEO URLs of a language as a sitemap reads them, also after a URL was added', async () => {
    const pages = async (extra: Json = {}) => {
      const found: Json[] = []
      for (let page = 1; ; page++) {
        const res = await call('POST', '/seo-url', {
          body: { page, limit: 100, filter: [{ type: 'equals', field: 'isCanonical', value: true }], sort: [{ field: 'seoPathInfo', order: 'ASC' }], 'total-count-mode': 'exact', ...extra },
          headers: { 'sw-language-id': LANGUAGE_IDS.fr },
        })
        expect(res.status).toBe(200)
        found.push(...(res.body.elements as Json[]))
        if ((res.body.elements as Json[]).length < 100) return { found, total: res.body.total as number }
      }
    }
    const db = openDatabase(join(dataDir, 'demo-store.sqlite'))
    const canonical = (db.prepare('SELECT seo_path_info AS path FROM seo_url WHERE language_id = ? AND is_canonical = 1').all(LANGUAGE_IDS.fr) as { path: string }[]).map((r) => r.path)
    const before = await pages()
    expect(before.total).toBe(canonical.length)
    expect(before.found.map((u) => u.seoPathInfo).sort()).toEqual([...canonical].sort())
    const collator = new Intl.Collator('de', { sensitivity: 'base' })
    const paths = before.found.map((u) => u.seoPathInfo as string)
    expect(paths.every((path, i) => i === 0 || collator.compare(paths[i - 1]!, path) <= 0)).toBe(true)
    const products = await pages({ filter: [{ type: 'equals', field: 'routeName', value: 'frontend.detail.page' }] })
    expect(products.found.length).toBeGreaterThan(0)
    expect(products.found.every((u) => u.routeName === 'frontend.detail.page')).toBe(true)

    const added = sid('seo:added-to-sitemap')
    db.prepare('INSERT INTO seo_url (id, language_id, foreign_key, route_name, path_info, seo_path_info, is_canonical) VALUES (?, ?, ?, ?, ?, ?, 1)').run(
      added, LANGUAGE_IDS.fr, sid('category:winches'), 'frontend.navigation.page', `/navigation/${sid('category:winches')}`, 'aaa-nouvelle-page/',
    )
    try {
      const after = await pages()
      expect(after.total).toBe(canonical.length + 1)
      expect(after.found[0]).toMatchObject({ id: added, seoPathInfo: 'aaa-nouvelle-page/' })
    } finally {
      db.prepare('DELETE FROM seo_url WHERE id = ?').run(added)
      db.close()
    }
  })

  it('returns a listing category with its resolved product_list cms page', async () => {
    const res = await call('POST', `/category/${sid('category:winches')}`, { body: {} })
    expect(res.status).toBe(200)
    const page = res.body.cmsPage as Json
    expect(page).toMatchObject({ type: 'product_list', apiAlias: 'cms_page' })
    const section = (page.sections as Json[])[0]
    expect(section.type).toBe('sidebar')
    const slots = (section.blocks as Json[]).flatMap((b) => b.slots as Json[])
    expect(slots.find((s) => s.type === 'product-listing')?.data).toMatchObject({ listing: { apiAlias: 'product_listing' } })
  })

  it('resolves home slots: text, product slider with prices and media with absolute urls', async () => {
    const res = await call('POST', '/category/home', { body: {}, headers: { 'sw-include-seo-urls': 'true' } })
    const sections = (res.body.cmsPage as Json).sections as Json[]
    expect(((sections[0].backgroundMedia as Json).url as string).startsWith(`${origin}/media/`)).toBe(true)
    const slots = sections.flatMap((s) => (s.blocks as Json[]).flatMap((b) => b.slots as Json[]))
    const slider = slots.find((s) => s.type === 'product-slider')?.data as Json
    const product = (slider.products as Json[])[0]
    expect(product).toMatchObject({ apiAlias: 'product', calculatedPrice: { apiAlias: 'calculated_price' } })
    expect(((product.seoUrls as Json[])[0].seoPathInfo as string)).toMatch(/\/FS-\d+/)
    const media = await fetch(((product.cover as Json).media as Json).url as string)
    expect(media.status).toBe(200)
    expect(media.headers.get('cache-control')).toContain('max-age=31536000')
    // Category teasers: image slots that carry their link.
    expect(slots.find((s) => s.type === 'image' && (s.data as Json).url)?.data).toMatchObject({ url: '/produkte/seilwinden/', apiAlias: 'cms_image' })
  })

  it('serves landing pages with their cms text', async () => {
    const res = await call('POST', `/landing-page/${sid('landing-page:imprint')}`, { body: {}, headers: { 'sw-language-id': LANGUAGE_IDS.en } })
    expect(res.body).toMatchObject({ name: 'Imprint', url: 'imprint/', apiAlias: 'landing_page' })
    const text = (((res.body.cmsPage as Json).sections as Json[])[0].blocks as Json[])[0].slots as Json[]
    // The page's name is its title; the text does not repeat it as a heading of its own.
    expect(((text[0].data as Json).content as string)).toMatch(/^<h2>Information pursuant to section 5 DDG<\/h2>/)
  })

  it('builds a breadcrumb below the main root', async () => {
    const res = await call('GET', `/breadcrumb/${sid('category:winches')}?type=category`, { headers: { 'sw-language-id': LANGUAGE_IDS.en } })
    expect(res.body.map((b: Json) => [b.name, b.path])).toEqual([['Products', 'products/'], ['Winches', 'products/winches/']])
  })
})

describe('criteria', () => {
  it('filters, sorts, pages, counts and applies includes', async () => {
    const res = await call('POST', '/seo-url', {
      body: {
        filter: [
          { type: 'equals', field: 'routeName', value: 'frontend.detail.page' },
          { type: 'multi', operator: 'or', queries: [{ type: 'prefix', field: 'seoPathInfo', value: 'forstseilwinde' }, { type: 'suffix', field: 'seoPathInfo', value: 'FS-50001' }] },
          { type: 'not', queries: [{ type: 'contains', field: 'seoPathInfo', value: 'fsw-35' }] },
        ],
        sort: [{ field: 'seoPathInfo', order: 'DESC' }],
        limit: 3, page: 2, 'total-count-mode': 'exact',
        includes: { seo_url: ['seoPathInfo'] },
      },
    })
    expect(res.body.total).toBe(8)
    expect(res.body.page).toBe(2)
    expect(res.body.limit).toBe(3)
    const paths = (res.body.elements as Json[]).map((e) => e.seoPathInfo)
    expect(paths).toHaveLength(3)
    expect(Object.keys((res.body.elements as Json[])[0]).sort()).toEqual(['apiAlias', 'seoPathInfo'])
    expect([...paths].sort().reverse()).toEqual(paths)
  })

  it('supports equalsAny, range and ids on countries with states', async () => {
    const res = await call('POST', '/country', { body: { filter: [{ type: 'equalsAny', field: 'iso', value: ['DE', 'AT', 'FR'] }, { type: 'range', field: 'position', parameters: { lte: 2 } }], associations: { states: {} } } })
    const elements = res.body.elements as Json[]
    expect(elements.map((c) => c.iso)).toEqual(['DE', 'AT'])
    expect((elements[0].states as Json[]).length).toBe(16)
    const byIds = await call('POST', '/salutation', { body: { ids: [sid('salutation:mrs')] } })
    expect((byIds.body.elements as Json[]).map((s) => s.salutationKey)).toEqual(['mrs'])
  })

  it('rejects malformed criteria with 400', async () => {
    const res = await call('POST', '/seo-url', { body: { limit: -1 } })
    expect(res.status).toBe(400)
    expect((res.body.errors as Json[])[0].code).toBe('FRAMEWORK__INVALID_LIMIT_QUERY')
  })
})

describe('system lists', () => {
  it('returns languages with translation codes and currency as a bare array', async () => {
    const langs = await call('POST', '/language', { body: {} })
    expect((langs.body.elements as Json[]).map((l) => [(l.translationCode as Json).code, l.id])).toEqual([['de-DE', LANGUAGE_IDS.de], ['en-GB', LANGUAGE_IDS.en], ['fr-FR', LANGUAGE_IDS.fr]])
    const currency = await call('POST', '/currency', { body: {} })
    expect(Array.isArray(currency.body)).toBe(true)
    expect((currency.body[0] as Json).isoCode).toBe('EUR')
    const states = await call('POST', `/country-state/${sid('country:AT')}`, { body: {} })
    expect((states.body.elements as Json[]).length).toBe(9)
  })
})
