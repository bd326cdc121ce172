import { request as playwrightRequest, type BrowserContext } from '@playwright/test'
import { createHash } from 'node:crypto'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'
import { CONTEXT_TOKEN_COOKIE } from './auth-fixtures'

/** The demo store's product id of an article number (server/demo-store/ids.ts). */
export function productId(number: string): string {
  return createHash('md5').update(`forst-demo:product:${number}`).digest('hex')
}

interface StoreAnswer {
  status: number
  body: Record<string, unknown>
  token: string
}

/** One Store API call against the shop's embedded demo store (setup only: the pages are what is tested). */
export async function storeCall(baseURL: string, method: 'GET' | 'POST' | 'PATCH', path: string, token?: string, data?: unknown): Promise<StoreAnswer> {
  const api = await playwrightRequest.newContext()
  try {
    const response = await api.fetch(`${baseURL}/store-api${path}`, {
      method,
      headers: { 'sw-access-key': DEMO_ACCESS_KEY, accept: 'application/json', ...(token ? { 'sw-context-token': token } : {}) },
      ...(data === undefined ? {} : { data }),
    })
    const text = await response.text()
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    if (response.status() >= 400) throw new Error(`store ${method} ${path}: HTTP ${response.status()} ${text}`)
    return { status: response.status(), body, token: response.headers()[CONTEXT_TOKEN_COOKIE] ?? token ?? '' }
  } finally {
    await api.dispose()
  }
}

async function sessionToken(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === CONTEXT_TOKEN_COOKIE)?.value
}

/**
 * Puts products into the cart of the browser's session (one store call, as the cart page's quick
 * order would) and gives the browser the session cookie. A logged-in context keeps its session.
 */
export async function fillCart(context: BrowserContext, baseURL: string, items: { number: string; quantity: number }[]): Promise<string> {
  const known = await sessionToken(context)
  const answer = await storeCall(
    baseURL,
    'POST',
    '/checkout/cart/line-item',
    known,
    { items: items.map((item) => ({ id: productId(item.number), referencedId: productId(item.number), type: 'product', quantity: item.quantity })) },
  )
  const lines = (answer.body.lineItems as { referencedId?: string }[] | undefined) ?? []
  for (const item of items) {
    if (!lines.some((line) => line.referencedId === productId(item.number))) throw new Error(`${item.number} did not go into the cart`)
  }
  if (answer.token !== known) {
    await context.addCookies([{ name: CONTEXT_TOKEN_COOKIE, value: answer.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
  }
  return answer.token
}

/** Makes the browser's session a guest session (POST /account/register with guest: true). */
export async function registerGuestThroughStore(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  const token = await sessionToken(context)
  const countries = await storeCall(baseURL, 'POST', '/country', token, { filter: [{ type: 'equals', field: 'iso', value: 'DE' }] })
  const salutations = await storeCall(baseURL, 'POST', '/salutation', token, {})
  const countryId = (countries.body.elements as { id: string }[])[0]!.id
  const salutationId = (salutations.body.elements as { id: string; salutationKey?: string }[]).find((s) => s.salutationKey === 'mrs')?.id
  const answer = await storeCall(baseURL, 'POST', '/account/register', token, {
    guest: true,
    salutationId,
    firstName: 'Greta',
    lastName: 'Gast',
    email,
    acceptedDataProtection: true,
    storefrontUrl: baseURL,
    billingAddress: { salutationId, firstName: 'Greta', lastName: 'Gast', street: 'Forstweg 7', zipcode: '79098', city: 'Freiburg', countryId },
  })
  if (answer.token && answer.token !== token) {
    await context.addCookies([{ name: CONTEXT_TOKEN_COOKIE, value: answer.token, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
  }
}

/** A unique address per test run and test, so guest orders never meet. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}
