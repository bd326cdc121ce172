import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AddressLines } from '~/components/account/address-lines'
import { formatOrderDate } from '~/components/account/order-table'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import { accountHeaders, accountPage, accountSession, loadOrder } from '~/store/customer.server'
import { throwPageError } from '~/store/errors.server'
import { pageMeta } from '~/lib/page-meta'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { store } = await accountSession(context, request, locale)
  const id = (params.id ?? '').toLowerCase()
  const notFound = () => data({ message: `Page not found: ${url.pathname}`, path: url.pathname }, { status: 404, headers: accountHeaders() })
  if (!/^[0-9a-f]{32}$/.test(id)) throw notFound()
  let order: Awaited<ReturnType<typeof loadOrder>>
  try {
    order = await loadOrder(store, id)
  } catch (err) {
    throwPageError(err, request)
  }
  // The store answers only the customer's own orders: someone else's id is as unknown as a wrong one.
  if (!order) throw notFound()
  const name = getT(locale, 'account')('orders.detailTitle', { number: order.orderNumber })
  return data(
    { locale, order, ...accountPage(context, locale, 'order', { name, path: `/account/order/details/${order.id}` }) },
    { headers: accountHeaders() },
  )
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function AccountOrderDetails() {
  const { locale, order } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const money = (value: number) => formatPrice(locale, value, order.currency)
  return (
    <>
      <header className="account-header">
        <h1>{t('orders.detailTitle', { number: order.orderNumber })}</h1>
        <p className="account-intro">
          {t('orders.placedOn', { date: formatOrderDate(locale, order.date) })}
          {order.status ? ` · ${t('orders.status')}: ${order.status}` : ''}
        </p>
      </header>
      <div className="account-table-wrap">
        <table className="account-table">
          <caption className="visually-hidden">{t('orders.items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('orders.product')}</th>
              <th scope="col" className="numeric">{t('orders.quantity')}</th>
              <th scope="col" className="numeric">{t('orders.unitPrice')}</th>
              <th scope="col" className="numeric">{t('orders.subtotal')}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">
                  {line.label}
                  {line.productNumber ? <span className="account-muted order-number"> {t('orders.productNumber', { number: line.productNumber })}</span> : null}
                </th>
                <td className="numeric">{line.quantity}</td>
                <td className="numeric">{money(line.unitPrice)}</td>
                <td className="numeric">{money(line.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>{t('orders.subtotal')}</th>
              <td className="numeric">{money(order.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>{t('orders.shipping')}</th>
              <td className="numeric">{money(order.shippingTotal)}</td>
            </tr>
            <tr className="order-total">
              <th scope="row" colSpan={3}>{t('orders.total')}</th>
              <td className="numeric">{money(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="account-cards">
        {order.billingAddress ? (
          <section className="account-card" aria-labelledby="order-billing">
            <h2 id="order-billing">{t('orders.billingAddress')}</h2>
            <AddressLines address={order.billingAddress} />
          </section>
        ) : null}
        {order.shippingAddress ? (
          <section className="account-card" aria-labelledby="order-shipping">
            <h2 id="order-shipping">{t('orders.shippingAddress')}</h2>
            <AddressLines address={order.shippingAddress} />
          </section>
        ) : null}
        <section className="account-card" aria-labelledby="order-methods">
          <h2 id="order-methods">{t('orders.methods')}</h2>
          <dl className="account-facts">
            <div>
              <dt>{t('orders.paymentMethod')}</dt>
              <dd>{order.paymentMethod ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('orders.shippingMethod')}</dt>
              <dd>{order.shippingMethod ?? '–'}</dd>
            </div>
          </dl>
        </section>
      </div>
      <p>
        <Link to={localizePath(locale, '/account/order')} className="account-link">
          {t('orders.backToList')}
        </Link>
      </p>
    </>
  )
}
