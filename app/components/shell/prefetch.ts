/**
 * Prefetch on intent, bounded (spec section 9: up to 4 route preloads at once). One delegated
 * listener for every internal link replaces Remix's per-link `prefetch="intent"`, which starts its
 * preloads for every link the pointer crosses with no limit. A preload fetches a route's module and
 * its imports (and its CSS); loader data is not prefetched (personal pages must not be fetched ahead).
 */

/** Spec section 9. */
export const maxConcurrentPreloads = 4
/** The pointer must rest this long on a link before it counts as intent (crossing a menu is not intent). */
export const intentDelayMs = 80

export interface PreloadQueue {
  /** Queues the URL unless it was queued before; runs at most `limit` preloads at once. */
  add(url: string): void
  /** Preloads running now (for tests and diagnostics). */
  readonly active: number
}

export function createPreloadQueue(preload: (url: string) => Promise<unknown>, limit = maxConcurrentPreloads): PreloadQueue {
  const seen = new Set<string>()
  const waiting: string[] = []
  let active = 0
  const next = () => {
    while (active < limit && waiting.length) {
      const url = waiting.shift() as string
      active += 1
      // A failed preload is not an error for the shopper: the navigation loads the module itself.
      void preload(url)
        .catch(() => undefined)
        .finally(() => {
          active -= 1
          next()
        })
    }
  }
  return {
    add(url) {
      if (seen.has(url)) return
      seen.add(url)
      waiting.push(url)
      next()
    },
    get active() {
      return active
    },
  }
}

interface ManifestRoute {
  module: string
  imports?: string[]
  css?: string[]
}

/** The asset URLs of the routes, parents first; routes the manifest does not know are skipped. */
export function routeAssets(routeIds: string[], manifestRoutes: Record<string, ManifestRoute | undefined>): string[] {
  const urls: string[] = []
  for (const id of routeIds) {
    const route = manifestRoutes[id]
    if (!route) continue
    for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) if (!urls.includes(url)) urls.push(url)
  }
  return urls
}

/** The same-origin path of a link worth preloading, or undefined (other origins, downloads, new tabs, anchors). */
export function internalLinkPath(anchor: HTMLAnchorElement, origin: string): string | undefined {
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self') || anchor.dataset.noPrefetch !== undefined) return undefined
  const href = anchor.getAttribute('href')
  if (!href || href.startsWith('#')) return undefined
  const url = new URL(anchor.href, origin)
  if (url.origin !== origin) return undefined
  return url.pathname
}

/** Loads one asset the way the browser will need it: scripts as module preloads, stylesheets as preloads. */
export function preloadWithLink(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link')
    if (url.endsWith('.css')) {
      link.rel = 'preload'
      link.as = 'style'
    } else {
      link.rel = 'modulepreload'
    }
    link.href = url
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => reject(new Error(`preload failed: ${url}`)), { once: true })
    document.head.appendChild(link)
  })
}

/**
 * Calls `onIntent(anchor)` when the pointer rests on a link for `delayMs`, or at once when a link
 * gets keyboard focus or a touch starts on it. One delegated listener set for the whole document.
 */
export function watchLinkIntent(root: Document, onIntent: (anchor: HTMLAnchorElement) => void, delayMs = intentDelayMs): () => void {
  const timers = new Map<HTMLAnchorElement, ReturnType<typeof setTimeout>>()
  const anchorOf = (event: Event) => (event.target instanceof Element ? event.target.closest('a[href]') : null) as HTMLAnchorElement | null
  const cancel = (anchor: HTMLAnchorElement) => {
    clearTimeout(timers.get(anchor))
    timers.delete(anchor)
  }
  const onOver = (event: Event) => {
    const anchor = anchorOf(event)
    if (!anchor || timers.has(anchor)) return
    timers.set(anchor, setTimeout(() => {
      timers.delete(anchor)
      onIntent(anchor)
    }, delayMs))
  }
  const onOut = (event: Event) => {
    const anchor = anchorOf(event)
    const to = (event as PointerEvent).relatedTarget
    if (anchor && !(to instanceof Node && anchor.contains(to))) cancel(anchor)
  }
  const now = (event: Event) => {
    const anchor = anchorOf(event)
    if (anchor) onIntent(anchor)
  }
  root.addEventListener('pointerover', onOver)
  root.addEventListener('pointerout', onOut)
  root.addEventListener('focusin', now)
  root.addEventListener('touchstart', now, { passive: true })
  return () => {
    for (const timer of timers.values()) clearTimeout(timer)
    timers.clear()
    root.removeEventListener('pointerover', onOver)
    root.removeEventListener('pointerout', onOut)
    root.removeEventListener('focusin', now)
    root.removeEventListener('touchstart', now)
  }
}
