import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { ApiClientError } from '@shopware/api-client'
import { useTranslation } from '~/lib/use-translation'
import { Fieldset, FormErrors, RequiredNote, SelectField, TextField } from '~/components/ui/form'
import { changeEmailSchema } from '~/forms/change-email'
import { changePasswordSchema, passwordFields } from '~/forms/change-password'
import { throttledMessage } from '~/forms/messages'
import { accountNewsletterSchema } from '~/forms/newsletter'
import { companyTypes, profileSchema, type ProfileValues } from '~/forms/profile'
import { safeRedirectPath } from '~/lib/links'
import { getLocaleFromPath } from '~/lib/locale'
import { flash } from '~/session/flash.server'
import {
  accountHeaders,
  accountPage,
  accountSession,
  accountSessionWith,
  changeEmail,
  changePassword,
  changeProfile,
  loadNewsletterStatus,
  loadSalutations,
  profileView,
} from '~/store/customer.server'
import { subscribeNewsletter, unsubscribeNewsletter } from '~/store/engagement.server'
import { throwRequestError } from '~/lib/request-error.server'
import { storeViolationsToFields, throwPageError } from '~/store/errors.server'
import { pageMeta } from '~/lib/page-meta'
import { buttonClass } from '~/components/ui/button'

type Intent = 'profile' | 'email' | 'password' | 'newsletter'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { customer, loaded } = await accountSessionWith(context, request, locale, (store) =>
    Promise.all([loadSalutations(store), loadNewsletterStatus(store)]),
  )
  const [salutations, newsletter] = await loaded
  return data(
    { locale, profile: profileView(customer, context.store.resellerGroupId), salutations, newsletter, ...accountPage(context, locale, 'profile') },
    { headers: accountHeaders() },
  )
}

// Store fields → the form's (storeViolationsToFields).
const profileFieldMap = {
  vatIds: 'vatId',
  'vatIds.*': 'vatId',
  'customFields.forst_company_type': 'companyType',
  'customFields.forst_company_website': 'companyWebsite',
  accountType: '',
}
const emailFieldMap = { emailConfirmation: 'emailConfirmation' }

function invalid(intent: Intent, reply: SubmissionResult<string[]>) {
  return data({ intent, reply }, { status: 400, headers: accountHeaders() })
}

/**
 * Four forms, one per intent: personal and company data, email, newsletter, password. Each answers
 * 400 with its own errors (the others stay untouched) or 303 back here with a notification.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { customer, store } = await accountSession(context, request, locale)
  const formData = await request.formData()
  const intent = formData.get('intent')
  const done = (messageKey: string, cookies: string[] = []) => {
    const headers = accountHeaders()
    for (const cookie of cookies) headers.append('Set-Cookie', cookie)
    headers.append('Set-Cookie', flash(context, { type: 'success', messageKey }, request))
    return redirect(safeRedirectPath(url.pathname) ?? '/', { status: 303, headers })
  }
  // A store refusal with violations lands at the fields; anything else is a page error.
  const storeFailure = (err: unknown, fieldMap: Record<string, string>) => {
    if (err instanceof ApiClientError && err.status === 400) {
      const fieldErrors = storeViolationsToFields(err, fieldMap)
      if (Object.keys(fieldErrors).length) return fieldErrors
    }
    throwPageError(err, request)
  }

  if (intent === 'profile') {
    const business = profileView(customer).business
    const submission = parseWithZod(formData, { schema: profileSchema({ business }) })
    if (submission.status !== 'success') return invalid('profile', submission.reply())
    try {
      await changeProfile(store, customer, submission.value as ProfileValues)
    } catch (err) {
      return invalid('profile', submission.reply({ fieldErrors: storeFailure(err, profileFieldMap) }))
    }
    return done('account:profile.saved')
  }
  if (intent === 'email') {
    const submission = parseWithZod(formData, { schema: changeEmailSchema })
    if (submission.status !== 'success') return invalid('email', submission.reply({ hideFields: ['password'] }))
    try {
      await changeEmail(store, submission.value)
    } catch (err) {
      return invalid('email', submission.reply({ hideFields: ['password'], fieldErrors: storeFailure(err, emailFieldMap) }))
    }
    return done('account:email.saved')
  }
  if (intent === 'newsletter') {
    const submission = parseWithZod(formData, { schema: accountNewsletterSchema })
    if (submission.status !== 'success') return invalid('newsletter', submission.reply())
    // The customer's own address, as Shopware's account box sends it (NewsletterAccountPageletLoader).
    const result = submission.value.subscribe
      ? await subscribeNewsletter(context, request, locale, {
          email: customer.email,
          firstName: customer.firstName,
          lastName: customer.lastName,
          salutationId: customer.salutationId ?? undefined,
        })
      : await unsubscribeNewsletter(context, request, locale, customer.email)
    if (result.type === 'throttled') {
      const reply = submission.reply({ formErrors: [throttledMessage(result.seconds)] })
      return data({ intent: 'newsletter', reply }, { status: 429, headers: accountHeaders({ 'Retry-After': String(result.seconds) }) })
    }
    if (result.type === 'invalid') return invalid('newsletter', submission.reply({ formErrors: ['account:newsletter.failed'] }))
    if (!submission.value.subscribe) return done('account:newsletter.unsubscribed')
    // A store that asks registered customers to confirm too (core.newsletter.doubleOptInRegistered) has mailed a link.
    return done('direct' in result && result.direct ? 'account:newsletter.subscribedMessage' : 'contact:newsletter.success')
  }
  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: changePasswordSchema })
    if (submission.status !== 'success') return invalid('password', submission.reply({ hideFields: passwordFields }))
    let cookies: string[]
    try {
      cookies = await changePassword(store, submission.value)
    } catch (err) {
      return invalid('password', submission.reply({ hideFields: passwordFields, fieldErrors: storeFailure(err, {}) }))
    }
    // The store gave this session a new token (and ended all others): the cookie must follow.
    return done('account:password.saved', cookies)
  }
  throwRequestError(locale, 405)
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders

type ActionData = { intent: Intent; reply: SubmissionResult<string[]> }

function useReply(intent: Intent): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<ActionData>()
  return actionData?.intent === intent ? actionData.reply : undefined
}

function Submit({ intent, label, busyLabel }: { intent: Intent; label: string; busyLabel: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="form-actions">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={buttonClass()} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  )
}

function ProfileForm() {
  const { profile, salutations } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const schema = profileSchema({ business: profile.business })
  const [form, fields] = useForm<ProfileValues>({
    id: 'profile-form',
    lastResult: useReply('profile'),
    constraint: getZodConstraint(schema),
    defaultValue: {
      salutationId: profile.salutationId,
      firstName: profile.firstName,
      lastName: profile.lastName,
      company: profile.company,
      companyType: profile.companyType,
      vatId: profile.vatId,
      companyWebsite: profile.companyWebsite,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section className="account-panel" aria-labelledby="profile-personal">
      <h2 id="profile-personal">{t('profile.title')}</h2>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormErrors form={form} />
        <RequiredNote />
        <Fieldset className="account-fieldset" legend={t('profile.personal')}>
          <div className="form-grid">
            <SelectField
              field={fields.salutationId}
              label={t('fields.salutation')}
              options={salutations.map((s) => ({ value: s.id, label: s.name }))}
              autoComplete="honorific-prefix"
            />
            <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
            <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
          </div>
        </Fieldset>
        {profile.business ? (
          <Fieldset className="account-fieldset" legend={t('profile.company')}>
            <div className="form-grid">
              <TextField field={fields.company} label={t('fields.company')} autoComplete="organization" />
              <SelectField
                field={fields.companyType}
                label={t('fields.companyType')}
                placeholder={t('auth:form.choose')}
                options={companyTypes.map((type) => ({ value: type, label: t(`auth:register.companyTypes.${type}`) }))}
              />
              <TextField field={fields.vatId} label={t('fields.vatId')} hint={t('profile.vatIdHint')} autoComplete="off" />
              <TextField field={fields.companyWebsite} label={t('fields.companyWebsite')} type="url" autoComplete="url" inputMode="url" />
            </div>
            <div className="account-readonly">
              <p className="form-label" id="invoice-email-label">
                {t('fields.invoiceEmail')}
              </p>
              <p aria-labelledby="invoice-email-label" className="account-readonly-value">
                {profile.invoiceEmail ?? t('profile.invoiceEmailNone')}
              </p>
              <p className="form-hint">{t('profile.invoiceEmailHint')}</p>
            </div>
          </Fieldset>
        ) : null}
        <Submit intent="profile" label={t('profile.submit')} busyLabel={t('saving')} />
      </Form>
    </section>
  )
}

function EmailForm() {
  const { profile } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    id: 'email-form',
    lastResult: useReply('email'),
    constraint: getZodConstraint(changeEmailSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section className="account-panel" aria-labelledby="profile-email">
      <h2 id="profile-email">{t('email.title')}</h2>
      <p className="account-muted">
        {t('email.current')} <strong className="break">{profile.email}</strong>
      </p>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormErrors form={form} />
        <div className="account-form-column">
          <TextField field={fields.email} label={t('fields.newEmail')} type="email" autoComplete="email" />
          <TextField field={fields.emailConfirmation} label={t('fields.emailConfirmation')} type="email" autoComplete="email" />
          <TextField
            field={fields.password}
            label={t('fields.currentPassword')}
            type="password"
            autoComplete="current-password"
            hint={t('email.passwordHint')}
            noDefault
          />
        </div>
        <Submit intent="email" label={t('email.submit')} busyLabel={t('saving')} />
      </Form>
    </section>
  )
}

function PasswordForm() {
  const { profile } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    id: 'password-form',
    lastResult: useReply('password'),
    constraint: getZodConstraint(changePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section className="account-panel" aria-labelledby="profile-password">
      <h2 id="profile-password">{t('password.title')}</h2>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormErrors form={form} />
        {/* Lets password managers store the new password for the right account. */}
        <input type="email" name="username" value={profile.email} autoComplete="username" readOnly hidden />
        <div className="account-form-column">
          <TextField field={fields.password} label={t('fields.currentPassword')} type="password" autoComplete="current-password" noDefault />
          <TextField
            field={fields.newPassword}
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('password.hint')}
            noDefault
          />
          <TextField field={fields.newPasswordConfirm} label={t('fields.newPasswordConfirm')} type="password" autoComplete="new-password" noDefault />
        </div>
        <Submit intent="password" label={t('password.submit')} busyLabel={t('saving')} />
      </Form>
    </section>
  )
}

function NewsletterSetting() {
  const { profile, newsletter } = useLoaderData<typeof loader>()
  const { t } = useTranslation('account')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'newsletter'
  const [form] = useForm({ id: 'newsletter-form', lastResult: useReply('newsletter') })
  // A store that does not tell (loadNewsletterStatus): nothing to show or change here.
  if (!newsletter) return null
  return (
    <section className="account-panel" aria-labelledby="profile-newsletter">
      <h2 id="profile-newsletter">{t('newsletter.title')}</h2>
      <p className="account-muted">{t(`newsletter.${newsletter}`, { email: profile.email })}</p>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormErrors form={form} />
        <div className="form-actions">
          <input type="hidden" name="intent" value="newsletter" />
          {newsletter === 'subscribed' ? null : (
            <button type="submit" name="subscribe" value="yes" className={buttonClass()} disabled={busy}>
              {t(newsletter === 'pending' ? 'newsletter.complete' : 'newsletter.subscribe')}
            </button>
          )}
          {newsletter === 'none' ? null : (
            <button type="submit" name="subscribe" value="no" className={buttonClass({ variant: 'secondary' })} disabled={busy}>
              {t('newsletter.unsubscribe')}
            </button>
          )}
        </div>
      </Form>
    </section>
  )
}

export default function AccountProfile() {
  const { t } = useTranslation('account')
  const location = useLocation()
  return (
    <>
      <header className="account-header">
        <h1>{t('profile.heading')}</h1>
        <p className="account-intro">{t('profile.intro')}</p>
      </header>
      {/* A new page (after a save) starts the forms afresh: typed passwords must not stay in the fields. */}
      <ProfileForm key={`profile-${location.key}`} />
      <EmailForm key={`email-${location.key}`} />
      <NewsletterSetting key={`newsletter-${location.key}`} />
      <PasswordForm key={`password-${location.key}`} />
    </>
  )
}
