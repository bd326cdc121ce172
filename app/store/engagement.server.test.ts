import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FORM_SLOT_ID, DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import { mailsTo, waitForMails } from '../../tests/store-api/mail-helpers'
import { loadRegisterOptions, logIn, registerCustomer } from './account.server'
import {
  confirmNewsletter,
  loadPriceRequest,
  loadPriceRequestProduct,
  loadReviewPage,
  sendContactForm,
  sendPriceRequest,
  sendReview,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from './engagement.server'
import { pino } from 'pino'
import type { Schemas } from '@shopware/api-client/api-types'
import { toCmsPage } from './cms.server'
import { testContext } from './test-support.server'

let demo: DemoStoreServer
beforeAll(async () => {
  demo = await startDemoStore()
})
afterAll(() => demo?.close())

// md5('forst-demo:product:<number>')
const FS_10006 = 'db5679f1dfaf19048ecd70ff57f0285c'
const FS_10001 = '7500379cfa8d405f6ddc1d15032ef246'

let counter = 0
const uniqueEmail = (kind: string) => `${kind}-${Date.now().toString(36)}-${++counter}@forst-test.example`

function setup(cookie?: string) {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true },
    // The store only mails links to its own domains.
    publicUrl: demo.origin,
  })
  const headers = new Headers()
  if (cookie) headers.set('Cookie', cookie)
  return { context, lines, request: new Request(`${demo.origin}/contact`, { method: 'POST', headers }) }
}

const contact = (email: string) => ({ subject: 'Lieferzeit Seilwinde', comment: 'Wann ist die FSW 100 lieferbar?', firstName: 'Anna', lastName: 'Förster', email })

describe('contact form', () => {
  it('sends the message: a mail to the shop and a copy to the sender', async () => {
    const { context, request } = setup()
    const email = uniqueEmail('contact')
    expect(await sendContactForm(context, request, 'de', { ...contact(email), orderNumber: '10042' })).toEqual({ type: 'sent', message: '' })
    const mails = await waitForMails(demo, (m) => m.to === email || m.subject.includes('Lieferzeit Seilwinde'), 2)
    expect(mails.some((m) => m.to === email)).toBe(true)
  })

  it("answers a CMS form with the element's confirmation text", async () => {
    const { context, request } = setup()
    const email = uniqueEmail('cms')
    const result = await sendContactForm(context, request, 'en', { ...contact(email), slotId: CONTACT_FORM_SLOT_ID })
    expect(result).toEqual({ type: 'sent', message: 'Thank you for your message. We will get back to you within one working day.' })
    // The element's receiver gets the message, the sender the copy.
    await waitForMails(demo, (m) => m.to === 'kontakt@forsttechnik-demo.example' && m.text.includes(email))
    await waitForMails(demo, (m) => m.to === email)
  })

  it("maps the store's violations to the form's fields", async () => {
    const { context, request } = setup()
    const result = await sendContactForm(context, request, 'de', { ...contact(uniqueEmail('bad')), firstName: 'https://spam.example' })
    expect(result).toEqual({ type: 'invalid', fieldErrors: { firstName: ['auth:validation.invalid'] } })
  })

  it('tells the wait when the same address writes too often', async () => {
    const { context, request } = setup()
    const email = uniqueEmail('often')
    const results = []
    for (let i = 0; i < 4; i++) results.push(await sendContactForm(context, request, 'de', contact(email)))
    const last = results.at(-1)!
    expect(last.type).toBe('throttled')
    expect(last.type === 'throttled' && last.seconds).toBeGreaterThan(0)
    await waitForMails(demo, (m) => m.to === email, 3)
  })
})

describe('price request', () => {
  it('loads a price-on-request product with its page, and nothing for other or unknown products', async () => {
    const { context, request } = setup()
    const [winch, priced, unknown, notAnId] = await Promise.all([
      loadPriceRequest(context, request, 'de', FS_10006),
      loadPriceRequestProduct(context, request, 'de', FS_10001),
      loadPriceRequestProduct(context, request, 'de', 'f'.repeat(32)),
      loadPriceRequestProduct(context, request, 'de', '../../x'),
    ])
    expect(winch.product).toMatchObject({ id: FS_10006, productNumber: 'FS-10006', name: 'Forstseilwinde FSW 100' })
    expect(winch.product?.href).toMatch(/^\/[a-z0-9-]+/)
    expect(winch.prefill).toBeUndefined()
    expect([priced, unknown, notAnId]).toEqual([undefined, undefined, undefined])
  })

  it('fills in the contact details of a logged-in customer', async () => {
    const { context, request } = setup()
    const login = await logIn(context, request, 'de', { email: 'kunde@example.com', password: 'Forst2024!' })
    expect(login.type).toBe('ok')
    const cookie = (login.type === 'ok' ? login.headers[0]! : '').split(';')[0]!
    const loggedIn = setup(cookie)
    const { prefill } = await loadPriceRequest(loggedIn.context, loggedIn.request, 'de', FS_10006)
    expect(prefill).toMatchObject({ email: 'kunde@example.com' })
    expect(prefill?.firstName).toBeTruthy()
  })

  it('sends the request (shop mail and requester copy), refuses products with a price', async () => {
    const { context, request } = setup()
    const email = uniqueEmail('price')
    const values = { productId: FS_10006, desiredPrice: 1234.5, quantity: 2, comment: 'Angebot bitte', firstName: 'Anna', lastName: 'Förster', email }
    expect(await sendPriceRequest(context, request, 'de', values)).toEqual({ type: 'sent' })
    const mails = await waitForMails(demo, (m) => m.subject.includes('FS-10006') && (m.to === email || m.text.includes(email)), 1)
    expect(mails.length).toBeGreaterThan(0)
    await waitForMails(demo, (m) => m.to === email)
    expect(await sendPriceRequest(context, request, 'de', { ...values, productId: FS_10001 })).toEqual({ type: 'not-available' })
  })

  it('puts store violations at the fields', async () => {
    const { context, request } = setup()
    const values = { productId: FS_10006, desiredPrice: 10.5, quantity: 1, comment: 'x', firstName: 'http://spam', lastName: 'L', email: uniqueEmail('v') }
    expect(await sendPriceRequest(context, request, 'en', values)).toEqual({ type: 'invalid', fieldErrors: { firstName: ['auth:validation.invalid'] } })
  })
})

describe('product review', () => {
  it('sends a review, brings it back while pending to be changed, and refuses a second one', async () => {
    const { context, request } = setup()
    const login = await logIn(context, request, 'de', { email: 'haendler@example.com', password: 'Forst2024!' })
    expect(login.type).toBe('ok')
    const loggedIn = setup((login.type === 'ok' ? login.headers[0]! : '').split(';')[0]!)
    const review = { points: 4, title: 'Solide Winde', content: 'Zieht auch am Hang zuverlässig, die Bremse greift sauber und sicher.' }
    expect((await loadReviewPage(loggedIn.context, loggedIn.request, 'de', FS_10001)).pending).toBeUndefined()
    expect(await sendReview(loggedIn.context, loggedIn.request, 'de', FS_10001, review)).toEqual({ type: 'sent' })

    const { product, pending } = await loadReviewPage(loggedIn.context, loggedIn.request, 'de', FS_10001)
    expect(product?.productNumber).toBe('FS-10001')
    expect(pending).toMatchObject({ points: 4, title: 'Solide Winde', content: review.content })
    expect(await sendReview(loggedIn.context, loggedIn.request, 'de', FS_10001, review)).toEqual({ type: 'invalid', fieldErrors: { '': ['contact:review.exists'] } })
    expect(await sendReview(loggedIn.context, loggedIn.request, 'de', FS_10001, { ...review, id: pending!.id, title: 'Solide Winde, gute Bremse' })).toEqual({ type: 'sent' })
    expect((await loadReviewPage(loggedIn.context, loggedIn.request, 'de', FS_10001)).pending).toMatchObject({ id: pending!.id, title: 'Solide Winde, gute Bremse' })
  })

  it('sends anyone not logged in to the login, which brings them back', async () => {
    const { context, request } = setup()
    const thrown = await loadReviewPage(context, request, 'de', FS_10001).catch((err: unknown) => err)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(303)
    expect((thrown as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fcontact')
  })
})

describe('newsletter', () => {
  it('subscribes with double opt-in, confirms by the link, unsubscribes', async () => {
    const { context, request } = setup()
    const email = uniqueEmail('news')
    expect(await subscribeNewsletter(context, request, 'fr', { email })).toEqual({ type: 'sent', direct: false })
    const [mail] = await waitForMails(demo, (m) => m.to === email && m.links.some((l) => l.includes('/newsletter-subscribe?')))
    const link = new URL(mail!.links.find((l) => l.includes('/newsletter-subscribe?'))!)
    expect(link.pathname).toBe('/fr/newsletter-subscribe')
    const em = link.searchParams.get('em')!
    const hash = link.searchParams.get('hash')!
    expect(await confirmNewsletter(context, request, 'fr', { em, hash: 'x'.repeat(32) })).toEqual({ type: 'invalid' })
    expect(await confirmNewsletter(context, request, 'fr', { em, hash })).toEqual({ type: 'ok' })
    // A used link is no longer valid.
    expect(await confirmNewsletter(context, request, 'fr', { em, hash })).toEqual({ type: 'invalid' })
    expect(await unsubscribeNewsletter(context, request, 'fr', email)).toEqual({ type: 'sent' })
    // An address that was never subscribed hears the same.
    expect(await unsubscribeNewsletter(context, request, 'fr', uniqueEmail('never'))).toEqual({ type: 'sent' })
  })

  it('says how long to wait when the same address subscribes too often', async () => {
    const { context, request } = setup()
    const email = uniqueEmail('again')
    const results = []
    for (let i = 0; i < 4; i++) results.push(await subscribeNewsletter(context, request, 'de', { email }))
    const last = results.at(-1)!
    expect(last.type).toBe('throttled')
    expect(last.type === 'throttled' && last.seconds).toBeGreaterThan(0)
    // The store mails after answering: the accepted three are in the outbox before the store shuts down.
    await waitForMails(demo, (m) => m.to === email, 3)
  })
})

describe('registration with the newsletter box ticked', () => {
  async function register(newsletter: boolean) {
    const { context, request, lines } = setup()
    const options = await loadRegisterOptions(context, request, 'en')
    const email = uniqueEmail(newsletter ? 'reg-news' : 'reg-plain')
    const result = await registerCustomer(context, request, 'en', {
      salutationId: options.salutations[0]!.value,
      firstName: 'Jana',
      lastName: 'Förster',
      email,
      password: 'Waldweg-2024!',
      company: 'Förster Holz GmbH',
      companyType: 'gmbh',
      vatId: 'DE123456789',
      reseller: false,
      newsletter,
      billingAddress: { street: 'Waldweg 7', zipcode: '79098', city: 'Freiburg', countryId: options.countries[0]!.value },
    })
    return { result, email, lines }
  }

  it('asks for the double opt-in; without the box no newsletter mail', async () => {
    const ticked = await register(true)
    expect(ticked.result.type).toBe('ok')
    const [optIn] = await waitForMails(demo, (m) => m.to === ticked.email && m.links.some((l) => l.includes('/newsletter-subscribe?')))
    expect(optIn!.links.some((l) => l.startsWith(`${demo.origin}/en/newsletter-subscribe?`))).toBe(true)
    // Nobody ticked the box here: the registration mail arrives, no newsletter mail.
    const plain = await register(false)
    expect(plain.result.type).toBe('ok')
    await waitForMails(demo, (m) => m.to === plain.email)
    expect((await mailsTo(demo, plain.email)).some((m) => m.links.some((l) => l.includes('/newsletter-subscribe?')))).toBe(false)
  })

  it('keeps the registration when the subscription fails, and logs it without the address', async () => {
    const { context, request } = setup()
    // The store refuses a fourth subscription of one address in a short time; registering that address then still works.
    const email = uniqueEmail('reg-throttled')
    for (let i = 0; i < 3; i++) await subscribeNewsletter(context, request, 'en', { email })
    const options = await loadRegisterOptions(context, request, 'en')
    const fresh = setup()
    const result = await registerCustomer(fresh.context, fresh.request, 'en', {
      salutationId: options.salutations[0]!.value,
      firstName: 'Jana',
      lastName: 'Förster',
      email,
      password: 'Waldweg-2024!',
      company: 'Förster Holz GmbH',
      companyType: 'gmbh',
      vatId: 'DE123456789',
      reseller: false,
      newsletter: true,
      billingAddress: { street: 'Waldweg 7', zipcode: '79098', city: 'Freiburg', countryId: options.countries[0]!.value },
    })
    expect(result.type).toBe('ok')
    const warning = fresh.lines.find((l) => l.msg === 'newsletter subscription after registration failed')
    expect(warning).toMatchObject({ errorCodes: ['CONTENT__NEWSLETTER_RECIPIENT_THROTTLED'] })
    expect(JSON.stringify(fresh.lines)).not.toContain(email)
    await waitForMails(demo, (m) => m.to === email, 4)
  })
})

describe('the CMS form element', () => {
  const slot = (id: string, type: string, title?: string) => ({
    id,
    type: 'form',
    slot: 'content',
    config: { type: { source: 'static', value: type }, ...(title ? { title: { source: 'static', value: title } } : {}) },
  })

  it('becomes the contact form with its slot id; other form types are not rendered', () => {
    const page = {
      id: 'p',
      sections: [
        { id: 's', type: 'default', position: 0, blocks: [{ id: 'b', type: 'form', position: 0, slots: [slot('a'.repeat(32), 'contact', 'Write to us'), slot('b'.repeat(32), 'newsletter')] }] },
      ],
    } as unknown as Schemas['CmsPage']
    const result = toCmsPage(page, { locale: 'en', logger: pino({ level: 'silent' }), publicUrl: 'https://shop.example' })
    expect(result.sections[0]!.blocks[0]!.elements).toEqual([{ id: 'a'.repeat(32), type: 'contact-form', slotId: 'a'.repeat(32), title: 'Write to us' }])
  })
})

