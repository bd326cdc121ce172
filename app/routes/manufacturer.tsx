import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { Listing } from '~/components/listing/listing'
import { listingPageMeta } from '~/components/listing/listing-meta'
import { getT } from '~/i18n.server'
import { isFiltered, parseListingQuery } from '~/lib/listing-url'
import { getLocaleFromPath, localizePath, locales } from '~/lib/locale'
import type { SeoData } from '~/lib/shell-types'
import { getStore } from '~/store/client.server'
import { throwNotFound, throwPageError } from '~/store/errors.server'
import { loadManufacturerPage } from '~/store/listing.server'
import { catalogueCacheControl, pickHeaders } from '~/store/page.server'
import { catalogueSkipLink } from '~/lib/skip-links'
import { HEX_ID } from '~/lib/hex-id'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const id = (params.id ?? '').toLowerCase()
  if (!HEX_ID.test(id)) throwNotFound(request)
  const query = parseListingQuery(url.searchParams)
  const store = getStore(context, request, locale)
  let page: Awaited<ReturnType<typeof loadManufacturerPage>>
  try {
    page = await loadManufacturerPage(context, request, locale, id, query)
  } catch (err) {
    throwPageError(err, request)
  }
  if (!page) throwNotFound(request)
  const { manufacturer, listing } = page
  const common = getT(locale, 'common')
  const origin = context.publicUrl.replace(/\/+$/, '')
  const path = (l = locale) => localizePath(l, `/manufacturer/${id}`)
  const seo: SeoData = {
    title: common('meta.titleTemplate', { title: manufacturer.name }),
    description: manufacturer.description ?? common('meta.defaultDescription'),
    canonical: `${origin}${path()}${query.p > 1 ? `?p=${query.p}` : ''}`,
    alternates: Object.fromEntries(locales.map((l) => [l, `${origin}${path(l)}`])),
    ...(isFiltered(query) ? { robots: 'noindex,follow' } : {}),
  }
  const t = getT(locale, 'listing')
  return data(
    {
      locale,
      manufacturer,
      listing,
      seo,
      breadcrumbs: [
        { name: t('manufacturers.title'), href: localizePath(locale, '/manufacturer') },
        { name: manufacturer.name, href: path() },
      ],
    },
    { headers: { 'Cache-Control': catalogueCacheControl(store.hasSession) } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

export const meta: MetaFunction<typeof loader> = listingPageMeta

export const handle = { skipLink: catalogueSkipLink }

export default function Manufacturer() {
  const { locale, manufacturer, listing } = useLoaderData<typeof loader>()
  const { t } = useTranslation('listing')
  return (
    <article className="container manufacturer-page">
      <header className="content-page-header manufacturer-header">
        {manufacturer.logo ? (
          <img
            src={manufacturer.logo.url}
            alt={t('manufacturers.logo', { name: manufacturer.name })}
            width={manufacturer.logo.width}
            height={manufacturer.logo.height}
            className="manufacturer-logo"
          />
        ) : null}
        <h1>{manufacturer.name}</h1>
        {manufacturer.description ? <p>{manufacturer.description}</p> : null}
        {manufacturer.link ? (
          <p>
            <a href={manufacturer.link} rel="noopener noreferrer">
              {t('manufacturers.website', { name: manufacturer.name })}
            </a>
          </p>
        ) : null}
      </header>
      <Listing view={listing} locale={locale} label={t('manufacturers.products', { name: manufacturer.name })} />
    </article>
  )
}
