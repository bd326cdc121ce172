import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { CUSTOMER_GROUP_IDS, SALES_CHANNEL_ID } from './constants'
import { country, countryState, customerGroup, paymentMethod, salutation, type ContextState } from './context'
import type { JsonObject } from './criteria'
import { statement, type Db } from './db'
import { compact, type Serializer } from './entities'
import { StoreApiError, type StoreApiErrorEntry } from './errors'

type Row = Record<string, string | number | null>

// ---------------------------------------------------------------------------------------------------
// Passwords: scrypt (N=2^14, r=8, p=1), stored as `scrypt$N$salt$hash` in hex, never in clear.

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>
const SCRYPT_N = 16384
const KEY_LENGTH = 32

export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password, salt, KEY_LENGTH, { N: SCRYPT_N, r: 8, p: 1 })
  return `scrypt$${SCRYPT_N}$${salt.toString('hex')}$${hash.toString('hex')}`
}

/**
 * Hashed against when there is no account, so that an unknown email costs as much time as a wrong
 * password (the answer must not tell by its timing whether the email exists).
 */
const DUMMY_HASH = `scrypt$${SCRYPT_N}$${'00'.repeat(16)}$${'00'.repeat(KEY_LENGTH)}`

/** Constant-time check of a password against a stored `scrypt$N$salt$hash`; null hashes (no password) never match. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, saltHex, hashHex] = (stored ?? DUMMY_HASH).split('$')
  const N = Number(n)
  if (scheme !== 'scrypt' || !Number.isInteger(N) || !saltHex || !hashHex) return false
  const expected = Buffer.from(hashHex, 'hex')
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length, { N, r: 8, p: 1 })
  return timingSafeEqual(actual, expected) && stored !== null
}

// ---------------------------------------------------------------------------------------------------
// Rate limits: Shopware's time_backoff policy (Framework/RateLimiter/Policy/TimeBackoff*.php).

interface BackoffLimit { limit: number; seconds: number }
interface BackoffState { attempts: number; timer: number; expiresAt: number }

/** shopware.yaml rate_limiter.login: after 10 attempts wait 10 s, after 15 wait 30 s, from 20 on wait 60 s; reset after 24 h. */
export const LOGIN_LIMITS: BackoffLimit[] = [{ limit: 10, seconds: 10 }, { limit: 15, seconds: 30 }, { limit: 20, seconds: 60 }]
/** shopware.yaml rate_limiter.guest_login (OrderRoute's deep link with email and zip code): the numbers of login. */
export const GUEST_LOGIN_LIMITS: BackoffLimit[] = [{ limit: 10, seconds: 10 }, { limit: 15, seconds: 30 }, { limit: 20, seconds: 60 }]
/** shopware.yaml rate_limiter.reset_password: 3 → 30 s, 5 → 60 s, 10 → 90 s. */
export const RECOVERY_LIMITS: BackoffLimit[] = [{ limit: 3, seconds: 30 }, { limit: 5, seconds: 60 }, { limit: 10, seconds: 90 }]
const RESET_SECONDS = 24 * 60 * 60

/**
 * Every call counts as an attempt (checked before the credentials are); a success resets the key. The
 * wait is measured from the last accepted attempt, in whole seconds as PHP's time(). Kept in memory:
 * a restart forgets the counters, as a cache pool without persistence would.
 */
export class TimeBackoffLimiter {
  private readonly states = new Map<string, BackoffState>()

  constructor(private readonly limits: BackoffLimit[], private readonly now: () => number = () => Math.floor(Date.now() / 1000)) {}

  private limitFor(count: number): BackoffLimit | null {
    for (let i = 0; i < this.limits.length; i++) {
      const current = this.limits[i]
      const next = this.limits[i + 1]
      if (!next && count >= current.limit) return current
      if (next && count > current.limit && count <= next.limit) return current
    }
    return null
  }

  /** Counts an attempt; returns the seconds to wait when it is refused. */
  consume(key: string): { accepted: true } | { accepted: false; seconds: number } {
    const now = this.now()
    let state = this.states.get(key)
    if (state && state.expiresAt <= now) state = undefined
    state ??= { attempts: 0, timer: now, expiresAt: now + RESET_SECONDS }
    const limit = this.limitFor(state.attempts + 1)
    if (limit && now - state.timer < limit.seconds) return { accepted: false, seconds: state.timer + limit.seconds - now }
    this.states.set(key, { attempts: state.attempts + 1, timer: now, expiresAt: now + RESET_SECONDS })
    return { accepted: true }
  }

  reset(key: string): void {
    this.states.delete(key)
  }
}

// ---------------------------------------------------------------------------------------------------
// Violations: Shopware's ConstraintViolationException, one error per violation.

/** Symfony's ConstraintValidator::formatValue for the `{{ value }}` parameters. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return `"${value}"`
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return 'array'
  return 'object'
}

export class Violations {
  readonly entries: StoreApiErrorEntry[] = []

  add(pointer: string, code: string, detail: string, parameters: Record<string, string | number> = {}): void {
    this.entries.push({ status: '400', code: `VIOLATION::${code}`, title: 'Constraint violation error', detail, source: { pointer }, meta: { parameters } })
  }

  has(pointer: string): boolean {
    return this.entries.some((e) => e.source?.pointer === pointer)
  }

  throwIfAny(): void {
    if (this.entries.length > 0) throw new ViolationsError(this.entries)
  }

  blank(pointer: string, value: unknown, detail = 'This value should not be blank.'): void {
    this.add(pointer, 'IS_BLANK_ERROR', detail, { '{{ value }}': formatValue(value) })
  }

  /** A value that is not a string where the Store API expects one (the demo store's answer to bad types). */
  notString(pointer: string, value: unknown): void {
    this.add(pointer, 'INVALID_TYPE_ERROR', 'This value should be of type string.', { '{{ value }}': formatValue(value), '{{ type }}': 'string' })
  }
}

/** 400 with one `errors` entry per violation; the router sends `entries` as they are. */
export class ViolationsError extends StoreApiError {
  constructor(readonly entries: StoreApiErrorEntry[]) {
    super(400, entries[0]?.code ?? 'VIOLATION', entries[0]?.detail ?? 'Constraint violation error', { title: 'Constraint violation error' })
  }
}

export type Body = Record<string, unknown>

export function bodyOf(raw: unknown): Body {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {}
}

/**
 * A string field: undefined when absent or null, the string otherwise; anything else is an
 * INVALID_TYPE violation (Shopware would fail somewhere in the DAL; the demo store says so).
 */
export function stringField(v: Violations, body: Body, key: string, pointer = `/${key}`): string | undefined {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  v.notString(pointer, value)
  return undefined
}

/** NotBlank on a string field: trimmed-empty counts as blank, as Symfony's NotBlank with normalizer. */
export function requiredString(v: Violations, body: Body, key: string, pointer = `/${key}`, detail?: string): string {
  const value = stringField(v, body, key, pointer)
  if (value === undefined || value.trim() === '') {
    if (!v.has(pointer)) v.blank(pointer, body[key] ?? null, detail)
    return ''
  }
  return value
}

export function tooLong(v: Violations, pointer: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    v.add(pointer, 'TOO_LONG_ERROR', `This value is too long. It should have ${max} characters or less.`, { '{{ value }}': formatValue(value), '{{ limit }}': max, '{{ value_length }}': value.length })
  }
}

/** Symfony's Length min; it counts code points (mb_strlen), not UTF-16 units. */
export function tooShort(v: Violations, pointer: string, value: string | undefined, min: number): void {
  const length = value === undefined ? 0 : [...value].length
  if (value !== undefined && length < min) {
    v.add(pointer, 'TOO_SHORT_ERROR', `This value is too short. It should have ${min} characters or more.`, {
      '{{ value }}': formatValue(value), '{{ limit }}': min, '{{ min }}': min, '{{ value_length }}': length,
    })
  }
}

/** Symfony's Email constraint in html5 mode. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

export function isEmail(value: string): boolean {
  return EMAIL.test(value)
}

export function invalidEmail(v: Violations, pointer: string, value: string, detail = 'This value is not a valid email address.'): void {
  v.add(pointer, 'INVALID_FORMAT_ERROR', detail, { '{{ value }}': formatValue(value) })
}

export function notEqual(v: Violations, pointer: string, comparedPath: string): void {
  // Symfony's message names the compared value itself; for passwords that would echo them, so the
  // demo store names the field instead (for emails too, to keep one shape).
  v.add(pointer, 'NOT_EQUAL_ERROR', `This value should be equal to the value of ${comparedPath}.`, { '{{ compared_value_path }}': comparedPath })
}

export const PASSWORD_MIN_LENGTH = 8

export function passwordTooShort(v: Violations, pointer: string, value: string): void {
  v.add(pointer, 'TOO_SHORT_ERROR', `This value is too short. It should have ${PASSWORD_MIN_LENGTH} characters or more.`, {
    '{{ limit }}': PASSWORD_MIN_LENGTH, '{{ min }}': PASSWORD_MIN_LENGTH, '{{ value_length }}': value.length,
  })
}

export function entityMissing(v: Violations, pointer: string, entity: string, id: unknown): void {
  v.add(pointer, 'ENTITY_DOES_NOT_EXISTS', `The ${entity} with id ${formatValue(id)} does not exist.`, { '{{ entity }}': entity, '{{ id }}': formatValue(id) })
}

/** Shopware's EntityNotExists: its validator passes the entity name through formatValue, quotes included. */
export function entityExists(v: Violations, pointer: string, entity: string): void {
  v.add(pointer, 'ENTITY_EXISTS', `The ${formatValue(entity)} entity already exists.`, { '{{ entity }}': formatValue(entity) })
}

export function noSuchChoice(v: Violations, pointer: string, value: unknown, choices: readonly string[]): void {
  v.add(pointer, 'NO_SUCH_CHOICE_ERROR', 'The value you selected is not a valid choice.', {
    '{{ value }}': formatValue(value), '{{ choices }}': choices.map((c) => `"${c}"`).join(', '),
  })
}

// ---------------------------------------------------------------------------------------------------
// Errors of CustomerException (Checkout/Customer/CustomerException.php and Exception/*.php).

export const accountErrors = {
  badCredentials: () => new StoreApiError(401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', 'Invalid username and/or password.'),
  customerNotFound: (email: string) =>
    new StoreApiError(401, 'CHECKOUT__CUSTOMER_NOT_FOUND', `No matching customer for the email "${email}" was found.`, { parameters: { email } }),
  optinNotCompleted: (customerId: string) =>
    new StoreApiError(401, 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED', `The customer with the id "${customerId}" has not completed the opt-in.`, { parameters: { customerId } }),
  authThrottled: (seconds: number) =>
    new StoreApiError(429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED', `Customer auth throttled for ${seconds} seconds.`, { parameters: { seconds } }),
  rateLimitExceeded: (seconds: number) =>
    new StoreApiError(429, 'FRAMEWORK__RATE_LIMIT_EXCEEDED', `Too many requests, try again in ${seconds} seconds.`, { parameters: { seconds } }),
  noHashProvided: () => new StoreApiError(404, 'CHECKOUT__NO_HASH_PROVIDED', 'The given hash is empty.'),
  notFoundByHash: (hash: string) =>
    new StoreApiError(404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH', `No matching customer for the hash "${hash}" was found.`, { parameters: { hash } }),
  alreadyConfirmed: (customerId: string) =>
    new StoreApiError(412, 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED', `The customer with the id "${customerId}" is already confirmed.`, { parameters: { customerId } }),
  recoveryHashExpired: (hash: string) =>
    new StoreApiError(410, 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED', `The hash "${hash}" is expired.`, { parameters: { hash } }),
  addressNotFound: (addressId: string) =>
    new StoreApiError(400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND', `Customer address with id "${addressId}" not found.`, { parameters: { addressId } }),
  addressIsDefault: (addressId: string) =>
    new StoreApiError(400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT', `Customer address with id "${addressId}" is a default address and cannot be deleted.`, { parameters: { addressId } }),
  addressIsActive: (addressId: string) =>
    new StoreApiError(400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE', `Customer address with id "${addressId}" is an active address and cannot be deleted.`, { parameters: { addressId } }),
  invalidUuid: (input: string) => new StoreApiError(400, 'FRAMEWORK__INVALID_UUID', `Value is not a valid UUID: ${input}`, { parameters: { input } }),
  unknownPaymentMethod: (paymentMethodId: string) =>
    new StoreApiError(400, 'CHECKOUT__CUSTOMER_CHANGE_PAYMENT_METHOD_NOT_FOUND', `Change Payment to method ${paymentMethodId} not possible.`, { parameters: { paymentMethodId } }),
}

// ---------------------------------------------------------------------------------------------------
// Customers.

export const CUSTOM_FIELD_KEYS = ['forst_company_type', 'forst_invoice_email', 'forst_company_website', 'forst_newsletter'] as const
export const COMPANY_TYPES = ['omb', 'gbr', 'ag', 'gmbh', 'ug', 'gmbhcokg', 'kg', 'ohg'] as const

export function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex')
}

/** Registered with double opt-in and not confirmed yet. */
export function optInPending(row: Row): boolean {
  return row.double_opt_in_registration === 1 && row.double_opt_in_confirm_date === null
}

/**
 * Accounts a login or a recovery may find: active ones, and those waiting for their opt-in (Shopware
 * 6.6+ keeps them active; the demo store keeps them inactive as the spec says, see README).
 */
export function findAccountByEmail(db: Db, email: string): Row | undefined {
  const rows = db.prepare('SELECT * FROM customer WHERE lower(email) = lower(?) AND guest = 0 ORDER BY created_at DESC').all(email) as Row[]
  return rows.find((r) => r.active === 1 || optInPending(r))
}

export function emailTaken(db: Db, email: string, exceptId?: string): boolean {
  return db.prepare('SELECT 1 FROM customer WHERE lower(email) = lower(?) AND guest = 0 AND id IS NOT ?').get(email, exceptId ?? null) !== undefined
}

/** The context's customer when logged in: exists, active, not a guest. */
export function loggedInCustomer(db: Db, context: ContextState): Row | undefined {
  if (!context.customerId) return undefined
  const row = statement(db, 'SELECT * FROM customer WHERE id = ?').get(context.customerId) as Row | undefined
  return row && row.active === 1 && row.guest === 0 ? row : undefined
}

/**
 * The context's customer for routes with `_loginRequiredAllowGuest` (addresses, profile, orders,
 * payment): an active customer, guests included. Login-only routes keep using loggedInCustomer.
 */
export function sessionCustomer(db: Db, context: ContextState): Row | undefined {
  if (!context.customerId) return undefined
  const row = statement(db, 'SELECT * FROM customer WHERE id = ?').get(context.customerId) as Row | undefined
  return row && row.active === 1 ? row : undefined
}

export function customerGroupIdOf(row: Row | undefined): string {
  return row ? String(row.group_id) : CUSTOMER_GROUP_IDS.standard
}

export function serializeAddress(s: Serializer, r: Row): JsonObject {
  const countryRow = s.row('SELECT * FROM country WHERE id = ?', r.country_id)
  const stateRow = r.country_state_id ? s.row('SELECT * FROM country_state WHERE id = ?', r.country_state_id) : undefined
  const salutationRow = r.salutation_id ? s.row('SELECT * FROM salutation WHERE id = ?', r.salutation_id) : undefined
  return compact({
    id: r.id, customerId: r.customer_id, countryId: r.country_id, countryStateId: r.country_state_id, salutationId: r.salutation_id,
    firstName: r.first_name, lastName: r.last_name, zipcode: r.zipcode, city: r.city, company: r.company, street: r.street,
    department: r.department, title: r.title, phoneNumber: r.phone_number, additionalAddressLine1: r.additional_address_line1,
    additionalAddressLine2: r.additional_address_line2, customFields: JSON.parse(String(r.custom_fields ?? '{}')) as JsonObject,
    createdAt: r.created_at, updatedAt: r.updated_at ?? r.created_at,
    country: countryRow ? country(s, countryRow) : null, countryState: stateRow ? countryState(s, stateRow) : null,
    salutation: salutationRow ? salutation(s, salutationRow) : null, apiAlias: 'customer_address',
  } as JsonObject)
}

/**
 * The Customer entity with what the context's customer carries in Shopware: group, salutation, the
 * default and active addresses (active = the session's choice, else the default) and the default
 * payment method (6.6; 6.7 dropped it, the storefront's payment page needs it).
 */
/** A customer's VAT ids as the Customer entity gives them: null for a private account. */
export function customerVatIds(r: Row): string[] | null {
  return r.account_type === 'business' ? (JSON.parse(String(r.vat_ids ?? '[]')) as string[]) : null
}

export function serializeCustomer(s: Serializer, r: Row, context?: ContextState): JsonObject {
  const address = (id: unknown) => {
    const row = id ? s.row('SELECT * FROM customer_address WHERE id = ? AND customer_id = ?', id, r.id) : undefined
    return row ? serializeAddress(s, row) : null
  }
  const defaultBillingAddress = address(r.default_billing_address_id)
  const defaultShippingAddress = address(r.default_shipping_address_id)
  const groupRow = s.row('SELECT * FROM customer_group WHERE id = ?', r.group_id)
  const salutationRow = r.salutation_id ? s.row('SELECT * FROM salutation WHERE id = ?', r.salutation_id) : undefined
  return compact({
    id: r.id, groupId: r.group_id, requestedGroupId: r.requested_group_id, salesChannelId: SALES_CHANNEL_ID, languageId: r.language_id,
    defaultBillingAddressId: r.default_billing_address_id, defaultShippingAddressId: r.default_shipping_address_id,
    defaultPaymentMethodId: r.default_payment_method_id, customerNumber: r.customer_number, salutationId: r.salutation_id,
    firstName: r.first_name, lastName: r.last_name, email: r.email, title: r.title, company: r.company, accountType: r.account_type,
    vatIds: customerVatIds(r), active: r.active === 1, guest: r.guest === 1,
    doubleOptInRegistration: r.double_opt_in_registration === 1, doubleOptInEmailSentDate: r.double_opt_in_email_sent_date,
    doubleOptInConfirmDate: r.double_opt_in_confirm_date, hash: r.hash === null ? null : '', firstLogin: r.first_login, lastLogin: r.last_login,
    orderCount: 0, orderTotalAmount: 0, reviewCount: 0, customFields: JSON.parse(String(r.custom_fields ?? '{}')) as JsonObject, tagIds: [],
    createdAt: r.created_at, updatedAt: r.updated_at,
    group: groupRow ? customerGroup(s, groupRow) : null, salutation: salutationRow ? salutation(s, salutationRow) : null,
    defaultBillingAddress, defaultShippingAddress,
    activeBillingAddress: (context?.billingAddressId ? address(context.billingAddressId) : null) ?? defaultBillingAddress,
    activeShippingAddress: (context?.shippingAddressId ? address(context.shippingAddressId) : null) ?? defaultShippingAddress,
    defaultPaymentMethod: r.default_payment_method_id ? paymentMethod(s, String(r.default_payment_method_id)) : null,
    apiAlias: 'customer',
  } as JsonObject)
}

export function nextCustomerNumber(db: Db): string {
  const row = db.prepare('SELECT MAX(CAST(customer_number AS INTEGER)) AS n FROM customer').get() as { n: number | null }
  return String(Math.max(10000, row.n ?? 0) + 1)
}
