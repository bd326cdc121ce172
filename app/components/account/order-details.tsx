import { Form, Link } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { CartTotals } from '~/components/cart/cart-totals'
import { localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { OrderDetailView } from '~/store/customer.server'
import { AddressLines } from './address-lines'
import { formatOrderDate, PaymentState, payAgainHref } from './order-table'
import { buttonClass } from '~/components/ui/button'
import { VariantOptions } from '~/components/ui/variant-options'

/** The items of an order: product and number, quantity, normal price, the shopper's price, line subtotal. */
function OrderItems({ order, locale }: { order: OrderDetailView; locale: Locale }) {
  const { t } = useTranslation('account')
  const money = (value: number) => formatPrice(locale, value, order.currency)
  return (
    <div className="account-table-wrap order-cards-wrap">
      <table className="account-table order-items order-cards">
        <caption className="visually-hidden">{t('orders.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.product')}</th>
            <th scope="col" className="numeric">
              {t('orders.quantity')}
            </th>
            <th scope="col" className="numeric">
              {t('orders.price')}
            </th>
            <th scope="col" className="numeric">
              {t('orders.yourPrice')}
            </th>
            <th scope="col" className="numeric">
              {t('orders.subtotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.label}
                {line.productNumber ? (
                  <span className="account-muted order-line-number">{t('orders.productNumber', { number: line.productNumber })}</span>
                ) : null}
                <VariantOptions options={line.options} className="account-muted order-line-number" />
              </th>
              {/* data-label: on phones each row becomes a card that names its values. */}
              <td className="numeric" data-label={t('orders.quantity')}>
                {line.quantity}
              </td>
              <td className="numeric" data-label={t('orders.price')}>
                {line.listPrice !== undefined ? <s>{money(line.listPrice)}</s> : money(line.unitPrice)}
              </td>
              <td className="numeric" data-label={t('orders.yourPrice')}>
                {money(line.unitPrice)}
              </td>
              <td className="numeric" data-label={t('orders.subtotal')}>
                {money(line.totalPrice)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * /account/order/details/{id}: items, totals, addresses, methods, and the actions (reorder, pay again).
 * Opened by the order mail's link (`byLink`) it has no account actions; paying again needs the session
 * of the order's guest (`canPay`), which the store hands out on the link since Shopware 6.7.
 */
export function OrderDetails({
  order,
  locale,
  busy,
  byLink = false,
  canPay = !byLink,
}: {
  order: OrderDetailView
  locale: Locale
  busy: boolean
  byLink?: boolean
  canPay?: boolean
}) {
  const { t } = useTranslation('account')
  return (
    <>
      <header className="account-header">
        <h1>{t('orders.detailTitle', { number: order.orderNumber })}</h1>
        <dl className="order-meta">
          <div>
            <dt>{t('orders.date')}</dt>
            <dd>{formatOrderDate(locale, order.date)}</dd>
          </div>
          <div>
            <dt>{t('orders.status')}</dt>
            <dd>{order.status ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('orders.paymentState')}</dt>
            <dd>
              <PaymentState order={order} />
            </dd>
          </div>
        </dl>
      </header>
      {order.payAgain && canPay ? (
        <div className="order-unpaid" role="status">
          <p>{t('orders.unpaidHint')}</p>
          <Link to={payAgainHref(locale, order.id)} className={buttonClass()}>
            {t('orders.payAgain')}
          </Link>
        </div>
      ) : null}
      <OrderItems order={order} locale={locale} />
      <section className="order-totals" aria-labelledby="order-totals">
        <h2 id="order-totals" className="visually-hidden">
          {t('orders.totals')}
        </h2>
        <CartTotals totals={order.totals} locale={locale} />
      </section>
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
            {order.deliveryTime ? (
              <div>
                <dt>{t('orders.deliveryTime')}</dt>
                <dd>{t(`orders.deliveryUpTo.${order.deliveryTime.unit}`, { count: order.deliveryTime.max })}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        {order.contactPerson || order.desiredDate || order.comment ? (
          <section className="account-card" aria-labelledby="order-entered">
            <h2 id="order-entered">{t('orders.entered')}</h2>
            <dl className="account-facts">
              {order.contactPerson ? (
                <div>
                  <dt>{t('orders.contactPerson')}</dt>
                  <dd>{order.contactPerson}</dd>
                </div>
              ) : null}
              {order.desiredDate ? (
                <div>
                  <dt>{t('orders.desiredDate')}</dt>
                  <dd>{formatOrderDate(locale, `${order.desiredDate}T12:00:00Z`)}</dd>
                </div>
              ) : null}
              {order.comment ? (
                <div>
                  <dt>{t('orders.comment')}</dt>
                  <dd className="order-comment">{order.comment}</dd>
                </div>
              ) : null}
            </dl>
          </section>
        ) : null}
      </div>
      {byLink ? null : (
        <div className="order-actions">
          {/* Changes the cart, so a POST (a link could be followed by prefetchers). */}
          <Form method="post" className="order-reorder">
            <input type="hidden" name="intent" value="reorder" />
            <button type="submit" className={buttonClass()} aria-describedby="order-reorder-hint" disabled={busy}>
              {t('orders.reorder')}
            </button>
            <p id="order-reorder-hint" className="account-muted">
              {t('orders.reorderHint')}
            </p>
          </Form>
          <Link to={localizePath(locale, '/account/order')} className="account-link">
            {t('orders.backToList')}
          </Link>
        </div>
      )}
    </>
  )
}

/** Someone else's order or an unknown id: said plainly, inside the account (the response is a 404). */
export function OrderNotFound({ locale }: { locale: Locale }) {
  const { t } = useTranslation('account')
  return (
    <>
      <header className="account-header">
        <h1>{t('orders.notFound')}</h1>
        <p className="account-intro">{t('orders.notFoundText')}</p>
      </header>
      <p>
        <Link to={localizePath(locale, '/account/order')} className="account-link">
          {t('orders.backToList')}
        </Link>
      </p>
    </>
  )
}
