import type { ThirdPartySettings } from '../app/load-context'
import type { Config } from './config'

export interface CspOptions {
  publicUrl: string
  /** Origin of a remote store's media, besides our own. */
  storeEndpoint?: string
  development: boolean
  /** Consent-gated third parties: each configured one adds exactly the origins it needs. */
  thirdParty?: ThirdPartySettings
}

export function cspOptionsOf(config: Config): CspOptions {
  return {
    publicUrl: config.publicUrl,
    storeEndpoint: config.store.embedded ? undefined : config.store.endpoint,
    development: !config.isProduction,
    thirdParty: config.thirdParty,
  }
}

type Directive = 'script-src' | 'connect-src' | 'img-src' | 'frame-src'

/**
 * What the configured third parties need besides our own origin. The scripts themselves are
 * allowed by 'strict-dynamic' (our trusted bundle inserts them after consent); the origin in
 * script-src serves browsers without 'strict-dynamic'.
 * - Tag manager: gtm.js (script), its pings and pixels (connect, img), and ns.html, the iframe the
 *   server renders for shoppers without JavaScript who accepted measurement (frame).
 * - Chat: the manifest fetch (connect), the messenger script (script), its pictures (img).
 */
export function thirdPartySources(thirdParty: ThirdPartySettings | undefined): Record<Directive, string[]> {
  const sources: Record<Directive, Set<string>> = {
    'script-src': new Set(),
    'connect-src': new Set(),
    'img-src': new Set(),
    'frame-src': new Set(),
  }
  const tagManager = thirdParty?.tagManager
  if (tagManager) for (const directive of ['script-src', 'connect-src', 'img-src', 'frame-src'] as const) sources[directive].add(tagManager.origin)
  const chat = thirdParty?.chat
  if (chat && Object.keys(chat.keys).length) for (const directive of ['script-src', 'connect-src', 'img-src'] as const) sources[directive].add(chat.origin)
  return {
    'script-src': [...sources['script-src']],
    'connect-src': [...sources['connect-src']],
    'img-src': [...sources['img-src']],
    'frame-src': [...sources['frame-src']],
  }
}

/**
 * The Content-Security-Policy of every response. `scriptSources` are the nonce of a personal page
 * or the hashes of the inline scripts of a cacheable one (docs/decisions/005): a nonce in a page
 * that a shared cache hands to everyone would be no secret.
 */
export function contentSecurityPolicy(options: CspOptions, scriptSources: readonly string[]): string {
  const https = options.publicUrl.startsWith('https:')
  // Product images come from the store's media origin: our own origin for the embedded store.
  const mediaOrigins = new Set([new URL(options.publicUrl).origin])
  if (options.storeEndpoint) mediaOrigins.add(new URL(options.storeEndpoint).origin)
  // Vite injects CSS through <style> elements and keeps a websocket open for HMR in development.
  const devStyle = options.development ? ["'unsafe-inline'"] : []
  const devConnect = options.development ? ['ws:', 'wss:'] : []
  // Vite's dev scripts (the HMR runtime) are plain same-origin <script src> tags without a nonce,
  // which 'strict-dynamic' would refuse in favour of nonces and hashes.
  const strictDynamic = options.development ? [] : ["'strict-dynamic'"]
  const third = thirdPartySources(options.thirdParty)
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...third['script-src'], ...scriptSources, ...strictDynamic]],
    ['style-src', ["'self'", ...devStyle]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...new Set([...mediaOrigins, ...third['img-src']])]],
    ['connect-src', ["'self'", ...devConnect, ...third['connect-src']]],
    // Only the tag manager's no-JS iframe is framed; without it frames stay at default-src 'self'.
    ...(third['frame-src'].length ? ([['frame-src', ["'self'", ...third['frame-src']]]] as [string, string[]][]) : []),
    ['font-src', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ...(https ? ([['upgrade-insecure-requests', []]] as [string, string[]][]) : []),
  ]
  return directives.map(([name, values]) => [name, ...values].join(' ')).join(';')
}

export const nonceSource = (nonce: string) => `'nonce-${nonce}'`

/** CSP hash sources of the inline scripts of a finished HTML document (scripts with src need none). */
export function inlineScriptHashes(html: string, hash: (text: string) => string): string[] {
  const sources = new Set<string>()
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    // JSON-LD and other data blocks are never executed, so the policy need not name them.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue
    sources.add(`'sha256-${hash(match[2] ?? '')}'`)
  }
  return [...sources]
}
