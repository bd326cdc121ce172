import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { safeRedirectPath } from '~/lib/links'
import { isLocale, localizePath } from '~/lib/locale'
import { serializeLocaleCookie } from '~/session/cookies.server'
import { getStore } from '~/store/client.server'

/**
 * GET /change-language/:locale?redirectTo=/same/page/in/that/language (docs/decisions/003):
 * remembers the language, moves an existing store session to it and returns to the page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const locale = params.locale
  const url = new URL(request.url)
  if (!isLocale(locale)) {
    throw data({ message: `Page not found: ${url.pathname}`, path: url.pathname }, { status: 404 })
  }
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  headers.append('Set-Cookie', serializeLocaleCookie(context, locale))

  const store = getStore(context, request, locale)
  // Only a shopper who already has a store session gets it updated; nobody gets one created here.
  if (store.hasSession) {
    try {
      const languageId = await store.languageId(locale)
      if (languageId) await store.invoke('updateContext patch /context', { body: { languageId } })
      for (const cookie of store.commit()) headers.append('Set-Cookie', cookie)
    } catch (err) {
      context.logger.warn({ err: (err as Error).message, locale }, 'could not store the language in the session context')
    }
  }
  const target = safeRedirectPath(url.searchParams.get('redirectTo')) ?? localizePath(locale, '/')
  return redirect(target, { status: 303, headers })
}
