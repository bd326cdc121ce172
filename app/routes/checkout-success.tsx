import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OrderSuccess } from '~/components/checkout/order-success'
import { payAgainSchema } from '~/forms/checkout'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath, locales, type Locale } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import type { SeoData } from '~/lib/shell-types'
import { flash } from '~/session/flash.server'
import { checkoutHeaders } from '~/store/cart.server'
import {
  clearPaymentRedirectCookie,
  isJustPlaced,
  isRouteResponse,
  loadOrderView,
  loadPaymentChoices,
  payAgain,
  paymentRedirectCookie,
  readPaymentRedirect,
  startPayment,
  successPath,
  type MethodView,
} from '~/store/checkout.server'
import { getStore } from '~/store/client.server'
import { throwRequestError } from '~/lib/request-error.server'
import { throwNotFound, throwPageError } from '~/store/errors.server'

/** Spec section 9: the success page goes on to the payment page after 5 seconds. */
export const PAYMENT_REDIRECT_SECONDS = 5

type Result = 'paid' | 'unpaid' | undefined

function resultOf(pathname: string): Result {
  if (pathname.endsWith('/paid')) return 'paid'
  if (pathname.endsWith('/unpaid')) return 'unpaid'
  return undefined
}

function seoOf(context: { publicUrl: string }, locale: Locale, path: string, title: string): SeoData {
  const t = getT(locale, 'common')
  const absolute = (l: Locale) => `${context.publicUrl}${localizePath(l, path)}`
  return {
    title: t('meta.titleTemplate', { title }),
    canonical: absolute(locale),
    alternates: Object.fromEntries(locales.map((l) => [l, absolute(l)])),
    robots: 'noindex, nofollow',
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const t = getT(locale, 'checkout')
  const id = (params.id ?? '').toLowerCase()
  const result = resultOf(url.pathname)
  const headers = checkoutHeaders()
  // Back from the payment page: the countdown has done its job.
  if (result) headers.append('Set-Cookie', clearPaymentRedirectCookie(context))
  let order: Awaited<ReturnType<typeof loadOrderView>>
  try {
    order = await loadOrderView(context, request, locale, id)
  } catch (err) {
    throwPageError(err, request)
  }
  if (!order) {
    // The store answers only the session's own orders: someone else's id is as unknown as a wrong one.
    const title = t('success.notFoundTitle')
    return data(
      { locale, notFound: true as const, title, seo: seoOf(context, locale, url.pathname.replace(/^\/(en|fr)(?=\/)/, ''), title) },
      { status: 404, headers },
    )
  }
  const unpaid = order.paymentState === 'failed' || order.paymentState === 'cancelled' || result === 'unpaid'
  let paymentMethods: MethodView[] = []
  if (unpaid && order.paymentChangeable && order.paymentState !== 'paid') {
    try {
      paymentMethods = await loadPaymentChoices(context, request, locale)
    } catch (err) {
      throwPageError(err, request)
    }
  }
  const awaitingPayment = !result && order.paymentState === 'open' && order.paymentMethod?.asynchronous === true
  const paymentUrl = awaitingPayment ? readPaymentRedirect(request, context, order.id) : undefined
  const errorCode = url.searchParams.get('error-code')
  const title = t('success.title', { number: order.orderNumber })
  return data(
    {
      locale,
      notFound: false as const,
      title,
      order,
      result: result ?? null,
      paymentMethods,
      awaitingPayment,
      paymentUrl: paymentUrl ?? null,
      seconds: PAYMENT_REDIRECT_SECONDS,
      cancelled: errorCode === 'CHECKOUT__CUSTOMER_CANCELED_EXTERNAL_PAYMENT' || order.paymentState === 'cancelled',
      // A payment was tried and did not go through; an order merely not paid yet (opened from the account) is pending.
      paymentFailed: !!errorCode || order.paymentState === 'failed' || order.paymentState === 'cancelled',
      // The confirmation mail is 'on its way' only just after ordering, not when the order is opened days later.
      justPlaced: isJustPlaced(order.date),
      seo: seoOf(context, locale, `/checkout/success/${order.id}${result ? `/${result}` : ''}`, title),
    },
    { headers },
  )
}

/**
 * The payment buttons of the success pages: 'pay now' (start the payment of the order's method)
 * and 'pay again' with another method after a failed payment. Both end on the payment page the
 * store names, or back on the success page for a method without one.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const id = (params.id ?? '').toLowerCase()
  const formData = await request.formData()
  const intent = formData.get('intent')
  const headers = checkoutHeaders()
  const goTo = (location: string) => redirect(location, { status: 303, headers })
  try {
    if (intent === 'pay') {
      const order = await loadOrderView(context, request, locale, id)
      if (!order) throwNotFound(request, headers)
      if (order.paymentState === 'paid') {
        headers.append('Set-Cookie', flash(context, { type: 'warning', messageKey: 'checkout:payment.alreadyPaid' }, request))
        return goTo(successPath(locale, id))
      }
      const paymentUrl = await startPayment(getStore(context, request, locale), context, locale, id)
      return goTo(paymentUrl ?? successPath(locale, id))
    }
    if (intent === 'pay-again') {
      const submission = parseWithZod(formData, { schema: payAgainSchema })
      if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers })
      const result = await payAgain(context, request, locale, id, submission.value.paymentMethodId)
      switch (result.type) {
        case 'ok':
          if (result.redirectUrl) {
            headers.append('Set-Cookie', paymentRedirectCookie(context, id, result.redirectUrl))
            return goTo(result.redirectUrl)
          }
          headers.append('Set-Cookie', flash(context, { type: 'success', messageKey: 'checkout:payment.changed' }, request))
          return goTo(successPath(locale, id))
        case 'already-paid':
          return data(submission.reply({ formErrors: ['checkout:payment.alreadyPaid'] }), { status: 400, headers })
        case 'unknown-method':
          return data(submission.reply({ fieldErrors: { paymentMethodId: ['checkout:payment.unknownMethod'] } }), { status: 400, headers })
        case 'not-found':
          throwNotFound(request, headers)
      }
    }
  } catch (err) {
    if (isRouteResponse(err)) throw err
    throwPageError(err, request)
  }
  throwRequestError(locale, 400, { headers })
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders

export const meta = pageMeta

// The countdown to the payment page (spec section 9) runs without the shopper touching the page.
export const handle = {
  hydrateAtOnce: (data: unknown) => {
    const page = data as { awaitingPayment?: boolean; paymentUrl?: string | null } | undefined
    return page?.awaitingPayment === true && !!page.paymentUrl
  },
}

export default function CheckoutSuccess() {
  const loaded = useLoaderData<typeof loader>()
  return <OrderSuccess data={loaded} />
}
