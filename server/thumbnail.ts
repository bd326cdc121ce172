import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import express, { type Router } from 'express'
import type { Logger } from 'pino'
import sharp from 'sharp'
import { z } from 'zod'
import {
  DEFAULT_THUMBNAIL_QUALITY,
  MAX_THUMBNAIL_DIMENSION,
  THUMBNAIL_BACKGROUNDS,
  THUMBNAIL_BLURS,
  THUMBNAIL_FORMATS,
  THUMBNAIL_QUALITIES,
  THUMBNAIL_SIZES,
  isThumbnailFormat,
  originalFormat,
} from '../app/lib/images'

/**
 * `GET /thumbnail/?src=<absolute media URL>&w=&h=&fit=&format=&q=&bg=&blur=`
 *
 * Resizes store media with sharp. Only media of the configured store is fetched (the src must start
 * with one of the configured source prefixes); anything else is refused with 400 before any request
 * is made, so the route cannot be used to reach other hosts. Results are cached on disk, keyed by a
 * hash of the normalized parameters, and served as immutable.
 *
 * Every distinct parameter set costs a resize and a cache file, so only what the pages ask for is
 * rendered: the sizes, qualities, blurs, backgrounds and formats app/lib/images.ts offers (the URL
 * builders produce nothing else); anything else is 400 before any fetch. Resizes run a few at a
 * time with a bounded queue behind them (503 + Retry-After when it is full), and the disk cache is
 * kept under a size limit by evicting the least recently used files.
 */

export const MAX_DIMENSION = MAX_THUMBNAIL_DIMENSION
export const MAX_SRC_LENGTH = 2000
const FITS = ['cover', 'contain', 'inside'] as const
export type ThumbnailFormat = (typeof THUMBNAIL_FORMATS)[number]
export type ThumbnailFit = (typeof FITS)[number]

const CONTENT_TYPES: Record<ThumbnailFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
}
const IMMUTABLE = 'public, max-age=31536000, immutable'
const DEFAULT_SOURCE_TIMEOUT_MS = 10_000
export const DEFAULT_CACHE_MAX_BYTES = 512 * 1024 * 1024
// A cold listing page asks for two images per product card (picture and placeholder); this lets a
// few of them through at once while an attacker's flood is turned away instead of piling up.
export const DEFAULT_MAX_QUEUE = 64
const RETRY_AFTER_SECONDS = 2
// Store media are photos and logos; anything far bigger is not something to decode per request.
const DEFAULT_MAX_SOURCE_BYTES = 25 * 1024 * 1024
// Refuses decompression bombs: 40 megapixels is far beyond any product photo.
const MAX_INPUT_PIXELS = 40_000_000

/** A place media may come from: `prefix` is what the src must start with, `fetchPrefix` what is fetched instead. */
export interface MediaSource {
  /** e.g. `https://shop.example/media/` */
  prefix: string
  /** e.g. `http://127.0.0.1:3000/media/` (loopback for the embedded store); defaults to `prefix` */
  fetchPrefix?: string
}

export interface ThumbnailOptions {
  /** Directory for cached results (`${DATA_DIR}/thumbnail-cache`) */
  cacheDir: string
  sources: MediaSource[]
  logger?: Logger
  fetch?: typeof fetch
  sourceTimeoutMs?: number
  maxSourceBytes?: number
  /** Upper bound of the disk cache in bytes (default 512 MiB); least recently used files go first */
  cacheMaxBytes?: number
  /** Resizes at a time (default: the number of cores) */
  concurrency?: number
  /** Resizes that may wait behind the running ones before requests get 503 (default 64) */
  maxQueue?: number
}

/** Where thumbnails may fetch from, given the shop configuration. */
export function mediaSources(options: {
  embedded: boolean
  publicUrl: string
  port: number
  endpoint: string
  mediaOrigins?: string[]
}): MediaSource[] {
  const sources: MediaSource[] = []
  if (options.embedded) {
    // The demo store writes media URLs with the public origin; fetch them over loopback, because the
    // public hostname may not resolve (or may loop through a proxy) from inside the container.
    const loopback = `http://127.0.0.1:${options.port}/media/`
    sources.push({ prefix: `${new URL(options.publicUrl).origin}/media/`, fetchPrefix: loopback })
    sources.push({ prefix: loopback })
    sources.push({ prefix: `${OWN_MEDIA_ORIGIN}/media/`, fetchPrefix: loopback })
  } else {
    sources.push({ prefix: `${new URL(options.endpoint).origin}/` })
  }
  for (const origin of options.mediaOrigins ?? []) sources.push({ prefix: `${new URL(origin).origin}/` })
  return sources
}

function offered(allowed: readonly unknown[], what: string, listed = true) {
  return (value: unknown, context: z.RefinementCtx) => {
    if (!allowed.includes(value))
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `not one of the offered ${what}${listed ? ` (${allowed.join(', ')})` : ''}`,
      })
  }
}

const dimension = z.coerce.number().int().superRefine(offered(THUMBNAIL_SIZES, 'sizes', false))

export const thumbnailQuerySchema = z
  .object({
    src: z.string().min(1).max(MAX_SRC_LENGTH),
    w: dimension.optional(),
    h: dimension.optional(),
    fit: z.enum(FITS).default('inside'),
    format: z.string().default('webp'),
    q: z.coerce
      .number()
      .int()
      .superRefine(offered(THUMBNAIL_QUALITIES, 'qualities'))
      .default(DEFAULT_THUMBNAIL_QUALITY),
    // Hex colour without '#'; used for letterboxing and flattening.
    bg: z
      .string()
      .transform((value) => value.toLowerCase())
      .superRefine(offered(THUMBNAIL_BACKGROUNDS, 'backgrounds'))
      .optional(),
    blur: z.coerce.number().superRefine(offered(THUMBNAIL_BLURS, 'blurs')).optional(),
  })
  .strict()
  .refine((value) => value.w !== undefined || value.h !== undefined, { message: 'w or h is required', path: ['w'] })
  .superRefine((value, context) => {
    if (!isThumbnailFormat(value.src, value.format)) {
      const own = originalFormat(value.src)
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['format'],
        message: `not offered: webp${own && own !== 'webp' ? ` or the original's ${own}` : ''}`,
      })
    }
  })
  .transform((value) => ({ ...value, format: value.format as ThumbnailFormat }))

export type ThumbnailParams = z.infer<typeof thumbnailQuerySchema>

export type Validation = { ok: true; params: ThumbnailParams; fetchUrl: string } | { ok: false; message: string }

/**
 * Pages name the embedded store's media by path (`/media/…`, whatever host the shopper used); such a
 * src stands for this origin, which only the embedded store's source prefix matches.
 */
export const OWN_MEDIA_ORIGIN = 'http://own-media.invalid'

function sourceUrl(src: string): URL | null {
  const relative = src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\')
  if (!relative && !URL.canParse(src)) return null
  try {
    const url = relative ? new URL(src, OWN_MEDIA_ORIGIN) : new URL(src)
    // A fragment never reaches the store; left in, each spelling would be another cache entry.
    url.hash = ''
    return url
  } catch {
    return null
  }
}

/** The URL to fetch for a src, or null when it is not media of the configured store. */
export function resolveSource(src: string, sources: MediaSource[]): string | null {
  const url = sourceUrl(src)
  if (!url) return null
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password) return null
  // The normalized href resolves dot segments, so `/media/../store-api` cannot pass as media.
  const href = url.href
  for (const source of sources) {
    if (href.startsWith(source.prefix))
      return `${source.fetchPrefix ?? source.prefix}${href.slice(source.prefix.length)}`
  }
  return null
}

/** Validates the raw query (first value of each key); never throws. */
export function validateThumbnailQuery(query: Record<string, unknown>, sources: MediaSource[]): Validation {
  const flat: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) flat[key] = Array.isArray(value) ? value[0] : value
  const parsed = thumbnailQuerySchema.safeParse(flat)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      ok: false,
      message: `Invalid parameter ${issue?.path.join('.') || ''}: ${issue?.message ?? 'invalid'}`.trim(),
    }
  }
  const fetchUrl = resolveSource(parsed.data.src, sources)
  if (!fetchUrl) return { ok: false, message: 'src is not media of the configured store' }
  return { ok: true, params: parsed.data, fetchUrl }
}

/** Cache key: a hash of the normalized parameters (defaults filled in, keys in a fixed order). */
export function thumbnailKey(params: ThumbnailParams): string {
  const normalized = [
    sourceUrl(params.src)!.href,
    params.w ?? '',
    params.h ?? '',
    params.fit,
    params.format,
    params.q,
    params.bg ?? '',
    params.blur ?? '',
  ].join('\n')
  return createHash('sha256').update(normalized).digest('hex').slice(0, 40)
}

class SourceError extends Error {
  constructor(message: string, readonly status: number) {
    super(message)
  }
}

async function fetchSource(url: string, fetchImpl: typeof fetch, timeoutMs: number, maxBytes: number): Promise<Buffer> {
  let response: Response
  try {
    // No redirects: a redirect could lead away from the store's media origin.
    response = await fetchImpl(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
  } catch {
    throw new SourceError('media source unreachable', 502)
  }
  // Any client error of the media origin (404, but also 400 for a malformed path such as /media/%00)
  // means the src names no image it will serve: the visitor's mistake, not a failure of ours.
  if (response.status >= 400 && response.status < 500) {
    await response.body?.cancel()
    throw new SourceError('media not found', 404)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new SourceError(`media source answered ${response.status}`, 502)
  }
  const length = Number(response.headers.get('content-length'))
  if (Number.isFinite(length) && length > maxBytes) {
    await response.body?.cancel()
    throw new SourceError('media file too large', 502)
  }
  const body = Buffer.from(await response.arrayBuffer())
  if (body.length > maxBytes) throw new SourceError('media file too large', 502)
  return body
}

interface Rgba {
  r: number
  g: number
  b: number
  alpha: number
}

function backgroundOf(hex: string | undefined): Rgba | undefined {
  if (!hex) return undefined
  const alpha = hex.length === 8 ? parseInt(hex.slice(6, 8), 16) / 255 : 1
  return { r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16), alpha }
}

/** Resizes and encodes one image. */
export async function renderThumbnail(input: Buffer, params: ThumbnailParams): Promise<Buffer> {
  const background = backgroundOf(params.bg)
  let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate() // honour EXIF orientation
    .resize({
      width: params.w,
      height: params.h,
      fit: params.fit,
      // Never upscale: a blown-up photo only gets blurrier and bigger.
      withoutEnlargement: true,
      ...(background ? { background } : params.format === 'jpeg' ? { background: '#ffffff' } : {}),
    })
  if (params.blur !== undefined) image = image.blur(params.blur)
  // JPEG has no transparency: flatten onto the requested background (white by default).
  if (params.format === 'jpeg') image = image.flatten({ background: background ?? '#ffffff' })
  else if (background && background.alpha === 1) image = image.flatten({ background })
  switch (params.format) {
    case 'webp':
      return image.webp({ quality: params.q }).toBuffer()
    case 'jpeg':
      return image.jpeg({ quality: params.q, mozjpeg: true }).toBuffer()
    case 'png':
      return image.png({ quality: params.q, compressionLevel: 9 }).toBuffer()
  }
}

/** Thrown when resizes are running and waiting up to the limit; the route answers 503. */
export class QueueFullError extends Error {
  constructor() {
    super('thumbnail queue is full')
  }
}

/**
 * At most `concurrency` resizes at a time. A job is admitted before its source is fetched and holds
 * its place until it ends, so no more than `concurrency + maxQueue` jobs (and their sources) exist;
 * only the CPU-bound resize waits for a slot, so a slow store does not leave the cores idle.
 */
export class ResizeQueue {
  private admitted = 0
  private running = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
  ) {}

  /** Takes a place for a job, or says there is none left; each true needs one `leave()`. */
  tryAdmit(): boolean {
    if (this.admitted >= this.concurrency + this.maxQueue) return false
    this.admitted += 1
    return true
  }

  leave(): void {
    this.admitted -= 1
  }

  async resize<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await work()
    } finally {
      // The slot passes straight to the next waiter, so a new arrival cannot jump the queue.
      const next = this.waiting.shift()
      if (next) next()
      else this.running -= 1
    }
  }
}

const CACHE_FILE = /^[0-9a-f]{40}\.[a-z]+$/
const SHARD = /^[0-9a-f]{2}$/
// A temporary file this old belongs to a write that died with its process.
const STALE_TEMPORARY_MS = 60_000

/**
 * The cache's files in least-recently-used order (a Map keeps insertion order; a use re-inserts),
 * with their sizes. Built from the files' mtimes at start and every use touches the mtime, so the
 * order survives restarts without a separate index file that could disagree with the directory.
 */
export class CacheIndex {
  private readonly files = new Map<string, number>()
  private total = 0

  constructor(
    private readonly dir: string,
    readonly maxBytes: number,
    private readonly logger?: Logger,
  ) {}

  /** Reads the directory (missing is empty) and evicts down to the limit, which may have shrunk. */
  async load(): Promise<void> {
    const found: Array<{ file: string; size: number; mtimeMs: number }> = []
    let shards: string[]
    try {
      shards = (await readdir(this.dir)).filter((name) => SHARD.test(name))
    } catch {
      return
    }
    const now = Date.now()
    for (const shard of shards) {
      let names: string[]
      try {
        names = await readdir(join(this.dir, shard))
      } catch {
        continue
      }
      await Promise.all(
        names.map(async (name) => {
          const file = join(shard, name)
          try {
            const info = await stat(join(this.dir, file))
            if (!info.isFile()) return
            if (CACHE_FILE.test(name)) found.push({ file, size: info.size, mtimeMs: info.mtimeMs })
            else if (name.endsWith('.tmp') && now - info.mtimeMs > STALE_TEMPORARY_MS) await unlink(join(this.dir, file))
          } catch {
            // gone meanwhile
          }
        }),
      )
    }
    found.sort((a, b) => a.mtimeMs - b.mtimeMs)
    for (const { file, size } of found) this.set(file, size)
    await this.evict()
  }

  private set(file: string, size: number): void {
    this.total -= this.files.get(file) ?? 0
    this.files.delete(file)
    this.files.set(file, size)
    this.total += size
  }

  /** Records a use (or a new file) and makes room for it; `file` is relative to the cache directory. */
  async use(file: string, size: number): Promise<void> {
    this.set(file, size)
    const now = new Date()
    await utimes(join(this.dir, file), now, now).catch(() => undefined)
    await this.evict()
  }

  forget(file: string): void {
    this.total -= this.files.get(file) ?? 0
    this.files.delete(file)
  }

  private async evict(): Promise<void> {
    const victims: string[] = []
    for (const [file, size] of this.files) {
      if (this.total <= this.maxBytes) break
      victims.push(file)
      this.total -= size
    }
    for (const file of victims) this.files.delete(file)
    await Promise.all(
      victims.map((file) =>
        unlink(join(this.dir, file)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') this.logger?.warn({ err: error, file }, 'thumbnail cache eviction failed')
        }),
      ),
    )
  }
}

export interface ThumbnailService {
  router: Router
  /** Produces (or reads from the cache) the file for validated parameters; QueueFullError when busy. */
  produce(params: ThumbnailParams, fetchUrl: string): Promise<Buffer>
  /** Resolves once the cache directory has been read (and trimmed to its limit). */
  ready: Promise<void>
}

export function createThumbnailService(options: ThumbnailOptions): ThumbnailService {
  // Every resize is different and its result is kept on disk: libvips' operation cache (up to 50 MB)
  // would only hold memory.
  sharp.cache(false)
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.sourceTimeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS
  const maxBytes = options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES
  const queue = new ResizeQueue(
    Math.max(1, options.concurrency ?? availableParallelism()),
    Math.max(0, options.maxQueue ?? DEFAULT_MAX_QUEUE),
  )
  const index = new CacheIndex(options.cacheDir, options.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES, options.logger)
  const ready = index.load().catch((error: unknown) => {
    options.logger?.warn({ err: error }, 'thumbnail cache could not be read')
  })
  // Concurrent requests for the same thumbnail share one fetch and one resize.
  const inFlight = new Map<string, Promise<Buffer>>()
  let cacheDirReady: Promise<unknown> | undefined

  const relativeFile = (key: string, format: ThumbnailFormat) => join(key.slice(0, 2), `${key}.${format}`)

  async function readCached(relative: string): Promise<Buffer | undefined> {
    try {
      const body = await readFile(join(options.cacheDir, relative))
      await index.use(relative, body.length)
      return body
    } catch {
      index.forget(relative)
      return undefined
    }
  }

  async function generate(relative: string, params: ThumbnailParams, fetchUrl: string): Promise<Buffer> {
    const source = await fetchSource(fetchUrl, fetchImpl, timeoutMs, maxBytes)
    let output: Buffer
    try {
      output = await queue.resize(() => renderThumbnail(source, params))
    } catch {
      throw new SourceError('media is not a readable image', 422)
    }
    if (output.length > index.maxBytes) return output
    const file = join(options.cacheDir, relative)
    cacheDirReady ??= mkdir(options.cacheDir, { recursive: true })
    // Write then rename, so another process never reads a half-written file.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await cacheDirReady
      await mkdir(join(options.cacheDir, relative.slice(0, 2)), { recursive: true })
      await writeFile(temporary, output)
      await rename(temporary, file)
      await index.use(relative, output.length)
    } catch (error) {
      options.logger?.warn({ err: error }, 'thumbnail cache write failed')
      await unlink(temporary).catch(() => undefined)
    }
    return output
  }

  async function produceUncached(key: string, params: ThumbnailParams, fetchUrl: string): Promise<Buffer> {
    await ready
    const relative = relativeFile(key, params.format)
    const cached = await readCached(relative)
    if (cached) return cached
    if (!queue.tryAdmit()) throw new QueueFullError()
    try {
      return await generate(relative, params, fetchUrl)
    } finally {
      queue.leave()
    }
  }

  function produce(params: ThumbnailParams, fetchUrl: string): Promise<Buffer> {
    const key = thumbnailKey(params)
    const running = inFlight.get(key)
    if (running) return running
    const job = produceUncached(key, params, fetchUrl).finally(() => inFlight.delete(key))
    inFlight.set(key, job)
    return job
  }

  const router = express.Router()
  router.get('/', async (req, res) => {
    const result = validateThumbnailQuery(req.query as Record<string, unknown>, options.sources)
    if (!result.ok) {
      res.status(400).set('Cache-Control', 'no-store').type('text/plain').send(result.message)
      return
    }
    const etag = `"${thumbnailKey(result.params)}"`
    if (req.headers['if-none-match'] === etag) {
      res.status(304).set({ ETag: etag, 'Cache-Control': IMMUTABLE }).end()
      return
    }
    try {
      const body = await produce(result.params, result.fetchUrl)
      res
        .status(200)
        .set({ 'Content-Type': CONTENT_TYPES[result.params.format], 'Cache-Control': IMMUTABLE, ETag: etag })
        .send(body)
    } catch (error) {
      if (error instanceof QueueFullError) {
        res
          .status(503)
          .set({ 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
          .type('text/plain')
          .send('busy resizing, retry shortly')
        return
      }
      const status = error instanceof SourceError ? error.status : 500
      if (status >= 500) options.logger?.warn({ err: error, src: result.params.src }, 'thumbnail failed')
      // Failures may be temporary; a short cache keeps a broken image from hammering the store.
      res
        .status(status)
        .set('Cache-Control', 'public, max-age=60')
        .type('text/plain')
        .send(error instanceof SourceError ? error.message : 'thumbnail failed')
    }
  })
  // Only GET/HEAD exist here.
  router.all('/', (_req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').end()
  })
  return { router, produce, ready }
}
