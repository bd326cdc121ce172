import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { safeRedirectPath, optInLink } from '~/lib/links'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { PRIVATE_HEADERS, authPageMeta, confirmRegistration, redirectWith } from '~/store/account.server'
import { pickHeaders } from '~/store/page.server'
import { pageMeta } from '~/lib/page-meta'

/**
 * The link from the registration mail. Opening it changes nothing (mail scanners and prefetchers
 * open links too): the page offers one button that confirms by POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = authPageMeta(context, locale, '/registration/confirm', 'confirm')
  const link = optInLink(url.searchParams)
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectTo')) ?? ''
  return data({ locale, link: link ?? null, redirectTo, seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const formData = await request.formData()
  const link = optInLink(formData)
  const result = link ? await confirmRegistration(context, request, locale, link) : ({ type: 'invalid' } as const)
  if (result.type === 'invalid') return data({ failed: true }, { status: 400, headers: PRIVATE_HEADERS })
  const target = safeRedirectPath(String(formData.get('redirectTo') ?? '')) ?? localizePath(locale, '/account')
  return redirectWith(target, result.headers, { type: 'success', messageKey: 'auth:confirm.success' }, context, request)
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders)

export const meta = pageMeta

export default function RegistrationConfirm() {
  const { locale, link, redirectTo } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const failed = !link || (result && 'failed' in result)
  return (
    <div className="container auth-page auth-page-wide">
      <section className="auth-card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">{t('confirm.title')}</h1>
        {failed ? (
          <>
            <p className="auth-status auth-status-danger" role="alert">
              {t('confirm.invalid')}
            </p>
            <Link to={localizePath(locale, '/login')}>{t('confirm.toLogin')}</Link>
          </>
        ) : (
          <Form method="post" className="form-stack">
            <p>{t('confirm.text')}</p>
            <input type="hidden" name="em" value={link.em} />
            <input type="hidden" name="hash" value={link.hash} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <div className="form-actions">
              <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={navigation.state === 'submitting'}>
                {t('confirm.submit')}
              </button>
            </div>
          </Form>
        )}
      </section>
    </div>
  )
}
