import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { languageTags, localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'

export interface OrderRow {
  id: string
  orderNumber: string
  date: string
  status?: string
  total: number
  currency: string
}

export function formatOrderDate(locale: Locale, iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  // A fixed zone: the server and the browser must render the same text (hydration).
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(date)
}

/** Orders as a table: number (link to the details), date, status, total. */
export function OrderTable({ orders, locale, caption }: { orders: OrderRow[]; locale: Locale; caption: string }) {
  const { t } = useTranslation('account')
  return (
    <div className="account-table-wrap">
      <table className="account-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.number')}</th>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.status')}</th>
            <th scope="col" className="numeric">
              {t('orders.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={localizePath(locale, `/account/order/details/${order.id}`)}>{order.orderNumber}</Link>
              </th>
              <td>{formatOrderDate(locale, order.date)}</td>
              <td>{order.status ?? '–'}</td>
              <td className="numeric">{formatPrice(locale, order.total, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** No orders yet: says so and leads back to the catalogue. */
export function NoOrders({ locale }: { locale: Locale }) {
  const { t } = useTranslation('account')
  return (
    <div className="account-empty" role="status">
      <p>{t('orders.empty')}</p>
      <Link to={localizePath(locale, '/')} className="btn btn-small btn-secondary">
        {t('orders.startShopping')}
      </Link>
    </div>
  )
}
