import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { FinderForm } from '~/components/finder/finder-form'
import { FinderResultCard } from '~/components/finder/finder-result-card'
import { listingPageMeta } from '~/components/listing/listing-meta'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath, locales } from '~/lib/locale'
import { throwPageError } from '~/store/errors.server'
import { FINDER_STEPS, loadFinder, parseFinderQuery, type FinderStep } from '~/store/finder.server'
import { catalogueCacheControl, pickHeaders } from '~/store/page.server'

const FINDER_PATH = '/product-finder'

/** The finder URL for the accepted choices (and a page), in the same parameter names the form sends. */
function finderHref(path: string, steps: FinderStep[], page?: number): string {
  const params = new URLSearchParams()
  for (const step of steps) if (step.selected) params.set(step.param, step.selected)
  if (page && page > 1) params.set('p', String(page))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const t = getT(locale, 'media')
  const parsed = parseFinderQuery(url.searchParams)
  if (!parsed.ok) throw data({ message: t(`finder.${parsed.error}`) }, { status: 400 })

  let finder: Awaited<ReturnType<typeof loadFinder>>
  try {
    finder = await loadFinder(context, request, locale, parsed.query)
  } catch (err) {
    throwPageError(err, request)
  }

  const path = localizePath(locale, FINDER_PATH)
  const absolute = (p: string) => `${context.publicUrl.replace(/\/+$/, '')}${p}`
  const hasParams = FINDER_STEPS.some((step) => url.searchParams.has(step.param)) || url.searchParams.has('p')
  const stepNames = Object.fromEntries(FINDER_STEPS.map((step) => [step.key, t(`finder.steps.${step.key}`)]))
  return data(
    {
      locale,
      path,
      steps: finder.steps,
      notices: finder.ignored.map((entry) => t('finder.ignored', { value: entry.value, step: stepNames[entry.key] })),
      results: finder.results ?? null,
      pageLinks: finder.results
        ? Array.from({ length: finder.results.pages }, (_, i) => finderHref(path, finder.steps, i + 1))
        : [],
      seo: {
        title: getT(locale, 'common')('meta.titleTemplate', { title: t('finder.title') }),
        description: t('finder.metaDescription'),
        // Every selection is a view of the one finder page; only the bare page is indexed.
        canonical: absolute(path),
        alternates: Object.fromEntries(locales.map((l) => [l, absolute(localizePath(l, FINDER_PATH))])),
        // The language switch keeps the choices; the finder in the other language reads them in its own spelling.
        ...(finder.steps.some((step) => step.selected)
          ? { languageSwitch: Object.fromEntries(locales.map((l) => [l, finderHref(localizePath(l, FINDER_PATH), finder.steps)])) }
          : {}),
        ...(hasParams ? { robots: 'noindex, follow' } : {}),
      },
      breadcrumbs: [{ name: t('finder.title'), href: path }],
    },
    { headers: { 'Cache-Control': catalogueCacheControl(finder.hasSession) } },
  )
}

export const headers: HeadersFunction = ({ loaderHeaders }) => pickHeaders(loaderHeaders)

export const meta: MetaFunction<typeof loader> = listingPageMeta

export default function ProductFinder() {
  const { locale, path, steps, notices, results, pageLinks } = useLoaderData<typeof loader>()
  const { t } = useTranslation('media')
  return (
    <div className="container finder-page">
      <h1>{t('finder.title')}</h1>
      <p className="finder-intro">{t('finder.intro')}</p>
      {notices.length ? (
        <div className="finder-notices" role="status">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}
      <FinderForm steps={steps} action={path} />

      {results ? (
        <section className="finder-results" aria-labelledby="finder-results-title">
          <h2 id="finder-results-title">{t('finder.resultsTitle')}</h2>
          <p className="finder-count" aria-live="polite">
            {t('finder.count', { count: results.total })}
          </p>
          {results.products.length ? (
            <ul className="finder-grid">
              {results.products.map((product) => (
                <li key={product.id}>
                  <FinderResultCard product={product} locale={locale} />
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('finder.empty')}</p>
          )}
          {results.pages > 1 ? (
            <nav className="finder-pagination" aria-label={t('finder.pagination')}>
              {results.page > 1 ? (
                <Link to={pageLinks[results.page - 2]!} rel="prev" preventScrollReset={false}>
                  {t('finder.previous')}
                </Link>
              ) : null}
              <ol>
                {pageLinks.map((href, index) => (
                  <li key={href}>
                    <Link
                      to={href}
                      aria-current={index + 1 === results.page ? 'page' : undefined}
                      aria-label={t('finder.page', { page: index + 1 })}
                    >
                      {index + 1}
                    </Link>
                  </li>
                ))}
              </ol>
              {results.page < results.pages ? (
                <Link to={pageLinks[results.page]!} rel="next">
                  {t('finder.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      ) : (
        <p className="finder-hint">{t('finder.chooseFirst')}</p>
      )}
    </div>
  )
}
