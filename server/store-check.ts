import type { Config } from './config'
import type { Logger } from 'pino'

/** How long GET /readyz waits for the store, from the request until the last byte of the answer. */
export const READY_TIMEOUT_MS = 2_000

/** `taxState`: the sales channel's own context's (`context.taxState`: `gross`, `net` or `tax-free`), when its answer names one. */
export type StoreCheck = { ok: true; taxState?: string } | { ok: false; reason: string }

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
    const taxState = taxStateOf(await response.text())
    return taxState ? { ok: true, taxState } : { ok: true }
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `store did not answer within ${timeoutMs} ms` }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
    return { ok: false, reason: `store unreachable${cause ? `: ${cause}` : ''}` }
  }
}

function taxStateOf(body: string): string | undefined {
  try {
    // Shopware serializes the tax state inside the context's `context` (Framework\Context), not beside it.
    const taxState = (JSON.parse(body) as { context?: { taxState?: unknown } | null } | null)?.context?.taxState
    return typeof taxState === 'string' ? taxState : undefined
  } catch {
    return undefined
  }
}

export const GROSS_PRICES_WARNING =
  "the store's sales channel shows gross prices, but the shop labels every price net of VAT: switch off 'Display gross prices' for its customer groups (Shopware's standard customer group has it on)"

/**
 * Warns once, at start, when a real store prices gross. The shop shows prices net of VAT (spec) and
 * labels them so; the amounts are the store's, so a gross customer group would get gross amounts
 * labelled "plus VAT". A store that does not answer is left to /readyz.
 */
export async function warnAboutPriceDisplay(config: Pick<Config, 'store'>, logger: Logger, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const check = await checkStore(config, timeoutMs)
  if (check.ok && check.taxState === 'gross') logger.warn({ taxState: check.taxState }, GROSS_PRICES_WARNING)
}
