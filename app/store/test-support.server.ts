import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import type { LoadContext } from '~/load-context'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: unknown
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void

/** A real HTTP server standing in for the Store API, recording every request it gets. */
export async function startFakeStore(handler: Handler): Promise<{ url: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: raw ? JSON.parse(raw) : undefined }
      requests.push(recorded)
      handler(recorded, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/store-api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export function errorEnvelope(status: number, code: string, extra: Record<string, unknown> = {}) {
  return { errors: [{ status: String(status), code, title: 'Error', detail: code, meta: { parameters: {} }, ...extra }] }
}

export const languages = {
  elements: [
    { id: 'a'.repeat(32), translationCode: { code: 'de-DE' } },
    { id: 'b'.repeat(32), translationCode: { code: 'en-GB' } },
    { id: 'c'.repeat(32), translationCode: { code: 'fr-FR' } },
  ],
}

/** A load context whose logger writes JSON lines into `lines`. */
export function testContext(endpoint: string, overrides: Partial<LoadContext> = {}) {
  const lines: Record<string, unknown>[] = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  const context: LoadContext = {
    reqId: 'req-1',
    cspNonce: 'nonce',
    logger,
    store: { endpoint, accessToken: 'SWSCTESTKEY', timeoutMs: 2000, embedded: false },
    sessionSecret: 'secret',
    publicUrl: 'https://shop.example',
    secureCookies: true,
    requestLog: {},
    allowInlineScriptsOf: () => {},
    ...overrides,
  }
  return { context, lines }
}

/**
 * Groups the logged store calls into rounds by dependency: a call belongs to the round after the
 * latest round that had a call finish before it started. Calls that ran side by side share a
 * round however late they started on a busy machine; a waterfall shows as another round.
 * Start times are derived from millisecond log times and rounded durations, so a call that began
 * right as another ended can appear to start a little before that end: `slackMs` absorbs this,
 * and stays well below the latency the tests give each call.
 */
export function storeCallRounds(lines: Record<string, unknown>[], slackMs = 20): string[][] {
  const calls = lines
    .filter((l) => l.msg === 'store call' && l.operation !== 'readLanguages')
    .map((l) => ({ operation: String(l.operation), start: Number(l.time) - Number(l.durationMs), end: Number(l.time) }))
    .sort((a, b) => a.start - b.start)
  const roundOf: number[] = []
  calls.forEach((call, i) => {
    const before = calls.slice(0, i).flatMap((other, j) => (other.end <= call.start + slackMs ? [roundOf[j]!] : []))
    roundOf.push(before.length ? Math.max(...before) + 1 : 0)
  })
  const result: string[][] = []
  calls.forEach((call, i) => (result[roundOf[i]!] ??= []).push(call.operation))
  return result
}
