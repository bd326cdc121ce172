import type { Config } from './config'

/** How long GET /readyz waits for the store, from the request until the last byte of the answer. */
export const READY_TIMEOUT_MS = 2_000

export type StoreCheck = { ok: true } | { ok: false; reason: string }

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
    await response.arrayBuffer()
    return { ok: true }
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: `store did not answer within ${timeoutMs} ms` }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined
    return { ok: false, reason: `store unreachable${cause ? `: ${cause}` : ''}` }
  }
}
