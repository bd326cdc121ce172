import { request as playwrightRequest, type BrowserContext } from '@playwright/test'
import { DEMO_ACCESS_KEY } from '../../server/demo-store/constants'

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
