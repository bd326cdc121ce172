import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_DE_ID, DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
let customer: string
let reseller: string

async function loginToken(account: { email: string; password: string }): Promise<string> {
  const response = await store.call('POST', '/account/login', { body: { username: account.email, password: account.password } })
  expect(response.status).toBe(200)
  return response.headers.get('sw-context-token') ?? ''
}

beforeAll(async () => {
  store = await startDemoStore()
  ;[customer, reseller] = await Promise.all([loginToken(DEMO_ACCOUNTS.customer), loginToken(DEMO_ACCOUNTS.reseller)])
})
afterAll(async () => {
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; detail: string; source?: { pointer: string }; meta: { parameters: Record<string, unknown> } }

const BILLING = sid('customer-address:customer:billing')
const SHIPPING = sid('customer-address:customer:shipping')
const RESELLER_BILLING = sid('customer-address:reseller:billing')

const address = (overrides: Json = {}): Json => ({
  salutationId: sid('salutation:mr'), firstName: 'Max', lastName: 'Holzer', company: 'Holzer Forstservice GmbH', street: 'Lagerplatz 7',
  zipcode: '79100', city: 'Freiburg im Breisgau', countryId: COUNTRY_DE_ID, countryStateId: sid('country-state:DE-BW'), phoneNumber: '+49 761 99',
  ...overrides,
})

function violation(response: StoreResponse, pointer: string): ErrorEntry | undefined {
  return (response.body as { errors: ErrorEntry[] }).errors.find((e) => e.source?.pointer === pointer)
}

function expectViolation(operation: string, response: StoreResponse, pointer: string, code: string): ErrorEntry {
  expect(response.status).toBe(400)
  expectConformant(operation, response)
  const entry = violation(response, pointer)
  expect(entry, `violation at ${pointer} in ${JSON.stringify(response.body)}`).toMatchObject({ code })
  return entry as ErrorEntry
}

async function ids(token: string): Promise<string[]> {
  const response = await store.call('POST', '/account/list-address', { token })
  return (response.body as { elements: Array<{ id: string }> }).elements.map((a) => a.id)
}

async function customerOf(token: string): Promise<Json> {
  return (await store.call('POST', '/account/customer', { token })).body as Json
}

async function create(token: string, body: Json = address()): Promise<string> {
  const response = await store.call('POST', '/account/address', { token, body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return (response.body as { id: string }).id
}

describe('POST /account/list-address', () => {
  it('needs a login', async () => {
    expectStoreError('POST /account/list-address', await store.call('POST', '/account/list-address'), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('lists only the customer\'s own addresses with country, state and salutation', async () => {
    const response = await store.call('POST', '/account/list-address', { token: customer })
    expect(response.status).toBe(200)
    expectConformant('POST /account/list-address', response)
    expect(response.body).toMatchObject({ entity: 'customer_address', apiAlias: 'dal_entity_search_result' })
    const elements = (response.body as { elements: Json[] }).elements
    expect(elements.map((a) => a.id)).toEqual(expect.arrayContaining([BILLING, SHIPPING]))
    expect(elements.map((a) => a.id)).not.toContain(RESELLER_BILLING)
    expect(elements.find((a) => a.id === BILLING)).toMatchObject({
      apiAlias: 'customer_address', street: 'Waldstraße 12', zipcode: '79098', country: { iso: 'DE' }, countryState: { shortCode: 'DE-BW' }, salutation: { salutationKey: 'mr' },
    })
  })

  it('applies criteria', async () => {
    const response = await store.call('POST', '/account/list-address', { token: customer, body: { limit: 1, filter: [{ type: 'equals', field: 'zipcode', value: '79271' }] } })
    expect((response.body as { elements: Json[] }).elements.map((a) => a.id)).toEqual([SHIPPING])
  })
})

describe('POST /account/address and PATCH /account/address/{addressId}', () => {
  it('creates an address of the logged-in customer', async () => {
    expectStoreError('POST /account/address', await store.call('POST', '/account/address', { body: address() }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    const response = await store.call('POST', '/account/address', { token: customer, body: address() })
    expect(response.status).toBe(200)
    expectConformant('POST /account/address', response)
    expect(response.body).toMatchObject({
      apiAlias: 'customer_address', customerId: sid('customer:customer'), street: 'Lagerplatz 7', zipcode: '79100', country: { iso: 'DE' }, countryState: { shortCode: 'DE-BW' },
    })
    expect(await ids(customer)).toContain((response.body as { id: string }).id)
  })

  it('fills in the salutation "not specified" when none is sent', async () => {
    const response = await store.call('POST', '/account/address', { token: customer, body: address({ salutationId: undefined, countryStateId: undefined }) })
    expect(response.status).toBe(200)
    expectConformant('POST /account/address', response)
    expect(response.body).toMatchObject({ salutation: { salutationKey: 'not_specified' } })
    expect(response.body).not.toHaveProperty('countryState')
  })

  it('answers blank fields with IS_BLANK violations at their pointers', async () => {
    const response = await store.call('POST', '/account/address', { token: customer, body: { firstName: '', lastName: ' ', street: '', city: '', countryId: '' } })
    for (const [pointer, detail] of [
      ['/firstName', 'VIOLATION::FIRST_NAME_IS_BLANK_ERROR'], ['/lastName', 'VIOLATION::LAST_NAME_IS_BLANK_ERROR'], ['/street', 'VIOLATION::STREET_IS_BLANK_ERROR'],
      ['/city', 'VIOLATION::CITY_IS_BLANK_ERROR'], ['/countryId', 'VIOLATION::COUNTRY_IS_BLANK_ERROR'],
    ]) {
      expect(expectViolation('POST /account/address', response, pointer, 'VIOLATION::IS_BLANK_ERROR').detail).toBe(detail)
    }
  })

  it('checks the postal code against the country and refuses unknown countries and foreign states', async () => {
    const badZip = await store.call('POST', '/account/address', { token: customer, body: address({ zipcode: '7910' }) })
    expect(expectViolation('POST /account/address', badZip, '/zipcode', 'VIOLATION::ZIP_CODE_INVALID').meta.parameters).toEqual({ '{{ iso }}': '"DE"' })
    const austrian = await store.call('POST', '/account/address', { token: customer, body: address({ zipcode: '1010', countryId: sid('country:AT'), countryStateId: sid('country-state:AT-9') }) })
    expect(austrian.status).toBe(200)
    const dutch = await store.call('POST', '/account/address', { token: customer, body: address({ zipcode: '1012 AB', countryId: sid('country:NL'), countryStateId: undefined }) })
    expect(dutch.status).toBe(200)
    expectViolation('POST /account/address', await store.call('POST', '/account/address', { token: customer, body: address({ zipcode: '' }) }), '/zipcode', 'VIOLATION::IS_BLANK_ERROR')
    expectViolation('POST /account/address', await store.call('POST', '/account/address', { token: customer, body: address({ countryId: randomHex() }) }), '/countryId', 'VIOLATION::ENTITY_DOES_NOT_EXISTS')
    expectViolation('POST /account/address', await store.call('POST', '/account/address', { token: customer, body: address({ countryStateId: sid('country-state:AT-9') }) }), '/countryStateId', 'VIOLATION::ENTITY_DOES_NOT_EXISTS')
  })

  it('updates an own address and refuses other customers\' addresses', async () => {
    const id = await create(customer)
    const response = await store.call('PATCH', `/account/address/${id}`, { token: customer, body: address({ street: 'Neuer Weg 9', zipcode: '79102' }) })
    expect(response.status).toBe(200)
    expectConformant('PATCH /account/address/{addressId}', response)
    expect(response.body).toMatchObject({ id, street: 'Neuer Weg 9', zipcode: '79102' })
    expectViolation('PATCH /account/address/{addressId}', await store.call('PATCH', `/account/address/${id}`, { token: customer, body: address({ zipcode: 'ABCDE' }) }), '/zipcode', 'VIOLATION::ZIP_CODE_INVALID')
    const foreign = await store.call('PATCH', `/account/address/${RESELLER_BILLING}`, { token: customer, body: address() })
    expectStoreError('PATCH /account/address/{addressId}', foreign, 400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND')
    expectStoreError('PATCH /account/address/{addressId}', await store.call('PATCH', `/account/address/${id}`, { body: address() }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('default addresses', () => {
  it('switches the default billing and shipping address (204)', async () => {
    const id = await create(reseller, address({ firstName: 'Anna', lastName: 'Forstner', zipcode: '94469', city: 'Deggendorf', countryStateId: sid('country-state:DE-BY') }))
    const shipping = await store.call('PATCH', `/account/address/default-shipping/${id}`, { token: reseller })
    expect(shipping.status).toBe(204)
    expectConformant('PATCH /account/address/default-shipping/{addressId}', shipping)
    expect(await customerOf(reseller)).toMatchObject({ defaultShippingAddressId: id, defaultBillingAddressId: RESELLER_BILLING, activeShippingAddress: { id } })
    const billing = await store.call('PATCH', `/account/address/default-billing/${id}`, { token: reseller })
    expect(billing.status).toBe(204)
    expectConformant('PATCH /account/address/default-billing/{addressId}', billing)
    expect(await customerOf(reseller)).toMatchObject({ defaultBillingAddressId: id, defaultBillingAddress: { id, street: 'Lagerplatz 7' } })
    // Back to the seeded default, so that the other tests find the reseller as seeded.
    await store.call('PATCH', `/account/address/default-billing/${RESELLER_BILLING}`, { token: reseller })
    await store.call('PATCH', `/account/address/default-shipping/${RESELLER_BILLING}`, { token: reseller })
  })

  it('refuses addresses of other customers and unknown ones', async () => {
    for (const kind of ['shipping', 'billing']) {
      const operation = `PATCH /account/address/default-${kind}/{addressId}`
      expectStoreError(operation, await store.call('PATCH', `/account/address/default-${kind}/${RESELLER_BILLING}`, { token: customer }), 400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND')
      expectStoreError(operation, await store.call('PATCH', `/account/address/default-${kind}/${randomHex()}`, { token: customer }), 400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND')
      expectStoreError(operation, await store.call('PATCH', `/account/address/default-${kind}/${BILLING}`), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    }
  })
})

describe('DELETE /account/address/{addressId}', () => {
  const operation = 'DELETE /account/address/{addressId}'

  it('refuses to delete a default address', async () => {
    for (const id of [BILLING, SHIPPING]) {
      const response = await store.call('DELETE', `/account/address/${id}`, { token: customer })
      expectStoreError(operation, response, 400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_DEFAULT')
      expect((response.body as { errors: ErrorEntry[] }).errors[0].meta.parameters).toEqual({ addressId: id })
    }
    expect(await ids(customer)).toEqual(expect.arrayContaining([BILLING, SHIPPING]))
  })

  it('deletes another address (204); then it is gone', async () => {
    const id = await create(customer)
    const response = await store.call('DELETE', `/account/address/${id}`, { token: customer })
    expect(response.status).toBe(204)
    expectConformant(operation, response)
    expect(await ids(customer)).not.toContain(id)
    expectStoreError(operation, await store.call('DELETE', `/account/address/${id}`, { token: customer }), 400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND')
    expectStoreError(operation, await store.call('DELETE', `/account/address/${RESELLER_BILLING}`, { token: customer }), 400, 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND')
    expectStoreError(operation, await store.call('DELETE', `/account/address/${BILLING}`), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('refuses to delete the address the session uses (PATCH /context), which must be the customer\'s own', async () => {
    const id = await create(customer)
    const foreign = await store.call('PATCH', '/context', { token: customer, body: { shippingAddressId: RESELLER_BILLING } })
    expectStoreError('PATCH /context', foreign, 400, 'VIOLATION::ENTITY_DOES_NOT_EXISTS')
    const switched = await store.call('PATCH', '/context', { token: customer, body: { shippingAddressId: id } })
    expect(switched.status).toBe(200)
    const context = await store.call('GET', '/context', { token: customer })
    expect(context.body).toMatchObject({ customer: { activeShippingAddress: { id }, defaultShippingAddressId: SHIPPING }, shippingLocation: { address: { id } } })
    expectStoreError(operation, await store.call('DELETE', `/account/address/${id}`, { token: customer }), 400, 'CHECKOUT__CUSTOMER_ADDRESS_IS_ACTIVE')
  })
})
