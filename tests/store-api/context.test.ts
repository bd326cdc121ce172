import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENCY_EUR_ID, LANGUAGE_IDS, PAYMENT_METHOD_IDS, SHIPPING_METHOD_IDS } from '../../server/demo-store/constants'
import { randomHex, sid } from '../../server/demo-store/ids'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

function tokenOf(headers: Headers): string {
  const token = headers.get('sw-context-token')
  expect(token, 'sw-context-token response header').toBeTruthy()
  return token ?? ''
}

describe('GET /context', () => {
  it('mints a context for a visitor without a token and conforms to SalesChannelContext', async () => {
    const response = await store.call('GET', '/context')
    expect(response.status).toBe(200)
    expectConformant('GET /context', response)
    const token = tokenOf(response.headers)
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/)
    expect(response.body).toMatchObject({ token, apiAlias: 'sales_channel_context', customer: null })
  })

  it('keeps the token the client sends', async () => {
    const first = await store.call('GET', '/context')
    const token = tokenOf(first.headers)
    const second = await store.call('GET', '/context', { token })
    expect(second.status).toBe(200)
    expect(tokenOf(second.headers)).toBe(token)
    expect(second.body).toMatchObject({ token })
  })

  it('echoes sw-language-id and answers in that language', async () => {
    const response = await store.call('GET', '/context', { languageId: LANGUAGE_IDS.en })
    expect(response.status).toBe(200)
    expectConformant('GET /context', response)
    expect(response.headers.get('sw-language-id')).toBe(LANGUAGE_IDS.en)
    // The chain ends with the system language (German here), as in Shopware.
    expect((response.body as { context: { languageIdChain: string[] } }).context.languageIdChain[0]).toBe(LANGUAGE_IDS.en)
  })
})

describe('PATCH /context', () => {
  it('switches the language of a context: ContextTokenResponse with the token in the header only', async () => {
    const token = tokenOf((await store.call('GET', '/context')).headers)
    const response = await store.call('PATCH', '/context', { token, body: { languageId: LANGUAGE_IDS.fr } })
    expect(response.status).toBe(200)
    expectConformant('PATCH /context', response)
    expect(response.body).toEqual({ redirectUrl: null, apiAlias: 'array_struct' })
    expect(tokenOf(response.headers)).toBe(token)

    const context = await store.call('GET', '/context', { token })
    expect((context.body as { context: { languageIdChain: string[] } }).context.languageIdChain[0]).toBe(LANGUAGE_IDS.fr)
  })

  it('switches the currency', async () => {
    const token = tokenOf((await store.call('GET', '/context')).headers)
    const response = await store.call('PATCH', '/context', { token, body: { currencyId: CURRENCY_EUR_ID } })
    expect(response.status).toBe(200)
    expectConformant('PATCH /context', response)
    const context = await store.call('GET', '/context', { token })
    expect(context.body).toMatchObject({ currency: { id: CURRENCY_EUR_ID, isoCode: 'EUR' } })
  })

  it('refuses an unknown id with a violation', async () => {
    const unknown = randomHex()
    const response = await store.call('PATCH', '/context', { body: { languageId: unknown } })
    expectStoreError('PATCH /context', response, 400, 'VIOLATION::ENTITY_DOES_NOT_EXISTS')
    expect(response.body).toMatchObject({ errors: [{ source: { pointer: '/languageId' } }] })
  })

  it('refuses address ids without a logged-in customer', async () => {
    const response = await store.call('PATCH', '/context', { body: { billingAddressId: randomHex() } })
    expectStoreError('PATCH /context', response, 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('PATCH /context: shipping, payment, country', () => {
  interface ContextBody { shippingMethod: { id: string }; paymentMethod: { id: string }; shippingLocation: { country: { iso: string } } }
  const read = async (token: string) => (await store.call('GET', '/context', { token })).body as ContextBody

  it('switches shipping method, payment method and country', async () => {
    const token = tokenOf((await store.call('GET', '/context')).headers)
    const response = await store.call('PATCH', '/context', {
      token, body: { shippingMethodId: SHIPPING_METHOD_IDS.freight, paymentMethodId: PAYMENT_METHOD_IDS.prepayment, countryId: sid('country:AT') },
    })
    expect(response.status).toBe(200)
    expectConformant('PATCH /context', response)
    expect(await read(token)).toMatchObject({
      shippingMethod: { id: SHIPPING_METHOD_IDS.freight }, paymentMethod: { id: PAYMENT_METHOD_IDS.prepayment }, shippingLocation: { country: { iso: 'AT' } },
    })
  })

  it('leaves the context as it is for missing or null ids, and refuses empty ones as blank at the field', async () => {
    const token = tokenOf((await store.call('GET', '/context')).headers)
    await store.call('PATCH', '/context', { token, body: { shippingMethodId: SHIPPING_METHOD_IDS.express, paymentMethodId: PAYMENT_METHOD_IDS.demoPay } })
    expect((await store.call('PATCH', '/context', { token, body: {} })).status).toBe(200)
    expect((await store.call('PATCH', '/context', { token, body: { shippingMethodId: null, paymentMethodId: null } })).status).toBe(200)
    expect(await read(token)).toMatchObject({ shippingMethod: { id: SHIPPING_METHOD_IDS.express }, paymentMethod: { id: PAYMENT_METHOD_IDS.demoPay } })

    for (const field of ['shippingMethodId', 'paymentMethodId', 'countryId']) {
      const response = await store.call('PATCH', '/context', { token, body: { [field]: '' } })
      expectStoreError('PATCH /context', response, 400, 'VIOLATION::IS_BLANK_ERROR')
      expect(response.body).toMatchObject({ errors: [{ source: { pointer: `/${field}` } }] })
    }
    expect(await read(token)).toMatchObject({ shippingMethod: { id: SHIPPING_METHOD_IDS.express }, paymentMethod: { id: PAYMENT_METHOD_IDS.demoPay } })
  })

  it('refuses unknown shipping and payment method ids with a violation', async () => {
    for (const field of ['shippingMethodId', 'paymentMethodId']) {
      const response = await store.call('PATCH', '/context', { body: { [field]: randomHex() } })
      expectStoreError('PATCH /context', response, 400, 'VIOLATION::ENTITY_DOES_NOT_EXISTS')
      expect(response.body).toMatchObject({ errors: [{ source: { pointer: `/${field}` } }] })
    }
  })
})
