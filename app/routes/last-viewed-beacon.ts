import type { LoaderFunctionArgs } from '@remix-run/node'
import { readLastViewed, recordViewResponse } from '~/session/last-viewed.server'

/**
 * The image beacon of a product page (docs/decisions/004): loading it records the view in the
 * last-viewed cookie, so the page itself stays the same for everyone and cacheable, and the list
 * still works without JavaScript.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return recordViewResponse(context, readLastViewed(request), params.productId ?? '')
}
