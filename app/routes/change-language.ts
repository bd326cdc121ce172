import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { safeRedirectPath } from '~/lib/links'
import { isLocale, localizePath, type Locale } from '~/lib/locale'
import { serializeLocaleCookie } from '~/session/cookies.server'
import { getStore } from '~/store/client.server'
import { throwNotFound } from '~/store/errors.server'

function targetLocale(request: Request, param: string | undefined): Locale {
  if (!isLocale(param)) throwNotFound(request)
  return param
}

/**
 * POST /change-language/:locale with redirectTo=/same/page/in/that/language (docs/decisions/003):
 * remembers the language, moves an existing store session to it and returns to the page.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const locale = targetLocale(request, params.locale)
  const form = await request.formData()
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
  const target = safeRedirectPath(form.get('redirectTo')?.toString()) ?? localizePath(locale, '/')
  return redirect(target, { status: 303, headers })
}

/** Old links and bookmarks: a GET changes nothing, it only leads to the page in that language. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const locale = targetLocale(request, params.locale)
  const target = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo')) ?? localizePath(locale, '/')
  return redirect(target, { status: 303 })
}
