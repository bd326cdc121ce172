import { expect, request as playwrightRequest, type BrowserContext } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { COUNTRY_DE_ID, DEMO_ACCESS_KEY } from '../../server/demo-store/constants'

export const CONTEXT_TOKEN_COOKIE = 'sw-context-token'

/**
 * Logs in through the store API (not the UI) and puts the sw-context-token cookie into the browser
 * context, so a test starts on the shop's pages as a logged-in customer. Works against the embedded
 * demo store of the shop under test (`${baseURL}/store-api`).
 */
export async function logInThroughStore(
  context: BrowserContext,
  baseURL: string,
  account: { email: string; password: string },
): Promise<void> {
  const api = await playwrightRequest.newContext()
  try {
    const response = await api.post(`${baseURL}/store-api/account/login`, {
      headers: { 'sw-access-key': DEMO_ACCESS_KEY, accept: 'application/json' },
      data: { username: account.email, password: account.password },
    })
    if (!response.ok()) throw new Error(`store login failed: HTTP ${response.status()} ${await response.text()}`)
    const token = response.headers()[CONTEXT_TOKEN_COOKIE]
    if (!token) throw new Error('store login answered without a context token')
    await context.addCookies([
      { name: CONTEXT_TOKEN_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    ])
  } finally {
    await api.dispose()
  }
}

export interface Account {
  email: string
  password: string
}

/**
 * The link containing `path` in the newest mail to `email`, read from the demo mailbox as a shopper
 * would open it; waits for the mail, which the store sends without holding up its answer.
 */
export async function mailedLink(baseURL: string, email: string, path: string): Promise<URL> {
  const web = await playwrightRequest.newContext({ baseURL })
  try {
    let link: URL | undefined
    await expect
      .poll(async () => {
        const list = await (await web.get(`/demo/mailbox?${new URLSearchParams({ to: email })}`)).text()
        const mailPath = /href="(\/demo\/mailbox\/[^"]+)"/.exec(list)?.[1]
        if (!mailPath) return undefined
        const mail = await (await web.get(mailPath)).text()
        const href = [...mail.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')).find((h) => h.includes(path))
        link = href ? new URL(href) : undefined
        return link?.href
      }, { message: `a mail to ${email} with a link to ${path}` })
      .toBeTruthy()
    return link!
  } finally {
    await web.dispose()
  }
}

/**
 * A customer of its own, registered and confirmed (double opt-in link from the demo mailbox) through
 * the store API, so tests that change an account's state never meet. `registration` adds or overrides
 * fields of the register body (names, company, account type).
 */
export async function createConfirmedCustomer(baseURL: string, emailPrefix: string, registration: Record<string, unknown> = {}): Promise<Account> {
  const account = { email: `${emailPrefix}-${randomUUID()}@example.com`, password: 'Startpasswort1!' }
  const api = await playwrightRequest.newContext({
    baseURL: `${baseURL}/store-api/`,
    extraHTTPHeaders: { 'sw-access-key': DEMO_ACCESS_KEY, accept: 'application/json' },
  })
  try {
    const registered = await api.post('account/register', {
      data: {
        accountType: 'private',
        email: account.email,
        password: account.password,
        firstName: 'Wanda',
        lastName: 'Wunsch',
        acceptedDataProtection: true,
        storefrontUrl: baseURL,
        billingAddress: { street: 'Forstweg 7', zipcode: '79098', city: 'Freiburg im Breisgau', countryId: COUNTRY_DE_ID },
        ...registration,
      },
    })
    expect(registered.status(), await registered.text()).toBe(200)
    const link = await mailedLink(baseURL, account.email, '/registration/confirm?')
    const confirmed = await api.post('account/register-confirm', {
      data: { em: link.searchParams.get('em'), hash: link.searchParams.get('hash') },
    })
    expect(confirmed.status(), await confirmed.text()).toBe(200)
  } finally {
    await api.dispose()
  }
  return account
}
