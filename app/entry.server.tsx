import { Transform } from 'node:stream'
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from '@remix-run/node'
import { matchRoutes, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from '~/components/shell/nonce'
import { scriptOnlyNamespaces, withConsentFallback } from '~/i18n'
import { pageTranslatorOf, serverResources, translatorOf } from '~/i18n.server'
import { getLocaleFromPath, type Locale } from '~/lib/locale'
import { TranslationProvider } from '~/lib/use-translation'
import { routeTree } from '~/route-expansion'
import { loggableUrl } from '../server/logger'

/** How long a streaming response may wait for deferred data before React gives up. */
export const streamTimeout = 5000

function recordRequest(context: AppLoadContext, request: Request, routeId: string | undefined) {
  context.requestLog.locale = getLocaleFromPath(new URL(request.url).pathname)
  if (routeId) context.requestLog.routeId = routeId
}

/**
 * Cookies whose value makes the rendered page the visitor's own (cart/session, flash). The consent
 * record is not one of them: it only decides whether the first-visit dialog shows, which is the same
 * for everyone with or without a record, so a shared cache may keep both variants (docs/decisions/007).
 */
const personalCookies = ['sw-context-token', 'flash']

/** What a public page's content depends on besides its URL: the consent record and whether a bot asks. */
const sharedVary = ['Cookie', 'User-Agent']

/**
 * A response that sets a cookie, or that was rendered from one of the visitor's own cookies, belongs
 * to that visitor: neither a shared cache nor the browser may hand it out again, whatever
 * Cache-Control the route chose for anonymous visitors.
 * A response that stays cacheable says it was chosen by the cookies (`Vary: Cookie`): the anonymous
 * copy a browser or CDN keeps must not answer the same URL once the visitor has a session, or a
 * reseller who just logged in would see the normal prices and the log-in note again.
 */
export function keepPersonalResponsesPrivate(request: Request, headers: Headers): void {
  const cookies = request.headers.get('Cookie') ?? ''
  const personal =
    headers.has('Set-Cookie') ||
    personalCookies.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(cookies)) ||
    new URL(request.url).searchParams.has('cookie-preferences')
  if (personal) headers.set('Cache-Control', 'private, no-store')
  else if (isShared(headers)) {
    const vary = (headers.get('Vary') ?? '').split(',').map((v) => v.trim().toLowerCase())
    if (vary.includes('*')) return
    for (const name of sharedVary) if (!vary.includes(name.toLowerCase())) headers.append('Vary', name)
  }
}

/**
 * Spec section 8: a locale whose consent texts are missing logs the failure; the dialog then reads in
 * German through the translator's fallback language.
 */
export function checkConsentTranslations(locale: Locale, warn: (fields: { locale: string }, message: string) => void): void {
  withConsentFallback(serverResources[locale], locale, (message) => warn({ locale }, message))
}

/**
 * React 18's Node renderer collects its output in a 2 KB buffer, and when the next piece of text does
 * not fit, it sends the whole buffer, including the bytes it could not fill because the next character
 * is several bytes long (`writeStringChunk` in react-dom-server.node, React 18.3.1). Those bytes are
 * zero, and a browser shows a NUL as "�": a German "ü" at the buffer's end came out as "�ü", also in
 * the value of a form field, which a shopper would then send back. The unfilled bytes are always at
 * the end of a chunk, and UTF-8 text has no zero byte otherwise, so they are cut there.
 */
export function withoutUnfilledBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let end = chunk.length
      while (end > 0 && chunk[end - 1] === 0) end--
      done(null, end === chunk.length ? chunk : chunk.subarray(0, end))
    },
  })
}

/** A response that shared caches may keep: its inline scripts are then allowed by hash, not by nonce. */
function isShared(headers: Headers): boolean {
  return /\bpublic\b/.test(headers.get('Cache-Control') ?? '')
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const matches = remixContext.staticHandlerContext.matches
  recordRequest(loadContext, request, matches[matches.length - 1]?.route.id)
  keepPersonalResponsesPrivate(request, responseHeaders)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')

  checkConsentTranslations(locale, (fields, message) => loadContext.logger.warn(fields, message))
  // A page a shared cache keeps is complete before it is sent, so the policy can name the hashes of
  // its inline scripts; a per-request nonce in it would be handed to everyone (docs/decisions/005).
  const shared = isShared(responseHeaders)
  const nonce = shared ? undefined : loadContext.cspNonce
  // Crawlers get the complete document in one piece; browsers start rendering at the shell.
  const readyEvent = shared || isbot(request.headers.get('user-agent') ?? '') ? 'onAllReady' : 'onShellReady'

  const usedNamespaces = new Set<string>(scriptOnlyNamespaces)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ''}>
        <TranslationProvider
          translator={pageTranslatorOf(locale, usedNamespaces)}
          usedNamespaces={usedNamespaces}
          untracked={translatorOf(locale)}
          chunks={loadContext.translationChunks?.[locale]}
        >
          <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
        </TranslationProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = withoutUnfilledBytes()
          if (shared) {
            const chunks: Buffer[] = []
            body.on('data', (chunk: Buffer) => chunks.push(chunk))
            body.on('end', () => {
              const html = Buffer.concat(chunks)
              loadContext.allowInlineScriptsOf(html.toString('utf8'))
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
            })
            body.on('error', reject)
          } else {
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            )
          }
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell is ready reach onShellError; later ones only need logging.
          if (shellRendered) loadContext.logger.error({ err: error }, 'streaming render failed')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

// The app's route table as route objects, so data requests can be attributed to a route the same
// way document requests are (Remix does not pass matches to handleDataRequest).
const routeObjects = routeTree()

export function routeIdForPath(pathname: string): string | undefined {
  const matches = matchRoutes(routeObjects, pathname)
  return matches?.[matches.length - 1]?.route.id
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  const url = new URL(request.url)
  const pathname = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/')
  recordRequest(context, new Request(new URL(pathname, url)), routeIdForPath(pathname))
  keepPersonalResponsesPrivate(request, response.headers)
  return response
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests (the visitor navigated away) are not errors of ours.
  if (request.signal.aborted) return
  context.logger.error({ err: error, url: loggableUrl(new URL(request.url).pathname) }, 'unhandled error')
}
