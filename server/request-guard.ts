import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { Logger } from 'pino'
import type { RequestErrorStatus } from '../app/lib/request-error.server'
import { getLocaleFromPath, localizePath } from '../app/lib/locale'
import { loggableUrl } from './logger'

/**
 * The one rule for requests that reach the app's pages (docs/decisions/005): only GET, HEAD and
 * POST; a POST must come from the shop's own origin, carry a form body of a bounded size, and that
 * body must parse. Whatever fails is rejected here, before any loader or action runs, so no route
 * has to remember these checks and no malformed input can reach `request.formData()`.
 */

export type RejectionReason = 'host' | 'path' | 'method' | 'cross-origin' | 'media-type' | 'too-large' | 'malformed'

export interface Rejection {
  status: RequestErrorStatus
  reason: RejectionReason
}

/** For clients that get no page (data requests, unknown methods). */
const plainMessages: Record<RejectionReason, string> = {
  host: 'Bad Request: the Host header is not a host name.',
  path: 'Bad Request: the address is not validly encoded.',
  malformed: 'Bad Request: the form data could not be read.',
  'cross-origin': "Forbidden: forms may only be sent from the shop's own pages.",
  method: 'Method Not Allowed: pages accept GET, HEAD and POST.',
  'too-large': 'Payload Too Large: the form data is too large.',
  'media-type': 'Unsupported Media Type: send forms as application/x-www-form-urlencoded or multipart/form-data.',
}

export const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const
/** Forms of the shop are a few fields; a megabyte leaves room for a future upload field. */
export const MAX_FORM_BYTES = 1024 * 1024
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
// A host name (container names may hold '_') or IP literal with an optional port; anything else
// cannot be part of a URL of ours.
const VALID_HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/

function validHost(host: string): boolean {
  const port = VALID_HOST.exec(host)
  return port !== null && (port[1] === undefined || Number(port[1]) <= 65_535)
}

/** A path express can decode (it decodes route parameters and would throw on `/%E2%98`). */
function decodablePath(path: string): boolean {
  try {
    decodeURIComponent(path)
    return true
  } catch {
    return false
  }
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by the guard: the page is rendered as the error page with this status instead. */
      rejection?: Rejection
      /** The POST body the guard read and checked; the Remix handler hands it on. */
      formBody?: Buffer
    }
  }
}

/** Host and port the shopper addressed; X-Forwarded-Host counts only from a trusted proxy, as req.protocol does. */
export function requestHost(req: Request): string | undefined {
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined
  const forwarded = trust?.(req.socket.remoteAddress ?? '', 0) ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
  return forwarded || req.get('host')
}

/** Origins that count as the shop itself: the configured public one and the one the request was addressed to. */
function ownOrigins(req: Request, publicUrl: string): Set<string> {
  const own = new Set([new URL(publicUrl).origin])
  const host = requestHost(req)
  if (host) own.add(`${req.protocol}://${host}`)
  return own
}

function originOfUrl(value: string): string | undefined {
  try {
    return new URL(value).origin
  } catch {
    return undefined
  }
}

/**
 * Whether a state-changing request comes from the shop's own pages. Browsers send Origin on every
 * POST; where a privacy setting strips it, Sec-Fetch-Site and then Referer decide. A request with
 * none of them (curl, an old client) is not a cross-site browser request and passes.
 */
export function isSameOrigin(req: Request, publicUrl: string): boolean {
  const own = ownOrigins(req, publicUrl)
  const origin = req.get('origin')
  if (origin !== undefined) return origin !== 'null' && own.has(origin)
  const site = req.get('sec-fetch-site')
  if (site !== undefined) return site === 'same-origin' || site === 'none'
  const referer = req.get('referer')
  if (referer !== undefined) {
    const refererOrigin = originOfUrl(referer)
    return refererOrigin !== undefined && own.has(refererOrigin)
  }
  return true
}

function mediaType(req: Request): string | undefined {
  return req.get('content-type')?.split(';')[0]?.trim().toLowerCase()
}

function readBody(req: Request, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (value: Buffer | 'too-large') => {
      if (done) return
      done = true
      resolve(value)
    }
    req.on('data', (chunk: Buffer) => {
      if (done) return
      size += chunk.length
      if (size > limit) {
        // Stop buffering; the rest is drained so the response can still be written.
        chunks.length = 0
        finish('too-large')
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => finish(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

async function parses(body: Buffer, contentType: string): Promise<boolean> {
  try {
    await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData()
    return true
  } catch {
    return false
  }
}

/** Data requests of the Remix client (single fetch `.data`, legacy `?_data=`) get a plain answer, not a page. */
export function isDataRequest(req: Request): boolean {
  return req.path.endsWith('.data') || req.query._data !== undefined
}

export interface GuardOptions {
  publicUrl: string
  logger: Logger
  maxBodyBytes?: number
}

export function requestGuard({ publicUrl, logger, maxBodyBytes = MAX_FORM_BYTES }: GuardOptions): RequestHandler {
  const reject = (req: Request, res: Response, next: NextFunction, rejection: Rejection) => {
    logger.warn({ reqId: req.id, method: req.method, path: loggableUrl(req.path), status: rejection.status, reason: rejection.reason }, 'request rejected')
    // A body we did not read must not be taken for the next request on this connection.
    if (!req.complete) res.setHeader('Connection', 'close')
    req.resume()
    if (rejection.status === 405) res.setHeader('Allow', PAGE_METHODS.join(', '))
    if (isDataRequest(req) || rejection.reason === 'method' || rejection.reason === 'host' || rejection.reason === 'path') {
      res.status(rejection.status).type('text/plain').send(plainMessages[rejection.reason])
      return
    }
    // Browsers get the shop's translated error page: Remix renders the locale's home as a GET whose
    // root loader throws the status (app/root.tsx). The URL may name a resource route or an action,
    // which must not run; the page is static, so the browser's URL does not matter to it.
    res.locals.rejection = rejection
    req.method = 'GET'
    req.url = localizePath(getLocaleFromPath(req.path), '/')
    next()
  }

  return (req, res, next) => {
    void (async () => {
      const host = requestHost(req)
      if (host !== undefined && !validHost(host)) return reject(req, res, next, { status: 400, reason: 'host' })
      if (!decodablePath(req.path)) return reject(req, res, next, { status: 400, reason: 'path' })
      if (!(PAGE_METHODS as readonly string[]).includes(req.method)) return reject(req, res, next, { status: 405, reason: 'method' })
      if (req.method !== 'POST') return next()
      if (!isSameOrigin(req, publicUrl)) return reject(req, res, next, { status: 403, reason: 'cross-origin' })
      const type = mediaType(req)
      if (!type || !FORM_TYPES.includes(type)) return reject(req, res, next, { status: 415, reason: 'media-type' })
      const declared = Number(req.get('content-length'))
      if (Number.isFinite(declared) && declared > maxBodyBytes) return reject(req, res, next, { status: 413, reason: 'too-large' })
      const body = await readBody(req, maxBodyBytes)
      if (body === 'too-large') return reject(req, res, next, { status: 413, reason: 'too-large' })
      if (!(await parses(body, req.get('content-type')!))) return reject(req, res, next, { status: 400, reason: 'malformed' })
      res.locals.formBody = body
      next()
    })().catch(next)
  }
}
