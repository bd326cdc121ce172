import { getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { translateFormMessage } from '~/forms/messages'

/* eslint-disable @typescript-eslint/no-explicit-any -- conform's metadata is generic over the whole form */
type Field = FieldMetadata<any, any, string[]>

/** A multi-line text field with the same label, marker, hint and error layout as ui/form.tsx's fields. */
export function TextAreaField({
  field,
  label,
  hint,
  rows = 6,
  maxLength,
}: {
  field: Field
  label: string
  hint?: ReactNode
  rows?: number
  maxLength?: number
}) {
  const { t } = useTranslation('auth')
  const props = getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })
  const required = field.required ?? false
  return (
    <div className="form-field">
      <label htmlFor={field.id} className="form-label">
        {label}
        {required ? (
          <span className="form-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <textarea {...props} key={field.key} rows={rows} maxLength={maxLength} required={required || undefined} className="form-control" />
      {hint ? (
        <p id={field.descriptionId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p id={field.errorId} className="form-error">
          {field.errors.map((message) => translateFormMessage(t, message, { field: label })).join(' ')}
        </p>
      ) : null}
    </div>
  )
}
