import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import { parse as parseCookies } from 'cookie'
import express, { type Request, type RequestHandler, type Response } from 'express'
import helmet from 'helmet'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { ConfigError, loadConfig, type Config } from './config'
import { createLoadContext, cspNonceOf, requestLogOf } from './context'
import { createLogger, sessionId } from './logger'
import { createThumbnailService, mediaSources } from './thumbnail'

const root = fileURLToPath(new URL('..', import.meta.url))
// BUILD_DIR lets parallel test runs each serve their own build (vite.config.ts reads it too).
const buildDir = `${root}${process.env.BUILD_DIR ?? 'build'}`
const clientBuildDir = `${buildDir}/client`
const serverBuildFile = `${buildDir}/server/index.js`
const publicDir = `${root}public`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const READY_TIMEOUT_MS = 2_000
const SHUTDOWN_GRACE_MS = 10_000

// Query parameters that carry credentials or personal data (recovery hashes, opt-in mails,
// payment tokens) are kept out of access-log lines.
const SENSITIVE_QUERY = /token|hash|password|secret|key|mail|^em$/i
const PROBE_PATHS = new Set(['/healthz', '/readyz'])
// Our own loopback calls to the embedded store and media files would double every page in the
// log; the store layer already logs each store call, so these lines are debug-level only.
const QUIET_PREFIXES = ['/store-api/', '/media/']

export function loggableUrl(originalUrl: string): string {
  const url = new URL(originalUrl, 'http://localhost')
  for (const name of new Set(url.searchParams.keys())) {
    if (SENSITIVE_QUERY.test(name)) url.searchParams.set(name, '[Redacted]')
  }
  return `${url.pathname}${url.search}`
}

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
  const { locale, routeId } = requestLogOf(res)
  return {
    method: req.method,
    url: loggableUrl(req.originalUrl),
    status: res.statusCode,
    responseTime,
    sid: logSessionId(config, req, res),
    locale,
    routeId,
    ...(res.writableFinished ? {} : { aborted: true }),
  }
}

function originOf(url: string): string {
  return new URL(url).origin
}

function securityHeaders(config: Config, development: boolean): RequestHandler {
  const https = config.publicUrl.startsWith('https:')
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res as Response)}'`
  // Product images come from the store's media origin: our own origin for the embedded store.
  const mediaOrigins = [originOf(config.publicUrl)]
  if (!config.store.embedded) mediaOrigins.push(originOf(config.store.endpoint))
  // Vite injects CSS through <style> elements and keeps a websocket open for HMR in development.
  const devStyle = development ? ["'unsafe-inline'"] : []
  const devConnect = development ? ['ws:', 'wss:'] : []

  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, "'strict-dynamic'"],
        styleSrc: ["'self'", ...devStyle],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...new Set(mediaOrigins)],
        connectSrc: ["'self'", ...devConnect],
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Browsers ignore HSTS on plain http; sending it there only confuses local setups.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
}

async function checkStore(config: Config): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const response = await fetch(`${config.store.endpoint}/context`, {
      headers: { 'sw-access-key': config.store.accessToken, accept: 'application/json' },
      signal: AbortSignal.timeout(READY_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return response.ok ? { ok: true } : { ok: false, reason: `store answered ${response.status}` }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { ok: false, reason: `store did not answer within ${READY_TIMEOUT_MS} ms` }
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
    return { ok: false, reason: `store unreachable${cause ? `: ${cause}` : ''}` }
  }
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
  /** Marks the host as draining: /readyz answers 503 from now on. */
  drain(): void
  /** Releases what the host opened (demo store, Vite). */
  close(): Promise<void>
}

/** Assembles the express app in the order requests should meet it. */
export async function createHost(config: Config, logger: Logger, options: HostOptions = {}): Promise<Host> {
  const app = express()
  const development = !config.isProduction
  const closers: (() => Promise<void> | void)[] = []
  let draining = false

  app.disable('x-powered-by')
  // Behind a reverse proxy in the same private network (Docker, Kubernetes) trust its forwarded
  // protocol and host, so Remix sees the URL the shopper used.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal')

  app.use((_req, res, next) => {
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

  app.use(compression())

  let viteBuild: (() => Promise<ServerBuild>) | undefined
  if (development && !options.remixHandler) {
    const vite = await import('vite')
    const viteServer = await vite.createServer({ server: { middlewareMode: true } })
    closers.push(() => viteServer.close())
    app.use(viteServer.middlewares)
    viteBuild = async () => {
      const build: unknown = await viteServer.ssrLoadModule('virtual:remix/server-build')
      return build as ServerBuild
    }
  } else {
    // Vite fingerprints everything under /assets, so it can be cached for good.
    app.use('/assets', express.static(`${clientBuildDir}/assets`, { immutable: true, maxAge: '1y', index: false }))
    app.use(express.static(clientBuildDir, { maxAge: '1h', index: false }))
  }
  app.use(express.static(publicDir, { maxAge: '1h', index: false }))

  app.use(
    pinoHttp<Request, Response>({
      logger,
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

  app.use(securityHeaders(config, development))

  if (config.demoStore) {
    const { createDemoStore } = await import('./demo-store/index')
    const demo = await createDemoStore({
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      logger: logger.child({ component: 'demo-store' }),
      maintenance: config.demoStore.maintenance,
      latencyMs: config.demoStore.latencyMs,
    })
    closers.push(() => demo.close())
    app.use('/store-api', demo.storeApi)
    app.use('/media', demo.media)
  }

  // Resized store media (every product image goes through here); only the store's media origin is fetched.
  const thumbnails = createThumbnailService({
    cacheDir: join(config.dataDir, 'thumbnail-cache'),
    sources: mediaSources({
      embedded: config.store.embedded,
      publicUrl: config.publicUrl,
      port: config.port,
      endpoint: config.store.endpoint,
      mediaOrigins: config.mediaOrigins,
    }),
    logger: logger.child({ component: 'thumbnail' }),
  })
  app.use('/thumbnail', thumbnails.router)

  const remixHandler =
    options.remixHandler ??
    createRequestHandler({
      build: viteBuild ?? (await loadProductionBuild()),
      getLoadContext: createLoadContext(config, logger),
      mode: config.isProduction ? 'production' : 'development',
    })
  app.all('*', remixHandler)

  return {
    app,
    drain: () => {
      draining = true
    },
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

/** Stops accepting connections, lets in-flight requests finish, then releases resources. */
function shutdownOnSignals(server: Server, host: Host, logger: Logger): void {
  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    host.drain()
    const hardExit = setTimeout(() => {
      logger.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still open after the grace period, exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    hardExit.unref()
    // Keep-alive connections become idle as their last response ends; close them as they do.
    const reapIdle = setInterval(() => server.closeIdleConnections(), 250)
    reapIdle.unref()
    server.close(async (error) => {
      clearInterval(reapIdle)
      try {
        await host.close()
      } catch (closeError) {
        logger.error({ err: closeError }, 'closing resources failed')
      }
      logger.info('stopped')
      process.exit(error ? 1 : 0)
    })
    server.closeIdleConnections()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

async function main(): Promise<void> {
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
    },
    'listening',
  )
  return server
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
