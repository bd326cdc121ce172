import type { ClientLoaderFunctionArgs } from '@remix-run/react'
import { lazy, Suspense, useState, type ComponentType } from 'react'
import { LateHydration } from '~/lib/use-hydrated'
import { IslandTranslations, translationsSettled } from '~/lib/use-translation'
import { hydratesLater, nextTask, SlicesInside } from './hydration-slice'

/**
 * A part of the page whose script is not in the page's first load (docs/decisions/009): the server
 * renders it with the rest, and the browser keeps that HTML as it is, working as a plain form
 * without script, until the part's own chunk has loaded and hydrated it. Both sides load the part
 * by the same dynamic import, the server before it renders:
 * `island(import.meta.env.SSR ? await importPart() : undefined, importPart)`. A static import, even
 * one whose binding the client build drops, would put the part and all it imports into the shell
 * chunk of a module the root imports (vite.config.ts, ADR 021).
 *
 * For parts a visitor rarely uses at once (the footer's newsletter form, a form in CMS content),
 * for the product page within the content route (category pages must not load it), and for the
 * cart and checkout pages, whose form library then loads after the first paint. A
 * route's clientLoader awaits `preload()` so a client navigation renders the part without a gap.
 * Their styles are in the shop's one stylesheet (app/styles/shop.css), like every other part's.
 * A client navigation that changes what an island reads waits for its chunk (a boundary hydrates
 * before it updates), so islands are for parts whose chunk loads right after hydration.
 */
export function island<P extends object>(
  serverComponent: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined = serverComponent
  let loading: Promise<ComponentType<P>> | undefined
  // A chunk that cannot load (offline, a new deploy) leaves the part out instead of failing the whole page.
  // Its texts may come after the page's first load too (IslandTranslations): it renders once they are in.
  const preload = () =>
    (loading ??= Promise.all([load(), translationsSettled()]).then(
      ([component]) => (loaded = component),
      () => (loaded = Nothing),
    ))
  // Starting a chunk's load inserts module preloads into the document (Vite's preload helper), work
  // that would lengthen the page's first task, the longest of its hydration; so it starts in the next.
  const Lazy = lazy<ComponentType<P>>(() => nextTask().then(preload).then((component) => ({ default: component })))
  // The same boundary on both sides: hydration leaves a suspended boundary's server HTML in place.
  // Once the chunk is in (preload), the part renders at once instead of suspending for a tick.
  function Island(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded type later would remount the part.
    const [Component] = useState(() => {
      if (loaded) return loaded
      hydratesLater(nextTask().then(preload))
      return Lazy as unknown as ComponentType<P>
    })
    // A part that arrives after the page hydrated still hydrates the server's HTML: its first render must match it.
    return (
      <LateHydration.Provider value={(Component as unknown) === Lazy}>
        <IslandTranslations>
          <SlicesInside hydratingLate={(Component as unknown) === Lazy}>
            <Suspense fallback={null}>
              <Component {...props} />
            </Suspense>
          </SlicesInside>
        </IslandTranslations>
      </LateHydration.Provider>
    )
  }
  return Object.assign(Island, { preload })
}

/**
 * The clientLoader of a route whose whole page is an island: after a client navigation the page
 * renders once both its data and its script are in, as Remix does with route modules.
 */
export function islandClientLoader<Loader>(page: { preload: () => Promise<unknown> }) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [pageData] = await Promise.all([serverLoader<Loader>(), page.preload()])
    return pageData
  }
}

function Nothing(): null {
  return null
}
