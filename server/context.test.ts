import type { Request, Response } from 'express'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { createLoadContext, cspNonceOf, requestLogOf } from './context'

function fakeExchange(locals: Record<string, unknown>) {
  const req = { id: 'req-123' } as unknown as Request
  const res = { locals } as unknown as Response
  return { req, res }
}

describe('createLoadContext', () => {
  const logger = pino({ level: 'silent' })

  it('builds the load context from config and the request', () => {
    const config = loadConfig({ SESSION_SECRET: 'sec', PUBLIC_URL: 'http://shop.test', PORT: '3001' })
    const { req, res } = fakeExchange({ cspNonce: 'bm9uY2U=' })
    const context = createLoadContext(config, logger)(req, res)
    expect(context).toMatchObject({
      reqId: 'req-123',
      cspNonce: 'bm9uY2U=',
      store: { endpoint: 'http://127.0.0.1:3001/store-api', embedded: true, timeoutMs: 10_000 },
      sessionSecret: 'sec',
      publicUrl: 'http://shop.test',
      secureCookies: false,
    })
    expect(context.logger.bindings()).toMatchObject({ reqId: 'req-123' })
  })

  it('hands the configured third parties to the app', () => {
    const config = loadConfig({ GTM_ID: 'GTM-X1', CHAT_KEY_FR: 'fr-key' })
    const { req, res } = fakeExchange({ cspNonce: 'n' })
    expect(createLoadContext(config, logger)(req, res).thirdParty).toEqual(config.thirdParty)
    expect(config.thirdParty.tagManager?.id).toBe('GTM-X1')
  })

  it('shares the request log object with the access log', () => {
    const config = loadConfig({})
    const { req, res } = fakeExchange({ cspNonce: 'n' })
    const context = createLoadContext(config, logger)(req, res)
    context.requestLog.routeId = 'routes/home'
    expect(requestLogOf(res)).toBe(context.requestLog)
    expect(requestLogOf(res).routeId).toBe('routes/home')
  })

  it('sets secure cookies on an https public URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://forst.example.com' })
    const { req, res } = fakeExchange({ cspNonce: 'n' })
    expect(createLoadContext(config, logger)(req, res).secureCookies).toBe(true)
  })

  it('names the demo outbox only for the embedded store without SMTP', () => {
    const { req, res } = fakeExchange({ cspNonce: 'n' })
    const contextOf = (env: Record<string, string>) => createLoadContext(loadConfig(env), logger)(req, res)
    expect(contextOf({ DATA_DIR: '/srv/shop' }).demoOutboxDir).toBe('/srv/shop/outbox')
    expect(contextOf({ DATA_DIR: '/srv/shop', SMTP_URL: 'smtp://mail.example.com' }).demoOutboxDir).toBeUndefined()
    expect(contextOf({ SHOPWARE_ENDPOINT: 'https://shop.example.com/store-api', SHOPWARE_ACCESS_TOKEN: 'SWSC' }).demoOutboxDir).toBeUndefined()
  })

  it('refuses to render without a nonce', () => {
    const { res } = fakeExchange({})
    expect(() => cspNonceOf(res)).toThrow(/nonce/)
  })
})
