import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { ApiClientError } from '@shopware/api-client'
import { useTranslation } from '~/lib/use-translation'
import { AddressForm, type AddressDefaults } from '~/components/account/address-form'
import { AddressLines } from '~/components/account/address-lines'
import { addressActionSchema, addressSchema } from '~/forms/address'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import type { FlashMessage } from '~/lib/shell-types'
import { flash } from '~/session/flash.server'
import {
  accountErrorCode,
  accountHeaders,
  accountPage,
  accountSession,
  accountSessionWith,
  createAddress,
  deleteAddress,
  loadAddresses,
  loadCountries,
  loadSalutations,
  setDefaultAddress,
  updateAddress,
  type AddressView,
} from '~/store/customer.server'
import { throwRequestError } from '~/lib/request-error.server'
import { storeViolationsToFields, throwPageError } from '~/store/errors.server'
import { pageMeta } from '~/lib/page-meta'
import { buttonClass } from '~/components/ui/button'

/** What the page shows: the list, the form for a new or an existing address, or the delete confirmation. */
type Mode =
  | { type: 'list'; notice?: 'billing-locked' | 'not-found' }
  | { type: 'create' }
  | { type: 'edit'; address: AddressView }
  | { type: 'delete'; address: AddressView }

function modeOf(url: URL, addresses: AddressView[]): Mode {
  const edit = url.searchParams.get('address')
  const remove = url.searchParams.get('delete')
  if (edit === 'new') return { type: 'create' }
  const id = edit ?? remove
  if (!id) return { type: 'list' }
  const address = addresses.find((a) => a.id === id)
  if (!address) return { type: 'list', notice: 'not-found' }
  // Spec sections 3 and 6: the billing address cannot be changed after registration.
  if (edit && address.defaultBilling) return { type: 'list', notice: 'billing-locked' }
  return edit ? { type: 'edit', address } : { type: 'delete', address }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { customer, loaded } = await accountSessionWith(context, request, locale, (store, customer) =>
    Promise.all([loadAddresses(store, customer), loadCountries(store), loadSalutations(store)]),
  )
  const [addresses, countries, salutations] = await loaded
  const billing = addresses.find((a) => a.defaultBilling)
  // A new address starts with the customer's name, company and country.
  const newAddress: AddressDefaults = {
    salutationId: customer.salutationId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    company: billing?.company,
    countryId: billing?.countryId ?? countries[0]?.id,
  }
  return data(
    { locale, addresses, countries, salutations, newAddress, mode: modeOf(url, addresses), ...accountPage(context, locale, 'address') },
    { headers: accountHeaders() },
  )
}

const addressFieldMap = { salutationId: 'salutationId' }

/** Store codes of refused address actions → notification keys (spec section 8: address delete and default-set errors). */
const actionErrors: Record<string, string> = {
  CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT: 'account:address.errors.isDefault',
  CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE: 'account:address.errors.isActive',
  CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND: 'account:address.errors.notFound',
}

function backToList(context: Parameters<typeof flash>[0], request: Request, locale: Locale, message: FlashMessage) {
  const headers = accountHeaders()
  headers.append('Set-Cookie', flash(context, message, request))
  return redirect(localizePath(locale, '/account/address'), { status: 303, headers })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const { customer, store } = await accountSession(context, request, locale)
  const formData = await request.formData()
  const intent = formData.get('intent')

  if (intent === 'save') {
    const submission = parseWithZod(formData, { schema: addressSchema })
    if (submission.status !== 'success') return data({ reply: submission.reply() }, { status: 400, headers: accountHeaders() })
    const { addressId } = submission.value
    if (addressId && addressId === customer.defaultBillingAddressId) {
      return data(
        { reply: submission.reply({ formErrors: ['account:address.billingLocked'] }) },
        { status: 400, headers: accountHeaders() },
      )
    }
    try {
      if (addressId) await updateAddress(store, addressId, submission.value)
      else await createAddress(store, submission.value)
    } catch (err) {
      if (!(err instanceof ApiClientError && err.status === 400)) throwPageError(err, request)
      const fieldErrors = storeViolationsToFields(err, addressFieldMap)
      const code = accountErrorCode(err)
      if (!Object.keys(fieldErrors).length) fieldErrors[''] = [actionErrors[code ?? ''] ?? 'account:address.errors.failed']
      return data({ reply: submission.reply({ fieldErrors }) }, { status: 400, headers: accountHeaders() })
    }
    return backToList(context, request, locale, { type: 'success', messageKey: addressId ? 'account:address.saved' : 'account:address.created' })
  }

  const submission = addressActionSchema.safeParse(Object.fromEntries(formData))
  if (!submission.success) throwRequestError(locale, 400, { headers: accountHeaders() })
  const { intent: act, addressId } = submission.data
  try {
    if (act === 'delete') await deleteAddress(store, addressId)
    else await setDefaultAddress(store, act === 'default-billing' ? 'billing' : 'shipping', addressId)
  } catch (err) {
    const key = actionErrors[accountErrorCode(err) ?? '']
    if (!key) throwPageError(err, request)
    return backToList(context, request, locale, { type: 'danger', messageKey: key })
  }
  const done = { delete: 'account:address.deleted', 'default-billing': 'account:address.billingSet', 'default-shipping': 'account:address.shippingSet' }
  return backToList(context, request, locale, { type: 'success', messageKey: done[act] })
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders

function ActionButton({ intent, addressId, label }: { intent: 'default-billing' | 'default-shipping' | 'delete'; addressId: string; label: string }) {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('addressId') === addressId && navigation.formData?.get('intent') === intent
  return (
    <Form method="post" action={pathname} className="address-action">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={addressId} />
      <button type="submit" className={buttonClass({ size: 'small', variant: intent === 'delete' ? 'primary' : 'secondary', color: intent === 'delete' ? 'danger' : 'color' })} disabled={busy}>
        {label}
      </button>
    </Form>
  )
}

function AddressCard({ address, locale }: { address: AddressView; locale: Locale }) {
  const { t } = useTranslation('account')
  const base = localizePath(locale, '/account/address')
  const name = [address.firstName, address.lastName].join(' ')
  const isDefault = address.defaultBilling || address.defaultShipping
  return (
    <li className="address-card">
      {isDefault ? (
        <p className="address-badges">
          {address.defaultBilling ? <span className="account-tag">{t('address.defaultBilling')}</span> : null}
          {address.defaultShipping ? <span className="account-tag">{t('address.defaultShipping')}</span> : null}
        </p>
      ) : null}
      <AddressLines address={address} />
      {address.defaultBilling ? <p className="address-note">{t('address.billingLockedShort')}</p> : null}
      <div className="address-actions">
        {address.defaultBilling ? null : (
          <Link to={`${base}?address=${address.id}`} className={buttonClass({ size: 'small', variant: 'secondary' })}>
            {t('address.edit')}
            <span className="visually-hidden">: {name}, {address.street}</span>
          </Link>
        )}
        {address.defaultShipping ? null : (
          <ActionButton intent="default-shipping" addressId={address.id} label={t('address.makeShipping')} />
        )}
        {address.defaultBilling ? null : <ActionButton intent="default-billing" addressId={address.id} label={t('address.makeBilling')} />}
        {isDefault ? null : (
          <Link to={`${base}?delete=${address.id}`} className={buttonClass({ size: 'small', variant: 'text', color: 'danger' })}>
            {t('address.delete')}
            <span className="visually-hidden">: {name}, {address.street}</span>
          </Link>
        )}
      </div>
    </li>
  )
}

function DeleteConfirmation({ address, locale }: { address: AddressView; locale: Locale }) {
  const { t } = useTranslation('account')
  return (
    <section className="account-panel account-confirm" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('address.deleteTitle')}</h2>
      <p>{t('address.deleteQuestion')}</p>
      <AddressLines address={address} />
      <div className="form-actions">
        <ActionButton intent="delete" addressId={address.id} label={t('address.deleteConfirm')} />
        <Link to={localizePath(locale, '/account/address')} className="account-link">
          {t('cancel')}
        </Link>
      </div>
    </section>
  )
}

export default function AccountAddress() {
  const { locale, addresses, countries, salutations, newAddress, mode } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ reply: SubmissionResult<string[]> }>()
  const { t } = useTranslation('account')
  const listHref = localizePath(locale, '/account/address')

  if (mode.type === 'create' || mode.type === 'edit') {
    const defaults: AddressDefaults = mode.type === 'edit' ? { ...mode.address, addressId: mode.address.id } : newAddress
    return (
      <>
        <header className="account-header">
          <h1>{mode.type === 'edit' ? t('address.editTitle') : t('address.createTitle')}</h1>
          <p className="account-intro">
            <Link to={listHref} className="account-link">
              {t('address.backToList')}
            </Link>
          </p>
        </header>
        <AddressForm
          id={mode.type === 'edit' ? `address-${mode.address.id}` : 'address-new'}
          title={t('address.formTitle')}
          submitLabel={mode.type === 'edit' ? t('address.submitEdit') : t('address.submitCreate')}
          cancelHref={listHref}
          defaults={defaults}
          countries={countries}
          salutations={salutations}
          lastResult={actionData?.reply}
        />
      </>
    )
  }

  return (
    <>
      <header className="account-header account-header-row">
        <div>
          <h1>{t('address.title')}</h1>
          <p className="account-intro">{t('address.intro')}</p>
        </div>
        <Link to={`${listHref}?address=new`} className={buttonClass()}>
          {t('address.add')}
        </Link>
      </header>
      {mode.type === 'list' && mode.notice ? (
        <p className="account-notice" role="status">
          {t(mode.notice === 'billing-locked' ? 'address.billingLocked' : 'address.errors.notFound')}
        </p>
      ) : null}
      {mode.type === 'delete' ? <DeleteConfirmation address={mode.address} locale={locale} /> : null}
      <p className="account-muted address-billing-hint">{t('address.billingHint')}</p>
      <ul className="address-grid">
        {addresses.map((address) => (
          <AddressCard key={address.id} address={address} locale={locale} />
        ))}
      </ul>
    </>
  )
}
