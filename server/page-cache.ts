import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { parse as parseCookies } from 'cookie'
import { isbot } from 'isbot'
import { consentCookieName, consentState, preferencesCookieName, readConsent } from '../app/session/consent.server'
import { WISHLIST_COOKIE } from '../app/session/wishlist.server'
import { memoryBackend } from '../app/store/store-cache.server'
import { requestLogOf } from './context'

/**
 * A shared cache in the shop itself, for the pages the app marks `public` (anonymous catalogue,
 * content and product pages; docs/decisions/004, 007): what a CDN in front of the shop would keep,
 * so a shop without one serves a repeated anonymous page without rendering it again. It honours the
 * page's own Cache-Control and Vary, with Vary's Cookie and User-Agent narrowed to what the page
 * depends on (docs/decisions/007): the consent choice and whether a bot asks.
 */

/** Cookies whose effect on a public page is known: the consent record (keyed by its state) and the wishlist (none, ADR 006). */
const KNOWN_COOKIES = new Set([consentCookieName, preferencesCookieName, WISHLIST_COOKIE])
/**
 * Headers a stored page must not repeat: they belong to one connection or one request, or to the
 * encoding of one answer (the stored body is compressed once, but sent as the client accepts it).
 */
const PER_RESPONSE = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'])

interface StoredPage {
  status: number
  headers: Record<string, string | string[]>
  /** The page as sent, brotli-compressed. */
  body: Buffer
  storedAt: number
  maxAgeMs: number
}

/**
 * Brotli at quality 6 once per stored page: on a 95 KB home page 1.4 ms for 14.1 KB, where the
 * quality 4 that compresses every live answer gives 15.2 KB; above 8 it takes 90 ms. A 256 KB
 * window (lgwin 18) is larger than the shop's pages; a larger one only costs memory to set up.
 */
const STORED_BROTLI = { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_LGWIN]: 18 }

export function compressPage(body: Buffer): Buffer {
  return brotliCompressSync(body, { params: { ...STORED_BROTLI, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
}

/**
 * A stored page as text: its metadata as one line of JSON, then the compressed body, one character
 * per byte. A hit then parses a few hundred bytes and copies the body, instead of parsing a 100 KB
 * page escaped inside JSON (about 1 ms of CPU here).
 */
export function serializePage({ body, ...meta }: StoredPage): string {
  return `${JSON.stringify(meta)}\n${body.toString('latin1')}`
}

export function deserializePage(text: string): StoredPage {
  const end = text.indexOf('\n')
  return { ...(JSON.parse(text.slice(0, end)) as Omit<StoredPage, 'body'>), body: Buffer.from(text.slice(end + 1), 'latin1') }
}

/** Seconds a shared cache may keep the response (s-maxage, else max-age), or undefined when it may not. */
export function sharedMaxAge(cacheControl: string | undefined): number | undefined {
  if (!cacheControl || !/(^|[\s,])public([\s,]|$)/.test(cacheControl)) return undefined
  if (/(^|[\s,])(private|no-store|no-cache)([\s,=]|$)/.test(cacheControl)) return undefined
  const seconds = cacheControl.match(/s-maxage=(\d+)/)?.[1] ?? cacheControl.match(/(?:^|[\s,])max-age=(\d+)/)?.[1]
  return seconds === undefined ? undefined : Number(seconds)
}

/** The request's value of one Vary header, as the page depends on it. */
function varyValue(req: Request, header: string): string {
  switch (header) {
    case 'cookie': {
      const cookie = req.headers.cookie ?? ''
      // readConsent reads only the Cookie header of the Fetch request it is given.
      const headers = { get: (name: string) => (name.toLowerCase() === 'cookie' ? cookie : null) }
      return JSON.stringify(consentState(readConsent({ headers } as unknown as globalThis.Request)))
    }
    case 'user-agent':
      return isbot(req.headers['user-agent'] ?? '') ? 'bot' : 'browser'
    // Compression runs after this cache, on every answer.
    case 'accept-encoding':
      return ''
    default: {
      const value = req.headers[header]
      return Array.isArray(value) ? value.join(',') : (value ?? '')
    }
  }
}

/** A request this cache may answer: a plain GET with no cookie other than the known ones. */
function cacheable(req: Request): boolean {
  if (req.method !== 'GET') return false
  const header = req.headers.cookie
  if (!header) return true
  return Object.keys(parseCookies(header)).every((name) => KNOWN_COOKIES.has(name))
}

export interface PageCacheOptions {
  maxBytes: number
  now?: () => number
}

export function pageCache({ maxBytes, now = Date.now }: PageCacheOptions): RequestHandler {
  const backend = memoryBackend(maxBytes)
  // The Vary list the URL's page answered with last: which request headers its key is made of.
  const varyOf = new Map<string, string[]>()

  const keyOf = (req: Request, vary: readonly string[]) =>
    JSON.stringify([req.originalUrl, ...vary.map((header) => [header, varyValue(req, header)])])

  return async (req, res, next) => {
    // A request the host refused is answered by the error page, never from or into the cache.
    if (!cacheable(req) || res.locals.rejection) return next()
    const url = req.originalUrl
    const vary = varyOf.get(url)
    if (vary) {
      const text = await backend.get(keyOf(req, vary))
      if (text !== undefined) {
        const page = deserializePage(text)
        const age = Math.floor((now() - page.storedAt) / 1000)
        if (now() - page.storedAt < page.maxAgeMs) {
          for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value)
          res.setHeader('Age', String(age))
          requestLogOf(res).pageCache = 'hit'
          // A stored Content-Encoding makes the compression middleware leave the answer alone.
          // Browsers all accept brotli; any other client gets the page as rendered, compressed as
          // it asks.
          if (req.acceptsEncodings('br') === 'br') {
            res.setHeader('Content-Encoding', 'br')
            res.status(page.status).send(page.body)
          } else res.status(page.status).send(brotliDecompressSync(page.body))
          return
        }
      }
    }
    capture(res, (status, body) => {
      const headers = res.getHeaders()
      const maxAge = sharedMaxAge(String(headers['cache-control'] ?? ''))
      if (status !== 200 || maxAge === undefined || maxAge <= 0 || headers['set-cookie'] !== undefined) return
      if (!/^(text\/|application\/(json|xml))/.test(String(headers['content-type'] ?? ''))) return
      const varyHeaders = String(headers.vary ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean)
      if (varyHeaders.includes('*')) return
      const stored: StoredPage = {
        status,
        headers: Object.fromEntries(
          Object.entries(headers)
            .filter(([name, value]) => !PER_RESPONSE.has(name) && value !== undefined)
            .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]),
        ),
        body: compressPage(body),
        storedAt: now(),
        maxAgeMs: maxAge * 1000,
      }
      // Express's own ETag of the page as rendered, computed once here: res.send makes one only when none is set, so a hit does not hash the page again.
      const etagOf = req.app.get('etag fn') as ((body: Buffer) => string) | undefined
      if (etagOf && stored.headers.etag === undefined) stored.headers.etag = etagOf(body)
      varyOf.set(url, varyHeaders)
      void backend.set(keyOf(req, varyHeaders), serializePage(stored), stored.maxAgeMs)
    })
    next()
  }
}

/** Collects what the app writes and hands the whole body over once the response has ended. */
function capture(res: Response, done: (status: number, body: Buffer) => void): void {
  const chunks: Buffer[] = []
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'))
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
  }
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0])
    return write(chunk, ...rest)
  }) as Response['write']
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk !== undefined && typeof chunk !== 'function') keep(chunk, rest[0])
    const result = end(chunk, ...rest)
    if (res.statusCode === 200) done(res.statusCode, Buffer.concat(chunks))
    return result
  }) as Response['end']
}
