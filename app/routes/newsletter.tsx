import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { NewsletterForm } from '~/components/contact/newsletter-form'
import { refusedReply } from '~/forms/reply.server'
import { newsletterSchema } from '~/forms/newsletter'
import { safeRedirectPath } from '~/lib/links'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { getStore } from '~/store/client.server'
import { PRIVATE_HEADERS, redirectWith } from '~/store/account.server'
import { engagementPageMeta, subscribeNewsletter } from '~/store/engagement.server'
import { catalogueCacheControl, pickHeaders } from '~/store/page.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { seo, breadcrumbs } = engagementPageMeta(context, locale, '/newsletter', 'newsletter', { index: true })
  const cacheControl = catalogueCacheControl(getStore(context, request, locale).hasSession)
  return data({ locale, seo, breadcrumbs }, { headers: { 'Cache-Control': cacheControl } })
}

/**
 * Subscribing, from the footer of any page or from this page. A refused address is answered here
 * (400, at the field); a sent one goes back to the page it came from with 'check your inbox'.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const submission = parseWithZod(await request.formData(), { schema: newsletterSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  const result = await subscribeNewsletter(context, request, locale, { email: submission.value.email })
  switch (result.type) {
    case 'throttled':
    case 'invalid':
      return refusedReply(submission, result)
    case 'sent': {
      const back = safeRedirectPath(submission.value.redirectTo) ?? localizePath(locale, '/newsletter')
      const messageKey = result.direct ? 'contact:newsletter.confirm.success' : 'contact:newsletter.success'
      return redirectWith(back, [], [{ type: 'success', messageKey, persistent: true }], context, request)
    }
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function Newsletter() {
  const { locale } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const { t } = useTranslation('contact')
  return (
    <div className="container engagement-page">
      <h1>{t('newsletter.title')}</h1>
      <p className="engagement-intro">{t('newsletter.intro')}</p>
      <section className="engagement-card" aria-label={t('newsletter.title')}>
        <NewsletterForm locale={locale} variant="page" lastResult={lastResult} />
      </section>
      <p>
        <Link to={localizePath(locale, '/newsletter/unsubscribe')}>{t('newsletter.unsubscribe.title')}</Link>
      </p>
    </div>
  )
}
