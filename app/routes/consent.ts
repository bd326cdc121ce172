import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getLocaleFromPath } from '~/lib/locale'
import {
  acceptedCategories,
  buildConsent,
  consentCookieHeaders,
  consentFormSchema,
  readConsent,
  safeRedirectPath,
} from '~/session/consent.server'
import { flash } from '~/session/flash.server'

/** Stores the cookie preferences (spec section 3/4) and returns to the page the dialog was opened on. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const redirectTo = safeRedirectPath(form.get('redirectTo')?.toString())
  const locale = getLocaleFromPath(new URL(redirectTo, 'http://same.invalid').pathname)
  const parsed = consentFormSchema.safeParse({
    intent: form.get('intent'),
    category: form.getAll('category'),
    redirectTo,
  })
  if (!parsed.success) {
    context.logger.warn({ issues: parsed.error.issues.map((i) => i.path.join('.')) }, 'invalid consent form')
    const headers = new Headers()
    headers.append(
      'Set-Cookie',
      flash(context, { type: 'danger', messageKey: 'consent:invalid' }, request),
    )
    return redirect(`${redirectTo}${redirectTo.includes('?') ? '&' : '?'}cookie-preferences=1`, {
      status: 303,
      headers,
    })
  }
  const record = buildConsent({
    categories: acceptedCategories(parsed.data),
    locale,
    previous: readConsent(request),
  })
  const headers = new Headers()
  for (const cookie of consentCookieHeaders(record, request, context.secureCookies)) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', flash(context, { type: 'success', messageKey: 'consent:saved' }, request))
  return redirect(redirectTo, { status: 303, headers })
}

/** The preferences live in a dialog on every page; a direct visit opens it on the home page. */
export function loader() {
  return redirect('/?cookie-preferences=1', { status: 303 })
}
