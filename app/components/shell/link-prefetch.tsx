import { matchRoutes } from '@remix-run/react'
import { useEffect } from 'react'
import { createPreloadQueue, internalLinkPath, preloadWithLink, routeAssets, watchLinkIntent } from './prefetch'

interface RemixWindow {
  __remixManifest?: { routes: Record<string, { module: string; imports?: string[]; css?: string[] }> }
  __remixRouter?: { routes: Parameters<typeof matchRoutes>[0] }
  __remixRouteModules?: Record<string, unknown>
}

/** The bounded prefetch on intent for every internal link of the page (see prefetch.ts); renders nothing. */
export function LinkPrefetch() {
  useEffect(() => {
    const remix = window as unknown as RemixWindow
    const queue = createPreloadQueue(preloadWithLink)
    return watchLinkIntent(document, (anchor) => {
      const path = internalLinkPath(anchor, window.location.origin)
      const routes = remix.__remixRouter?.routes
      const manifest = remix.__remixManifest
      if (!path || !routes || !manifest) return
      const ids = (matchRoutes(routes, path) ?? []).map((match) => match.route.id).filter((id): id is string => !!id)
      // Modules the page already runs (or already preloaded in its head) need no second fetch.
      const loaded = remix.__remixRouteModules ?? {}
      const present = new Set(Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]'), (l) => l.getAttribute('href')))
      for (const url of routeAssets(ids.filter((id) => !loaded[id]), manifest.routes)) if (!present.has(url)) queue.add(url)
    })
  }, [])
  return null
}
