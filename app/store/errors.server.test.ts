import { createServer, type Server } from 'node:net'
import { ApiClientError } from '@shopware/api-client'
import type { FetchResponse } from 'ofetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearLanguageCache, getStore } from './client.server'
import {
  CONFIGURATION_HINT,
  classifyStoreError,
  retryAfterSeconds,
  StoreError,
  throwPageError,
  violationCodes,
  violations,
} from './errors.server'
import { errorEnvelope, json, languages, startFakeStore, testContext } from './test-support.server'

interface ThrownData {
  data: { message: string; path?: string }
  init: { status: number; statusText?: string }
}

function thrown(fn: () => unknown): ThrownData {
  try {
    fn()
  } catch (e) {
    return e as ThrownData
  }
  throw new Error('nothing thrown')
}

const page = new Request('https://shop.example/en/products/')

let fake: Awaited<ReturnType<typeof startFakeStore>>
beforeAll(async () => {
  fake = await startFakeStore((req, res) => {
    if (req.path === '/store-api/language') return json(res, 200, languages)
    const status = Number(req.path.split('/').pop())
    const code = String(req.headers['x-code'] ?? 'FRAMEWORK__X')
    if (req.path === '/store-api/context') return // never answers
    if (req.path === '/store-api/category/stall') {
      // Headers and half a body, then silence with the socket open.
      res.writeHead(200, { 'Content-Type': 'application/json' })
      return void res.write('{"id":"c1","name":"Produ')
    }
    json(res, status, errorEnvelope(status, code))
  })
})
afterAll(() => fake.close())

/** Makes a real failing call through the store layer and returns what it threw. */
async function failure(status: number, code: string, timeoutMs = 2000) {
  clearLanguageCache()
  const { context, lines } = testContext(fake.url, { store: { endpoint: fake.url, accessToken: 'K', timeoutMs, embedded: false } })
  const store = getStore(context, page, 'en')
  const err = await store
    .invoke('readCategory post /category/{navigationId}', {
      pathParams: { navigationId: String(status) },
      body: {},
      headers: { 'x-code': code } as Record<string, string>,
    })
    .then(
      () => undefined,
      (e: unknown) => e,
    )
  return { err, lines }
}

describe('store errors to page errors', () => {
  it('maps maintenance mode to 503 MAINTENANCE_MODE', async () => {
    const { err } = await failure(503, 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE')
    expect(err).toBeInstanceOf(ApiClientError)
    const t = thrown(() => throwPageError(err, page))
    expect(t.init).toEqual({ status: 503, statusText: 'MAINTENANCE_MODE' })
    expect(t.data).toEqual({ message: 'MAINTENANCE_MODE' })
  })

  it('maps a plain 404 and CONTENT__*_NOT_FOUND to 404 with the path', async () => {
    const t = thrown(() => throwPageError(new StoreError(undefined), page))
    expect(t.init.status).toBe(500)
    const { err } = await failure(404, 'FRAMEWORK__ROUTE_NOT_FOUND')
    expect(thrown(() => throwPageError(err, page)).init.status).toBe(404)
    const { err: content } = await failure(400, 'CONTENT__CATEGORY_NOT_FOUND')
    const t404 = thrown(() => throwPageError(content, page))
    expect(t404.init.status).toBe(404)
    expect(t404.data).toEqual({ message: 'Page not found: /en/products/', path: '/en/products/' })
  })

  it('maps 412 to 500 and logs the configuration hint', async () => {
    const { err, lines } = await failure(412, 'FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND')
    expect(thrown(() => throwPageError(err, page)).init.status).toBe(500)
    expect(lines.some((l) => l.msg === CONFIGURATION_HINT && l.level === 40)).toBe(true)
    const call = lines.find((l) => l.msg === 'store call' && l.operation === 'readCategory')
    expect(call).toMatchObject({ status: 412, errorCodes: ['FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND'] })
  })

  it('maps other store errors to 500', async () => {
    const { err } = await failure(500, 'FRAMEWORK__SOMETHING')
    expect(classifyStoreError(err)).toBe('other')
    expect(thrown(() => throwPageError(err, page)).init.status).toBe(500)
  })

  it('maps a store that never answers to 408', async () => {
    clearLanguageCache()
    const { context } = testContext(fake.url, { store: { endpoint: fake.url, accessToken: 'K', timeoutMs: 300, embedded: false } })
    const slow = await getStore(context, page, 'en')
      .invoke('readContext get /context')
      .catch((e: unknown) => e)
    expect(classifyStoreError(slow)).toBe('timeout')
    expect(thrown(() => throwPageError(slow, page)).init.status).toBe(408)
  })

  it('maps a body that stalls after the headers to 408 within the timeout', async () => {
    clearLanguageCache()
    const { context } = testContext(fake.url, { store: { endpoint: fake.url, accessToken: 'K', timeoutMs: 300, embedded: false } })
    const store = getStore(context, page, 'en')
    await store.languageId()
    const started = performance.now()
    let timer: NodeJS.Timeout | undefined
    const err = await Promise.race([
      store.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'stall' }, body: {} }).catch((e: unknown) => e),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still pending'), 2_000))),
    ])
    clearTimeout(timer)
    expect(err).not.toBe('still pending')
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(classifyStoreError(err)).toBe('timeout')
    const t = thrown(() => throwPageError(err, page))
    expect(t.init.status).toBe(408)
    expect(t.data).toEqual({ message: 'Request Timeout', path: '/en/products/' })
  })

  it("classifies undici's own header and body timeouts as timeouts", () => {
    const wrapped = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })
    expect(classifyStoreError(wrapped('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout')
    expect(classifyStoreError(wrapped('UND_ERR_BODY_TIMEOUT'))).toBe('timeout')
  })

  it('maps a closed port to 502', async () => {
    const server: Server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    await new Promise<void>((r) => server.close(() => r()))
    clearLanguageCache()
    const endpoint = `http://127.0.0.1:${port}/store-api`
    const { context } = testContext(endpoint)
    const err = await getStore(context, page, 'de')
      .invoke('readContext get /context')
      .catch((e: unknown) => e)
    expect(classifyStoreError(err)).toBe('unreachable')
    expect(thrown(() => throwPageError(err, page)).init.status).toBe(502)
  })

  it('maps a socket closed mid-request to 502', async () => {
    const server: Server = createServer((socket) => socket.destroy())
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.address() as { port: number }).port
    clearLanguageCache()
    const { context } = testContext(`http://127.0.0.1:${port}/store-api`)
    const err = await getStore(context, page, 'de')
      .invoke('readContext get /context')
      .catch((e: unknown) => e)
    await new Promise<void>((r) => server.close(() => r()))
    expect(classifyStoreError(err)).toBe('unreachable')
  })
})

function apiError(status: number, body: unknown): ApiClientError<{ errors: [] }> {
  const response = new Response(JSON.stringify(body), { status }) as FetchResponse<{ errors: [] }>
  response._data = body as { errors: [] }
  return new ApiClientError(response)
}

describe('error details for forms', () => {
  it('reads violations by field pointer', () => {
    const err = apiError(400, {
      errors: [
        { code: 'VIOLATION::IS_BLANK_ERROR', status: '400', detail: 'This value should not be blank.', source: { pointer: '/email' } },
        { code: 'VIOLATION::TOO_SHORT_ERROR', status: '400', detail: 'Too short.', source: { pointer: '/billingAddress/street' } },
        { code: 'X', status: '400', detail: 'no pointer' },
      ],
    })
    expect(violations(err)).toEqual({ email: ['This value should not be blank.'], 'billingAddress.street': ['Too short.'] })
    expect(violationCodes(err)).toEqual({ email: ['VIOLATION::IS_BLANK_ERROR'], 'billingAddress.street': ['VIOLATION::TOO_SHORT_ERROR'] })
  })

  it('reads the wait of a rate limit from meta.parameters.seconds', () => {
    const err = apiError(429, { errors: [{ code: 'CHECKOUT__CUSTOMER_AUTH_THROTTLED', status: '429', meta: { parameters: { seconds: 30 } } }] })
    expect(retryAfterSeconds(err)).toBe(30)
    expect(retryAfterSeconds(apiError(429, { errors: [{ code: 'X', meta: { parameters: [] } }] }))).toBeUndefined()
    expect(retryAfterSeconds(new Error('x'))).toBeUndefined()
  })
})
