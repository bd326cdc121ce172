import type { LoaderFunctionArgs } from '@remix-run/node'
import { getLocaleFromPath } from '~/lib/locale'
import { CHECKOUT_HEADERS, loadCart, type CartView } from '~/store/cart.server'

export type SideCartData = { cart: CartView; failed?: undefined } | { cart?: undefined; failed: true }

/**
 * The side cart's data (JSON, GET, localized by path): the same cart view the cart page renders, one
 * store read, nothing for a visitor without a session. Personal: never cached, never indexed.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  let body: SideCartData
  try {
    body = { cart: await loadCart(context, request, locale) }
  } catch (err) {
    // Only the side cart says so (and points to the cart page); a thrown error would replace the
    // page the shopper is on with the error page.
    context.logger.warn({ err: (err as Error).message }, 'side cart unavailable')
    body = { failed: true }
  }
  // A plain Response: a resource route's data() would lose its headers under single fetch.
  return Response.json(body, { headers: CHECKOUT_HEADERS })
}
