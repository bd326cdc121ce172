/**
 * New-build detection (spec section 4). The page knows the build it was rendered by
 * (`window.__remixManifest.version`); the server answers its current one at /build-version. Once
 * they differ, the next navigation is a full document load of its target, so the shopper gets the new
 * build's modules instead of a client navigation into route modules that may no longer exist.
 */

/** Periodic check; a tab that comes back to the foreground checks at once. */
export const buildCheckIntervalMs = 5 * 60_000
export const buildVersionPath = '/build-version'

export interface BuildWatchState {
  /** Set once the server runs a build other than the page's. */
  stale: boolean
}

/** Asks the server for its build; true when it differs from `current`. Network trouble is not a new build. */
export async function isNewBuild(current: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(buildVersionPath, { cache: 'no-store', headers: { Accept: 'application/json' } })
    if (!response.ok) return false
    const body = (await response.json()) as { version?: unknown }
    return typeof body.version === 'string' && body.version !== current
  } catch {
    return false
  }
}

/** Errors of loading a route module: the old build's chunks are gone after a deploy. */
export function isRouteResolveError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? '')
  return /dynamically imported module|importing a module script failed|error loading dynamically imported|failed to fetch dynamically/i.test(message)
}
