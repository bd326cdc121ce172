import { useEffect, useState } from 'react'

/** Spec section 9: device detection re-evaluates 50 ms after a resize. */
export const deviceSettleMs = 50

/**
 * Calls `evaluate` once `settleMs` have passed without another resize: a window dragged wider fires
 * dozens of resize events, and the layout should switch once, at the size it ends on.
 * Returns the function that stops listening.
 */
export function onSettledResize(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, evaluate: () => void, settleMs = deviceSettleMs): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const listener = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      evaluate()
    }, settleMs)
  }
  target.addEventListener('resize', listener)
  return () => {
    if (timer !== undefined) clearTimeout(timer)
    target.removeEventListener('resize', listener)
  }
}

/**
 * Whether the media query matches, re-evaluated 50 ms after the last resize. `undefined` until the
 * app runs in the browser: the server (and a page without JS) cannot know the screen.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const [matches, setMatches] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    const evaluate = () => setMatches(window.matchMedia(query).matches)
    evaluate()
    return onSettledResize(window, evaluate)
  }, [query])
  return matches
}

/** The layout's breakpoint below which the listing filters fold away (listing.css uses min-width: 960px). */
export const compactLayoutQuery = '(max-width: 959px)'

/** True on a narrow (phone/tablet portrait) layout; `undefined` before the app runs. */
export function useCompactLayout(): boolean | undefined {
  return useMediaQuery(compactLayoutQuery)
}
