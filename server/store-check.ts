import type { Config } from './config'
import type { Logger } from 'pino'

/** How long GET /readyz waits for the store, from the request until the last byte of the answer. */
export const READY_TIMEOUT_MS = 2_000

/** The part of a `GET /context` answer the price display depends on. */
export type ContextLike = { context?: { taxState?: unknown } | null; currentCustomerGroup?: { id?: unknown } | null } | null | undefined

/** `context`: the sales channel's own context as the store answered it, when that was JSON. */
export type StoreCheck = { ok: true; context?: ContextLike } | { ok: false; reason: string }

/**
 * Whether the store answers GET /context with 2xx, read in full within `timeoutMs`. The pages read
 * whole bodies too, so a store that sends its headers and then stalls is not ready: judging by the
 * headers alone reported ready while every page hung.
 */
export async function checkStore(config: Pick<Config, 'store'>, timeoutMs = READY_TIMEOUT_MS): Promise<StoreCheck> {
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetch(`${config.store.endpoint}/context`, {
      headers: { 'sw-access-key': config.store.accessToken, accept: 'application/json' },
      signal,
    })
    if (!response.ok) {
      // The status decides already; waiting for an error body could only turn it into a timeout.
      await response.body?.cancel().catch(() => undefined)
      return { ok: false, reason: `store answered ${response.status}` }
    }
    // Under the same signal: the deadline covers the body as well as the headers.
    const context = contextOf(await response.text())
    return context ? { ok: true, context } : { ok: true }
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `store did not answer within ${timeoutMs} ms` }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
    return { ok: false, reason: `store unreachable${cause ? `: ${cause}` : ''}` }
  }
}

function contextOf(body: string): ContextLike {
  try {
    const context = JSON.parse(body) as unknown
    return context && typeof context === 'object' ? (context as ContextLike) : undefined
  } catch {
    return undefined
  }
}

export const GROSS_PRICES_WARNING =
  "the store prices this customer group gross, but the shop labels every price net of VAT: switch off 'Display gross prices' for the group (Shopware's standard customer group has it on)"

// Customer groups already named; a shop has a handful, the bound only keeps a misbehaving store harmless.
const warnedGroups = new Set<string>()
const MAX_WARNED_GROUPS = 100

/**
 * Warns once per customer group when a context of the store prices gross. The shop shows prices net
 * of VAT (spec) and labels them so, while the amounts are the store's: a gross customer group would
 * get gross amounts labelled "plus VAT". Shopware keeps the tax state in the context's `context`.
 */
export function warnIfGross(logger: Logger, context: ContextLike): void {
  if (context?.context?.taxState !== 'gross') return
  const groupId = typeof context.currentCustomerGroup?.id === 'string' ? context.currentCustomerGroup.id : ''
  if (warnedGroups.has(groupId) || warnedGroups.size >= MAX_WARNED_GROUPS) return
  warnedGroups.add(groupId)
  logger.warn({ taxState: 'gross', customerGroupId: groupId || undefined }, GROSS_PRICES_WARNING)
}

/**
 * At start, with a real store: the sales channel's own context (its default customer group), so the
 * operator learns before the first visitor. Logged-in customers of other groups are checked as their
 * contexts are read (`warnIfGross` in the store client). A store that does not answer is left to /readyz.
 */
export async function warnAboutPriceDisplay(config: Pick<Config, 'store'>, logger: Logger, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const check = await checkStore(config, timeoutMs)
  if (check.ok) warnIfGross(logger, check.context)
}
