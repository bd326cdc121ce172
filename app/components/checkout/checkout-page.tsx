import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { useRef, type FormEvent, type ReactNode } from 'react'
import { Trans, useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { AddressLines } from '~/components/account/address-lines'
import { CartTotals } from '~/components/cart/cart-totals'
import { buttonClass } from '~/components/ui/button'
import { CheckboxField, ErrorList, FormErrors, RadioGroupField, RequiredNote, SelectField, TextField } from '~/components/ui/form'
import { promotionSchema } from '~/forms/cart'
import {
  billingAddressSchema,
  guestSchema,
  loginIntentSchema,
  newAddressSchema,
  orderSchema,
  paymentMethodSchema,
  REMOVE_PROMOTION_FIELD,
  shippingAddressSchema,
  shippingMethodSchema,
  type ChoiceIntent,
  type OrderDraft,
} from '~/forms/checkout'
import { localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { CartView } from '~/store/cart.server'
import type { CheckoutView, MethodView } from '~/store/checkout.server'
import type { CountryOption, SalutationOption } from '~/store/customer.server'
import { useSectionForm, type SectionReply } from './section-form'
import { VariantOptions } from '~/components/ui/variant-options'

export type CheckoutPageData = CheckoutView & { locale: Locale; today: string; draft?: OrderDraft }

function Section({ id, title, step, children, className }: { id: string; title: string; step: number; children: ReactNode; className?: string }) {
  return (
    <section className={['checkout-section', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section-title">
        <span className="checkout-section-step" aria-hidden="true">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  )
}

// ------------------------------------------------------------------------------------------------
// 1. Who orders

function LoginForm({ action }: { action: string }) {
  const { t } = useTranslation('checkout')
  const { fetcher, lastResult, busy } = useSectionForm('login')
  const [form, fields] = useForm({
    id: 'checkout-login',
    lastResult,
    constraint: getZodConstraint(loginIntentSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginIntentSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <fetcher.Form method="post" action={action} className="form-stack checkout-card" {...getFormProps(form)}>
      <h3>{t('who.loginTitle')}</h3>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="login" />
      <TextField field={fields.email} label={t('who.email')} type="email" autoComplete="email" />
      <TextField field={fields.password} label={t('who.password')} type="password" autoComplete="current-password" noDefault />
      <button type="submit" className={buttonClass({ variant: 'secondary' })} disabled={busy}>
        {busy ? t('busy') : t('who.loginSubmit')}
      </button>
    </fetcher.Form>
  )
}

function StateOptions(countries: CountryOption[]) {
  return countries.filter((c) => c.states.length).map((c) => ({ label: c.name, options: c.states.map((s) => ({ value: s.id, label: s.name })) }))
}

function GuestForm({ action, salutations, countries }: { action: string; salutations: SalutationOption[]; countries: CountryOption[] }) {
  const { t } = useTranslation('checkout')
  const { fetcher, lastResult, busy } = useSectionForm('guest')
  const [form, fields] = useForm({
    id: 'checkout-guest',
    lastResult,
    constraint: getZodConstraint(guestSchema),
    defaultValue: { countryId: countries[0]?.id },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guestSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const states = StateOptions(countries)
  return (
    <fetcher.Form method="post" action={action} className="form-stack checkout-card checkout-guest" {...getFormProps(form)}>
      <h3>{t('who.guestTitle')}</h3>
      <p className="checkout-muted">{t('who.guestIntro')}</p>
      <FormErrors form={form} />
      <RequiredNote />
      <input type="hidden" name="intent" value="guest" />
      <div className="form-grid">
        <SelectField
          field={fields.salutationId}
          label={t('fields.salutation')}
          placeholder={t('fields.choose')}
          options={salutations.map((s) => ({ value: s.id, label: s.name }))}
          autoComplete="honorific-prefix"
        />
        <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
        <TextField field={fields.email} label={t('fields.email')} type="email" autoComplete="email" />
        <TextField field={fields.company} label={t('fields.company')} autoComplete="organization" />
        <TextField field={fields.vatId} label={t('fields.vatId')} hint={t('fields.vatIdHint')} />
      </div>
      <div className="form-grid">
        <TextField field={fields.street} label={t('fields.street')} autoComplete="street-address" />
        <TextField field={fields.zipcode} label={t('fields.zipcode')} autoComplete="postal-code" />
        <TextField field={fields.city} label={t('fields.city')} autoComplete="address-level2" />
        <SelectField
          field={fields.countryId}
          label={t('fields.country')}
          options={countries.map((c) => ({ value: c.id, label: c.name }))}
          autoComplete="country-name"
        />
        {states.length ? (
          <SelectField field={fields.countryStateId} label={t('fields.state')} placeholder={t('fields.stateNone')} options={states} />
        ) : null}
        <TextField field={fields.phoneNumber} label={t('fields.phoneNumber')} type="tel" autoComplete="tel" />
      </div>
      <p className="checkout-muted">{t('who.guestPrivacy')}</p>
      <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={busy}>
        {busy ? t('busy') : t('who.guestSubmit')}
      </button>
    </fetcher.Form>
  )
}

function WhoSection({ data, action }: { data: CheckoutPageData; action: string }) {
  const { t } = useTranslation('checkout')
  const { session, locale } = data
  const name = [session.firstName, session.lastName].filter(Boolean).join(' ')
  if (session.state === 'logged-in' || session.state === 'guest') {
    return (
      <Section id="checkout-who" step={1} title={t('who.title')}>
        <p className="checkout-identity">
          {session.state === 'guest' ? t('who.asGuest', { name, email: session.email ?? '' }) : t('who.asCustomer', { name, email: session.email ?? '' })}
        </p>
        <Form method="post" action={localizePath(locale, '/logout')} className="checkout-inline-form">
          <button type="submit" className={buttonClass({ size: 'small', variant: 'text' })}>
            {t('who.logout')}
          </button>
        </Form>
      </Section>
    )
  }
  const registerHref = localizePath(locale, '/register')
  return (
    <Section id="checkout-who" step={1} title={t('who.title')}>
      <p className="checkout-muted">{t('who.intro')}</p>
      <div className="checkout-who-grid">
        <LoginForm action={action} />
        <div className="checkout-card">
          <h3>{t('who.registerTitle')}</h3>
          <p className="checkout-muted">{t('who.registerIntro')}</p>
          <Link to={registerHref} className={buttonClass({ variant: 'secondary' })}>
            {t('who.registerLink')}
          </Link>
        </div>
      </div>
      <GuestForm action={action} salutations={data.salutations} countries={data.countries} />
    </Section>
  )
}

// ------------------------------------------------------------------------------------------------
// 2. Addresses

const ORDER_FORM_ID = 'checkout-order'

/**
 * A section's button that takes its choice. With JavaScript a choice is taken at once, so it is
 * hidden. Without it, the choices belong to the order form and this button sends that form (with the
 * page's values beside them, 'was', and without the browser's checks, which are the order's), so
 * what the shopper has typed for the order stays (app/routes/checkout.tsx). Its 'choice' names the
 * section and outranks the order form's intent. Being the form's first button, it is also what
 * Enter in the order form does: the choices are taken, nothing is ordered.
 */
function ChoiceButton({ intent, name, selected, busy, label }: { intent: ChoiceIntent; name: string; selected?: string; busy: boolean; label: string }) {
  const hydrated = useHydrated()
  if (hydrated) {
    return (
      <button type="submit" className={buttonClass({ size: 'small', variant: 'secondary' }, 'checkout-js-hidden')} disabled={busy}>
        {label}
      </button>
    )
  }
  return (
    <>
      <input type="hidden" form={ORDER_FORM_ID} name={`was.${name}`} value={selected ?? ''} />
      <button type="submit" form={ORDER_FORM_ID} formNoValidate name="choice" value={intent} className={buttonClass({ size: 'small', variant: 'secondary' })} disabled={busy}>
        {label}
      </button>
    </>
  )
}

function AddressChoice({ kind, data, action }: { kind: 'shipping' | 'billing'; data: CheckoutPageData; action: string }) {
  const { t } = useTranslation('checkout')
  const intent = kind === 'shipping' ? 'shipping-address' : 'billing-address'
  const schema = kind === 'shipping' ? shippingAddressSchema : billingAddressSchema
  const { fetcher, lastResult, busy } = useSectionForm(intent)
  const hydrated = useHydrated()
  const selected = kind === 'shipping' ? data.shippingAddressId : data.billingAddressId
  const [form, fields] = useForm({
    id: `checkout-${intent}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const field = kind === 'shipping' ? fields.shippingAddressId : fields.billingAddressId
  const legend = t(`address.${kind}Title`)
  return (
    <fetcher.Form method="post" action={action} className="checkout-choice" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors form={form} />
      <RadioGroupField
        field={field}
        legend={legend}
        defaultValue={selected}
        form={hydrated ? undefined : ORDER_FORM_ID}
        options={data.addresses.map((address) => ({ value: address.id, label: <AddressLines address={address} /> }))}
        onChange={hydrated ? (event) => fetcher.submit(event.currentTarget.form) : undefined}
      />
      <ChoiceButton intent={intent} name={field.name} selected={selected} busy={busy} label={t(`address.${kind}Submit`)} />
    </fetcher.Form>
  )
}

function NewAddressForm({ data, action }: { data: CheckoutPageData; action: string }) {
  const { t } = useTranslation('checkout')
  const { fetcher, lastResult, busy } = useSectionForm('new-address')
  const [form, fields] = useForm({
    id: 'checkout-new-address',
    lastResult,
    constraint: getZodConstraint(newAddressSchema),
    defaultValue: { firstName: data.session.firstName, lastName: data.session.lastName, countryId: data.countries[0]?.id, use: 'shipping' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newAddressSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const states = StateOptions(data.countries)
  const hasErrors = !!lastResult && lastResult.status === 'error'
  // Without JavaScript the fields belong to the order form, as the choices do (ChoiceButton), so what was typed for the order stays.
  const lent = useHydrated() ? undefined : ORDER_FORM_ID
  return (
    <details className="checkout-new-address" open={hasErrors || data.addresses.length === 0 || undefined}>
      <summary>{t('address.newTitle')}</summary>
      <fetcher.Form method="post" action={action} className="form-stack" {...getFormProps(form)}>
        <FormErrors form={form} />
        <RequiredNote />
        <input type="hidden" name="intent" value="new-address" />
        <div className="form-grid">
          <SelectField
            field={fields.salutationId}
            label={t('fields.salutation')}
            placeholder={t('fields.choose')}
            options={data.salutations.map((s) => ({ value: s.id, label: s.name }))}
            form={lent}
          />
          <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" form={lent} />
          <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" form={lent} />
          <TextField field={fields.company} label={t('fields.company')} autoComplete="organization" form={lent} />
          <TextField field={fields.department} label={t('fields.department')} form={lent} />
          <TextField field={fields.street} label={t('fields.street')} autoComplete="address-line1" form={lent} />
          <TextField field={fields.additionalAddressLine1} label={t('fields.additionalAddressLine1')} autoComplete="address-line2" form={lent} />
          <TextField field={fields.zipcode} label={t('fields.zipcode')} autoComplete="postal-code" form={lent} />
          <TextField field={fields.city} label={t('fields.city')} autoComplete="address-level2" form={lent} />
          <SelectField field={fields.countryId} label={t('fields.country')} options={data.countries.map((c) => ({ value: c.id, label: c.name }))} form={lent} />
          {states.length ? (
            <SelectField field={fields.countryStateId} label={t('fields.state')} placeholder={t('fields.stateNone')} options={states} form={lent} />
          ) : null}
          <TextField field={fields.phoneNumber} label={t('fields.phoneNumber')} type="tel" autoComplete="tel" form={lent} />
          <SelectField
            field={fields.use}
            label={t('address.use')}
            options={(['shipping', 'billing', 'both'] as const).map((use) => ({ value: use, label: t(`address.useOptions.${use}`) }))}
            form={lent}
          />
        </div>
        <button
          type="submit"
          className={buttonClass({ variant: 'secondary' })}
          disabled={busy}
          {...(lent ? { form: lent, formNoValidate: true, name: 'choice', value: 'new-address' } : {})}
        >
          {busy ? t('busy') : t('address.newSubmit')}
        </button>
      </fetcher.Form>
    </details>
  )
}

function AddressSection({ data, action }: { data: CheckoutPageData; action: string }) {
  const { t } = useTranslation('checkout')
  return (
    <Section id="checkout-address" step={2} title={t('address.title')}>
      {data.addresses.length ? (
        <div className="checkout-address-grid">
          <AddressChoice kind="shipping" data={data} action={action} />
          <AddressChoice kind="billing" data={data} action={action} />
        </div>
      ) : (
        <p className="checkout-muted">{t('address.none')}</p>
      )}
      <NewAddressForm data={data} action={action} />
    </Section>
  )
}

// ------------------------------------------------------------------------------------------------
// 3. Shipping and payment method

function MethodChoice({
  kind,
  methods,
  selected,
  action,
  step,
  unavailable = [],
}: {
  kind: 'shipping' | 'payment'
  methods: MethodView[]
  selected?: string
  action: string
  step: number
  /** Methods the shop has but this order cannot use: named, with their conditions, so a missing one is explained. */
  unavailable?: MethodView[]
}) {
  const { t } = useTranslation('checkout')
  const intent = kind === 'shipping' ? 'shipping-method' : 'payment-method'
  const name = kind === 'shipping' ? 'shippingMethodId' : 'paymentMethodId'
  const schema = kind === 'shipping' ? shippingMethodSchema : paymentMethodSchema
  const { fetcher, lastResult, busy } = useSectionForm(intent)
  const hydrated = useHydrated()
  const [form, fields] = useForm({ id: `checkout-${intent}`, lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema }) })
  const field = fields[name as keyof typeof fields] as (typeof fields)['intent']
  const legend = t(`${kind}.title`)
  return (
    <Section id={`checkout-${kind}`} step={step} title={legend}>
      <fetcher.Form method="post" action={action} className="checkout-choice" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <FormErrors form={form} />
        {methods.length === 0 ? <p className="checkout-muted">{t(`${kind}.none`)}</p> : null}
        <RadioGroupField
          field={field}
          legend={legend}
          legendHidden
          busy={busy}
          defaultValue={selected}
          options={methods.map((method) => ({
            value: method.id,
            label: (
              <span>
                <strong>{method.name}</strong>
                {method.deliveryTime ? <span className="checkout-muted"> · {t('shipping.deliveryTime', { time: method.deliveryTime })}</span> : null}
              </span>
            ),
            description: method.description || undefined,
          }))}
          form={hydrated ? undefined : ORDER_FORM_ID}
          onChange={hydrated ? (event) => fetcher.submit(event.currentTarget.form) : undefined}
        />
        {unavailable.length ? (
          <div className="checkout-unavailable">
            <p>{t('payment.unavailable')}</p>
            <ul>
              {unavailable.map((method) => (
                <li key={method.id}>
                  <strong>{method.name}</strong>
                  {method.description ? ` · ${method.description}` : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ChoiceButton intent={intent} name={name} selected={selected} busy={busy} label={t(`${kind}.submit`)} />
        {busy ? (
          <p className="checkout-muted" role="status">
            {t('repricing')}
          </p>
        ) : null}
      </fetcher.Form>
    </Section>
  )
}

// ------------------------------------------------------------------------------------------------
// Summary: lines, promotion codes, totals

function PromotionForms({ cart, action }: { cart: CartView; action: string }) {
  const { t } = useTranslation('checkout')
  const { fetcher, lastResult, busy } = useSectionForm('promotion-add')
  const remove = useSectionForm('promotion-remove')
  // Without JavaScript the code is sent with the order form, like the choices (ChoiceButton).
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id: 'checkout-promotion',
    lastResult,
    constraint: getZodConstraint(promotionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <div className="checkout-promotions">
      {cart.promotions.length ? (
        <ul className="checkout-promotion-list">
          {cart.promotions.map((promotion) => (
            <li key={promotion.id}>
              <span>
                {promotion.label}
                {promotion.code ? <span className="checkout-muted"> ({promotion.code})</span> : null}
              </span>
              {promotion.code ? (
                <remove.fetcher.Form method="post" action={action} className="checkout-inline-form">
                  <input type="hidden" name="intent" value="promotion-remove" />
                  <input type="hidden" name="lineItemId" value={promotion.id} />
                  {/* Without JavaScript it posts with the order form, like the choices, naming its line. */}
                  <button
                    type="submit"
                    className={buttonClass({ size: 'small', variant: 'text' })}
                    disabled={remove.busy}
                    {...(hydrated ? {} : { form: ORDER_FORM_ID, formNoValidate: true, name: REMOVE_PROMOTION_FIELD, value: promotion.id })}
                  >
                    {t('promotion.remove')}
                    <span className="visually-hidden">: {promotion.code}</span>
                  </button>
                </remove.fetcher.Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form method="post" action={action} className="checkout-promotion-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="promotion-add" />
        <FormErrors form={form} />
        {/* Optional for the order, though the form needs a code to send: no required star. */}
        <TextField field={fields.code} label={t('promotion.label')} autoComplete="off" required={false} form={hydrated ? undefined : ORDER_FORM_ID} />
        {hydrated ? (
          <button type="submit" className={buttonClass({ size: 'small', variant: 'secondary' })} disabled={busy}>
            {t('promotion.submit')}
          </button>
        ) : (
          <button type="submit" form={ORDER_FORM_ID} formNoValidate name="choice" value="promotion-add" className={buttonClass({ size: 'small', variant: 'secondary' })}>
            {t('promotion.submit')}
          </button>
        )}
      </fetcher.Form>
    </div>
  )
}

function Summary({ data, action }: { data: CheckoutPageData; action: string }) {
  const { t } = useTranslation('checkout')
  const { cart, locale } = data
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('summary.title')}</h2>
      <ul className="checkout-lines">
        {cart.lines.map((line) => (
          <li key={line.id} className="checkout-line">
            <span className="checkout-line-name">
              <Link to={line.href}>{line.label}</Link>
              <span className="checkout-muted">
                {t('summary.number', { number: line.productNumber })}
                {line.isDownload ? ` · ${t('summary.download')}` : ''}
              </span>
              <VariantOptions options={line.options} className="checkout-muted" />
            </span>
            <span className="checkout-line-quantity">{t('summary.quantity', { quantity: line.quantity, price: formatPrice(locale, line.unitPrice) })}</span>
            <span className="checkout-line-total">{formatPrice(locale, line.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <Link to={localizePath(locale, '/checkout/cart')} className="checkout-edit-cart">
        {t('summary.editCart')}
      </Link>
      <PromotionForms cart={cart} action={action} />
      <CartTotals totals={cart.totals} locale={locale} />
      {cart.totals.taxFree ? null : <p className="checkout-muted checkout-vat-note">{t('summary.netNote')}</p>}
    </aside>
  )
}

// ------------------------------------------------------------------------------------------------
// Placing the order

/** A kept draft as the order form's initial values (a ticked box is 'on'). */
function draftValues(draft: OrderDraft) {
  const tick = (ticked: boolean) => (ticked ? 'on' : undefined)
  return { contactPerson: draft.contactPerson, desiredDate: draft.desiredDate, comment: draft.comment, tos: tick(draft.tos), waiver: tick(draft.waiver) }
}

function OrderSection({ data, action, step }: { data: CheckoutPageData; action: string; step: number }) {
  const { t } = useTranslation('checkout')
  const actionData = useActionData<SectionReply>()
  const navigation = useNavigation()
  const submitted = useRef(false)
  const schema = orderSchema({ today: data.today, needsWaiver: data.needsWaiver })
  const draft = actionData?.draft ?? data.draft
  const [form, fields] = useForm({
    id: ORDER_FORM_ID,
    lastResult: actionData?.intent === 'order' ? actionData.reply : undefined,
    defaultValue: draft ? draftValues(draft) : undefined,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  // Read here so this component re-renders when they change (conform subscribes the reader of a field's metadata).
  const checkErrors = [fields.tos.errors, fields.waiver.errors, fields.desiredDate.errors, fields.comment.errors]
  const identified = data.session.state === 'logged-in' || data.session.state === 'guest'
  const ready = identified && !data.cart.blocking && !!data.shippingMethodId && !!data.paymentMethodId
  const placing = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'order'
  if (navigation.state === 'idle') submitted.current = false
  const formProps = getFormProps(form)
  // A second click while the first order is on its way does nothing (the store would refuse it anyway).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (submitted.current) {
      event.preventDefault()
      return
    }
    formProps.onSubmit(event)
    if (!event.defaultPrevented) submitted.current = true
  }
  const tocHref = localizePath(data.locale, '/toc')
  return (
    <Section id="checkout-order" step={step} title={t('order.title')}>
      <Form method="post" action={action} className="form-stack" {...formProps} onSubmit={onSubmit} data-invalid={checkErrors.some((e) => e?.length) || undefined}>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="order" />
        {/* Nothing to type before the shopper has said who orders: the login and guest forms post on their own and would lose it (ADR 017). */}
        {identified ? (
          <>
            <div className="form-grid">
              <TextField field={fields.contactPerson} label={t('order.contactPerson')} hint={t('order.contactPersonHint')} autoComplete="name" />
              <div className="form-field">
                <label htmlFor={fields.desiredDate.id} className="form-label">
                  {t('order.desiredDate')}
                </label>
                <input
                  {...getInputProps(fields.desiredDate, { type: 'date', ariaDescribedBy: fields.desiredDate.descriptionId })}
                  key={fields.desiredDate.key}
                  min={data.today}
                  className="form-control"
                />
                <p id={fields.desiredDate.descriptionId} className="form-hint">
                  {t('order.desiredDateHint')}
                </p>
                <ErrorList id={fields.desiredDate.errorId} errors={fields.desiredDate.errors} fieldName={t('order.desiredDate')} />
              </div>
            </div>
            <div className="form-field">
              <label htmlFor={fields.comment.id} className="form-label">
                {t('order.comment')}
              </label>
              <textarea {...getTextareaProps(fields.comment)} key={fields.comment.key} rows={3} className="form-control" />
              <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} fieldName={t('order.comment')} />
            </div>
            <CheckboxField
              field={fields.tos}
              required
              fieldName={t('order.tosField')}
              label={<Trans t={t} i18nKey="order.tos" components={{ toc: <Link to={tocHref} target="_blank" rel="noopener" /> }} />}
            />
            {data.needsWaiver ? <CheckboxField field={fields.waiver} required fieldName={t('order.waiverField')} label={t('order.waiver')} /> : null}
          </>
        ) : (
          <p className="checkout-muted">
            <Trans t={t} i18nKey="order.identifyFirst" components={{ who: <a href="#checkout-who-title" /> }} />
          </p>
        )}
        {data.cart.blocking ? <p className="checkout-muted">{t('order.resolveFirst')}</p> : null}
        <p className="checkout-order-total">
          {t(data.cart.totals.taxFree ? 'order.totalTaxFree' : 'order.total')} <strong>{formatPrice(data.locale, data.cart.totals.totalPrice)}</strong>
        </p>
        <button
          type="submit"
          className={buttonClass({ size: 'large', variant: 'primary' }, 'checkout-order-button')}
          disabled={!ready || placing}
          aria-disabled={!ready || placing || undefined}
        >
          {placing ? t('order.placing') : t('order.submit')}
        </button>
      </Form>
    </Section>
  )
}

// ------------------------------------------------------------------------------------------------

/** Blocking cart errors (and every other message of this calculation) above the sections. */
function CartProblems({ cart }: { cart: CartView }) {
  const { t } = useTranslation(['cart', 'checkout'])
  if (!cart.notices.length) return null
  const blocking = cart.notices.filter((n) => n.type === 'danger' || n.type === 'warning')
  const other = cart.notices.filter((n) => n.type !== 'danger' && n.type !== 'warning')
  return (
    <div className="checkout-problems">
      {blocking.length ? (
        <div className="checkout-alert checkout-alert-danger" role="alert">
          {cart.blocking ? <p className="checkout-alert-title">{t('checkout:problems.blocking')}</p> : null}
          <ul>
            {blocking.map((notice, index) => (
              <li key={`${notice.messageKey}-${index}`}>{t(notice.messageKey, notice.values ?? {})}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {other.length ? (
        <div className="checkout-alert checkout-alert-info" role="status">
          <ul>
            {other.map((notice, index) => (
              <li key={`${notice.messageKey}-${index}`}>{t(notice.messageKey, notice.values ?? {})}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

export function CheckoutPage({ data, title }: { data: CheckoutPageData; title: string }) {
  const { t } = useTranslation('checkout')
  const { pathname } = useLocation()
  const action = pathname
  const identified = data.session.state === 'logged-in' || data.session.state === 'guest'
  // Sections are numbered in the order they appear; addresses only once the shopper is known.
  const shippingStep = identified ? 3 : 2
  const paymentStep = data.cart.isVirtual ? shippingStep : shippingStep + 1
  return (
    <div className="checkout-page">
      <header className="checkout-header">
        <h1>{title}</h1>
        <p className="checkout-muted">{t(data.cart.totals.taxFree ? 'page.introTaxFree' : 'page.intro')}</p>
      </header>
      <CartProblems cart={data.cart} />
      <div className="checkout-grid">
        <div className="checkout-main">
          <WhoSection data={data} action={action} />
          {identified ? <AddressSection data={data} action={action} /> : null}
          {data.cart.isVirtual ? null : (
            <MethodChoice kind="shipping" methods={data.shippingMethods} selected={data.shippingMethodId} action={action} step={shippingStep} />
          )}
          <MethodChoice
            kind="payment"
            methods={data.paymentMethods}
            unavailable={data.unavailablePaymentMethods}
            selected={data.paymentMethodId}
            action={action}
            step={paymentStep}
          />
          <OrderSection data={data} action={action} step={paymentStep + 1} />
        </div>
        <Summary data={data} action={action} />
      </div>
    </div>
  )
}
