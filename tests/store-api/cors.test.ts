// Store API clients on other origins (a browser SPA, another shop's pages) use the embedded store as
// they would use Shopware: CorsListener answers preflights before authentication and adds its
// headers to every response; media and API answers may be embedded cross-origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sid } from '../../server/demo-store/ids'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

const ORIGIN = 'https://other-shop.example'
const SW_HEADERS = ['sw-access-key', 'sw-context-token', 'sw-language-id', 'sw-include-seo-urls', 'content-type', 'accept']

function listed(header: string | null): string[] {
  return (header ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean)
}

async function preflight(path: string, method = 'POST'): Promise<Response> {
  return fetch(`${store.origin}/store-api${path}`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': SW_HEADERS.join(',') },
  })
}

describe('preflight OPTIONS /store-api/*', () => {
  it.each([['/product', 'POST'], ['/context', 'PATCH'], ['/checkout/cart', 'DELETE'], ['/no/such/route', 'GET']])(
    'answers %s (%s) without an access key, allowing the sw-* headers',
    async (path, method) => {
      const response = await preflight(path, method)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(listed(response.headers.get('access-control-allow-methods'))).toEqual(expect.arrayContaining(['get', 'post', 'patch', 'delete']))
      expect(listed(response.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining(SW_HEADERS))
      expect(response.headers.get('sw-context-token')).toBeNull()
    },
  )

  it('answers even in maintenance mode, before the sales channel is checked', async () => {
    store.store.setMaintenance(true)
    try {
      expect((await preflight('/product')).status).toBe(200)
      const call = await store.call('POST', '/product', { body: {}, headers: { origin: ORIGIN } })
      expectStoreError('POST /product', call, 503, 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE')
      expect(call.headers.get('access-control-allow-origin')).toBe('*')
    } finally {
      store.store.setMaintenance(false)
    }
  })
})

describe('Store API responses', () => {
  it('carry Access-Control-Allow-Origin and expose the context token and language headers', async () => {
    const response = await store.call('GET', '/context', { headers: { origin: ORIGIN } })
    expect(response.status).toBe(200)
    expectConformant('GET /context', response)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(listed(response.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['sw-context-token', 'sw-language-id', 'sw-version-id']),
    )
    expect(response.headers.get('sw-context-token')).toMatch(/\S/)
  })

  it('are usable cross-origin although the host marks responses same-origin', async () => {
    const response = await store.call('POST', '/product', { body: { limit: 1 }, headers: { origin: ORIGIN } })
    expectConformant('POST /product', response)
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
  })

  it('carry the CORS headers on errors too (401, 404, 400)', async () => {
    const unauthorized = await store.call('GET', '/context', { accessKey: null, headers: { origin: ORIGIN } })
    expectStoreError('GET /context', unauthorized, 401, '0')
    const missing = await store.call('POST', '/product/00000000000000000000000000000000', { headers: { origin: ORIGIN } })
    expectStoreError('POST /product/{productId}', missing, 404, 'CONTENT__PRODUCT_NOT_FOUND')
    const bad = await store.call('POST', '/product', { body: { limit: 'x' }, headers: { origin: ORIGIN } })
    expectStoreError('POST /product', bad, 400, 'FRAMEWORK__INVALID_LIMIT_QUERY')
    for (const response of [unauthorized, missing, bad]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(listed(response.headers.get('access-control-expose-headers'))).toContain('sw-context-token')
      expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    }
  })
})

describe('/media/*', () => {
  it('serves images for any origin', async () => {
    const detail = await store.call('POST', `/product/${sid('product:FS-10001')}`)
    const url = (detail.body as { product: { cover: { media: { url: string } } } }).product.cover.media.url
    expect(url.startsWith(`${store.origin}/media/`)).toBe(true)
    const image = await fetch(url, { headers: { origin: ORIGIN } })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(image.headers.get('access-control-allow-origin')).toBe('*')
    await image.arrayBuffer()
  })

  it('answers a missing file with 404 and another method with 405, not the host\'s 500', async () => {
    const missing = await fetch(`${store.origin}/media/product/no-such-file.jpg`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const posted = await fetch(`${store.origin}/media/product/no-such-file.jpg`, { method: 'POST' })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET, HEAD')
  })
})
