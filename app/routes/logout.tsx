import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { logOut, redirectWith } from '~/store/account.server'

/** State changes only on POST: a GET (a typed or prefetched link) logs nobody out and just goes home. */
export function loader({ request }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  return redirect(localizePath(locale, '/'), { status: 303, headers: { 'Cache-Control': 'private, no-store' } })
}

/** The header's and the account navigation's logout button: the store hands out a new anonymous token. */
export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const cookies = await logOut(context, request, locale)
  return redirectWith(localizePath(locale, '/'), cookies, { type: 'success', messageKey: 'auth:logout.success' }, context, request)
}
