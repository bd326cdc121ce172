import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, useLoaderData, useLocation, useNavigation, useRouteError } from '@remix-run/react'
import { OrderDetails, OrderNotFound } from '~/components/account/order-details'
import { ErrorPage } from '~/components/error-page'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import type { FlashMessage } from '~/lib/shell-types'
import { flash } from '~/session/flash.server'
import { accountHeaders, accountPage, accountSession, accountSessionWith, loadOrder, reorder } from '~/store/customer.server'
import { throwRequestError } from '~/lib/request-error.server'
import { throwPageError } from '~/store/errors.server'
import { HEX_ID } from '~/lib/hex-id'


/** The store answers only the customer's own orders: someone else's id is as unknown as a wrong one. */
function orderNotFound(locale: Locale, path: string) {
  return data({ message: getT(locale, 'account')('orders.notFound'), path, orderNotFound: true }, { status: 404, headers: accountHeaders() })
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const id = (params.id ?? '').toLowerCase()
  if (!HEX_ID.test(id)) {
    // The guard first: a visitor without a customer is sent to log in, whatever the address.
    await accountSession(context, request, locale)
    throw orderNotFound(locale, url.pathname)
  }
  const { loaded } = await accountSessionWith(context, request, locale, (store) => loadOrder(store, id))
  const order = await loaded
  if (!order) throw orderNotFound(locale, url.pathname)
  const name = getT(locale, 'account')('orders.detailTitle', { number: order.orderNumber })
  return data(
    { locale, order, ...accountPage(context, locale, 'order', { name, path: `/account/order/details/${order.id}` }) },
    { headers: accountHeaders() },
  )
}

/** Reorder: every still available line into the cart (one store call), then the cart page with the outcome. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { store } = await accountSession(context, request, locale)
  const formData = await request.formData()
  const id = (params.id ?? '').toLowerCase()
  if (formData.get('intent') !== 'reorder') throwRequestError(locale, 405, { headers: accountHeaders() })
  if (!HEX_ID.test(id)) throw orderNotFound(locale, url.pathname)
  let result: Awaited<ReturnType<typeof reorder>>
  try {
    result = await reorder(context, request, locale, store, id)
  } catch (err) {
    throwPageError(err, request)
  }
  if (!result) throw orderNotFound(locale, url.pathname)
  const order = result.orderNumber
  const messages: FlashMessage[] = []
  if (result.added > 0) messages.push({ type: 'success', messageKey: 'account:orders.reorderAdded', values: { count: result.added, number: order } })
  else messages.push({ type: 'danger', messageKey: 'account:orders.reorderNothing', values: { number: order } })
  if (result.added > 0 && result.missing.length) {
    const products = result.missing.map((line) => (line.productNumber ? `${line.label} (${line.productNumber})` : line.label)).join(', ')
    messages.push({ type: 'warning', messageKey: 'account:orders.reorderMissing', values: { products }, persistent: true })
  }
  // The store's own adjustments (quantity raised to a step, stock reached) are shown once, with the rest.
  messages.push(...result.notices)
  const headers = accountHeaders()
  for (const cookie of result.headers) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', flash(context, messages.slice(0, 5), request))
  return redirect(localizePath(locale, '/checkout/cart'), { status: 303, headers })
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : (errorHeaders ?? loaderHeaders)

export default function AccountOrderDetails() {
  const { locale, order } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  return <OrderDetails order={order} locale={locale} busy={navigation.state === 'submitting'} />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const locale = getLocaleFromPath(useLocation().pathname)
  if (isRouteErrorResponse(error) && (error.data as { orderNotFound?: boolean } | null)?.orderNotFound) return <OrderNotFound locale={locale} />
  const status = isRouteErrorResponse(error) ? error.status : 500
  return <ErrorPage error={{ status }} locale={locale} />
}
