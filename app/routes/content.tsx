import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, type ClientLoaderFunctionArgs } from '@remix-run/react'
import { ContentPage } from '~/components/cms/content-page'
import { listingPageMeta } from '~/components/listing/listing-meta'
import { island } from '~/components/ui/island'
import { getLocaleFromPath, stripLocale } from '~/lib/locale'
import { addToCartAction } from '~/store/cart.server'
import { getStore } from '~/store/client.server'
import { resolveContent } from '~/store/content.server'
import { throwRequestError } from '~/lib/request-error.server'
import { throwNotFound, throwPageError } from '~/store/errors.server'
import { catalogueCacheControl, contentSeo, contentView, pickHeaders } from '~/store/page.server'
import { loadProductPage, productSeo, productStructuredData } from '~/store/product.server'
import { catalogueSkipLink } from '~/lib/skip-links'

// Category and content pages share this route; the product page, its buy box form and gallery are
// an island, so they do not load its script (docs/decisions/009).
const importProductPage = () => import('~/components/product/product-page').then((module) => module.ProductPage)
const ProductPage = island(import.meta.env.SSR ? await importProductPage() : undefined, importProductPage)

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
  if (resolved.type === 'product') {
    let page: Awaited<ReturnType<typeof loadProductPage>>
    try {
      page = await loadProductPage(context, request, locale, resolved.id, resolved.path)
    } catch (err) {
      throwPageError(err, request)
    }
    if (!page) throwNotFound(request)
    // The view is recorded by the page's image beacon, so the page sets no cookie. It is the
    // same for every visitor without a session, unless it shows their last viewed products.
    const personal = store.hasSession || page.product.lastViewed.length > 0
    const headers = new Headers({ 'Cache-Control': catalogueCacheControl(personal) })
    return data(
      {
        kind: 'product' as const,
        locale,
        product: page.product,
        jsonLd: productStructuredData(context, page),
        seo: productSeo(context, locale, page),
        breadcrumbs: page.breadcrumbs,
      },
      { headers },
    )
  }
  if (resolved.type === 'not-found') {
    throwNotFound(request)
  }
  const { page } = resolved
  return data(
    {
      kind: 'content' as const,
      locale,
      view: contentView(page),
      seo: contentSeo(context, locale, page),
      breadcrumbs: page.breadcrumbs,
    },
    { headers: { 'Cache-Control': cacheControl } },
  )
}

/** Add to cart from the buy box (the only form on content pages): 303 back with a notification, or 400 at the field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const formData = await request.formData()
  if (formData.get('intent') !== 'add-to-cart') {
    throwRequestError(locale, 405)
  }
  let outcome: Awaited<ReturnType<typeof addToCartAction>>
  try {
    outcome = await addToCartAction(context, request, locale, formData)
  } catch (err) {
    throwPageError(err, request)
  }
  if (outcome.type === 'invalid') return data(outcome.reply, { status: 400, headers: { 'Cache-Control': 'private, no-store' } })
  outcome.headers.set('Cache-Control', 'private, no-store')
  return redirect(outcome.location, { status: 303, headers: outcome.headers })
}

/** After a client navigation to a product, renders once the product page's script is in. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const pageData = await serverLoader<typeof loader>()
  if (pageData.kind === 'product') await ProductPage.preload()
  return pageData
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders)

export const meta: MetaFunction<typeof loader> = listingPageMeta

export const handle = { skipLink: catalogueSkipLink }

export default function Content() {
  const pageData = useLoaderData<typeof loader>()
  if (pageData.kind === 'product') {
    return <ProductPage product={pageData.product} jsonLd={pageData.jsonLd} locale={pageData.locale} />
  }
  return <ContentPage view={pageData.view} locale={pageData.locale} />
}
