import { readFile } from 'node:fs/promises'
import { devices, type Locator, type Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { servers } from '../setup/servers'
import { CONTEXT_TOKEN_COOKIE, createConfirmedCustomer, logInThroughStore } from './auth-fixtures'
import { throttledText } from './engagement-fixtures'
import { auditUrl, expect, prefix, shopContext, t, test, type Locale } from './fixtures'

const PASSWORD = 'Waldweg-2024!'

let counter = 0
/** An address no other test uses (per project, worker and test), so accounts and throttles do not collide. */
function uniqueEmail(tag: string): string {
  counter += 1
  return `h3-${tag}-${process.pid}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

interface Person {
  firstName: string
  lastName: string
  email: string
  company: string
  password: string
}

function person(tag: string, overrides: Partial<Person> = {}): Person {
  return { firstName: 'Jana', lastName: 'Förster', email: uniqueEmail(tag), company: 'Förster Holz GmbH', password: PASSWORD, ...overrides }
}

/** A field's label as shown: its text, then the required marker (a star hidden from screen readers). */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`)
const field = (page: Page, locale: Locale, key: string) => page.getByLabel(label(t(locale, `auth:register.fields.${key}`)))

async function fillRegistration(page: Page, locale: Locale, who: Person, extra: { vatId?: string } = {}) {
  await field(page, locale, 'salutation').selectOption({ index: 1 })
  await field(page, locale, 'firstName').fill(who.firstName)
  await field(page, locale, 'lastName').fill(who.lastName)
  await field(page, locale, 'phone').fill('+49 761 1234')
  await field(page, locale, 'company').fill(who.company)
  await field(page, locale, 'companyType').selectOption('gmbh')
  await field(page, locale, 'vatId').fill(extra.vatId ?? 'DE123456789')
  await field(page, locale, 'email').fill(who.email)
  await field(page, locale, 'password').fill(who.password)
  await field(page, locale, 'passwordConfirm').fill(who.password)
  const billing = page.getByRole('group', { name: t(locale, 'auth:register.sections.billing') })
  await billing.getByLabel(label(t(locale, 'auth:register.fields.street'))).fill('Waldweg 7')
  await billing.getByLabel(label(t(locale, 'auth:register.fields.zipcode'))).fill('79098')
  await billing.getByLabel(label(t(locale, 'auth:register.fields.city'))).fill('Freiburg')
  // Germany is the first country and preselected; the VAT ID above is German.
  await expect(billing.getByLabel(label(t(locale, 'auth:register.fields.country')))).toHaveValue(/^[0-9a-f]{32}$/)
  await page.locator('input[name="acceptedDataProtection"]').check()
}

async function submitRegistration(page: Page, locale: Locale) {
  await page.getByRole('button', { name: t(locale, 'auth:register.submit') }).click()
}

/** The newest mail to `email` in the demo mailbox (unfiltered list, so no address lands in a URL), and the link in it that contains `path`. */
async function linkFromMailbox(page: Page, locale: Locale, email: string, path: string): Promise<string> {
  await expect(async () => {
    await page.goto(`${prefix(locale)}/demo/mailbox`)
    await expect(page.locator('tr', { hasText: email }).first()).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  await page.locator('tr', { hasText: email }).first().getByRole('link').click()
  const link = page.locator(`a[href*="${path}"]`).first()
  await expect(link).toBeAttached()
  const href = await link.getAttribute('href')
  expect(href).toBeTruthy()
  return href!
}

async function registerAndConfirm(page: Page, locale: Locale, who: Person) {
  await page.goto(`${prefix(locale)}/register`)
  await fillRegistration(page, locale, who)
  await submitRegistration(page, locale)
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/register\\?registered=1$`))
  await expect(page.getByRole('heading', { name: t(locale, 'auth:register.done.title') })).toBeVisible()

  const confirmUrl = await linkFromMailbox(page, locale, who.email, '/registration/confirm')
  expect(new URL(confirmUrl).pathname).toBe(`${prefix(locale)}/registration/confirm`)
  await page.goto(confirmUrl)
  await page.getByRole('button', { name: t(locale, 'auth:confirm.submit') }).click()
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/account$`))
  await expect(page.getByText(t(locale, 'auth:confirm.success'))).toBeVisible()
  return confirmUrl
}

async function logInThroughForm(page: Page, locale: Locale, email: string, password: string) {
  await page.getByLabel(label(t(locale, 'auth:login.email'))).fill(email)
  await page.getByLabel(label(t(locale, 'auth:login.password'))).fill(password)
  await page.getByRole('button', { name: t(locale, 'auth:login.submit'), exact: true }).click()
}

async function logOutFromHeader(page: Page, locale: Locale) {
  // Without JavaScript a notification stays (over the header's corner) until the shopper closes it.
  const close = page.getByRole('link', { name: t(locale, 'notifications.close') })
  while ((await close.count()) > 0) await close.first().click()
  const userNavigation = page.getByRole('navigation', { name: t(locale, 'header.userNavigation') })
  await userNavigation.getByRole('button', { name: t(locale, 'auth:header.logout') }).click()
}

const names: Record<Locale, string> = { de: 'Jana', en: 'Joanna', fr: 'Jeanne' }

// German in both projects; English with JavaScript and French without, so each language and each
// project is covered once without repeating the slowest journey of the suite six times.
const registrationRuns = [
  { locale: 'de', tag: '' },
  { locale: 'en', tag: ' @js' },
  { locale: 'fr', tag: ' @no-js-only' },
] as const
for (const { locale, tag } of registrationRuns) {
  test(`a business customer registers in ${locale}, confirms the mail, logs out and in again${tag}`, async ({ page }) => {
    test.setTimeout(60_000)
    test.info().annotations.push({ type: 'allow-console-errors', description: 'the second confirmation answers 400' })
    const who = person(`reg-${locale}`, { firstName: names[locale] })
    const confirmUrl = await registerAndConfirm(page, locale, who)
    const header = page.getByTestId('header-account')
    await expect(header).toHaveText(t(locale, 'auth:header.account', { name: who.firstName }))

    // Logout is a POST from the header; the store hands out a new anonymous session.
    const before = (await page.context().cookies()).find((c) => c.name === CONTEXT_TOKEN_COOKIE)?.value
    await logOutFromHeader(page, locale)
    await expect(page.getByText(t(locale, 'auth:logout.success'))).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${prefix(locale) || '/'}$`))
    await expect(page.getByTestId('header-login')).toBeVisible()
    const after = (await page.context().cookies()).find((c) => c.name === CONTEXT_TOKEN_COOKIE)?.value
    expect(after).not.toBe(before)

    // The link works once: afterwards the account counts as confirmed.
    await page.goto(confirmUrl)
    await page.getByRole('button', { name: t(locale, 'auth:confirm.submit') }).click()
    await expect(page.getByText(t(locale, 'auth:confirm.invalid'))).toBeVisible()

    await page.goto(`${prefix(locale)}/login`)
    await logInThroughForm(page, locale, who.email, who.password)
    await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/account$`))
    await expect(page.getByText(t(locale, 'auth:login.success', { name: who.firstName }))).toBeVisible()
    await expect(page.getByTestId('header-account')).toHaveText(t(locale, 'auth:header.account', { name: who.firstName }))
  })
}

test('an unconfirmed account is told to confirm its mail; opening the link alone confirms nothing', async ({ page }) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the login answers 400' })
  const who = person('unconfirmed')
  await page.goto('/en/register')
  await fillRegistration(page, 'en', who)
  await submitRegistration(page, 'en')
  await expect(page.getByRole('heading', { name: t('en', 'auth:register.done.title') })).toBeVisible()
  const confirmUrl = await linkFromMailbox(page, 'en', who.email, '/registration/confirm')
  await page.goto(confirmUrl)
  await expect(page.getByRole('button', { name: t('en', 'auth:confirm.submit') })).toBeVisible()

  await page.goto('/en/login')
  await logInThroughForm(page, 'en', who.email, who.password)
  await expect(page.getByText(t('en', 'auth:login.notConfirmed'))).toBeVisible()
})

test('a wrong password and an unknown address get the same message, the address stays and the password does not', async ({ page }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the login answers 400' })
  await page.goto('/login')
  for (const email of [DEMO_ACCOUNTS.customer.email, uniqueEmail('unknown')]) {
    const posted = page.waitForResponse((r) => r.request().method() === 'POST')
    await logInThroughForm(page, 'de', email, 'definitely-wrong')
    expect((await posted).status()).toBe(400)
    await expect(page.getByRole('alert').filter({ hasText: t('de', 'auth:login.invalid') })).toBeVisible()
    await expect(page.getByLabel(label(t('de', 'auth:login.email')))).toHaveValue(email)
    await expect(page.getByLabel(label(t('de', 'auth:login.password')))).toHaveValue('')
  }
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByTestId('header-login')).toBeVisible()
})

test('the demo customer logs in and is sent back to the page that asked for it', async ({ page }) => {
  await page.goto('/en/account/profile')
  await expect(page).toHaveURL(/\/en\/login\?redirectTo=%2Fen%2Faccount%2Fprofile$/)
  await expect(page.getByText(t('en', 'auth:login.required'))).toBeVisible()
  await expect(page.getByRole('navigation', { name: t('en', 'breadcrumb.label') })).toContainText(t('en', 'auth:breadcrumb.login'))
  await logInThroughForm(page, 'en', DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
  await expect(page).toHaveURL(/\/en\/account\/profile$/)
  await expect(page.getByTestId('header-account')).toHaveText(t('en', 'auth:header.account', { name: 'Max' }))
})

test('a redirect target outside the shop is ignored', async ({ page }) => {
  await page.goto('/login?redirectTo=//evil.example/phish')
  await logInThroughForm(page, 'de', DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password)
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/account$/)
})

test('repeated failures are throttled with the wait from the store', async ({ page, request }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the login answers 400 and 429' })
  const email = uniqueEmail('throttle')
  for (let i = 0; i < 10; i++) {
    const response = await request.post('/en/login', { form: { email, password: `wrong-${i}` }, maxRedirects: 0 })
    expect(response.status()).toBe(400)
  }
  await page.goto('/en/login')
  const posted = page.waitForResponse((r) => r.request().method() === 'POST')
  await logInThroughForm(page, 'en', email, 'wrong-again')
  expect((await posted).status()).toBe(429)
  const pattern = throttledText('en')
  const alert = page.getByRole('alert').filter({ hasText: pattern })
  await expect(alert).toBeVisible()
  const found = (await alert.textContent())?.match(pattern)
  const seconds = Number(found?.[1] ?? found?.[2])
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(10)
  if (testInfo.project.use.javaScriptEnabled === false) return
  // Leaving a field validates it in the browser; the store's refusal still holds, so its notice stays for the wait.
  // The answer to the refused post may be a new document: its first press hydrates it (ADR 019), and `fill` presses no key.
  const field = page.getByLabel(label(t('en', 'auth:login.email')))
  await field.click()
  await expect(page.locator('body[data-ready]')).toBeAttached()
  await field.fill('not-an-address')
  await page.keyboard.press('Tab')
  await expect(page.getByText(t('en', 'auth:validation.email'))).toBeVisible()
  await expect(alert).toBeVisible()
  await expect(alert).toBeHidden({ timeout: (seconds + 2) * 1000 })
})

test('password recovery: the same answer for any address, a new password by the mailed link, then login with it', async ({ page }, testInfo) => {
  test.setTimeout(60_000)
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the reset answers 400 first' })
  const noJs = testInfo.project.use.javaScriptEnabled === false
  // Registration has its own tests; this account comes through the store API.
  const who = await createConfirmedCustomer(testInfo.project.use.baseURL!, 'recover')

  await page.goto('/en/login')
  await page.getByRole('link', { name: t('en', 'auth:login.forgotPassword') }).click()
  await expect(page).toHaveURL(/\/en\/account\/recover$/)
  await expect(page.getByRole('navigation', { name: t('en', 'breadcrumb.label') })).toContainText(t('en', 'auth:breadcrumb.recover'))
  // An address without an account gets the same page as one with.
  for (const email of [uniqueEmail('nobody'), who.email]) {
    await page.goto('/en/account/recover')
    await page.getByLabel(label(t('en', 'auth:recover.email'))).fill(email)
    await page.getByRole('button', { name: t('en', 'auth:recover.submit') }).click()
    await expect(page).toHaveURL(/\/en\/account\/recover\?sent=1$/)
    await expect(page.getByRole('status').filter({ hasText: t('en', 'auth:recover.sent') })).toBeVisible()
  }

  const resetUrl = await linkFromMailbox(page, 'en', who.email, '/reset-password')
  await page.goto(resetUrl)
  await expect(page.getByRole('navigation', { name: t('en', 'breadcrumb.label') })).toContainText(t('en', 'auth:breadcrumb.reset'))
  const newPassword = 'Neues-Passwort-7'
  await page.getByLabel(label(t('en', 'auth:reset.password'))).fill(newPassword)
  await page.getByLabel(label(t('en', 'auth:reset.passwordConfirm'))).fill('something else')
  const posted = noJs ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await page.getByRole('button', { name: t('en', 'auth:reset.submit') }).click()
  if (posted) expect((await posted).status()).toBe(400)
  await expect(page.getByText(t('en', 'auth:validation.repeatPassword'))).toBeVisible()

  await page.getByLabel(label(t('en', 'auth:reset.password'))).fill(newPassword)
  await page.getByLabel(label(t('en', 'auth:reset.passwordConfirm'))).fill(newPassword)
  await page.getByRole('button', { name: t('en', 'auth:reset.submit') }).click()
  await expect(page).toHaveURL(/\/en\/login$/)
  await expect(page.getByText(t('en', 'auth:reset.success'))).toBeVisible()

  await logInThroughForm(page, 'en', who.email, who.password)
  await expect(page.getByRole('alert').filter({ hasText: t('en', 'auth:login.invalid') })).toBeVisible()
  await logInThroughForm(page, 'en', who.email, newPassword)
  await expect(page).toHaveURL(/\/en\/account$/)

  // The link is used up: a new one is what helps, not trying later.
  await page.goto(resetUrl)
  await expect(page.getByText(t('en', 'auth:reset.linkInvalid'))).toBeVisible()
})

test('@js straight from a half-typed address to the forgotten-password link beside the button: the link is followed, clicked or tapped', async ({ page, browser, baseURL }) => {
  const phone = await shopContext(browser, { ...devices['Pixel 7'], baseURL, locale: 'de-DE' })
  try {
    for (const [visitor, press] of [
      [page, (link: Locator) => link.click()],
      [await phone.newPage(), (link: Locator) => link.tap()],
    ] as const) {
      await visitor.goto('/login')
      await expect(visitor.locator('body[data-ready]')).toBeAttached()
      await visitor.getByLabel(label(t('de', 'auth:login.email'))).fill('kunde@')
      // Leaving the address shows its error, which moves the link down while it is pressed (app/lib/steady-presses.ts).
      await press(visitor.getByRole('link', { name: t('de', 'auth:login.forgotPassword') }))
      await expect(visitor).toHaveURL(/\/account\/recover$/)
    }
  } finally {
    await phone.close()
  }
})

test("a recovery link in Shopware's default form (/account/recover/password?hash=…) opens the same reset page", async ({ page }, testInfo) => {
  const who = await createConfirmedCustomer(testInfo.project.use.baseURL!, 'recover-default')
  await page.goto('/fr/account/recover')
  await page.getByLabel(label(t('fr', 'auth:recover.email'))).fill(who.email)
  await page.getByRole('button', { name: t('fr', 'auth:recover.submit') }).click()
  await expect(page).toHaveURL(/\/fr\/account\/recover\?sent=1$/)
  const hash = new URL(await linkFromMailbox(page, 'fr', who.email, '/reset-password')).searchParams.get('hash')!
  expect(hash).toMatch(/^\w{32}$/)

  // What a Shopware with its default `core.loginRegistration.pwdRecoverUrl` mails.
  await page.goto(`/fr/account/recover/password?hash=${hash}`)
  await expect(page).toHaveURL(new RegExp(`/fr/reset-password\\?hash=${hash}$`))
  await expect(page.getByLabel(label(t('fr', 'auth:reset.password')))).toBeVisible()
  await expect(page.getByText(t('fr', 'auth:reset.linkInvalid'))).toHaveCount(0)
})

test("bookmarks of Shopware's own storefront lead to this shop's pages for good", async ({ request }) => {
  for (const [from, to] of [['/account/login', '/login'], ['/en/account/register', '/en/register'], ['/fr/checkout/confirm', '/fr/checkout'], ['/account/recover/password?hash=abc&other=1', '/reset-password?hash=abc']]) {
    const res = await request.get(from, { maxRedirects: 0 })
    const location = new URL(res.headers().location ?? '', 'http://x')
    expect({ from, status: res.status(), location: location.pathname + location.search }).toEqual({ from, status: 301, location: to })
  }
})

test('an unknown reset link says the link is invalid and offers a new one', async ({ page }) => {
  await page.goto(`/fr/reset-password?hash=${'x'.repeat(32)}`)
  await expect(page.getByText(t('fr', 'auth:reset.linkInvalid'))).toBeVisible()
  await expect(page.getByRole('link', { name: t('fr', 'auth:reset.requestNew') })).toHaveAttribute('href', '/fr/account/recover')
})

test('bad registration input comes back with 400, translated errors at the fields and everything typed except the passwords', async ({ page }) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the registration answers 400' })
  const who = person('bad', { email: DEMO_ACCOUNTS.reseller.email, company: 'Behalten & Söhne KG' })
  await page.goto('/register')
  await expect(page.getByRole('navigation', { name: t('de', 'breadcrumb.label') })).toContainText(t('de', 'auth:breadcrumb.register'))
  await fillRegistration(page, 'de', who, { vatId: 'DE12' })
  const posted = page.waitForResponse((r) => r.request().method() === 'POST')
  await submitRegistration(page, 'de')
  expect((await posted).status()).toBe(400)

  // The store's answers (email taken, VAT ID format) at their fields, translated.
  const email = field(page, 'de', 'email')
  const vatId = field(page, 'de', 'vatId')
  await expect(page.getByText(t('de', 'auth:validation.emailNotUnique'))).toBeVisible()
  await expect(page.getByText(t('de', 'auth:validation.vatIdFormat'))).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(vatId).toHaveAttribute('aria-invalid', 'true')
  await expect(vatId).toHaveAttribute('aria-describedby', /\S+-error/)
  await expect(email).toHaveValue(who.email)
  await expect(vatId).toHaveValue('DE12')
  await expect(field(page, 'de', 'company')).toHaveValue(who.company)
  await expect(field(page, 'de', 'companyType')).toHaveValue('gmbh')
  await expect(page.locator('input[name="billingAddress.city"]')).toHaveValue('Freiburg')
  await expect(field(page, 'de', 'password')).toHaveValue('')
  await expect(field(page, 'de', 'passwordConfirm')).toHaveValue('')
  expect(await page.content()).not.toContain(who.password)
})

test('the server-rendered form (what a shopper without JavaScript gets) lists every state by country and shows the shipping address', async ({ request }) => {
  const html = await (await request.get('/en/register')).text()
  const groups = [...html.matchAll(/<optgroup label="([^"]+)">(.*?)<\/optgroup>/g)].map(([, country, options]) => ({ country, options }))
  // Billing and shipping address each have the grouped state select.
  expect(groups.filter((g) => g.country === 'Germany')).toHaveLength(2)
  expect(groups.find((g) => g.country === 'Germany')?.options).toContain('>Bavaria<')
  expect(groups.find((g) => g.country === 'Austria')?.options).toContain('>Tyrol<')
  expect(groups.find((g) => g.country === 'Austria')?.options).not.toContain('>Bavaria<')
  expect(html).toContain(t('en', 'auth:register.hints.shipping'))
  expect(html).toMatch(/<fieldset class="form-fieldset"><legend>Shipping address<\/legend>/)
})

test('with JavaScript the state list follows the country and the shipping address appears when ticked @js', async ({ page }) => {
  await page.goto('/en/register')
  await expect(page.locator('body[data-ready]')).toBeAttached()
  const billing = page.getByRole('group', { name: t('en', 'auth:register.sections.billing') })
  const country = billing.getByLabel(label(t('en', 'auth:register.fields.country')))
  const state = billing.getByLabel(label(t('en', 'auth:register.fields.state')))
  await expect(state.locator('option', { hasText: 'Bavaria' })).toBeAttached()
  await expect(state.locator('option', { hasText: 'Tyrol' })).not.toBeAttached()
  await country.selectOption({ label: 'Austria' })
  await expect(state.locator('option', { hasText: 'Tyrol' })).toBeAttached()
  await expect(state.locator('option', { hasText: 'Bavaria' })).not.toBeAttached()
  await country.selectOption({ label: 'France' })
  await expect(state).not.toBeAttached()

  const shipping = page.getByRole('group', { name: t('en', 'auth:register.sections.shipping') })
  await expect(shipping).toBeHidden()
  await page.getByLabel(t('en', 'auth:register.fields.differentShipping')).check()
  await expect(shipping).toBeVisible()
})

test('a state of another country is refused by the server (the form without JS lists all states)', async ({ request }) => {
  const html = await (await request.get('/en/register')).text()
  const countryIds = [...html.matchAll(/<option value="([0-9a-f]{32})"[^>]*>([^<]+)<\/option>/g)]
  const germany = countryIds.find(([, , label]) => label === 'Germany')?.[1]
  const austriaGroup = html.match(/<optgroup label="Austria">(.*?)<\/optgroup>/)?.[1]
  const austrianState = austriaGroup?.match(/value="([0-9a-f]{32})"/)?.[1]
  expect(germany).toBeDefined()
  expect(austrianState).toBeDefined()
  const salutation = html.match(/name="salutationId"[^>]*>.*?<option value="([0-9a-f]{32})"/s)?.[1]
  const response = await request.post('/en/register', {
    maxRedirects: 0,
    form: {
      salutationId: salutation!, firstName: 'Jana', lastName: 'Förster', email: uniqueEmail('state'), password: PASSWORD,
      passwordConfirm: PASSWORD, company: 'Holz AG', companyType: 'ag', vatId: 'DE123456789', acceptedDataProtection: 'on',
      'billingAddress.street': 'Waldweg 7', 'billingAddress.zipcode': '79098', 'billingAddress.city': 'Freiburg',
      'billingAddress.countryId': germany!, 'billingAddress.countryStateId': austrianState!,
    },
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain(t('en', 'auth:validation.stateOfCountry'))
})

test('a login POST from another site is refused with 403 and logs nobody in', async ({ request }) => {
  const response = await request.post('/login', {
    form: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(403)
  expect(response.headers()['set-cookie'] ?? '').not.toContain(CONTEXT_TOKEN_COOKIE)
})

test('login replaces the context token cookie; an unknown token only leads to the login page', async ({ request }) => {
  const anonymous = 'anonymousToken1234567890abcdef'
  const cookie = { Cookie: `${CONTEXT_TOKEN_COOKIE}=${anonymous}` }
  // An unknown (or expired) token is a fresh anonymous session: no 500 anywhere.
  const account = await request.get('/account', { headers: cookie, maxRedirects: 0 })
  expect(account.status()).toBe(303)
  expect(account.headers().location).toBe('/login?redirectTo=%2Faccount')
  expect((await request.get('/login', { headers: cookie })).status()).toBe(200)
  expect((await request.get('/en/', { headers: cookie })).status()).toBe(200)
  const loggedOut = await request.post('/logout', { form: {}, headers: cookie, maxRedirects: 0 })
  expect(loggedOut.status()).toBe(303)

  const login = await request.post('/login', {
    form: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
    headers: cookie,
    maxRedirects: 0,
  })
  expect(login.status()).toBe(303)
  expect(login.headers().location).toBe('/account')
  const setCookies = login.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value)
  const token = setCookies.map((c) => c.match(new RegExp(`^${CONTEXT_TOKEN_COOKIE}=([^;]+)`))?.[1]).find(Boolean)
  expect(token).toBeDefined()
  expect(token).not.toBe(anonymous)
  expect(setCookies.find((c) => c.startsWith(CONTEXT_TOKEN_COOKIE))).toMatch(/HttpOnly/i)
  expect(setCookies.find((c) => c.startsWith(CONTEXT_TOKEN_COOKIE))).toMatch(/SameSite=Lax/i)
  // The new token is logged in, the old one is not.
  expect((await request.get('/account', { headers: { Cookie: `${CONTEXT_TOKEN_COOKIE}=${token}` }, maxRedirects: 0 })).status()).toBe(200)
  expect((await request.get('/account', { headers: cookie, maxRedirects: 0 })).status()).toBe(303)
})

test('GET /logout logs nobody out', async ({ page, context, baseURL }) => {
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  await page.goto('/logout')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
  await expect(page.getByTestId('header-account')).toHaveText(t('de', 'auth:header.account', { name: 'Anna' }))
})

test('anonymous catalogue pages stay without store session and cacheable', async ({ request }) => {
  const response = await request.get('/en/')
  expect(response.headers()['set-cookie']).toBeUndefined()
  expect(response.headers()['cache-control']).toMatch(/public/)
})

test('the server log of sign-in and registration names no email address, password or token', async ({ request }) => {
  const logFile = servers.main.logFile
  expect(logFile, 'the main e2e server writes its log to a file').toBeTruthy()
  const email = uniqueEmail('log')
  const secret = `Geheim-${Date.now()}-Passwort`
  const register = await request.post('/register', {
    form: { firstName: 'Logvorname', lastName: 'Lognachname', email, password: secret, passwordConfirm: secret, company: 'Log GmbH', vatId: 'DE12' },
    maxRedirects: 0,
  })
  expect(register.status()).toBe(400)
  const wrong = await request.post('/login', { form: { email, password: secret }, maxRedirects: 0 })
  expect(wrong.status()).toBe(400)
  const right = await request.post('/login', {
    form: { email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password },
    maxRedirects: 0,
  })
  const token = right.headersArray().find((h) => h.value.startsWith(`${CONTEXT_TOKEN_COOKIE}=`))?.value.split(/[=;]/)[1]
  expect(token).toBeTruthy()

  // The access line of the last request shows the log is live and complete up to here.
  let log = ''
  await expect(async () => {
    log = await readFile(logFile!, 'utf8')
    expect(log).toMatch(/"method":"POST","url":"\/login","status":303/)
  }).toPass({ timeout: 5000 })
  expect(log).toContain('"operation":"loginCustomer"')
  for (const value of [email, secret, 'Logvorname', 'Lognachname', DEMO_ACCOUNTS.customer.password, token!]) {
    expect(log.includes(value), `log contains ${value}`).toBe(false)
  }
  const addresses = log.match(/[\w.+-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}\b/gi) ?? []
  expect(addresses, 'email addresses in the log').toEqual([])
})

for (const path of ['/login', '/en/register', '/fr/account/recover']) {
  test(`no accessibility violations on ${path}`, async ({ browser }, testInfo) => {
    await auditUrl(browser, testInfo, path)
  })
}

test('keyboard users reach the login fields and see where the focus is', async ({ page }, testInfo) => {
  await page.goto('/en/login')
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()
  const email = page.getByLabel(label(t('en', 'auth:login.email')))
  await email.focus()
  await page.keyboard.press('Tab')
  const password = page.getByLabel(label(t('en', 'auth:login.password')))
  await expect(password).toBeFocused()
  const outline = await password.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe('none')
  await expect(email).toHaveAttribute('autocomplete', 'email')
  await expect(password).toHaveAttribute('autocomplete', 'current-password')
})

test('a notification stays while the pointer rests on it, and without JavaScript until it is closed', async ({ page, context, baseURL }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  await logInThroughStore(context, baseURL!, { email: 'kunde@example.com', password: 'Forst2024!' })
  await page.goto('/en/account')
  if (js) await expect(page.locator('body[data-ready]')).toBeAttached()
  await logOutFromHeader(page, 'en')
  const notice = page.locator('.notification', { hasText: t('en', 'auth:logout.success') })
  await expect(notice).toBeVisible()
  await notice.hover()
  // Longer than the 2.5 s it is shown for by itself.
  await page.waitForTimeout(3_500)
  await expect(notice).toBeVisible()
  if (js) {
    await page.mouse.move(0, 600)
    await expect(notice).toBeHidden({ timeout: 5_000 })
  } else {
    await notice.getByRole('link', { name: t('en', 'notifications.close') }).click()
    await expect(notice).toBeHidden()
  }
})
