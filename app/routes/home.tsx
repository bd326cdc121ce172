import { backgroundSources, PHONE_BACKGROUND_QUERY } from '~/components/cms/layout'
import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { CmsPage } from '~/components/cms/cms-page'
import { ButtonLink } from '~/components/ui/button'
import { listingPageMeta } from '~/components/listing/listing-meta'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { landingLocale } from '~/session/cookies.server'
import { getStore } from '~/store/client.server'
import { loadHomeContent } from '~/store/content.server'
import { throwPageError } from '~/store/errors.server'
import { catalogueCacheControl, contentSeo, contentView, pickHeaders } from '~/store/page.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  // Only the bare German root decides by cookie and browser language; a prefix always wins. A shopper
  // who comes from one of the shop's own pages (the logo, the redirect after logging out) already reads
  // German there: only arrivals from elsewhere are sent on.
  const bareRoot = url.pathname === '/'
  const vary = 'Accept-Language, Cookie, Sec-Fetch-Site'
  if (bareRoot && request.headers.get('Sec-Fetch-Site') !== 'same-origin') {
    const preferred = landingLocale(request)
    if (preferred && preferred !== locale) {
      throw redirect(`${localizePath(preferred, '/')}${url.search}`, {
        status: 302,
        headers: { 'Cache-Control': 'private, no-store', Vary: vary },
      })
    }
  }
  const store = getStore(context, request, locale)
  let page: Awaited<ReturnType<typeof loadHomeContent>>
  try {
    page = await loadHomeContent(context, request, locale)
  } catch (err) {
    throwPageError(err, request)
  }
  const headers = new Headers({ 'Cache-Control': catalogueCacheControl(store.hasSession) })
  if (bareRoot) headers.set('Vary', vary)
  return data({ locale, view: contentView(page), seo: contentSeo(context, locale, page, true), breadcrumbs: [] }, { headers })
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

// The hero's background is the page's largest paint; as a CSS background the browser would find it
// only after the stylesheet, so the head asks for it at once.
export const meta: MetaFunction<typeof loader> = (args) => {
  const hero = args.data?.view.cms?.sections[0]?.background
  if (!hero) return listingPageMeta(args)
  const image = (href: string, media?: string) => ({ tagName: 'link', rel: 'preload', as: 'image', href, fetchpriority: 'high', ...(media ? { media } : {}) })
  const { url, phoneUrl } = backgroundSources(hero)
  const preload = phoneUrl ? [image(phoneUrl, PHONE_BACKGROUND_QUERY), image(url, `not all and ${PHONE_BACKGROUND_QUERY}`)] : [image(url)]
  return [...listingPageMeta(args), ...preload]
}

export default function Home() {
  const { locale, view } = useLoaderData<typeof loader>()
  const { t } = useTranslation('content')
  // The hero is the layout's first section: the page's only h1 and the two ways in (the range and the
  // spare parts finder) sit inside it, so a phone shows them together with the first content below.
  const heading = (
    <h1 id="home-title" className="home-title">
      {t('home.title')}
    </h1>
  )
  const actions = (
    <p className="home-actions">
      <ButtonLink to={localizePath(locale, t('home.rangePath'))} size="large">
        {t('home.range')}
      </ButtonLink>
      <ButtonLink to={localizePath(locale, '/product-finder')} size="large" variant="secondary" color="white">
        {t('home.finder')}
      </ButtonLink>
    </p>
  )
  return (
    <article className="content-page home-page" aria-labelledby="home-title">
      {view.cms ? (
        <CmsPage page={view.cms} locale={locale} pageName={view.name} heroStart={heading} heroEnd={actions} />
      ) : (
        <header className="content-page-header">
          {heading}
          {actions}
        </header>
      )}
    </article>
  )
}
