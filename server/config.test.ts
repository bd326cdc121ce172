import { describe, expect, it } from 'vitest'
import { ConfigError, DEV_SESSION_SECRET, loadConfig } from './config'
import { DEMO_ACCESS_KEY } from './demo-store/constants'

describe('loadConfig', () => {
  it('defaults to the embedded demo store on the own port', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.dataDir).toBe('./data')
    expect(config.store).toEqual({
      endpoint: 'http://127.0.0.1:3000/store-api',
      accessToken: DEMO_ACCESS_KEY,
      timeoutMs: 10_000,
      embedded: true,
    })
    expect(config.demoStore).toEqual({ maintenance: false, latencyMs: 0 })
    expect(config.logLevel).toBe('info')
    expect(config.nodeEnv).toBe('development')
    expect(config.isProduction).toBe(false)
    expect(config.warnings).toEqual([])
  })

  it('uses the documented demo access key', () => {
    expect(loadConfig({}).store.accessToken).toBe('SWSCFORSTDEMO0STOREFRONT00A')
  })

  it('follows PORT for the embedded endpoint and the default public URL', () => {
    const config = loadConfig({ PORT: '4123' })
    expect(config.store.endpoint).toBe('http://127.0.0.1:4123/store-api')
    expect(config.publicUrl).toBe('http://localhost:4123')
  })

  it('uses an external store when endpoint and token are both set', () => {
    const config = loadConfig({
      SHOPWARE_ENDPOINT: 'https://shop.example.com/store-api/',
      SHOPWARE_ACCESS_TOKEN: 'SWSCEXTERNAL',
      STORE_TIMEOUT_MS: '2500',
    })
    expect(config.store).toEqual({
      endpoint: 'https://shop.example.com/store-api',
      accessToken: 'SWSCEXTERNAL',
      timeoutMs: 2500,
      embedded: false,
    })
    expect(config.demoStore).toBeNull()
  })

  it.each([
    [{ SHOPWARE_ENDPOINT: 'https://shop.example.com/store-api' }],
    [{ SHOPWARE_ACCESS_TOKEN: 'SWSCEXTERNAL' }],
    [{ SHOPWARE_ENDPOINT: 'https://shop.example.com/store-api', SHOPWARE_ACCESS_TOKEN: '  ' }],
  ])('refuses only one of endpoint and token (%o)', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(/^Make sure that endpoint and accessToken are settled in the configuration$/)
  })

  it('treats blank values as unset', () => {
    const config = loadConfig({ SHOPWARE_ENDPOINT: '', SHOPWARE_ACCESS_TOKEN: '', PORT: '', PUBLIC_URL: ' ' })
    expect(config.store.embedded).toBe(true)
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
  })

  it('reads every other key', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://forst.example.com/',
      DATA_DIR: '/data',
      SESSION_SECRET: 's3cret-value',
      LOG_LEVEL: 'debug',
      DEMO_STORE_MAINTENANCE: 'true',
      DEMO_STORE_LATENCY_MS: '250',
      NODE_ENV: 'production',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://forst.example.com',
      dataDir: '/data',
      sessionSecret: 's3cret-value',
      logLevel: 'debug',
      demoStore: { maintenance: true, latencyMs: 250 },
      nodeEnv: 'production',
      isProduction: true,
      warnings: [],
    })
  })

  it('reads MEDIA_ORIGINS as a list of origins for /thumbnail/', () => {
    expect(loadConfig({}).mediaOrigins).toEqual([])
    expect(loadConfig({ MEDIA_ORIGINS: 'https://cdn.example/media/, http://img.example:8080' }).mediaOrigins).toEqual([
      'https://cdn.example',
      'http://img.example:8080',
    ])
    expect(() => loadConfig({ MEDIA_ORIGINS: 'ftp://cdn.example' })).toThrow(/MEDIA_ORIGINS/)
  })

  it('warns about the default session secret in production only', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      sessionSecret: DEV_SESSION_SECRET,
      warnings: [expect.stringContaining('SESSION_SECRET')],
    })
    expect(loadConfig({ NODE_ENV: 'development' }).warnings).toEqual([])
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['STORE_TIMEOUT_MS', '-1'],
    ['LOG_LEVEL', 'verbose'],
    ['DEMO_STORE_MAINTENANCE', 'maybe'],
    ['DEMO_STORE_LATENCY_MS', '1.5'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['NODE_ENV', 'staging'],
  ])('rejects %s=%s naming the key', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(key))
  })
})
