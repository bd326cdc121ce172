import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { FormErrors, RequiredNote, TextField } from '~/components/ui/form'
import { buttonClass } from '~/components/ui/button'
import { loginSchema } from '~/forms/login'
import { refusedReply } from '~/forms/reply.server'
import { safeRedirectPath } from '~/lib/links'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { PRIVATE_HEADERS, authPageMeta, logIn, redirectWith } from '~/store/account.server'
import { pickHeaders } from '~/store/page.server'
import { pageMeta } from '~/lib/page-meta'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = authPageMeta(context, locale, '/login', 'login')
  return data(
    { locale, redirectTo: safeRedirectPath(url.searchParams.get('redirectTo')) ?? '', seo, breadcrumbs },
    { headers: PRIVATE_HEADERS },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const submission = parseWithZod(await request.formData(), { schema: loginSchema })
  // Passwords never travel back into the page.
  const hideFields = ['password']
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400, headers: PRIVATE_HEADERS })

  const { email, password, redirectTo } = submission.value
  const result = await logIn(context, request, locale, { email, password })
  switch (result.type) {
    case 'invalid':
      return data(submission.reply({ formErrors: ['auth:login.invalid'], hideFields }), { status: 400, headers: PRIVATE_HEADERS })
    case 'not-confirmed':
      return data(submission.reply({ formErrors: ['auth:login.notConfirmed'], hideFields }), { status: 400, headers: PRIVATE_HEADERS })
    case 'throttled':
      return refusedReply(submission, result, hideFields)
    case 'ok': {
      const target = safeRedirectPath(redirectTo) ?? localizePath(locale, '/account')
      const message = result.firstName
        ? { type: 'success' as const, messageKey: 'auth:login.success', values: { name: result.firstName } }
        : { type: 'success' as const, messageKey: 'auth:login.successPlain' }
      return redirectWith(target, result.headers, message, context, request)
    }
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function Login() {
  const { locale, redirectTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const [form, fields] = useForm({
    id: 'login',
    lastResult,
    constraint: getZodConstraint(loginSchema),
    defaultValue: { redirectTo },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting'
  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <p className="auth-intro">{t('login.intro')}</p>
        <Form method="post" className="form-stack" {...getFormProps(form)}>
          <FormErrors form={form} />
          <RequiredNote />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <TextField field={fields.email} label={t('login.email')} type="email" autoComplete="email" />
          <TextField
            field={fields.password}
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            noDefault
          />
          <div className="form-actions">
            <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={busy}>
              {busy ? t('form.submitting') : t('login.submit')}
            </button>
            <Link to={localizePath(locale, '/account/recover')}>{t('login.forgotPassword')}</Link>
          </div>
        </Form>
      </section>
      <section className="auth-card auth-card-secondary" aria-labelledby="login-register-title">
        <h2 id="login-register-title">{t('login.newCustomer')}</h2>
        <p>{t('register.intro')}</p>
        <Link to={localizePath(locale, '/register')} className={buttonClass({ variant: 'secondary' })}>
          {t('login.register')}
        </Link>
      </section>
    </div>
  )
}
