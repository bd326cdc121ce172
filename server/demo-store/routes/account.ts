import type { NextFunction, Request, Response, Router } from 'express'
import {
  COMPANY_TYPES, CUSTOM_FIELD_KEYS, LOGIN_LIMITS, PASSWORD_MIN_LENGTH, RECOVERY_LIMITS, TimeBackoffLimiter, Violations, accountErrors, bodyOf,
  emailTaken, entityMissing, findAccountByEmail, formatValue, hashPasswordAsync, invalidEmail, isEmail, loggedInCustomer, nextCustomerNumber,
  noSuchChoice, notEqual, optInPending, passwordTooShort, requiredString, serializeAddress, serializeCustomer, sessionCustomer, sha1, stringField,
  tooLong, verifyPassword, type Body,
} from '../accounts'
import { NOT_SPECIFIED_SALUTATION_ID, insertAddress, ownAddress, readAddress, updateAddress, type AddressInput } from '../addresses'
import type { CartStore } from '../cart'
import { CUSTOMER_GROUP_IDS } from '../constants'
import { VAT_ID_PATTERNS, type ContextState, type ContextStore } from '../context'
import { applyIncludes, parseCriteria, searchEntities, type JsonObject } from '../criteria'
import type { Db } from '../db'
import type { Serializer } from '../entities'
import { errors } from '../errors'
import { HEX_ID, randomHex, randomToken } from '../ids'
import { startSession as startCustomerSession } from '../sessions'
import type { Mailer } from '../mail/index'

type Row = Record<string, string | number | null>

interface AccountDeps {
  db: Db
  publicUrl: string
  contexts: ContextStore
  carts: CartStore
  mailer: Mailer
  state(res: Response): { token: string; context: ContextState; serializer: Serializer }
}

/** Password recovery links are valid for two hours (ResetPasswordRoute::checkHash, PT2H). */
export const RECOVERY_HASH_LIFETIME_MS = 2 * 60 * 60 * 1000

const SUCCESS = { success: true, apiAlias: 'array_struct' }
const CONTEXT_TOKEN_BODY = { redirectUrl: null, apiAlias: 'array_struct' }

function now(): string {
  return new Date().toISOString()
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? ''
}

function sendWithIncludes(req: Request, res: Response, body: unknown): void {
  const source = req.method === 'GET' ? (req.query as Record<string, unknown>) : bodyOf(req.body)
  res.json(applyIncludes(body, parseCriteria(source).includes))
}

/** The storefront URLs the shop's sales channel domains allow: the public origin and its /en and /fr prefixes. */
export function checkStorefrontUrl(v: Violations, body: Body, publicUrl: string): string {
  const value = requiredString(v, body, 'storefrontUrl')
  if (value === '') return ''
  const choices = [publicUrl, `${publicUrl}/en`, `${publicUrl}/fr`]
  let normalized: string | null = null
  try {
    const url = new URL(value)
    normalized = `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    normalized = null
  }
  if (normalized === null || !choices.includes(normalized)) {
    noSuchChoice(v, '/storefrontUrl', value, choices)
    return ''
  }
  return normalized
}

/** A new password: NotBlank, Length(min), EqualTo(confirmation) (ChangePasswordRoute, ResetPasswordRoute, RegisterRoute). */
function checkNewPassword(v: Violations, body: Body, key: string, confirmKey?: string): string {
  const value = stringField(v, body, key)
  if (v.has(`/${key}`)) return ''
  if (value === undefined || value === '') {
    v.blank(`/${key}`, body[key] ?? null)
    return ''
  }
  if (value.length < PASSWORD_MIN_LENGTH) passwordTooShort(v, `/${key}`, value)
  else if (confirmKey && body[confirmKey] !== value) notEqual(v, `/${key}`, confirmKey)
  return value
}

function checkVatIds(db: Db, v: Violations, raw: unknown, countryId: string): string[] {
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    v.add('/vatIds', 'INVALID_TYPE_ERROR', 'This value should be of type array.', { '{{ value }}': formatValue(raw), '{{ type }}': 'array' })
    return []
  }
  const vatIds = (Array.isArray(raw) ? raw : []).filter((id) => id !== '' && id !== null && id !== undefined).map(String)
  if (vatIds.length === 0) {
    v.blank('/vatIds', raw ?? null)
    return []
  }
  const iso = HEX_ID.test(countryId) ? (db.prepare('SELECT iso FROM country WHERE id = ?').get(countryId) as { iso: string } | undefined)?.iso : undefined
  const pattern = iso ? vatPatternOf(iso) : undefined
  for (const vatId of vatIds) {
    if (pattern && !pattern.test(vatId)) {
      v.add('/vatIds', 'VAT_ID_FORMAT_NOT_CORRECT', `The format of vatId ${formatValue(vatId)} is not correct.`, { '{{ vatId }}': formatValue(vatId) })
    }
  }
  return vatIds
}

function vatPatternOf(iso: string): RegExp | undefined {
  const pattern = VAT_ID_PATTERNS[iso]
  return pattern ? new RegExp(`^(?:${pattern})$`) : undefined
}

/**
 * The contract's customer custom fields; other keys are dropped as Shopware's StoreApiCustomFieldMapper
 * drops fields not open to the Store API. Company type and invoice email are checked (the demo store's
 * own rules, Shopware has none for custom fields).
 */
function readCustomFields(v: Violations, raw: unknown): JsonObject {
  if (raw === undefined || raw === null) return {}
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    v.add('/customFields', 'INVALID_TYPE_ERROR', 'This value should be of type array.', { '{{ value }}': formatValue(raw), '{{ type }}': 'array' })
    return {}
  }
  const body = raw as Body
  const out: JsonObject = {}
  for (const key of CUSTOM_FIELD_KEYS) {
    const value = body[key]
    if (value === undefined || value === null || value === '') continue
    const pointer = `/customFields/${key}`
    if (key === 'forst_newsletter') {
      out[key] = value === true || value === 'true' || value === '1' || value === 1 || value === 'on'
      continue
    }
    if (typeof value !== 'string') {
      v.notString(pointer, value)
      continue
    }
    if (key === 'forst_company_type' && !(COMPANY_TYPES as readonly string[]).includes(value)) noSuchChoice(v, pointer, value, COMPANY_TYPES)
    else if (key === 'forst_invoice_email' && !isEmail(value)) invalidEmail(v, pointer, value)
    else tooLong(v, pointer, value, 255)
    out[key] = value
  }
  return out
}

export function registerAccountRoutes(router: Router, deps: AccountDeps): void {
  const { db, publicUrl, contexts, carts, mailer, state } = deps
  const loginLimiter = new TimeBackoffLimiter(LOGIN_LIMITS)
  const recoveryLimiter = new TimeBackoffLimiter(RECOVERY_LIMITS)

  const handle = (handler: (req: Request, res: Response) => Promise<void> | void) => (req: Request, res: Response, next: NextFunction) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next)
  }

  /** `_loginRequired`: the context's customer, else 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN. */
  const requireCustomer = (res: Response): Row => {
    const customer = loggedInCustomer(db, state(res).context)
    if (!customer) throw errors.customerNotLoggedIn()
    return customer
  }

  /** `_loginRequired` with `_loginRequiredAllowGuest`: a logged-in customer or a guest session. */
  const requireSessionCustomer = (res: Response): Row => {
    const customer = sessionCustomer(db, state(res).context)
    if (!customer) throw errors.customerNotLoggedIn()
    return customer
  }

  const customerById = (id: string): Row => db.prepare('SELECT * FROM customer WHERE id = ?').get(id) as Row

  const startSession = (res: Response, customer: Row) => startCustomerSession({ db, contexts, carts }, res, state(res), customer)

  // ---------------------------------------------------------------------------------------------
  // Registration and double opt-in (RegisterRoute, RegisterConfirmRoute)

  router.post('/account/register', handle(async (req, res) => {
    const { context, serializer: s } = state(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    // RegisterRoute: a guest (`guest: true`) has no password and may reuse any email (the unique-email
    // constraint only applies to accounts); guests are never asked for a double opt-in here.
    const guest = body.guest === true || body.guest === 'true' || body.guest === '1' || body.guest === 1
    const email = requiredString(v, body, 'email')
    const password = guest ? '' : checkNewPassword(v, body, 'password')
    // Hashed before the email is checked, so a taken email does not answer faster than a new one.
    const passwordHash = password === '' ? null : await hashPasswordAsync(password)
    if (email !== '') {
      if (!isEmail(email)) invalidEmail(v, '/email', email, 'VIOLATION::INVALID_EMAIL_FORMAT_ERROR')
      else if (!guest && emailTaken(db, email)) {
        v.add('/email', 'CUSTOMER_EMAIL_NOT_UNIQUE', `The email address ${email} is already in use.`, { '{{ email }}': formatValue(email) })
      }
    }
    let salutationId = stringField(v, body, 'salutationId') || NOT_SPECIFIED_SALUTATION_ID
    if (!HEX_ID.test(salutationId) || !db.prepare('SELECT 1 FROM salutation WHERE id = ?').get(salutationId)) {
      entityMissing(v, '/salutationId', 'salutation', salutationId)
      salutationId = NOT_SPECIFIED_SALUTATION_ID
    }
    const firstName = requiredString(v, body, 'firstName')
    const lastName = requiredString(v, body, 'lastName')
    tooLong(v, '/firstName', firstName, 255)
    tooLong(v, '/lastName', lastName, 255)
    const title = stringField(v, body, 'title') || null
    tooLong(v, '/title', title ?? undefined, 100)
    const accountType = stringField(v, body, 'accountType') || 'private'
    if (accountType !== 'private' && accountType !== 'business') noSuchChoice(v, '/accountType', accountType, ['private', 'business'])
    const storefrontUrl = checkStorefrontUrl(v, body, publicUrl)
    const accepted = body.acceptedDataProtection
    if (accepted === undefined || accepted === null || accepted === false || accepted === '' || accepted === 'false' || accepted === '0') {
      v.blank('/acceptedDataProtection', accepted ?? null)
    }
    const requestedGroupId = stringField(v, body, 'requestedGroupId') || null
    // Only the reseller group is open for registration requests in this sales channel.
    if (requestedGroupId !== null && requestedGroupId !== CUSTOMER_GROUP_IDS.reseller) entityMissing(v, '/requestedGroupId', 'customer_group', requestedGroupId)
    const names = { firstName, lastName, salutationId }
    const billing = readAddress(db, v, body.billingAddress, '/billingAddress', names)
    let shipping: AddressInput | null = null
    if (typeof body.shippingAddress === 'object' && body.shippingAddress !== null && !Array.isArray(body.shippingAddress)) {
      // Names left out of a different shipping address are the customer's (Shopware would require them).
      const raw = body.shippingAddress as Body
      const filled = { ...raw, firstName: raw.firstName || firstName, lastName: raw.lastName || lastName, salutationId: raw.salutationId || salutationId }
      shipping = readAddress(db, v, filled, '/shippingAddress')
    }
    let company: string | null = null
    let vatIds: string[] = []
    if (accountType === 'business') {
      const companyPointer = Object.hasOwn(body, 'company') ? '/company' : '/billingAddress/company'
      company = (Object.hasOwn(body, 'company') ? stringField(v, body, 'company') : billing.company ?? undefined)?.trim() || null
      if (company === null && !v.has(companyPointer)) v.blank(companyPointer, body.company ?? null)
      tooLong(v, companyPointer, company ?? undefined, 255)
      vatIds = checkVatIds(db, v, body.vatIds, shipping?.countryId ?? billing.countryId)
    }
    const customFields = readCustomFields(v, body.customFields)
    v.throwIfAny()

    const customerId = randomHex()
    const hash = guest ? null : randomHex()
    const createdAt = now()
    const billingId = randomHex()
    const shippingId = shipping ? randomHex() : billingId
    db.transaction(() => {
      db.prepare(
        `INSERT INTO customer (id, group_id, requested_group_id, customer_number, salutation_id, first_name, last_name, email, password_hash,
          company, account_type, vat_ids, title, default_billing_address_id, default_shipping_address_id, default_payment_method_id,
          language_id, active, guest, custom_fields, created_at, double_opt_in_registration, double_opt_in_email_sent_date, hash, first_login)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        customerId, CUSTOMER_GROUP_IDS.standard, requestedGroupId, nextCustomerNumber(db), salutationId, firstName, lastName, email, passwordHash,
        company, accountType, JSON.stringify(vatIds), title, billingId, shippingId, context.paymentMethodId, s.languageId,
        guest ? 1 : 0, guest ? 1 : 0, JSON.stringify(customFields), createdAt, guest ? 0 : 1, guest ? null : createdAt, hash, createdAt,
      )
      insertAddress(db, customerId, { ...billing, company: billing.company ?? company }, billingId)
      if (shipping) insertAddress(db, customerId, { ...shipping, company: shipping.company ?? company }, shippingId)
    })()
    const customer = customerById(customerId)
    if (guest) {
      // No opt-in for guests: logged in as a guest session at once, under a new token (RegisterRoute
      // replaces the context token when no confirmation is needed).
      const session = startSession(res, customer)
      res.json(serializeCustomer(s, customer, session.context))
      return
    }
    let url = `${storefrontUrl}/registration/confirm?em=${sha1(email)}&hash=${hash}`
    const redirectTo = typeof body.redirectTo === 'string' && body.redirectTo !== '' ? body.redirectTo : null
    if (redirectTo) url += `&${new URLSearchParams({ redirectTo }).toString()}`
    await mailer.send({ kind: 'registration-confirm', to: email, name: `${firstName} ${lastName}`, languageId: s.languageId, url })
    // Double opt-in: not logged in, the token stays the request's; the hash never leaves the store.
    res.json(serializeCustomer(s, customer))
  }))

  router.post('/account/register-confirm', handle((req, res) => {
    const s = state(res).serializer
    const body = bodyOf(req.body)
    if (!Object.hasOwn(body, 'hash')) throw accountErrors.noHashProvided()
    const hash = typeof body.hash === 'string' ? body.hash : String(body.hash)
    const customer = db.prepare('SELECT * FROM customer WHERE hash = ?').get(hash) as Row | undefined
    if (!customer) throw accountErrors.notFoundByHash(hash)
    const expected = sha1(String(customer.email))
    const v = new Violations()
    if (body.em !== expected) {
      v.add('/em', 'NOT_EQUAL_ERROR', `This value should be equal to "${expected}".`, {
        '{{ value }}': formatValue(body.em ?? null), '{{ compared_value }}': formatValue(expected), '{{ compared_value_type }}': 'string',
      })
    }
    if (customer.double_opt_in_registration !== 1) v.add('/doubleOptInRegistration', 'NOT_TRUE_ERROR', 'This value should be true.', { '{{ value }}': 'false' })
    v.throwIfAny()
    if (customer.double_opt_in_confirm_date !== null) throw accountErrors.alreadyConfirmed(String(customer.id))
    const confirmedAt = now()
    db.prepare('UPDATE customer SET double_opt_in_confirm_date = ?, active = 1, updated_at = ? WHERE id = ?').run(confirmedAt, confirmedAt, customer.id)
    const confirmed = customerById(String(customer.id))
    const session = startSession(res, confirmed)
    res.json(serializeCustomer(s, confirmed, session.context))
  }))

  // ---------------------------------------------------------------------------------------------
  // Login and logout (LoginRoute, AccountService, LogoutRoute)

  router.post('/account/login', handle(async (req, res) => {
    const body = bodyOf(req.body)
    const rawEmail = body.email ?? body.username
    const email = typeof rawEmail === 'string' ? rawEmail : ''
    const password = typeof body.password === 'string' ? body.password : ''
    const key = `${email.toLowerCase()}-${clientIp(req)}`
    const attempt = loginLimiter.consume(key)
    if (!attempt.accepted) throw accountErrors.authThrottled(attempt.seconds)
    if (email === '' || password === '') throw accountErrors.badCredentials()
    const customer = findAccountByEmail(db, email)
    // Always one password hash check, against a dummy hash without an account: same time either way.
    const matches = await verifyPassword(password, customer ? (customer.password_hash as string | null) : null)
    if (!customer) throw accountErrors.customerNotFound(email)
    if (!matches) throw accountErrors.badCredentials()
    // Only after a correct password, so the answer does not tell an unconfirmed account from a wrong password.
    if (optInPending(customer)) throw accountErrors.optinNotCompleted(String(customer.id))
    loginLimiter.reset(key)
    startSession(res, customer)
    res.json(CONTEXT_TOKEN_BODY)
  }))

  router.post('/account/logout', handle((_req, res) => {
    requireSessionCustomer(res)
    const { token } = state(res)
    // The session stays for the next login's cart (CartRestorer), under a token no client knows.
    contexts.move(token, randomToken(), { parked: true })
    res.setHeader('sw-context-token', randomToken())
    res.json(CONTEXT_TOKEN_BODY)
  }))

  // ---------------------------------------------------------------------------------------------
  // Customer and profile (CustomerRoute, ChangeCustomerProfileRoute, ChangeEmailRoute, ChangePasswordRoute)

  const readCustomer = handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const { serializer: s, context } = state(res)
    sendWithIncludes(req, res, serializeCustomer(s, customer, context))
  })
  router.post('/account/customer', readCustomer)
  router.get('/account/customer', readCustomer)

  router.post('/account/change-profile', handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    const firstName = requiredString(v, body, 'firstName')
    const lastName = requiredString(v, body, 'lastName')
    tooLong(v, '/firstName', firstName, 255)
    tooLong(v, '/lastName', lastName, 255)
    const title = stringField(v, body, 'title') || null
    tooLong(v, '/title', title ?? undefined, 100)
    let salutationId = stringField(v, body, 'salutationId') || NOT_SPECIFIED_SALUTATION_ID
    if (!HEX_ID.test(salutationId) || !db.prepare('SELECT 1 FROM salutation WHERE id = ?').get(salutationId)) {
      entityMissing(v, '/salutationId', 'salutation', salutationId)
      salutationId = NOT_SPECIFIED_SALUTATION_ID
    }
    const accountType = stringField(v, body, 'accountType') || String(customer.account_type)
    if (accountType !== 'private' && accountType !== 'business') noSuchChoice(v, '/accountType', accountType, ['private', 'business'])
    let company: string | null = null
    let vatIds: string[] = []
    if (accountType === 'business') {
      company = stringField(v, body, 'company')?.trim() || null
      if (company === null && !v.has('/company')) v.blank('/company', body.company ?? null)
      tooLong(v, '/company', company ?? undefined, 255)
      const billingCountry = db.prepare('SELECT country_id FROM customer_address WHERE id = ?').get(customer.default_billing_address_id) as { country_id: string } | undefined
      vatIds = checkVatIds(db, v, body.vatIds, billingCountry?.country_id ?? '')
    }
    const customFields = readCustomFields(v, body.customFields)
    v.throwIfAny()
    // Custom fields are merged per key, as the DAL does; the invoice email is fixed at registration (spec).
    const current = JSON.parse(String(customer.custom_fields ?? '{}')) as JsonObject
    const merged = { ...current, ...customFields }
    if (current.forst_invoice_email !== undefined) merged.forst_invoice_email = current.forst_invoice_email
    else delete merged.forst_invoice_email
    db.prepare(
      'UPDATE customer SET first_name = ?, last_name = ?, title = ?, salutation_id = ?, account_type = ?, company = ?, vat_ids = ?, custom_fields = ?, updated_at = ? WHERE id = ?',
    ).run(firstName, lastName, title, salutationId, accountType, company, JSON.stringify(vatIds), JSON.stringify(merged), now(), customer.id)
    res.json(SUCCESS)
  }))

  /** CustomerPasswordMatches: the logged-in customer's current password. */
  const checkCurrentPassword = async (v: Violations, body: Body, customer: Row) => {
    const password = typeof body.password === 'string' ? body.password : ''
    if (!(await verifyPassword(password, customer.password_hash as string | null))) {
      v.add('/password', 'CUSTOMER_PASSWORD_NOT_CORRECT', 'Your password is wrong', {})
    }
  }

  router.post('/account/change-email', handle(async (req, res) => {
    const customer = requireCustomer(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    const email = requiredString(v, body, 'email')
    if (email !== '') {
      if (!isEmail(email)) invalidEmail(v, '/email', email)
      else if (body.emailConfirmation !== email) notEqual(v, '/email', 'emailConfirmation')
      else if (emailTaken(db, email, String(customer.id))) {
        v.add('/email', 'CUSTOMER_EMAIL_NOT_UNIQUE', `The email address ${email} is already in use.`, { '{{ email }}': formatValue(email) })
      }
    }
    await checkCurrentPassword(v, body, customer)
    v.throwIfAny()
    db.prepare('UPDATE customer SET email = ?, updated_at = ? WHERE id = ?').run(email, now(), customer.id)
    res.json(SUCCESS)
  }))

  router.post('/account/change-password', handle(async (req, res) => {
    const customer = requireCustomer(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    const newPassword = checkNewPassword(v, body, 'newPassword', 'newPasswordConfirm')
    await checkCurrentPassword(v, body, customer)
    v.throwIfAny()
    db.prepare('UPDATE customer SET password_hash = ?, updated_at = ? WHERE id = ?').run(await hashPasswordAsync(newPassword), now(), customer.id)
    // CustomerTokenSubscriber: new credentials give this session a new token and log out every other one.
    const { token } = state(res)
    const newToken = randomToken()
    contexts.move(token, newToken)
    contexts.revokeCustomer(String(customer.id), newToken)
    res.setHeader('sw-context-token', newToken)
    res.json(CONTEXT_TOKEN_BODY)
  }))

  // ---------------------------------------------------------------------------------------------
  // Password recovery (SendPasswordRecoveryMailRoute, ResetPasswordRoute, CustomerRecoveryIsExpiredRoute)

  router.post('/account/recovery-password', handle((req, res) => {
    const s = state(res).serializer
    const body = bodyOf(req.body)
    const v = new Violations()
    const email = requiredString(v, body, 'email')
    if (email !== '' && !isEmail(email)) invalidEmail(v, '/email', email)
    const storefrontUrl = checkStorefrontUrl(v, body, publicUrl)
    v.throwIfAny()
    const attempt = recoveryLimiter.consume(`${email.toLowerCase()}-${clientIp(req)}`)
    if (!attempt.accepted) throw accountErrors.rateLimitExceeded(attempt.seconds)
    const customer = findAccountByEmail(db, email)
    if (!customer) throw accountErrors.customerNotFound(email)
    const hash = randomToken()
    db.prepare('UPDATE customer SET recovery_hash = ?, recovery_created_at = ? WHERE id = ?').run(hash, now(), customer.id)
    // Not awaited: the answer must not wait for the mail server (nor tell by its timing that it sent one).
    void mailer.send({
      kind: 'password-recovery', to: String(customer.email), name: `${String(customer.first_name)} ${String(customer.last_name)}`,
      languageId: s.languageId, url: `${storefrontUrl}/reset-password?hash=${hash}`,
    })
    res.json(SUCCESS)
  }))

  router.post('/account/recovery-password-confirm', handle(async (req, res) => {
    const body = bodyOf(req.body)
    const v = new Violations()
    const newPassword = checkNewPassword(v, body, 'newPassword', 'newPasswordConfirm')
    const hash = requiredString(v, body, 'hash')
    v.throwIfAny()
    const customer = db.prepare('SELECT * FROM customer WHERE recovery_hash = ?').get(hash) as Row | undefined
    // checkHash runs first in Shopware: an unknown hash is answered like an expired one (410).
    if (!customer || Date.now() - Date.parse(String(customer.recovery_created_at)) > RECOVERY_HASH_LIFETIME_MS) throw accountErrors.recoveryHashExpired(hash)
    db.prepare('UPDATE customer SET password_hash = ?, recovery_hash = NULL, recovery_created_at = NULL, updated_at = ? WHERE id = ?')
      .run(await hashPasswordAsync(newPassword), now(), customer.id)
    contexts.revokeCustomer(String(customer.id))
    const key = `${String(customer.email).toLowerCase()}-${clientIp(req)}`
    loginLimiter.reset(key)
    recoveryLimiter.reset(key)
    res.json(SUCCESS)
  }))

  router.post('/account/customer-recovery-is-expired', handle((req, res) => {
    const body = bodyOf(req.body)
    const v = new Violations()
    const hash = requiredString(v, body, 'hash')
    if (hash !== '' && hash.length !== 32) {
      v.add('/hash', 'NOT_EQUAL_LENGTH_ERROR', 'This value should have exactly 32 characters.', { '{{ value }}': formatValue(hash), '{{ limit }}': 32, '{{ value_length }}': hash.length })
    }
    v.throwIfAny()
    const customer = db.prepare('SELECT recovery_created_at FROM customer WHERE recovery_hash = ?').get(hash) as Row | undefined
    if (!customer) throw accountErrors.notFoundByHash(hash)
    res.json({ isExpired: Date.now() - Date.parse(String(customer.recovery_created_at)) > RECOVERY_HASH_LIFETIME_MS, apiAlias: 'array_struct' })
  }))

  // ---------------------------------------------------------------------------------------------
  // Addresses (ListAddressRoute, UpsertAddressRoute, DeleteAddressRoute, SwitchDefaultAddressRoute)

  const listAddresses = handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const s = state(res).serializer
    const source = req.method === 'GET' ? (req.query as Record<string, unknown>) : bodyOf(req.body)
    const criteria = parseCriteria(source)
    const all = s.rows('SELECT * FROM customer_address WHERE customer_id = ? ORDER BY created_at, id', customer.id).map((r) => serializeAddress(s, r))
    res.json(applyIncludes(searchEntities('customer_address', all, criteria), criteria.includes))
  })
  router.post('/account/list-address', listAddresses)
  router.get('/account/list-address', listAddresses)

  router.post('/account/address', handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const v = new Violations()
    const input = readAddress(db, v, req.body, '')
    v.throwIfAny()
    const id = insertAddress(db, String(customer.id), input)
    res.json(serializeAddress(state(res).serializer, ownAddress(db, String(customer.id), id) as Row))
  }))

  const switchDefault = (column: 'default_billing_address_id' | 'default_shipping_address_id') => handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const id = req.params.addressId
    if (!ownAddress(db, String(customer.id), id)) throw accountErrors.addressNotFound(id)
    db.prepare(`UPDATE customer SET ${column} = ?, updated_at = ? WHERE id = ?`).run(id, now(), customer.id)
    res.status(204).end()
  })
  router.patch('/account/address/default-billing/:addressId', switchDefault('default_billing_address_id'))
  router.patch('/account/address/default-shipping/:addressId', switchDefault('default_shipping_address_id'))

  router.patch('/account/address/:addressId', handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const id = req.params.addressId
    if (!ownAddress(db, String(customer.id), id)) throw accountErrors.addressNotFound(id)
    const v = new Violations()
    const input = readAddress(db, v, req.body, '')
    v.throwIfAny()
    updateAddress(db, id, input)
    res.json(serializeAddress(state(res).serializer, ownAddress(db, String(customer.id), id) as Row))
  }))

  router.delete('/account/address/:addressId', handle((req, res) => {
    const customer = requireSessionCustomer(res)
    const { context } = state(res)
    const id = req.params.addressId
    if (!ownAddress(db, String(customer.id), id)) throw accountErrors.addressNotFound(id)
    if (id === customer.default_billing_address_id || id === customer.default_shipping_address_id) throw accountErrors.addressIsDefault(id)
    if (id === context.billingAddressId || id === context.shippingAddressId) throw accountErrors.addressIsActive(id)
    db.prepare('DELETE FROM customer_address WHERE id = ?').run(id)
    res.status(204).end()
  }))

  // ---------------------------------------------------------------------------------------------
  // ChangePaymentMethodRoute of 6.6 (the payment method list is in routes/cart.ts)

  router.post('/account/change-payment-method/:paymentMethodId', handle((req, res) => {
    const customer = requireCustomer(res)
    const id = req.params.paymentMethodId
    if (!HEX_ID.test(id)) throw accountErrors.invalidUuid(id)
    if (!db.prepare('SELECT 1 FROM payment_method WHERE id = ?').get(id)) throw accountErrors.unknownPaymentMethod(id)
    db.prepare('UPDATE customer SET default_payment_method_id = ?, updated_at = ? WHERE id = ?').run(id, now(), customer.id)
    res.json(SUCCESS)
  }))
}
