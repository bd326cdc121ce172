import { randomBytes, randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { constants as zlibConstants } from 'node:zlib'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import { parse as parseCookies } from 'cookie'
import express, { type Request, type RequestHandler, type Response } from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { ConfigError, loadConfig, type Config, type DemoStoreOptions } from './config'
import { createLoadContext, cspNonceOf, requestLogOf } from './context'
import { contentSecurityPolicy, cspOptionsOf, nonceSource } from './csp'
import { createLogger, loggableUrl, logSerializers, sessionId } from './logger'
import { createRemixHandler } from './remix-handler'
import { pageCache } from './page-cache'
import { requestGuard } from './request-guard'
import { checkStore, warnAboutPriceDisplay } from './store-check'
import { readTranslationChunks } from './translation-chunks'
import { createThumbnailService, mediaSources } from './thumbnail'
import { createStoreCache, memoryBackend, type StoreCache } from '../app/store/store-cache.server'
import { redisBackend } from '../app/store/store-cache-redis.server'

/** The project root: the nearest folder with package.json above this module, which runs from
 * server/ in development and from <BUILD_DIR>/host/ once compiled (scripts/build-host.ts). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir)
  return `${dir}/`
}

const root = projectRoot()
// BUILD_DIR lets parallel test runs each serve their own build (vite.config.ts reads it too).
const buildDir = `${root}${process.env.BUILD_DIR ?? 'build'}`
const clientBuildDir = `${buildDir}/client`
const serverBuildFile = `${buildDir}/server/index.js`
const publicDir = `${root}public`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SHUTDOWN_GRACE_MS = 10_000
const IDLE_REAP_AFTER_MS = 300

const PROBE_PATHS = new Set(['/healthz', '/readyz'])
// Our own loopback calls to the embedded store and media files would double every page in the
// log; the store layer already logs each store call, so these lines are debug-level only.
const QUIET_PREFIXES = ['/store-api/', '/media/']

// originalUrl: routers mounted with app.use() rewrite req.url to their own sub-path.
function pathOf(req: Request): string {
  return req.originalUrl.split('?')[0] ?? '/'
}

/** The session id for the log: the app's (set when the store layer ran) or derived from the cookie. */
function logSessionId(config: Config, req: Request, res: Response): string | undefined {
  const fromApp = requestLogOf(res).sid
  if (fromApp) return fromApp
  const header = req.headers.cookie
  return header ? sessionId(config.sessionSecret, parseCookies(header)['sw-context-token']) : undefined
}

function accessLogFields(config: Config, req: Request, res: Response, responseTime: number) {
  const { locale, routeId, storeCalls, storeRounds, cacheHits, pageCache } = requestLogOf(res)
  return {
    method: req.method,
    url: loggableUrl(req.originalUrl),
    status: res.statusCode,
    responseTime,
    sid: logSessionId(config, req, res),
    locale,
    routeId,
    ...(storeCalls || cacheHits ? { storeCalls: storeCalls ?? 0, storeRounds: storeRounds ?? 0, cacheHits: cacheHits ?? 0 } : {}),
    ...(pageCache ? { pageCache } : {}),
    ...(res.writableFinished ? {} : { aborted: true }),
  }
}

function securityHeaders(config: Config): RequestHandler[] {
  const https = config.publicUrl.startsWith('https:')
  const cspOptions = cspOptionsOf(config)
  return [
    helmet({
      // Set below: pages a shared cache keeps replace it with a hash-based one (server/context.ts).
      contentSecurityPolicy: false,
      // Browsers ignore HSTS on plain http; sending it there only confuses local setups.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', contentSecurityPolicy(cspOptions, [nonceSource(cspNonceOf(res))]))
      next()
    },
  ]
}

async function loadProductionBuild(): Promise<ServerBuild> {
  if (!existsSync(serverBuildFile)) {
    throw new Error(`${serverBuildFile} is missing: run "npm run build" before starting in production`)
  }
  const build: unknown = await import(pathToFileURL(serverBuildFile).href)
  return build as ServerBuild
}

export interface HostOptions {
  /** Replaces the Remix handler (tests exercise the host without a build). */
  remixHandler?: RequestHandler
}

export interface Host {
  app: express.Express
  /** The configuration as served: with the embedded store, its endpoint is the internal listener. */
  config: Config
  /** Marks the host as draining: /readyz answers 503 and every response closes its connection. */
  drain(): void
  /** Requests accepted and not yet answered. */
  inFlight(): number
  /** Releases what the host opened (demo store and its listener, Vite). */
  close(): Promise<void>
}

interface EmbeddedStore {
  storeApi: express.Router
  media: express.Router
  /** The demo payment page (public only: browsers open it, the app never calls it). */
  payment: express.Router
  /** The internal listener's Store API base, for the app's own calls. */
  endpoint: string
  close(): Promise<void>
}

/**
 * The embedded store gets a loopback listener of its own for the app's store calls, so that the
 * public server can stop accepting connections on SIGTERM while the requests it already accepted
 * still reach the store; it closes after them (docs/decisions/005).
 */
async function startEmbeddedStore(config: Config, options: DemoStoreOptions, logger: Logger): Promise<EmbeddedStore> {
  const { createDemoStore } = await import('./demo-store/index')
  const demo = await createDemoStore({
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    logger: logger.child({ component: 'demo-store' }),
    maintenance: options.maintenance,
    latencyMs: options.latencyMs,
    smtpUrl: options.smtpUrl,
  })
  const internalApp = express()
  internalApp.disable('x-powered-by')
  internalApp.use('/store-api', demo.storeApi)
  internalApp.use('/media', demo.media)
  const server = await listen(internalApp, '127.0.0.1', 0)
  const { port } = server.address() as AddressInfo
  return {
    storeApi: demo.storeApi,
    media: demo.media,
    payment: demo.payment,
    endpoint: `http://127.0.0.1:${port}/store-api`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      demo.close()
    },
  }
}

/** The store sub-request cache the configuration asks for: none, in process, or in Redis. */
export function storeCacheOf(config: Config, logger: Logger): StoreCache | undefined {
  const settings = config.storeCache
  if (!settings) return undefined
  const cacheLogger = logger.child({ component: 'store-cache' })
  let warnedAt = 0
  // Redis reconnects on its own; one line a minute is enough to tell support the cache is off.
  const onError = (err: Error) => {
    if (Date.now() - warnedAt < 60_000) return
    warnedAt = Date.now()
    cacheLogger.warn({ err }, 'redis unavailable; store reads bypass the cache until it is back')
  }
  return createStoreCache({
    backend: settings.redisUrl ? redisBackend(settings.redisUrl, { onError }) : memoryBackend(settings.maxBytes),
    ttlMs: settings.ttlMs,
    staleMs: settings.staleMs,
    logger: cacheLogger,
  })
}

function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}

/**
 * Static files all have an extension (favicon.ico, images/…); shop pages rarely do (robots.txt). Passing
 * pages straight on spares each of them a file-system look-up per static folder.
 */
function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (/\.[^/]+$/.test(req.path) ? serve(req, res, next) : next())
}

/** Assembles the express app in the order requests should meet it. */
export async function createHost(baseConfig: Config, logger: Logger, options: HostOptions = {}): Promise<Host> {
  const app = express()
  const demoStore = baseConfig.demoStore ? await startEmbeddedStore(baseConfig, baseConfig.demoStore, logger) : undefined
  const config = demoStore ? { ...baseConfig, store: { ...baseConfig.store, endpoint: demoStore.endpoint } } : baseConfig
  const development = !config.isProduction
  const closers: (() => Promise<void> | void)[] = demoStore ? [() => demoStore.close()] : []
  const storeCache = storeCacheOf(config, logger)
  if (storeCache) closers.push(() => storeCache.close())
  let draining = false
  let inFlight = 0

  app.disable('x-powered-by')
  // Behind a reverse proxy in the same private network (Docker, Kubernetes) trust its forwarded
  // protocol and host, so Remix sees the URL the shopper used.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal')

  app.use((_req, res, next) => {
    inFlight += 1
    res.once('close', () => {
      inFlight -= 1
    })
    // While draining, each answer is the connection's last, so keep-alive clients reconnect elsewhere.
    if (draining) res.setHeader('Connection', 'close')
    res.locals.cspNonce = randomBytes(16).toString('base64')
    requestLogOf(res)
    next()
  })

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })

  app.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store')
    if (draining) {
      res.status(503).json({ status: 'unavailable', reason: 'shutting down' })
      return
    }
    const result = await checkStore(config)
    if (result.ok) res.json({ status: 'ready' })
    else res.status(503).json({ status: 'unavailable', reason: result.reason })
  })

  // Browsers get brotli at quality 4 (compression's default): smaller than gzip 6 at less CPU. Gzip,
  // for the few clients without brotli, at level 4: a 100 KB page costs a third less CPU than at 6
  // for about 4 % more bytes. Brotli's window is 256 KB (lgwin 18) instead of 4 MB: pages are
  // smaller, so the bytes are the same, but each answer's encoder no longer sets up megabytes of
  // memory, which under concurrent answers cost 3-4 ms of CPU per page (docs/decisions/010).
  app.use(compression({ level: 4, brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }))

  let viteBuild: (() => Promise<ServerBuild>) | undefined
  if (development && !options.remixHandler) {
    const vite = await import('vite')
    // Vite's own CORS answers every OPTIONS before the demo store could answer a preflight.
    const viteServer = await vite.createServer({ server: { middlewareMode: true, cors: false } })
    closers.push(() => viteServer.close())
    app.use(viteServer.middlewares)
    viteBuild = async () => {
      const build: unknown = await viteServer.ssrLoadModule('virtual:remix/server-build')
      return build as ServerBuild
    }
  } else {
    // Vite fingerprints everything under /assets, so it can be cached for good.
    app.use('/assets', express.static(`${clientBuildDir}/assets`, { immutable: true, maxAge: '1y', index: false }))
    app.use(filesOnly(express.static(clientBuildDir, { maxAge: '1h', index: false })))
  }
  app.use(filesOnly(express.static(publicDir, { maxAge: '1h', index: false })))

  app.use(
    pinoHttp<Request, Response>({
      logger,
      serializers: logSerializers,
      quietReqLogger: true,
      quietResLogger: true,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id']
        const id = typeof incoming === 'string' && UUID.test(incoming) ? incoming : randomUUID()
        res.setHeader('X-Request-Id', id)
        return id
      },
      autoLogging: { ignore: (req) => PROBE_PATHS.has(pathOf(req)) },
      customLogLevel: (req, res, error) => {
        if (error || res.statusCode >= 500) return 'error'
        const path = pathOf(req)
        return QUIET_PREFIXES.some((prefix) => path.startsWith(prefix)) ? 'debug' : 'info'
      },
      customSuccessMessage: () => 'request completed',
      customErrorMessage: () => 'request failed',
      customSuccessObject: (req, res, value: { responseTime: number }) =>
        accessLogFields(config, req, res, value.responseTime),
      customErrorObject: (req, res, error, value: { responseTime: number }) => ({
        ...accessLogFields(config, req, res, value.responseTime),
        // pino-http invents an error for every 5xx; only a real one (with its stack) is worth logging.
        ...(error.message === `failed with status code ${res.statusCode}` ? {} : { err: error }),
      }),
    }),
  )

  app.use(securityHeaders(config))

  if (demoStore) {
    // Also public, for Store API clients other than ours (they follow the store's own CORS rules).
    app.use('/store-api', demoStore.storeApi)
    app.use('/media', demoStore.media)
    app.use('/demo-payment', demoStore.payment)
  }

  // Resized store media (every product image goes through here); only the store's media origin is fetched.
  const thumbnails = createThumbnailService({
    cacheDir: join(config.dataDir, 'thumbnail-cache'),
    cacheMaxBytes: config.thumbnailCacheBytes,
    sources: mediaSources({
      embedded: config.store.embedded,
      publicUrl: config.publicUrl,
      // The embedded store's media are read from its internal listener.
      port: Number(new URL(config.store.endpoint).port),
      endpoint: config.store.endpoint,
      mediaOrigins: config.mediaOrigins,
    }),
    logger: logger.child({ component: 'thumbnail' }),
  })
  app.use('/thumbnail', thumbnails.router)

  app.use(requestGuard({ publicUrl: config.publicUrl, logger }))

  const productionBuild = options.remixHandler || viteBuild ? undefined : await loadProductionBuild()
  // The build the server runs now; the client compares it with its own to notice a deploy (spec section 4).
  app.get('/build-version', async (_req, res) => {
    const build = viteBuild ? await viteBuild() : productionBuild
    res.set('Cache-Control', 'no-store').json({ version: build?.assets.version ?? null })
  })

  const remixHandler =
    options.remixHandler ??
    createRemixHandler({
      build: viteBuild ?? (productionBuild as ServerBuild),
      getLoadContext: createLoadContext(config, logger, storeCache, productionBuild && readTranslationChunks(buildDir)),
      mode: config.isProduction ? 'production' : 'development',
    })
  if (config.pageCacheBytes) app.use(pageCache({ maxBytes: config.pageCacheBytes }))
  app.all('*', remixHandler)

  // Last resort. Middleware errors that carry a client status (express's own 4xx) are the
  // client's; anything else is a fault of ours, logged with its stack, and the visitor gets a 500.
  app.use((error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    const status = clientErrorStatus(error)
    if (status) req.log?.warn({ status, reason: (error as Error).message }, 'request rejected')
    else req.log?.error({ err: error }, 'unhandled error')
    if (res.headersSent) {
      res.destroy()
      return
    }
    res.status(status ?? 500).type('text/plain').send(status ? 'Bad Request' : 'Internal Server Error')
  })

  return {
    app,
    config,
    drain: () => {
      draining = true
    },
    inFlight: () => inFlight,
    close: async () => {
      for (const close of closers.reverse()) await close()
    },
  }
}

function listen(app: express.Express, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host)
    server.once('listening', () => resolve(server))
    server.once('error', reject)
  })
}

/**
 * On SIGTERM: readiness turns 503, the listening socket closes (new connections are refused),
 * every request already accepted is answered normally with `Connection: close`, and the process
 * exits when the last connection is gone or after the grace period.
 */
function shutdownOnSignals(server: Server, host: Host, logger: Logger): void {
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal, inFlight: host.inFlight() }, 'shutting down')
    host.drain()
    const hardExit = setTimeout(() => {
      logger.error({ graceMs: SHUTDOWN_GRACE_MS, inFlight: host.inFlight() }, 'requests still open after the grace period, exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    hardExit.unref()
    // Idle keep-alive connections are closed only once nothing has been in flight for a moment: a
    // client may be sending its next request on one right now, and that request deserves an answer.
    let quietSince = Date.now()
    const reapIdle = setInterval(() => {
      if (host.inFlight() > 0) quietSince = Date.now()
      else if (Date.now() - quietSince >= IDLE_REAP_AFTER_MS) server.closeIdleConnections()
    }, 100)
    reapIdle.unref()
    // net.Server's close: stops listening without http.Server's immediate cut of idle connections.
    net.Server.prototype.close.call(server, async (error?: Error) => {
      clearInterval(reapIdle)
      try {
        await host.close()
      } catch (closeError) {
        logger.error({ err: closeError }, 'closing resources failed')
      }
      logger.info('stopped')
      process.exit(error ? 1 : 0)
    })
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

/** Starts the shop from the environment (`npm run dev`, server/start.js); a failure to start exits with 1. */
export function main(): void {
  startFromEnv().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}

async function startFromEnv(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const logger = createLogger({ level: config.logLevel })
  for (const warning of config.warnings) logger.warn(warning)
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'))

  await startServer(config, logger)
}

/** Builds the host, listens on HOST:PORT and stops gracefully on SIGTERM/SIGINT. */
export async function startServer(config: Config, logger: Logger, options: HostOptions = {}): Promise<Server> {
  const host = await createHost(config, logger, options)
  const server = await listen(host.app, config.host, config.port)
  shutdownOnSignals(server, host, logger)
  logger.info(
    {
      url: `http://${config.host}:${config.port}`,
      publicUrl: config.publicUrl,
      mode: config.nodeEnv,
      store: config.store.embedded ? 'embedded demo store' : config.store.endpoint,
      storeCache: config.storeCache ? (config.storeCache.redisUrl ? 'redis' : 'memory') : 'off',
      pageCache: config.pageCacheBytes ? 'on' : 'off',
    },
    'listening',
  )
  if (!config.store.embedded) void warnAboutPriceDisplay(config, logger)
  return server
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) main()
