import type { Store } from './client.server'

// The sales channel's navigation root changes only when the shop is reconfigured: one GET /context
// per process and store.
const navigationRoots = new Map<string, Promise<string>>()

/** The root category of the sales channel's main navigation (the home page's category). */
export function navigationCategoryId(store: Store): Promise<string> {
  let cached = navigationRoots.get(store.endpointKey)
  if (!cached) {
    cached = store.invoke('readContext get /context').then(({ data }) => data.salesChannel.navigationCategoryId)
    cached.catch(() => navigationRoots.delete(store.endpointKey))
    navigationRoots.set(store.endpointKey, cached)
  }
  return cached
}

export function clearContextCache(): void {
  navigationRoots.clear()
}
