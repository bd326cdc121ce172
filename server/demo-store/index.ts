import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { STATUS_CODES } from 'node:http'
import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { DB_FILE_NAME } from './constants'
import { openDatabase, type Db } from './db'
import { createPaymentPage } from './payment-page'
import { createMailer } from './mail/index'
import { createStoreApiRouter, type DemoLogger, type StoreState } from './router'
import { isStaleSeed, SEED_VERSION, seedIfEmpty, type SeedReport } from './seed/index'

export interface DemoStoreOptions {
  dataDir: string
  /** Public origin (no trailing slash); media URLs are `${publicUrl}/media/...`. */
  publicUrl: string
  logger?: DemoLogger
  maintenance?: boolean
  latencyMs?: number
  /** Mails go over SMTP when set, else into `${dataDir}/outbox` as .eml files. */
  smtpUrl?: string
  /**
   * A directory where the first seed of this seed version is kept and later fresh stores are copied
   * from (default: DEMO_STORE_SEED_TEMPLATE). The test suites start dozens of fresh stores; copying a
   * seeded database and its generated pictures takes a fraction of seeding them. `false`: always seed.
   */
  seedTemplateDir?: string | false
}

export interface DemoStore {
  storeApi: Router
  media: Router
  /** The demo payment provider's page; the host mounts it at /demo-payment on the public origin. */
  payment: Router
  close(): void
  setMaintenance(on: boolean): void
  seed: SeedReport
}

/**
 * Media files for any origin, as a CDN or Shopware's public filesystem serves them: the host's helmet
 * marks responses same-origin, which would stop other shops' pages from showing the images.
 */
function createMediaRouter(mediaRoot: string): Router {
  const media = express.Router()
  media.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET,HEAD')
      res.status(200).end()
      return
    }
    next()
  })
  // Generated files never change under the same name, so clients may cache them for a year.
  media.use(express.static(mediaRoot, { maxAge: '365d', immutable: true, index: false, fallthrough: false }))
  // serve-static passes 404 (missing file) and 405 (other methods) on as errors; answered here, so that
  // no host error handler turns them into 500s.
  media.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined
    if (typeof status !== 'number' || status < 400 || status >= 500 || res.headersSent) {
      next(err)
      return
    }
    if (status === 405) res.setHeader('Allow', 'GET, HEAD')
    res.status(status).type('text/plain').send(STATUS_CODES[status] ?? 'Error')
  })
  return media
}

/** A fresh (empty) store becomes a copy of the kept seed, when there is one. */
function copyTemplate(template: string, db: Db, file: string, mediaRoot: string): { db: Db; seed: SeedReport } | undefined {
  const started = performance.now()
  const empty = !(db.prepare('SELECT 1 FROM product LIMIT 1').get() as unknown)
  if (!empty || !existsSync(join(template, 'complete'))) return undefined
  db.close()
  for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  cpSync(join(template, DB_FILE_NAME), file)
  cpSync(join(template, 'media'), mediaRoot, { recursive: true })
  const copy = openDatabase(file)
  const count = (table: string) => (copy.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
  return { db: copy, seed: { seeded: true, durationMs: performance.now() - started, products: count('product'), media: count('media') } }
}

/** Keeps a just-seeded store as the template; of stores seeding at the same time, the first to finish wins. */
function keepTemplate(template: string, db: Db, mediaRoot: string): void {
  if (existsSync(template)) return
  const staging = `${template}.${process.pid}.${Math.random().toString(36).slice(2)}`
  try {
    mkdirSync(staging, { recursive: true })
    db.prepare('VACUUM INTO ?').run(join(staging, DB_FILE_NAME))
    cpSync(mediaRoot, join(staging, 'media'), { recursive: true })
    writeFileSync(join(staging, 'complete'), '')
    renameSync(staging, template)
  } catch {
    rmSync(staging, { recursive: true, force: true })
  }
}

/** Opens (and on first start seeds) the SQLite demo store and returns its Store API and media routers. */
export async function createDemoStore(options: DemoStoreOptions): Promise<DemoStore> {
  mkdirSync(options.dataDir, { recursive: true })
  const mediaRoot = join(options.dataDir, 'media')
  const file = join(options.dataDir, DB_FILE_NAME)
  let db = openDatabase(file)
  if (isStaleSeed(db)) {
    options.logger?.info({ file }, 'demo store data is from an older seed; seeding again')
    db.close()
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    db = openDatabase(file)
  }
  const templateRoot = options.seedTemplateDir ?? process.env.DEMO_STORE_SEED_TEMPLATE
  const template = templateRoot ? join(templateRoot, `seed-${SEED_VERSION}`) : undefined
  const copied = template ? copyTemplate(template, db, file, mediaRoot) : undefined
  if (copied) db = copied.db
  const seed = copied?.seed ?? (await seedIfEmpty(db, mediaRoot))
  if (template && seed.seeded && !copied) keepTemplate(template, db, mediaRoot)
  options.logger?.info({ seeded: seed.seeded, durationMs: Math.round(seed.durationMs), products: seed.products }, 'demo store ready')
  const state: StoreState = { maintenance: options.maintenance ?? false, latencyMs: options.latencyMs ?? 0 }
  const publicUrl = options.publicUrl.replace(/\/+$/, '')
  const mailer = createMailer({ outboxDir: join(options.dataDir, 'outbox'), smtpUrl: options.smtpUrl, logger: options.logger })
  const storeApi = createStoreApiRouter(db, publicUrl, state, mailer, options.logger)
  const media = createMediaRouter(mediaRoot)
  const payment = createPaymentPage(db, publicUrl)
  return {
    storeApi,
    media,
    payment,
    seed,
    close: () => db.close(),
    setMaintenance: (on: boolean) => {
      state.maintenance = on
    },
  }
}
