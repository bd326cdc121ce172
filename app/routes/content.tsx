import { data, redirect, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ContentPage } from '~/components/cms/content-page'
import { getLocaleFromPath, stripLocale } from '~/lib/locale'
import { getStore } from '~/store/client.server'
import { resolveContent } from '~/store/content.server'
import { throwPageError } from '~/store/errors.server'
import { catalogueCacheControl, contentSeo, contentView, pickHeaders } from '~/store/page.server'
import cmsCss from '~/styles/cms.css?url'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cmsCss }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const store = getStore(context, request, locale)
  const cacheControl = catalogueCacheControl(store.hasSession)

  let resolved: Awaited<ReturnType<typeof resolveContent>>
  try {
    resolved = await resolveContent(context, request, locale, stripLocale(url.pathname))
  } catch (err) {
    throwPageError(err, request)
  }
  if (resolved.type === 'redirect') {
    throw redirect(resolved.location, { status: 301, headers: { 'Cache-Control': cacheControl } })
  }
  if (resolved.type === 'not-found') {
    throw data({ message: `Page not found: ${url.pathname}`, path: url.pathname }, { status: 404 })
  }
  const { page } = resolved
  return data(
    { locale, view: contentView(page), seo: contentSeo(context, locale, page), breadcrumbs: page.breadcrumbs },
    { headers: { 'Cache-Control': cacheControl } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

export const meta: MetaFunction<typeof loader> = ({ data: pageData }) => {
  if (!pageData) return []
  return [
    { title: pageData.seo.title },
    { name: 'description', content: pageData.seo.description },
  ]
}

export default function Content() {
  const { locale, view } = useLoaderData<typeof loader>()
  return <ContentPage view={view} locale={locale} />
}
