import { createContext, Suspense, useContext, useState, type ReactElement, type ReactNode } from 'react'
import { LateHydration } from '~/lib/use-hydrated'

/**
 * Hydration in slices (docs/decisions/012). Preact hydrates a document in one task; for a whole
 * page that blocked the main thread of a phone for several hundred milliseconds, during which it
 * could neither paint nor answer a tap. A `HydrationSlice` is a part of the page that hydrates in a
 * task of its own instead, right after the page's first hydration, in document order. Until its
 * turn the server's HTML stays as it is: its links and forms work as they do without JavaScript.
 * Only hydration is sliced: what renders on the client (a client navigation, a list that grows)
 * renders at once, as before.
 */

/** Whether a part has rendered before; the first render is the one that hydrates it. */
interface Rendered {
  rendered: boolean
}

// True in the first render only: that render hydrates the part, after it (a client navigation) parts mount at once.
function firstRender(part: Rendered): boolean {
  const first = !part.rendered
  part.rendered = true
  return first
}

interface Turn extends Rendered {
  promise: Promise<void>
  done: boolean
}

// True while the page's first hydration runs (set by app/entry.client.tsx around hydrateRoot).
let initialHydration = false
// True while a slice or an island hydrates its part of the server's HTML: slices inside it wait for turns of their own.
const HydratingNow = createContext(false)

const waiting: (() => void)[] = []
let stepScheduled = false
// Once the page changes, what still hydrates does so at once (hydrateRemainingSlices).
let allAtOnce = false
// What of the page's first hydration still hydrates later (slices' turns, islands' chunks), so the
// shell can tell when the whole page is interactive. Settled parts leave; `added` counts every one.
const pending = new Set<Promise<unknown>>()
let added = 0

/** A part that hydrates once `part` settles (an island's chunk, a slice's turn): pageHydrated waits for it. */
export function hydratesLater(part: Promise<unknown>) {
  pending.add(part)
  added += 1
  const settled = () => pending.delete(part)
  part.then(settled, settled)
}

export function beginInitialHydration() {
  initialHydration = true
}

export function endInitialHydration() {
  initialHydration = false
}

/** Settles in a task of its own, after what is queued now (a message: chained timeouts are clamped to 4 ms each after a few turns). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

function schedule() {
  void nextTask().then(step)
}

// One turn per task: the part renders in the microtasks right after its turn, so each slice hydrates in a task of its own.
function step() {
  waiting.shift()?.()
  if (waiting.length) schedule()
  else stepScheduled = false
}

function nextTurn(): Turn {
  const turn: Turn = { done: allAtOnce, rendered: false, promise: Promise.resolve() }
  if (turn.done) return turn
  turn.promise = new Promise<void>((resolve) => {
    waiting.push(() => {
      turn.done = true
      resolve()
    })
  })
  hydratesLater(turn.promise)
  if (!stepScheduled) {
    stepScheduled = true
    schedule()
  }
  return turn
}

/**
 * Gives every slice still waiting its turn now. Called when the page is about to change (a
 * navigation, a revalidation): a part must hydrate the HTML it was rendered with on the server,
 * before new data reaches it, since hydration leaves the server's attributes as they are.
 */
export function hydrateRemainingSlices() {
  allAtOnce = true
  while (waiting.length) waiting.shift()!()
}

/**
 * Settles once every slice and island of the page's first hydration has hydrated, also those
 * inside another part (which take their turn, or load, only once the outer part hydrated).
 */
export async function pageHydrated(): Promise<void> {
  let seen = -1
  while (added !== seen) {
    seen = added
    await Promise.all(pending)
    // The part renders in the microtasks right after its turn; a later task sees it done.
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

function Wait({ turn, children }: { turn: Turn | null; children: ReactElement }) {
  if (turn && !turn.done) throw turn.promise
  const hydrating = turn !== null && firstRender(turn)
  return <HydratingNow.Provider value={hydrating}>{children}</HydratingNow.Provider>
}

/**
 * A part of the page that hydrates in a task of its own. The child must render exactly one
 * element: a part waiting for its turn keeps only its first DOM node. Its first render must match
 * the server's HTML, like any hydrating render: values that only the browser knows go through
 * useHydrated, and props must not change between the page's hydration and the slice's.
 */
export function HydrationSlice({ children }: { children: ReactElement }) {
  const insideHydratingPart = useContext(HydratingNow)
  const [turn] = useState(() => (initialHydration || insideHydratingPart ? nextTurn() : null))
  // useHydrated inside it answers the server's value in its first render, also after the page hydrated.
  return (
    <LateHydration.Provider value={turn !== null}>
      <Suspense fallback={null}>
        <Wait turn={turn}>{children}</Wait>
      </Suspense>
    </LateHydration.Provider>
  )
}

/**
 * For a part that hydrates later than the page (an island, once its chunk is in): the slices in it
 * wait for turns of their own when it hydrates. Place it outside the part that suspends, so its
 * value is the one of its first render when the part resumes.
 */
export function SlicesInside({ hydratingLate, children }: { hydratingLate: boolean; children: ReactNode }) {
  const [part] = useState<Rendered>(() => ({ rendered: false }))
  const first = firstRender(part)
  return <HydratingNow.Provider value={hydratingLate && first}>{children}</HydratingNow.Provider>
}
