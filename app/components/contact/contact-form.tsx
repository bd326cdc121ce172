import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useFetcher, useLocation, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RequiredNote, TextField, TextAreaField } from '~/components/ui/form'
import { CONTACT_COMMENT_MAX, HONEYPOT_FIELD, contactSchema } from '~/forms/contact'
import { localizePath, type Locale } from '~/lib/locale'
import { PrivacyNote } from './privacy-note'

export interface ContactFormProps {
  locale: Locale
  /** conform's reply of the last submit (contact page: the action's data). */
  lastResult?: SubmissionResult<string[]> | null
  /** Filled in for a logged-in customer. */
  defaults?: { firstName?: string; lastName?: string; email?: string; phone?: string }
  /** Set by the CMS form element: the store picks the form's receivers and confirmation text by these. */
  cms?: { navigationId?: string; slotId: string }
  /** DOM id of the form (unique per page). */
  id?: string
}

/**
 * The contact form, on /contact and as the CMS `form` element. It always posts to /contact, so it
 * works without JavaScript anywhere: refused input comes back on /contact at the fields with all
 * typed text; a sent form goes back (303) to the page it came from with a notification. With
 * JavaScript the CMS element posts through a fetcher, so its errors show in place.
 */
export function ContactForm({ locale, lastResult, defaults, cms, id = 'contact' }: ContactFormProps) {
  const { t } = useTranslation('contact')
  const location = useLocation()
  const navigation = useNavigation()
  const fetcher = useFetcher<SubmissionResult<string[]>>({ key: `contact-${id}` })
  const action = localizePath(locale, '/contact')
  const inPlace = !!cms
  const reply = inPlace ? (fetcher.data ?? lastResult) : lastResult
  const [form, fields] = useForm({
    id,
    lastResult: reply,
    constraint: getZodConstraint(contactSchema),
    defaultValue: {
      ...defaults,
      ...(cms ? { slotId: cms.slotId, navigationId: cms.navigationId, redirectTo: `${location.pathname}${location.search}` } : {}),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const submitting = inPlace ? fetcher.state === 'submitting' : navigation.state === 'submitting' && navigation.formAction === action
  const FormComponent = inPlace ? fetcher.Form : Form
  const optional = <span className="form-optional">{t('contact.optional')}</span>
  return (
    <FormComponent method="post" action={action} className="form-stack contact-form" {...getFormProps(form)}>
      <FormErrors form={form} />
      <RequiredNote />
      <TextField field={fields.subject} label={t('contact.subject')} />
      <TextAreaField field={fields.comment} label={t('contact.comment')} maxLength={CONTACT_COMMENT_MAX} />
      <div className="form-grid">
        <TextField field={fields.firstName} label={t('contact.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('contact.lastName')} autoComplete="family-name" />
      </div>
      <TextField field={fields.email} label={t('contact.email')} type="email" autoComplete="email" />
      <div className="form-grid">
        <TextField
          field={fields.phone}
          label={
            <>
              {t('contact.phone')} {optional}
            </>
          }
          fieldName={t('contact.phone')}
          type="tel"
          autoComplete="tel"
        />
        <TextField
          field={fields.orderNumber}
          label={
            <>
              {t('contact.orderNumber')} {optional}
            </>
          }
          fieldName={t('contact.orderNumber')}
          autoComplete="off"
        />
      </div>
      {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
      <div className="contact-hp" aria-hidden="true">
        <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>{t('contact.honeypot')}</label>
        <input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input {...getInputProps(fields.slotId, { type: 'hidden' })} key={fields.slotId.key} />
      <input {...getInputProps(fields.navigationId, { type: 'hidden' })} key={fields.navigationId.key} />
      <input {...getInputProps(fields.redirectTo, { type: 'hidden' })} key={fields.redirectTo.key} />
      <PrivacyNote locale={locale} note={t('contact.privacyNote')} />
      <div className="form-actions">
        <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={submitting}>
          {submitting ? t('auth:form.submitting') : t('contact.submit')}
        </button>
      </div>
    </FormComponent>
  )
}
