import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { ContactForm } from '~/components/contact/contact-form'
import { contactSchema, HONEYPOT_FIELD } from '~/forms/contact'
import { refusedReply } from '~/forms/reply.server'
import { safeRedirectPath } from '~/lib/links'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import type { FlashMessage } from '~/lib/shell-types'
import { pageMeta } from '~/lib/page-meta'
import { getStore } from '~/store/client.server'
import { PRIVATE_HEADERS, redirectWith } from '~/store/account.server'
import { engagementPageMeta, loadContactPrefill, sendContactForm } from '~/store/engagement.server'
import { catalogueCacheControl, pickHeaders } from '~/store/page.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { seo, breadcrumbs } = engagementPageMeta(context, locale, '/contact', 'contact', { index: true })
  // The same empty form for everyone: cacheable unless the shopper has a session, whose customer's
  // name and email are filled in.
  const cacheControl = catalogueCacheControl(getStore(context, request, locale).hasSession)
  const prefill = await loadContactPrefill(context, request, locale)
  return data({ locale, seo, breadcrumbs, prefill: prefill ?? null }, { headers: { 'Cache-Control': cacheControl } })
}

/** The contact page's form and every CMS contact form post here (contact-form.tsx). */
export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const submission = parseWithZod(await request.formData(), { schema: contactSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  const back = safeRedirectPath(submission.value.redirectTo) ?? localizePath(locale, '/contact')
  const sent: FlashMessage = { type: 'success', messageKey: 'contact:contact.success' }
  if (submission.value[HONEYPOT_FIELD]) {
    // A bot filled the field no person sees: it hears success, the shop gets nothing.
    context.logger.info({ form: 'contact' }, 'contact form honeypot filled; nothing sent')
    return redirectWith(back, [], [sent], context, request)
  }
  const result = await sendContactForm(context, request, locale, submission.value)
  switch (result.type) {
    case 'throttled':
    case 'invalid':
      return refusedReply(submission, result)
    case 'sent': {
      const custom: FlashMessage[] = result.message
        ? [{ type: 'info', messageKey: 'contact:contact.successCustom', values: { message: result.message } }]
        : []
      return redirectWith(back, [], [sent, ...custom], context, request)
    }
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function Contact() {
  const { t } = useTranslation('contact')
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const { locale, prefill } = useLoaderData<typeof loader>()
  // A sent form comes back by a redirect, a new location: the form starts empty again (with JavaScript
  // too), so the same message is not sent twice. A refused one stays at its location with what was typed.
  const { key } = useLocation()
  return (
    <div className="container engagement-page">
      <h1>{t('contact.title')}</h1>
      <p className="engagement-intro">{t('contact.intro')}</p>
      <section className="engagement-card" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t('contact.formTitle')}</h2>
        <ContactForm key={key} locale={locale} lastResult={lastResult} defaults={prefill ?? undefined} />
      </section>
    </div>
  )
}
