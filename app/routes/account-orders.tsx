import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { NoOrders, OrderTable } from '~/components/account/order-table'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { accountHeaders, accountPage, accountSessionWith, loadOrders } from '~/store/customer.server'
import { pageMeta } from '~/lib/page-meta'

const PAGE_SIZE = 10

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const requested = Number(url.searchParams.get('p') ?? '1')
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1000 ? requested : 1
  const { loaded } = await accountSessionWith(context, request, locale, (store) => loadOrders(store, { page, limit: PAGE_SIZE }))
  const orders = await loaded
  return data({ locale, ...orders, ...accountPage(context, locale, 'order') }, { headers: accountHeaders() })
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function AccountOrders() {
  const { locale, orders, total, page, limit } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const pages = Math.max(1, Math.ceil(total / limit))
  const href = (p: number) => `${localizePath(locale, '/account/order')}${p > 1 ? `?p=${p}` : ''}`
  return (
    <>
      <header className="account-header">
        <h1>{t('orders.title')}</h1>
        <p className="account-intro">{t('orders.intro')}</p>
      </header>
      {orders.length ? (
        <>
          <OrderTable orders={orders} locale={locale} caption={t('orders.title')} />
          {pages > 1 ? (
            <nav className="account-pagination" aria-label={t('orders.pagination')}>
              {page > 1 ? <Link to={href(page - 1)}>{t('orders.previous')}</Link> : null}
              <span>{t('orders.page', { page, pages })}</span>
              {page < pages ? <Link to={href(page + 1)}>{t('orders.next')}</Link> : null}
            </nav>
          ) : null}
        </>
      ) : (
        <NoOrders locale={locale} />
      )}
    </>
  )
}
