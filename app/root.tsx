import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { isbot } from 'isbot'
import { useEffect, useRef, type ReactNode } from 'react'
import { PageNamespaces, useTranslation } from '~/lib/use-translation'
import { HydrationSlice } from '~/components/ui/hydration-slice'
import { ErrorPage, isMaintenance, type PageError } from '~/components/error-page'
import { FirstVisitDialog } from '~/components/shell/consent-dialog'
import { CookieButton, cookiePreferencesParam, CookiePreferencesDialog } from '~/components/shell/cookie-preferences'
import { Breadcrumbs } from '~/components/shell/breadcrumbs'
import { findSkipLink } from '~/lib/skip-links'
import { HYDRATE_AT_ONCE, hydratesAtOnce } from '~/lib/hydrate-at-once'
import { SideCartProvider } from '~/components/cart/side-cart'
import { CartSync } from '~/components/shell/cart-sync'
import { ConsentScripts } from '~/components/shell/consent-scripts'
import { ModulesAfterPaint } from '~/components/shell/modules-after-paint'
import { Footer } from '~/components/shell/footer'
import { Header, MinimalHeader } from '~/components/shell/header'
import { JumpToTop } from '~/components/shell/jump-to-top'
import { LoadingBar } from '~/components/shell/loading-bar'
import { JsonLd, useNonce } from '~/components/shell/nonce'
import { Notifications } from '~/components/shell/notifications'
import { ScrollRestoration } from '~/components/shell/scroll-restoration'
import { ShellEffects } from '~/components/shell/shell-effects'
import { getT } from '~/i18n.server'
import { throwRequestError } from '~/lib/request-error.server'
import { getLocaleFromPath, languageTags, localizePath, type Locale } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { isLegalPage } from '~/lib/shop'
import {
  findSeo,
  languageSwitchPaths,
  breadcrumbListJsonLd,
  findBreadcrumbs,
  navigationItemListJsonLd,
  resolveSeo,
  siteNavigationJsonLd,
  websiteJsonLd,
} from '~/lib/seo'
import type { Breadcrumb, Notification } from '~/lib/shell-types'
import { consentState, readConsent } from '~/session/consent.server'
import { readFlash } from '~/session/flash.server'
import type { PriceAudience } from '~/lib/price'
import { loadSessionCustomer, type SessionCustomer } from '~/store/account.server'
import { loadCartCount } from '~/store/cart.server'
import { loadPriceAudience, loadTaxFree } from '~/store/price-audience.server'
import { loadShell } from '~/store/shell.server'
import { loadCustomerWishlistIds } from '~/store/wishlist.server'
import { thirdPartyConfig } from '~/lib/third-party.server'
import shopCss from '~/styles/shop.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: shopCss },
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  // The host refused the request (server/request-guard.ts): the page becomes the error page, no action ran.
  if (context.rejection) throwRequestError(locale, context.rejection.status, { rejected: context.rejection.reason })
  // The flash is read synchronously from the request's cookie, so the store call is the only wait.
  const flash = readFlash(request, context)
  // The cart count and the price audience need a store session (context cookie); anonymous pages make
  // neither call.
  const [shell, cartCount, priceAudience, taxFree, session, wishlistIds] = await Promise.all([
    loadShell(context, request, locale),
    loadCartCount(context, request, locale).catch((err: unknown) => {
      // A failing cart read must not take the page down: the badge shows 0 until the next page.
      context.logger.warn({ err: (err as Error).message }, 'cart count unavailable')
      return 0
    }),
    // Labels prices for the shopper (reseller price, reseller note); the amounts come from the store.
    loadPriceAudience(context, request, locale).catch((err: unknown): PriceAudience => {
      context.logger.warn({ err: (err as Error).message }, 'price audience unavailable')
      return 'visitor'
    }),
    // Tax-free deliveries change the notes beside prices (shares the price audience's GET /context).
    loadTaxFree(context, request, locale).catch((err: unknown) => {
      context.logger.warn({ err: (err as Error).message }, 'tax state unavailable')
      return false
    }),
    // Who is logged in, for the header's account link (shares the price audience's GET /context).
    loadSessionCustomer(context, request, locale).catch((err: unknown): SessionCustomer => {
      context.logger.warn({ err: (err as Error).message }, 'session customer unavailable')
      return { state: 'anonymous' }
    }),
    // A logged-in customer's wishlist (hearts and count); everyone else's lives in the cookie the
    // browser reads itself, so anonymous pages make no call and stay the same for all.
    loadCustomerWishlistIds(context, request, locale),
  ])
  const t = getT(locale)
  const record = readConsent(request)
  const notifications: Notification[] = flash.messages.map((message, index) => ({
    id: `${context.reqId}-${index}`,
    type: message.type,
    message: t(message.messageKey, message.values ?? {}),
    persistent: message.persistent,
  }))
  return data(
    {
      locale,
      shell,
      cartCount,
      priceAudience,
      taxFree,
      customer: session.state === 'logged-in' ? { firstName: session.firstName } : undefined,
      wishlistIds,
      notifications,
      publicUrl: context.publicUrl,
      consent: consentState(record),
      // The first-visit dialog (spec section 4): for everyone without a valid record except bots, and
      // not under the preferences dialog the URL asked for. Pages stay shareable (docs/decisions/007).
      // The legal pages stay readable before a choice: the dialog links to them.
      consentDialog:
        !record &&
        !isbot(request.headers.get('user-agent') ?? '') &&
        !url.searchParams.has(cookiePreferencesParam) &&
        !isLegalPage(url.pathname),
      thirdParty: thirdPartyConfig(context, locale),
      meta: { title: t('common:meta.defaultTitle'), description: t('common:meta.defaultDescription') },
    },
    // Only carries the flash-clearing cookie when a flash was read: catalogue pages stay cookie-free.
    { headers: flash.headers },
  )
}

type RootData = Awaited<ReturnType<typeof loader>>['data']

// A message that dismisses itself (spec: after 2500 ms unless persistent) must not wait for an interaction.
export const handle = {
  hydrateAtOnce: (data: unknown) =>
    (data as { notifications?: Notification[] } | undefined)?.notifications?.some((notification) => !notification.persistent) === true,
}

/** The head of pages rendered by the root alone (errors have their own title in the boundary). */
export const meta: MetaFunction<typeof loader> = ({ data: rootData, matches, error }) => (rootData && !error ? pageMeta({ matches }) : [])

function isRejection(error: unknown): boolean {
  return isRouteErrorResponse(error) && typeof (error.data as { rejected?: unknown } | null)?.rejected === 'string'
}

function toPageError(error: unknown): PageError {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
    return {
      status: error.status,
      statusText: error.statusText,
      message: typeof fields.message === 'string' ? fields.message : typeof body === 'string' ? body : undefined,
      path: typeof fields.path === 'string' ? fields.path : undefined,
    }
  }
  // Unexpected exceptions are 500s; their text is for the log, not for visitors.
  return { status: 500 }
}

/** The route's breadcrumbs, led by the localized home page. */
function homeTrail(crumbs: Breadcrumb[], locale: Locale, homeName: string): Breadcrumb[] {
  return crumbs.length ? [{ name: homeName, href: localizePath(locale, '/') }, ...crumbs] : []
}

function DocumentHead({ rootData, error }: { rootData: RootData | undefined; error: PageError | null }) {
  const { t } = useTranslation(['common', 'errors'])
  const location = useLocation()
  const matches = useMatches()
  const locale = getLocaleFromPath(location.pathname)
  if (error || !rootData) {
    const maintenance = error && isMaintenance(error)
    return (
      <>
        <title>
          {maintenance
            ? t('errors:maintenance.documentTitle')
            : t('errors:documentTitle', { status: error?.status ?? 500 })}
        </title>
        <meta name="robots" content="noindex" />
      </>
    )
  }
  const seo = resolveSeo(findSeo(matches), rootData.publicUrl, location.pathname)
  const main = rootData.shell.navigation.main
  const trail = homeTrail(findBreadcrumbs(matches), locale, t('common:breadcrumb.home'))
  return (
    <>
      <link rel="canonical" href={seo.canonical} />
      {seo.links.map((link) => (
        <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
      ))}
      <JsonLd
        data={[
          websiteJsonLd({ publicUrl: rootData.publicUrl, locale, name: t('common:shop.name') }),
          ...siteNavigationJsonLd(main, rootData.publicUrl),
          navigationItemListJsonLd(main, rootData.publicUrl),
          ...(trail.length > 1 ? [breadcrumbListJsonLd(trail, rootData.publicUrl)] : []),
        ]}
      />
    </>
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const routeError = useRouteError()
  const error = routeError ? toPageError(routeError) : null
  // The answer to a request the host refused is rendered at the locale's home path, not at the URL
  // the browser shows, so it must not hydrate: it is a static page.
  const rejected = isRejection(routeError)
  const location = useLocation()
  const matches = useMatches()
  const pageSkipLink = findSkipLink(matches)
  const atOnce = hydratesAtOnce(matches)
  const nonce = useNonce()
  const { t } = useTranslation('common')
  const locale = getLocaleFromPath(location.pathname)

  const params = new URLSearchParams(location.search)
  const preferencesOpen = params.has(cookiePreferencesParam)
  params.delete(cookiePreferencesParam)
  const query = params.toString()
  const currentPath = `${location.pathname}${query ? `?${query}` : ''}`
  params.set(cookiePreferencesParam, '1')
  const openPreferencesHref = `${location.pathname}?${params.toString()}`

  const languagePaths = languageSwitchPaths(findSeo(matches), location.pathname, query ? `?${query}` : '')
  const navigation = rootData?.shell.navigation
  const firstVisit = !error && rootData?.consentDialog === true
  const blocking = firstVisit || (!error && preferencesOpen)
  const pageRoot = useRef<HTMLDivElement>(null)
  // With JS the modal dialog makes the page inert itself (showModal). The attribute is dropped in an
  // effect rather than by a re-render: a hydration-time state change would re-render the whole page.
  useEffect(() => {
    pageRoot.current?.removeAttribute('inert')
  }, [blocking])
  // After a client-side move to another page the keyboard starts at the top, as after a page load
  // (skip links first) instead of inside the header's search field; filters (same path) keep it.
  const focusStart = useRef<HTMLSpanElement>(null)
  const shownPath = useRef(location.pathname)
  useEffect(() => {
    if (shownPath.current === location.pathname) return
    shownPath.current = location.pathname
    if (!document.querySelector('dialog[open]')) focusStart.current?.focus({ preventScroll: true })
  }, [location.pathname])

  return (
    <html lang={languageTags[locale]} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5130" />
        <Meta />
        <DocumentHead rootData={rootData} error={error} />
        <Links />
      </head>
      <body data-hydrate={atOnce ? HYDRATE_AT_ONCE : undefined}>
        {/* Without JS a blocking consent dialog makes the page behind it inert and a backdrop covers
            it; with JS the modal dialog does both itself (showModal, ::backdrop). */}
        <div ref={pageRoot} className="page-root" {...(blocking ? { inert: '' } : {})}>
          <span ref={focusStart} tabIndex={-1} className="visually-hidden" />
          <a href="#main" className="skip-link">
            {t('skipToContent')}
          </a>
          {pageSkipLink && !error ? (
            <a href={pageSkipLink.href} className="skip-link">
              {t(pageSkipLink.label)}
            </a>
          ) : null}
          {/* The side cart (JS only) wraps what can open it: the header's cart control and the buy box. */}
          <SideCartProvider>
            {navigation ? (
              <Header
                locale={locale}
                navigation={navigation.main}
                languagePaths={languagePaths}
                cartCount={rootData?.cartCount ?? 0}
                customer={rootData?.customer}
                searchTerm={params.get('search') ?? undefined}
              >
                <LoadingBar error={error !== null} />
              </Header>
            ) : (
              <MinimalHeader locale={locale} languagePaths={languagePaths}>
                <LoadingBar error={error !== null} />
              </MinimalHeader>
            )}
            <Notifications notifications={rootData?.notifications ?? []} closeHref={currentPath} />
            <HydrationSlice>
              <main id="main" tabIndex={-1}>
                {!error && <Breadcrumbs trail={homeTrail(findBreadcrumbs(matches), locale, t('breadcrumb.home'))} />}
                {children}
              </main>
            </HydrationSlice>
            <HydrationSlice>
              <Footer
                locale={locale}
                footer={navigation?.footer ?? []}
                service={navigation?.service ?? []}
                publicUrl={rootData?.publicUrl}
                taxFree={rootData?.taxFree === true}
              >
                <CookieButton openHref={openPreferencesHref} />
                <JumpToTop />
              </Footer>
            </HydrationSlice>
          </SideCartProvider>
        </div>
        {blocking ? <div className="consent-backdrop" /> : null}
        {firstVisit ? <FirstVisitDialog locale={locale} currentPath={currentPath} preferencesHref={openPreferencesHref} /> : null}
        <CookiePreferencesDialog
          locale={locale}
          consent={rootData?.consent ?? { given: false, categories: ['necessary'] }}
          currentPath={currentPath}
          initiallyOpen={preferencesOpen}
        />
        {navigation ? <CartSync /> : null}
        <ShellEffects />
        <ConsentScripts thirdParty={rootData?.thirdParty} categories={rootData?.consent.categories ?? ['necessary']} />
        {!rejected && <ScrollRestoration nonce={nonce || undefined} />}
        {!rejected && <ModulesAfterPaint nonce={nonce || undefined} />}
        {!rejected && <Scripts nonce={nonce || undefined} />}
        {!rejected && <PageNamespaces />}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = toPageError(useRouteError())
  const locale = getLocaleFromPath(useLocation().pathname)
  return <ErrorPage error={error} locale={locale} />
}
