import { createHash } from 'node:crypto'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_LIMITS, TimeBackoffLimiter, hashPasswordAsync, verifyPassword } from '../../server/demo-store/accounts'
import { COUNTRY_DE_ID, CUSTOMER_GROUP_IDS, DB_FILE_NAME, DEMO_ACCOUNTS, LANGUAGE_IDS, PAYMENT_METHOD_IDS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { readOutbox, type OutboxMail } from '../../server/demo-store/mail/outbox'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; status: string; detail: string; source?: { pointer: string }; meta: { parameters: Record<string, unknown> } }

const PASSWORD = 'Sicher-2024!'
let counter = 0
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++counter}@forst-test.example`

function tokenOf(response: StoreResponse): string {
  const token = response.headers.get('sw-context-token')
  expect(token, 'sw-context-token response header').toBeTruthy()
  return token ?? ''
}

function errorsOf(response: StoreResponse): ErrorEntry[] {
  return (response.body as { errors: ErrorEntry[] }).errors
}

function violation(response: StoreResponse, pointer: string): ErrorEntry | undefined {
  return errorsOf(response).find((e) => e.source?.pointer === pointer)
}

function expectViolation(operation: string, response: StoreResponse, pointer: string, code: string): ErrorEntry {
  expect(response.status).toBe(400)
  expectConformant(operation, response)
  const entry = violation(response, pointer)
  expect(entry, `violation at ${pointer} in ${JSON.stringify(response.body)}`).toBeDefined()
  expect(entry).toMatchObject({ status: '400', code, title: 'Constraint violation error' })
  return entry as ErrorEntry
}

function registration(overrides: Json = {}): Json {
  return {
    salutationId: sid('salutation:mrs'),
    firstName: 'Erika',
    lastName: 'Tanne',
    email: uniqueEmail('private'),
    password: PASSWORD,
    acceptedDataProtection: true,
    storefrontUrl: store.origin,
    billingAddress: { street: 'Waldweg 1', zipcode: '79098', city: 'Freiburg', countryId: COUNTRY_DE_ID, countryStateId: sid('country-state:DE-BW'), phoneNumber: '+49 761 1' },
    ...overrides,
  }
}

function businessRegistration(overrides: Json = {}): Json {
  return registration({
    email: uniqueEmail('business'),
    accountType: 'business',
    company: 'Tanne Forst GmbH',
    vatIds: ['DE111222333'],
    customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@tanne.example', forst_company_website: 'https://tanne.example', forst_newsletter: true },
    ...overrides,
  })
}

/** The link of a mail to `to` that contains `linkPart` (and not `except`), waiting for it: recovery mails are sent after the answer. */
async function mailedLink(to: string, linkPart: string, except?: string): Promise<{ mail: OutboxMail; link: URL }> {
  const deadline = Date.now() + 5000
  for (;;) {
    for (const mail of await readOutbox(join(store.dataDir, 'outbox'))) {
      if (!mail.to.includes(to)) continue
      const link = mail.links.find((l) => l.includes(linkPart) && (except === undefined || !l.includes(except)))
      if (link) return { mail, link: new URL(link) }
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${linkPart}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function linkTo(to: string, linkPart: string, except?: string): Promise<URL> {
  return (await mailedLink(to, linkPart, except)).link
}

async function register(body: Json, languageId?: string): Promise<StoreResponse> {
  const response = await store.call('POST', '/account/register', { body, languageId })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response
}

/** Registers, confirms through the mailed link and returns the logged-in token. */
async function registerAndConfirm(body: Json): Promise<{ token: string; email: string; customer: Json }> {
  await register(body)
  const email = String(body.email)
  const link = await linkTo(email, '/registration/confirm')
  const confirm = await store.call('POST', '/account/register-confirm', { body: { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') } })
  expect(confirm.status).toBe(200)
  return { token: tokenOf(confirm), email, customer: confirm.body as Json }
}

async function login(email: string, password: string, token?: string): Promise<StoreResponse> {
  return store.call('POST', '/account/login', { body: { username: email, password }, token })
}

async function loginToken(email: string, password: string): Promise<string> {
  const response = await login(email, password)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return tokenOf(response)
}

async function contextOf(token: string): Promise<Json> {
  const response = await store.call('GET', '/context', { token })
  expect(response.status).toBe(200)
  return response.body as Json
}

async function unitPrice(productNumber: string, token?: string): Promise<number> {
  const response = await store.call('POST', '/product', { token, body: { filter: [{ type: 'equals', field: 'productNumber', value: productNumber }] } })
  const [product] = (response.body as { elements: Array<{ calculatedPrice: { unitPrice: number } }> }).elements
  return product.calculatedPrice.unitPrice
}

describe('passwords and the login throttle', () => {
  it('hashes with scrypt, never in clear, and verifies in constant time', async () => {
    const hash = await hashPasswordAsync(PASSWORD)
    expect(hash).toMatch(/^scrypt\$16384\$[0-9a-f]{32}\$[0-9a-f]{64}$/)
    expect(hash).not.toContain(PASSWORD)
    await expect(verifyPassword(PASSWORD, hash)).resolves.toBe(true)
    await expect(verifyPassword('wrong-password', hash)).resolves.toBe(false)
    await expect(verifyPassword(PASSWORD, null)).resolves.toBe(false)
  })

  it('backs off like Shopware: 10 failures → 10 s, 15 → 30 s, 20 → 60 s; a success resets', () => {
    let now = 1_000_000
    const limiter = new TimeBackoffLimiter(LOGIN_LIMITS, () => now)
    const attempts = (n: number) => {
      for (let i = 0; i < n; i++) expect(limiter.consume('a')).toEqual({ accepted: true })
    }
    attempts(10)
    expect(limiter.consume('a')).toEqual({ accepted: false, seconds: 10 })
    now += 4
    expect(limiter.consume('a')).toEqual({ accepted: false, seconds: 6 })
    // From the 11th attempt on, one attempt per wait, counted from the last accepted one.
    for (let attempt = 11; attempt <= 15; attempt++) {
      now += 10
      attempts(1)
    }
    expect(limiter.consume('a')).toEqual({ accepted: false, seconds: 30 })
    for (let attempt = 16; attempt <= 20; attempt++) {
      now += 30
      attempts(1)
    }
    expect(limiter.consume('a')).toEqual({ accepted: false, seconds: 60 })
    now += 60
    attempts(1)
    expect(limiter.consume('a')).toEqual({ accepted: false, seconds: 60 })
    expect(limiter.consume('other')).toEqual({ accepted: true })
    limiter.reset('a')
    attempts(10)
  })
})

describe('POST /account/register', () => {
  it('registers a private customer with double opt-in: inactive, not logged in, mail in the request language', async () => {
    const body = registration()
    const first = await store.call('GET', '/context')
    const token = tokenOf(first)
    const response = await store.call('POST', '/account/register', { body, token, languageId: LANGUAGE_IDS.en })
    expect(response.status).toBe(200)
    expectConformant('POST /account/register', response)
    expect(response.body).toMatchObject({
      apiAlias: 'customer', email: body.email, firstName: 'Erika', lastName: 'Tanne', accountType: 'private', active: false, guest: false,
      doubleOptInRegistration: true, hash: '', groupId: CUSTOMER_GROUP_IDS.standard, languageId: LANGUAGE_IDS.en,
      defaultBillingAddress: { street: 'Waldweg 1', zipcode: '79098', firstName: 'Erika', lastName: 'Tanne', phoneNumber: '+49 761 1' },
    })
    const customer = response.body as Json
    expect(customer.defaultBillingAddressId).toBe(customer.defaultShippingAddressId)
    // Not logged in: the token stays and knows no customer.
    expect(tokenOf(response)).toBe(token)
    expect((await contextOf(token)).customer).toBeNull()
    expectStoreError('POST /account/customer', await store.call('POST', '/account/customer', { token }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')

    const link = await linkTo(String(body.email), '/registration/confirm')
    expect(`${link.origin}${link.pathname}`).toBe(`${store.origin}/registration/confirm`)
    expect(link.searchParams.get('em')).toBe(createHash('sha1').update(String(body.email)).digest('hex'))
    expect(link.searchParams.get('hash')).toMatch(/^[0-9a-f]{32}$/)
  })

  it('builds the confirmation link on the storefront URL of the request and writes the mail in its language', async () => {
    const english = registration({ storefrontUrl: `${store.origin}/en` })
    const german = registration()
    await register(english, LANGUAGE_IDS.en)
    await register(german, LANGUAGE_IDS.de)
    const englishMail = await mailedLink(String(english.email), '/registration/confirm')
    const germanMail = await mailedLink(String(german.email), '/registration/confirm')
    expect(englishMail.link.pathname).toBe('/en/registration/confirm')
    expect(germanMail.link.pathname).toBe('/registration/confirm')
    expect(englishMail.mail.subject).not.toBe(germanMail.mail.subject)
  })

  it('registers a business customer asking for the reseller group: company, VAT id, custom fields, still standard group', async () => {
    const body = businessRegistration({
      requestedGroupId: CUSTOMER_GROUP_IDS.reseller,
      shippingAddress: { street: 'Sägewerkstraße 2', zipcode: '79183', city: 'Waldkirch', countryId: COUNTRY_DE_ID },
    })
    const response = await register(body)
    expectConformant('POST /account/register', response)
    expect(response.body).toMatchObject({
      accountType: 'business', company: 'Tanne Forst GmbH', vatIds: ['DE111222333'], requestedGroupId: CUSTOMER_GROUP_IDS.reseller,
      groupId: CUSTOMER_GROUP_IDS.standard,
      customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@tanne.example', forst_company_website: 'https://tanne.example', forst_newsletter: true },
      defaultBillingAddress: { company: 'Tanne Forst GmbH', countryId: COUNTRY_DE_ID },
      defaultShippingAddress: { street: 'Sägewerkstraße 2', firstName: 'Erika', zipcode: '79183' },
    })
  })

  it('answers every missing field with its violation and pointer', async () => {
    const response = await store.call('POST', '/account/register', { body: {} })
    expect(response.status).toBe(400)
    expectConformant('POST /account/register', response)
    const pointers = errorsOf(response).map((e) => e.source?.pointer)
    for (const pointer of ['/email', '/password', '/firstName', '/lastName', '/storefrontUrl', '/acceptedDataProtection', '/billingAddress/street', '/billingAddress/city', '/billingAddress/countryId']) {
      expect(pointers).toContain(pointer)
    }
    expect(violation(response, '/email')).toMatchObject({ code: 'VIOLATION::IS_BLANK_ERROR', meta: { parameters: { '{{ value }}': 'null' } } })
    expect(violation(response, '/billingAddress/street')).toMatchObject({ code: 'VIOLATION::IS_BLANK_ERROR', detail: 'VIOLATION::STREET_IS_BLANK_ERROR' })
  })

  it('refuses a storefront URL that is not one of the shop\'s domains', async () => {
    const response = await store.call('POST', '/account/register', { body: registration({ storefrontUrl: 'https://evil.example' }) })
    const entry = expectViolation('POST /account/register', response, '/storefrontUrl', 'VIOLATION::NO_SUCH_CHOICE_ERROR')
    expect(entry.meta.parameters['{{ value }}']).toBe('"https://evil.example"')
  })

  it('refuses an email of an existing customer, in any case', async () => {
    const response = await store.call('POST', '/account/register', { body: registration({ email: DEMO_ACCOUNTS.customer.email.toUpperCase() }) })
    const entry = expectViolation('POST /account/register', response, '/email', 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE')
    expect(entry.meta.parameters).toHaveProperty('{{ email }}')
  })

  it('refuses a malformed email and a short password', async () => {
    const response = await store.call('POST', '/account/register', { body: registration({ email: 'not-an-email', password: 'kurz' }) })
    expectViolation('POST /account/register', response, '/email', 'VIOLATION::INVALID_FORMAT_ERROR')
    const entry = expectViolation('POST /account/register', response, '/password', 'VIOLATION::TOO_SHORT_ERROR')
    expect(entry.meta.parameters['{{ limit }}']).toBe(8)
    expect(JSON.stringify(response.body)).not.toContain('kurz')
  })

  it('checks the postal code against the country pattern', async () => {
    const body = registration({ billingAddress: { ...(registration().billingAddress as Json), zipcode: '123' } })
    const response = await store.call('POST', '/account/register', { body })
    const entry = expectViolation('POST /account/register', response, '/billingAddress/zipcode', 'VIOLATION::ZIP_CODE_INVALID')
    expect(entry.meta.parameters['{{ iso }}']).toBe('"DE"')
    const missing = await store.call('POST', '/account/register', { body: registration({ billingAddress: { ...(registration().billingAddress as Json), zipcode: '' } }) })
    expectViolation('POST /account/register', missing, '/billingAddress/zipcode', 'VIOLATION::IS_BLANK_ERROR')
  })

  it('requires company and a VAT id in the country\'s format for business accounts', async () => {
    const blank = await store.call('POST', '/account/register', { body: businessRegistration({ company: '', vatIds: [] }) })
    expectViolation('POST /account/register', blank, '/company', 'VIOLATION::IS_BLANK_ERROR')
    expectViolation('POST /account/register', blank, '/vatIds', 'VIOLATION::IS_BLANK_ERROR')
    const malformed = await store.call('POST', '/account/register', { body: businessRegistration({ vatIds: ['DE12'] }) })
    const entry = expectViolation('POST /account/register', malformed, '/vatIds', 'VIOLATION::VAT_ID_FORMAT_NOT_CORRECT')
    expect(entry.meta.parameters['{{ vatId }}']).toBe('"DE12"')
  })

  it('checks the company type and the invoice email among the custom fields, and the requested group', async () => {
    const response = await store.call('POST', '/account/register', {
      body: businessRegistration({ customFields: { forst_company_type: 'llc', forst_invoice_email: 'nope' }, requestedGroupId: randomHex() }),
    })
    expectViolation('POST /account/register', response, '/customFields/forst_company_type', 'VIOLATION::NO_SUCH_CHOICE_ERROR')
    expectViolation('POST /account/register', response, '/customFields/forst_invoice_email', 'VIOLATION::INVALID_FORMAT_ERROR')
    expectViolation('POST /account/register', response, '/requestedGroupId', 'VIOLATION::ENTITY_DOES_NOT_EXISTS')
  })
})

describe('POST /account/register-confirm', () => {
  it('answers a missing hash, an unknown hash and a wrong email hash as Shopware', async () => {
    expectStoreError('POST /account/register-confirm', await store.call('POST', '/account/register-confirm', { body: { em: 'x' } }), 404, 'CHECKOUT__NO_HASH_PROVIDED')
    expectStoreError('POST /account/register-confirm', await store.call('POST', '/account/register-confirm', { body: { hash: randomHex(), em: 'x' } }), 404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH')
    const body = registration()
    await register(body)
    const link = await linkTo(String(body.email), '/registration/confirm')
    const wrong = await store.call('POST', '/account/register-confirm', { body: { hash: link.searchParams.get('hash'), em: 'a'.repeat(40) } })
    expectViolation('POST /account/register-confirm', wrong, '/em', 'VIOLATION::NOT_EQUAL_ERROR')
  })

  it('activates and logs in with a new token; a second confirmation is 412', async () => {
    const body = registration()
    const anonymous = tokenOf(await store.call('GET', '/context'))
    await store.call('POST', '/account/register', { body, token: anonymous })
    const link = await linkTo(String(body.email), '/registration/confirm')
    const confirmBody = { hash: link.searchParams.get('hash'), em: link.searchParams.get('em') }
    const response = await store.call('POST', '/account/register-confirm', { body: confirmBody, token: anonymous })
    expect(response.status).toBe(200)
    expectConformant('POST /account/register-confirm', response)
    expect(response.body).toMatchObject({ email: body.email, active: true, doubleOptInRegistration: true })
    expect((response.body as Json).doubleOptInConfirmDate).toEqual(expect.any(String))
    const token = tokenOf(response)
    expect(token).not.toBe(anonymous)
    expect((await contextOf(token)).customer).toMatchObject({ email: body.email, active: true })
    expect((await contextOf(anonymous)).customer).toBeNull()
    expectStoreError('POST /account/register-confirm', await store.call('POST', '/account/register-confirm', { body: confirmBody }), 412, 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED')
  })
})

describe('POST /account/login', () => {
  it('logs in with a new token; the old token no longer has the customer and the cart moves along', async () => {
    const anonymous = tokenOf(await store.call('GET', '/context'))
    const added = await store.call('POST', '/checkout/cart/line-item', { token: anonymous, body: { items: [{ id: sid('product:FS-31001'), referencedId: sid('product:FS-31001'), type: 'product', quantity: 2 }] } })
    expect(added.status).toBe(200)
    const response = await login(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password, anonymous)
    expect(response.status).toBe(200)
    expectConformant('POST /account/login', response)
    expect(response.body).toEqual({ redirectUrl: null, apiAlias: 'array_struct' })
    const token = tokenOf(response)
    expect(token).not.toBe(anonymous)
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/)

    const context = await store.call('GET', '/context', { token })
    expectConformant('GET /context', context)
    expect(context.body).toMatchObject({
      customer: { email: DEMO_ACCOUNTS.customer.email, apiAlias: 'customer', activeShippingAddress: { id: sid('customer-address:customer:shipping') } },
      currentCustomerGroup: { id: CUSTOMER_GROUP_IDS.standard },
      paymentMethod: { id: PAYMENT_METHOD_IDS.invoice },
      shippingLocation: { address: { id: sid('customer-address:customer:shipping') } },
    })
    expect((await contextOf(anonymous)).customer).toBeNull()
    const cart = (await store.call('GET', '/checkout/cart', { token })).body as { lineItems: Array<{ referencedId: string; quantity: number }> }
    expect(cart.lineItems).toEqual([expect.objectContaining({ referencedId: sid('product:FS-31001'), quantity: 2 })])
    const oldCart = (await store.call('GET', '/checkout/cart', { token: anonymous })).body as { lineItems: unknown[] }
    expect(oldCart.lineItems).toEqual([])
  })

  it('accepts the email in any case and as `email`', async () => {
    const response = await store.call('POST', '/account/login', { body: { email: DEMO_ACCOUNTS.reseller.email.toUpperCase(), password: DEMO_ACCOUNTS.reseller.password } })
    expect(response.status).toBe(200)
  })

  it('answers a wrong password, an empty one and an unknown email with Shopware\'s codes', async () => {
    expectStoreError('POST /account/login', await login(DEMO_ACCOUNTS.customer.email, 'falsch-falsch'), 401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')
    expectStoreError('POST /account/login', await login(DEMO_ACCOUNTS.customer.email, ''), 401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')
    const unknown = uniqueEmail('nobody')
    const response = await login(unknown, 'whatever-123')
    expectStoreError('POST /account/login', response, 401, 'CHECKOUT__CUSTOMER_NOT_FOUND')
    expect(errorsOf(response)[0].meta.parameters).toEqual({ email: unknown })
  })

  it('tells an unconfirmed account only after the correct password', async () => {
    const body = registration()
    await register(body)
    expectStoreError('POST /account/login', await login(String(body.email), 'falsch-falsch'), 401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')
    const response = await login(String(body.email), PASSWORD)
    expectStoreError('POST /account/login', response, 401, 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED')
    expect(errorsOf(response)[0].meta.parameters).toHaveProperty('customerId')
  })

  it('takes as long for an unknown email as for a wrong password (one hash check either way)', async () => {
    const timed = async (email: string) => {
      const started = performance.now()
      await login(email, 'falsch-falsch')
      return performance.now() - started
    }
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 3; i++) {
      known.push(await timed(DEMO_ACCOUNTS.reseller.email))
      unknown.push(await timed(uniqueEmail('timing')))
    }
    // Without the dummy hash an unknown email answers in about a millisecond, a known one after scrypt.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5)
    await loginToken(DEMO_ACCOUNTS.reseller.email, DEMO_ACCOUNTS.reseller.password)
  })

  it('throttles after 10 failures for 10 s, with the wait in meta.parameters.seconds and no Retry-After', async () => {
    const { email } = await registerAndConfirm(registration())
    for (let i = 0; i < 10; i++) expect((await login(email, `falsch-${i}-falsch`)).status).toBe(401)
    const throttled = await login(email, 'falsch-falsch')
    expectStoreError('POST /account/login', throttled, 429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED')
    const seconds = errorsOf(throttled)[0].meta.parameters.seconds as number
    expect(seconds).toBeGreaterThanOrEqual(9)
    expect(seconds).toBeLessThanOrEqual(10)
    expect(errorsOf(throttled)[0].detail).toBe(`Customer auth throttled for ${seconds} seconds.`)
    expect(throttled.headers.get('retry-after')).toBeNull()
    // Even the right password waits; other accounts do not.
    expectStoreError('POST /account/login', await login(email, PASSWORD), 429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED')
    expect((await login(DEMO_ACCOUNTS.reseller.email, DEMO_ACCOUNTS.reseller.password)).status).toBe(200)
  })
})

describe('POST /account/logout', () => {
  it('needs a login', async () => {
    expectStoreError('POST /account/logout', await store.call('POST', '/account/logout'), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('answers a new random token and forgets the old context; the next login gets the cart back', async () => {
    const token = await loginToken(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
    await store.call('POST', '/checkout/cart/line-item', { token, body: { items: [{ id: sid('product:FS-10001'), type: 'product', quantity: 1 }] } })
    const response = await store.call('POST', '/account/logout', { token })
    expect(response.status).toBe(200)
    expectConformant('POST /account/logout', response)
    const fresh = tokenOf(response)
    expect(fresh).not.toBe(token)
    expect((await contextOf(token)).customer).toBeNull()
    expect((await contextOf(fresh)).customer).toBeNull()
    expectStoreError('POST /account/customer', await store.call('POST', '/account/customer', { token }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expect(((await store.call('GET', '/checkout/cart', { token })).body as { lineItems: unknown[] }).lineItems).toEqual([])

    const again = await loginToken(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
    const cart = (await store.call('GET', '/checkout/cart', { token: again })).body as { lineItems: Array<{ referencedId: string }> }
    expect(cart.lineItems.map((li) => li.referencedId)).toContain(sid('product:FS-10001'))
  })
})

describe('/account/customer', () => {
  it('needs a login (POST and GET)', async () => {
    expectStoreError('POST /account/customer', await store.call('POST', '/account/customer'), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expectStoreError('GET /account/customer', await store.call('GET', '/account/customer'), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('reads the logged-in customer with addresses, group, salutation, payment method and custom fields', async () => {
    const token = await loginToken(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
    for (const method of ['POST', 'GET'] as const) {
      const response = await store.call(method, '/account/customer', { token })
      expect(response.status).toBe(200)
      expectConformant(`${method} /account/customer`, response)
      expect(response.body).toMatchObject({
        apiAlias: 'customer', id: sid('customer:customer'), email: DEMO_ACCOUNTS.customer.email, active: true, guest: false,
        accountType: 'business', company: 'Holzer Forstservice GmbH', vatIds: ['DE298765432'],
        group: { id: CUSTOMER_GROUP_IDS.standard, apiAlias: 'customer_group' }, salutation: { salutationKey: 'mr' },
        defaultBillingAddress: { id: sid('customer-address:customer:billing'), country: { iso: 'DE' }, countryState: { shortCode: 'DE-BW' } },
        activeBillingAddress: { id: sid('customer-address:customer:billing') },
        defaultShippingAddress: { id: sid('customer-address:customer:shipping') },
        activeShippingAddress: { id: sid('customer-address:customer:shipping') },
        defaultPaymentMethodId: PAYMENT_METHOD_IDS.invoice, defaultPaymentMethod: { id: PAYMENT_METHOD_IDS.invoice, apiAlias: 'payment_method' },
        customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@holzer-forst.example' },
      })
      expect(JSON.stringify(response.body)).not.toMatch(/scrypt|password/i)
    }
  })

  it('applies includes', async () => {
    const token = await loginToken(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
    const response = await store.call('POST', '/account/customer', { token, body: { includes: { customer: ['id', 'email'] } } })
    expect(response.body).toEqual({ id: sid('customer:customer'), email: DEMO_ACCOUNTS.customer.email, apiAlias: 'customer' })
  })
})

describe('profile, email and password', () => {
  it('changes the profile; the invoice email stays as registered', async () => {
    const { token } = await registerAndConfirm(businessRegistration())
    expectStoreError('POST /account/change-profile', await store.call('POST', '/account/change-profile', { body: { firstName: 'A', lastName: 'B' } }), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    const response = await store.call('POST', '/account/change-profile', {
      token,
      body: {
        salutationId: sid('salutation:mr'), firstName: 'Erik', lastName: 'Fichte', accountType: 'business', company: 'Fichte Forst KG', vatIds: ['DE999888777'],
        customFields: { forst_company_type: 'kg', forst_invoice_email: 'changed@tanne.example', forst_company_website: 'https://fichte.example', forst_newsletter: false },
      },
    })
    expect(response.status).toBe(200)
    expectConformant('POST /account/change-profile', response)
    expect(response.body).toMatchObject({ success: true })
    const customer = (await store.call('POST', '/account/customer', { token })).body
    expect(customer).toMatchObject({
      firstName: 'Erik', lastName: 'Fichte', company: 'Fichte Forst KG', vatIds: ['DE999888777'], salutation: { salutationKey: 'mr' },
      customFields: { forst_company_type: 'kg', forst_invoice_email: 'rechnung@tanne.example', forst_company_website: 'https://fichte.example', forst_newsletter: false },
    })
  })

  it('refuses a blank name, a business profile without company and a bad VAT id', async () => {
    const token = await loginToken(DEMO_ACCOUNTS.reseller.email, DEMO_ACCOUNTS.reseller.password)
    const response = await store.call('POST', '/account/change-profile', { token, body: { firstName: ' ', lastName: 'X', accountType: 'business', company: '', vatIds: ['XX1'] } })
    expectViolation('POST /account/change-profile', response, '/firstName', 'VIOLATION::IS_BLANK_ERROR')
    expectViolation('POST /account/change-profile', response, '/company', 'VIOLATION::IS_BLANK_ERROR')
    expectViolation('POST /account/change-profile', response, '/vatIds', 'VIOLATION::VAT_ID_FORMAT_NOT_CORRECT')
  })

  it('changes the email with the password; refuses a wrong password, a mismatch and a taken email', async () => {
    const { token, email } = await registerAndConfirm(registration())
    const next = uniqueEmail('changed')
    const call = (body: Json) => store.call('POST', '/account/change-email', { token, body })
    expectViolation('POST /account/change-email', await call({ email: next, emailConfirmation: next, password: 'falsch-falsch' }), '/password', 'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT')
    expectViolation('POST /account/change-email', await call({ email: next, emailConfirmation: 'other@x.example', password: PASSWORD }), '/email', 'VIOLATION::NOT_EQUAL_ERROR')
    const taken = DEMO_ACCOUNTS.reseller.email
    expectViolation('POST /account/change-email', await call({ email: taken, emailConfirmation: taken, password: PASSWORD }), '/email', 'VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE')
    const ok = await call({ email: next, emailConfirmation: next, password: PASSWORD })
    expect(ok.status).toBe(200)
    expectConformant('POST /account/change-email', ok)
    expectStoreError('POST /account/login', await login(email, PASSWORD), 401, 'CHECKOUT__CUSTOMER_NOT_FOUND')
    expect((await login(next, PASSWORD)).status).toBe(200)
  })

  it('changes the password: new token for this session, every other session logged out', async () => {
    const { token, email } = await registerAndConfirm(registration())
    const otherSession = await loginToken(email, PASSWORD)
    const call = (body: Json) => store.call('POST', '/account/change-password', { token, body })
    const wrong = await call({ password: 'falsch-falsch', newPassword: 'Neu-Passwort-1', newPasswordConfirm: 'Neu-Passwort-1' })
    expectViolation('POST /account/change-password', wrong, '/password', 'VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT')
    expect(JSON.stringify(wrong.body)).not.toContain('Neu-Passwort-1')
    expectViolation('POST /account/change-password', await call({ password: PASSWORD, newPassword: 'kurz', newPasswordConfirm: 'kurz' }), '/newPassword', 'VIOLATION::TOO_SHORT_ERROR')
    const mismatch = await call({ password: PASSWORD, newPassword: 'Neu-Passwort-1', newPasswordConfirm: 'Neu-Passwort-2' })
    expectViolation('POST /account/change-password', mismatch, '/newPassword', 'VIOLATION::NOT_EQUAL_ERROR')
    expect(JSON.stringify(mismatch.body)).not.toContain('Neu-Passwort')

    const ok = await call({ password: PASSWORD, newPassword: 'Neu-Passwort-1', newPasswordConfirm: 'Neu-Passwort-1' })
    expect(ok.status).toBe(200)
    expectConformant('POST /account/change-password', ok)
    const newToken = tokenOf(ok)
    expect(newToken).not.toBe(token)
    expect((await contextOf(newToken)).customer).toMatchObject({ email })
    expect((await contextOf(token)).customer).toBeNull()
    expect((await contextOf(otherSession)).customer).toBeNull()
    expectStoreError('POST /account/login', await login(email, PASSWORD), 401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')
    expect((await login(email, 'Neu-Passwort-1')).status).toBe(200)
  })
})

describe('password recovery', () => {
  const recover = (email: string, storefrontUrl = `${store.origin}/fr`) => store.call('POST', '/account/recovery-password', { body: { email, storefrontUrl } })

  it('answers an unknown email with 401 CHECKOUT__CUSTOMER_NOT_FOUND and a foreign storefront URL with a violation', async () => {
    expectStoreError('POST /account/recovery-password', await recover(uniqueEmail('nobody')), 401, 'CHECKOUT__CUSTOMER_NOT_FOUND')
    expectViolation('POST /account/recovery-password', await recover(DEMO_ACCOUNTS.customer.email, 'https://evil.example/fr'), '/storefrontUrl', 'VIOLATION::NO_SUCH_CHOICE_ERROR')
    expectViolation('POST /account/recovery-password', await recover('kein-email'), '/email', 'VIOLATION::INVALID_FORMAT_ERROR')
  })

  it('mails a 32-character hash that replaces the older one; the new password works and nobody stays logged in', async () => {
    const { token, email } = await registerAndConfirm(registration())
    const first = await recover(email)
    expect(first.status).toBe(200)
    expectConformant('POST /account/recovery-password', first)
    expect(first.body).toMatchObject({ success: true })
    const firstHash = (await linkTo(email, '/reset-password')).searchParams.get('hash') as string
    expect(firstHash).toMatch(/^[A-Za-z0-9]{32}$/)
    expect((await recover(email)).status).toBe(200)
    const link = await linkTo(email, '/reset-password', firstHash)
    const secondHash = link.searchParams.get('hash') as string
    expect(secondHash).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(`${link.origin}${link.pathname}`).toBe(`${store.origin}/fr/reset-password`)

    const isExpired = await store.call('POST', '/account/customer-recovery-is-expired', { body: { hash: secondHash } })
    expect(isExpired.status).toBe(200)
    expectConformant('POST /account/customer-recovery-is-expired', isExpired)
    expect(isExpired.body).toEqual({ isExpired: false, apiAlias: 'array_struct' })

    const confirm = (hash: string, newPassword = 'Wieder-Da-2024', newPasswordConfirm = newPassword) =>
      store.call('POST', '/account/recovery-password-confirm', { body: { hash, newPassword, newPasswordConfirm } })
    expectStoreError('POST /account/recovery-password-confirm', await confirm(firstHash), 410, 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED')
    expectViolation('POST /account/recovery-password-confirm', await confirm(secondHash, 'kurz'), '/newPassword', 'VIOLATION::TOO_SHORT_ERROR')
    expectViolation('POST /account/recovery-password-confirm', await confirm(secondHash, 'Wieder-Da-2024', 'Anders-2024'), '/newPassword', 'VIOLATION::NOT_EQUAL_ERROR')
    const ok = await confirm(secondHash)
    expect(ok.status).toBe(200)
    expectConformant('POST /account/recovery-password-confirm', ok)
    expect(ok.body).toMatchObject({ success: true })
    expect((await contextOf(token)).customer).toBeNull()
    expectStoreError('POST /account/recovery-password-confirm', await confirm(secondHash), 410, 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED')
    expectStoreError('POST /account/login', await login(email, PASSWORD), 401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')
    expect((await login(email, 'Wieder-Da-2024')).status).toBe(200)
  })

  it('lets a hash expire after two hours (410) and reports it', async () => {
    const { email } = await registerAndConfirm(registration())
    expect((await recover(email)).status).toBe(200)
    const hash = (await linkTo(email, '/reset-password')).searchParams.get('hash') as string
    const db = new Database(join(store.dataDir, DB_FILE_NAME))
    try {
      db.prepare('UPDATE customer SET recovery_created_at = ? WHERE recovery_hash = ?').run(new Date(Date.now() - 2 * 60 * 60 * 1000 - 60_000).toISOString(), hash)
    } finally {
      db.close()
    }
    expect((await store.call('POST', '/account/customer-recovery-is-expired', { body: { hash } })).body).toEqual({ isExpired: true, apiAlias: 'array_struct' })
    const response = await store.call('POST', '/account/recovery-password-confirm', { body: { hash, newPassword: 'Zu-Spaet-2024', newPasswordConfirm: 'Zu-Spaet-2024' } })
    expectStoreError('POST /account/recovery-password-confirm', response, 410, 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED')
    expect((await login(email, PASSWORD)).status).toBe(200)
  })

  it('checks the hash of customer-recovery-is-expired', async () => {
    expectViolation('POST /account/customer-recovery-is-expired', await store.call('POST', '/account/customer-recovery-is-expired', { body: { hash: 'short' } }), '/hash', 'VIOLATION::NOT_EQUAL_LENGTH_ERROR')
    expectStoreError('POST /account/customer-recovery-is-expired', await store.call('POST', '/account/customer-recovery-is-expired', { body: { hash: 'A'.repeat(32) } }), 404, 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH')
  })
})

describe('customer groups and prices', () => {
  it('gives the reseller reseller prices after a real login, and everyone else the standard price', async () => {
    expect(await unitPrice('FS-31001')).toBe(69)
    const reseller = await loginToken(DEMO_ACCOUNTS.reseller.email, DEMO_ACCOUNTS.reseller.password)
    expect(await unitPrice('FS-31001', reseller)).toBe(58.65)
    expect((await contextOf(reseller)).currentCustomerGroup).toMatchObject({ id: CUSTOMER_GROUP_IDS.reseller })
    const customer = await loginToken(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
    expect(await unitPrice('FS-31001', customer)).toBe(69)
  })

  it('keeps a pending reseller in the standard group with standard prices', async () => {
    const { token, customer } = await registerAndConfirm(businessRegistration({ requestedGroupId: CUSTOMER_GROUP_IDS.reseller }))
    expect(customer).toMatchObject({ groupId: CUSTOMER_GROUP_IDS.standard, requestedGroupId: CUSTOMER_GROUP_IDS.reseller })
    expect((await contextOf(token)).currentCustomerGroup).toMatchObject({ id: CUSTOMER_GROUP_IDS.standard })
    expect(await unitPrice('FS-31001', token)).toBe(69)
  })
})

describe('payment methods', () => {
  it('lists the payment methods (onlyAvailable accepted)', async () => {
    for (const body of [{}, { onlyAvailable: true }]) {
      const response = await store.call('POST', '/payment-method', { body })
      expect(response.status).toBe(200)
      expectConformant('POST /payment-method', response)
      expect(response.body).toMatchObject({ entity: 'payment_method', total: 3 })
      expect((response.body as { elements: Array<{ id: string }> }).elements.map((p) => p.id)).toEqual([PAYMENT_METHOD_IDS.invoice, PAYMENT_METHOD_IDS.prepayment, PAYMENT_METHOD_IDS.demoPay])
    }
    const get = await store.call('GET', '/payment-method')
    expectConformant('GET /payment-method', get)
  })

  it('sets the default payment method of the logged-in customer', async () => {
    const path = (id: string) => `/account/change-payment-method/${id}`
    const operation = 'POST /account/change-payment-method/{paymentMethodId}'
    expectStoreError(operation, await store.call('POST', path(PAYMENT_METHOD_IDS.prepayment)), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    const { token } = await registerAndConfirm(registration())
    expectStoreError(operation, await store.call('POST', path('not-a-uuid'), { token }), 400, 'FRAMEWORK__INVALID_UUID')
    expectStoreError(operation, await store.call('POST', path(randomHex()), { token }), 400, 'CHECKOUT__CUSTOMER_CHANGE_PAYMENT_METHOD_NOT_FOUND')
    const response = await store.call('POST', path(PAYMENT_METHOD_IDS.prepayment), { token })
    expect(response.status).toBe(200)
    expectConformant(operation, response)
    expect((await store.call('POST', '/account/customer', { token })).body).toMatchObject({
      defaultPaymentMethodId: PAYMENT_METHOD_IDS.prepayment, defaultPaymentMethod: { id: PAYMENT_METHOD_IDS.prepayment },
    })
  })
})

describe('bad input on the account routes', () => {
  const bodies: unknown[] = [[], 'text', 42, { email: 5, password: {}, username: [], hash: 7, em: {}, newPassword: 123, storefrontUrl: 9 }, { billingAddress: 'x', customFields: [], vatIds: 'DE1' }]
  const routes: Array<[string, string]> = [
    ['POST', '/account/register'], ['POST', '/account/register-confirm'], ['POST', '/account/login'], ['POST', '/account/recovery-password'],
    ['POST', '/account/recovery-password-confirm'], ['POST', '/account/customer-recovery-is-expired'], ['POST', '/payment-method'],
  ]
  const loggedIn: Array<[string, string]> = [
    ['POST', '/account/change-profile'], ['POST', '/account/change-email'], ['POST', '/account/change-password'], ['POST', '/account/address'],
    ['POST', '/account/list-address'], ['POST', '/account/customer'],
  ]

  it('never answers 500, logged in or not', async () => {
    const token = await loginToken(DEMO_ACCOUNTS.reseller.email, DEMO_ACCOUNTS.reseller.password)
    for (const [method, path] of [...routes, ...loggedIn]) {
      for (const body of bodies) {
        const response = await store.call(method, path, { rawBody: JSON.stringify(body), token })
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`).toBeLessThan(500)
        expect(response.status).toBeGreaterThanOrEqual(200)
      }
    }
    expect((await contextOf(token)).customer).toMatchObject({ email: DEMO_ACCOUNTS.reseller.email })
  })
})
