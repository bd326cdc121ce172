import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RequiredNote, TextField } from '~/components/ui/form'
import { refusedReply } from '~/forms/reply.server'
import { unsubscribeSchema } from '~/forms/newsletter'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { PRIVATE_HEADERS, redirectWith } from '~/store/account.server'
import { engagementPageMeta, unsubscribeNewsletter } from '~/store/engagement.server'
import { pickHeaders } from '~/store/page.server'

const DONE_PARAM = 'done'

/** The unsubscribe link of every newsletter mail (`?email=` fills the form); no login needed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = engagementPageMeta(context, locale, '/newsletter/unsubscribe', 'newsletter.unsubscribe', {
    crumbPath: '/newsletter',
  })
  const email = (url.searchParams.get('email') ?? '').slice(0, 254)
  return data({ locale, email, done: url.searchParams.get(DONE_PARAM) === '1', seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const submission = parseWithZod(await request.formData(), { schema: unsubscribeSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  const result = await unsubscribeNewsletter(context, request, locale, submission.value.email)
  switch (result.type) {
    case 'throttled':
    case 'invalid':
      return refusedReply(submission, result)
    case 'sent': {
      // The address stays out of the URL (and so out of logs and history).
      return redirectWith(`${localizePath(locale, '/newsletter/unsubscribe')}?${DONE_PARAM}=1`, [])
    }
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function NewsletterUnsubscribe() {
  const { email, done } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const navigation = useNavigation()
  const { t } = useTranslation('contact')
  const [form, fields] = useForm({
    id: 'newsletter-unsubscribe',
    lastResult,
    constraint: getZodConstraint(unsubscribeSchema),
    defaultValue: { email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: unsubscribeSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="container engagement-page">
      <h1>{t('newsletter.unsubscribe.title')}</h1>
      {done ? (
        <p className="engagement-status" role="status">
          {t('newsletter.unsubscribe.success')}
        </p>
      ) : (
        <>
          <p className="engagement-intro">{t('newsletter.unsubscribe.intro')}</p>
          <section className="engagement-card" aria-label={t('newsletter.unsubscribe.title')}>
            <Form method="post" className="form-stack" {...getFormProps(form)}>
              <FormErrors form={form} />
              <RequiredNote />
              <TextField field={fields.email} label={t('newsletter.email')} type="email" autoComplete="email" />
              <div className="form-actions">
                <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={navigation.state === 'submitting'}>
                  {t('newsletter.unsubscribe.submit')}
                </button>
              </div>
            </Form>
          </section>
        </>
      )}
    </div>
  )
}
