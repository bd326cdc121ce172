import { redirect, redirectDocument } from '@remix-run/node'
import { ApiClientError } from '@shopware/api-client'
import type { Schemas } from '@shopware/api-client/api-types'
import type { LoadContext } from '~/load-context'
import { safeRedirectPath } from '~/lib/links'
import { getT } from '~/i18n.server'
import { localePrefix, localizePath, type Locale } from '~/lib/locale'
import type { FlashMessage } from '~/lib/shell-types'
import { clearContextToken } from '~/session/cookies.server'
import { flash, readFlash } from '~/session/flash.server'
import { getStore, type Store } from './client.server'
import { appPageSeo } from './page.server'
import { errorCodes, storeViolationsToFields, throttledSeconds, throwPageError } from './errors.server'
import { sessionContext, sessionState, type SessionState } from './session-context.server'
import { mergeWishlistCookie } from './wishlist.server'

export type Customer = Schemas['Customer']
type Country = Schemas['Country']
type Salutation = Schemas['Salutation']

type AccountContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog' | 'publicUrl'>

export const LOGIN_REQUIRED_MESSAGE = 'auth:login.required'
export const SESSION_EXPIRED_MESSAGE = 'auth:session.expired'

/** The localized login page that leads back to `redirectTo` (a same-origin path) afterwards. */
export function loginHref(locale: Locale, redirectTo?: string): string {
  const target = safeRedirectPath(redirectTo)
  const login = localizePath(locale, '/login')
  return target ? `${login}?${new URLSearchParams({ redirectTo: target }).toString()}` : login
}

/** The shop's public URL for the locale: where the store's mails link to (sales channel domain). */
export function storefrontUrl(context: Pick<LoadContext, 'publicUrl'>, locale: Locale): string {
  return `${context.publicUrl}${localePrefix(locale)}`
}

function hasCode(err: unknown, ...codes: string[]): boolean {
  return errorCodes(err).some((code) => codes.includes(code))
}

function notLoggedIn(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 403 || err.status === 401) && hasCode(err, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
}

/**
 * Reads the customer of the request's context token; throws a redirect (303) to the localized
 * /login?redirectTo=<current path+search> with the flash 'Please log in to access this page.'
 * unless logged in. When a session is gone that the shopper had (the store handed out a new token
 * for an expired one, or a form was posted from a page only a logged-in customer sees), the
 * message says the session expired instead, and the fresh anonymous token replaces the old cookie.
 */
export async function requireCustomer(
  context: AccountContext,
  request: Request,
  locale: Locale,
): Promise<{ customer: Customer; store: Store }> {
  const store = getStore(context, request, locale)
  let customer: Customer | undefined
  if (store.hasSession) {
    try {
      const { data } = await store.invoke('readCustomer post /account/customer', { body: {} })
      customer = data
    } catch (err) {
      if (!notLoggedIn(err)) throwPageError(err, request)
    }
  }
  if (customer && sessionState(customer) === 'logged-in') return { customer, store }

  const url = new URL(request.url)
  const renewed = store.commit()
  const submitted = request.method !== 'GET' && request.method !== 'HEAD'
  const expired = store.hasSession && (renewed.length > 0 || submitted)
  // A form sent from a page only a customer sees: its session is gone mid-flow.
  if (expired && submitted) sessionExpired(context, request, locale, renewed)
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  for (const cookie of renewed) headers.append('Set-Cookie', cookie)
  // Coming from sessionExpired() (the page it returned to is customer-only): that notice already says why.
  const toldExpired = readFlash(request, context).messages.some((m) => m.messageKey === SESSION_EXPIRED_MESSAGE)
  if (!toldExpired) {
    headers.append(
      'Set-Cookie',
      flash(context, { type: expired ? 'warning' : 'info', messageKey: expired ? SESSION_EXPIRED_MESSAGE : LOGIN_REQUIRED_MESSAGE }, request),
    )
  }
  throw redirect(loginHref(locale, `${url.pathname}${url.search}`), { status: 303, headers })
}

/**
 * True when the app's JavaScript sent the request (a fetcher or an enhanced form: fetch() with
 * Sec-Fetch-Dest "empty") rather than the browser's own navigation. Browsers without fetch metadata
 * count as navigation: a plain redirect works for both.
 */
export function isScriptRequest(request: Request): boolean {
  const dest = request.headers.get('Sec-Fetch-Dest')
  if (dest) return dest === 'empty'
  return request.headers.get('Sec-Fetch-Mode') === 'cors' || request.headers.get('Sec-Fetch-Mode') === 'same-origin'
}

/** The same-origin path (with query) of the page the request was sent from, if the browser named it. */
export function refererPath(request: Request): string | undefined {
  const referer = request.headers.get('Referer')
  if (!referer) return undefined
  try {
    const from = new URL(referer)
    if (from.origin !== new URL(request.url).origin) return undefined
    return safeRedirectPath(`${from.pathname}${from.search}`)
  } catch {
    return undefined
  }
}

/**
 * THE 'session expired' answer (spec section 8), thrown: the translated notification (flash) and the
 * store's fresh anonymous token (`renewed`) go with it. A request sent by the app's JavaScript (fetcher,
 * side cart, wishlist heart, enhanced form) reloads the page it came from as a document, so everything
 * on it shows the anonymous state again; a plain form post returns to the last page (Referer), else
 * to the start page. A customer-only page then leads on to the login itself.
 */
export function sessionExpired(context: AccountContext, request: Request, locale: Locale, renewed: string[] = []): never {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  for (const cookie of renewed) headers.append('Set-Cookie', cookie)
  headers.append('Set-Cookie', flash(context, { type: 'warning', messageKey: SESSION_EXPIRED_MESSAGE }, request))
  const back = refererPath(request) ?? localizePath(locale, '/')
  if (isScriptRequest(request)) throw redirectDocument(back, { status: 303, headers })
  throw redirect(back, { status: 303, headers })
}

export interface SessionCustomer {
  state: SessionState
  firstName?: string
}

/**
 * The shopper behind the request's context token, for the header. Without a context cookie there
 * is no store call at all, so anonymous catalogue pages stay cookie-free and cacheable.
 */
export async function loadSessionCustomer(context: AccountContext, request: Request, locale: Locale): Promise<SessionCustomer> {
  const store = getStore(context, request, locale)
  if (!store.hasSession) return { state: 'anonymous' }
  const customer = (await sessionContext(store)).customer
  const state = sessionState(customer)
  return state === 'anonymous' ? { state } : { state, firstName: customer?.firstName ?? undefined }
}

// ------------------------------------------------------------------------------------------------
// Login and logout

export type LoginResult =
  | { type: 'ok'; headers: string[]; firstName?: string }
  /** Wrong password and unknown account alike (no user enumeration). */
  | { type: 'invalid' }
  | { type: 'throttled'; seconds: number }
  /** Right password, but the registration mail was not confirmed yet. */
  | { type: 'not-confirmed' }

export async function logIn(
  context: AccountContext,
  request: Request,
  locale: Locale,
  credentials: { email: string; password: string },
): Promise<LoginResult> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('loginCustomer post /account/login', {
      body: { username: credentials.email, password: credentials.password },
    })
  } catch (err) {
    const wait = throttledSeconds(err)
    if (wait !== undefined) return { type: 'throttled', seconds: wait }
    if (hasCode(err, 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED')) return { type: 'not-confirmed' }
    // Bad credentials, unknown/inactive account (CHECKOUT__CUSTOMER_NOT_FOUND), Shopware's legacy code "0" and violations.
    if (err instanceof ApiClientError && (err.status === 401 || err.status === 400)) return { type: 'invalid' }
    throwPageError(err, request)
  }
  // Spec section 4: after login the session context and the cart are refreshed. Both with the new
  // token; reading the cart lets the store merge the one the shopper had before logging in. The
  // wishlist kept in the cookie joins the account's list alongside.
  const wishlist = mergeWishlistCookie(context, request, store)
  const [session] = await Promise.all([
    store.invoke('readContext get /context', {}),
    store.invoke('readCart get /checkout/cart', {}),
    wishlist.merge,
  ]).catch((err: unknown) => throwPageError(err, request))
  return { type: 'ok', headers: [...store.commit(), ...wishlist.headers()], firstName: session.data.customer?.firstName ?? undefined }
}

/** Logs out (the store hands out a new anonymous token); a session that is already gone just loses its cookie. */
export async function logOut(context: AccountContext, request: Request, locale: Locale): Promise<string[]> {
  const store = getStore(context, request, locale)
  if (!store.hasSession) return []
  try {
    await store.invoke('logoutCustomer post /account/logout', {})
  } catch (err) {
    if (notLoggedIn(err)) return [clearContextToken(context)]
    throwPageError(err, request)
  }
  const headers = store.commit()
  return headers.length ? headers : [clearContextToken(context)]
}

// ------------------------------------------------------------------------------------------------
// Registration

export interface RegisterOptions {
  salutations: { value: string; label: string }[]
  countries: { value: string; label: string; states: { value: string; label: string }[] }[]
}

/** Salutations and countries (with their states) for the registration form, in one round. */
/**
 * A country (or state) an address form offers: active, and one the store ships to. Any other would
 * only be refused after the whole address was typed.
 */
export function isOfferedCountry(place: { active?: boolean | null; shippingAvailable?: boolean | null }): boolean {
  return place.active !== false && place.shippingAvailable !== false
}

export async function loadRegisterOptions(context: AccountContext, request: Request, locale: Locale): Promise<RegisterOptions> {
  const store = getStore(context, request, locale)
  const [salutations, countries] = await Promise.all([
    store.invoke('readSalutation post /salutation', { body: { limit: 100 } }),
    store.invoke('readCountry post /country', {
      body: {
        limit: 100,
        filter: [{ type: 'equals', field: 'active', value: true }],
        associations: { states: { sort: [{ field: 'position', order: 'ASC' }] } },
        sort: [{ field: 'position', order: 'ASC' }],
      },
    }),
  ]).catch((err: unknown) => throwPageError(err, request))
  const name = (entity: { translated?: { name?: string }; name?: string }) => entity.translated?.name ?? entity.name ?? ''
  return {
    salutations: (salutations.data.elements ?? []).map((s: Salutation) => ({
      value: s.id,
      label: s.translated?.displayName ?? s.displayName ?? '',
    })),
    countries: (countries.data.elements ?? [])
      .filter(isOfferedCountry)
      .map((c: Country) => ({
        value: c.id,
        label: name(c as { translated?: { name?: string }; name?: string }),
        states: (c.states ?? [])
          .filter(isOfferedCountry)
          .map((s) => ({ value: s.id, label: name(s as { translated?: { name?: string }; name?: string }) })),
      })),
  }
}

export interface AddressValues {
  street: string
  zipcode: string
  city: string
  countryId: string
  countryStateId?: string
}

export interface RegistrationValues {
  salutationId: string
  firstName: string
  lastName: string
  email: string
  password: string
  company: string
  companyType: string
  vatId: string
  invoiceEmail?: string
  companyWebsite?: string
  phone?: string
  reseller: boolean
  newsletter: boolean
  billingAddress: AddressValues
  /** Only when the shopper ticked 'different shipping address'. */
  shippingAddress?: AddressValues
}

/** Store fields → form fields (see storeViolationsToFields). */
export const registerFieldMap: Record<string, string> = {
  'vatIds.*': 'vatId',
  vatIds: 'vatId',
  acceptedDataProtection: 'acceptedDataProtection',
  'customFields.forst_company_type': 'companyType',
  'customFields.forst_invoice_email': 'invoiceEmail',
  'customFields.forst_company_website': 'companyWebsite',
  'billingAddress.phoneNumber': 'phone',
  'billingAddress.company': 'company',
  requestedGroupId: 'reseller',
  storefrontUrl: '',
}

export type RegisterResult =
  | { type: 'ok'; loggedIn: boolean; headers: string[] }
  | { type: 'invalid'; fieldErrors: Record<string, string[]> }

function address(values: AddressValues, extra: Record<string, string | undefined>) {
  return {
    street: values.street,
    zipcode: values.zipcode,
    city: values.city,
    countryId: values.countryId,
    ...(values.countryStateId ? { countryStateId: values.countryStateId } : {}),
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v)),
  }
}

/**
 * Registers a business customer (the shop is B2B only). With double opt-in (the demo store, and
 * Shopware's usual setup) the account stays inactive until the mailed link is confirmed; a store
 * without it logs the customer in at once (new token).
 */
export async function registerCustomer(
  context: AccountContext,
  request: Request,
  locale: Locale,
  values: RegistrationValues,
): Promise<RegisterResult> {
  const store = getStore(context, request, locale)
  const names = { salutationId: values.salutationId, firstName: values.firstName, lastName: values.lastName }
  const body = {
    accountType: 'business' as const,
    ...names,
    email: values.email,
    password: values.password,
    company: values.company,
    vatIds: [values.vatId] as [string],
    acceptedDataProtection: true,
    storefrontUrl: storefrontUrl(context, locale),
    billingAddress: address(values.billingAddress, { ...names, company: values.company, phoneNumber: values.phone }),
    ...(values.shippingAddress ? { shippingAddress: address(values.shippingAddress, { ...names, company: values.company }) } : {}),
    ...(values.reseller && context.store.resellerGroupId ? { requestedGroupId: context.store.resellerGroupId } : {}),
    customFields: {
      forst_company_type: values.companyType,
      forst_newsletter: values.newsletter,
      ...(values.invoiceEmail ? { forst_invoice_email: values.invoiceEmail } : {}),
      ...(values.companyWebsite ? { forst_company_website: values.companyWebsite } : {}),
    },
  }
  let customer: Customer
  try {
    // The typed body lacks customFields and takes full address entities; the store takes the fields above.
    const { data } = await store.invoke('register post /account/register', { body: body as never })
    customer = data
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 400) {
      const fieldErrors = storeViolationsToFields(err, registerFieldMap)
      if (Object.keys(fieldErrors).length) return { type: 'invalid', fieldErrors }
    }
    throwPageError(err, request)
  }
  if (values.newsletter) {
    // Double opt-in: the store mails the confirmation link. The account exists by now, so a refused
    // or failed subscription must not fail the registration: it is logged (without the address).
    try {
      await store.invoke('subscribeToNewsletter post /newsletter/subscribe', {
        body: { email: values.email, option: 'subscribe', storefrontUrl: storefrontUrl(context, locale), ...names },
      })
    } catch (err) {
      context.logger.warn({ errorCodes: errorCodes(err) }, 'newsletter subscription after registration failed')
    }
  }
  const loggedIn = sessionState(customer) === 'logged-in' && !customer.doubleOptInRegistration
  return { type: 'ok', loggedIn, headers: loggedIn ? store.commit() : [] }
}

export type ConfirmResult = { type: 'ok'; headers: string[] } | { type: 'invalid' }

/** Double opt-in: activates the account and logs it in (new token). */
export async function confirmRegistration(
  context: AccountContext,
  request: Request,
  locale: Locale,
  link: { em: string; hash: string },
): Promise<ConfirmResult> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('registerConfirm post /account/register-confirm', { body: link })
  } catch (err) {
    // Already confirmed (412), unknown hash (404), a hash that does not belong to the address (400).
    if (err instanceof ApiClientError && [400, 401, 404, 412].includes(err.status)) return { type: 'invalid' }
    throwPageError(err, request)
  }
  return { type: 'ok', headers: store.commit() }
}

// ------------------------------------------------------------------------------------------------
// Password recovery

/** Every answer to a recovery request takes at least this long, whether the address exists or not. */
export const RECOVERY_MIN_MS = 800

export type RecoveryResult = { type: 'sent' } | { type: 'throttled'; seconds: number } | { type: 'invalid'; fieldErrors: Record<string, string[]> }

export async function requestPasswordRecovery(
  context: AccountContext,
  request: Request,
  locale: Locale,
  email: string,
): Promise<RecoveryResult> {
  const started = performance.now()
  const store = getStore(context, request, locale)
  let result: RecoveryResult = { type: 'sent' }
  try {
    await store.invoke('sendRecoveryMail post /account/recovery-password', {
      body: { email, storefrontUrl: storefrontUrl(context, locale) },
    })
  } catch (err) {
    // The store says 401 CHECKOUT__CUSTOMER_NOT_FOUND for unknown, inactive and guest accounts; the
    // shopper hears the same as for a known one. The rate limit is checked before the lookup, so
    // telling it reveals nothing about the address.
    const wait = throttledSeconds(err)
    if (wait !== undefined) {
      result = { type: 'throttled', seconds: wait }
    } else if (err instanceof ApiClientError && err.status === 400 && !hasCode(err, 'VIOLATION::NO_SUCH_CHOICE_ERROR')) {
      result = { type: 'invalid', fieldErrors: storeViolationsToFields(err) }
    } else if (!(err instanceof ApiClientError && (err.status === 401 || err.status === 404))) {
      throwPageError(err, request)
    }
  }
  // A known address costs the store a mail; pad the answer so both take the same time.
  const left = RECOVERY_MIN_MS - (performance.now() - started)
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
  return result
}

export type RecoveryLinkState = 'valid' | 'invalid'

/** Whether a recovery link can still be used (unknown and expired hashes cannot). */
export async function checkRecoveryHash(
  context: AccountContext,
  request: Request,
  locale: Locale,
  hash: string,
): Promise<RecoveryLinkState> {
  if (!/^[A-Za-z0-9]{16,128}$/.test(hash)) return 'invalid'
  const store = getStore(context, request, locale)
  try {
    const { data } = await store.invoke('getCustomerRecoveryIsExpired post /account/customer-recovery-is-expired', {
      body: { hash },
    })
    // The code answers { isExpired }, the schema { data: [{ isExpired }] } (store-api-notes section 3).
    const raw = data as unknown as { isExpired?: boolean; data?: { isExpired?: boolean }[] }
    const expired = raw.isExpired ?? raw.data?.[0]?.isExpired ?? false
    return expired ? 'invalid' : 'valid'
  } catch (err) {
    if (err instanceof ApiClientError && [400, 404, 410].includes(err.status)) return 'invalid'
    throwPageError(err, request)
  }
}

export type ResetResult = { type: 'ok' } | { type: 'failed' } | { type: 'invalid'; fieldErrors: Record<string, string[]> }

export async function resetPassword(
  context: AccountContext,
  request: Request,
  locale: Locale,
  values: { hash: string; password: string; passwordConfirm: string },
): Promise<ResetResult> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('recoveryPassword post /account/recovery-password-confirm', {
      body: { hash: values.hash, newPassword: values.password, newPasswordConfirm: values.passwordConfirm },
    })
  } catch (err) {
    if (err instanceof ApiClientError && err.status === 400) {
      const fieldErrors = storeViolationsToFields(err, { newPassword: 'password', newPasswordConfirm: 'passwordConfirm', hash: '' })
      // Only the password rules are the shopper's to fix; a bad hash is a failed reset.
      if (Object.keys(fieldErrors).some((field) => field !== '')) return { type: 'invalid', fieldErrors }
      return { type: 'failed' }
    }
    // 410: the link expired (2 h); 404: unknown hash.
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 410 || err.status === 401)) return { type: 'failed' }
    throwPageError(err, request)
  }
  return { type: 'ok' }
}

// ------------------------------------------------------------------------------------------------
// Redirect helpers for the routes

/** A 303 with cookies (token, flash) and no caching. */
export function redirectWith(
  location: string,
  cookies: string[],
  message?: FlashMessage | FlashMessage[],
  context?: Pick<AccountContext, 'secureCookies' | 'sessionSecret'>,
  request?: Request,
) {
  const headers = new Headers(PRIVATE_HEADERS)
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  if (message && context && (!Array.isArray(message) || message.length)) headers.append('Set-Cookie', flash(context, message, request))
  return redirect(location, { status: 303, headers })
}

/**
 * SEO and breadcrumbs of a sign-in page (spec section 2: login, register, recover password and
 * password reset have breadcrumbs). Personal forms: not for search engines.
 */
export function authPageMeta(
  context: Pick<LoadContext, 'publicUrl'>,
  locale: Locale,
  path: string,
  key: 'login' | 'register' | 'recover' | 'reset' | 'confirm',
) {
  const t = getT(locale, 'auth')
  const title = t(`${key}.title`)
  return {
    title,
    seo: appPageSeo(context, locale, path, title, { robots: 'noindex,follow' }),
    breadcrumbs: [{ name: t(`breadcrumb.${key}`), href: localizePath(locale, path) }],
  }
}

/** Sign-in pages are personal (form state, redirect targets): never cached. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' } as const

/** Errors of fields the form does not show go to the whole form, so none is lost. */
export function keepKnownFields(fieldErrors: Record<string, string[]>, known: readonly string[]): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const target = known.includes(field) ? field : ''
    const list = (result[target] ??= [])
    for (const message of target === field ? messages : ['auth:validation.generic']) if (!list.includes(message)) list.push(message)
  }
  return result
}
