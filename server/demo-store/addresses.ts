import { entityMissing, formatValue, requiredString, stringField, tooLong, type Body, type Violations } from './accounts'
import type { Db } from './db'
import { HEX_ID, randomHex, sid } from './ids'

type Row = Record<string, string | number | null>

export interface AddressInput {
  salutationId: string
  firstName: string
  lastName: string
  street: string
  zipcode: string | null
  city: string
  countryId: string
  countryStateId: string | null
  company: string | null
  department: string | null
  title: string | null
  phoneNumber: string | null
  additionalAddressLine1: string | null
  additionalAddressLine2: string | null
}

/** salutation `not_specified`, which Shopware's routes fill in when no salutation is sent. */
export const NOT_SPECIFIED_SALUTATION_ID = sid('salutation:not_specified')

function exists(db: Db, table: string, id: string): boolean {
  return HEX_ID.test(id) && db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined
}

/** Shopware's CustomerZipCodeValidator: required for the country, then its postal code pattern. */
function checkZipcode(db: Db, v: Violations, pointer: string, zipcode: string | undefined, countryId: string): void {
  const countryRow = HEX_ID.test(countryId) ? (db.prepare('SELECT iso, postal_code_pattern FROM country WHERE id = ?').get(countryId) as Row | undefined) : undefined
  if (!countryRow) return
  if (zipcode === undefined || zipcode === '') {
    v.add(pointer, 'IS_BLANK_ERROR', 'Postal code is required for that country', { '{{ value }}': formatValue(zipcode ?? null) })
    return
  }
  const pattern = countryRow.postal_code_pattern === null ? null : String(countryRow.postal_code_pattern).replace(/^\^/, '').replace(/\$$/, '')
  if (pattern !== null && !new RegExp(`^(?:${pattern})$`).test(zipcode)) {
    v.add(pointer, 'ZIP_CODE_INVALID', `This value is not a valid ZIP code for country "${String(countryRow.iso)}"`, { '{{ iso }}': formatValue(countryRow.iso) })
  }
}

/**
 * AddressValidationFactory + CustomerZipCode as UpsertAddressRoute and RegisterRoute apply them.
 * `prefix` is the pointer of the address in the body ('' for the address routes, '/billingAddress'…).
 * Names may come from outside (registration copies the customer's names into the billing address).
 */
export function readAddress(db: Db, v: Violations, raw: unknown, prefix: string, names?: { firstName: string; lastName: string; salutationId: string }): AddressInput {
  const body: Body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Body) : {}
  const at = (key: string) => `${prefix}/${key}`
  const optional = (key: string, max = 255) => {
    const value = stringField(v, body, key, at(key))
    tooLong(v, at(key), value, max)
    return value === undefined || value.trim() === '' ? null : value
  }
  let salutationId = names?.salutationId ?? stringField(v, body, 'salutationId', at('salutationId'))
  if (!salutationId) salutationId = NOT_SPECIFIED_SALUTATION_ID
  else if (!exists(db, 'salutation', salutationId)) entityMissing(v, at('salutationId'), 'salutation', salutationId)
  const firstName = names ? names.firstName : requiredString(v, body, 'firstName', at('firstName'), 'VIOLATION::FIRST_NAME_IS_BLANK_ERROR')
  const lastName = names ? names.lastName : requiredString(v, body, 'lastName', at('lastName'), 'VIOLATION::LAST_NAME_IS_BLANK_ERROR')
  if (!names) {
    tooLong(v, at('firstName'), firstName, 255)
    tooLong(v, at('lastName'), lastName, 255)
  }
  const street = requiredString(v, body, 'street', at('street'), 'VIOLATION::STREET_IS_BLANK_ERROR')
  const city = requiredString(v, body, 'city', at('city'), 'VIOLATION::CITY_IS_BLANK_ERROR')
  const countryId = requiredString(v, body, 'countryId', at('countryId'), 'VIOLATION::COUNTRY_IS_BLANK_ERROR')
  if (countryId !== '' && !exists(db, 'country', countryId)) entityMissing(v, at('countryId'), 'country', countryId)
  const zipcode = stringField(v, body, 'zipcode', at('zipcode'))
  if (!v.has(at('zipcode'))) {
    checkZipcode(db, v, at('zipcode'), zipcode?.trim(), countryId)
    tooLong(v, at('zipcode'), zipcode, 50)
  }
  const countryStateId = optional('countryStateId')
  if (countryStateId !== null) {
    const state = HEX_ID.test(countryStateId) ? (db.prepare('SELECT country_id FROM country_state WHERE id = ?').get(countryStateId) as Row | undefined) : undefined
    // Shopware only checks that the state exists; one of another country would make an impossible address.
    if (!state || (exists(db, 'country', countryId) && state.country_id !== countryId)) entityMissing(v, at('countryStateId'), 'country_state', countryStateId)
  }
  return {
    salutationId, firstName, lastName, street, zipcode: zipcode?.trim() || null, city, countryId, countryStateId,
    company: optional('company'), department: optional('department'), title: optional('title', 100), phoneNumber: optional('phoneNumber', 40),
    additionalAddressLine1: optional('additionalAddressLine1'), additionalAddressLine2: optional('additionalAddressLine2'),
  }
}

export function insertAddress(db: Db, customerId: string, input: AddressInput, id = randomHex()): string {
  const now = new Date().toISOString()
  db.prepare(
    `INSERT INTO customer_address (id, customer_id, country_id, country_state_id, salutation_id, first_name, last_name, company, department,
      street, zipcode, city, phone_number, additional_address_line1, additional_address_line2, title, custom_fields, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', ?, NULL)`,
  ).run(
    id, customerId, input.countryId, input.countryStateId, input.salutationId, input.firstName, input.lastName, input.company, input.department,
    input.street, input.zipcode, input.city, input.phoneNumber, input.additionalAddressLine1, input.additionalAddressLine2, input.title, now,
  )
  return id
}

export function updateAddress(db: Db, id: string, input: AddressInput): void {
  db.prepare(
    `UPDATE customer_address SET country_id = ?, country_state_id = ?, salutation_id = ?, first_name = ?, last_name = ?, company = ?,
      department = ?, street = ?, zipcode = ?, city = ?, phone_number = ?, additional_address_line1 = ?, additional_address_line2 = ?,
      title = ?, updated_at = ? WHERE id = ?`,
  ).run(
    input.countryId, input.countryStateId, input.salutationId, input.firstName, input.lastName, input.company, input.department, input.street,
    input.zipcode, input.city, input.phoneNumber, input.additionalAddressLine1, input.additionalAddressLine2, input.title, new Date().toISOString(), id,
  )
}

/** CustomerAddressValidationTrait::validateAddress: the address must be one of the customer's. */
export function ownAddress(db: Db, customerId: string, id: string): Row | undefined {
  return HEX_ID.test(id) ? (db.prepare('SELECT * FROM customer_address WHERE id = ? AND customer_id = ?').get(id, customerId) as Row | undefined) : undefined
}
