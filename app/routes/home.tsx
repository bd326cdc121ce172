import { data, redirect, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ContentPage } from '~/components/cms/content-page'
import { listingPageMeta } from '~/components/listing/listing'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { landingLocale } from '~/session/cookies.server'
import { getStore } from '~/store/client.server'
import { loadHomeContent } from '~/store/content.server'
import { throwPageError } from '~/store/errors.server'
import { catalogueCacheControl, contentSeo, contentView, pickHeaders } from '~/store/page.server'
import cmsCss from '~/styles/cms.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cmsCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  // Only the bare German root decides by cookie and browser language; a prefix always wins.
  const detects = url.pathname === '/'
  if (detects) {
    const preferred = landingLocale(request)
    if (preferred && preferred !== locale) {
      throw redirect(`${localizePath(preferred, '/')}${url.search}`, {
        status: 302,
        headers: { 'Cache-Control': 'private, no-store', Vary: 'Accept-Language, Cookie' },
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
  if (detects) headers.set('Vary', 'Accept-Language, Cookie')
  return data({ locale, view: contentView(page), seo: contentSeo(context, locale, page, true), breadcrumbs: [] }, { headers })
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

export const meta: MetaFunction<typeof loader> = listingPageMeta

export default function Home() {
  const { locale, view } = useLoaderData<typeof loader>()
  const { t } = useTranslation('content')
  return <ContentPage view={view} locale={locale} heading={t('home.title')} />
}
