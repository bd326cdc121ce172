import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import express, { type Router } from 'express'
import { DB_FILE_NAME } from './constants'
import { openDatabase } from './db'
import { createStoreApiRouter, type DemoLogger, type StoreState } from './router'
import { isStaleSeed, seedIfEmpty, type SeedReport } from './seed/index'

export interface DemoStoreOptions {
  dataDir: string
  /** Public origin (no trailing slash); media URLs are `${publicUrl}/media/...`. */
  publicUrl: string
  logger?: DemoLogger
  maintenance?: boolean
  latencyMs?: number
}

export interface DemoStore {
  storeApi: Router
  media: Router
  close(): void
  setMaintenance(on: boolean): void
  seed: SeedReport
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
  const seed = await seedIfEmpty(db, mediaRoot)
  options.logger?.info({ seeded: seed.seeded, durationMs: Math.round(seed.durationMs), products: seed.products }, 'demo store ready')
  const state: StoreState = { maintenance: options.maintenance ?? false, latencyMs: options.latencyMs ?? 0 }
  const publicUrl = options.publicUrl.replace(/\/+$/, '')
  const storeApi = createStoreApiRouter(db, publicUrl, state, options.logger)
  const media = express.Router()
  // Generated files never change under the same name, so clients may cache them for a year.
  media.use(express.static(mediaRoot, { maxAge: '365d', immutable: true, index: false, fallthrough: false }))
  return {
    storeApi,
    media,
    seed,
    close: () => db.close(),
    setMaintenance: (on: boolean) => {
      state.maintenance = on
    },
  }
}
