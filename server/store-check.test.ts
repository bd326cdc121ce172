import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from './logger'
import { checkStore, GROSS_PRICES_WARNING, READY_TIMEOUT_MS, warnAboutPriceDisplay } from './store-check'

const TIMEOUT_MS = 300
// Generous for a busy CI machine; the bug was an answer of "ready" or no answer at all.
const MARGIN_MS = 1_500

type Mode = 'ok' | 'stall-body' | 'stall-headers' | 'error' | 'gross' | 'net'
let server: Server
let endpoint: string
const seen: { path?: string; key?: string | string[] }[] = []

function respond(mode: Mode, res: ServerResponse): void {
  if (mode === 'stall-headers') return
  if (mode === 'error') {
    res.writeHead(503, { 'Content-Type': 'application/json' })
    return void res.end('{"errors":[]}')
  }
  res.writeHead(200, { 'Content-Type': 'application/json' })
  if (mode === 'stall-body') return void res.write('{"token":"abc","salesChannel":{"id":"')
  if (mode === 'gross' || mode === 'net') return void res.end(JSON.stringify({ token: 'abc', salesChannel: { id: 'sc' }, currentCustomerGroup: { id: `${mode}-group` }, context: { taxState: mode } }))
  res.end('{"token":"abc","salesChannel":{"id":"sc"}}')
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url, key: req.headers['sw-access-key'] })
    const mode = (req.url?.split('/')[1] ?? 'ok') as Mode
    respond(mode, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
)

const store = (mode: Mode) => ({ store: { endpoint: `${endpoint}/${mode}/store-api`, accessToken: 'SWSCKEY', timeoutMs: 10_000, embedded: false } })

async function timed<T>(promise: Promise<T>): Promise<{ result: T | 'still pending'; elapsed: number }> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const result = await Promise.race([
    promise,
    new Promise<'still pending'>((resolve) => (timer = setTimeout(() => resolve('still pending'), TIMEOUT_MS + MARGIN_MS))),
  ])
  clearTimeout(timer)
  return { result, elapsed: performance.now() - started }
}

describe('checkStore', () => {
  it('is ready when the store answers GET /context in full, with our access key', async () => {
    expect(await checkStore(store('ok'), TIMEOUT_MS)).toEqual({ ok: true, context: { token: 'abc', salesChannel: { id: 'sc' } } })
    expect(seen.at(-1)).toEqual({ path: '/ok/store-api/context', key: 'SWSCKEY' })
  })

  it('is not ready when the store answers an error', async () => {
    expect(await checkStore(store('error'), TIMEOUT_MS)).toEqual({ ok: false, reason: 'store answered 503' })
  })

  it('is not ready, within its timeout, when the store stalls before the headers', async () => {
    const { result, elapsed } = await timed(checkStore(store('stall-headers'), TIMEOUT_MS))
    expect(result).toEqual({ ok: false, reason: `store did not answer within ${TIMEOUT_MS} ms` })
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
  })

  it('is not ready, within its timeout, when the store sends headers and then stalls mid-body', async () => {
    const { result, elapsed } = await timed(checkStore(store('stall-body'), TIMEOUT_MS))
    expect(result).toEqual({ ok: false, reason: `store did not answer within ${TIMEOUT_MS} ms` })
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
  })

  it('is not ready when nothing listens', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const result = await checkStore({ store: { endpoint: `http://127.0.0.1:${port}/store-api`, accessToken: 'K', timeoutMs: 1, embedded: false } }, TIMEOUT_MS)
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/^store unreachable/) })
  })

  it('defaults to a two-second budget', () => {
    expect(READY_TIMEOUT_MS).toBe(2_000)
  })
})

describe('warnAboutPriceDisplay', () => {
  const warned = async (mode: Mode) => {
    const lines: { level: string; msg: string; taxState?: string; customerGroupId?: string }[] = []
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line)) } })
    await warnAboutPriceDisplay(store(mode), logger, TIMEOUT_MS)
    return lines.map(({ level, msg, taxState, customerGroupId }) => ({ level, msg, taxState, customerGroupId }))
  }

  it('warns once per customer group when the sales channel prices gross, which the net labels would misstate', async () => {
    expect(await checkStore(store('gross'), TIMEOUT_MS)).toMatchObject({ ok: true, context: { context: { taxState: 'gross' } } })
    expect(await warned('gross')).toEqual([{ level: 'warn', msg: GROSS_PRICES_WARNING, taxState: 'gross', customerGroupId: 'gross-group' }])
    expect(await warned('gross')).toEqual([])
  })

  it('stays silent for a net store, one whose context names no tax state, and one that does not answer', async () => {
    expect(await warned('net')).toEqual([])
    expect(await warned('ok')).toEqual([])
    expect(await warned('error')).toEqual([])
  })
})
