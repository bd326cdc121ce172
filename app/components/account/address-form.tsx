import { getFormProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { ErrorList, FormErrors, RequiredNote, SelectField, TextField } from '~/components/ui/form'
import { addressSchema } from '~/forms/address'
import { buttonClass } from '~/components/ui/button'

export interface CountryChoice {
  id: string
  name: string
  states: { id: string; name: string }[]
}

export interface AddressDefaults {
  addressId?: string
  salutationId?: string
  firstName?: string
  lastName?: string
  company?: string
  department?: string
  street?: string
  additionalAddressLine1?: string
  zipcode?: string
  city?: string
  countryId?: string
  countryStateId?: string
  phoneNumber?: string
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is generic over the whole form
type Field = FieldMetadata<string | undefined, any, string[]>

/**
 * The state select. Without JavaScript it lists the states of every country, grouped by country, so
 * any country can be completed in one submit (the store refuses a state of another country at the
 * field). With JavaScript it lists the chosen country's states only, and disappears for countries
 * without states.
 */
function StateField({ field, countries, countryId }: { field: Field; countries: CountryChoice[]; countryId: string | undefined }) {
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  const country = countries.find((c) => c.id === countryId)
  if (hydrated && !country?.states.length) return null
  const withStates = countries.filter((c) => c.states.length > 0)
  const errors = field.errors ?? []
  return (
    <div className="form-field">
      <label htmlFor={field.id} className="form-label">
        {t('fields.state')}
      </label>
      <select {...getSelectProps(field)} key={field.key} autoComplete="address-level1" className="form-control">
        <option value="">{t('fields.stateNone')}</option>
        {hydrated && country
          ? country.states.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))
          : withStates.map((c) => (
              <optgroup key={c.id} label={c.name}>
                {c.states.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
      </select>
      <ErrorList id={field.errorId} errors={errors} fieldName={t('fields.state')} />
    </div>
  )
}

interface AddressFormProps {
  id: string
  title: string
  submitLabel: string
  cancelHref: string
  defaults: AddressDefaults
  countries: CountryChoice[]
  salutations: { id: string; name: string }[]
  lastResult?: SubmissionResult<string[]>
}

/** Create or edit an address: a plain POST (intent=save) to the page it is shown on. */
export function AddressForm({ id, title, submitLabel, cancelHref, defaults, countries, salutations, lastResult }: AddressFormProps) {
  const { t } = useTranslation('account')
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(addressSchema),
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const countryId = (fields.countryId.value as string | undefined) ?? defaults.countryId
  return (
    <section className="account-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormErrors form={form} />
        <RequiredNote />
        <input type="hidden" name="intent" value="save" />
        {defaults.addressId ? <input type="hidden" name="addressId" value={defaults.addressId} /> : null}
        <div className="form-grid">
          <SelectField
            field={fields.salutationId}
            label={t('fields.salutation')}
            options={salutations.map((s) => ({ value: s.id, label: s.name }))}
            autoComplete="honorific-prefix"
          />
          <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
          <TextField field={fields.company} label={t('fields.company')} autoComplete="organization" />
          <TextField field={fields.department} label={t('fields.department')} />
        </div>
        <div className="form-grid">
          <TextField field={fields.street} label={t('fields.street')} autoComplete="address-line1" />
          <TextField field={fields.additionalAddressLine1} label={t('fields.additionalAddressLine1')} autoComplete="address-line2" />
          <TextField field={fields.zipcode} label={t('fields.zipcode')} autoComplete="postal-code" className="form-field-short" />
          <TextField field={fields.city} label={t('fields.city')} autoComplete="address-level2" />
          <SelectField
            field={fields.countryId}
            label={t('fields.country')}
            options={countries.map((c) => ({ value: c.id, label: c.name }))}
            autoComplete="country-name"
          />
          <StateField field={fields.countryStateId} countries={countries} countryId={countryId} />
          <TextField field={fields.phoneNumber} label={t('fields.phoneNumber')} type="tel" autoComplete="tel" />
        </div>
        <div className="form-actions">
          <button type="submit" className={buttonClass()} disabled={busy}>
            {busy ? t('saving') : submitLabel}
          </button>
          <Link to={cancelHref} className="account-link">
            {t('cancel')}
          </Link>
        </div>
      </Form>
    </section>
  )
}
