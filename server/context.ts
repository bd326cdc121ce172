import { createHash } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import type { Request, Response } from 'express'
import type { Logger } from 'pino'
// Loads pino-http's typing of `req.id`, which it assigns before the app runs.
import type {} from 'pino-http'
import type { LoadContext, RequestLogFields } from '../app/load-context'
import type { StoreCache } from '../app/store/store-cache.server'
import type { Config } from './config'
import { contentSecurityPolicy, cspOptionsOf, inlineScriptHashes } from './csp'
import { outboxDirOf } from './demo-store/mail/outbox'
import type { TranslationChunks } from './translation-chunks'

declare global {
  namespace Express {
    interface Locals {
      /** Set per request before helmet, read by helmet's CSP and by the app's <Scripts nonce>. */
      cspNonce?: string
      /** Filled by the app while rendering, written into the access-log line when the response ends. */
      requestLog?: RequestLogFields
    }
  }
}

/** The request's log fields; created on first use so the access log and the app share one object. */
export function requestLogOf(res: Response): RequestLogFields {
  res.locals.requestLog ??= {}
  return res.locals.requestLog
}

export function cspNonceOf(res: Response): string {
  const nonce = res.locals.cspNonce
  // A page without a nonce would have all its scripts blocked; fail loudly on a mis-ordered middleware chain.
  if (typeof nonce !== 'string' || !nonce) throw new Error('CSP nonce missing: the nonce middleware must run before Remix')
  return nonce
}

/** Builds the express `getLoadContext` that hands every loader and action its LoadContext. */
export function createLoadContext(
  config: Config,
  logger: Logger,
  storeCache?: StoreCache,
  translationChunks?: TranslationChunks,
): (req: Request, res: Response) => AppLoadContext {
  const cspOptions = cspOptionsOf(config)
  const secureCookies = config.publicUrl.startsWith('https:')
  const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')
  // Mails go to the outbox only when the embedded store has no SMTP server to hand them to.
  const demoOutboxDir = config.demoStore && !config.demoStore.smtpUrl ? outboxDirOf(config.dataDir) : undefined
  return (req, res) => {
    const reqId = String(req.id)
    return {
      reqId,
      cspNonce: cspNonceOf(res),
      logger: logger.child({ reqId }),
      store: { ...config.store },
      ...(storeCache ? { storeCache } : {}),
      ...(translationChunks ? { translationChunks } : {}),
      sessionSecret: config.sessionSecret,
      publicUrl: config.publicUrl,
      ...(demoOutboxDir ? { demoOutboxDir } : {}),
      secureCookies,
      requestLog: requestLogOf(res),
      thirdParty: config.thirdParty,
      ...(res.locals.rejection ? { rejection: res.locals.rejection } : {}),
      allowInlineScriptsOf: (html) => {
        res.setHeader('Content-Security-Policy', contentSecurityPolicy(cspOptions, inlineScriptHashes(html, sha256)))
      },
    } satisfies LoadContext
  }
}
