// Boots the embedded demo store in-process on an ephemeral loopback port with a fresh data
// directory, the way server/index.ts mounts it (behind helmet), so conformance tests talk real HTTP to it.
import { mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import helmet from 'helmet'
import { pino } from 'pino'
import { expect } from 'vitest'
import { createDemoStore, type DemoStore } from '../../server/demo-store/index'
import { COUNTRY_DE_ID, DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { storeApiValidator } from './schema-validator'

export interface StoreResponse {
  status: number
  headers: Headers
  contentType: string | null
  /** Parsed JSON, the raw text when it is not JSON, or undefined for an empty body. */
  body: unknown
}

export interface CallOptions {
  body?: unknown
  /** Sent as is with content-type application/json (for bodies JSON.stringify cannot build, e.g. 20,000 levels deep). */
  rawBody?: string
  query?: Record<string, string>
  /** Sent as sw-context-token. */
  token?: string
  /** Sent as sw-language-id. */
  languageId?: string
  /** Overrides the demo access key; null sends no sw-access-key at all. */
  accessKey?: string | null
  headers?: Record<string, string>
}

export interface DemoStoreServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string
  /** The store itself (seed report, maintenance switch), for the demo store's own tests. */
  store: DemoStore
  /** Its fresh data directory (removed by close). */
  dataDir: string
  /** Calls `${origin}/store-api${path}`. */
  call(method: string, path: string, options?: CallOptions): Promise<StoreResponse>
  close(): Promise<void>
}

export interface DemoStoreServerOptions {
  maintenance?: boolean
  latencyMs?: number
  /** Seed from scratch instead of copying the suite's kept seed (for the seed's own tests). */
  freshSeed?: boolean
}

export async function startDemoStore(options: DemoStoreServerOptions = {}): Promise<DemoStoreServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'store-api-conformance-'))
  const app = express()
  // As in server/index.ts: the host's helmet runs before the store's routers and marks every response
  // Cross-Origin-Resource-Policy: same-origin, which the routers must override.
  app.use(helmet({ contentSecurityPolicy: false }))
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    listening.once('error', reject)
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The store builds media URLs from its public URL, which is only known once the port is.
  const demo = await createDemoStore({
    dataDir,
    publicUrl: origin,
    logger: pino({ level: 'silent' }),
    maintenance: options.maintenance ?? false,
    latencyMs: options.latencyMs ?? 0,
    ...(options.freshSeed ? { seedTemplateDir: false as const } : {}),
  })
  app.use('/store-api', demo.storeApi)
  app.use('/media', demo.media)
  app.use('/demo-payment', demo.payment)
  // The host's last resort: any error that leaves the store's routers becomes a plain 500.
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).type('text/plain').send('Internal Server Error')
  })

  return {
    origin,
    store: demo,
    dataDir,
    async call(method, path, { body, rawBody, query, token, languageId, accessKey, headers } = {}) {
      const url = new URL(`${origin}/store-api${path}`)
      for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value)
      const requestHeaders: Record<string, string> = { accept: 'application/json', ...headers }
      const key = accessKey === undefined ? DEMO_ACCESS_KEY : accessKey
      if (key !== null) requestHeaders['sw-access-key'] = key
      if (token) requestHeaders['sw-context-token'] = token
      if (languageId) requestHeaders['sw-language-id'] = languageId
      if (body !== undefined || rawBody !== undefined) requestHeaders['content-type'] = 'application/json'
      const response = await fetch(url, {
        method,
        headers: requestHeaders,
        body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      })
      const text = await response.text()
      let parsed: unknown = text === '' ? undefined : text
      if (text !== '' && response.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text)
      return { status: response.status, headers: response.headers, contentType: response.headers.get('content-type'), body: parsed }
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await demo.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Asserts that a response matches the official schema for `operation` (deviations.ts applied). */
export function expectConformant(operation: string, response: StoreResponse): void {
  const result = storeApiValidator().validate(operation, response)
  expect(result.errors, `${operation} ${response.status} does not match the Store API schema`).toEqual([])
}

/** Asserts the Shopware error envelope with the given status and code, and its conformance. */
export function expectStoreError(operation: string, response: StoreResponse, status: number, code: string): void {
  expect(response.status).toBe(status)
  expect(response.body).toMatchObject({ errors: [expect.objectContaining({ status: String(status), code })] })
  expectConformant(operation, response)
}

export function elementsOf(response: StoreResponse): Record<string, unknown>[] {
  const body = response.body
  if (Array.isArray(body)) return body as Record<string, unknown>[]
  if (typeof body === 'object' && body !== null && Array.isArray((body as { elements?: unknown }).elements)) {
    return (body as { elements: Record<string, unknown>[] }).elements
  }
  throw new Error(`expected a list or an entity search result, got ${JSON.stringify(body).slice(0, 200)}`)
}

/** Logs an account in and gives its session's context token. */
export async function logInToken(store: DemoStoreServer, account: { email: string; password: string }): Promise<string> {
  const response = await store.call('POST', '/account/login', { body: { email: account.email, password: account.password } })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.headers.get('sw-context-token') ?? ''
}

/**
 * A business in France with a VAT ID: Shopware's TaxDetector makes its deliveries from this German
 * shop tax-free (intra-Community supply), so the context's tax state is `tax-free`.
 */
export const FRENCH_BUSINESS = {
  accountType: 'business', company: 'Bois du Jura SARL', vatIds: ['FR12345678901'],
  billingAddress: { street: '3 rue des Sapins', zipcode: '39000', city: 'Lons-le-Saunier', countryId: sid('country:FR') },
}

/**
 * Registers a guest (RegisterRoute with guest: true) under a unique address and gives its session's
 * context token; `registration` replaces fields of the German private guest it registers by default.
 */
export async function guestToken(store: DemoStoreServer, tag: string, registration: Record<string, unknown> = {}): Promise<string> {
  const registered = await store.call('POST', '/account/register', {
    body: {
      guest: true, salutationId: sid('salutation:mr'), firstName: 'Gustav', lastName: 'Gast',
      email: `${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@forst-test.example`,
      acceptedDataProtection: true, storefrontUrl: store.origin,
      billingAddress: { street: 'Forstweg 7', zipcode: '79100', city: 'Freiburg', countryId: COUNTRY_DE_ID },
      ...registration,
    },
  })
  expect(registered.status, JSON.stringify(registered.body)).toBe(200)
  return registered.headers.get('sw-context-token') ?? ''
}
