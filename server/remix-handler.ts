import {
  createRequestHandler as createNodeHandler,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import { requestHost } from './request-guard'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'

/**
 * Remix for express, as @remix-run/express does it (which exports no parts to reuse), except that the body of a POST is the one the
 * request guard has already read and checked (res.locals.formBody): the guard must consume the
 * stream to know the form parses, and a guard rejection turns the request into a GET.
 */
function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    // The guard has judged the origin (also against PUBLIC_URL, which Remix's own Origin-vs-Host
    // check does not know and would answer with an empty 500 behind a Host-rewriting proxy).
    if (name === 'origin') continue
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  return headers
}

/**
 * Writes a streamed body and flushes the compressor only when the stream pauses. Remix's own
 * writeReadableStreamToWritable flushes after every chunk, and React hands over a page in chunks of
 * about 2 KB, all at once: each flush ends a compressed block, which cost a 41 KB cart page 1.8 ms
 * more CPU with brotli and made its gzip half as large again (docs/decisions/010). Chunks that come
 * in one burst go out as one block; a chunk after a pause (data a page streams later) is still sent
 * at once.
 */
export async function sendBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader()
  let pendingFlush: NodeJS.Immediate | undefined
  const flush = () => {
    pendingFlush = undefined
    // compression adds flush(); without it the response writes straight to the socket.
    ;(res as ExpressResponse & { flush?: () => void }).flush?.()
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
      pendingFlush ??= setImmediate(flush)
    }
  } catch (error) {
    res.destroy(error as Error)
    throw error
  } finally {
    if (pendingFlush) clearImmediate(pendingFlush)
  }
  res.end()
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  if (response.body) await sendBody(response.body, res)
  else res.end()
}

/** The URL the shopper used. */
function requestUrl(req: ExpressRequest): URL {
  // req.url, not originalUrl: the request guard points refused requests at an error page.
  return new URL(`${req.protocol}://${requestHost(req) ?? 'localhost'}${req.url}`)
}

export function createRemixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>)
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
  mode: string
}): RequestHandler {
  const handle = createNodeHandler(options.build, options.mode)
  return async (req, res, next) => {
    try {
      const controller = new AbortController()
      // Loaders and actions stop when the client is gone before the response was written.
      res.on('close', () => {
        if (!res.writableFinished) controller.abort()
      })
      const url = requestUrl(req)
      const body = res.locals.formBody
      const request = new Request(url.href, {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
        ...(req.method !== 'GET' && req.method !== 'HEAD' ? { body: new Uint8Array(body ?? Buffer.alloc(0)) } : {}),
      })
      const response = await handle(request, options.getLoadContext(req, res))
      await send(res, response)
    } catch (error) {
      next(error)
    }
  }
}
