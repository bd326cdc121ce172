import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deserializePage, compressPage, pageCache, serializePage, sharedMaxAge } from './page-cache'

const PUBLIC = 'public, max-age=60, stale-while-revalidate=600'
let renders = 0
let now = 1_000_000
let server: Server
let url: string

// Plays the Remix app: a counter in the body shows whether a page was rendered again.
const app = express()
app.use(compression())
app.use(pageCache({ maxBytes: 1_000_000, now: () => now }))
app.get('*', (req, res) => {
  renders += 1
  // Long enough for compression to apply.
  const body = `<html><body>render ${renders} of ${req.originalUrl}${' Forstseilwinde'.repeat(200)}</body></html>`
  res.setHeader('Content-Security-Policy', req.path === '/page' ? "script-src 'sha256-abc'" : `script-src 'nonce-${renders}'`)
  res.setHeader('X-Request-Id', `req-${renders}`)
  if (req.path === '/private') res.setHeader('Cache-Control', 'private, no-store')
  else if (req.path === '/sets-cookie') res.setHeader('Cache-Control', PUBLIC).setHeader('Set-Cookie', 'flash=1')
  else if (req.path === '/missing') return void res.status(404).setHeader('Cache-Control', PUBLIC).send(body)
  else if (req.path === '/by-language') res.setHeader('Cache-Control', PUBLIC).setHeader('Vary', 'Accept-Language, Cookie, User-Agent')
  else res.setHeader('Cache-Control', PUBLIC).setHeader('Vary', 'Cookie, User-Agent')
  // Remix writes its stream itself, without express's ETag.
  if (req.path === '/streamed') {
    res.type('html').write(body.slice(0, 100))
    return void res.end(body.slice(100))
  }
  res.type('html').send(body)
})

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  now += 3_600_000
})

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${path}`, { headers: { 'User-Agent': BROWSER, ...headers } })
  return { response, body: await response.text() }
}

const consent = (categories: string[]) =>
  `cc_cookie=${encodeURIComponent(
    JSON.stringify({
      categories,
      revision: 1,
      data: null,
      consentTimestamp: '2026-11-01T10:00:00.000Z',
      consentId: crypto.randomUUID(),
      services: {},
      languageCode: 'de',
      lastConsentTimestamp: '2026-11-01T10:00:00.000Z',
      expirationTime: Date.now() + 86_400_000,
    }),
  )}`

describe('page cache', () => {
  it('stores a page as one line of metadata and the body compressed once, one character per byte', () => {
    const body = Buffer.from(`<p>\n"line" \\n</p>\n${'Waldweg 7 · 79822 Titisee-Neustadt · 1.234,50 € '.repeat(40)}`)
    const page = { status: 200, headers: { 'content-type': 'text/html', vary: ['Cookie'] }, body: compressPage(body), storedAt: 1, maxAgeMs: 60_000 }
    const text = serializePage(page)
    expect(text.length).toBeLessThan(body.length / 5)
    const stored = deserializePage(text)
    expect(stored).toEqual(page)
    expect(brotliDecompressSync(stored.body).equals(body)).toBe(true)
  })

  it('sends a browser the stored brotli bytes as they are, and any other client the page as rendered', async () => {
    const first = await get('/encoded')
    const rendered = renders
    const browser = await get('/encoded', { 'Accept-Encoding': 'gzip, deflate, br, zstd' })
    expect(browser.response.headers.get('content-encoding')).toBe('br')
    // Compressed before, so its length is known: a live answer is compressed as it streams, without one.
    expect(Number(browser.response.headers.get('content-length'))).toBeGreaterThan(0)
    expect(Number(browser.response.headers.get('content-length'))).toBeLessThan(first.body.length / 5)
    expect(browser.body).toBe(first.body)
    const gzip = await get('/encoded', { 'Accept-Encoding': 'gzip' })
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip')
    expect(gzip.body).toBe(first.body)
    const plain = await get('/encoded', { 'Accept-Encoding': 'identity' })
    expect(plain.response.headers.get('content-encoding')).toBeNull()
    expect(plain.body).toBe(first.body)
    for (const answer of [browser, gzip, plain]) expect(answer.response.headers.get('vary')).toMatch(/Accept-Encoding/)
    const tag = browser.response.headers.get('etag')
    expect(tag).toBe(plain.response.headers.get('etag'))
    const revalidated = await get('/encoded', { 'Accept-Encoding': 'br', 'If-None-Match': tag!, 'Cache-Control': 'max-age=0' })
    expect(revalidated.response.status).toBe(304)
    expect(renders).toBe(rendered)
  })

  it('gives a stored page an ETag once, which a browser revalidates with a 304 without a render', async () => {
    const first = await get('/streamed')
    expect(first.response.headers.get('etag')).toBeNull()
    const second = await get('/streamed')
    const tag = second.response.headers.get('etag')
    expect(tag).toMatch(/^W\/"/)
    expect(second.body).toBe(first.body)
    const rendered = renders
    // As a browser revalidates (fetch would add Cache-Control: no-cache, which a conditional request must not carry).
    const third = await get('/streamed', { 'If-None-Match': tag!, 'Cache-Control': 'max-age=0' })
    expect(third.response.status).toBe(304)
    expect(await get('/streamed').then((r) => r.response.headers.get('etag'))).toBe(tag)
    expect(renders).toBe(rendered)
  })

  it('answers a repeated public page without rendering it, with its own CSP and without the stored request id', async () => {
    const first = await get('/page')
    const second = await get('/page', { 'Accept-Encoding': 'br' })
    expect(second.body).toBe(first.body)
    expect(second.response.headers.get('content-security-policy')).toBe("script-src 'sha256-abc'")
    expect(second.response.headers.get('content-encoding')).toBe('br')
    expect(first.response.headers.get('x-request-id')).toBe(`req-${renders}`)
    expect(second.response.headers.get('x-request-id')).toBeNull()
    expect(second.response.headers.get('age')).toBe('0')
    expect(second.response.headers.get('cache-control')).toBe(PUBLIC)
  })

  it('renders again once the page is older than its max-age', async () => {
    const first = await get('/aging')
    now += 59_000
    expect((await get('/aging')).body).toBe(first.body)
    now += 2_000
    expect((await get('/aging')).body).not.toBe(first.body)
  })

  it('never keeps a private page, one that sets a cookie, or an error', async () => {
    for (const path of ['/private', '/sets-cookie', '/missing']) {
      const first = await get(path)
      expect((await get(path)).body).not.toBe(first.body)
    }
  })

  it('keeps one copy per consent choice and for bots, whatever the consent id', async () => {
    const none = await get('/consent')
    const accepted = await get('/consent', { Cookie: consent(['necessary', 'functional']) })
    expect(accepted.body).not.toBe(none.body)
    expect((await get('/consent', { Cookie: consent(['necessary', 'functional']) })).body).toBe(accepted.body)
    expect((await get('/consent', { Cookie: consent(['necessary']) })).body).not.toBe(accepted.body)
    const bot = await get('/consent', { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    expect(bot.body).not.toBe(none.body)
    expect((await get('/consent', { 'User-Agent': 'Mozilla/5.0 (Macintosh) Safari/605.1.15' })).body).toBe(none.body)
  })

  it('honours any other header the page varies by', async () => {
    const german = await get('/by-language', { 'Accept-Language': 'de' })
    expect((await get('/by-language', { 'Accept-Language': 'en' })).body).not.toBe(german.body)
    expect((await get('/by-language', { 'Accept-Language': 'de' })).body).toBe(german.body)
  })

  it('lets a shopper with a session, a flash or any unknown cookie through to the app', async () => {
    await get('/cookies')
    for (const cookie of ['sw-context-token=abc', 'flash=x', 'last-viewed=abc', 'something=else']) {
      expect((await get('/cookies', { Cookie: cookie })).body).toMatch(/render \d+/)
      const before = renders
      await get('/cookies', { Cookie: cookie })
      expect(renders).toBe(before + 1)
    }
    const before = renders
    await get('/cookies', { Cookie: 'wishlist=signed.value' })
    expect(renders).toBe(before)
  })

  it('answers only GET from the cache', async () => {
    await get('/head')
    const before = renders
    await fetch(`${url}/head`, { method: 'HEAD' })
    expect(renders).toBe(before + 1)
  })
})

describe('sharedMaxAge', () => {
  it('reads s-maxage, else max-age, of public responses only', () => {
    expect(sharedMaxAge(PUBLIC)).toBe(60)
    expect(sharedMaxAge('public, max-age=60, s-maxage=30')).toBe(30)
    expect(sharedMaxAge('private, max-age=60')).toBeUndefined()
    expect(sharedMaxAge('public, no-store')).toBeUndefined()
    expect(sharedMaxAge('max-age=60')).toBeUndefined()
    expect(sharedMaxAge(undefined)).toBeUndefined()
  })
})
