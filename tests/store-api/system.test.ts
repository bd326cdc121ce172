import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_DE_ID, CURRENCY_EUR_ID, LANGUAGE_IDS, TRANSLATION_CODES } from '../../server/demo-store/constants'
import { elementsOf, expectConformant, startDemoStore, type DemoStoreServer } from './demo-store-server'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

describe('POST /language', () => {
  it('lists the three shop languages as an entity search result', async () => {
    const response = await store.call('POST', '/language', { body: { associations: { translationCode: {} } } })
    expect(response.status).toBe(200)
    expectConformant('POST /language', response)
    expect(response.body).toMatchObject({ entity: 'language', total: 3, apiAlias: 'dal_entity_search_result' })
    const languages = elementsOf(response)
    expect(languages.map((language) => language.id).sort()).toEqual(Object.values(LANGUAGE_IDS).sort())
    expect(languages.map((language) => (language.translationCode as { code?: string } | undefined)?.code).sort()).toEqual(
      Object.values(TRANSLATION_CODES).sort(),
    )
    for (const language of languages) expect(language.apiAlias).toBe('language')
  })

  it('honours limit and page', async () => {
    const response = await store.call('POST', '/language', { body: { limit: 1, page: 2 } })
    expect(response.status).toBe(200)
    expectConformant('POST /language', response)
    expect(response.body).toMatchObject({ limit: 1, page: 2 })
    expect(elementsOf(response)).toHaveLength(1)
  })

  it('answers invalid criteria with a 400 envelope', async () => {
    const response = await store.call('POST', '/language', { body: { limit: 'many' } })
    expect(response.status).toBe(400)
    expectConformant('POST /language', response)
  })
})

describe('POST /currency', () => {
  it('returns a bare array of currencies with EUR', async () => {
    const response = await store.call('POST', '/currency')
    expect(response.status).toBe(200)
    expectConformant('POST /currency', response)
    expect(Array.isArray(response.body)).toBe(true)
    expect(elementsOf(response)).toContainEqual(expect.objectContaining({ id: CURRENCY_EUR_ID, isoCode: 'EUR', apiAlias: 'currency' }))
  })
})

describe('POST /country', () => {
  it('lists countries with Germany and its states on request', async () => {
    const response = await store.call('POST', '/country', { body: { associations: { states: {} } } })
    expect(response.status).toBe(200)
    expectConformant('POST /country', response)
    const germany = elementsOf(response).find((country) => country.id === COUNTRY_DE_ID)
    expect(germany).toMatchObject({ iso: 'DE', apiAlias: 'country' })
    expect(Array.isArray(germany?.states)).toBe(true)
  })

  it('translates names with sw-language-id', async () => {
    const german = await store.call('POST', '/country', { languageId: LANGUAGE_IDS.de })
    const english = await store.call('POST', '/country', { languageId: LANGUAGE_IDS.en })
    expectConformant('POST /country', english)
    const nameIn = (response: typeof german) => elementsOf(response).find((country) => country.id === COUNTRY_DE_ID)?.translated
    expect(nameIn(german)).toMatchObject({ name: 'Deutschland' })
    expect(nameIn(english)).toMatchObject({ name: 'Germany' })
  })
})

describe('POST /country-state/{countryId}', () => {
  it("lists a country's states", async () => {
    const response = await store.call('POST', `/country-state/${COUNTRY_DE_ID}`)
    expect(response.status).toBe(200)
    expectConformant('POST /country-state/{countryId}', response)
    const states = elementsOf(response)
    expect(states.length).toBeGreaterThan(0)
    for (const state of states) expect(state).toMatchObject({ countryId: COUNTRY_DE_ID, apiAlias: 'country_state' })
  })
})

describe('POST /salutation', () => {
  it('lists salutations with their keys', async () => {
    const response = await store.call('POST', '/salutation')
    expect(response.status).toBe(200)
    expectConformant('POST /salutation', response)
    const keys = elementsOf(response).map((salutation) => salutation.salutationKey)
    expect(keys).toEqual(expect.arrayContaining(['mr', 'mrs']))
  })
})
