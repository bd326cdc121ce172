import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { WishlistPageView } from '~/components/wishlist/wishlist-page'
import type { HeartActionData } from '~/components/wishlist/wishlist-heart'
import { wishlistChangeSchema } from '~/forms/wishlist'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { safeRedirectPath } from '~/lib/links'
import { pageMeta } from '~/lib/page-meta'
import type { FlashMessage } from '~/lib/shell-types'
import { flash } from '~/session/flash.server'
import { WISHLIST_COOKIE_MAX } from '~/session/wishlist.server'
import { sessionExpired } from '~/store/account.server'
import { addToCartAction } from '~/store/cart.server'
import { throwPageError } from '~/store/errors.server'
import { pickHeaders } from '~/store/page.server'
import { changeWishlist, loadWishlistPage, wishlistPageMeta } from '~/store/wishlist.server'

const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const requested = Number(url.searchParams.get('p') ?? '1')
  const p = Number.isInteger(requested) && requested >= 1 && requested <= 10000 ? requested : 1
  let page: Awaited<ReturnType<typeof loadWishlistPage>>
  try {
    page = await loadWishlistPage(context, request, locale, p)
  } catch (err) {
    throwPageError(err, request)
  }
  // A page behind the end (the last product of the last page was removed): the last page that has products.
  if (p > page.pages) {
    const last = localizePath(locale, '/wishlist')
    throw redirect(page.pages > 1 ? `${last}?p=${page.pages}` : last, { status: 303, headers: PRIVATE_HEADERS })
  }
  return data({ locale, page, ...wishlistPageMeta(context, locale) }, { headers: PRIVATE_HEADERS })
}

/**
 * The hearts' and the page's POSTs: add, remove or toggle a product (hidden fields; 303 back to the
 * page the form was on with a notification, or data for a fetcher when `inPlace` says JavaScript
 * sent it), and add to cart (the buy box's flow).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const formData = await request.formData()
  if (formData.get('intent') === 'add-to-cart') {
    let outcome: Awaited<ReturnType<typeof addToCartAction>>
    try {
      outcome = await addToCartAction(context, request, locale, formData)
    } catch (err) {
      throwPageError(err, request)
    }
    if (outcome.type === 'invalid') {
      // The quantity is the product's minimum (hidden): a refusal means the product cannot be bought now.
      const headers = new Headers(PRIVATE_HEADERS)
      headers.append('Set-Cookie', flash(context, { type: 'danger', messageKey: 'product:buy.errors.notBuyable' }, request))
      return redirect(`${url.pathname}${url.search}`, { status: 303, headers })
    }
    outcome.headers.set('Cache-Control', 'private, no-store')
    return redirect(outcome.location, { status: 303, headers: outcome.headers })
  }

  const submission = parseWithZod(formData, { schema: wishlistChangeSchema })
  if (submission.status !== 'success') {
    return data({ formError: 'wishlist:errors.invalid' }, { status: 400, headers: PRIVATE_HEADERS })
  }
  const { intent, productId, redirectTo, inPlace, asCustomer } = submission.value
  let change: Awaited<ReturnType<typeof changeWishlist>>
  try {
    change = await changeWishlist(context, request, locale, productId, intent, { asCustomer: !!asCustomer })
  } catch (err) {
    throwPageError(err, request)
  }
  if (change.type === 'session-expired') sessionExpired(context, request, locale, change.headers)
  const headers = new Headers(PRIVATE_HEADERS)
  for (const cookie of change.headers) headers.append('Set-Cookie', cookie)
  let message: FlashMessage | undefined
  if (change.type === 'full') {
    message = { type: 'danger', messageKey: 'wishlist:errors.full', values: { name: change.name, max: WISHLIST_COOKIE_MAX } }
  } else if (change.type === 'not-found') {
    message = { type: 'danger', messageKey: 'wishlist:errors.notFound' }
  } else if (!inPlace) {
    message = { type: 'success', messageKey: `wishlist:messages.${change.type}`, values: { name: change.name } }
  }
  if (message) headers.append('Set-Cookie', flash(context, message, request))

  if (inPlace) {
    const answer: HeartActionData =
      change.type === 'added' || change.type === 'removed'
        ? { productId, onList: change.type === 'added' }
        : { productId, error: change.type }
    return data(answer, { status: change.type === 'not-found' ? 404 : change.type === 'full' ? 400 : 200, headers })
  }
  const target = safeRedirectPath(redirectTo) ?? localizePath(locale, '/wishlist')
  return redirect(target, { status: 303, headers })
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'X-Robots-Tag'])

export const meta = pageMeta

export default function Wishlist() {
  const { locale, page } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  return <WishlistPageView locale={locale} page={page} formError={formError} />
}
