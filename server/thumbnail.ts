import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import express, { type Router } from 'express'
import type { Logger } from 'pino'
import sharp from 'sharp'
import { z } from 'zod'

/**
 * `GET /thumbnail/?src=<absolute media URL>&w=&h=&fit=&format=&q=&bg=&blur=`
 *
 * Resizes store media with sharp. Only media of the configured store is fetched (the src must start
 * with one of the configured source prefixes); anything else is refused with 400 before any request
 * is made, so the route cannot be used to reach other hosts. Results are cached on disk, keyed by a
 * hash of the normalized parameters, and served as immutable.
 */

export const MAX_DIMENSION = 2560
export const MAX_SRC_LENGTH = 2000
const FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const
const FITS = ['cover', 'contain', 'inside'] as const
export type ThumbnailFormat = (typeof FORMATS)[number]
export type ThumbnailFit = (typeof FITS)[number]

const CONTENT_TYPES: Record<ThumbnailFormat, string> = {
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
}
const IMMUTABLE = 'public, max-age=31536000, immutable'
const DEFAULT_QUALITY = 80
const DEFAULT_SOURCE_TIMEOUT_MS = 10_000
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
  } else {
    sources.push({ prefix: `${new URL(options.endpoint).origin}/` })
  }
  for (const origin of options.mediaOrigins ?? []) sources.push({ prefix: `${new URL(origin).origin}/` })
  return sources
}

const dimension = z.coerce.number().int().min(1).max(MAX_DIMENSION)

export const thumbnailQuerySchema = z
  .object({
    src: z.string().min(1).max(MAX_SRC_LENGTH),
    w: dimension.optional(),
    h: dimension.optional(),
    fit: z.enum(FITS).default('inside'),
    format: z.enum(FORMATS).default('webp'),
    q: z.coerce.number().int().min(1).max(100).default(DEFAULT_QUALITY),
    // Hex colour without '#', 6 or 8 digits (with alpha); used for letterboxing and flattening.
    bg: z
      .string()
      .regex(/^[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/)
      .transform((value) => value.toLowerCase())
      .optional(),
    // sharp's Gaussian sigma range starts at 0.3
    blur: z.coerce.number().min(0.3).max(100).optional(),
  })
  .strict()
  .refine((value) => value.w !== undefined || value.h !== undefined, { message: 'w or h is required', path: ['w'] })

export type ThumbnailParams = z.infer<typeof thumbnailQuerySchema>

export type Validation = { ok: true; params: ThumbnailParams; fetchUrl: string } | { ok: false; message: string }

/** The URL to fetch for a src, or null when it is not media of the configured store. */
export function resolveSource(src: string, sources: MediaSource[]): string | null {
  if (!URL.canParse(src)) return null
  const url = new URL(src)
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
    new URL(params.src).href,
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
  if (response.status === 404 || response.status === 410) {
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
    case 'avif':
      return image.avif({ quality: params.q }).toBuffer()
  }
}

export interface ThumbnailService {
  router: Router
  /** Produces (or reads from the cache) the file for validated parameters. */
  produce(params: ThumbnailParams, fetchUrl: string): Promise<Buffer>
}

export function createThumbnailService(options: ThumbnailOptions): ThumbnailService {
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.sourceTimeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS
  const maxBytes = options.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES
  // Concurrent requests for the same thumbnail share one fetch and one resize.
  const inFlight = new Map<string, Promise<Buffer>>()
  let cacheDirReady: Promise<unknown> | undefined

  const fileOf = (key: string, format: ThumbnailFormat) => join(options.cacheDir, key.slice(0, 2), `${key}.${format}`)

  async function generate(key: string, params: ThumbnailParams, fetchUrl: string): Promise<Buffer> {
    const file = fileOf(key, params.format)
    try {
      return await readFile(file)
    } catch {
      // not cached yet
    }
    const source = await fetchSource(fetchUrl, fetchImpl, timeoutMs, maxBytes)
    let output: Buffer
    try {
      output = await renderThumbnail(source, params)
    } catch {
      throw new SourceError('media is not a readable image', 422)
    }
    cacheDirReady ??= mkdir(options.cacheDir, { recursive: true })
    await cacheDirReady
    await mkdir(join(options.cacheDir, key.slice(0, 2)), { recursive: true })
    // Write then rename, so another process never reads a half-written file.
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temporary, output)
      await rename(temporary, file)
    } catch (error) {
      options.logger?.warn({ err: error }, 'thumbnail cache write failed')
    }
    return output
  }

  function produce(params: ThumbnailParams, fetchUrl: string): Promise<Buffer> {
    const key = thumbnailKey(params)
    const running = inFlight.get(key)
    if (running) return running
    const job = generate(key, params, fetchUrl).finally(() => inFlight.delete(key))
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
  return { router, produce }
}
