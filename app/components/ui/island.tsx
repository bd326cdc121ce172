import { lazy, Suspense, type ComponentType } from 'react'

/**
 * A part of the page whose script is not in the page's first load (docs/decisions/009): the server
 * renders it with the rest, and the browser keeps that HTML as it is, working as a plain form
 * without script, until the part's own chunk has loaded and hydrated it. Pass the component only
 * on the server (`import.meta.env.SSR ? Component : undefined`), so the client build leaves its
 * static import out and fetches it through `load`.
 *
 * For parts a visitor rarely uses at once (the footer's newsletter form, a form in CMS content).
 * Their modules must not import CSS: the page's stylesheet links come from its first-load modules.
 * A client navigation that changes what an island reads waits for its chunk (React hydrates a
 * boundary before updating it), so islands are for parts whose chunk loads right after hydration.
 */
export function island<P extends object>(serverComponent: ComponentType<P> | undefined, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // A chunk that cannot load (offline, a new deploy) leaves the part out instead of failing the whole page.
  const Component =
    serverComponent ??
    (lazy<ComponentType<P>>(() =>
      load().then(
        (component) => ({ default: component }),
        () => ({ default: Nothing }),
      ),
    ) as unknown as ComponentType<P>)
  // The same boundary on both sides: hydration leaves a suspended boundary's server HTML in place.
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    )
  }
  return Island
}

function Nothing(): null {
  return null
}
