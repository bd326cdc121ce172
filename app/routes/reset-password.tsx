import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RequiredNote, TextField } from '~/components/ui/form'
import { resetPasswordSchema } from '~/forms/reset-password'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { PRIVATE_HEADERS, authPageMeta, checkRecoveryHash, redirectWith, resetPassword } from '~/store/account.server'
import { pickHeaders } from '~/store/page.server'
import { pageMeta } from '~/lib/page-meta'

const FAILED = 'auth:reset.failed'

/** The link from the recovery mail: a form for the new password, or the failure message for a used or expired link. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = authPageMeta(context, locale, '/reset-password', 'reset')
  const hash = url.searchParams.get('hash') ?? ''
  const state = await checkRecoveryHash(context, request, locale, hash)
  return data({ locale, hash: state === 'valid' ? hash : '', seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema })
  const hideFields = ['password', 'passwordConfirm']
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400, headers: PRIVATE_HEADERS })
  const result = await resetPassword(context, request, locale, submission.value)
  switch (result.type) {
    case 'invalid':
      return data(submission.reply({ fieldErrors: result.fieldErrors, hideFields }), { status: 400, headers: PRIVATE_HEADERS })
    case 'failed':
      return data(submission.reply({ formErrors: [FAILED], hideFields }), { status: 400, headers: PRIVATE_HEADERS })
    case 'ok':
      return redirectWith(localizePath(locale, '/login'), [], { type: 'success', messageKey: 'auth:reset.success' }, context, request)
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders)

export const meta = pageMeta

export default function ResetPassword() {
  const { locale, hash } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    defaultValue: { hash },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  // No valid hash: the link was used, expired or cut off; trying later would not help, a new link does.
  const failure = !hash ? t('reset.linkInvalid') : form.errors?.includes(FAILED) ? t('reset.failed') : undefined
  return (
    <div className="container auth-page auth-page-wide">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('reset.title')}</h1>
        {failure ? (
          <>
            <p className="auth-status auth-status-danger" role="alert">
              {failure}
            </p>
            <Link to={localizePath(locale, '/account/recover')} className={buttonClass({ variant: 'secondary' })}>
              {t('reset.requestNew')}
            </Link>
          </>
        ) : (
          <>
            <p className="auth-intro">{t('reset.intro')}</p>
            <Form method="post" className="form-stack" {...getFormProps(form)}>
              <FormErrors form={form} />
              <RequiredNote />
              <input type="hidden" name="hash" value={hash} />
              <TextField
                field={fields.password}
                label={t('reset.password')}
                hint={t('register.hints.password')}
                type="password"
                autoComplete="new-password"
                noDefault
              />
              <TextField
                field={fields.passwordConfirm}
                label={t('reset.passwordConfirm')}
                type="password"
                autoComplete="new-password"
                noDefault
              />
              <div className="form-actions">
                <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={navigation.state === 'submitting'}>
                  {navigation.state === 'submitting' ? t('form.submitting') : t('reset.submit')}
                </button>
              </div>
            </Form>
          </>
        )}
      </section>
    </div>
  )
}
