import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { optInLink } from '~/lib/links'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { PRIVATE_HEADERS } from '~/store/account.server'
import { confirmNewsletter, engagementPageMeta } from '~/store/engagement.server'
import { pickHeaders } from '~/store/page.server'

/**
 * The double opt-in link of the newsletter mail. Opening it changes nothing (mail scanners open
 * links too): one button confirms by POST.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = engagementPageMeta(context, locale, '/newsletter-subscribe', 'newsletter.confirm', { crumbPath: '/newsletter' })
  return data({ locale, link: optInLink(url.searchParams) ?? null, seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const link = optInLink(await request.formData())
  const result = link ? await confirmNewsletter(context, request, locale, link) : ({ type: 'invalid' } as const)
  if (result.type === 'invalid') return data({ state: 'invalid' as const }, { status: 400, headers: PRIVATE_HEADERS })
  return data({ state: 'confirmed' as const }, { headers: PRIVATE_HEADERS })
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders)

export const meta = pageMeta

export default function NewsletterConfirm() {
  const { locale, link } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('contact')
  const state = result?.state ?? (link ? 'open' : 'invalid')
  return (
    <div className="container engagement-page">
      <h1>{t('newsletter.confirm.title')}</h1>
      {state === 'confirmed' ? (
        <p className="engagement-status" role="status">
          {t('newsletter.confirm.success')}
        </p>
      ) : state === 'invalid' || !link ? (
        <>
          <p className="engagement-status engagement-status-danger" role="alert">
            {t('newsletter.confirm.invalid')}
          </p>
          <p>
            <Link to={localizePath(locale, '/newsletter')}>{t('newsletter.confirm.toNewsletter')}</Link>
          </p>
        </>
      ) : (
        <Form method="post" className="form-stack">
          <p>{t('newsletter.confirm.text')}</p>
          <input type="hidden" name="em" value={link.em} />
          <input type="hidden" name="hash" value={link.hash} />
          <div className="form-actions">
            <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={navigation.state === 'submitting'}>
              {t('newsletter.confirm.submit')}
            </button>
          </div>
        </Form>
      )}
    </div>
  )
}
