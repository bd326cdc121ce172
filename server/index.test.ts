import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import type { RequestHandler } from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConfig, type Config } from './config'
import { cspNonceOf, requestLogOf } from './context'
import { createHost } from './index'
import { DEMO_ACCESS_KEY } from './demo-store/constants'
import { createLogger, loggableUrl, sessionId } from './logger'
import { checkStore } from './store-check'

type LogLine = Record<string, unknown>

function listenOnLoopback(server: Server, port = 0): Promise<string> {
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

// A stand-in for the Store API: answers /context with the status the test chooses.
let storeStatus = 200
const storeRequests: { url?: string; accessKey?: string | string[] }[] = []
const store = createServer((req, res) => {
  storeRequests.push({ url: req.url, accessKey: req.headers['sw-access-key'] })
  res.writeHead(storeStatus, { 'content-type': 'application/json' }).end('{}')
})

// Plays the Remix app: fills the request log like entry.server and the store layer would.
const fakeRemix: RequestHandler = (req, res) => {
  const log = requestLogOf(res)
  log.routeId = 'routes/home.en'
  log.locale = 'en'
  if (req.path.endsWith('/with-sid')) log.sid = 'abcdef0123456789'
  if (req.path === '/big') {
    res.type('html').send('x'.repeat(5000))
    return
  }
  if (req.path === '/boom') {
    res.status(500).send('boom')
    return
  }
  res.type('html').send(`<script nonce="${cspNonceOf(res)}"></script>`)
}

interface Running {
  url: string
  lines: LogLine[]
  stop(): Promise<void>
}

async function start(config: Config, port = 0): Promise<Running> {
  const lines: LogLine[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      callback()
    },
  })
  const logger = createLogger({ level: 'debug', destination })
  const host = await createHost(config, logger, { remixHandler: fakeRemix })
  const server = createServer(host.app)
  const url = await listenOnLoopback(server, port)
  return {
    url,
    lines,
    stop: async () => {
      await close(server)
      await host.close()
    },
  }
}

const requestLines = (lines: LogLine[]) => lines.filter((line) => line.msg === 'request completed' || line.msg === 'request failed')

/** The access line is written on the server's 'finish', which may come after the client has the body. */
async function loggedRequests(lines: LogLine[], count: number) {
  await vi.waitFor(() => expect(requestLines(lines)).toHaveLength(count))
  return requestLines(lines)
}

let storeUrl: string
let shop: Running
const secret = 'test-secret'

beforeAll(async () => {
  storeUrl = await listenOnLoopback(store)
  shop = await start(
    loadConfig({
      SHOPWARE_ENDPOINT: `${storeUrl}/store-api`,
      SHOPWARE_ACCESS_TOKEN: 'SWSCTESTKEY',
      SESSION_SECRET: secret,
      PUBLIC_URL: 'http://shop.test',
    }),
  )
})

afterAll(async () => {
  await shop.stop()
  await close(store)
})

beforeEach(() => {
  storeStatus = 200
  storeRequests.length = 0
  shop.lines.length = 0
})

describe('health', () => {
  it('answers /healthz without logging it', async () => {
    const response = await fetch(`${shop.url}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(requestLines(shop.lines)).toEqual([])
  })

  it('is ready when the store answers /context with our access key', async () => {
    const response = await fetch(`${shop.url}/readyz`)
    expect(response.status).toBe(200)
    expect(storeRequests).toEqual([{ url: '/store-api/context', accessKey: 'SWSCTESTKEY' }])
    expect(requestLines(shop.lines)).toEqual([])
  })

  it('is not ready when the store fails', async () => {
    storeStatus = 503
    const response = await fetch(`${shop.url}/readyz`)
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'store answered 503' })
  })

  it('is not ready when the store cannot be reached', async () => {
    const unreachable = await start(
      loadConfig({ SHOPWARE_ENDPOINT: 'http://127.0.0.1:9/store-api', SHOPWARE_ACCESS_TOKEN: 'SWSCX' }),
    )
    try {
      const response = await fetch(`${unreachable.url}/readyz`)
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^store unreachable/) })
    } finally {
      await unreachable.stop()
    }
  })
})

describe('access log', () => {
  it('writes one line per request with the fields the app filled in', async () => {
    const response = await fetch(`${shop.url}/en/with-sid?p=2`, { headers: { cookie: 'sw-context-token=secret-token' } })
    expect(response.status).toBe(200)
    const reqId = response.headers.get('x-request-id')
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/)

    const lines = await loggedRequests(shop.lines, 1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      reqId,
      method: 'GET',
      url: '/en/with-sid?p=2',
      status: 200,
      sid: 'abcdef0123456789',
      locale: 'en',
      routeId: 'routes/home.en',
    })
    expect(typeof lines[0].responseTime).toBe('number')
    expect(lines[0]).not.toHaveProperty('req')
    expect(lines[0]).not.toHaveProperty('res')
    expect(JSON.stringify(shop.lines)).not.toContain('secret-token')
  })

  it('derives the sid from the context cookie when the app did not set one', async () => {
    await fetch(`${shop.url}/en/`, { headers: { cookie: 'locale=en; sw-context-token=secret-token' } })
    const [line] = await loggedRequests(shop.lines, 1)
    expect(line.sid).toBe(sessionId(secret, 'secret-token'))
  })

  it('has no sid for a visitor without a context cookie', async () => {
    await fetch(`${shop.url}/en/`)
    expect((await loggedRequests(shop.lines, 1))[0]).not.toHaveProperty('sid')
  })

  it('honours an incoming uuid x-request-id and replaces anything else', async () => {
    const incoming = '0f8fad5b-d9cb-469f-a165-70867728950e'
    const honoured = await fetch(`${shop.url}/`, { headers: { 'x-request-id': incoming } })
    expect(honoured.headers.get('x-request-id')).toBe(incoming)
    const replaced = await fetch(`${shop.url}/`, { headers: { 'x-request-id': 'not-a-uuid' } })
    expect(replaced.headers.get('x-request-id')).not.toBe('not-a-uuid')
    expect((await loggedRequests(shop.lines, 2)).map((line) => line.reqId)).toEqual([incoming, replaced.headers.get('x-request-id')])
  })

  it('logs server errors at error level', async () => {
    await fetch(`${shop.url}/boom`)
    expect((await loggedRequests(shop.lines, 1))[0]).toMatchObject({ level: 'error', status: 500, msg: 'request failed' })
  })

  it('redacts secrets from the query', () => {
    expect(loggableUrl('/account/recover?hash=abc&em=def&p=1')).toBe('/account/recover?hash=%5BRedacted%5D&em=%5BRedacted%5D&p=1')
    expect(loggableUrl('/checkout/finish?_sw_payment_token=jwt')).toBe('/checkout/finish?_sw_payment_token=%5BRedacted%5D')
    expect(loggableUrl('/search?search=seilwinde')).toBe('/search?search=seilwinde')
    expect(loggableUrl('/en/demo/mailbox?to=anna%40example.com')).toBe('/en/demo/mailbox?to=%5BRedacted%5D')
    expect(loggableUrl('/fr/account/order/q3Jx_vT9k2LmN8pR4sWzYb6cDe0fGh1i')).toBe('/fr/account/order/[Redacted]')
    expect(loggableUrl('/account/order/q3Jx_vT9k2LmN8pR4sWzYb6cDe0fGh1i')).toBe('/account/order/[Redacted]')
    expect(loggableUrl('/account/order/details/0190c1d2e3f4a5b6c7d8e9f0a1b2c3d4')).toBe('/account/order/details/0190c1d2e3f4a5b6c7d8e9f0a1b2c3d4')
  })
})

describe('security headers', () => {
  it('sends a CSP whose nonce is the one the page used, fresh per request', async () => {
    const first = await fetch(`${shop.url}/`)
    const csp = first.headers.get('content-security-policy') ?? ''
    const nonce = /nonce="([^"]+)"/.exec(await first.text())?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    // This host runs in development, where Vite's dev scripts need 'self' without 'strict-dynamic' (server/csp.test.ts).
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}';`)
    for (const directive of [
      "default-src 'self'",
      "style-src 'self'",
      "style-src-attr 'unsafe-inline'",
      `img-src 'self' data: blob: http://shop.test ${storeUrl}`,
      "connect-src 'self'",
      "font-src 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive)
    }
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(first.headers.get('strict-transport-security')).toBeNull()

    const second = await fetch(`${shop.url}/`)
    expect(second.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`)
  })

  it('upgrades insecure requests and sends HSTS when the public URL is https', async () => {
    const secure = await start(
      loadConfig({ SHOPWARE_ENDPOINT: `${storeUrl}/store-api`, SHOPWARE_ACCESS_TOKEN: 'K', PUBLIC_URL: 'https://forst.example.com' }),
    )
    try {
      const response = await fetch(`${secure.url}/`)
      expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000')
    } finally {
      await secure.stop()
    }
  })

  it('compresses large responses and hides the framework', async () => {
    const response = await fetch(`${shop.url}/big`, { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('x-powered-by')).toBeNull()
    expect(await response.text()).toHaveLength(5000)
  })
})

describe('static files', () => {
  it('serves public files, and hands paths without an extension to the app', async () => {
    const icon = await fetch(`${shop.url}/favicon.svg`)
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
    // public/images is a folder: express.static would redirect to /images/; a page path is the app's.
    const page = await fetch(`${shop.url}/images`, { redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<script nonce=')
  })
})

describe('with the embedded demo store', () => {
  let embedded: Running
  let dataDir: string

  beforeAll(async () => {
    const { mkdtemp } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    dataDir = await mkdtemp(`${tmpdir()}/host-test-`)
    // The embedded endpoint is http://127.0.0.1:PORT, so the test needs to know the port up front.
    const probe = createServer()
    const port = Number(new URL(await listenOnLoopback(probe)).port)
    await close(probe)
    embedded = await start(loadConfig({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` }), port)
  })

  afterAll(async () => {
    await embedded?.stop()
    const { rm } = await import('node:fs/promises')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('serves the Store API under /store-api and is ready once it answers', async () => {
    const context = await fetch(`${embedded.url}/store-api/context`, { headers: { 'sw-access-key': DEMO_ACCESS_KEY } })
    expect(context.status).toBe(200)
    expect(await context.json()).toMatchObject({ apiAlias: 'sales_channel_context' })
    expect((await fetch(`${embedded.url}/readyz`)).status).toBe(200)
  })

  it('logs loopback store calls at debug level only, page requests at info', async () => {
    const store = await fetch(`${embedded.url}/store-api/context`, { headers: { 'sw-access-key': DEMO_ACCESS_KEY } })
    const page = await fetch(`${embedded.url}/en/`)
    // By request id: loopback calls of earlier tests (e.g. /readyz) may still be logging.
    const ids = [store.headers.get('x-request-id'), page.headers.get('x-request-id')]
    const own = () => ids.map((id) => requestLines(embedded.lines).find((line) => line.reqId === id))
    await vi.waitFor(() => expect(own().every(Boolean)).toBe(true))
    expect(own().map((line) => [line!.url, line!.level])).toEqual([
      ['/store-api/context', 'debug'],
      ['/en/', 'info'],
    ])
  })
})

describe('graceful shutdown', () => {
  it('while draining: readiness 503 and every answer closes its keep-alive connection', async () => {
    const config = loadConfig({ SHOPWARE_ENDPOINT: `${storeUrl}/store-api`, SHOPWARE_ACCESS_TOKEN: 'K' })
    const host = await createHost(config, createLogger({ level: 'silent' }), { remixHandler: fakeRemix })
    const server = createServer(host.app)
    const url = await listenOnLoopback(server)
    try {
      const before = await fetch(`${url}/en/`)
      expect(before.headers.get('connection')).toBe('keep-alive')
      host.drain()
      const page = await fetch(`${url}/en/`)
      expect(page.status).toBe(200)
      expect(page.headers.get('connection')).toBe('close')
      const ready = await fetch(`${url}/readyz`)
      expect(ready.status).toBe(503)
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting down' })
    } finally {
      server.closeAllConnections()
      await close(server)
      await host.close()
    }
  })

  it('serves the embedded store to the app on an internal listener of its own', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dataDir = await mkdtemp(`${tmpdir()}/host-internal-`)
    const host = await createHost(loadConfig({ PORT: '3999', DATA_DIR: dataDir }), createLogger({ level: 'silent' }), { remixHandler: fakeRemix })
    try {
      const endpoint = new URL(host.config.store.endpoint)
      expect(endpoint.hostname).toBe('127.0.0.1')
      expect(endpoint.port).not.toBe('3999')
      const context = await fetch(`${host.config.store.endpoint}/context`, { headers: { 'sw-access-key': DEMO_ACCESS_KEY } })
      expect(context.status).toBe(200)
      // Where Shopware puts it (the context's `context`): the start's gross-price warning reads it so.
      expect(await checkStore(host.config)).toMatchObject({ ok: true, context: { context: { taxState: 'net' } } })
    } finally {
      await host.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('lets an in-flight request finish, refuses new connections and exits 0 on SIGTERM', async () => {
    const { spawn } = await import('node:child_process')
    const { fileURLToPath } = await import('node:url')
    const port = 20_000 + Math.floor(Math.random() * 20_000)
    const script = `
      import { startServer } from './server/index.ts'
      import { loadConfig } from './server/config.ts'
      import { createLogger } from './server/logger.ts'
      const config = loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '${port}',
        SHOPWARE_ENDPOINT: 'http://127.0.0.1:9/store-api', SHOPWARE_ACCESS_TOKEN: 'K', SESSION_SECRET: 'test-secret' })
      await startServer(config, createLogger({ level: 'info' }), {
        remixHandler: (req, res) => { setTimeout(() => res.send('slow done'), 800) },
      })`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    try {
      const deadline = Date.now() + 20_000
      while (!output.includes('"listening"')) {
        if (Date.now() > deadline) throw new Error(`server did not start: ${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((response) => response.text())
      await new Promise((resolve) => setTimeout(resolve, 200))
      child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 200))
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
      expect(await inFlight).toBe('slow done')
      expect(await exited).toBe(0)
      const messages = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg)
      expect(messages).toEqual(expect.arrayContaining(['listening', 'shutting down', 'request completed', 'stopped']))
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
