import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react'

// After the first hydration every later mount is on the client: no extra render for those.
let hydrationDone = false

/** True inside a part that hydrates server HTML after the page did: an island or a hydration slice (app/components/ui). */
export const LateHydration = createContext(false)

/**
 * False while the page hydrates (so the first client render matches the server's HTML), true
 * from the render after. A state set in an effect, not useSyncExternalStore's server snapshot:
 * Preact, which runs in the browser (docs/decisions/012), reads only the client snapshot and
 * leaves attributes as the server wrote them during hydration, so a value that only differs in
 * the snapshot would never reach the page.
 */
export function useHydrated(): boolean {
  const hydratingLate = useContext(LateHydration)
  const [hydrated, setHydrated] = useState(hydrationDone && !hydratingLate)
  useEffect(() => {
    hydrationDone = true
    setHydrated(true)
  }, [])
  return hydrated
}

/** useSyncExternalStore that answers the server snapshot until hydration is over (see useHydrated). */
export function useClientStore<T>(subscribe: (listener: () => void) => () => void, clientSnapshot: () => T, serverSnapshot: () => T): T {
  const hydrated = useHydrated()
  const value = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot)
  return hydrated ? value : serverSnapshot()
}
