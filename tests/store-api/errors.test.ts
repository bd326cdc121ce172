import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANCHOR_CATEGORY_IDS, COUNTRY_DE_ID } from '../../server/demo-store/constants'
import { randomHex } from '../../server/demo-store/ids'
import { landingPageId } from '../../server/demo-store/seed/content'
import { expectStoreError, startDemoStore, type DemoStoreServer } from './demo-store-server'

// Every endpoint of this issue, as [schema operation, method, concrete path].
const endpoints: [string, string, string][] = [
  ['GET /context', 'GET', '/context'],
  ['PATCH /context', 'PATCH', '/context'],
  ['POST /language', 'POST', '/language'],
  ['POST /currency', 'POST', '/currency'],
  ['POST /country', 'POST', '/country'],
  ['POST /country-state/{countryId}', 'POST', `/country-state/${COUNTRY_DE_ID}`],
  ['POST /salutation', 'POST', '/salutation'],
  ['POST /navigation/{activeId}/{rootId}', 'POST', '/navigation/main-navigation/main-navigation'],
  ['POST /category/{navigationId}', 'POST', `/category/${ANCHOR_CATEGORY_IDS.products}`],
  ['POST /landing-page/{landingPageId}', 'POST', `/landing-page/${landingPageId('imprint')}`],
  ['POST /cms/{id}', 'POST', `/cms/${randomHex()}`],
  ['POST /seo-url', 'POST', '/seo-url'],
  ['GET /breadcrumb/{id}', 'GET', `/breadcrumb/${ANCHOR_CATEGORY_IDS.products}`],
]

describe('access and language errors', () => {
  let store: DemoStoreServer
  beforeAll(async () => {
    store = await startDemoStore()
  })
  afterAll(async () => {
    await store?.close()
  })

  it.each(endpoints)('%s: 401 without sw-access-key', async (operation, method, path) => {
    const response = await store.call(method, path, { accessKey: null, body: method === 'GET' ? undefined : {} })
    expectStoreError(operation, response, 401, '0')
  })

  it.each(endpoints)('%s: 412 for an unknown access key', async (operation, method, path) => {
    const response = await store.call(method, path, { accessKey: 'SWSCUNKNOWNSALESCHANNEL0000', body: method === 'GET' ? undefined : {} })
    expectStoreError(operation, response, 412, 'FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND')
  })

  it('412 for a malformed sw-language-id', async () => {
    expectStoreError('GET /context', await store.call('GET', '/context', { languageId: 'english' }), 412, 'SYSTEM__LANGUAGE_INVALID_EXCEPTION')
  })

  it('412 for a language the sales channel does not have', async () => {
    const response = await store.call('GET', '/context', { languageId: randomHex() })
    expectStoreError('GET /context', response, 412, 'SYSTEM__SALES_CHANNEL_LANGUAGE_NOT_AVAILABLE_EXCEPTION')
  })
})

describe('maintenance mode', () => {
  let store: DemoStoreServer
  beforeAll(async () => {
    store = await startDemoStore({ maintenance: true })
  })
  afterAll(async () => {
    await store?.close()
  })

  it.each(endpoints)('%s: 503 FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE', async (operation, method, path) => {
    const response = await store.call(method, path, { body: method === 'GET' ? undefined : {} })
    expectStoreError(operation, response, 503, 'FRAMEWORK__API_SALES_CHANNEL_MAINTENANCE_MODE')
    expect(response.body).toMatchObject({ errors: [{ detail: 'The sales channel is in maintenance mode.' }] })
  })
})
