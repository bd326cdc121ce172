import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useFetcher, useLocation, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, TextField } from '~/components/ui/form'
import { newsletterSchema } from '~/forms/newsletter'
import { PrivacyNote } from './privacy-note'
import { localizePath, type Locale } from '~/lib/locale'

export interface NewsletterFormProps {
  locale: Locale
  /** 'footer': posts through a fetcher (errors in place) and comes back to the current page; 'page': /newsletter's own form. */
  variant: 'footer' | 'page'
  lastResult?: SubmissionResult<string[]> | null
}

/**
 * Newsletter subscription (double opt-in). Both forms post to /newsletter: without JavaScript a
 * refused address is shown there at the field (400), a sent one goes back (303) to the page the
 * form was on with the notification to check the inbox.
 */
export function NewsletterForm({ locale, variant, lastResult }: NewsletterFormProps) {
  const { t } = useTranslation('contact')
  const location = useLocation()
  const navigation = useNavigation()
  const fetcher = useFetcher<SubmissionResult<string[]>>({ key: 'newsletter-footer' })
  const footer = variant === 'footer'
  const action = localizePath(locale, '/newsletter')
  const id = footer ? 'newsletter-footer' : 'newsletter'
  const [form, fields] = useForm({
    id,
    lastResult: footer ? fetcher.data : lastResult,
    constraint: getZodConstraint(newsletterSchema),
    defaultValue: { redirectTo: footer ? `${location.pathname}${location.search}` : '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const submitting = footer ? fetcher.state === 'submitting' : navigation.state === 'submitting' && navigation.formAction === action
  const FormComponent = footer ? fetcher.Form : Form
  return (
    <FormComponent method="post" action={action} className={footer ? 'newsletter-form newsletter-form-footer' : 'form-stack newsletter-form'} {...getFormProps(form)}>
      <FormErrors form={form} />
      {/* The footer is on every page: its own label, so it is never confused with a page's email field. */}
      <TextField field={fields.email} label={t(footer ? 'newsletter.footerEmail' : 'newsletter.email')} type="email" autoComplete="email" />
      <input {...getInputProps(fields.redirectTo, { type: 'hidden' })} key={fields.redirectTo.key} />
      <PrivacyNote locale={locale} note={t('newsletter.privacyNote')} />
      <div className="form-actions">
        <button type="submit" className={buttonClass({ variant: footer ? 'secondary' : 'primary' })} disabled={submitting}>
          {submitting ? t('auth:form.submitting') : t('newsletter.submit')}
        </button>
      </div>
    </FormComponent>
  )
}
