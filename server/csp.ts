import type { Config } from './config'

export interface CspOptions {
  publicUrl: string
  /** Origin of a remote store's media, besides our own. */
  storeEndpoint?: string
  development: boolean
}

export function cspOptionsOf(config: Config): CspOptions {
  return {
    publicUrl: config.publicUrl,
    storeEndpoint: config.store.embedded ? undefined : config.store.endpoint,
    development: !config.isProduction,
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
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptSources, "'strict-dynamic'"]],
    ['style-src', ["'self'", ...devStyle]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...mediaOrigins]],
    ['connect-src', ["'self'", ...devConnect]],
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
