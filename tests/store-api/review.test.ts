import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DB_FILE_NAME, DEMO_ACCOUNTS, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { elementsOf, expectConformant, expectStoreError, guestToken, logInToken, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'

let store: DemoStoreServer
let db: Database.Database
beforeAll(async () => {
  store = await startDemoStore()
  db = new Database(join(store.dataDir, DB_FILE_NAME))
  db.pragma('busy_timeout = 5000')
})
afterAll(async () => {
  db?.close()
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; status: string; title: string; detail: string; source?: { pointer: string }; meta: { parameters: Json } }
type ReviewRow = { id: string; product_id: string; language_id: string; customer_id: string; external_user: string; title: string; content: string; points: number; status: number }

const OPERATION = 'POST /product/{productId}/review'
const product = (number: string) => sid(`product:${number}`)
const CONTENT = 'Solide verarbeitet, läuft seit einem Jahr ohne Probleme im Forst.'
const valid = (extra: Json = {}): Json => ({ title: 'Sehr gut', content: CONTENT, points: 5, ...extra })

const logIn = (account: { email: string; password: string }) => logInToken(store, account)

const review = (token: string | undefined, productId: string, body: unknown, languageId?: string) =>
  store.call('POST', `/product/${productId}/review`, { token, body, languageId })

const reviewsOf = async (productId: string, token?: string) => elementsOf(await store.call('POST', `/product/${productId}/reviews`, { token, body: {} }))

const rowsOf = (customerId: string, productId: string) =>
  db.prepare('SELECT * FROM product_review WHERE customer_id = ? AND product_id = ?').all(customerId, productId) as ReviewRow[]

const customerIdOf = (email: string) => (db.prepare('SELECT id FROM customer WHERE email = ? AND guest = 0').get(email) as { id: string }).id

function errorsOf(response: StoreResponse): ErrorEntry[] {
  expect(response.status, JSON.stringify(response.body)).toBe(400)
  expectConformant(OPERATION, response)
  return (response.body as { errors: ErrorEntry[] }).errors
}

/** The single violation of a response: its pointer and code. */
function violation(response: StoreResponse): ErrorEntry {
  const errors = errorsOf(response)
  expect(errors).toHaveLength(1)
  expect(errors[0]).toMatchObject({ status: '400', title: 'Constraint violation error' })
  return errors[0]
}

describe('who may review (_loginRequired, no guests)', () => {
  it('refuses anonymous clients with 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN', async () => {
    expectStoreError(OPERATION, await review(undefined, product('FS-10001'), valid()), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('refuses a guest session like an anonymous one', async () => {
    const token = await guestToken(store, 'review-guest')
    expectStoreError(OPERATION, await review(token, product('FS-10001'), valid()), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })

  it('refuses before it validates: an empty body still gets the 403', async () => {
    expectStoreError(OPERATION, await review(undefined, product('FS-10001'), {}), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('a customer’s review', () => {
  let token = ''
  let resellerToken = ''
  let customerId = ''
  const AXE = product('FS-31001')

  beforeAll(async () => {
    token = await logIn(DEMO_ACCOUNTS.customer)
    resellerToken = await logIn(DEMO_ACCOUNTS.reseller)
    customerId = customerIdOf(DEMO_ACCOUNTS.customer.email)
  })

  it('answers 204 and saves it unapproved, in the request language, under the customer’s first name', async () => {
    const before = await reviewsOf(AXE)
    const response = await review(token, AXE, valid({ title: 'Spaltet zuverlässig', points: 4 }), LANGUAGE_IDS.en)
    expect(response.status, JSON.stringify(response.body)).toBe(204)
    expect(response.body).toBeUndefined()
    expectConformant(OPERATION, response)

    const rows = rowsOf(customerId, AXE)
    expect(rows).toHaveLength(1)
    const firstName = (db.prepare('SELECT first_name FROM customer WHERE id = ?').get(customerId) as { first_name: string }).first_name
    expect(rows[0]).toMatchObject({
      product_id: AXE, language_id: LANGUAGE_IDS.en, customer_id: customerId, external_user: firstName,
      title: 'Spaltet zuverlässig', content: CONTENT, points: 4, status: 0,
    })
    expect(rows[0].id).toMatch(/^[0-9a-f]{32}$/)

    // Pending: in the reviews read of its author only (ProductReviewRoute: status OR customerId), marked status false.
    for (const reader of [undefined, resellerToken]) {
      const after = await reviewsOf(AXE, reader)
      expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    }
    const own = await reviewsOf(AXE, token)
    expect(own.map((r) => r.id).sort()).toEqual([...before.map((r) => r.id), rows[0].id].sort())
    expect(own.find((r) => r.id === rows[0].id)).toMatchObject({ status: false, title: 'Spaltet zuverlässig' })
    expect(own.find((r) => r.id === rows[0].id)).not.toHaveProperty('customerId')
  })

  it('refuses a second review of the same product: ENTITY_EXISTS at /customerId', async () => {
    const error = violation(await review(token, AXE, valid()))
    expect(error).toMatchObject({
      code: 'VIOLATION::ENTITY_EXISTS', detail: 'The "product_review" entity already exists.',
      source: { pointer: '/customerId' }, meta: { parameters: { '{{ entity }}': '"product_review"' } },
    })
    expect(rowsOf(customerId, AXE)).toHaveLength(1)
  })

  it('updates the customer’s own review with its id (204), pending again', async () => {
    const [own] = rowsOf(customerId, AXE)
    db.prepare('UPDATE product_review SET status = 1 WHERE id = ?').run(own.id)
    const response = await review(token, AXE, valid({ id: own.id, title: 'Nach einem Winter: top', points: 5, name: 'Kai aus dem Schwarzwald' }), LANGUAGE_IDS.fr)
    expect(response.status, JSON.stringify(response.body)).toBe(204)
    const rows = rowsOf(customerId, AXE)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: own.id, title: 'Nach einem Winter: top', points: 5, external_user: 'Kai aus dem Schwarzwald', status: 0, language_id: LANGUAGE_IDS.fr })
    expect((await reviewsOf(AXE)).map((r) => r.id)).not.toContain(own.id)
  })

  it('refuses another customer’s review id, and an unknown one, at /id', async () => {
    const [own] = rowsOf(customerId, AXE)
    for (const id of [own.id, randomHex(), 'not-an-id']) {
      const error = violation(await review(resellerToken, AXE, valid({ id })))
      expect(error).toMatchObject({ code: 'VIOLATION::ENTITY_DOES_NOT_EXISTS', source: { pointer: '/id' }, meta: { parameters: { '{{ id }}': `"${id}"` } } })
    }
    expect(rowsOf(customerId, AXE)[0].title).toBe('Nach einem Winter: top')
    expect(rowsOf(customerIdOf(DEMO_ACCOUNTS.reseller.email), AXE)).toHaveLength(0)
  })

  it('reads falsy ids as no id (PHP truthiness): a new review, or ENTITY_EXISTS', async () => {
    for (const id of ['', '0', 0, false, null]) {
      expect(violation(await review(token, AXE, valid({ id }))).code).toBe('VIOLATION::ENTITY_EXISTS')
    }
    expect(violation(await review(token, AXE, valid({ id: { a: 1 } }))).source?.pointer).toBe('/id')
  })

  it('lets another customer review the same product', async () => {
    expect((await review(resellerToken, AXE, valid({ points: '3' }))).status).toBe(204)
    expect(rowsOf(customerIdOf(DEMO_ACCOUNTS.reseller.email), AXE)).toMatchObject([{ points: 3, status: 0 }])
  })

  describe('violations (nothing is saved)', () => {
    const WINCH = product('FS-10001')

    it.each([
      ['a short title', { title: 'Gut' }, '/title', 'VIOLATION::TOO_SHORT_ERROR'],
      ['a blank title', { title: '   ' }, '/title', 'VIOLATION::IS_BLANK_ERROR'],
      ['no title', { title: undefined }, '/title', 'VIOLATION::IS_BLANK_ERROR'],
      ['a short content', { content: 'Zu kurz.' }, '/content', 'VIOLATION::TOO_SHORT_ERROR'],
      ['no content', { content: null }, '/content', 'VIOLATION::IS_BLANK_ERROR'],
      ['0 points', { points: 0 }, '/points', 'VIOLATION::TOO_LOW_ERROR'],
      ['6 points', { points: 6 }, '/points', 'VIOLATION::TOO_HIGH_ERROR'],
      ['no points', { points: undefined }, '/points', 'VIOLATION::IS_BLANK_ERROR'],
      ['points "x"', { points: 'x' }, '/points', 'VIOLATION::INVALID_TYPE_ERROR'],
      ['points true', { points: true }, '/points', 'VIOLATION::INVALID_TYPE_ERROR'],
      ['a blank name', { name: '' }, '/name', 'VIOLATION::IS_BLANK_ERROR'],
      ['a null name', { name: null }, '/name', 'VIOLATION::IS_BLANK_ERROR'],
      ['a title over 255 characters', { title: 'x'.repeat(256) }, '/title', 'VIOLATION::TOO_LONG_ERROR'],
      ['an email that is no string', { email: ['a'] }, '/email', 'VIOLATION::INVALID_TYPE_ERROR'],
    ])('%s → %s %s', async (_name, change, pointer, code) => {
      const error = violation(await review(token, WINCH, valid(change)))
      expect(error).toMatchObject({ code, source: { pointer } })
    })

    it('says what Symfony says, with its parameters', async () => {
      expect(violation(await review(token, WINCH, valid({ title: 'Gut' })))).toMatchObject({
        detail: 'This value is too short. It should have 5 characters or more.',
        meta: { parameters: { '{{ value }}': '"Gut"', '{{ limit }}': 5, '{{ min }}': 5, '{{ value_length }}': 3 } },
      })
      expect(violation(await review(token, WINCH, valid({ content: 'Zu kurz.' })))).toMatchObject({
        detail: 'This value is too short. It should have 40 characters or more.',
        meta: { parameters: { '{{ limit }}': 40, '{{ value_length }}': 8 } },
      })
      expect(violation(await review(token, WINCH, valid({ points: 0 })))).toMatchObject({
        detail: 'This value should be greater than or equal to 1.',
        meta: { parameters: { '{{ value }}': '0', '{{ compared_value }}': 1, '{{ compared_value_type }}': 'int' } },
      })
      expect(violation(await review(token, WINCH, valid({ points: 6 })))).toMatchObject({
        detail: 'This value should be less than or equal to 5.',
        meta: { parameters: { '{{ value }}': '6', '{{ compared_value }}': 5, '{{ compared_value_type }}': 'int' } },
      })
      expect(violation(await review(token, WINCH, valid({ points: undefined })))).toMatchObject({ detail: 'This value should not be blank.' })
    })

    it('counts characters, not UTF-16 units, as mb_strlen does', async () => {
      expect(violation(await review(token, WINCH, valid({ title: '🌲🌲🌲🌲' }))).meta.parameters['{{ value_length }}']).toBe(4)
    })

    it('lists every violation of a body, in Shopware’s order', async () => {
      const errors = errorsOf(await review(token, WINCH, { name: ' ', title: 'abc', content: 'kurz', points: 9 }))
      expect(errors.map((e) => [e.source?.pointer, e.code])).toEqual([
        ['/name', 'VIOLATION::IS_BLANK_ERROR'],
        ['/title', 'VIOLATION::TOO_SHORT_ERROR'],
        ['/content', 'VIOLATION::TOO_SHORT_ERROR'],
        ['/points', 'VIOLATION::TOO_HIGH_ERROR'],
      ])
    })

    it('saved none of them', () => {
      expect(rowsOf(customerId, WINCH)).toEqual([])
    })
  })

  it('answers an unknown or malformed product id with the product routes’ 404', async () => {
    for (const id of [randomHex(), 'not-a-product']) {
      const response = await review(token, id, valid())
      expectStoreError(OPERATION, response, 404, 'CONTENT__PRODUCT_NOT_FOUND')
      expect(response.body).toMatchObject({ errors: [{ detail: `Product for id ${id} not found.`, meta: { parameters: { productId: id } } }] })
    }
  })

  it('takes variants, each on its own', async () => {
    expect((await review(token, product('FS-20001.3'), valid())).status).toBe(204)
    expect((await review(token, product('FS-20001.4'), valid())).status).toBe(204)
    expect(violation(await review(token, product('FS-20001.3'), valid())).code).toBe('VIOLATION::ENTITY_EXISTS')
  })
})
