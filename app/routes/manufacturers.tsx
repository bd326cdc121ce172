import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath, locales } from '~/lib/locale'
import type { SeoData } from '~/lib/shell-types'
import { getStore } from '~/store/client.server'
import { throwPageError } from '~/store/errors.server'
import { loadManufacturers } from '~/store/listing.server'
import { catalogueCacheControl, pickHeaders } from '~/store/page.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const store = getStore(context, request, locale)
  let manufacturers: Awaited<ReturnType<typeof loadManufacturers>>
  try {
    manufacturers = await loadManufacturers(context, request, locale)
  } catch (err) {
    throwPageError(err, request)
  }
  const t = getT(locale, 'listing')
  const common = getT(locale, 'common')
  const origin = context.publicUrl.replace(/\/+$/, '')
  const path = localizePath(locale, '/manufacturer')
  const seo: SeoData = {
    title: common('meta.titleTemplate', { title: t('manufacturers.title') }),
    description: t('manufacturers.intro'),
    canonical: `${origin}${path}`,
    alternates: Object.fromEntries(locales.map((l) => [l, `${origin}${localizePath(l, '/manufacturer')}`])),
  }
  return data(
    { locale, manufacturers, seo, breadcrumbs: [{ name: t('manufacturers.title'), href: path }] },
    { headers: { 'Cache-Control': catalogueCacheControl(store.hasSession) } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

export const meta: MetaFunction<typeof loader> = ({ data: pageData }) =>
  pageData ? [{ title: pageData.seo.title }, { name: 'description', content: pageData.seo.description }] : []

export default function Manufacturers() {
  const { locale, manufacturers } = useLoaderData<typeof loader>()
  const { t } = useTranslation('listing')
  return (
    <article className="container manufacturers-page">
      <header className="content-page-header">
        <h1>{t('manufacturers.title')}</h1>
        <p>{t('manufacturers.intro')}</p>
      </header>
      {manufacturers.length ? (
        <ul className="manufacturer-grid">
          {manufacturers.map((m) => (
            <li key={m.id}>
              <Link to={localizePath(locale, `/manufacturer/${m.id}`)} className="manufacturer-tile">
                {m.logo ? (
                  // The name follows in the same link, so the logo is decorative here.
                  <img src={m.logo.url} alt="" width={m.logo.width} height={m.logo.height} loading="lazy" decoding="async" />
                ) : null}
                <span>{m.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('manufacturers.empty')}</p>
      )}
    </article>
  )
}
