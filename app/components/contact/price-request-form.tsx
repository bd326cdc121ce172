import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { Fieldset, FormErrors, RequiredNote, TextAreaField, TextField } from '~/components/ui/form'
import { decimalExample } from '~/forms/decimal'
import { COMMENT_MAX, priceRequestSchema } from '~/forms/price-request'
import type { Locale } from '~/lib/locale'
import { PrivacyNote } from './privacy-note'

export interface PriceRequestFormProps {
  locale: Locale
  productId: string
  lastResult?: SubmissionResult<string[]> | null
  /** A logged-in customer's contact details. */
  defaults?: { firstName?: string; lastName?: string; email?: string; company?: string; phone?: string }
}

/** Desired price, quantity and message, and the contact details (filled in for a logged-in customer). */
export function PriceRequestForm({ locale, productId, lastResult, defaults }: PriceRequestFormProps) {
  const { t } = useTranslation('contact')
  const navigation = useNavigation()
  const schema = priceRequestSchema(locale)
  const [form, fields] = useForm({
    id: 'price-request',
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { productId, quantity: '1', ...defaults },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const submitting = navigation.state === 'submitting'
  const optional = <span className="form-optional">{t('contact.optional')}</span>
  return (
    <Form method="post" className="form-stack price-request-form" {...getFormProps(form)}>
      <FormErrors form={form} />
      <RequiredNote />
      <input {...getInputProps(fields.productId, { type: 'hidden' })} key={fields.productId.key} />
      <div className="form-grid">
        <TextField
          field={fields.desiredPrice}
          label={t('priceRequest.desiredPrice')}
          hint={t('priceRequest.desiredPriceHint', { example: decimalExample(locale) })}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField field={fields.quantity} label={t('priceRequest.quantity')} type="number" inputMode="numeric" autoComplete="off" />
      </div>
      <TextAreaField field={fields.comment} label={t('priceRequest.comment')} maxLength={COMMENT_MAX} />
      <Fieldset legend={t('priceRequest.contactTitle')} className="form-stack">
        <div className="form-grid">
          <TextField field={fields.firstName} label={t('priceRequest.firstName')} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t('priceRequest.lastName')} autoComplete="family-name" />
        </div>
        <TextField field={fields.email} label={t('priceRequest.email')} type="email" autoComplete="email" />
        <div className="form-grid">
          <TextField
            field={fields.company}
            label={
              <>
                {t('priceRequest.company')} {optional}
              </>
            }
            fieldName={t('priceRequest.company')}
            autoComplete="organization"
          />
          <TextField
            field={fields.phone}
            label={
              <>
                {t('priceRequest.phone')} {optional}
              </>
            }
            fieldName={t('priceRequest.phone')}
            type="tel"
            autoComplete="tel"
          />
        </div>
      </Fieldset>
      <PrivacyNote locale={locale} note={t('priceRequest.privacyNote')} />
      <div className="form-actions">
        <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={submitting}>
          {submitting ? t('auth:form.submitting') : t('priceRequest.submit')}
        </button>
      </div>
    </Form>
  )
}
