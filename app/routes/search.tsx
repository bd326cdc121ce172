import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { Listing } from '~/components/listing/listing'
import { listingPageMeta } from '~/components/listing/listing-meta'
import { buttonClass } from '~/components/ui/button'
import { getT } from '~/i18n.server'
import { hasFilters, listingSearch, parseListingQuery } from '~/lib/listing-url'
import { getLocaleFromPath, localizePath, locales, type Locale } from '~/lib/locale'
import type { SeoData } from '~/lib/shell-types'
import { getStore } from '~/store/client.server'
import { throwPageError } from '~/store/errors.server'
import { loadSearch } from '~/store/listing.server'
import { catalogueCacheControl, pickHeaders } from '~/store/page.server'
import { catalogueSkipLink } from '~/lib/skip-links'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const query = parseListingQuery(url.searchParams)
  const store = getStore(context, request, locale)
  let listing: Awaited<ReturnType<typeof loadSearch>>
  try {
    listing = await loadSearch(context, request, locale, query)
  } catch (err) {
    throwPageError(err, request)
  }
  const t = getT(locale, 'listing')
  const common = getT(locale, 'common')
  const origin = context.publicUrl.replace(/\/+$/, '')
  // The canonical keeps only the term and the page; alternates name the same search in each language.
  const canonicalQuery = query.search ? listingSearch({ ...parseListingQuery(new URLSearchParams()), search: query.search, p: query.p }) : ''
  const path = (l: Locale) => `${origin}${localizePath(l, '/search')}${canonicalQuery}`
  const title = query.search ? t('search.metaTitle', { term: query.search }) : t('search.title')
  const seo: SeoData = {
    title: common('meta.titleTemplate', { title }),
    description: common('meta.defaultDescription'),
    canonical: path(locale),
    alternates: Object.fromEntries(locales.map((l) => [l, path(l)])),
    // Result pages are endless and thin; search engines should follow them, not index them.
    robots: 'noindex,follow',
    // Sort, filters and page are ids and keys, the same in every language: the language switch keeps them.
    keepQuery: true,
  }
  return data(
    {
      locale,
      term: query.search ?? '',
      listing,
      seo,
      breadcrumbs: [{ name: t('search.title'), href: `${localizePath(locale, '/search')}${canonicalQuery}` }],
    },
    { headers: { 'Cache-Control': catalogueCacheControl(store.hasSession) } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

export const meta: MetaFunction<typeof loader> = listingPageMeta

export const handle = { skipLink: catalogueSkipLink }

export default function Search() {
  const { locale, term, listing } = useLoaderData<typeof loader>()
  const { t } = useTranslation('listing')
  const id = useId()
  const noResults = listing && listing.total === 0 && !hasFilters(listing.query)
  return (
    <article className="container search-page">
      <header className="content-page-header">
        <h1>{term ? t('search.heading', { term }) : t('search.title')}</h1>
      </header>
      {!term || noResults ? (
        <>
          <Form method="get" action={localizePath(locale, '/search')} className="search-page-form" role="search">
            <label htmlFor={`${id}-term`}>{t('search.formLabel')}</label>
            <input id={`${id}-term`} type="search" name="search" defaultValue={term} key={term} required maxLength={100} />
            <button type="submit" className={buttonClass({ variant: 'primary' })}>
              {t('search.submit')}
            </button>
          </Form>
          {noResults ? (
            <div className="listing-empty" role="status">
              <p>{t('search.noResults', { term })}</p>
              <p>{t('search.hints')}</p>
            </div>
          ) : (
            <p>{t('search.prompt')}</p>
          )}
        </>
      ) : listing ? (
        <Listing view={listing} locale={locale} label={t('search.heading', { term })} />
      ) : null}
    </article>
  )
}

