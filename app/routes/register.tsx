import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Trans, useTranslation } from '~/lib/use-translation'
import type { z } from 'zod'
import { buttonClass } from '~/components/ui/button'
import { CheckboxField, Fieldset, FormErrors, RequiredNote, SelectField, TextField } from '~/components/ui/form'
import { COMPANY_TYPES, registerSchema, type AddressFormValues, type RegisterValues } from '~/forms/register'
import { legalPageHref } from '~/lib/links'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import {
  PRIVATE_HEADERS,
  authPageMeta,
  keepKnownFields,
  loadRegisterOptions,
  redirectWith,
  registerCustomer,
  type RegisterOptions,
} from '~/store/account.server'
import { pickHeaders } from '~/store/page.server'
import { pageMeta } from '~/lib/page-meta'

const REGISTERED_PARAM = 'registered'
const addressFields = ['street', 'zipcode', 'city', 'countryId', 'countryStateId'] as const
const FORM_FIELDS = [
  'salutationId', 'firstName', 'lastName', 'email', 'password', 'passwordConfirm', 'company', 'companyType', 'vatId',
  'invoiceEmail', 'companyWebsite', 'phone', 'reseller', 'newsletter', 'acceptedDataProtection', 'differentShipping',
  ...addressFields.map((f) => `billingAddress.${f}`),
  ...addressFields.map((f) => `shippingAddress.${f}`),
]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { seo, breadcrumbs } = authPageMeta(context, locale, '/register', 'register')
  // After a registration with double opt-in: the page that asks to confirm the mail (no store call).
  if (url.searchParams.get(REGISTERED_PARAM) === '1') {
    return data({ locale, registered: true as const, options: null, seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
  }
  const options = await loadRegisterOptions(context, request, locale)
  return data({ locale, registered: false as const, options, seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const [formData, options] = await Promise.all([request.formData(), loadRegisterOptions(context, request, locale)])
  const submission = parseWithZod(formData, { schema: registerSchema(options.countries) })
  const hideFields = ['password', 'passwordConfirm']
  if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400, headers: PRIVATE_HEADERS })

  const result = await registerCustomer(context, request, locale, submission.value)
  if (result.type === 'invalid') {
    return data(submission.reply({ fieldErrors: keepKnownFields(result.fieldErrors, FORM_FIELDS), hideFields }), {
      status: 400,
      headers: PRIVATE_HEADERS,
    })
  }
  if (result.loggedIn) {
    const message = { type: 'success' as const, messageKey: 'auth:register.created', values: { name: submission.value.firstName } }
    return redirectWith(localizePath(locale, '/account'), result.headers, message, context, request)
  }
  return redirectWith(`${localizePath(locale, '/register')}?${REGISTERED_PARAM}=1`, result.headers)
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders)

function Registered({ locale }: { locale: Locale }) {
  const { t } = useTranslation('auth')
  return (
    <div className="container auth-page auth-page-wide">
      <section className="auth-card" aria-labelledby="registered-title">
        <h1 id="registered-title">{t('register.done.title')}</h1>
        <p className="auth-status" role="status">
          {t('register.done.text')}
        </p>
        <p>{t('register.done.hint')}</p>
        <Link to={localizePath(locale, '/login')}>{t('confirm.toLogin')}</Link>
      </section>
    </div>
  )
}

// The shipping address is `unknown` in the schema (read only when ticked); the form knows its fields.
type RegisterFormShape = Omit<z.input<ReturnType<typeof registerSchema>['_def']['left']>, 'shippingAddress'> & {
  shippingAddress?: AddressFormValues
}

type AddressFieldset = { [K in keyof AddressFormValues]-?: FieldMetadata<AddressFormValues[K], AddressFormValues, string[]> }

/**
 * Street, postal code, city, country and state. Without JavaScript the state select lists the
 * states of every country (grouped), and the server checks that the state belongs to the country;
 * with it, only the chosen country's states, and no select for countries without states.
 */
function AddressFields({
  fields,
  countries,
  enhanced,
}: {
  fields: AddressFieldset
  countries: RegisterOptions['countries']
  enhanced: boolean
}) {
  const { t } = useTranslation('auth')
  const chosen = countries.find((c) => c.value === (fields.countryId.value ?? fields.countryId.initialValue))
  const withStates = countries.filter((c) => c.states.length > 0)
  const stateOptions = enhanced
    ? (chosen?.states ?? [])
    : withStates.map((country) => ({ label: country.label, options: country.states }))
  const showStates = enhanced ? (chosen?.states.length ?? 0) > 0 : withStates.length > 0
  return (
    <div className="form-grid">
      <TextField field={fields.street} label={t('register.fields.street')} autoComplete="street-address" />
      <TextField field={fields.zipcode} label={t('register.fields.zipcode')} autoComplete="postal-code" />
      <TextField field={fields.city} label={t('register.fields.city')} autoComplete="address-level2" />
      <SelectField
        field={fields.countryId}
        label={t('register.fields.country')}
        options={countries.map(({ value, label }) => ({ value, label }))}
        autoComplete="country"
      />
      {showStates ? (
        <SelectField
          field={fields.countryStateId}
          label={t('register.fields.state')}
          options={stateOptions}
          placeholder={t('form.choose')}
          hint={enhanced ? undefined : t('register.hints.state')}
          autoComplete="address-level1"
        />
      ) : null}
    </div>
  )
}

function RegisterForm({ locale, options }: { locale: Locale; options: RegisterOptions }) {
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const navigation = useNavigation()
  const { t } = useTranslation('auth')
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const schema = registerSchema(options.countries)
  const firstCountry = options.countries[0]?.value
  const [form, fields] = useForm<RegisterFormShape, RegisterValues>({
    id: 'register',
    lastResult,
    // The field rules are the intersection's left side; the right one only adds cross-field checks.
    constraint: getZodConstraint(schema._def.left),
    defaultValue: { billingAddress: { countryId: firstCountry }, shippingAddress: { countryId: firstCountry } },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const billing = fields.billingAddress.getFieldset() as AddressFieldset
  const shipping = fields.shippingAddress.getFieldset() as AddressFieldset
  const differentShipping = (fields.differentShipping.value ?? fields.differentShipping.initialValue) === 'on'
  const busy = navigation.state === 'submitting'

  return (
    <div className="container auth-page auth-page-wide">
      <section className="auth-card" aria-labelledby="register-title">
        <h1 id="register-title">{t('register.title')}</h1>
        <p className="auth-intro">{t('register.intro')}</p>
        <p>
          {t('register.haveAccount')} <Link to={localizePath(locale, '/login')}>{t('register.login')}</Link>
        </p>
        <Form method="post" className="form-stack" {...getFormProps(form)}>
          <FormErrors form={form} />
          <RequiredNote />
          <Fieldset legend={t('register.sections.contact')}>
            <div className="form-grid">
              <SelectField
                field={fields.salutationId}
                label={t('register.fields.salutation')}
                options={options.salutations}
                placeholder={t('form.choose')}
                autoComplete="honorific-prefix"
              />
              <TextField field={fields.firstName} label={t('register.fields.firstName')} autoComplete="given-name" />
              <TextField field={fields.lastName} label={t('register.fields.lastName')} autoComplete="family-name" />
              <TextField field={fields.phone} label={t('register.fields.phone')} type="tel" autoComplete="tel" />
            </div>
          </Fieldset>
          <Fieldset legend={t('register.sections.company')}>
            <div className="form-grid">
              <TextField field={fields.company} label={t('register.fields.company')} autoComplete="organization" />
              <SelectField
                field={fields.companyType}
                label={t('register.fields.companyType')}
                options={COMPANY_TYPES.map((type) => ({ value: type, label: t(`register.companyTypes.${type}`) }))}
                placeholder={t('form.choose')}
              />
              <TextField field={fields.vatId} label={t('register.fields.vatId')} hint={t('register.hints.vatId')} autoComplete="off" />
              <TextField
                field={fields.invoiceEmail}
                label={t('register.fields.invoiceEmail')}
                hint={t('register.hints.invoiceEmail')}
                type="email"
                autoComplete="email"
              />
              <TextField
                field={fields.companyWebsite}
                label={t('register.fields.companyWebsite')}
                hint={t('register.hints.companyWebsite')}
                type="url"
                autoComplete="url"
                inputMode="url"
              />
            </div>
          </Fieldset>
          <Fieldset legend={t('register.sections.access')}>
            <div className="form-grid">
              <TextField field={fields.email} label={t('register.fields.email')} type="email" autoComplete="email" />
              <TextField
                field={fields.password}
                label={t('register.fields.password')}
                hint={t('register.hints.password')}
                type="password"
                autoComplete="new-password"
                noDefault
              />
              <TextField
                field={fields.passwordConfirm}
                label={t('register.fields.passwordConfirm')}
                type="password"
                autoComplete="new-password"
                required
                noDefault
              />
            </div>
          </Fieldset>
          <Fieldset legend={t('register.sections.billing')}>
            <AddressFields fields={billing} countries={options.countries} enhanced={enhanced} />
          </Fieldset>
          <CheckboxField field={fields.differentShipping} label={t('register.fields.differentShipping')} />
          <Fieldset legend={t('register.sections.shipping')} hidden={enhanced && !differentShipping}>
            {enhanced ? null : <p className="form-hint">{t('register.hints.shipping')}</p>}
            <AddressFields fields={shipping} countries={options.countries} enhanced={enhanced} />
          </Fieldset>
          <Fieldset legend={t('register.sections.options')}>
            <div className="form-stack">
              <CheckboxField field={fields.reseller} label={t('register.fields.reseller')} hint={t('register.hints.reseller')} />
              <CheckboxField field={fields.newsletter} label={t('register.fields.newsletter')} />
              <CheckboxField
                field={fields.acceptedDataProtection}
                fieldName={t('register.fields.acceptedDataProtectionName')}
                label={
                  <Trans
                    t={t}
                    i18nKey="register.fields.acceptedDataProtection"
                    components={{ privacy: <a href={legalPageHref(locale, 'privacy')} /> }}
                  />
                }
                required
              />
            </div>
          </Fieldset>
          <div className="form-actions">
            <button type="submit" className={buttonClass({ variant: 'primary', size: 'large' })} disabled={busy}>
              {busy ? t('form.submitting') : t('register.submit')}
            </button>
          </div>
        </Form>
      </section>
    </div>
  )
}

export const meta = pageMeta

export default function Register() {
  const { locale, registered, options } = useLoaderData<typeof loader>()
  if (registered || !options) return <Registered locale={locale} />
  return <RegisterForm locale={locale} options={options} />
}
