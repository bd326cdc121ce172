import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { expectConformant, expectStoreError, guestToken, logInToken, startDemoStore, type DemoStoreServer, type StoreResponse } from './demo-store-server'
import { mailsTo, malformedBodyFailures, waitForMails } from './mail-helpers'

let store: DemoStoreServer
beforeAll(async () => {
  store = await startDemoStore()
})
afterAll(async () => {
  await store?.close()
})

type Json = Record<string, unknown>
type ErrorEntry = { code: string; status: string; source?: { pointer: string }; meta: { parameters: Record<string, unknown> } }

let counter = 0
const uniqueEmail = () => `news-${Date.now().toString(36)}-${++counter}@forst-test.example`
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')

const subscribe = (body: Json, options: { languageId?: string; token?: string } = {}) => store.call('POST', '/newsletter/subscribe', { body, ...options })
const confirm = (body: Json) => store.call('POST', '/newsletter/confirm', { body })
const unsubscribe = (body: Json) => store.call('POST', '/newsletter/unsubscribe', { body })

function errorsOf(response: StoreResponse): ErrorEntry[] {
  return (response.body as { errors: ErrorEntry[] }).errors
}

async function optInLink(email: string): Promise<URL> {
  const [mail] = await waitForMails(store, (m) => m.to === email && m.links.some((l) => l.includes('/newsletter-subscribe?')))
  return new URL(mail.links.find((l) => l.includes('/newsletter-subscribe?')) as string)
}

describe('POST /newsletter/subscribe', () => {
  it('records the address as notSet and mails the double opt-in link and an unsubscribe link', async () => {
    const email = uniqueEmail()
    const response = await subscribe({ email, option: 'subscribe', storefrontUrl: `${store.origin}/en`, firstName: 'Erika', lastName: 'Tanne' }, { languageId: LANGUAGE_IDS.en })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ success: true, status: 'notSet' })
    expectConformant('POST /newsletter/subscribe', response)
    const [mail] = await waitForMails(store, (m) => m.to === email)
    expect(mail.subject).toBe('Please confirm your newsletter subscription at Waldwerk Forsttechnik')
    expect(mail.text).toContain('Hello Erika Tanne,')
    const link = await optInLink(email)
    expect(`${link.origin}${link.pathname}`).toBe(`${store.origin}/en/newsletter-subscribe`)
    expect(link.searchParams.get('em')).toBe(sha1(email))
    expect(link.searchParams.get('hash')).toMatch(/^[0-9a-f]{32}$/)
    expect(mail.links).toContain(`${store.origin}/en/newsletter/unsubscribe?email=${encodeURIComponent(email)}`)
  })

  it('validates email, option and storefrontUrl (a sales channel domain) in Shopware’s format', async () => {
    const response = await subscribe({ email: 'nope', option: 'weekly', storefrontUrl: 'https://evil.example' })
    expect(response.status).toBe(400)
    expectConformant('POST /newsletter/subscribe', response)
    expect(errorsOf(response).map((e) => [e.source?.pointer, e.code])).toEqual([
      ['/email', 'VIOLATION::INVALID_FORMAT_ERROR'],
      ['/option', 'VIOLATION::NO_SUCH_CHOICE_ERROR'],
      ['/storefrontUrl', 'VIOLATION::NO_SUCH_CHOICE_ERROR'],
    ])
    const blank = await subscribe({})
    expect(errorsOf(blank).map((e) => [e.source?.pointer, e.code])).toEqual([
      ['/email', 'VIOLATION::IS_BLANK_ERROR'],
      ['/option', 'VIOLATION::IS_BLANK_ERROR'],
      ['/storefrontUrl', 'VIOLATION::IS_BLANK_ERROR'],
    ])
  })

  it('throttles per Shopware’s newsletter_form policy: the 4th subscription within 30 s is 429 CONTENT__NEWSLETTER_RECIPIENT_THROTTLED', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 3; i++) expect((await subscribe({ email, option: 'subscribe', storefrontUrl: store.origin })).status).toBe(200)
    const refused = await subscribe({ email, option: 'subscribe', storefrontUrl: store.origin })
    expectStoreError('POST /newsletter/subscribe', refused, 429, 'CONTENT__NEWSLETTER_RECIPIENT_THROTTLED')
    const seconds = errorsOf(refused)[0].meta.parameters.seconds as number
    expect(seconds).toBeGreaterThan(25)
    expect(seconds).toBeLessThanOrEqual(30)
    // Each accepted subscription sent a fresh link; only the newest one confirms.
    await waitForMails(store, (m) => m.to === email, 3)
    const links = (await mailsTo(store, email)).map((m) => new URL(m.links.find((l) => l.includes('/newsletter-subscribe?')) as string))
    const hashes = new Set(links.map((l) => l.searchParams.get('hash')))
    expect(hashes.size).toBe(3)
  })

  it('subscribes a logged-in customer directly (core.newsletter.doubleOptInRegistered is off)', async () => {
    const login = await store.call('POST', '/account/login', { body: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } })
    const token = login.headers.get('sw-context-token') ?? ''
    const response = await subscribe({ email: DEMO_ACCOUNTS.customer.email, option: 'subscribe', storefrontUrl: store.origin }, { token })
    expect(response.body).toMatchObject({ success: true, status: 'direct' })
  })
})

describe('GET|POST /account/newsletter-recipient (AccountNewsletterRecipientRoute)', () => {
  const RECIPIENT = 'POST /account/newsletter-recipient'
  const recipient = (token?: string, method: 'GET' | 'POST' = 'POST') => store.call(method, '/account/newsletter-recipient', { token, ...(method === 'POST' ? { body: {} } : {}) })

  it('answers the logged-in customer’s status: undefined, then direct, then optOut', async () => {
    const { email } = DEMO_ACCOUNTS.reseller
    const token = await logInToken(store, DEMO_ACCOUNTS.reseller)
    const before = await recipient(token)
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ status: 'undefined', apiAlias: 'account_newsletter_recipient' })
    expectConformant(RECIPIENT, before)

    // Subscribed under another spelling of the address: Shopware's email filter does not mind the case.
    expect((await subscribe({ email: email.toUpperCase(), option: 'direct', storefrontUrl: store.origin }, { token })).status).toBe(200)
    expect((await recipient(token)).body).toMatchObject({ status: 'direct' })
    expect((await recipient(token, 'GET')).body).toMatchObject({ status: 'direct' })
    expect((await unsubscribe({ email })).status).toBe(200)
    expect((await recipient(token)).body).toMatchObject({ status: 'optOut' })
  })

  it('is for logged-in customers only: 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN for visitors and guests', async () => {
    expectStoreError(RECIPIENT, await recipient(), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
    expectStoreError(RECIPIENT, await recipient(await guestToken(store, 'news-guest')), 403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN')
  })
})

describe('bad input', () => {
  it('answers bodies of the wrong shape below 500 with the error envelope', async () => {
    expect(await malformedBodyFailures(store, [['POST', '/newsletter/subscribe'], ['POST', '/newsletter/confirm'], ['POST', '/newsletter/unsubscribe']])).toEqual([])
  })
})

describe('POST /newsletter/confirm', () => {
  it('confirms with the mailed em and hash, then sends the welcome mail with the unsubscribe link', async () => {
    const email = uniqueEmail()
    await subscribe({ email, option: 'subscribe', storefrontUrl: `${store.origin}/fr` }, { languageId: LANGUAGE_IDS.fr })
    const link = await optInLink(email)
    const response = await confirm({ em: link.searchParams.get('em'), hash: link.searchParams.get('hash') })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ success: true })
    expectConformant('POST /newsletter/confirm', response)
    const [welcome] = await waitForMails(store, (m) => m.to === email && m.subject.startsWith('Bienvenue'))
    expect(welcome.links).toContain(`${store.origin}/fr/newsletter/unsubscribe?email=${encodeURIComponent(email)}`)
    // Confirmed already: status is no longer notSet (EqualTo violation), and a new subscribe changes nothing.
    const again = await confirm({ em: link.searchParams.get('em'), hash: link.searchParams.get('hash') })
    expect(again.status).toBe(400)
    expect(errorsOf(again).map((e) => [e.source?.pointer, e.code])).toEqual([['/status', 'VIOLATION::NOT_EQUAL_ERROR']])
    const resubscribe = await subscribe({ email, option: 'subscribe', storefrontUrl: store.origin })
    expect(resubscribe.body).toMatchObject({ success: true, status: 'optIn' })
  })

  it('refuses an unknown hash (400 CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND) and a wrong em (NOT_EQUAL_ERROR at /em)', async () => {
    expectStoreError('POST /newsletter/confirm', await confirm({ em: 'x', hash: '0'.repeat(32) }), 400, 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND')
    expectStoreError('POST /newsletter/confirm', await confirm({}), 400, 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND')
    const email = uniqueEmail()
    await subscribe({ email, option: 'subscribe', storefrontUrl: store.origin })
    const link = await optInLink(email)
    const wrong = await confirm({ em: sha1('someone-else@example.com'), hash: link.searchParams.get('hash') })
    expect(wrong.status).toBe(400)
    expect(errorsOf(wrong).map((e) => [e.source?.pointer, e.code])).toEqual([['/em', 'VIOLATION::NOT_EQUAL_ERROR']])
  })
})

describe('POST /newsletter/unsubscribe', () => {
  it('opts the address out; subscribing again starts a new double opt-in', async () => {
    const email = uniqueEmail()
    await subscribe({ email, option: 'subscribe', storefrontUrl: store.origin })
    const link = await optInLink(email)
    await confirm({ em: link.searchParams.get('em'), hash: link.searchParams.get('hash') })
    const response = await unsubscribe({ email: email.toUpperCase() })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ success: true })
    expectConformant('POST /newsletter/unsubscribe', response)
    const again = await subscribe({ email, option: 'subscribe', storefrontUrl: store.origin })
    expect(again.body).toMatchObject({ success: true, status: 'notSet' })
    await waitForMails(store, (m) => m.to === email && m.links.some((l) => l.includes('/newsletter-subscribe?')), 2)
    await waitForMails(store, (m) => m.to === email && m.subject.startsWith('Willkommen'))
  })

  it('answers a missing email with CONTENT__MISSING_EMAIL_PARAMETER and an unknown one with CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND', async () => {
    expectStoreError('POST /newsletter/unsubscribe', await unsubscribe({}), 400, 'CONTENT__MISSING_EMAIL_PARAMETER')
    expectStoreError('POST /newsletter/unsubscribe', await unsubscribe({ email: 'unknown@forst-test.example' }), 400, 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND')
  })
})
