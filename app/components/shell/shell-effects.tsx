import { useFetchers, useLocation, useNavigation, useNavigationType, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { translationsSettled, useTranslation } from '~/lib/use-translation'
import { loadResources } from '~/i18n'
import { getLocaleFromPath } from '~/lib/locale'
import { hydrateRemainingSlices, pageHydrated } from '~/components/ui/hydration-slice'
import { BuildReload } from './build-reload'
import { LinkPrefetch } from './link-prefetch'
import { scrollBehavior } from './motion'

/** Spec section 2/9: after each page load the page scrolls smoothly to the top after 300 ms. */
export const scrollToTopDelayMs = 300

/** Browser-only behaviour of the shell (new-build reload, bounded link prefetch, scrolling, language); renders nothing visible. */
export function ShellEffects() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const { i18n } = useTranslation()
  const previous = useRef(`${location.pathname}${location.search}`)

  // Ready once every slice and island hydrated too (until then their forms are still the plain no-JS forms) and
  // the texts the page did not render have arrived.
  useEffect(() => {
    void Promise.all([pageHydrated(), translationsSettled()]).then(() =>
      document.body.setAttribute('data-ready', 'true'),
    )
  }, [])

  // A part still waiting to hydrate must do so before new data reaches it (app/components/ui/hydration-slice.tsx).
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const fetchers = useFetchers()
  const pageChanging = navigation.state !== 'idle' || revalidator.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  useEffect(() => {
    if (pageChanging) hydrateRemainingSlices()
  }, [pageChanging])

  useEffect(() => {
    const page = `${location.pathname}${location.search}`
    const changedPage = page !== previous.current
    previous.current = page
    // Back/forward keeps its restored position, anchors their target, and a form that
    // returns to the same page keeps the visitor where they were.
    if (!changedPage || navigationType === 'POP' || location.hash) return
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: scrollBehavior() }), scrollToTopDelayMs)
    return () => clearTimeout(timer)
  }, [location.key, location.pathname, location.search, location.hash, navigationType])

  // A client-side link into another language (e.g. from content) needs that language's texts.
  const locale = getLocaleFromPath(location.pathname)
  useEffect(() => {
    if (i18n.language === locale) return
    let cancelled = false
    void loadResources(locale).then((resources) => {
      if (cancelled) return
      i18n.changeLanguage(locale, resources[locale] ?? {})
    })
    return () => {
      cancelled = true
    }
  }, [i18n, locale])

  return (
    <>
      <BuildReload />
      <LinkPrefetch />
    </>
  )
}
