import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { buildTimeline, formatTimeline, parseLogLine, readRecords } from './session-timeline'

const SID = '0123456789abcdef'
const OTHER = 'fedcba9876543210'

// What the host and the store layer write for two shoppers, interleaved, plus noise.
const fixture = [
  '> forestry-storefront@0.1.0 serve',
  '{"level":"info","time":"2026-05-04T10:00:00.000Z","url":"http://0.0.0.0:3000","msg":"listening"}',
  '{"level":"info","time":"2026-05-04T10:00:01.030Z","reqId":"aaaaaaaa-1","operation":"readNavigation","status":200,"durationMs":20,"errorCodes":[],"msg":"store call"}',
  '{"level":"info","time":"2026-05-04T10:00:01.050Z","reqId":"aaaaaaaa-1","method":"GET","url":"/en/","status":200,"responseTime":50,"sid":"0123456789abcdef","locale":"en","routeId":"routes/home.en","msg":"request completed"}',
  '{"level":"info","time":"2026-05-04T10:00:01.060Z","reqId":"bbbbbbbb-1","method":"GET","url":"/","status":200,"responseTime":30,"sid":"fedcba9876543210","msg":"request completed"}',
  '{"level":40,"time":1777888802010,"reqId":"cccccccc-1","msg":"store has no language for this locale; using its default"}',
  '{"level":"info","time":"2026-05-04T10:00:02.040Z","reqId":"cccccccc-1","operation":"loginCustomer","status":401,"durationMs":30,"errorCodes":["CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS"],"msg":"store call"}',
  '{"level":"info","time":"2026-05-04T10:00:02.100Z","reqId":"cccccccc-1","method":"POST","url":"/en/account/login","status":400,"responseTime":100,"sid":"0123456789abcdef","routeId":"routes/login.en","msg":"request completed"}',
  'not json at all',
].join('\n')

async function records() {
  return readRecords(Readable.from([fixture]))
}

describe('parseLogLine', () => {
  it('ignores lines that are not request-scoped JSON', () => {
    expect(parseLogLine('> npm run serve')).toBeUndefined()
    expect(parseLogLine('{"msg":"listening","time":1}')).toBeUndefined()
    expect(parseLogLine('{broken')).toBeUndefined()
  })

  it('reads ISO and epoch times and numeric levels', () => {
    expect(parseLogLine('{"time":"2026-05-04T10:00:00.000Z","reqId":"r","msg":"x"}')?.time).toBe(Date.parse('2026-05-04T10:00:00.000Z'))
    expect(parseLogLine('{"time":1000,"reqId":"r","level":50,"msg":"x"}')).toMatchObject({ time: 1000, level: 'error' })
  })
})

describe('buildTimeline', () => {
  it("keeps only the session's requests with their store calls, in start order", async () => {
    const timeline = buildTimeline(await records(), SID)
    expect(timeline.map((entry) => [entry.kind, entry.reqId])).toEqual([
      ['request', 'aaaaaaaa-1'],
      ['store', 'aaaaaaaa-1'],
      ['request', 'cccccccc-1'],
      ['store', 'cccccccc-1'],
      ['note', 'cccccccc-1'],
    ])
    expect(timeline[0]).toMatchObject({ method: 'GET', url: '/en/', status: 200, durationMs: 50, routeId: 'routes/home.en' })
    expect(timeline[0].start).toBe(Date.parse('2026-05-04T10:00:01.000Z'))
    expect(timeline[3]).toMatchObject({ operation: 'loginCustomer', status: 401, errorCodes: ['CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS'] })
  })

  it('is empty for an unknown session', async () => {
    expect(buildTimeline(await records(), 'ffffffffffffffff')).toEqual([])
  })

  it('separates sessions', async () => {
    const timeline = buildTimeline(await records(), OTHER)
    expect(timeline).toHaveLength(1)
    expect(timeline[0]).toMatchObject({ kind: 'request', url: '/' })
  })
})

describe('formatTimeline', () => {
  it('prints time, request id, request, route, status, duration, store operation and error codes', async () => {
    const text = formatTimeline(SID, buildTimeline(await records(), SID))
    expect(text.split('\n')).toEqual([
      'session 0123456789abcdef: 2 request(s), 2 store call(s)',
      '2026-05-04 10:00:01.000  aaaaaaaa  GET /en/  routes/home.en  200  50 ms',
      '2026-05-04 10:00:01.010  aaaaaaaa    store readNavigation  200  20 ms',
      '2026-05-04 10:00:02.000  cccccccc  POST /en/account/login  routes/login.en  400  100 ms',
      '2026-05-04 10:00:02.010  cccccccc    store loginCustomer  401  30 ms  CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS',
      '2026-05-04 10:00:02.010  cccccccc    warn: store has no language for this locale; using its default',
    ])
  })
})
