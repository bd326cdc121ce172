import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RequestHandler } from 'express'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { createHost } from './index'
import { MAX_FORM_BYTES } from './request-guard'

// Plays the Remix app: tells what reached it (method, URL, the guard's verdict, the body it may read).
const echo: RequestHandler = (req, res) => {
  res.json({ method: req.method, url: req.url, rejection: res.locals.rejection ?? null, body: res.locals.formBody?.toString('utf8') ?? null })
}

let server: Server
let url: string
const publicUrl = 'https://shop.example'

beforeAll(async () => {
  const config = loadConfig({ SHOPWARE_ENDPOINT: 'http://127.0.0.1:9/store-api', SHOPWARE_ACCESS_TOKEN: 'K', PUBLIC_URL: publicUrl })
  const host = await createHost(config, pino({ level: 'silent' }), { remixHandler: echo })
  server = createServer(host.app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const form = 'application/x-www-form-urlencoded'

async function post(path: string, headers: Record<string, string>, body: BodyInit = 'a=1') {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': form, ...headers }, body, redirect: 'manual' })
  const text = await response.text()
  return { status: response.status, text, json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined, headers: response.headers }
}

describe('cross-origin posts', () => {
  it('passes a form from the shop itself, by public origin or by the address it was opened at, with its body', async () => {
    for (const origin of [publicUrl, url]) {
      const { status, json } = await post('/en/detail/abc', { origin })
      expect(status).toBe(200)
      expect(json).toEqual({ method: 'POST', url: '/en/detail/abc', rejection: null, body: 'a=1' })
    }
  })

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null (sandboxed frame, data: URL)', { origin: 'null' }],
    ['a foreign Origin on the same host name but another port', { origin: 'https://shop.example:8443' }],
    ['no Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['no Origin and no Sec-Fetch-Site but a foreign Referer', { referer: 'https://evil.example/page' }],
  ])('turns a page POST with %s into the 403 page of its language, without running the action', async (_name, headers) => {
    const { status, json } = await post('/fr/consent', headers)
    expect(status).toBe(200) // the echo stands in for Remix, which renders the 403 page from the rejection
    expect(json).toEqual({ method: 'GET', url: '/fr', rejection: { status: 403, reason: 'cross-origin' }, body: null })
  })

  it('answers a foreign data request (?_data=, .data) with a plain 403 and never reaches the app', async () => {
    for (const path of ['/produkte/?_data=routes%2Fcontent', '/produkte.data', '/consent?_data=routes/consent']) {
      const { status, text } = await post(path, { origin: 'https://evil.example' })
      expect(status).toBe(403)
      expect(text).toMatch(/^Forbidden/)
    }
  })

  it('lets a same-origin Sec-Fetch-Site or Referer through when the Origin is missing', async () => {
    expect((await post('/consent', { 'sec-fetch-site': 'same-origin' })).json.rejection).toBeNull()
    expect((await post('/consent', { referer: `${publicUrl}/en/` })).json.rejection).toBeNull()
  })
})

/** node:http, because fetch refuses TRACE and sets its own Host. */
function raw(method: string, headers: Record<string, string>, path = '/') {
  return new Promise<{ status?: number; allow?: string; text: string }>((resolve, reject) => {
    request(`${url}${path}`, { method, headers }, (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode, allow: response.headers.allow, text }))
    })
      .on('error', reject)
      .end()
  })
}

describe('bad input', () => {
  it.each([
    ['application/json', '{"intent":"all"}'],
    ['text/plain', 'intent=all'],
    ['application/xml', '<a/>'],
  ])('refuses a %s body with 415', async (type, body) => {
    const { json } = await post('/consent', { 'content-type': type, origin: publicUrl }, body)
    expect(json.rejection).toEqual({ status: 415, reason: 'media-type' })
  })

  it('refuses a broken multipart body with 400 and passes a good one', async () => {
    const broken = await post('/consent', { 'content-type': 'multipart/form-data; boundary=xx', origin: publicUrl }, '--xx\r\nbroken')
    expect(broken.json.rejection).toEqual({ status: 400, reason: 'malformed' })
    const good = new FormData()
    good.set('intent', 'all')
    const response = await fetch(`${url}/consent`, { method: 'POST', body: good, headers: { origin: publicUrl } })
    expect((await response.json()).rejection).toBeNull()
  })

  it('refuses a body over the limit with 413', async () => {
    const { json } = await post('/consent', { origin: publicUrl }, `a=${'x'.repeat(MAX_FORM_BYTES)}`)
    expect(json.rejection).toEqual({ status: 413, reason: 'too-large' })
  })

  it.each(['TRACE', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s on a page with 405 and the methods it allows', async (method) => {
    const response = await raw(method, {})
    expect(response.status).toBe(405)
    expect(response.allow).toBe('GET, HEAD, POST')
    expect(response.text).toMatch(/^Method Not Allowed/)
  })

  it('refuses a Host header that is no host name with 400', async () => {
    for (const host of ['evil.example/x?', '127.0.0.1:99999', 'a b']) expect((await raw('GET', { host }, '/')).status, host).toBe(400)
  })

  it('refuses a path that is not validly percent-encoded with 400', async () => {
    for (const path of ['/%E2%98', '/%', '/en/%80', '/%C0%AF..%C0%AFetc']) {
      const response = await raw('GET', {}, path)
      expect(response.status, path).toBe(400)
      expect(response.text).toMatch(/^Bad Request/)
    }
  })
})

describe('the log line of a rejection', () => {
  it('shows the path with the code it carries redacted (the order link of a mail)', async () => {
    const lines: Record<string, unknown>[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) })
    const config = loadConfig({ SHOPWARE_ENDPOINT: 'http://127.0.0.1:9/store-api', SHOPWARE_ACCESS_TOKEN: 'K', PUBLIC_URL: publicUrl })
    const host = await createHost(config, logger, { remixHandler: echo })
    const logged = createServer(host.app)
    await new Promise<void>((resolve) => logged.listen(0, '127.0.0.1', resolve))
    try {
      const base = `http://127.0.0.1:${(logged.address() as AddressInfo).port}`
      const path = '/en/account/order/q3Jx_vT9k2LmN8pR4sWzYb6cDe0fGh1i'
      const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: '{}' })
      // The echo stands in for Remix, which renders the 415 page from the rejection.
      expect(((await response.json()) as { rejection: unknown }).rejection).toEqual({ status: 415, reason: 'media-type' })
      const rejected = lines.filter((line) => line.msg === 'request rejected').map((line) => line.path)
      expect(rejected).toEqual(['/en/account/order/[Redacted]'])
      expect(JSON.stringify(lines)).not.toContain('q3Jx_vT9k2')
    } finally {
      await new Promise<void>((resolve) => logged.close(() => resolve()))
    }
  })
})
