import { EARLY_INTENT_EVENTS, INTENT_SEEN } from '~/lib/first-intent'

/** How long a page that paints no frame (a tab opened in the background) waits before it loads its modules. */
const UNPAINTED_START_MS = 1000

/**
 * When the page's modules load (docs/decisions/022). Remix's `<Scripts>` (patched, patches/) hands
 * `window.__remixLoadModules` the function that adds the page's module preloads and imports its
 * modules. This script calls it once the browser has painted the page, so that no script is fetched
 * while the stylesheet, the images and the first paint still wait, or at once when the shopper acts
 * before that. `<template data-after-paint>` holds further preloads (the page's texts) that start with
 * them. It runs before the first paint and before the entry, and records such an act for the entry,
 * which listens only once it has arrived.
 */
export function modulesAfterPaintScript(): string {
  return `((events, seenKey, unpaintedMs) => {
  let load
  let started = false
  const start = () => {
    if (started || !load) return
    started = true
    for (const template of document.querySelectorAll('template[data-after-paint]')) document.head.appendChild(template.content.cloneNode(true))
    // Each request costs the main thread: these and Remix's in separate tasks, so neither is a long one.
    setTimeout(load)
  }
  const seen = () => {
    window[seenKey] = true
    for (const type of events) window.removeEventListener(type, seen, true)
    start()
  }
  for (const type of events) window.addEventListener(type, seen, { capture: true, passive: true })
  window.__remixLoadModules = (loadModules) => {
    load = loadModules
    if (window[seenKey]) return start()
    requestAnimationFrame(() => setTimeout(start))
    setTimeout(start, unpaintedMs)
  }
})(${JSON.stringify(EARLY_INTENT_EVENTS)}, ${JSON.stringify(INTENT_SEEN)}, ${UNPAINTED_START_MS})`
}

/** The script has run before the browser hydrates, so the browser's bundle leaves its text out. */
export function ModulesAfterPaint({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? modulesAfterPaintScript() : '' }} />
}
