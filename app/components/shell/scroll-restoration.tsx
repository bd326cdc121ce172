import { useContext, useEffect, useLayoutEffect } from 'react'
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation, useNavigation } from 'react-router-dom'

// Remix's key, so positions saved before this component replaced Remix's are still found.
const STORAGE_KEY = 'positions'

/**
 * The script that puts a reloaded or revisited page back where the shopper left it, before the
 * first paint. It is Remix's own (`<ScrollRestoration>`) with one difference: a history entry
 * without a key is new, so nothing can have been stored for it, and the script does not open
 * sessionStorage. The first access to sessionStorage in a page waits for the browser process
 * twice (a storage permission check and the storage area), which Chromium traced at 3–30 ms
 * on a first visit, in the task before the first paint (docs/decisions/012).
 */
export function restoreScrollScript(): string {
  return `((storageKey) => {
  const history = window.history
  if (!history.state || !history.state.key) {
    history.replaceState({ key: Math.random().toString(32).slice(2) }, '')
    return
  }
  try {
    const y = JSON.parse(sessionStorage.getItem(storageKey) || '{}')[history.state.key]
    if (typeof y === 'number') window.scrollTo(0, y)
  } catch (error) {
    console.error(error)
    sessionStorage.removeItem(storageKey)
  }
})(${JSON.stringify(STORAGE_KEY)})`
}

// Positions by history entry key, shared with the router (enableScrollRestoration) and kept in
// sessionStorage across documents.
let positions: Record<string, number> = {}

/**
 * React Router's useScrollRestoration, but the position is set in the frame after the new page
 * committed instead of in this component's layout effect. Preact (docs/decisions/012) commits the
 * components a navigation changes one by one, this one before the route's, so the router's own
 * hook scrolled the previous page: back from a product, a long listing came back 132 px above
 * where the shopper had left it (clamped to the product page's height), and a link to a heading
 * on another page found no heading to scroll to.
 */
function useScrollRestoration() {
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const { restoreScrollPosition, preventScrollReset } = useContext(UNSAFE_DataRouterStateContext) ?? {}
  const location = useLocation()
  const navigation = useNavigation()

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    return () => {
      window.history.scrollRestoration = 'auto'
    }
  }, [])

  useEffect(() => {
    const save = () => {
      if (navigation.state === 'idle') positions[location.key] = window.scrollY
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions))
      } catch {
        // Storage full or refused: positions then last as long as the document.
      }
      window.history.scrollRestoration = 'auto'
    }
    window.addEventListener('pagehide', save)
    return () => window.removeEventListener('pagehide', save)
  }, [navigation.state, location])

  useLayoutEffect(() => {
    try {
      const stored = sessionStorage.getItem(STORAGE_KEY)
      if (stored) positions = JSON.parse(stored)
    } catch {
      // Unreadable positions: start afresh.
    }
    return router?.enableScrollRestoration(positions, () => window.scrollY)
  }, [router])

  useLayoutEffect(() => {
    // Explicitly false for submissions: the page stays where it is.
    if (restoreScrollPosition === false) return
    const frame = requestAnimationFrame(() => {
      if (typeof restoreScrollPosition === 'number') return window.scrollTo(0, restoreScrollPosition)
      const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
      if (target) return target.scrollIntoView()
      if (preventScrollReset !== true) window.scrollTo(0, 0)
    })
    return () => cancelAnimationFrame(frame)
  }, [location, restoreScrollPosition, preventScrollReset])
}

/** Scroll restoration: the hook above after client navigations, the script after a document load. */
export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration()
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: restoreScrollScript() }} />
}
