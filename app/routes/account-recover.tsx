import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RequiredNote, TextField } from '~/components/ui/form'
import { refusedReply } from '~/forms/reply.server'
import { recoverSchema } from '~/forms/recover'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { PRIVATE_HEADERS, authPageMeta, redirectWith, requestPasswordRecovery } from '~/store/account.server'
import { pickHeaders } from '~/store/page.server'
import { pageMeta } from '~/lib/page-meta'

const SENT_PARAM = 'sent'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = authPageMeta(context, locale, '/account/recover', 'recover')
  return data({ locale, sent: url.searchParams.get(SENT_PARAM) === '1', seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const submission = parseWithZod(await request.formData(), { schema: recoverSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  const result = await requestPasswordRecovery(context, request, locale, submission.value.email)
  switch (result.type) {
    case 'throttled':
    case 'invalid':
      return refusedReply(submission, result)
    case 'sent':
      // The same page whether the address has an account or not.
      return redirectWith(`${localizePath(locale, '/account/recover')}?${SENT_PARAM}=1`, [])
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function AccountRecover() {
  const { locale, sent } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const [form, fields] = useForm({
    id: 'recover',
    lastResult,
    constraint: getZodConstraint(recoverSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recoverSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <div className="container auth-page auth-page-wide">
      <section className="auth-card" aria-labelledby="recover-title">
        <h1 id="recover-title">{t('recover.title')}</h1>
        {sent ? (
          <p className="auth-status" role="status">
            {t('recover.sent')}
          </p>
        ) : (
          <p className="auth-intro">{t('recover.intro')}</p>
        )}
        <Form method="post" className="form-stack" {...getFormProps(form)}>
          <FormErrors form={form} />
          <RequiredNote />
          <TextField field={fields.email} label={t('recover.email')} type="email" autoComplete="email" />
          <div className="form-actions">
            <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={navigation.state === 'submitting'}>
              {navigation.state === 'submitting' ? t('form.submitting') : t('recover.submit')}
            </button>
            <Link to={localizePath(locale, '/login')}>{t('recover.backToLogin')}</Link>
          </div>
        </Form>
      </section>
    </div>
  )
}
