import { Link } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { languageTags, localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import { buttonClass } from '~/components/ui/button'

export interface OrderRow {
  id: string
  orderNumber: string
  date: string
  status?: string
  total: number
  currency: string
  paymentState?: string
  paymentStateName?: string
  payAgain: boolean
}

/** The payment state in the page language; a state we do not know keeps the store's name. */
export function PaymentState({ order }: { order: Pick<OrderRow, 'paymentState' | 'paymentStateName'> }) {
  const { t } = useTranslation('account')
  const label = order.paymentState ? t(`orders.paymentStates.${order.paymentState}`) : order.paymentStateName
  if (!label) return <>–</>
  return <span className={`payment-state payment-state-${order.paymentState ?? 'other'}`}>{label}</span>
}

/** Where an unpaid order is paid again (the success page's unpaid variant offers the methods). */
export function payAgainHref(locale: Locale, orderId: string): string {
  return localizePath(locale, `/checkout/success/${orderId}/unpaid`)
}

export function formatOrderDate(locale: Locale, iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  // A fixed zone: the server and the browser must render the same text (hydration).
  return new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(date)
}

/** Orders as a table: number (link to the details), date, status, payment state, total; unpaid ones can be paid. */
export function OrderTable({ orders, locale, caption }: { orders: OrderRow[]; locale: Locale; caption: string }) {
  const { t } = useTranslation('account')
  const withActions = orders.some((order) => order.payAgain)
  return (
    <div className="account-table-wrap order-cards-wrap">
      <table className="account-table order-cards">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.number')}</th>
            <th scope="col">{t('orders.date')}</th>
            <th scope="col">{t('orders.status')}</th>
            <th scope="col">{t('orders.paymentState')}</th>
            <th scope="col" className="numeric">
              {t('orders.total')}
            </th>
            {withActions ? (
              <th scope="col">
                <span className="visually-hidden">{t('orders.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={localizePath(locale, `/account/order/details/${order.id}`)}>{order.orderNumber}</Link>
              </th>
              {/* data-label: on phones each row becomes a card that names its values. */}
              <td data-label={t('orders.date')}>{formatOrderDate(locale, order.date)}</td>
              <td data-label={t('orders.status')}>{order.status ?? '–'}</td>
              <td data-label={t('orders.paymentState')}>
                <PaymentState order={order} />
              </td>
              <td className="numeric" data-label={t('orders.total')}>
                {formatPrice(locale, order.total, order.currency)}
              </td>
              {withActions ? (
                <td className="order-card-action">
                  {order.payAgain ? (
                    <Link
                      to={payAgainHref(locale, order.id)}
                      className={buttonClass({ size: 'small', variant: 'secondary' })}
                      aria-label={t('orders.payAgainFor', { number: order.orderNumber })}
                    >
                      {t('orders.payAgain')}
                    </Link>
                  ) : null}
                </td>
              ) : null}
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
      <Link to={localizePath(locale, '/')} className={buttonClass({ size: 'small', variant: 'secondary' })}>
        {t('orders.startShopping')}
      </Link>
    </div>
  )
}
