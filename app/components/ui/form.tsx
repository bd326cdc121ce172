import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import type { InputHTMLAttributes, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { translateFormMessage } from '~/forms/messages'

/* eslint-disable @typescript-eslint/no-explicit-any -- conform's metadata is generic over the whole form */
type Field = FieldMetadata<any, any, string[]>

interface FieldBase {
  /** conform's metadata of the field (id, name, errors, initial value, constraints). */
  field: Field
  /** Visible label (already translated). */
  label: ReactNode
  /** Help text shown under the control, announced with it (aria-describedby). */
  hint?: ReactNode
  /** The label as plain text for messages such as '{field} is invalid'; defaults to `label` when it is a string. */
  fieldName?: string
  /** Shows the required marker and sets `required` even when the schema does not say so (conditional fields). */
  required?: boolean
  className?: string
}

/** Translated errors of a field; each message is an i18n key (see app/forms/messages.ts). */
function FieldErrors({ id, errors, fieldName }: { id: string; errors: string[] | undefined; fieldName: string }) {
  const { t } = useTranslation('auth')
  if (!errors?.length) return null
  return (
    <p id={id} className="form-error">
      {errors.map((message) => translateFormMessage(t, message, { field: fieldName })).join(' ')}
    </p>
  )
}

function RequiredMarker({ required }: { required: boolean }) {
  if (!required) return null
  // The control itself carries `required` (announced by screen readers); the star is for the eye, explained by RequiredNote.
  return (
    <span className="form-required" aria-hidden="true">
      *
    </span>
  )
}

function plain(label: ReactNode, fieldName: string | undefined): string {
  return fieldName ?? (typeof label === 'string' ? label : '')
}

type TextType = 'text' | 'email' | 'password' | 'tel' | 'url' | 'number' | 'search'

export interface TextFieldProps extends FieldBase {
  type?: TextType
  /** Passed through as `autocomplete` (email, current-password, new-password, given-name, …). */
  autoComplete?: InputHTMLAttributes<HTMLInputElement>['autoComplete']
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode']
  placeholder?: string
  /** Never pre-fill (passwords): the server does not send them back either. */
  noDefault?: boolean
}

export function TextField({
  field,
  label,
  hint,
  fieldName,
  required,
  className,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  noDefault,
}: TextFieldProps) {
  const hintId = hint ? field.descriptionId : undefined
  const props = getInputProps(field, { type, ariaDescribedBy: hintId, ...(noDefault ? { value: false } : {}) })
  const isRequired = required ?? field.required ?? false
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="form-label">
        {label}
        <RequiredMarker required={isRequired} />
      </label>
      <input
        {...props}
        key={field.key}
        required={isRequired || undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        className="form-control"
      />
      {hint ? (
        <p id={field.descriptionId} className="form-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} fieldName={plain(label, fieldName)} />
    </div>
  )
}

export interface SelectOption {
  value: string
  label: string
}

/** Options under a heading (`<optgroup>`), e.g. the states of one country. */
export interface SelectGroup {
  label: string
  options: SelectOption[]
}

export interface SelectFieldProps extends FieldBase {
  options: (SelectOption | SelectGroup)[]
  /** First, empty choice ('Please choose'); without it the first option is preselected. */
  placeholder?: string
  autoComplete?: string
  /** Extra attributes for progressive enhancement (e.g. data-* read by a script). */
  selectProps?: Record<string, string | undefined>
}

export function SelectField({
  field,
  label,
  hint,
  fieldName,
  required,
  className,
  options,
  placeholder,
  autoComplete,
  selectProps,
}: SelectFieldProps) {
  const hintId = hint ? field.descriptionId : undefined
  const props = getSelectProps(field, { ariaDescribedBy: hintId })
  const isRequired = required ?? field.required ?? false
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="form-label">
        {label}
        <RequiredMarker required={isRequired} />
      </label>
      <select
        {...props}
        {...selectProps}
        key={field.key}
        required={isRequired || undefined}
        autoComplete={autoComplete}
        className="form-control"
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((entry) =>
          'options' in entry ? (
            <optgroup key={`group-${entry.label}`} label={entry.label}>
              {entry.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={entry.value} value={entry.value}>
              {entry.label}
            </option>
          ),
        )}
      </select>
      {hint ? (
        <p id={field.descriptionId} className="form-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} fieldName={plain(label, fieldName)} />
    </div>
  )
}

export interface CheckboxFieldProps extends FieldBase {
  /** Submitted value when ticked (default 'on'). */
  value?: string
}

export function CheckboxField({ field, label, hint, fieldName, required, className, value }: CheckboxFieldProps) {
  const hintId = hint ? field.descriptionId : undefined
  const props = getInputProps(field, { type: 'checkbox', ariaDescribedBy: hintId, ...(value ? { value } : {}) })
  const isRequired = required ?? field.required ?? false
  return (
    <div className={['form-field', 'form-check', className].filter(Boolean).join(' ')}>
      <input {...props} key={field.key} required={isRequired || undefined} className="form-check-input" />
      <label htmlFor={field.id} className="form-check-label">
        {label}
        <RequiredMarker required={isRequired} />
      </label>
      {hint ? (
        <p id={field.descriptionId} className="form-hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} fieldName={plain(label, fieldName)} />
    </div>
  )
}

/**
 * Errors of the whole form (wrong credentials, throttling, store failures): a live region at the
 * top of the form, so screen readers announce them after a submit.
 */
export function FormErrors({ errors, id }: { errors: string[] | undefined; id?: string }) {
  const { t } = useTranslation('auth')
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? (
        <ul>
          {errors.map((message) => (
            <li key={message}>{translateFormMessage(t, message)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Says once per form what the star means. */
export function RequiredNote() {
  const { t } = useTranslation('auth')
  return <p className="form-required-note">{t('form.requiredNote')}</p>
}
