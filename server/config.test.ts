import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, DEV_SESSION_SECRET, MISSING_SESSION_SECRET, SESSION_SECRET_FILE, loadConfig } from './config'
import { CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY } from './demo-store/constants'

describe('loadConfig', () => {
  it('defaults to the embedded demo store on the own port', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.dataDir).toBe('./data')
    expect(config.store).toEqual({
      endpoint: 'http://127.0.0.1:3000/store-api',
      ownMediaPrefix: 'http://localhost:3000/media/',
      accessToken: DEMO_ACCESS_KEY,
      timeoutMs: 10_000,
      embedded: true,
      resellerGroupId: CUSTOMER_GROUP_IDS.reseller,
    })
    expect(config.demoStore).toEqual({ maintenance: false, latencyMs: 0 })
    expect(config.logLevel).toBe('info')
    expect(config.nodeEnv).toBe('development')
    expect(config.isProduction).toBe(false)
    expect(config.warnings).toEqual([])
  })

  it('hands SMTP_URL to the embedded demo store, and warns that an external store ignores it', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:secret@mail.example.com:587' }).demoStore).toEqual({
      maintenance: false,
      latencyMs: 0,
      smtpUrl: 'smtp://user:secret@mail.example.com:587',
    })
    const external = loadConfig({ SHOPWARE_ENDPOINT: 'https://shop.example.com/store-api', SHOPWARE_ACCESS_TOKEN: 'SWSC', SMTP_URL: 'smtps://mail.example.com' })
    expect(external.demoStore).toBeNull()
    expect(external.warnings).toEqual([expect.stringContaining('SMTP_URL is ignored')])
  })

  it('takes the reseller group of an external store from SHOPWARE_RESELLER_GROUP_ID, else asks for none', () => {
    const external = { SHOPWARE_ENDPOINT: 'https://shop.example/store-api', SHOPWARE_ACCESS_TOKEN: 'SWSCX' }
    expect(loadConfig(external).store.resellerGroupId).toBeUndefined()
    const id = 'AB'.repeat(16)
    expect(loadConfig({ ...external, SHOPWARE_RESELLER_GROUP_ID: id }).store.resellerGroupId).toBe(id.toLowerCase())
    expect(() => loadConfig({ SHOPWARE_RESELLER_GROUP_ID: 'reseller' })).toThrow(/SHOPWARE_RESELLER_GROUP_ID/)
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

  it('reads THUMBNAIL_CACHE_MB as the thumbnail cache limit in bytes', () => {
    expect(loadConfig({}).thumbnailCacheBytes).toBe(512 * 1024 * 1024)
    expect(loadConfig({ THUMBNAIL_CACHE_MB: '64' }).thumbnailCacheBytes).toBe(64 * 1024 * 1024)
    expect(() => loadConfig({ THUMBNAIL_CACHE_MB: '0' })).toThrow(/THUMBNAIL_CACHE_MB/)
  })

  it('reads MEDIA_ORIGINS as a list of origins for /thumbnail/', () => {
    expect(loadConfig({}).mediaOrigins).toEqual([])
    expect(loadConfig({ MEDIA_ORIGINS: 'https://cdn.example/media/, http://img.example:8080' }).mediaOrigins).toEqual([
      'https://cdn.example',
      'http://img.example:8080',
    ])
    expect(() => loadConfig({ MEDIA_ORIGINS: 'ftp://cdn.example' })).toThrow(/MEDIA_ORIGINS/)
  })

  it('uses the development secret outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ sessionSecret: DEV_SESSION_SECRET, warnings: [] })
  })

  it('refuses to start in production against a real store without SESSION_SECRET', () => {
    const env = { NODE_ENV: 'production', SHOPWARE_ENDPOINT: 'https://shop.example/store-api', SHOPWARE_ACCESS_TOKEN: 'SWSC' }
    expect(() => loadConfig(env)).toThrow(new ConfigError(MISSING_SESSION_SECRET))
    expect(loadConfig({ ...env, SESSION_SECRET: 'a-long-random-value' }).sessionSecret).toBe('a-long-random-value')
  })

  it('gives a production demo shop a random secret kept in its data directory', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-secret-'))
    try {
      const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })
      expect(first.sessionSecret).not.toBe(DEV_SESSION_SECRET)
      expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32)
      expect(first.warnings).toEqual([expect.stringContaining('SESSION_SECRET')])
      expect(statSync(join(dataDir, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600)
      // The same data directory keeps its secret across restarts; another one gets its own.
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret)
      const other = mkdtempSync(join(tmpdir(), 'config-secret-'))
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: other }).sessionSecret).not.toBe(first.sessionSecret)
      rmSync(other, { recursive: true, force: true })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
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
    ['SMTP_URL', 'mail.example.com:25'],
    ['SMTP_URL', 'http://mail.example.com'],
  ])('rejects %s=%s naming the key', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(key))
  })
})

describe('consent-gated third parties', () => {
  it('configures none by default', () => {
    expect(loadConfig({}).thirdParty).toEqual({})
  })

  it('takes the tag manager from GTM_ID with the default origin, or GTM_ORIGIN', () => {
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD' }).thirdParty).toEqual({
      tagManager: { id: 'GTM-AB12CD', origin: 'https://www.googletagmanager.com' },
    })
    expect(loadConfig({ GTM_ID: 'GTM-AB12CD', GTM_ORIGIN: 'https://sgtm.example.com/' }).thirdParty.tagManager?.origin).toBe(
      'https://sgtm.example.com',
    )
    expect(() => loadConfig({ GTM_ID: 'UA-1234' })).toThrow(/GTM_ID/)
    expect(() => loadConfig({ GTM_ID: 'GTM-AB12CD', GTM_ORIGIN: 'ftp://x' })).toThrow(/GTM_ORIGIN/)
  })

  it('takes a chat key per language, with the vendor CDN as default origin', () => {
    expect(loadConfig({ CHAT_KEY_DE: 'abc-de', CHAT_KEY_FR: 'abc_fr', CHAT_KEY_EN: '  ' }).thirdParty).toEqual({
      chat: { keys: { de: 'abc-de', fr: 'abc_fr' }, origin: 'https://userlike-cdn-widgets.s3-eu-west-1.amazonaws.com' },
    })
    expect(loadConfig({ CHAT_KEY_EN: 'k', CHAT_ORIGIN: 'http://127.0.0.1:3314' }).thirdParty.chat).toEqual({
      keys: { en: 'k' },
      origin: 'http://127.0.0.1:3314',
    })
    expect(() => loadConfig({ CHAT_KEY_DE: '../x' })).toThrow(/CHAT_KEY_DE/)
  })
})
