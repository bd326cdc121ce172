import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LANGUAGE_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { expectConformant, expectStoreError, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'
import { malformedBodyFailures, waitForMails } from './mail-helpers'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; status: string; source?: { pointer: string } }

let counter = 0
const uniqueEmail = () => `contact-${Date.now().toString(36)}-${++counter}@forst-test.example`

function message(overrides: Json = {}): Json {
  return {
    salutationId: sid('salutation:mrs'), firstName: 'Erika', lastName: 'Tanne', email: uniqueEmail(), phone: '+49 761 1234',
    subject: 'Frage zur Seilwinde', comment: 'Passt die FSW 55 an einen Fendt 310?\nDanke!', ...overrides,
  }
}

const send = (body: unknown, languageId?: string) => store.call('POST', '/contact-form', { body, languageId })

function pointers(response: StoreResponse): Array<[string | undefined, string]> {
  return (response.body as { errors: ErrorEntry[] }).errors.map((e) => [e.source?.pointer, e.code])
}

describe('POST /contact-form', () => {
  it('answers the individual success message and mails the shop and a copy to the sender', async () => {
    const body = message({ orderNumber: '10042' })
    const response = await send(body)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ individualSuccessMessage: '', apiAlias: 'contact_form_result' })
    expectConformant('POST /contact-form', response)
    const [shop] = await waitForMails(store, (m) => m.to === 'shop@example.com' && m.subject === 'Kontaktanfrage: Frage zur Seilwinde')
    expect(shop.text).toContain(String(body.email))
    expect(shop.text).toContain('Bestellnummer: 10042')
    expect(shop.text).toContain('Passt die FSW 55 an einen Fendt 310?')
    expect(shop.text).toContain('Telefon: +49 761 1234')
    const [copy] = await waitForMails(store, (m) => m.to === body.email)
    expect(copy.subject).toBe('Ihre Anfrage bei Waldwerk Forsttechnik: Frage zur Seilwinde')
    expect(copy.text).toContain('Hallo Erika Tanne,')
    expect(copy.text).toContain('Bestellnummer: 10042')
  })

  it('writes the mails in the request’s language', async () => {
    const body = message({ subject: 'Question', comment: 'Bonjour' })
    expect((await send(body, LANGUAGE_IDS.fr)).status).toBe(200)
    const [copy] = await waitForMails(store, (m) => m.to === body.email)
    expect(copy.subject).toBe('Votre demande à Waldwerk Forsttechnik\u00a0: Question')
  })

  it('answers violations in Shopware’s format at the fields (salutation, email, subject, comment, names)', async () => {
    const response = await send({ email: 'kein-mail', subject: ' ', firstName: 'https://spam.example' })
    expect(response.status).toBe(400)
    expectConformant('POST /contact-form', response)
    expect(pointers(response)).toEqual([
      ['/salutationId', 'VIOLATION::IS_BLANK_ERROR'],
      ['/email', 'VIOLATION::INVALID_FORMAT_ERROR'],
      ['/subject', 'VIOLATION::IS_BLANK_ERROR'],
      ['/comment', 'VIOLATION::IS_BLANK_ERROR'],
      ['/firstName', 'VIOLATION::REGEX_FAILED_ERROR'],
    ])
    const unknownSalutation = await send(message({ salutationId: sid('salutation:nope') }))
    expect(pointers(unknownSalutation)).toEqual([['/salutationId', 'VIOLATION::ENTITY_DOES_NOT_EXISTS']])
  })

  it('uses the receivers and confirmation text of the CMS form slot it was sent from', async () => {
    const slotId = sid('cms-slot:contact:form')
    const body = message({ slotId, subject: 'Vom Formular' })
    const response = await send(body)
    expect(response.status).toBe(200)
    expect((response.body as { individualSuccessMessage: string }).individualSuccessMessage).toMatch(/Vielen Dank/)
    const [shop] = await waitForMails(store, (m) => m.subject === 'Kontaktanfrage: Vom Formular')
    expect(shop.to).toBe('kontakt@forsttechnik-demo.example')
  })

  it('answers bodies of the wrong shape below 500 with the error envelope', async () => {
    expect(await malformedBodyFailures(store, [['POST', '/contact-form']])).toEqual([])
  })

  it('throttles as Shopware’s contact_form policy: the 4th message within 30 s is 429 with the seconds to wait', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 3; i++) expect((await send(message({ email }))).status).toBe(200)
    const refused = await send(message({ email }))
    expectStoreError('POST /contact-form', refused, 429, 'FRAMEWORK__RATE_LIMIT_EXCEEDED')
    const seconds = (refused.body as { errors: Array<{ meta: { parameters: { seconds: number } } }> }).errors[0].meta.parameters.seconds
    expect(seconds).toBeGreaterThan(25)
    expect(seconds).toBeLessThanOrEqual(30)
    // Violations are checked before the limiter and do not count; another sender is not affected.
    expect((await send(message({ email, comment: '' }))).status).toBe(400)
    const other = message()
    expect((await send(other)).status).toBe(200)
    // Three copies to the throttled sender, one to the other (and the store's data dir is removed only after them).
    await waitForMails(store, (m) => m.to === email, 3)
    await waitForMails(store, (m) => m.to === other.email)
    await waitForMails(store, (m) => m.to === 'shop@example.com', 6)
  })
})
