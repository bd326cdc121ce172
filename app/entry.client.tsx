import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadResources, pageNamespaces } from '~/i18n'
import { defaultLocale, languageTags, locales, type Locale } from '~/lib/locale'
import { createTranslator } from '~/lib/translator'
import { TranslationProvider } from '~/lib/use-translation'
import { beginInitialHydration, endInitialHydration, nextTask } from '~/components/ui/hydration-slice'
import { listenBeforeHydration } from '~/components/shell/cart-sync-channel'
import { activateTaggedScripts, consentedCategories } from '~/lib/tagged-scripts'
import { HYDRATE_AT_ONCE } from '~/lib/hydrate-at-once'
import { steadyPresses } from '~/lib/steady-presses'
import { firstIntent } from '~/lib/first-intent'

/** The server wrote the page language into <html lang>; that is the only locale to load. */
function documentLocale(): Locale {
  const tag = document.documentElement.lang
  return locales.find((locale) => languageTags[locale] === tag || locale === tag) ?? defaultLocale
}

/**
 * RemixBrowser suspends until it has decoded the single-fetch state stream. Preact has no
 * suspense at the root, so start that decoding with a first call and wait for it before hydrating.
 */
async function decodedState() {
  // Without a state stream (before single fetch, or already decoded) the call would not suspend but render.
  if (!(window as unknown as { __remixContext?: { stream?: unknown } }).__remixContext?.stream) return
  try {
    RemixBrowser({})
  } catch (pending) {
    if (pending instanceof Promise) await pending
    else throw pending
  }
}

/**
 * Once the state is decoded, RemixBrowser's first render creates its router: client routes for the
 * three languages' route tables and a first match over them, a third of the page's hydration task,
 * which was the longest task of a page load. A call outside a render, in a task of its own, does that
 * part and stops at the component's first hook (which needs a render); the hydration finds the router
 * made. Not in development, where React would report the hook; anything such a call leaves undone,
 * the hydrating render still does.
 */
function createRouterAhead() {
  if (import.meta.env.DEV) return
  try {
    RemixBrowser({})
  } catch {
    // The first hook, outside a render: expected.
  }
}

/**
 * Preact hydrates the children of the container it is given, and `document` has a doctype beside
 * <html>; this stand-in container offers only <html>, and puts a replacement back in its place.
 */
function documentRoot(): Element {
  const html = document.documentElement
  const replace = (node: Node) => document.replaceChild(node, html)
  return { childNodes: [html], firstChild: html, namespaceURI: html.namespaceURI, insertBefore: replace, appendChild: replace } as unknown as Element
}

/**
 * Remix loads this entry as an async module script, which can run while a streamed page (a
 * deferred boundary's HTML and the inline scripts that complete it) is still arriving. Preact
 * hydrates only a complete document, so wait until the parser is done.
 */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve()
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
}

/**
 * A navigation started while another is loading aborts the older one, and Remix's single fetch leaves the
 * aborted request's promise rejected with nobody waiting for it (seen when a listing filter changed
 * twice in quick succession). A cancellation is not an error of the page; every other rejection is
 * still reported.
 */
function ignoreAbortedRequests() {
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof DOMException && event.reason.name === 'AbortError') event.preventDefault()
  })
}

/**
 * The page language's texts: the namespaces the server rendered the page from before hydrating
 * (docs/decisions/009), the others once `start` has settled (the first intent: a page no one touches
 * fetches and runs no texts it did not render). A text asked for from one of those before it arrived
 * (a client navigation or an opened panel in that moment) is shown again once it has.
 */
async function translations(locale: Locale, start: Promise<void>) {
  const rendered = pageNamespaces(document)
  const bundles = (await loadResources(locale, rendered ? { only: rendered } : {}))[locale] ?? {}
  let askedBeforeLoaded = false
  const translator = createTranslator(locale, bundles, undefined, (ns) => {
    if (!(ns in bundles)) askedBeforeLoaded = true
  })
  const completed = rendered
    ? start.then(() => loadResources(locale, { except: Object.keys(bundles) })).then(
        (rest) => {
          Object.assign(bundles, rest[locale])
          return askedBeforeLoaded ? createTranslator(locale, bundles) : undefined
        },
        () => undefined,
      )
    : undefined
  return { translator, completed }
}

async function hydrate() {
  const locale = documentLocale()
  // The page hydrates once the shopper shows an intent to use it (docs/decisions/019). Until then it
  // is the server's HTML, whose links and forms all work without JavaScript.
  const intent = firstIntent()
  await parsed()
  // A page that acts by itself (a countdown, a message that dismisses itself) does not wait.
  const started = document.body.dataset.hydrate === HYDRATE_AT_ONCE ? Promise.resolve() : intent
  // The page's texts load while it waits, so hydrating does not wait for them after the first intent.
  const texts = translations(locale, started)
  // What must not wait for an interaction: accepted third-party scripts and other tabs' news.
  activateTaggedScripts(document, consentedCategories(document))
  listenBeforeHydration()
  await started
  await decodedState()
  await nextTask()
  createRouterAhead()
  const { translator, completed } = await texts
  await nextTask()
  startTransition(() => {
    beginInitialHydration()
    hydrateRoot(
      // `npm run dev` runs React (docs/decisions/012), which hydrates `document` itself.
      import.meta.env.DEV ? document : documentRoot(),
      <TranslationProvider translator={translator} completed={completed}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    )
    endInitialHydration()
  })
}

ignoreAbortedRequests()
steadyPresses(window)
void hydrate()
