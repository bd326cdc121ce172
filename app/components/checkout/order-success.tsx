import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { AddressLines } from '~/components/account/address-lines'
import { CartTotals } from '~/components/cart/cart-totals'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RadioGroupField } from '~/components/ui/form'
import { payAgainSchema } from '~/forms/checkout'
import { translateFormMessage } from '~/forms/messages'
import { languageTags, localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { MethodView, OrderView } from '~/store/checkout.server'
import { VariantOptions } from '~/components/ui/variant-options'

type SuccessData =
  | { locale: Locale; notFound: true; title: string }
  | {
      locale: Locale
      notFound: false
      title: string
      order: OrderView
      result: 'paid' | 'unpaid' | null
      paymentMethods: MethodView[]
      awaitingPayment: boolean
      paymentUrl: string | null
      seconds: number
      cancelled: boolean
      paymentFailed: boolean
      justPlaced: boolean
    }

function formatDate(locale: Locale, iso: string, withTime = true): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(languageTags[locale], {
    dateStyle: 'long',
    ...(withTime ? { timeStyle: 'short' } : {}),
    timeZone: 'Europe/Berlin',
  }).format(date)
}

/**
 * Spec section 9: after 5 seconds the shopper goes on to the payment page. Without JavaScript a
 * meta refresh inside <noscript> does it (with scripts the countdown leads, so the two never race);
 * with JavaScript the seconds count down visibly and the shopper can stop the countdown and go on
 * with the button when ready (WCAG 2.2.1, timing adjustable).
 */
function PaymentCountdown({ url, seconds }: { url: string; seconds: number }) {
  const { t } = useTranslation('checkout')
  const [left, setLeft] = useState(seconds)
  const [stopped, setStopped] = useState(false)
  // The stop button needs scripts; without them the meta refresh cannot be stopped, the link is there.
  const hydrated = useHydrated()
  useEffect(() => {
    if (stopped) return
    const started = Date.now()
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000))
      setLeft(remaining)
      if (remaining === 0) {
        window.clearInterval(timer)
        window.location.assign(url)
      }
    }, 250)
    return () => window.clearInterval(timer)
  }, [url, seconds, stopped])
  return (
    <div className="checkout-alert checkout-alert-info checkout-countdown">
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${url}`} />
      </noscript>
      <p role="status" aria-live="polite" aria-atomic="true">
        {stopped ? t('success.countdownStopped') : t('success.countdown', { count: left })}
      </p>
      <div className="checkout-countdown-actions">
        <a href={url} className={buttonClass({ variant: 'primary' })}>
          {t('success.payNow')}
        </a>
        {stopped || !hydrated ? null : (
          <button type="button" className={buttonClass({ variant: 'text' })} onClick={() => setStopped(true)}>
            {t('success.stopCountdown')}
          </button>
        )}
      </div>
    </div>
  )
}

function PayNowForm() {
  const { t } = useTranslation('checkout')
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pay'
  return (
    // The answer is a redirect to the payment page outside the shop's routes: a document submit.
    <Form method="post" action={pathname} reloadDocument className="checkout-alert checkout-alert-info">
      <p>{t('success.payPending')}</p>
      <input type="hidden" name="intent" value="pay" />
      <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={busy}>
        {t('success.payNow')}
      </button>
    </Form>
  )
}

function PayAgainForm({ methods, current }: { methods: MethodView[]; current?: string }) {
  const { t } = useTranslation('checkout')
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const [form, fields] = useForm({ id: 'pay-again', lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema: payAgainSchema }) })
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pay-again'
  return (
    // The answer is a redirect to the payment page outside the shop's routes: a document submit.
    <Form method="post" action={pathname} reloadDocument className="checkout-pay-again form-stack" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="pay-again" />
      <FormErrors form={form} />
      <RadioGroupField
        field={fields.paymentMethodId}
        legend={t('payment.chooseAgain')}
        defaultValue={current}
        options={methods.map((method) => ({ value: method.id, label: <strong>{method.name}</strong>, description: method.description || undefined }))}
      />
      <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={busy}>
        {busy ? t('busy') : t('payment.payAgain')}
      </button>
    </Form>
  )
}

function PaymentPanel({ data }: { data: Extract<SuccessData, { notFound: false }> }) {
  const { t } = useTranslation('checkout')
  const { order, result } = data
  const lastResult = useActionData<SubmissionResult<string[]>>()
  if (order.paymentState === 'paid') {
    return (
      <div className="checkout-alert checkout-alert-success" role={result === 'paid' ? 'status' : undefined}>
        <p className="checkout-alert-title">{t('payment.paidTitle')}</p>
        <p>{t('payment.paid')}</p>
        {lastResult?.error?.[''] ? <p>{translateFormMessage(t, lastResult.error[''][0] ?? '')}</p> : null}
      </div>
    )
  }
  if (data.paymentFailed || result === 'unpaid') {
    const failed = data.paymentFailed
    return (
      <div className={`checkout-alert ${failed ? 'checkout-alert-danger' : 'checkout-alert-info'}`}>
        <p className="checkout-alert-title" role={failed ? 'alert' : undefined}>
          {data.cancelled ? t('payment.cancelledTitle') : failed ? t('payment.failedTitle') : t('payment.pendingTitle')}
        </p>
        <p>{failed ? t('payment.failed') : t('payment.pending')}</p>
        {order.paymentChangeable && data.paymentMethods.length ? (
          <PayAgainForm methods={data.paymentMethods} current={order.paymentMethod?.id} />
        ) : (
          <p>{t('payment.notChangeable')}</p>
        )}
      </div>
    )
  }
  if (data.awaitingPayment) return data.paymentUrl ? <PaymentCountdown url={data.paymentUrl} seconds={data.seconds} /> : <PayNowForm />
  return (
    <div className="checkout-alert checkout-alert-info">
      <p>{t('payment.offline', { method: order.paymentMethod?.name ?? '' })}</p>
    </div>
  )
}

export function OrderSummary({ order, locale }: { order: OrderView; locale: Locale }) {
  const { t } = useTranslation('checkout')
  const money = (value: number) => formatPrice(locale, value, order.currency)
  return (
    <div className="checkout-order-summary">
      {/* On a phone the table scrolls sideways: the region takes keyboard focus so it can be scrolled without a mouse. */}
      <div className="checkout-table-wrap" role="region" aria-label={t('success.items')} tabIndex={0}>
        <table className="checkout-table">
          <caption>{t('success.items')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('success.product')}</th>
              <th scope="col" className="numeric">
                {t('success.quantity')}
              </th>
              <th scope="col" className="numeric checkout-unit-column">
                {t('success.unitPrice')}
              </th>
              <th scope="col" className="numeric">
                {t('success.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.label}
                  {line.productNumber ? <span className="checkout-muted checkout-block">{t('summary.number', { number: line.productNumber })}</span> : null}
                  <VariantOptions options={line.options} className="checkout-muted checkout-block" />
                </td>
                <td className="numeric">
                  {line.quantity}
                  <span className="checkout-unit-inline checkout-muted">{t('success.unitInline', { price: money(line.unitPrice) })}</span>
                </td>
                <td className="numeric checkout-unit-column">{money(line.unitPrice)}</td>
                <td className="numeric">{money(line.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CartTotals totals={order.totals} locale={locale} />
      <div className="checkout-facts">
        {order.shippingAddress ? (
          <div>
            <h3>{t('success.shippingAddress')}</h3>
            <AddressLines address={order.shippingAddress} />
          </div>
        ) : null}
        {order.billingAddress ? (
          <div>
            <h3>{t('success.billingAddress')}</h3>
            <AddressLines address={order.billingAddress} />
          </div>
        ) : null}
        <div>
          <h3>{t('success.methods')}</h3>
          <dl className="checkout-dl">
            {order.shippingMethod ? (
              <>
                <dt>{t('success.shippingMethod')}</dt>
                <dd>
                  {order.shippingMethod.name}
                  {order.shippingMethod.deliveryTime ? ` (${t('shipping.deliveryTime', { time: order.shippingMethod.deliveryTime })})` : ''}
                </dd>
              </>
            ) : null}
            {order.paymentMethod ? (
              <>
                <dt>{t('success.paymentMethod')}</dt>
                <dd>{order.paymentMethod.name}</dd>
              </>
            ) : null}
            {order.contactPerson ? (
              <>
                <dt>{t('order.contactPerson')}</dt>
                <dd>{order.contactPerson}</dd>
              </>
            ) : null}
            {order.desiredDate ? (
              <>
                <dt>{t('order.desiredDate')}</dt>
                <dd>{formatDate(locale, order.desiredDate, false)}</dd>
              </>
            ) : null}
            {order.comment ? (
              <>
                <dt>{t('order.comment')}</dt>
                <dd className="checkout-pre">{order.comment}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </div>
    </div>
  )
}

export function OrderSuccess({ data }: { data: SuccessData }) {
  const { t } = useTranslation('checkout')
  if (data.notFound) {
    return (
      <div className="checkout-page checkout-success">
        <h1>{t('success.notFoundTitle')}</h1>
        <p>{t('success.notFound')}</p>
        <Link to={localizePath(data.locale, '/')} className={buttonClass({ variant: 'secondary' })}>
          {t('success.home')}
        </Link>
      </div>
    )
  }
  const { order, locale } = data
  return (
    <div className="checkout-page checkout-success">
      <header className="checkout-header">
        <h1>{data.result === 'unpaid' ? t('success.unpaidHeading') : t('success.heading')}</h1>
        <p className="checkout-success-number">
          {t('success.number', { number: order.orderNumber })} · {formatDate(locale, order.date)}
        </p>
        {order.email && data.justPlaced ? (
          <p className="checkout-muted">
            {t('success.mailNote', { email: order.email })}
            {order.byGuest ? ` ${t('success.guestMailNote')}` : null}
          </p>
        ) : null}
      </header>
      <PaymentPanel data={data} />
      <h2 className="checkout-success-subtitle">{t('success.summary')}</h2>
      <OrderSummary order={order} locale={locale} />
      <p className="checkout-success-total">
        {t(order.totals.taxFree ? 'order.totalTaxFree' : 'order.total')} <strong>{formatPrice(locale, order.totals.totalPrice, order.currency)}</strong>
      </p>
      <p>
        <Link to={localizePath(locale, '/')} className={buttonClass({ variant: 'secondary' })}>
          {t('success.continue')}
        </Link>
      </p>
    </div>
  )
}
