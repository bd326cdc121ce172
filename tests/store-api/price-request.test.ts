import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'
import { malformedBodyFailures, waitForMails } from './mail-helpers'

// POST /forst/price-request is the demo store's extension (README "Price requests"): the official schema has
// no such route, so these tests check the contract a real shop's plugin must offer.
let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; status: string; title: string; source?: { pointer: string }; meta: { parameters: Record<string, unknown> } }

let counter = 0
const uniqueEmail = () => `price-${Date.now().toString(36)}-${++counter}@forst-test.example`
const WINCH = sid('product:FS-10006')

function request(overrides: Json = {}): Json {
  return {
    productId: WINCH, desiredPrice: 5400.5, quantity: 2, comment: 'Zwei Stück für unseren Fuhrpark.', email: uniqueEmail(),
    firstName: 'Erika', lastName: 'Tanne', company: 'Tanne Forst GmbH', phone: '+49 761 1', ...overrides,
  }
}

const send = (body: unknown, options: { languageId?: string; token?: string } = {}) => store.call('POST', '/forst/price-request', { body, ...options })

function errorsOf(response: StoreResponse): ErrorEntry[] {
  return (response.body as { errors: ErrorEntry[] }).errors
}

function violations(response: StoreResponse): Array<[string | undefined, string]> {
  expect(response.status).toBe(400)
  return errorsOf(response).map((e) => [e.source?.pointer, e.code])
}

describe('POST /forst/price-request', () => {
  it('takes the request and mails the shop (all details) and a copy to the requester', async () => {
    const body = request()
    const response = await send(body)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true, apiAlias: 'forst_price_request_result' })
    const [shop] = await waitForMails(store, (m) => m.to === 'shop@example.com' && m.subject.includes('FS-10006'))
    expect(shop.subject).toBe('Preisanfrage zu FS-10006 Forstseilwinde FSW 100')
    for (const part of ['Artikelnummer: FS-10006', 'Wunschpreis (netto): 5.400,50\u00a0€', 'Menge: 2', 'Zwei Stück für unseren Fuhrpark.', 'Name: Erika Tanne', 'Firma: Tanne Forst GmbH', `E-Mail: ${String(body.email)}`, 'Telefon: +49 761 1']) {
      expect(shop.text).toContain(part)
    }
    const [copy] = await waitForMails(store, (m) => m.to === body.email)
    expect(copy.subject).toBe('Ihre Preisanfrage zu FS-10006 Forstseilwinde FSW 100 bei Waldwerk Forsttechnik')
    expect(copy.text).toContain('Hallo Erika Tanne,')
  })

  it('writes in the request’s language (en, fr) and defaults the quantity to 1', async () => {
    const en = request({ quantity: undefined })
    expect((await send(en, { languageId: LANGUAGE_IDS.en })).status).toBe(200)
    const [enCopy] = await waitForMails(store, (m) => m.to === en.email)
    expect(enCopy.subject).toMatch(/^Your price request for FS-10006 .* at Waldwerk Forsttechnik$/)
    expect(enCopy.text).toContain('Quantity: 1')
    expect(enCopy.text).toContain('Desired price (net): €5,400.50')
    const fr = request({ desiredPrice: '99.9' })
    expect((await send(fr, { languageId: LANGUAGE_IDS.fr })).status).toBe(200)
    const [frCopy] = await waitForMails(store, (m) => m.to === fr.email)
    expect(frCopy.subject).toMatch(/^Votre demande de prix pour FS-10006 /)
    expect(frCopy.text).toContain('Prix souhaité (HT)\u00a0: 99,90\u00a0€')
  })

  it('answers violations in Shopware’s format at each field', async () => {
    expect(violations(await send({}))).toEqual([
      ['/productId', 'VIOLATION::IS_BLANK_ERROR'],
      ['/desiredPrice', 'VIOLATION::IS_BLANK_ERROR'],
      ['/comment', 'VIOLATION::IS_BLANK_ERROR'],
      ['/email', 'VIOLATION::IS_BLANK_ERROR'],
      ['/firstName', 'VIOLATION::IS_BLANK_ERROR'],
      ['/lastName', 'VIOLATION::IS_BLANK_ERROR'],
    ])
    expect(violations(await send(request({ desiredPrice: 0, quantity: 0, email: 'nope', comment: 'x'.repeat(2001) })))).toEqual([
      ['/desiredPrice', 'VIOLATION::TOO_LOW_ERROR'],
      ['/quantity', 'VIOLATION::TOO_LOW_ERROR'],
      ['/comment', 'VIOLATION::TOO_LONG_ERROR'],
      ['/email', 'VIOLATION::INVALID_FORMAT_ERROR'],
    ])
    expect(violations(await send(request({ desiredPrice: 10.123, quantity: 1.5 })))).toEqual([
      ['/desiredPrice', 'VIOLATION::FORST_TOO_MANY_DECIMALS'],
      ['/quantity', 'VIOLATION::INVALID_TYPE_ERROR'],
    ])
    expect(violations(await send(request({ desiredPrice: 'zehn' })))).toEqual([['/desiredPrice', 'VIOLATION::INVALID_TYPE_ERROR']])
    const entry = errorsOf(await send(request({ comment: ' ' })))[0]
    expect(entry).toMatchObject({ status: '400', title: 'Constraint violation error', source: { pointer: '/comment' } })
  })

  it('refuses unknown products (404) and products that have a price (400 FORST__PRICE_REQUEST_NOT_AVAILABLE)', async () => {
    const unknown = await send(request({ productId: sid('product:FS-nope') }))
    expect(unknown.status).toBe(404)
    expect(errorsOf(unknown)[0].code).toBe('CONTENT__PRODUCT_NOT_FOUND')
    const priced = await send(request({ productId: sid('product:FS-10001') }))
    expect(priced.status).toBe(400)
    expect(errorsOf(priced)[0].code).toBe('FORST__PRICE_REQUEST_NOT_AVAILABLE')
    expect((await send(request({ productId: sid('product:FS-70043') }))).status).toBe(200)
  })

  it('takes the contact fields from a logged-in customer', async () => {
    const login = await store.call('POST', '/account/login', { body: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } })
    const token = login.headers.get('sw-context-token') ?? ''
    const response = await send({ productId: WINCH, desiredPrice: 5000, comment: 'Bitte Angebot.' }, { token })
    expect(response.status).toBe(200)
    const [copy] = await waitForMails(store, (m) => m.to === DEMO_ACCOUNTS.customer.email && m.subject.startsWith('Ihre Preisanfrage'))
    expect(copy.text).toContain('Name: Max Holzer')
    expect(copy.text).toContain('Firma: Holzer Forstservice GmbH')
  })

  it('answers bodies of the wrong shape below 500 with the error envelope', async () => {
    expect(await malformedBodyFailures(store, [['POST', '/forst/price-request']])).toEqual([])
  })

  it('throttles per email: the 4th request within 30 s is 429 FRAMEWORK__RATE_LIMIT_EXCEEDED with the seconds', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 3; i++) expect((await send(request({ email }))).status).toBe(200)
    const refused = await send(request({ email }))
    expect(refused.status).toBe(429)
    const [entry] = errorsOf(refused)
    expect(entry).toMatchObject({ status: '429', code: 'FRAMEWORK__RATE_LIMIT_EXCEEDED' })
    expect(entry.meta.parameters.seconds).toBeGreaterThan(25)
    expect(entry.meta.parameters.seconds).toBeLessThanOrEqual(30)
    await waitForMails(store, (m) => m.to === email, 3)
    await waitForMails(store, (m) => m.to === 'shop@example.com', 8)
  })
})
