import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import type { StoreConnection, ThirdPartySettings } from '../app/load-context'
import { CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY } from './demo-store/constants'

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

export const MISSING_ENDPOINT_OR_TOKEN = 'Make sure that endpoint and accessToken are settled in the configuration'

// Only used outside production when SESSION_SECRET is unset.
export const DEV_SESSION_SECRET = 'forestry-storefront-dev-secret-change-me'

export const MISSING_SESSION_SECRET =
  'SESSION_SECRET must be set in production (a long random value, e.g. `openssl rand -base64 48`): it signs cookies, and a known default would let anyone forge them'

export const SESSION_SECRET_FILE = 'session-secret'

/**
 * The secret of a demo shop in production: random, made once per data directory and kept there, so
 * signed cookies survive restarts without anyone having to configure a secret for a demo.
 */
export function dataDirSecret(dataDir: string): string {
  const file = join(dataDir, SESSION_SECRET_FILE)
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback
      const parsed = Number(value)
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `expected an integer from ${min} to ${max}, got "${value}"` })
        return z.NEVER
      }
      return parsed
    })

const flag = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const normalized = value?.toLowerCase()
    if (normalized === undefined || normalized === 'false' || normalized === '0' || normalized === 'no') return false
    if (normalized === 'true' || normalized === '1' || normalized === 'yes') return true
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `expected true or false, got "${value}"` })
    return z.NEVER
  })

const httpUrl = z.string().transform((value, ctx) => {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `expected an http(s) URL, got "${value}"` })
    return z.NEVER
  }
  return value.replace(/\/+$/, '')
})

/** Where gtm.js and ns.html come from (a server-side tagging domain may replace it). */
export const DEFAULT_GTM_ORIGIN = 'https://www.googletagmanager.com'
/** The chat vendor's widget CDN: serves `<widget key>.json` (manifest) and the messenger script it names. */
export const DEFAULT_CHAT_ORIGIN = 'https://userlike-cdn-widgets.s3-eu-west-1.amazonaws.com'

const origin = z.string().transform((value, ctx) => {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `expected an http(s) origin, got "${value}"` })
    return z.NEVER
  }
  return new URL(value).origin
})

// The key becomes part of the manifest URL, so it may hold nothing that changes the path.
const widgetKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, 'expected a widget key of letters, digits, "-" and "_"')
  .optional()

const envSchema = z.object({
  PORT: integer(3000, 1, 65535),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().default('./data'),
  SHOPWARE_ENDPOINT: httpUrl.optional(),
  SHOPWARE_ACCESS_TOKEN: z.string().optional(),
  // The customer group a reseller registration requests (32 hex); the embedded store's is a constant.
  SHOPWARE_RESELLER_GROUP_ID: z.string().regex(/^[0-9a-f]{32}$/i, 'expected a 32-character hex id').optional(),
  STORE_TIMEOUT_MS: integer(10_000, 1, 300_000),
  // The store sub-request cache (app/store/store-cache.server.ts): on by default, in process unless REDIS_URL is set.
  STORE_CACHE: z.enum(['on', 'off']).default('on'),
  STORE_CACHE_TTL_SECONDS: integer(60, 1, 86_400),
  STORE_CACHE_STALE_SECONDS: integer(600, 0, 86_400),
  STORE_CACHE_MB: integer(64, 1, 4_096),
  // The shop's own shared page cache for pages marked public (server/page-cache.ts).
  PAGE_CACHE: z.enum(['on', 'off']).default('on'),
  PAGE_CACHE_MB: integer(32, 1, 4_096),
  REDIS_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || (URL.canParse(value) && /^rediss?:$/.test(new URL(value).protocol)), {
      message: 'expected a redis:// or rediss:// URL',
    }),
  SESSION_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  DEMO_STORE_MAINTENANCE: flag,
  DEMO_STORE_LATENCY_MS: integer(0, 0, 60_000),
  // Where the embedded demo store sends its mails (nodemailer connection URL); unset: DATA_DIR/outbox.
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || (URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol)), {
      message: 'expected an smtp:// or smtps:// URL',
    }),
  // Extra origins the /thumbnail/ route may fetch media from (e.g. a CDN in front of Shopware), comma-separated.
  MEDIA_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = []
      for (const entry of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
        if (!URL.canParse(entry) || !/^https?:$/.test(new URL(entry).protocol)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `expected http(s) origins, got "${entry}"` })
          return z.NEVER
        }
        origins.push(new URL(entry).origin)
      }
      return origins
    }),
  // Size limit of DATA_DIR/thumbnail-cache; least recently used files go first.
  THUMBNAIL_CACHE_MB: integer(512, 1, 1_048_576),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Tag manager container (measurement consent); unset: no tag-manager markup and no CSP origin at all.
  GTM_ID: z.string().regex(/^GTM-[A-Z0-9]+$/, 'expected a container id like GTM-ABC1234').optional(),
  GTM_ORIGIN: origin.default(DEFAULT_GTM_ORIGIN),
  // Chat widget keys per language (functional consent); a language without a key gets no chat.
  CHAT_KEY_DE: widgetKey,
  CHAT_KEY_EN: widgetKey,
  CHAT_KEY_FR: widgetKey,
  CHAT_ORIGIN: origin.default(DEFAULT_CHAT_ORIGIN),
})

// Compose files and shells often export empty strings for "unset"; treat them as absent.
function withoutBlanks(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {}
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key]?.trim()
    result[key] = value ? value : undefined
  }
  return result
}

export interface DemoStoreOptions {
  maintenance: boolean
  latencyMs: number
  /** Mails go over SMTP when set, else into DATA_DIR/outbox (the demo mailbox page). */
  smtpUrl?: string
}

export interface StoreCacheSettings {
  ttlMs: number
  staleMs: number
  /** Size limit of the in-process cache (unused with Redis). */
  maxBytes: number
  /** Set: the cache lives in this Redis, shared by every instance. */
  redisUrl?: string
}

export interface Config {
  port: number
  host: string
  /** Public origin without trailing slash. */
  publicUrl: string
  dataDir: string
  store: StoreConnection
  /** Size limit of the page cache in bytes; null when PAGE_CACHE=off. */
  pageCacheBytes: number | null
  /** Sub-request cache of session-independent store reads; null when STORE_CACHE=off. */
  storeCache: StoreCacheSettings | null
  /** Set when the embedded demo store serves the Store API. */
  demoStore: DemoStoreOptions | null
  /** Extra origins /thumbnail/ may fetch from, besides the store's own media */
  mediaOrigins: string[]
  /** Size limit of the thumbnail cache, in bytes */
  thumbnailCacheBytes: number
  sessionSecret: string
  logLevel: LogLevel
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  /** Consent-gated third parties; a part that is not configured is absent. */
  thirdParty: ThirdPartySettings
  /** Things worth logging at boot that do not stop it. */
  warnings: string[]
}

export interface LoadConfigOptions {
  /** Where a production demo shop keeps its generated secret (default: a file in DATA_DIR). */
  demoSecret?: (dataDir: string) => string
}

/**
 * Reads the configuration from an environment object. No logging, no exit; throws ConfigError.
 * Its one side effect: a production demo shop without SESSION_SECRET gets one made in DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined>, options: LoadConfigOptions = {}): Config {
  const parsed = envSchema.safeParse(withoutBlanks(env))
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
    throw new ConfigError(`Invalid configuration: ${details}`)
  }
  const values = parsed.data

  const hasEndpoint = values.SHOPWARE_ENDPOINT !== undefined
  const hasToken = values.SHOPWARE_ACCESS_TOKEN !== undefined
  if (hasEndpoint !== hasToken) throw new ConfigError(MISSING_ENDPOINT_OR_TOKEN)

  const embedded = !hasEndpoint
  const resellerGroupId = values.SHOPWARE_RESELLER_GROUP_ID?.toLowerCase() ?? (embedded ? CUSTOMER_GROUP_IDS.reseller : undefined)
  const store: StoreConnection = {
    endpoint: values.SHOPWARE_ENDPOINT ?? `http://127.0.0.1:${values.PORT}/store-api`,
    accessToken: values.SHOPWARE_ACCESS_TOKEN ?? DEMO_ACCESS_KEY,
    timeoutMs: values.STORE_TIMEOUT_MS,
    embedded,
    ...(resellerGroupId ? { resellerGroupId } : {}),
    ...(embedded ? { ownMediaPrefix: `${new URL(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).origin}/media/` } : {}),
  }

  const isProduction = values.NODE_ENV === 'production'
  const warnings: string[] = []
  if (values.SMTP_URL && !embedded) warnings.push('SMTP_URL is ignored: only the embedded demo store sends mails, Shopware sends its own')
  let sessionSecret = values.SESSION_SECRET ?? DEV_SESSION_SECRET
  if (!values.SESSION_SECRET && isProduction) {
    if (!embedded) throw new ConfigError(MISSING_SESSION_SECRET)
    sessionSecret = (options.demoSecret ?? dataDirSecret)(values.DATA_DIR)
    warnings.push(`SESSION_SECRET is not set: the demo shop uses a random one kept in ${join(values.DATA_DIR, SESSION_SECRET_FILE)}`)
  }

  return {
    port: values.PORT,
    host: values.HOST,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    dataDir: values.DATA_DIR,
    store,
    pageCacheBytes: values.PAGE_CACHE === 'off' ? null : values.PAGE_CACHE_MB * 1024 * 1024,
    storeCache:
      values.STORE_CACHE === 'off'
        ? null
        : {
            ttlMs: values.STORE_CACHE_TTL_SECONDS * 1000,
            staleMs: values.STORE_CACHE_STALE_SECONDS * 1000,
            maxBytes: values.STORE_CACHE_MB * 1024 * 1024,
            ...(values.REDIS_URL ? { redisUrl: values.REDIS_URL } : {}),
          },
    demoStore: embedded
      ? {
          maintenance: values.DEMO_STORE_MAINTENANCE,
          latencyMs: values.DEMO_STORE_LATENCY_MS,
          ...(values.SMTP_URL ? { smtpUrl: values.SMTP_URL } : {}),
        }
      : null,
    mediaOrigins: values.MEDIA_ORIGINS,
    thumbnailCacheBytes: values.THUMBNAIL_CACHE_MB * 1024 * 1024,
    sessionSecret,
    logLevel: values.LOG_LEVEL,
    nodeEnv: values.NODE_ENV,
    isProduction,
    thirdParty: thirdPartyOf(values),
    warnings,
  }
}

function thirdPartyOf(values: z.infer<typeof envSchema>): ThirdPartySettings {
  const keys = {
    ...(values.CHAT_KEY_DE ? { de: values.CHAT_KEY_DE } : {}),
    ...(values.CHAT_KEY_EN ? { en: values.CHAT_KEY_EN } : {}),
    ...(values.CHAT_KEY_FR ? { fr: values.CHAT_KEY_FR } : {}),
  }
  return {
    ...(values.GTM_ID ? { tagManager: { id: values.GTM_ID, origin: values.GTM_ORIGIN } } : {}),
    ...(Object.keys(keys).length ? { chat: { keys, origin: values.CHAT_ORIGIN } } : {}),
  }
}
