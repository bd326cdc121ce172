import { Link, useFetcher, useLocation, useNavigate, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { ChevronIcon } from '~/components/shell/icons'
import { JsonLd } from '~/components/shell/nonce'
import { useCompactLayout } from '~/components/shell/use-device'
import { buttonClass } from '~/components/ui/button'
import {
  hasFilters,
  listingHref,
  parseListingQuery,
  PAGE_SIZES,
  withoutFilter,
  withoutFilters,
  withPage,
  type ListingQuery,
  type RemovableFilter,
} from '~/lib/listing-url'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import { LISTING_RESULTS_ID } from '~/lib/skip-links'
import { findListingView } from './listing-meta'
import { ListingProductCard } from './listing-product-card'
import type { ListingProduct, ListingView } from './types'
import { setBounded } from '~/lib/bounded-map'

interface ListingProps {
  view: ListingView
  locale: Locale
  /** Accessible name of the listing region. */
  label: string
}

/** What "load more" added to a listing: its products and the last page shown. */
interface Appended {
  /** The listing they belong to: path and query, page included. */
  listing: string
  products: ListingProduct[]
  page: number
}

// What "load more" added, by history entry (browser only: written after a fetch). Back from a
// product, the listing shows what the shopper had loaded, so the restored scroll position finds it.
const appendedByEntry = new Map<string, Appended>()
const REMEMBERED_ENTRIES = 20

/**
 * A product listing with its GET filter form, sorting, page size, active filters, grid and
 * pagination. Everything works as plain links and form submissions; with JS the form applies on
 * change and "load more" appends the next page in place.
 */
export function Listing({ view, locale, label }: ListingProps) {
  const { t } = useTranslation('listing')
  const { pathname, key: entry } = useLocation()
  const hydrated = useHydrated()
  const listing = listingHref(pathname, view.query)
  const [appended, setAppended] = useState<Appended>(() => {
    const kept = appendedByEntry.get(entry)
    return kept?.listing === listing ? kept : { listing, products: [], page: view.page }
  })
  // Another listing (filters, sorting, page) replaces whatever "load more" appended. The same one
  // read again (after a heart or an article added to the cart) keeps it.
  let current = appended
  if (appended.listing !== listing) {
    current = { listing, products: [], page: view.page }
    setAppended(current)
  }
  const shown = new Set(view.products.map((p) => p.id))
  const products = [...view.products, ...current.products.filter((p) => !shown.has(p.id))]
  const grid = useRef<HTMLUListElement>(null)
  const focusFrom = useRef<number | null>(null)
  // After "load more" the keyboard continues at the first appended product, not back at the button.
  useEffect(() => {
    const index = focusFrom.current
    if (index === null) return
    focusFrom.current = null
    grid.current?.children[index]?.querySelector<HTMLAnchorElement>('a')?.focus()
  }, [products.length])
  const query = view.query
  const href = (q: ListingQuery) => listingHref(pathname, q)
  const filtered = hasFilters(query)

  return (
    <section className="listing" aria-label={label}>
      <ListingJsonLd view={view} />
      <FilterForm view={view} pathname={pathname} hydrated={hydrated} />
      {/* The target of the page's skip link to the products (app/lib/skip-links.ts). */}
      <div className="listing-main" id={LISTING_RESULTS_ID} tabIndex={-1}>
        <ActiveFilters view={view} locale={locale} href={href} />
        <p className="listing-count" role="status" aria-live="polite" aria-atomic="true">
          {current.products.length
            ? t('showing', { shown: products.length, total: view.total })
            : t('count', { count: view.total })}
        </p>
        {products.length ? (
          <ul className="cms-product-grid listing-grid" ref={grid}>
            {products.map((product, index) => (
              <li key={product.id}>
                <ListingProductCard product={product} locale={locale} priority={index < 2 && view.page === 1} />
              </li>
            ))}
          </ul>
        ) : view.total > 0 ? (
          // A page number past the end (an old bookmark, a shortened list): the products exist, this page does not.
          <div className="listing-empty">
            <h2>{t('empty.pastEndTitle')}</h2>
            <p>{t('empty.pastEnd', { count: view.pages, total: view.total })}</p>
            <Link to={href(withPage(query, view.pages))}>{t('empty.lastPage')}</Link>
          </div>
        ) : (
          <div className="listing-empty">
            <h2>{t('empty.title')}</h2>
            <p>{filtered ? t('empty.filtered') : t('empty.none')}</p>
            {filtered ? <Link to={href(withoutFilters(query))}>{t('filters.resetAll')}</Link> : null}
          </div>
        )}
        <LoadMore view={view} page={current.page} hydrated={hydrated} href={href} shown={products} onLoaded={(next) => {
            focusFrom.current = products.length
            const loaded = { listing, products: [...current.products, ...next.products], page: next.page }
            setBounded(appendedByEntry, entry, loaded, REMEMBERED_ENTRIES)
            setAppended(loaded)
          }} />
        <Pagination view={view} href={href} last={current.page} />
      </div>
    </section>
  )
}

function FilterForm({ view, pathname, hydrated }: { view: ListingView; pathname: string; hydrated: boolean }) {
  const { t } = useTranslation('listing')
  const navigate = useNavigate()
  const { query, facets } = view
  const id = useId()

  // Enter in a field just typed into fires the native change and then submit, in one task: the second
  // would only cancel the first's identical request.
  const requestedInThisTask = useRef<string>()
  // With JS the form's state goes through the same parser, so the URL stays short and canonical.
  const go = (form: HTMLFormElement) => {
    const params = new URLSearchParams()
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
    const next = parseListingQuery(params)
    const target = listingHref(pathname, { ...next, p: 1 })
    if (target === requestedInThisTask.current) return
    requestedInThisTask.current = target
    setTimeout(() => (requestedInThisTask.current = undefined))
    navigate(target, { preventScrollReset: true })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    go(event.currentTarget)
  }
  const formRef = useRef<HTMLFormElement>(null)
  const panelRef = useRef<HTMLDetailsElement>(null)
  // The panel folds away on a narrow layout and opens on a wide one, also when the window is resized
  // across the breakpoint (re-evaluated 50 ms after the last resize, spec section 9).
  const compact = useCompactLayout()
  useEffect(() => {
    if (panelRef.current && compact !== undefined) panelRef.current.open = !compact
  }, [compact])
  // The fields are not remounted per result (that would drop the focus, e.g. between the two price
  // fields): after a navigation every field the shopper is not in shows the state of the URL again.
  const state = listingHref('', query)
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      if (field === document.activeElement) continue
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) field.checked = field.defaultChecked
      else if (field instanceof HTMLInputElement) field.value = field.defaultValue
      // React sets a select's defaultValue only when it mounts, so the URL state is applied here.
      else if (field.name === 'order') field.value = view.order
      else if (field.name === 'limit') field.value = String(query.limit)
    }
  }, [state, view.order, query.limit])
  const activeCount = countActive(query)
  const goRef = useRef(go)
  goRef.current = go
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    // The native change event (React's onChange is per keystroke): a price applies on leaving the field.
    const listener = () => goRef.current(form)
    form.addEventListener('change', listener)
    return () => form.removeEventListener('change', listener)
  }, [])

  return (
    <form method="get" action={pathname} className="listing-filters" ref={formRef} onSubmit={onSubmit} data-enhanced={hydrated || undefined} aria-label={t('filters.title')}>
      {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
      <div className="listing-toolbar">
        <label htmlFor={`${id}-order`}>{t('sort.label')}</label>
        <select id={`${id}-order`} name="order" defaultValue={view.order}>
          {view.sortings.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
        {/* Without JS the apply button sits in the filter panel, closed on a phone: the sorting gets its own. */}
        <button type="submit" className={buttonClass({ variant: 'secondary' }, 'listing-sort-apply')}>
          <ChevronIcon direction="right" />
          <span className="visually-hidden">{t('sort.apply')}</span>
        </button>
      </div>
      {/* Closed as rendered, so a phone shows products first, also without JS; from 960 px the CSS
          shows the content of the closed panel (::details-content) and JS opens it. */}
      <details className="listing-filter-panel" ref={panelRef}>
        <summary>
          <span>{t('filters.title')}</span>
          {activeCount ? (
            <span className="listing-filter-count">
              <span aria-hidden="true">{activeCount}</span>
              <span className="visually-hidden">{t('filters.activeCount', { count: activeCount })}</span>
            </span>
          ) : null}
        </summary>
        <div className="listing-facets">
          {facets.manufacturers.length ? (
            <fieldset>
              <legend>{t('filters.manufacturer')}</legend>
              {facets.manufacturers.map((m) => (
                <label key={m.id} className="listing-check">
                  <input type="checkbox" name="manufacturer" value={m.id} defaultChecked={m.active} /> {m.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          {facets.properties.map((group) => (
            <fieldset key={group.id}>
              <legend>{group.name}</legend>
              {group.options.map((o) => (
                <label key={o.id} className="listing-check">
                  <input type="checkbox" name="properties" value={o.id} defaultChecked={o.active} /> {o.name}
                </label>
              ))}
            </fieldset>
          ))}
          {facets.tags.length ? (
            <fieldset>
              <legend>{t('filters.tags')}</legend>
              {facets.tags.map((o) => (
                <label key={o.id} className="listing-check">
                  <input type="checkbox" name="tag" value={o.id} defaultChecked={o.active} /> {o.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="listing-price-range">
            <legend>{t('filters.price')}</legend>
            <label htmlFor={`${id}-min`}>{t('filters.minPrice')}</label>
            <input
              id={`${id}-min`}
              type="number"
              name="min-price"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={query.minPrice ?? ''}
              placeholder={facets.price ? String(facets.price.min) : undefined}
            />
            <label htmlFor={`${id}-max`}>{t('filters.maxPrice')}</label>
            <input
              id={`${id}-max`}
              type="number"
              name="max-price"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={query.maxPrice ?? ''}
              placeholder={facets.price ? String(facets.price.max) : undefined}
            />
          </fieldset>
          {facets.maxRating || query.rating ? (
            <fieldset className="listing-rating">
              <legend>{t('filters.rating')}</legend>
              <label className="listing-check">
                <input type="radio" name="rating" value="" defaultChecked={query.rating === undefined} /> {t('filters.ratingAny')}
              </label>
              {[5, 4, 3, 2, 1]
                .filter((n) => n <= Math.max(facets.maxRating ?? 0, query.rating ?? 0))
                .map((n) => (
                  <label key={n} className="listing-check">
                    <input type="radio" name="rating" value={n} defaultChecked={query.rating === n} /> {t('filters.ratingMin', { count: n })}
                  </label>
                ))}
            </fieldset>
          ) : null}
          <fieldset>
            <legend>{t('filters.availability')}</legend>
            {facets.shippingFree || query.shippingFree ? (
              <label className="listing-check">
                <input type="checkbox" name="shipping-free" value="1" defaultChecked={query.shippingFree} /> {t('filters.shippingFree')}
              </label>
            ) : null}
            <label className="listing-check">
              <input type="checkbox" name="available" value="1" defaultChecked={query.available} /> {t('filters.available')}
            </label>
          </fieldset>
          <div className="listing-limit">
            <label htmlFor={`${id}-limit`}>{t('limit.label')}</label>
            <select id={`${id}-limit`} name="limit" defaultValue={String(query.limit)}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>
        {/* With JS every change applies at once; the button stays for keyboard users and without JS. */}
        <button type="submit" className={buttonClass({ variant: 'primary' }, 'listing-apply')}>
          {t('filters.apply')}
        </button>
      </details>
    </form>
  )
}

function ActiveFilters({ view, locale, href }: { view: ListingView; locale: Locale; href: (q: ListingQuery) => string }) {
  const { t } = useTranslation('listing')
  const { query, filterNames } = view
  const items: { key: string; name: string; filter: RemovableFilter }[] = []
  for (const kind of ['manufacturer', 'properties', 'tag'] as const) {
    // An id the facets do not name (the store has no tag facet, or the option is not in this listing) gets its kind's label.
    const fallback = t(kind === 'manufacturer' ? 'filters.manufacturer' : kind === 'tag' ? 'filters.tags' : 'filters.more')
    for (const id of query[kind]) items.push({ key: `${kind}-${id}`, name: filterNames[id] ?? fallback, filter: { kind, id } })
  }
  if (query.minPrice !== undefined)
    items.push({ key: 'min', name: t('filters.minPriceActive', { price: formatPrice(locale, query.minPrice) }), filter: { kind: 'min-price' } })
  if (query.maxPrice !== undefined)
    items.push({ key: 'max', name: t('filters.maxPriceActive', { price: formatPrice(locale, query.maxPrice) }), filter: { kind: 'max-price' } })
  if (query.rating !== undefined) items.push({ key: 'rating', name: t('filters.ratingActive', { count: query.rating }), filter: { kind: 'rating' } })
  if (query.shippingFree) items.push({ key: 'sf', name: t('filters.shippingFree'), filter: { kind: 'shipping-free' } })
  if (query.available) items.push({ key: 'av', name: t('filters.available'), filter: { kind: 'available' } })
  if (!items.length) return null
  return (
    <div className="listing-active">
      <h2 className="listing-active-title">{t('filters.active')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={href(withoutFilter(query, item.filter))} preventScrollReset aria-label={t('filters.remove', { name: item.name })}>
              {item.name} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={href(withoutFilters(query))} preventScrollReset className="listing-reset">
            {t('filters.resetAll')}
          </Link>
        </li>
      </ul>
    </div>
  )
}

/** How many filters are set (the number on the phone's filter button). */
function countActive(query: ListingQuery): number {
  return (
    query.manufacturer.length +
    query.properties.length +
    query.tag.length +
    (query.minPrice !== undefined ? 1 : 0) +
    (query.maxPrice !== undefined ? 1 : 0) +
    (query.rating !== undefined ? 1 : 0) +
    (query.shippingFree ? 1 : 0) +
    (query.available ? 1 : 0)
  )
}

interface LoadMoreProps {
  view: ListingView
  /** The products on the page now: a page fetched again adds only what is not among them. */
  shown: ListingProduct[]
  page: number
  hydrated: boolean
  href: (q: ListingQuery) => string
  onLoaded: (next: { products: ListingProduct[]; page: number }) => void
}

function LoadMore({ view, shown, page, hydrated, href, onLoaded }: LoadMoreProps) {
  const { t } = useTranslation('listing')
  const fetcher = useFetcher<unknown>()
  const handled = useRef<unknown>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return
    handled.current = fetcher.data
    const next = findListingView(fetcher.data)
    if (!next) return
    const known = new Set(shown.map((p) => p.id))
    const fresh = next.products.filter((p) => !known.has(p.id))
    // The fetch is read again after an action on the page (a heart): what it holds is shown already.
    if (!fresh.length && next.page <= page) return
    onLoaded({ products: fresh, page: Math.max(page, next.page) })
  }, [fetcher.state, fetcher.data, shown, page, onLoaded])

  if (page >= view.pages) return null
  const nextHref = href(withPage(view.query, page + 1))
  if (!hydrated) {
    return (
      <p className="listing-more">
        <Link to={nextHref} className={buttonClass({ variant: 'secondary' })} rel="next">
          {t('loadMore')}
        </Link>
      </p>
    )
  }
  const busy = fetcher.state !== 'idle'
  return (
    <p className="listing-more">
      <button type="button" className={buttonClass({ variant: 'secondary' })} aria-busy={busy} disabled={busy} onClick={() => fetcher.load(nextHref)}>
        {busy ? t('loading') : t('loadMore')}
      </button>
    </p>
  )
}

/** Page numbers to show: first, last and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push('gap')
    out.push(n)
  })
  return out
}

/** `last` is the last page shown: "load more" appends pages, and the pager goes on from there. */
function Pagination({ view, href, last }: { view: ListingView; href: (q: ListingQuery) => string; last: number }) {
  const { t } = useTranslation('listing')
  // Past the end the page offers the last page itself (see the empty state).
  if (view.pages <= 1 || view.page > view.pages) return null
  const { pages, query } = view
  const page = Math.max(view.page, Math.min(last, pages))
  return (
    <nav className="listing-pagination" aria-label={t('pagination.label')}>
      <ul>
        {view.page > 1 ? (
          <li>
            <Link to={href(withPage(query, view.page - 1))} rel="prev">
              <span aria-hidden="true">‹</span> <span className="visually-hidden">{t('pagination.previous')}</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={href(withPage(query, n))}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: n })}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(withPage(query, page + 1))} rel="next">
              <span className="visually-hidden">{t('pagination.next')}</span> <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}

function ListingJsonLd({ view }: { view: ListingView }) {
  const root = useRouteLoaderData('root') as { publicUrl?: string } | undefined
  const origin = (root?.publicUrl ?? '').replace(/\/+$/, '')
  if (!view.products.length) return null
  const offset = (view.page - 1) * view.limit
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        numberOfItems: view.total,
        itemListElement: view.products.map((p, i) => ({
          '@type': 'ListItem',
          position: offset + i + 1,
          url: `${origin}${p.href}`,
          name: p.name,
        })),
      }}
    />
  )
}
