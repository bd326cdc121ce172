/**
 * The shopper's first sign of intent to use the page (docs/decisions/019): a pointer moving or
 * pressed, a touch, a key, focus, a wheel or a scroll. The entry listens for them once it runs.
 */
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const

/**
 * What the inline script of `ModulesAfterPaint` listens for from the start of the page, so that such
 * an intent made before the page's modules have arrived is not lost (docs/decisions/022). Only acts
 * that come from the shopper alone: Chromium moves the pointer by itself when the layout under a
 * resting cursor changes while the page loads, and focus and scrolling can come from the page
 * (autofocus, scroll restoration). A shopper who moves the mouse keeps moving it once the entry listens.
 */
export const EARLY_INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const

/** Set on `window` by the inline script once an intent was seen. */
export const INTENT_SEEN = '__shopIntentSeen'

export function firstIntent(): Promise<void> {
  if ((window as unknown as Record<string, unknown>)[INTENT_SEEN] === true) return Promise.resolve()
  return new Promise((resolve) => {
    const wake = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, wake, true)
      resolve()
    }
    for (const type of INTENT_EVENTS) window.addEventListener(type, wake, { capture: true, passive: true })
  })
}
