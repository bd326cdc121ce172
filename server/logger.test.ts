import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { REDACTED, createLogger, sessionId } from './logger'

function capture() {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      callback()
    },
  })
  return { lines, logger: createLogger({ level: 'info', destination }) }
}

describe('createLogger', () => {
  it('redacts passwords, tokens and personal data at any depth we log', () => {
    const { lines, logger } = capture()
    logger.info(
      {
        password: 'hunter2',
        body: { username: 'kunde@example.com', password: 'hunter2', billingAddress: { street: 'Waldweg 1', firstName: 'Anna' } },
        req: {
          headers: {
            'sw-context-token': 'ctx-token-value',
            'sw-access-key': 'SWSCKEY',
            authorization: 'Bearer abc',
            cookie: 'sw-context-token=ctx-token-value',
          },
        },
        res: { headers: { 'set-cookie': ['sw-context-token=ctx-token-value; HttpOnly'] } },
        error: { errors: [{ code: 'CHECKOUT__CUSTOMER_NOT_FOUND', meta: { parameters: { email: 'kunde@example.com' } } }] },
        operation: 'loginCustomer',
      },
      'store call',
    )
    const [line] = lines
    const text = JSON.stringify(line)
    for (const secret of ['hunter2', 'ctx-token-value', 'SWSCKEY', 'Bearer abc', 'kunde@example.com', 'Waldweg', 'Anna']) {
      expect(text).not.toContain(secret)
    }
    expect(line).toMatchObject({
      password: REDACTED,
      body: { username: REDACTED, password: REDACTED, billingAddress: { street: REDACTED, firstName: REDACTED } },
      req: { headers: { 'sw-context-token': REDACTED, 'sw-access-key': REDACTED, authorization: REDACTED, cookie: REDACTED } },
      res: { headers: { 'set-cookie': REDACTED } },
      operation: 'loginCustomer',
      msg: 'store call',
      level: 'info',
    })
    expect(line.error).toEqual({ errors: [{ code: 'CHECKOUT__CUSTOMER_NOT_FOUND', meta: { parameters: { email: REDACTED } } }] })
  })

  it('keeps ordinary fields and child bindings', () => {
    const { lines, logger } = capture()
    logger.child({ reqId: 'r-1' }).info({ status: 200, path: '/en/' }, 'request completed')
    expect(lines[0]).toMatchObject({ reqId: 'r-1', status: 200, path: '/en/', msg: 'request completed' })
    expect(typeof lines[0].time).toBe('string')
  })

  it('honours the level', () => {
    const { lines, logger } = capture()
    logger.debug('hidden')
    expect(lines).toHaveLength(0)
  })
})

describe('sessionId', () => {
  it('is 16 hex characters, stable per token and secret', () => {
    const sid = sessionId('secret', 'ctx-token-value')
    expect(sid).toMatch(/^[0-9a-f]{16}$/)
    expect(sessionId('secret', 'ctx-token-value')).toBe(sid)
  })

  it('is not the token and differs per token and per secret', () => {
    const sid = sessionId('secret', 'ctx-token-value')
    expect(sid).not.toContain('ctx-token-value')
    expect(sessionId('secret', 'other-token')).not.toBe(sid)
    expect(sessionId('other-secret', 'ctx-token-value')).not.toBe(sid)
  })

  it('is an HMAC-SHA256 prefix', async () => {
    const { createHmac } = await import('node:crypto')
    expect(sessionId('k', 't')).toBe(createHmac('sha256', 'k').update('t').digest('hex').slice(0, 16))
  })

  it('is undefined without a token', () => {
    expect(sessionId('secret', undefined)).toBeUndefined()
    expect(sessionId('secret', null)).toBeUndefined()
    expect(sessionId('secret', '')).toBeUndefined()
  })
})

describe('redaction of errors and cost', () => {
  it('redacts what an error carries, also through the access log of pino-http', async () => {
    const { lines, logger } = capture()
    const err = Object.assign(new Error('store failed'), {
      data: { errors: [{ meta: { parameters: { email: 'kunde@example.com' } } }] },
      options: { headers: { 'sw-context-token': 'ctx-token-value' } },
    })
    logger.error({ err }, 'request failed')
    const { pinoHttp } = await import('pino-http')
    const { logSerializers } = await import('./logger')
    const http = pinoHttp({ logger, serializers: logSerializers })
    http.logger.error({ err }, 'request failed')
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      const text = JSON.stringify(line)
      expect(text).not.toContain('kunde@example.com')
      expect(text).not.toContain('ctx-token-value')
      expect(text).toContain('store failed')
    }
  })

  it('returns an ordinary log object untouched instead of copying it', async () => {
    const { redact } = await import('./logger')
    const fields = { operation: 'readProductDetail', status: 200, durationMs: 12, errorCodes: [] }
    expect(redact(fields)).toBe(fields)
    const nested = { body: { filter: [{ field: 'email', value: 'x' }] } }
    expect(redact(nested)).toBe(nested)
  })
})
