// Category-tagged scripts (spec section 6): the server renders them as
// `<script type="text/plain" data-category="…" data-src="…">`, which the browser never runs; once
// the category is accepted the client inserts a real script for each. Our bundle is trusted by the
// CSP ('strict-dynamic'), so the scripts it inserts may load; nothing runs before consent.

/** The attribute a placeholder gets once its script has been inserted: activation happens once. */
export const activatedAttribute = 'data-activated'

/** The part of a placeholder element activation reads and marks. */
export interface Placeholder {
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
}

/** Which placeholders to activate now: accepted category, a script to load, not activated yet. */
export function placeholdersToActivate<T extends Placeholder>(placeholders: Iterable<T>, categories: readonly string[]): T[] {
  const result: T[] = []
  for (const placeholder of placeholders) {
    const category = placeholder.getAttribute('data-category')
    if (!category || !categories.includes(category)) continue
    if (!placeholder.getAttribute('data-src') || placeholder.getAttribute(activatedAttribute) !== null) continue
    result.push(placeholder)
  }
  return result
}

interface DataLayerWindow {
  dataLayer?: unknown[]
}

/** What a service needs before its script runs (the tag manager reads its start event from dataLayer). */
const beforeLoad: Record<string, (global: DataLayerWindow) => void> = {
  tagManager(global) {
    global.dataLayer ??= []
    global.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  },
}

/** Inserts the real script of every accepted, not yet activated placeholder in the document. */
export function activateTaggedScripts(document: Document, categories: readonly string[]): void {
  const placeholders = document.querySelectorAll<HTMLScriptElement>('script[type="text/plain"][data-category]')
  for (const placeholder of placeholdersToActivate(placeholders, categories)) {
    placeholder.setAttribute(activatedAttribute, '')
    const service = placeholder.getAttribute('data-service')
    if (service) beforeLoad[service]?.(window as DataLayerWindow)
    const script = document.createElement('script')
    script.async = true
    script.src = placeholder.getAttribute('data-src') ?? ''
    if (service) script.dataset.service = service
    document.head.appendChild(script)
  }
}

/**
 * The categories the server marked accepted on their placeholders (`data-consented`): what a page
 * activates as soon as it is parsed, before it hydrates (app/entry.client.tsx).
 */
export function consentedCategories(document: Document): string[] {
  const marked = document.querySelectorAll<HTMLScriptElement>('script[type="text/plain"][data-category][data-consented]')
  return [...new Set(Array.from(marked, (placeholder) => placeholder.getAttribute('data-category') ?? ''))]
}

/** The tag manager's script and its no-JS frame. */
export function tagManagerUrls(tagManager: { id: string; origin: string }) {
  const id = encodeURIComponent(tagManager.id)
  return { script: `${tagManager.origin}/gtm.js?id=${id}`, frame: `${tagManager.origin}/ns.html?id=${id}` }
}

/** Appends a script element; resolves when it loaded (the chat loader's way to run the messenger script). */
export function loadScript(document: Document, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.async = true
    script.src = src
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`script failed: ${src}`))
    document.head.appendChild(script)
  })
}
