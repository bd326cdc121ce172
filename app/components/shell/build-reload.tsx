import { createPath } from '@remix-run/react'
import { useEffect } from 'react'
import { buildCheckIntervalMs, isNewBuild, isRouteResolveError, type BuildWatchState } from './build-watch'

interface RouterState {
  navigation: { state: 'idle' | 'loading' | 'submitting'; location?: { pathname: string; search: string; hash: string } }
}
interface RemixWindow {
  __remixManifest?: { version?: string }
  __remixRouter?: { subscribe(listener: (state: RouterState) => void): () => void }
}

/** Watches for a new build (see build-watch.ts) and turns the next navigation into a document load; renders nothing. */
export function BuildReload() {
  useEffect(() => {
    const remix = window as unknown as RemixWindow
    const current = remix.__remixManifest?.version
    const router = remix.__remixRouter
    if (!current || !router) return
    const state: BuildWatchState = { stale: false }
    let checking = false
    const check = async () => {
      if (state.stale || checking) return
      checking = true
      state.stale = await isNewBuild(current)
      checking = false
    }

    const timer = setInterval(() => void check(), buildCheckIntervalMs)
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check()
    }
    // Vite's event when a preloaded chunk fails, and route modules that failed to import.
    const onPreloadError = () => void check()
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isRouteResolveError(event.reason)) void check()
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('vite:preloadError', onPreloadError)
    window.addEventListener('unhandledrejection', onRejection)

    // A link click: the document load of its target instead of the client navigation.
    const onClick = (event: MouseEvent) => {
      if (!state.stale || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = event.target instanceof Element ? (event.target.closest('a[href]') as HTMLAnchorElement | null) : null
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      event.stopPropagation()
      window.location.assign(url.href)
    }
    window.addEventListener('click', onClick, true)
    // Every other navigation (forms, programmatic ones, redirects after an action) once it loads its target.
    let leaving = false
    const unsubscribe = router.subscribe(({ navigation }) => {
      if (leaving || !state.stale || navigation.state !== 'loading' || !navigation.location) return
      leaving = true
      window.location.assign(createPath(navigation.location))
    })
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('vite:preloadError', onPreloadError)
      window.removeEventListener('unhandledrejection', onRejection)
      window.removeEventListener('click', onClick, true)
      unsubscribe()
    }
  }, [])
  return null
}
