import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { elementsOf, expectStoreError, startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { ANCHOR_CATEGORY_IDS, DEMO_ACCOUNTS } from './constants'
import { MAX_LIMIT } from './criteria'
import { sid } from './ids'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './router'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

const listingPath = `/product-listing/${ANCHOR_CATEGORY_IDS.products}`
const equals = (field: string, value: unknown) => ({ type: 'equals', field, value })

/** `{"filter":[…]}` with `levels` multi (or not) filters inside each other, built as text (JSON.stringify recurses). */
function nestedFilterBody(levels: number, type: 'multi' | 'not' = 'multi'): string {
  const leaf = JSON.stringify(equals('productNumber', 'FS-10001'))
  return `{"filter":[${`{"type":"${type}","queries":[`.repeat(levels)}${leaf}${']}'.repeat(levels)}]}`
}

function firstError(body: unknown): { code?: string; detail?: string; source?: { pointer?: string }; meta?: { parameters?: Record<string, unknown> } } {
  return ((body as { errors?: unknown[] }).errors?.[0] ?? {}) as ReturnType<typeof firstError>
}

describe('bodies nested too deep', () => {
  it('finds nesting without recursion, at the same bound as PHP json_decode (512)', () => {
    let value: unknown = 1
    for (let i = 0; i < 512; i++) value = [value]
    expect(nestsDeeperThan(value, MAX_JSON_DEPTH)).toBe(false)
    expect(nestsDeeperThan([value], MAX_JSON_DEPTH)).toBe(true)
    let deep: unknown = {}
    for (let i = 0; i < 200_000; i++) deep = { a: deep }
    expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true)
  })

  it('still answers filters nested as deep as Shopware accepts', async () => {
    // Body, filter list, two levels per multi filter (the filter and its queries) and the leaf: 254 make 511.
    const response = await store.call('POST', '/product', { rawBody: nestedFilterBody(254) })
    expect(response.status).toBe(200)
    expect(elementsOf(response).map((p) => p.productNumber)).toEqual(['FS-10001'])
  })

  it.each([
    ['multi', 300],
    ['multi', 20_000],
    ['not', 20_000],
  ] as const)('answers 400 for %s filters nested %i deep (it overflowed the stack: 500)', async (type, levels) => {
    for (const [operation, path] of [
      ['POST /product', '/product'],
      ['POST /product-listing/{categoryId}', listingPath],
      ['POST /search', '/search?search=kette'],
      ['POST /seo-url', '/seo-url'],
    ]) {
      const response = await store.call('POST', path, { rawBody: nestedFilterBody(levels, type) })
      expectStoreError(operation, response, 400, '0')
      expect(firstError(response.body).detail).toBe('The JSON payload is malformed.')
    }
  })

  it('answers 400 for filter aggregations nested too deep', async () => {
    const levels = 5_000
    const inner = '{"name":"n","type":"terms","field":"manufacturerId"}'
    const aggregation = `${'{"name":"f","type":"filter","filter":[{"type":"equals","field":"active","value":true}],"aggregation":'.repeat(levels)}${inner}${'}'.repeat(levels)}`
    const response = await store.call('POST', '/product', { rawBody: `{"aggregations":[${aggregation}]}` })
    expectStoreError('POST /product', response, 400, '0')
  })

  it('answers malformed JSON with Symfony\'s 400 (code "0")', async () => {
    const response = await store.call('POST', '/product', { rawBody: '{"filter": [' })
    expectStoreError('POST /product', response, 400, '0')
    expect(firstError(response.body).detail).toBe('The JSON payload is malformed.')
  })
})

describe('oversized bodies', () => {
  it('answers 413 with the error envelope (it was a 500)', async () => {
    const response = await store.call('POST', '/product', { rawBody: JSON.stringify({ term: 'x'.repeat(1_100_000) }) })
    expectStoreError('POST /product', response, 413, '0')
  })

  it('still takes a body just under the limit', async () => {
    const response = await store.call('POST', '/product', { rawBody: JSON.stringify({ limit: 1, padding: 'x'.repeat(1_000_000) }) })
    expect(response.status).toBe(200)
  })
})

describe('limit (shopware.api.store.max_limit = 100)', () => {
  it.each([
    ['POST /product', 'POST', '/product'],
    ['POST /seo-url', 'POST', '/seo-url'],
    ['POST /salutation', 'POST', '/salutation'],
    ['POST /product-listing/{categoryId}', 'POST', listingPath],
    ['POST /search', 'POST', '/search?search=kette'],
    ['POST /product/{productId}/reviews', 'POST', `/product/${sid('product:FS-20001')}/reviews`],
  ])('%s: 400 FRAMEWORK__QUERY_LIMIT_EXCEEDED above the maximum (it answered 2.5 MB for /product)', async (operation, method, path) => {
    const response = await store.call(method, path, { body: { limit: 1_000_000 } })
    expectStoreError(operation, response, 400, 'FRAMEWORK__QUERY_LIMIT_EXCEEDED')
    expect(firstError(response.body)).toMatchObject({
      detail: 'The limit must be lower than or equal to MAX_LIMIT(=100). Given: 1000000',
      source: { pointer: '/limit' },
      meta: { parameters: { maxLimit: 100, limit: 1_000_000 } },
    })
  })

  it('caps the query string of GET routes and of POST listings alike', async () => {
    expectStoreError('GET /product', await store.call('GET', '/product', { query: { limit: '101' } }), 400, 'FRAMEWORK__QUERY_LIMIT_EXCEEDED')
    const listing = await store.call('POST', listingPath, { query: { limit: '5000' }, body: {} })
    expectStoreError('POST /product-listing/{categoryId}', listing, 400, 'FRAMEWORK__QUERY_LIMIT_EXCEEDED')
  })

  it('takes exactly the maximum, and uses it when no limit is sent', async () => {
    const atMax = await store.call('POST', '/product', { body: { limit: MAX_LIMIT } })
    expect(atMax.status).toBe(200)
    expect(elementsOf(atMax)).toHaveLength(100)
    const unlimited = await store.call('POST', '/product', { body: {} })
    expect(unlimited.body).toMatchObject({ limit: 100 })
    expect(elementsOf(unlimited)).toHaveLength(100)
  })

  it('reads numeric strings and truncates decimals, as PHP does', async () => {
    expect((await store.call('POST', '/product', { body: { limit: '3' } })).body).toMatchObject({ limit: 3 })
    expect((await store.call('POST', '/product', { body: { limit: 2.7 } })).body).toMatchObject({ limit: 2 })
  })

  it.each([['abc'], [''], [0], [-1], [true], [{}], [[5]]])('answers 400 FRAMEWORK__INVALID_LIMIT_QUERY for %j', async (limit) => {
    expectStoreError('POST /product', await store.call('POST', '/product', { body: { limit } }), 400, 'FRAMEWORK__INVALID_LIMIT_QUERY')
  })

  it('ignores limit and page next to ids, as Shopware does', async () => {
    const ids = [sid('product:FS-10001'), sid('product:FS-10002'), sid('product:FS-10003')]
    const response = await store.call('POST', '/product', { body: { ids, limit: 1, page: 7 } })
    expect(response.status).toBe(200)
    expect(elementsOf(response)).toHaveLength(3)
  })
})

describe('page', () => {
  it.each([[-1], [0], ['x'], [''], [[]]])('answers 400 FRAMEWORK__INVALID_PAGE_QUERY for page %j', async (page) => {
    expectStoreError('POST /product', await store.call('POST', '/product', { body: { page } }), 400, 'FRAMEWORK__INVALID_PAGE_QUERY')
  })

  it('reads the listing page p like PagingListingProcessor: below 1 is page 1, no integer is a bad request', async () => {
    expect((await store.call('POST', listingPath, { body: { p: -3 } })).body).toMatchObject({ page: 1 })
    expect((await store.call('GET', listingPath, { query: { p: '0' } })).body).toMatchObject({ page: 1 })
    expectStoreError('POST /product-listing/{categoryId}', await store.call('POST', listingPath, { body: { p: 'abc' } }), 400, '0')
    expectStoreError('POST /product-listing/{categoryId}', await store.call('POST', listingPath, { body: { p: 1.5 } }), 400, '0')
  })
})

describe('criteria shapes', () => {
  it.each([
    ['filter not a list', { filter: 'x' }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['a filter that is no object', { filter: [null] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['a filter without type', { filter: [{ field: 'id' }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['an unknown filter type', { filter: [{ type: 'near', field: 'id', value: 1 }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['a prototype name as filter type', { filter: [{ type: 'constructor', queries: [] }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['a field that is no string', { filter: [{ type: 'equals', field: 5, value: 1 }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['equals without value', { filter: [{ type: 'equals', field: 'id' }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['equals with an object', { filter: [equals('id', { a: 1 })] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['equalsAny with an empty list', { filter: [{ type: 'equalsAny', field: 'id', value: [] }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['contains with a list', { filter: [{ type: 'contains', field: 'name', value: ['a'] }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['range without parameters', { filter: [{ type: 'range', field: 'stock' }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['range parameters as text', { filter: [{ type: 'range', field: 'stock', parameters: 'x' }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['an unknown range key', { filter: [{ type: 'range', field: 'stock', parameters: { from: 1 } }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['multi queries not a list', { filter: [{ type: 'multi', queries: 'x' }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['a not filter with a bad operator', { filter: [{ type: 'not', operator: 'xor', queries: [] }] }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['post-filter not a list', { 'post-filter': 5 }, 'FRAMEWORK__INVALID_FILTER_QUERY'],
    ['sort as a number', { sort: 5 }, 'FRAMEWORK__INVALID_SORT_QUERY'],
    ['a sorting without field', { sort: [{ order: 'DESC' }] }, 'FRAMEWORK__INVALID_SORT_QUERY'],
    ['aggregations not a list', { aggregations: {} }, 'FRAMEWORK__INVALID_AGGREGATION_QUERY'],
    ['an aggregation without name', { aggregations: [{ type: 'terms', field: 'id' }] }, 'FRAMEWORK__INVALID_AGGREGATION_QUERY'],
    ['an aggregation with a numeric name', { aggregations: [{ name: '5', type: 'terms', field: 'id' }] }, 'FRAMEWORK__INVALID_AGGREGATION_QUERY'],
    ['a filter aggregation without filters', { aggregations: [{ name: 'f', type: 'filter', filter: [], aggregation: {} }] }, 'FRAMEWORK__INVALID_AGGREGATION_QUERY'],
    ['includes as text', { includes: 'product' }, 'FRAMEWORK__EXPECTED_ARRAY_WITH_TYPE'],
    ['includes fields as text', { includes: { product: 'name' } }, 'FRAMEWORK__EXPECTED_ARRAY_WITH_TYPE'],
    ['ids as a number', { ids: 5 }, 'FRAMEWORK__INVALID_API_CRITERIA_IDS'],
    ['ids that are no strings', { ids: [1, 2] }, 'FRAMEWORK__INVALID_API_CRITERIA_IDS'],
  ])('answers 400 for %s', async (_name, body, code) => {
    const response = await store.call('POST', '/product', { body })
    expectStoreError('POST /product', response, 400, code)
    expect(firstError(response.body).source?.pointer).toMatch(/^\//)
  })

  it('takes a filter object of field/value pairs as equals filters (RequestCriteriaBuilder::parseSimpleFilter)', async () => {
    const response = await store.call('POST', '/product', { body: { filter: { productNumber: 'FS-10001' } } })
    expect(response.status).toBe(200)
    expect(elementsOf(response).map((p) => p.productNumber)).toEqual(['FS-10001'])
  })

  it('knows the and/or/nand/nor shorthands', async () => {
    const numbers = async (filter: unknown) => elementsOf(await store.call('POST', '/product', { body: { filter: [filter], limit: 100 } })).map((p) => p.productNumber)
    const either = [equals('productNumber', 'FS-10001'), equals('productNumber', 'FS-10002')]
    expect(await numbers({ type: 'or', queries: either })).toEqual(['FS-10001', 'FS-10002'])
    expect(await numbers({ type: 'and', queries: either })).toEqual([])
    expect(await numbers({ type: 'nor', queries: either })).not.toContain('FS-10001')
  })
})

describe('never a 500 for bad input', () => {
  const reviewPath = `/product/${sid('product:FS-20001')}/review`
  const bodies: unknown[] = [
    { limit: {} }, { page: {} }, { filter: { '': 1 } }, { filter: { productNumber: {} } }, { filter: [{ type: 'multi', operator: 5, queries: [1] }] },
    { sort: [null] }, { aggregations: [5] }, { aggregations: [{ name: 'a', type: 'terms', field: {} }] }, { aggregations: [{ name: 'a', type: 'entity', field: 'id' }] },
    { associations: 'x' }, { term: {} }, { 'total-count-mode': {} }, { order: {} }, { manufacturer: { a: 1 } }, { properties: 5 }, { 'min-price': {} },
    { rating: {} }, { 'shipping-free': {} }, { 'property-whitelist': {} }, { search: {} }, { p: {} }, { options: {} }, { items: 'x' }, { ids: [[1]] },
    [1, 2], { includes: [] }, { aggregations: [{ name: 'x', type: 'entity', field: 'id', definition: 'no_such_entity' }] },
  ]
  const routes: [string, string][] = [
    ['POST', '/product'], ['GET', '/product'], ['POST', listingPath], ['POST', '/search?search=kette'], ['POST', '/search-suggest?search=kette'],
    ['POST', '/salutation'], ['POST', '/seo-url'], ['POST', '/navigation/main-navigation/main-navigation'], ['POST', `/category/${ANCHOR_CATEGORY_IDS.products}`],
    ['POST', `/product/${sid('product:FS-20001')}`], ['POST', `/product/${sid('product:FS-20001')}/reviews`], ['POST', `/product/${sid('product:FS-20001')}/find-variant`],
    ['POST', `/product/${sid('product:FS-10001')}/cross-selling`], ['POST', '/checkout/cart/line-item'], ['PATCH', '/context'], ['POST', '/country'],
    ['POST', reviewPath],
  ]

  it('answers every malformed body on every route below 500, with the error envelope', async () => {
    const failures: string[] = []
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const response = method === 'GET'
          ? await store.call(method, path, { query: Object.fromEntries(Object.entries(body as object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) })
          : await store.call(method, path, { body })
        if (response.status >= 500) failures.push(`${method} ${path} ${JSON.stringify(body)} → ${response.status}`)
        if (response.status >= 400 && firstError(response.body).code === undefined) failures.push(`${method} ${path} ${JSON.stringify(body)}: no envelope`)
      }
      if (method === 'GET') continue
      for (const [name, rawBody] of [['deep', nestedFilterBody(20_000)], ['large', JSON.stringify({ term: 'x'.repeat(1_100_000) })]]) {
        const response = await store.call(method, path, { rawBody })
        if (response.status >= 500 || firstError(response.body).code === undefined) failures.push(`${method} ${path} ${name} body → ${response.status}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers every malformed review body of a logged-in customer below 500 (anonymous ones stop at the login)', async () => {
    const login = await store.call('POST', '/account/login', { body: DEMO_ACCOUNTS.customer })
    const token = login.headers.get('sw-context-token') ?? ''
    const garbage: unknown[] = [null, true, false, 0, -1, 1e308, '', ' ', '0', 'x', '\u0000', '🌲'.repeat(300), [], [1], {}, { a: { b: 1 } }, 'x'.repeat(100_000)]
    const valid = { title: 'Sehr gut', content: 'Ein Satz, der lang genug für eine Bewertung ist.', points: 5 }
    const sent: Array<[string, { body?: unknown; rawBody?: string }]> = [
      ...bodies.map((body) => [JSON.stringify(body), { body }] as [string, { body: unknown }]),
      ...['title', 'content', 'points', 'name', 'email', 'id'].flatMap((field) =>
        garbage.map((value) => [`${field}: ${JSON.stringify(value).slice(0, 40)}`, { body: { ...valid, [field]: value } }] as [string, { body: unknown }])),
      ['deep', { rawBody: nestedFilterBody(20_000) }], ['large', { rawBody: JSON.stringify({ ...valid, content: 'x'.repeat(1_100_000) }) }],
    ]
    const failures: string[] = []
    for (const [name, options] of sent) {
      const response = await store.call('POST', reviewPath, { token, ...options })
      if (response.status >= 500) failures.push(`${name} → ${response.status}`)
      if (response.status >= 400 && firstError(response.body).code === undefined) failures.push(`${name}: no envelope`)
      if (response.status === 403) failures.push(`${name}: refused as not logged in`)
    }
    expect(failures).toEqual([])
  })
})
