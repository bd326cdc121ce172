import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { island, islandClientLoader } from '~/components/ui/island'
import { getT } from '~/i18n.server'
import { getLocaleFromPath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { readFlash } from '~/session/flash.server'
import { quickOrderDraft } from '~/session/form-draft.server'
import { cartAction, cartPageSeo, checkoutHeaders, loadCart, quickOrderDraftReply, unseenNotices } from '~/store/cart.server'
import { throwPageError } from '~/store/errors.server'

// The page is server HTML whose forms work before their script; its form library loads after the first paint (docs/decisions/009).
const importCartPage = () => import('~/components/cart/cart-page').then((module) => module.CartPage)
const CartPage = island(import.meta.env.SSR ? await importCartPage() : undefined, importCartPage)

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  let cart: Awaited<ReturnType<typeof loadCart>>
  try {
    cart = await loadCart(context, request, locale)
  } catch (err) {
    throwPageError(err, request)
  }
  // The root shows (and clears) the flash; the page lists only what it does not already say.
  const notices = unseenNotices(cart.notices, readFlash(request, context).messages)
  const t = getT(locale, 'cart')
  const { draft, headers: draftHeaders } = quickOrderDraft.read(request, context, locale)
  const headers = checkoutHeaders()
  for (const cookie of draftHeaders) headers.append('Set-Cookie', cookie)
  return data(
    {
      locale,
      cart,
      notices: notices.map((n) => ({ type: n.type, text: t(n.messageKey, n.values ?? {}) })),
      quickOrder: draft ? quickOrderDraftReply(draft) : undefined,
      seo: cartPageSeo(context, locale),
    },
    { headers },
  )
}

/** The cart page's forms (contract in /docs/contracts.md): 303 back with the cart's messages, or 400 at the field. */
export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const formData = await request.formData()
  let outcome: Awaited<ReturnType<typeof cartAction>>
  try {
    outcome = await cartAction(context, request, locale, formData)
  } catch (err) {
    throwPageError(err, request)
  }
  if (outcome.type === 'invalid') {
    return data({ formId: outcome.formId, reply: outcome.reply }, { status: 400, headers: checkoutHeaders() })
  }
  for (const [name, value] of checkoutHeaders()) outcome.headers.set(name, value)
  return redirect(outcome.location, { status: 303, headers: outcome.headers })
}

export const clientLoader = islandClientLoader<typeof loader>(CartPage)

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders

export default function CheckoutCart() {
  const { locale, cart, notices, quickOrder } = useLoaderData<typeof loader>()
  return <CartPage locale={locale} cart={cart} notices={notices} quickOrder={quickOrder} />
}
