import { ApiClientError } from '@shopware/api-client'
import type { FetchResponse } from 'ofetch'
import { afterEach, describe, expect, it } from 'vitest'
import { readFlash } from '~/session/flash.server'
import {
  keepKnownFields,
  logIn,
  loginHref,
  registerFieldMap,
  requestPasswordRecovery,
  requireCustomer,
  sessionExpired,
  storefrontUrl,
} from './account.server'
import { sessionState } from './session-context.server'
import { clearLanguageCache } from './client.server'
import { storeViolationsToFields, violationMessageKey } from './errors.server'
import { errorEnvelope, json, languages, startFakeStore, testContext, type Handler } from './test-support.server'

function apiError(status: number, errors: unknown[]): ApiClientError<{ errors: [] }> {
  const body = { errors }
  const response = new Response(JSON.stringify(body), { status }) as FetchResponse<{ errors: [] }>
  response._data = body as { errors: [] }
  return new ApiClientError(response)
}

const violation = (code: string, pointer?: string) => ({
  code,
  status: '400',
  title: 'Constraint violation error',
  detail: 'x',
  ...(pointer ? { source: { pointer } } : {}),
})

describe('sessionState (spec section 4)', () => {
  it('tells anonymous, guest, not yet active and logged-in sessions apart', () => {
    expect(sessionState(null)).toBe('anonymous')
    expect(sessionState({ id: null })).toBe('anonymous')
    expect(sessionState({ id: 'c1', guest: true, active: true })).toBe('guest')
    expect(sessionState({ id: 'c1', guest: false, active: false })).toBe('customer')
    expect(sessionState({ id: 'c1', guest: false, active: true })).toBe('logged-in')
  })
})

describe('storeViolationsToFields', () => {
  it('maps the spec section 5 violations to translated messages at the form fields', () => {
    const err = apiError(400, [
      violation('VIOLATION::CUSTOMER_EMAIL_NOT_UNIQUE', '/email'),
      violation('VIOLATION::VAT_ID_FORMAT_NOT_CORRECT', '/vatIds/0'),
      violation('VIOLATION::ZIP_CODE_INVALID', '/billingAddress/zipcode'),
      violation('VIOLATION::STREET_IS_BLANK_ERROR', '/shippingAddress/street'),
      violation('VIOLATION::TOO_SHORT_ERROR', '/password'),
      violation('VIOLATION::IS_BLANK_ERROR', '/firstName'),
      violation('VIOLATION::IS_BLANK_ERROR', '/firstName'),
      violation('VIOLATION::NO_SUCH_CHOICE_ERROR', '/customFields/forst_company_type'),
      violation('VIOLATION::NO_SUCH_CHOICE_ERROR', '/storefrontUrl'),
    ])
    expect(storeViolationsToFields(err, registerFieldMap)).toEqual({
      email: ['auth:validation.emailNotUnique'],
      vatId: ['auth:validation.vatIdFormat'],
      'billingAddress.zipcode': ['auth:validation.zipCodeInvalid'],
      'shippingAddress.street': ['auth:validation.notBlank'],
      password: ['auth:validation.tooShort'],
      firstName: ['auth:validation.notBlank'],
      companyType: ['auth:validation.invalid'],
      '': ['auth:validation.generic'],
    })
  })

  it('knows the codes with and without the VIOLATION:: prefix', () => {
    expect(violationMessageKey('CUSTOMER_PASSWORD_NOT_CORRECT')).toBe('auth:validation.passwordNotCorrect')
    expect(violationMessageKey('VIOLATION::CUSTOMER_PASSWORD_NOT_CORRECT')).toBe('auth:validation.passwordNotCorrect')
    expect(violationMessageKey('VIOLATION::TOO_LOW_ERROR')).toBe('auth:validation.notBlank')
    expect(violationMessageKey('VIOLATION::INVALID_EMAIL_FORMAT_ERROR')).toBe('auth:validation.email')
    expect(violationMessageKey('VIOLATION::SOMETHING_NEW')).toBe('auth:validation.invalid')
  })

  it('gives nothing for errors that are not violations', () => {
    expect(storeViolationsToFields(apiError(401, [{ code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', status: '401' }]))).toEqual({})
    expect(storeViolationsToFields(new Error('x'))).toEqual({})
  })

  it('moves errors of fields the form does not show to the whole form', () => {
    expect(keepKnownFields({ email: ['a'], title: ['b'], '': ['c'] }, ['email'])).toEqual({
      email: ['a'],
      '': ['auth:validation.generic', 'c'],
    })
  })
})

describe('links', () => {
  it('builds the localized login link with a safe redirect target', () => {
    expect(loginHref('en', '/en/account/order?p=2')).toBe('/en/login?redirectTo=%2Fen%2Faccount%2Forder%3Fp%3D2')
    expect(loginHref('de', '//evil.example')).toBe('/login')
    expect(storefrontUrl({ publicUrl: 'https://shop.example' }, 'fr')).toBe('https://shop.example/fr')
    expect(storefrontUrl({ publicUrl: 'https://shop.example' }, 'de')).toBe('https://shop.example')
  })
})

describe('against a store', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
    clearLanguageCache()
  })

  async function store(routes: Record<string, Handler>) {
    const fake = await startFakeStore((req, res) => {
      const path = req.path.replace(/^\/store-api/, '').split('?')[0]!
      if (path === '/language') return json(res, 200, languages)
      const handler = routes[`${req.method} ${path}`]
      if (handler) return handler(req, res)
      json(res, 404, errorEnvelope(404, 'FRAMEWORK__ROUTE_NOT_FOUND'))
    })
    close = fake.close
    return { ...fake, ...testContext(fake.url) }
  }

  const TOKEN = 'oldtoken1234567890'
  const withCookie = (url: string, init: RequestInit = {}) =>
    new Request(url, { ...init, headers: { Cookie: `sw-context-token=${TOKEN}` } })

  async function redirectOf(promise: Promise<unknown>): Promise<Response> {
    const thrown = await promise.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(thrown).toBeInstanceOf(Response)
    return thrown as Response
  }

  it('requireCustomer sends visitors without a session to the login page without asking the store', async () => {
    const { context, requests } = await store({})
    const response = await redirectOf(requireCustomer(context, new Request('https://shop.example/fr/account/address'), 'fr'))
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/fr/login?redirectTo=%2Ffr%2Faccount%2Faddress')
    const flash = readFlash(new Request('https://x', { headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0]! } }), context)
    expect(flash.messages).toEqual([{ type: 'info', messageKey: 'auth:login.required' }])
    expect(requests.filter((r) => !r.path.endsWith('/language'))).toEqual([])
  })

  it('requireCustomer returns the logged-in customer', async () => {
    const customer = { id: 'c'.repeat(32), active: true, guest: false, firstName: 'Anna' }
    const { context } = await store({ 'POST /account/customer': (_req, res) => json(res, 200, customer, { 'sw-context-token': TOKEN }) })
    const result = await requireCustomer(context, withCookie('https://shop.example/account'), 'de')
    expect(result.customer.firstName).toBe('Anna')
  })

  it('requireCustomer tells a shopper whose session ended that it expired and hands out the new token', async () => {
    const { context } = await store({
      'POST /account/customer': (_req, res) =>
        json(res, 403, errorEnvelope(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN'), { 'sw-context-token': 'newtoken1234567890' }),
    })
    const response = await redirectOf(requireCustomer(context, withCookie('https://shop.example/account/profile'), 'de'))
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Faccount%2Fprofile')
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('sw-context-token=newtoken1234567890'))).toBe(true)
    const flashCookie = cookies.find((c) => c.startsWith('flash='))!.split(';')[0]!
    expect(readFlash(new Request('https://x', { headers: { Cookie: flashCookie } }), context).messages[0]?.messageKey).toBe(
      'auth:session.expired',
    )
  })

  it('requireCustomer sends a form posted with an expired session back to the page it came from', async () => {
    const { context } = await store({
      'POST /account/customer': (_req, res) =>
        json(res, 403, errorEnvelope(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN'), { 'sw-context-token': 'newtoken1234567890' }),
    })
    const request = new Request('https://shop.example/en/account/profile', {
      method: 'POST',
      headers: { Cookie: `sw-context-token=${TOKEN}`, Referer: 'https://shop.example/en/account/profile?tab=2', 'Sec-Fetch-Dest': 'document' },
    })
    const response = await redirectOf(requireCustomer(context, request, 'en'))
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/en/account/profile?tab=2')
    expect(response.headers.get('X-Remix-Reload-Document')).toBeNull()
    const cookies = response.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('sw-context-token=newtoken1234567890'))).toBe(true)
    const flashCookie = cookies.find((c) => c.startsWith('flash='))!.split(';')[0]!
    expect(readFlash(new Request('https://x', { headers: { Cookie: flashCookie } }), context).messages.map((m) => m.messageKey)).toEqual([
      'auth:session.expired',
    ])
  })

  it('sessionExpired reloads the page as a document for script requests and ignores foreign referers', async () => {
    const { context } = await store({})
    const fromScript = new Request('https://shop.example/wishlist', {
      method: 'POST',
      headers: { Referer: 'https://shop.example/fr/produit-x', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'cors' },
    })
    const reload = await redirectOf(Promise.resolve().then(() => sessionExpired(context, fromScript, 'fr')))
    expect(reload.headers.get('Location')).toBe('/fr/produit-x')
    expect(reload.headers.get('X-Remix-Reload-Document')).toBe('true')

    const foreign = new Request('https://shop.example/account/address', {
      method: 'POST',
      headers: { Referer: 'https://evil.example/account', 'Sec-Fetch-Dest': 'document' },
    })
    const back = await redirectOf(Promise.resolve().then(() => sessionExpired(context, foreign, 'fr')))
    expect(back.headers.get('Location')).toBe('/fr')
  })

  it('logIn answers the same for a wrong password and an unknown account, and reads the throttle wait', async () => {
    let answer = errorEnvelope(401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')
    let status = 401
    const { context } = await store({ 'POST /account/login': (_req, res) => json(res, status, answer) })
    const request = () => new Request('https://shop.example/login', { method: 'POST' })
    expect(await logIn(context, request(), 'de', { email: 'a@b.de', password: 'x' })).toEqual({ type: 'invalid' })
    answer = errorEnvelope(401, 'CHECKOUT__CUSTOMER_NOT_FOUND', { meta: { parameters: { email: 'a@b.de' } } })
    expect(await logIn(context, request(), 'de', { email: 'a@b.de', password: 'x' })).toEqual({ type: 'invalid' })
    answer = errorEnvelope(401, 'CHECKOUT__CUSTOMER_OPTIN_NOT_COMPLETED')
    expect(await logIn(context, request(), 'de', { email: 'a@b.de', password: 'x' })).toEqual({ type: 'not-confirmed' })
    status = 429
    answer = errorEnvelope(429, 'CHECKOUT__CUSTOMER_AUTH_THROTTLED', { meta: { parameters: { seconds: 27 } } })
    expect(await logIn(context, request(), 'de', { email: 'a@b.de', password: 'x' })).toEqual({ type: 'throttled', seconds: 27 })
  })

  it('logIn takes the new token and refreshes context and cart with it', async () => {
    const { context, requests } = await store({
      'POST /account/login': (_req, res) => json(res, 200, { redirectUrl: null }, { 'sw-context-token': 'newtoken1234567890' }),
      'GET /context': (_req, res) => json(res, 200, { customer: { id: 'c'.repeat(32), firstName: 'Anna', active: true } }),
      'GET /checkout/cart': (_req, res) => json(res, 200, { lineItems: [] }),
    })
    const result = await logIn(context, withCookie('https://shop.example/login', { method: 'POST' }), 'de', { email: 'a@b.de', password: 'x' })
    expect(result.type).toBe('ok')
    expect(result.type === 'ok' && result.firstName).toBe('Anna')
    expect(result.type === 'ok' && result.headers[0]).toMatch(/^sw-context-token=newtoken1234567890;/)
    const refreshed = requests.filter((r) => r.path.endsWith('/context') || r.path.endsWith('/checkout/cart'))
    expect(refreshed.map((r) => r.headers['sw-context-token'])).toEqual(['newtoken1234567890', 'newtoken1234567890'])
  })

  it('requestPasswordRecovery answers the same whether the account exists or not', async () => {
    let known = true
    const { context, requests } = await store({
      'POST /account/recovery-password': (_req, res) =>
        known ? json(res, 200, { success: true }) : json(res, 401, errorEnvelope(401, 'CHECKOUT__CUSTOMER_NOT_FOUND')),
    })
    const request = () => new Request('https://shop.example/en/account/recover', { method: 'POST' })
    const started = performance.now()
    expect(await requestPasswordRecovery(context, request(), 'en', 'known@example.com')).toEqual({ type: 'sent' })
    known = false
    expect(await requestPasswordRecovery(context, request(), 'en', 'unknown@example.com')).toEqual({ type: 'sent' })
    // Both padded to the same minimum time.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * 790)
    const sent = requests.filter((r) => r.path.endsWith('/account/recovery-password'))
    expect(sent[0]?.body).toEqual({ email: 'known@example.com', storefrontUrl: 'https://shop.example/en' })
  })
})

describe('412 of an already confirmed account', () => {
  it('is no configuration problem', async () => {
    const { classifyStoreError, logStoreErrorHint } = await import('./errors.server')
    const err = apiError(412, [{ code: 'CHECKOUT__CUSTOMER_IS_ALREADY_CONFIRMED', status: '412' }])
    expect(classifyStoreError(err)).toBe('other')
    const warnings: unknown[] = []
    logStoreErrorHint({ warn: (...args: unknown[]) => warnings.push(args) } as never, err)
    expect(warnings).toEqual([])
    expect(classifyStoreError(apiError(412, [{ code: 'FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND', status: '412' }]))).toBe('configuration')
  })
})
