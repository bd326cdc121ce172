import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react'
import { useEffect, useRef, useState, type ChangeEvent, type FieldsetHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react'
import { useHydrated } from '~/lib/use-hydrated'
import { useTranslation } from '~/lib/use-translation'
import { throttledSecondsOf, translateFormMessage } from '~/forms/messages'

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
  /** The form the control belongs to, when it is not the one around it (the checkout without JavaScript, ADR 017). */
  form?: string
}

/**
 * Translated errors of one field or group; each message is an i18n key (see app/forms/messages.ts).
 * `id` is the field's errorId, which the control names in aria-describedby (conform does that for
 * the fields below; RadioGroupField does it on its fieldset). `alert` announces it at once (for
 * forms that update in place, e.g. the cart's quantity); such a list also takes the focus after a
 * refusal without JavaScript (see FormErrors).
 */
export function ErrorList({
  id,
  errors,
  fieldName,
  alert,
}: {
  id: string
  errors: string[] | null | undefined
  /** The field's label: messages such as "{{field}} is invalid" name it. */
  fieldName: string
  alert?: boolean
}) {
  const { t } = useTranslation('auth')
  const takeFocus = useFocusOnRefusal(!!alert && !!errors?.length)
  if (!errors?.length) return alert ? <p id={id} className="form-error" role="alert" /> : null
  return (
    <p id={id} className="form-error" role={alert ? 'alert' : undefined} tabIndex={takeFocus ? -1 : undefined} autoFocus={takeFocus || undefined}>
      {errors.map((message) => translateFormMessage(t, message, { field: fieldName })).join(' ')}
    </p>
  )
}

const FieldErrors = ErrorList

/**
 * Whether an error message should take the focus: only on the page the server rendered for a
 * refused form (no JavaScript, or not hydrated yet), where `autofocus` is what brings it into view.
 */
function useFocusOnRefusal(refused: boolean): boolean {
  const hydrated = useHydrated()
  return refused && !hydrated
}

/** Help text under a control; give the control `aria-describedby={id}` (the fields here do it themselves). */
export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="form-hint">
      {children}
    </p>
  )
}

/** A titled group of fields (contact, company, address). `legendHidden` keeps the name for screen readers only. */
export function Fieldset({
  legend,
  legendHidden,
  className,
  children,
  ...props
}: { legend: ReactNode; legendHidden?: boolean } & FieldsetHTMLAttributes<HTMLFieldSetElement>) {
  return (
    <fieldset className={['form-fieldset', className].filter(Boolean).join(' ')} {...props}>
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      {children}
    </fieldset>
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

/**
 * The server leaves passwords out of its reply (hideFields), which empties them without JavaScript.
 * With JavaScript the browser would keep the typed text in the field, so the field is emptied when
 * conform's value of it goes from typed to absent: that happens when a reply arrives, never on load,
 * where a browser's autofill must stay.
 */
function useForgottenOnReply(value: unknown, active: boolean) {
  const ref = useRef<HTMLInputElement>(null)
  const previous = useRef(value)
  useEffect(() => {
    const typed = previous.current !== undefined
    previous.current = value
    if (active && typed && value === undefined && ref.current) ref.current.value = ''
  }, [value, active])
  return ref
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
  form,
}: TextFieldProps) {
  const hintId = hint ? field.descriptionId : undefined
  const props = getInputProps(field, { type, ariaDescribedBy: hintId, ...(noDefault ? { value: false } : {}) })
  const isRequired = required ?? field.required ?? false
  const input = useForgottenOnReply(noDefault ? field.value : undefined, Boolean(noDefault))
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="form-label">
        {label}
        <RequiredMarker required={isRequired} />
      </label>
      <input
        {...props}
        {...(form ? { form } : {})}
        key={field.key}
        ref={input}
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

export interface TextAreaFieldProps extends FieldBase {
  rows?: number
  maxLength?: number
}

/** Multi-line text (contact message, price request). */
export function TextAreaField({ field, label, hint, fieldName, required, className, rows = 6, maxLength }: TextAreaFieldProps) {
  const props = getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })
  const isRequired = required ?? field.required ?? false
  return (
    <div className={['form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={field.id} className="form-label">
        {label}
        <RequiredMarker required={isRequired} />
      </label>
      <textarea {...props} key={field.key} rows={rows} maxLength={maxLength} required={isRequired || undefined} className="form-control" />
      {hint ? <Hint id={field.descriptionId}>{hint}</Hint> : null}
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
  form,
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
        {...(form ? { form } : {})}
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

export interface RadioOption {
  value: string
  label: ReactNode
  /** Extra line under the label (delivery time, fee), announced with the option. */
  description?: ReactNode
  disabled?: boolean
}

export interface RadioGroupFieldProps extends Omit<FieldBase, 'label'> {
  /** The question the group answers, as the fieldset's legend. */
  legend: ReactNode
  legendHidden?: boolean
  /** id of the legend, for a surrounding section named by it. */
  legendId?: string
  options: RadioOption[]
  /** Checked when the form has no value yet (e.g. the method stored in the context). */
  defaultValue?: string
  /** Called when the choice changes (with JS only: the form must still work through its submit button). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
  /** The choice is being saved: announced on the group. */
  busy?: boolean
}

/**
 * One choice out of a few (payment, shipping, salutation). The fieldset names the group and points
 * at its hint and errors; each radio is marked invalid while the group has an error.
 */
export function RadioGroupField({
  field,
  legend,
  legendHidden,
  legendId,
  hint,
  fieldName,
  required,
  className,
  options,
  defaultValue,
  onChange,
  busy,
  form,
}: RadioGroupFieldProps) {
  const invalid = Boolean(field.errors?.length)
  const describedBy = [hint ? field.descriptionId : null, invalid ? field.errorId : null].filter(Boolean).join(' ') || undefined
  const isRequired = required ?? field.required ?? false
  const initial = typeof field.initialValue === 'string' ? field.initialValue : defaultValue
  return (
    <fieldset
      className={['form-fieldset', 'form-radio-group', className].filter(Boolean).join(' ')}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-busy={busy || undefined}
    >
      <legend id={legendId} className={legendHidden ? 'visually-hidden' : 'form-label'}>
        {legend}
        <RequiredMarker required={isRequired && !legendHidden} />
      </legend>
      {hint ? <Hint id={field.descriptionId}>{hint}</Hint> : null}
      <div className="form-radio-options">
        {options.map((option) => {
          const id = `${field.id}-${option.value}`
          return (
            <div key={option.value} className="form-radio">
              <input
                id={id}
                key={`${field.key ?? ''}-${option.value}`}
                type="radio"
                name={field.name}
                form={form}
                value={option.value}
                defaultChecked={option.value === initial}
                disabled={option.disabled}
                required={isRequired || undefined}
                aria-invalid={invalid || undefined}
                aria-describedby={option.description ? `${id}-description` : undefined}
                className="form-check-input"
                onChange={onChange}
              />
              <label htmlFor={id} className="form-check-label">
                {option.label}
                {option.description ? (
                  <span id={`${id}-description`} className="form-radio-description">
                    {option.description}
                  </span>
                ) : null}
              </label>
            </div>
          )
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} fieldName={plain(legend, fieldName)} />
    </fieldset>
  )
}

/**
 * Errors of the whole form (wrong credentials, throttling, store failures): a live region at the
 * top of the form, so screen readers announce them after a submit.
 *
 * Without JavaScript a refused form comes back as a new page that opens at its top, which on a long
 * page (the checkout's terms, the profile's email form) is far from the error. So the server-rendered
 * region then says how many fields need correcting and takes the focus (`autofocus`), which scrolls
 * the form into view and reads the message out. With JavaScript, conform moves the focus itself.
 */
export function FormErrors({ form }: { form: FormMetadata<any, string[]> }) {
  const { t } = useTranslation('auth')
  const errors = useHeldRefusal(form.errors ?? [])
  const invalidFields = Object.entries(form.allErrors).filter(([name, messages]) => name !== '' && messages.length).length
  const takeFocus = useFocusOnRefusal(errors.length > 0 || invalidFields > 0)
  return (
    <div id={form.errorId} className="form-errors" role="alert" tabIndex={takeFocus ? -1 : undefined} autoFocus={takeFocus || undefined}>
      {errors.length ? (
        <ul>
          {errors.map((message) => (
            <li key={message}>{translateFormMessage(t, message)}</li>
          ))}
        </ul>
      ) : null}
      {takeFocus && invalidFields ? <p>{t('form.invalidFields', { count: invalidFields })}</p> : null}
    </div>
  )
}

/**
 * A rate limit's refusal stays shown for the wait it names. conform validates a field as it is left and
 * then replaces the form's errors with what the browser found, which knows nothing of the store's
 * refusal: the shopper lost the notice at the first field they left, and learned of it again only
 * from the next refused submit.
 */
function useHeldRefusal(errors: string[]): string[] {
  const refusal = errors.find((message) => throttledSecondsOf(message) !== undefined)
  const [held, setHeld] = useState<{ message: string; until: number }>()
  useEffect(() => {
    if (refusal) setHeld({ message: refusal, until: Date.now() + throttledSecondsOf(refusal)! * 1000 })
  }, [refusal])
  useEffect(() => {
    if (!held) return
    const timer = setTimeout(() => setHeld(undefined), held.until - Date.now())
    return () => clearTimeout(timer)
  }, [held])
  return refusal || !held ? errors : [held.message, ...errors]
}

/** Says once per form what the star means. */
export function RequiredNote() {
  const { t } = useTranslation('auth')
  return <p className="form-required-note">{t('form.requiredNote')}</p>
}
