import { Form, Link, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { ProductCard } from '~/components/product/product-card'
import { buttonClass } from '~/components/ui/button'
import { localizePath, type Locale } from '~/lib/locale'
import type { WishlistPage, WishlistProduct } from '~/store/wishlist.server'
import { CatalogueLink } from './catalogue-link'

function WishlistItem({ product, locale, redirectTo }: { product: WishlistProduct; locale: Locale; redirectTo: string }) {
  const { t } = useTranslation('wishlist')
  const { availability } = product
  const buyable = !product.priceOnRequest && availability.state !== 'unavailable'
  const action = localizePath(locale, '/wishlist')
  const loggedIn = !!(useRouteLoaderData('root') as { customer?: unknown } | undefined)?.customer
  const actions = (
    <>
      {buyable ? (
        <Form method="post" action={`${action}${redirectTo.includes('?') ? redirectTo.slice(redirectTo.indexOf('?')) : ''}`} preventScrollReset>
          <input type="hidden" name="intent" value="add-to-cart" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="quantity" value={product.minPurchase} />
          <button type="submit" className={buttonClass({ size: 'small', variant: 'primary' })}>
            <span aria-hidden="true">{t('page.addToCart')}</span>
            <span className="visually-hidden">{t('page.addToCartLabel', { name: product.name })}</span>
          </button>
        </Form>
      ) : null}
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {loggedIn ? <input type="hidden" name="asCustomer" value="1" /> : null}
        <button type="submit" className={buttonClass({ size: 'small', variant: 'text' })} data-testid="wishlist-remove">
          <span aria-hidden="true">{t('page.remove')}</span>
          <span className="visually-hidden">{t('page.removeLabel', { name: product.name })}</span>
        </button>
      </Form>
    </>
  )
  return (
    <li data-product-number={product.productNumber} data-testid="wishlist-item">
      {/* The page is the wishlist: no heart on its own cards, removing is an explicit button. */}
      <ProductCard product={product} locale={locale} layout="row" headingLevel={2} wishlist={false} actions={actions} />
    </li>
  )
}

function Pagination({ locale, page, pages }: { locale: Locale; page: number; pages: number }) {
  const { t } = useTranslation('wishlist')
  const href = (p: number) => `${localizePath(locale, '/wishlist')}${p > 1 ? `?p=${p}` : ''}`
  return (
    <nav className="wishlist-pagination" aria-label={t('page.pagination')}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          {t('page.previous')}
        </Link>
      ) : null}
      <span aria-current="page">{t('page.pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next">
          {t('page.next')}
        </Link>
      ) : null}
    </nav>
  )
}

/** /wishlist: the viewer's products (15 per page), each with remove and add to cart, and the PDF catalogue. */
export function WishlistPageView({ locale, page, formError }: { locale: Locale; page: WishlistPage; formError?: string }) {
  const { t } = useTranslation('wishlist')
  const location = useLocation()
  const redirectTo = `${location.pathname}${location.search}`
  return (
    <div className="container wishlist-page">
      <header className="wishlist-header">
        <h1>{t('page.title')}</h1>
        {page.total > 0 ? (
          <p className="wishlist-count" data-testid="wishlist-total">
            {t('page.count', { count: page.total })}
          </p>
        ) : null}
      </header>
      {formError ? (
        <p className="form-error" role="alert">
          {t(formError)}
        </p>
      ) : null}
      {page.total > 0 ? (
        <>
          {page.source === 'cookie' ? <p className="wishlist-note">{t('page.localNote')}</p> : null}
          <CatalogueLink locale={locale} count={page.total} />
          <ul className="wishlist-list" aria-label={t('page.listLabel')}>
            {page.products.map((product) => (
              <WishlistItem key={product.id} product={product} locale={locale} redirectTo={redirectTo} />
            ))}
          </ul>
          {page.pages > 1 ? <Pagination locale={locale} page={page.page} pages={page.pages} /> : null}
        </>
      ) : (
        <div className="wishlist-empty">
          <p data-testid="wishlist-empty">{t('page.empty')}</p>
          <Link to={localizePath(locale, '/')} className="btn btn-medium btn-primary">
            {t('page.toShop')}
          </Link>
        </div>
      )}
    </div>
  )
}
