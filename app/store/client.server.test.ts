import { parseSetCookie } from 'cookie'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { clearLanguageCache, getStore } from './client.server'
import { sessionId } from '../../server/logger'
import { json, languages, startFakeStore, testContext } from './test-support.server'

const TOKEN = 'T'.repeat(32)
const MINTED = 'M'.repeat(32)
let store: Awaited<ReturnType<typeof startFakeStore>>

beforeAll(async () => {
  store = await startFakeStore((req, res) => {
    if (req.path === '/store-api/language') return json(res, 200, languages, { 'sw-context-token': MINTED.replace(/M/g, 'L') })
    if (req.path.startsWith('/store-api/category/')) {
      const token = req.headers['sw-context-token']
      return json(res, 200, { id: 'c1', name: 'Produkte' }, { 'sw-context-token': typeof token === 'string' && token ? token : MINTED })
    }
    json(res, 404, { errors: [] })
  })
})
afterAll(() => store.close())
beforeEach(() => {
  store.requests.length = 0
  clearLanguageCache()
})

const request = (cookie?: string) => new Request('https://shop.example/produkte/', { headers: cookie ? { Cookie: cookie } : {} })

describe('getStore', () => {
  it('sends access key and the language id of the page locale, without a context token for anonymous visitors', async () => {
    const { context } = testContext(store.url)
    const s = getStore(context, request(), 'en')
    const { data } = await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    expect(data.name).toBe('Produkte')
    const call = store.requests.find((r) => r.path === '/store-api/category/c1')!
    expect(call.headers['sw-access-key']).toBe('SWSCTESTKEY')
    expect(call.headers['sw-language-id']).toBe('b'.repeat(32))
    expect(call.headers['sw-context-token']).toBeUndefined()
  })

  it('gives anonymous catalogue reads no cookie even though the store minted a token', async () => {
    const { context } = testContext(store.url)
    const s = getStore(context, request(), 'de')
    await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    expect(s.hasSession).toBe(false)
    expect(context.requestLog.sid).toBeUndefined()
    const cookies = s.commit()
    expect(cookies).toHaveLength(1)
    expect(parseSetCookie(cookies[0]!)).toMatchObject({ name: 'sw-context-token', value: MINTED, httpOnly: true, secure: true })
    expect(context.requestLog.sid).toBe(sessionId('secret', MINTED))
  })

  it('uses the cookie token, sets sid from it and commits nothing when the token did not change', async () => {
    const { context } = testContext(store.url)
    const s = getStore(context, request(`sw-context-token=${TOKEN}`), 'fr')
    await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const call = store.requests.find((r) => r.path === '/store-api/category/c1')!
    expect(call.headers['sw-context-token']).toBe(TOKEN)
    expect(call.headers['sw-language-id']).toBe('c'.repeat(32))
    expect(s.hasSession).toBe(true)
    expect(context.requestLog.sid).toBe(sessionId('secret', TOKEN))
    expect(s.commit()).toEqual([])
  })

  it('fetches the language list once per process and never lets its token replace the session', async () => {
    const { context } = testContext(store.url)
    const a = getStore(context, request(`sw-context-token=${TOKEN}`), 'de')
    await a.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const b = getStore(context, request(), 'en')
    await b.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    expect(store.requests.filter((r) => r.path === '/store-api/language')).toHaveLength(1)
    expect(store.requests.find((r) => r.path === '/store-api/language')!.headers['sw-context-token']).toBeUndefined()
    expect(a.commit()).toEqual([])
    expect(await a.languageId('fr')).toBe('c'.repeat(32))
  })

  it('logs one line per call with operation, status, duration and no tokens', async () => {
    const { context, lines } = testContext(store.url)
    const s = getStore(context, request(`sw-context-token=${TOKEN}`), 'de')
    await s.invoke('readCategory post /category/{navigationId}', { pathParams: { navigationId: 'c1' }, body: {} })
    const calls = lines.filter((l) => l.msg === 'store call')
    expect(calls.map((l) => l.operation)).toEqual(['readLanguages', 'readCategory'])
    expect(calls[1]).toMatchObject({ status: 200, errorCodes: [] })
    expect(typeof calls[1]!.durationMs).toBe('number')
    expect(JSON.stringify(lines)).not.toContain(TOKEN)
  })
})

describe('one client per request', () => {
  it('reuses the store for the same request, context and locale only', () => {
    const { context } = testContext(store.url)
    const req = request()
    expect(getStore(context, req, 'de')).toBe(getStore(context, req, 'de'))
    expect(getStore(context, req, 'en')).not.toBe(getStore(context, req, 'de'))
    expect(getStore(context, request(), 'de')).not.toBe(getStore(context, req, 'de'))
    expect(getStore(testContext(store.url).context, req, 'de')).not.toBe(getStore(context, req, 'de'))
  })
})
