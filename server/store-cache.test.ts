import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { redisUnavailable, startRedis } from '../tests/support/redis-server'
import { redisBackend } from '../app/store/store-cache-redis.server'
import { createStoreCache } from '../app/store/store-cache.server'
import { loadConfig } from './config'
import { DEMO_ACCESS_KEY, DEMO_ACCOUNTS } from './demo-store/constants'
import { sid } from './demo-store/ids'
import { createDemoStore } from './demo-store/index'
import { createHost, type Host } from './index'
import { createLogger } from './logger'

const unavailable = redisUnavailable()
if (unavailable) console.warn(unavailable)

// The hosts serve the production build (npm test builds before the unit tests run).
const buildDir = join(import.meta.dirname, '..', process.env.BUILD_DIR ?? 'build')

function listen(app: express.Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server))
  })
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })

describe.skipIf(unavailable)('store cache in Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(() => redis?.stop())

  it('stores, expires and shares answers between two cache instances, and never fails a read when Redis is gone', async () => {
    const backends = [redisBackend(redis.url), redisBackend(redis.url), redisBackend(redis.url)] as const
    await Promise.all(backends.map((backend) => backend.connected()))
    const first = createStoreCache({ backend: backends[0], ttlMs: 60_000, staleMs: 0 })
    const second = createStoreCache({ backend: backends[1], ttlMs: 60_000, staleMs: 0 })
    let calls = 0
    const load = async () => ({ status: 200, data: { call: ++calls } })
    expect((await first.read('store:test:a', load)).outcome).toBe('miss')
    expect(await second.read('store:test:a', load)).toEqual({ outcome: 'hit', answer: { status: 200, data: { call: 1 } } })
    const short = createStoreCache({ backend: backends[2], ttlMs: 50, staleMs: 0 })
    await short.read('store:test:b', load)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect((await short.read('store:test:b', load)).outcome).toBe('miss')
    await Promise.all([first.close(), second.close(), short.close()])

    const errors: Error[] = []
    const gone = createStoreCache({ backend: redisBackend('redis://127.0.0.1:9', { onError: (err) => errors.push(err) }), ttlMs: 60_000, staleMs: 0 })
    const before = calls
    const started = performance.now()
    expect((await gone.read('store:test:a', load)).answer.data).toEqual({ call: before + 1 })
    expect(performance.now() - started).toBeLessThan(100)
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0))
    await gone.close()
  })

  describe('two app instances behind one load balancer', () => {
    let dataDir: string
    let storeServer: Server
    let demoClose: () => void
    let storeUrl = ''
    const storeRequests: string[] = []
    const hosts: { host: Host; server: Server; url: string; lines: Record<string, unknown>[] }[] = []

    beforeAll(async () => {
      if (!existsSync(join(buildDir, 'server', 'index.js'))) throw new Error(`${buildDir} is missing: run "npm run build" first`)
      dataDir = mkdtempSync(join(tmpdir(), 'store-cache-redis-'))
      const storeApp = express()
      storeApp.use((req, _res, next) => {
        storeRequests.push(`${req.method} ${req.path}`)
        next()
      })
      storeServer = await listen(storeApp)
      storeUrl = `http://127.0.0.1:${(storeServer.address() as AddressInfo).port}`
      const demo = await createDemoStore({ dataDir: join(dataDir, 'store'), publicUrl: storeUrl })
      demoClose = () => demo.close()
      storeApp.use('/store-api', demo.storeApi)
      storeApp.use('/media', demo.media)

      for (const name of ['a', 'b']) {
        const lines: Record<string, unknown>[] = []
        const destination = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line))
            callback()
          },
        })
        const config = loadConfig({
          NODE_ENV: 'production',
          PORT: '3000',
          PUBLIC_URL: 'http://127.0.0.1:3000',
          DATA_DIR: join(dataDir, name),
          SHOPWARE_ENDPOINT: `${storeUrl}/store-api`,
          SHOPWARE_ACCESS_TOKEN: DEMO_ACCESS_KEY,
          SESSION_SECRET: 'store-cache-test-secret-0123456789abcdef',
          REDIS_URL: redis.url,
        })
        const host = await createHost(config, createLogger({ level: 'info', destination }))
        const server = await listen(host.app)
        hosts.push({ host, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines })
      }
    })

    afterAll(async () => {
      for (const { host, server } of hosts) {
        await closeServer(server)
        await host.close()
      }
      if (storeServer) await closeServer(storeServer)
      demoClose?.()
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    })

    const accessLine = (lines: Record<string, unknown>[], url: string) =>
      lines.filter((line) => line.msg === 'request completed' && line.url === url).at(-1)

    async function get(instance: (typeof hosts)[number], path: string, cookie?: string) {
      const before = storeRequests.length
      const response = await fetch(`${instance.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
      const html = await response.text()
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { response, html, storeCalls: storeRequests.slice(before), line: accessLine(instance.lines, path) }
    }

    it('share the catalogue reads: the second instance renders a product page without a store call', async () => {
      const [a, b] = hosts as [(typeof hosts)[number], (typeof hosts)[number]]
      const category = await get(a, '/produkte/seilwinden/')
      expect(category.response.status).toBe(200)
      const productPath = category.html.match(/href="(\/[a-z0-9-]+\/FS-\d+)"/)?.[1]
      expect(productPath).toBeDefined()

      const cold = await get(a, productPath!)
      expect(cold.response.status).toBe(200)
      expect(cold.storeCalls.length).toBeGreaterThan(0)
      expect(cold.line).toMatchObject({ storeCalls: cold.storeCalls.length })

      const warm = await get(b, productPath!)
      expect(warm.response.status).toBe(200)
      expect(warm.storeCalls).toEqual([])
      expect(warm.line).toMatchObject({ storeCalls: 0, storeRounds: 0 })
      expect(Number(warm.line?.cacheHits)).toBeGreaterThanOrEqual(cold.storeCalls.length)
      // The same page, whichever instance rendered it.
      const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1]
      expect(title(warm.html)).toBe(title(cold.html))
      expect(warm.html).toContain('FS-')
    })

    it("never serve a customer's session from the shared copy: their prices come from the store", async () => {
      const [, b] = hosts as [(typeof hosts)[number], (typeof hosts)[number]]
      const login = await fetch(`${storeUrl}/store-api/account/login`, {
        method: 'POST',
        headers: { 'sw-access-key': DEMO_ACCESS_KEY, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ username: DEMO_ACCOUNTS.reseller.email, password: DEMO_ACCOUNTS.reseller.password }),
      })
      const token = login.headers.get('sw-context-token')
      const anonymous = await get(b, '/produkte/seilwinden/')
      expect(anonymous.response.headers.get('cache-control')).toMatch(/^public/)
      const page = await get(b, '/produkte/seilwinden/', `sw-context-token=${token}`)
      expect(page.response.status).toBe(200)
      expect(page.response.headers.get('cache-control')).toBe('private, no-store')
      // The category with its listing and prices is read with the shopper's session; navigation and SEO URLs are shared.
      const category = page.storeCalls.filter((call) => call.startsWith('POST /store-api/category/'))
      expect(category).toHaveLength(1)
      expect(page.storeCalls.filter((call) => /navigation|seo-url|language/.test(call))).toEqual([])
    })
  })
})

describe('a warm product page (cache in process)', () => {
  let dataDir: string
  let host: Host
  let server: Server
  let url: string
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    if (!existsSync(join(buildDir, 'server', 'index.js'))) throw new Error(`${buildDir} is missing: run "npm run build" first`)
    dataDir = mkdtempSync(join(tmpdir(), 'store-cache-memory-'))
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        callback()
      },
    })
    host = await createHost(
      // Without the page cache, which would answer the repeated public page before the store layer runs.
      loadConfig({ NODE_ENV: 'production', PORT: '3000', DATA_DIR: dataDir, SESSION_SECRET: 'store-cache-test-secret-0123456789abcdef', PAGE_CACHE: 'off' }),
      createLogger({ level: 'info', destination }),
    )
    server = await listen(host.app)
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    if (server) await closeServer(server)
    await host?.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  async function visit(path: string, cookie?: string) {
    const response = await fetch(`${url}${path}`, cookie ? { headers: { Cookie: cookie } } : {})
    const html = await response.text()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const line = lines.filter((l) => l.msg === 'request completed' && l.url === path).at(-1)
    return { response, html, line }
  }

  it('makes no store call at all, where a cold one made several in two rounds', async () => {
    const category = await visit('/produkte/seilwinden/')
    const productPath = category.html.match(/href="(\/[a-z0-9-]+\/FS-\d+)"/)?.[1]
    expect(productPath).toBeDefined()
    const cold = await visit(productPath!)
    expect(cold.response.status).toBe(200)
    expect(Number(cold.line?.storeCalls)).toBeGreaterThan(0)
    expect(cold.line?.storeRounds).toBe(2)
    // What the category page read before (navigation trees, languages) is cached: the product's own reads remain.
    const coldCalls = lines.filter((l) => l.reqId === cold.line?.reqId && l.msg === 'store call').map((l) => l.operation)
    // Issue 12's budget: at most 4. The URL's look-up, the product with its layout and family, the other two languages' URLs.
    expect(coldCalls.sort()).toEqual(['readProductDetail', 'readSeoUrl', 'readSeoUrl', 'readSeoUrl'])
    const warm = await visit(productPath!)
    expect(warm.response.status).toBe(200)
    expect(warm.line).toMatchObject({ storeCalls: 0, storeRounds: 0 })
    expect(Number(warm.line?.cacheHits)).toBeGreaterThan(Number(cold.line?.storeCalls))
    expect(warm.html.match(/<h1[^>]*>([^<]*)</)?.[1]).toBe(cold.html.match(/<h1[^>]*>([^<]*)</)?.[1])
    // Store calls are logged one line each; none were made for the warm page.
    const warmReq = warm.line?.reqId
    expect(lines.filter((l) => l.reqId === warmReq && l.msg === 'store call')).toEqual([])
  })

  const operations = (visited: Awaited<ReturnType<typeof visit>>) =>
    lines.filter((l) => l.reqId === visited.line?.reqId && l.msg === 'store call').map((l) => String(l.operation)).sort()

  async function storeToken(path: string, body: unknown): Promise<string> {
    const response = await fetch(`${url}/store-api${path}`, {
      method: 'POST',
      headers: { 'sw-access-key': DEMO_ACCESS_KEY, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    return response.headers.get('sw-context-token') ?? ''
  }

  it('serves the catalogue reads of a visitor with a cart from the cache as well, as their context prices; a customer never', async () => {
    const category = await visit('/produkte/seilwinden/')
    const productPath = category.html.match(/href="(\/[a-z0-9-]+\/FS-\d+)"/g)?.at(-1)?.slice(6, -1)
    expect(productPath).toBeDefined()
    const withCart = () => storeToken('/checkout/cart/line-item', { items: [{ type: 'product', referencedId: sid('product:FS-31001'), quantity: 1 }] })
    const first = await visit(productPath!, `sw-context-token=${await withCart()}`)
    expect(operations(first)).toContain('readProductDetail')
    const second = await visit(productPath!, `sw-context-token=${await withCart()}`)
    expect(second.response.status).toBe(200)
    expect(second.response.headers.get('cache-control')).toBe('private, no-store')
    // Only the session's own reads remain: its context (read once for the cache, the price labels and
    // whether a wishlist is the account's) and the cart count.
    expect(operations(second)).toEqual(['readCart', 'readContext'])
    expect(second.line).toMatchObject({ storeCalls: 2, storeRounds: 1 })
    expect(second.html.match(/<h1[^>]*>([^<]*)</)?.[1]).toBe(first.html.match(/<h1[^>]*>([^<]*)</)?.[1])
    // The embedded store has no rules that a cart changes: these sessions price like the shop's own
    // context, so a visitor without a session reads the same entries.
    const anonymous = await visit(productPath!)
    expect(operations(anonymous)).toEqual([])

    const customer = await storeToken('/account/login', { username: DEMO_ACCOUNTS.reseller.email, password: DEMO_ACCOUNTS.reseller.password })
    for (let visitNo = 0; visitNo < 2; visitNo++) {
      expect(operations(await visit(productPath!, `sw-context-token=${customer}`))).toContain('readProductDetail')
    }
  })
})
