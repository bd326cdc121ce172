import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RadioGroupField, RequiredNote, TextAreaField, TextField } from '~/components/ui/form'
import { REVIEW_CONTENT_MAX, REVIEW_POINTS, reviewSchema } from '~/forms/review'
import type { PendingReview } from '~/store/engagement.server'

/** Stars (5 first, as a rating scale reads), a title and the experience in words; a pending review comes filled in to be changed. */
export function ReviewForm({ lastResult, pending }: { lastResult?: SubmissionResult<string[]> | null; pending?: PendingReview }) {
  const { t } = useTranslation('contact')
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'review',
    lastResult,
    constraint: getZodConstraint(reviewSchema),
    defaultValue: pending ? { ...pending, points: String(pending.points) } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
    // Not on blur: a message appearing under the text as it loses focus to the button moves the button
    // away from the pointer, and the click that was to send the form goes nowhere.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const submitting = navigation.state === 'submitting'
  return (
    <Form method="post" className="form-stack review-form" {...getFormProps(form)}>
      <FormErrors form={form} />
      <RequiredNote />
      {pending ? <input {...getInputProps(fields.id, { type: 'hidden' })} key={fields.id.key} /> : null}
      <RadioGroupField
        field={fields.points}
        legend={t('review.points')}
        required
        options={REVIEW_POINTS.map((points) => ({
          value: String(points),
          label: (
            <>
              <span className="review-stars" aria-hidden="true">
                {'★'.repeat(points)}
                {'☆'.repeat(5 - points)}
              </span>{' '}
              {t(`review.points${points}`)}
            </>
          ),
        }))}
      />
      <TextField field={fields.title} label={t('review.reviewTitle')} hint={t('review.titleHint')} autoComplete="off" />
      <TextAreaField field={fields.content} label={t('review.content')} hint={t('review.contentHint')} maxLength={REVIEW_CONTENT_MAX} />
      <p className="form-hint">{t('review.authorNote')}</p>
      <div className="form-actions">
        <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={submitting}>
          {submitting ? t('auth:form.submitting') : t(pending ? 'review.update' : 'review.submit')}
        </button>
      </div>
    </Form>
  )
}
