import { request, type APIRequestContext, type Page, type Response } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { COUNTRY_DE_ID, DEMO_ACCESS_KEY, PAYMENT_METHOD_IDS } from '../../server/demo-store/constants'
import { logInThroughStore, mailedLink } from './auth-fixtures'
import { expect, expectNoA11yViolations, t, test, shopContext } from './fixtures'

interface Account {
  email: string
  password: string
  firstName: string
  lastName: string
}

function storeApi(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: `${baseURL}/store-api/`,
    extraHTTPHeaders: { 'sw-access-key': DEMO_ACCESS_KEY, accept: 'application/json' },
  })
}

/**
 * A business customer of its own for a test that changes data: registered and confirmed through the
 * store API (double opt-in with the link from the mail), so the shared demo accounts stay as they are.
 */
async function createCustomer(baseURL: string): Promise<Account> {
  const account = { email: `konto-${randomUUID()}@example.com`, password: 'Startpasswort1!', firstName: 'Jonas', lastName: 'Tanne' }
  const api = await storeApi(baseURL)
  try {
    const registered = await api.post('account/register', {
      data: {
        accountType: 'business',
        email: account.email,
        password: account.password,
        firstName: account.firstName,
        lastName: account.lastName,
        company: 'Tanne Forstdienste GmbH',
        vatIds: ['DE811907980'],
        acceptedDataProtection: true,
        storefrontUrl: baseURL,
        billingAddress: { street: 'Forstweg 7', zipcode: '79098', city: 'Freiburg im Breisgau', countryId: COUNTRY_DE_ID },
        customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@tanne.example' },
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

/** The customer as the store sees it (a login of its own, so the browser's session stays untouched). */
async function customerOf(baseURL: string, account: Account): Promise<Record<string, unknown>> {
  const api = await storeApi(baseURL)
  try {
    const login = await api.post('account/login', { data: { username: account.email, password: account.password } })
    expect(login.status()).toBe(200)
    const customer = await api.post('account/customer', { headers: { 'sw-context-token': login.headers()['sw-context-token'] } })
    return (await customer.json()) as Record<string, unknown>
  } finally {
    await api.dispose()
  }
}

/** The store's newsletter status of the customer's address (AccountNewsletterRecipientRoute). */
async function newsletterStatusOf(baseURL: string, account: Account): Promise<string> {
  const api = await storeApi(baseURL)
  try {
    const login = await api.post('account/login', { data: { username: account.email, password: account.password } })
    const recipient = await api.post('account/newsletter-recipient', { headers: { 'sw-context-token': login.headers()['sw-context-token'] } })
    return ((await recipient.json()) as { status: string }).status
  } finally {
    await api.dispose()
  }
}

/** A field's label as the page shows it: the text, then the required marker when the field has one. */
function label(locale: 'de' | 'en' | 'fr', key: string): RegExp {
  return new RegExp(`^${t(locale, key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`)
}

const javaScriptOn = (_page: Page) => test.info().project.use.javaScriptEnabled !== false

/** The answer to the form POST the click triggers (document without JS, data request with JS). */
async function submit(page: Page, click: () => Promise<void>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/account')),
    click(),
  ])
  return response
}

function notification(page: Page, key: string) {
  return page.locator('.notification').filter({ hasText: t('de', key) })
}

/** A refused form answers 400; with JavaScript the browser logs that data request as a failed resource. */
function expectRefusedForms() {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'refused forms answer 400 by design' })
}

async function ready(page: Page) {
  // With JS a click before hydration would be a plain form post; wait for the app to be mounted.
  if (javaScriptOn(page)) await expect(page.locator('body[data-ready]')).toBeAttached()
}

test.describe('account area', () => {
  test('an anonymous visitor is sent to the login page and comes back after logging in', async ({ page, baseURL }) => {
    const account = await createCustomer(baseURL!)
    await page.goto('/account/address')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Faddress$/)
    await expect(page.getByText(t('de', 'auth:login.required'))).toBeVisible()
    await ready(page)
    await page.getByLabel(label('de', 'auth:login.email')).fill(account.email)
    await page.getByLabel(label('de', 'auth:login.password')).fill(account.password)
    await page.getByRole('button', { name: t('de', 'auth:login.submit') }).click()
    await expect(page).toHaveURL(/\/account\/address$/)
    await expect(page.getByRole('heading', { level: 1, name: t('de', 'account:address.title') })).toBeVisible()
  })

  test('account pages are personal: private, not indexed, with navigation and breadcrumbs', async ({ page, context, baseURL }) => {
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    const response = await page.goto('/en/account')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    expect(response?.headers()['x-robots-tag']).toContain('noindex')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    const nav = page.getByRole('navigation', { name: t('en', 'account:nav.label') })
    await expect(nav.getByRole('link', { name: t('en', 'account:nav.overview') })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText(t('en', 'account:layout.greeting', { name: 'Jonas Tanne' }))).toBeVisible()
    // Overview: personal data, the billing address from registration, the default payment method, no orders yet.
    await expect(page.getByRole('region', { name: t('en', 'account:overview.billingAddress') })).toContainText('Forstweg 7')
    await expect(page.getByRole('region', { name: t('en', 'account:overview.payment') })).toContainText('Invoice')
    await expect(page.getByText(t('en', 'account:orders.empty'))).toBeVisible()

    await nav.getByRole('link', { name: t('en', 'account:nav.payment') }).click()
    await expect(page).toHaveURL(/\/en\/account\/payment$/)
    const crumbs = page.getByRole('navigation', { name: t('en', 'common:breadcrumb.label') })
    await expect(crumbs.getByRole('link')).toHaveText([
      t('en', 'common:breadcrumb.home'),
      t('en', 'account:breadcrumb.overview'),
      t('en', 'account:breadcrumb.payment'),
    ])
  })

  test('changes personal and company data; the invoice email stays as registered', async ({ page, context, baseURL }) => {
    expectRefusedForms()
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    await page.goto('/account/profile')
    await ready(page)
    const form = page.locator('#profile-form')
    await expect(form.getByText('rechnung@tanne.example')).toBeVisible()
    await expect(form.getByRole('textbox', { name: t('de', 'account:fields.invoiceEmail') })).toHaveCount(0)

    // An empty last name is refused at its field; what was typed stays.
    await form.getByLabel(label('de', 'account:fields.firstName')).fill('Johanna')
    await form.getByLabel(label('de', 'account:fields.lastName')).fill('')
    if (!javaScriptOn(page)) {
      await form.getByLabel(label('de', 'account:fields.lastName')).evaluate((el) => el.removeAttribute('required'))
      const refused = await submit(page, () => form.getByRole('button', { name: t('de', 'account:profile.submit') }).click())
      expect(refused.status()).toBe(400)
    } else {
      await form.getByRole('button', { name: t('de', 'account:profile.submit') }).click()
    }
    await expect(form.getByLabel(label('de', 'account:fields.lastName'))).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByLabel(label('de', 'account:fields.firstName'))).toHaveValue('Johanna')

    await form.getByLabel(label('de', 'account:fields.lastName')).fill('Fichte')
    await form.getByLabel(label('de', 'account:fields.companyWebsite')).fill('tanne-forst.example')
    await form.getByLabel(label('de', 'account:fields.companyType')).selectOption('kg')
    const saved = await submit(page, () => form.getByRole('button', { name: t('de', 'account:profile.submit') }).click())
    expect(saved.status()).toBeLessThan(400)
    await expect(notification(page, 'account:profile.saved')).toBeVisible()
    await expect(form.getByLabel(label('de', 'account:fields.lastName'))).toHaveValue('Fichte')
    await expect(form.getByLabel(label('de', 'account:fields.companyWebsite'))).toHaveValue('https://tanne-forst.example')
    await expect(form.getByLabel(label('de', 'account:fields.companyType'))).toHaveValue('kg')
    await expect(form.getByText('rechnung@tanne.example')).toBeVisible()
    await expect(page.getByText(t('de', 'account:layout.greeting', { name: 'Johanna Fichte' }))).toBeVisible()
  })

  test('changes the email address with the current password', async ({ page, context, baseURL }) => {
    expectRefusedForms()
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    await page.goto('/account/profile')
    await ready(page)
    const form = page.locator('#email-form')
    const newEmail = `neu-${randomUUID()}@example.com`
    await form.getByLabel(label('de', 'account:fields.newEmail')).fill(newEmail)
    await form.getByLabel(label('de', 'account:fields.emailConfirmation')).fill(newEmail)
    await form.getByLabel(label('de', 'account:fields.currentPassword')).fill('Falsch123!')
    const refused = await submit(page, () => form.getByRole('button', { name: t('de', 'account:email.submit') }).click())
    expect(refused.status()).toBe(400)
    const password = form.getByLabel(label('de', 'account:fields.currentPassword'))
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByText(t('de', 'auth:validation.passwordNotCorrect'))).toBeInViewport()
    if (test.info().project.use.javaScriptEnabled === false) {
      // The page the server answers opens at the refused form (the third on the page), its message focused.
      await expect(page.locator('#email-form-error')).toBeFocused()
      await expect(page.locator('#email-form-error')).toHaveText(t('de', 'auth:form.invalidFields_one'))
    }
    // The new address is kept, the password never comes back.
    await expect(form.getByLabel(label('de', 'account:fields.newEmail'))).toHaveValue(newEmail)
    await expect(password).toHaveValue('')

    await password.fill(account.password)
    const saved = await submit(page, () => form.getByRole('button', { name: t('de', 'account:email.submit') }).click())
    expect(saved.status()).toBeLessThan(400)
    await expect(notification(page, 'account:email.saved')).toBeVisible()
    await expect(page.getByText(newEmail).first()).toBeVisible()
    // The store knows the new address: logging in with it works.
    const api = await storeApi(baseURL!)
    const login = await api.post('account/login', { data: { username: newEmail, password: account.password } })
    expect(login.status()).toBe(200)
    await api.dispose()
  })

  test('the newsletter on the profile page: a pending subscription completed, unsubscribed, subscribed again', async ({ page, context, baseURL }) => {
    expectRefusedForms()
    const account = await createCustomer(baseURL!)
    // Subscribed earlier as a visitor (footer form) without following the mailed link.
    const api = await storeApi(baseURL!)
    expect((await api.post('newsletter/subscribe', { data: { email: account.email, option: 'subscribe', storefrontUrl: baseURL } })).status()).toBe(200)
    await api.dispose()
    await logInThroughStore(context, baseURL!, account)
    await page.goto('/account/profile')
    await ready(page)
    const section = page.locator('section[aria-labelledby="profile-newsletter"]')
    const button = (key: string) => section.getByRole('button', { name: t('de', `account:newsletter.${key}`) })
    await expect(section.getByText(t('de', 'account:newsletter.pending', { email: account.email }))).toBeVisible()

    expect((await submit(page, () => button('complete').click())).status()).toBeLessThan(400)
    await expect(notification(page, 'account:newsletter.subscribedMessage')).toBeVisible()
    await expect(section.getByText(t('de', 'account:newsletter.subscribed', { email: account.email }))).toBeVisible()
    await expect(button('subscribe')).toHaveCount(0)
    expect(await newsletterStatusOf(baseURL!, account)).toBe('direct')

    expect((await submit(page, () => button('unsubscribe').click())).status()).toBeLessThan(400)
    await expect(notification(page, 'account:newsletter.unsubscribed')).toBeVisible()
    await expect(section.getByText(t('de', 'account:newsletter.none'))).toBeVisible()
    await expect(button('unsubscribe')).toHaveCount(0)
    expect(await newsletterStatusOf(baseURL!, account)).toBe('optOut')

    await button('subscribe').focus()
    await page.keyboard.press('Enter')
    await expect(section.getByText(t('de', 'account:newsletter.subscribed', { email: account.email }))).toBeVisible()
    expect(await newsletterStatusOf(baseURL!, account)).toBe('direct')

    // A crafted answer (neither button's value) is refused for the whole form.
    const crafted = await context.request.post(`${baseURL}/account/profile`, {
      form: { intent: 'newsletter', subscribe: 'maybe' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    })
    expect(crafted.status()).toBe(400)
    expect(await crafted.text()).toContain(t('de', 'auth:validation.choice'))
    expect(await newsletterStatusOf(baseURL!, account)).toBe('direct')
  })

  test('changes the password; a wrong current password is refused at its field', async ({ page, context, baseURL }) => {
    expectRefusedForms()
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    await page.goto('/account/profile')
    await ready(page)
    const form = page.locator('#password-form')
    const current = form.getByLabel(label('de', 'account:fields.currentPassword'))
    await expect(current).toHaveAttribute('autocomplete', 'current-password')
    await expect(form.getByLabel(label('de', 'account:fields.newPassword'))).toHaveAttribute('autocomplete', 'new-password')

    await current.fill('Falsch123!')
    await form.getByLabel(label('de', 'account:fields.newPassword')).fill('NeuesPasswort9!')
    await form.getByLabel(label('de', 'account:fields.newPasswordConfirm')).fill('NeuesPasswort9!')
    const refused = await submit(page, () => form.getByRole('button', { name: t('de', 'account:password.submit') }).click())
    expect(refused.status()).toBe(400)
    await expect(current).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByText(t('de', 'auth:validation.passwordNotCorrect'))).toBeVisible()
    await expect(current).toHaveValue('')
    await expect(form.getByLabel(label('de', 'account:fields.newPassword'))).toHaveValue('')

    // The current password again as the new one changes nothing: refused at the new password (in the
    // browser with JavaScript, with 400 without).
    await current.fill(account.password)
    await form.getByLabel(label('de', 'account:fields.newPassword')).fill(account.password)
    await form.getByLabel(label('de', 'account:fields.newPasswordConfirm')).fill(account.password)
    if (javaScriptOn(page)) await form.getByRole('button', { name: t('de', 'account:password.submit') }).click()
    else expect((await submit(page, () => form.getByRole('button', { name: t('de', 'account:password.submit') }).click())).status()).toBe(400)
    await expect(form.getByText(t('de', 'account:validation.passwordUnchanged'))).toBeVisible()
    await expect(form.getByLabel(label('de', 'account:fields.newPassword'))).toHaveAttribute('aria-invalid', 'true')

    await current.fill(account.password)
    await form.getByLabel(label('de', 'account:fields.newPassword')).fill('NeuesPasswort9!')
    await form.getByLabel(label('de', 'account:fields.newPasswordConfirm')).fill('NeuesPasswort9!')
    const saved = await submit(page, () => form.getByRole('button', { name: t('de', 'account:password.submit') }).click())
    expect(saved.status()).toBeLessThan(400)
    await expect(notification(page, 'account:password.saved')).toBeVisible()
    // The store gave this session a new token; the shop kept the shopper logged in with it.
    await page.goto('/account')
    await expect(page).toHaveURL(/\/account$/)
    const api = await storeApi(baseURL!)
    expect((await api.post('account/login', { data: { username: account.email, password: account.password } })).status()).toBe(401)
    expect((await api.post('account/login', { data: { username: account.email, password: 'NeuesPasswort9!' } })).status()).toBe(200)
    await api.dispose()
  })

  test('manages addresses: create (bad postal code refused), edit, defaults, delete; the billing address is locked', async ({
    page,
    context,
    baseURL,
  }) => {
    // One journey through five forms: on a loaded machine it takes longer than the default 30 s.
    test.slow()
    expectRefusedForms()
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    await page.goto('/account/address')
    await ready(page)
    const cards = page.locator('.address-card')
    await expect(cards).toHaveCount(1)
    const billingCard = cards.filter({ hasText: 'Forstweg 7' })
    await expect(billingCard.getByText(t('de', 'account:address.defaultBilling'), { exact: true })).toBeVisible()
    await expect(billingCard.getByRole('link', { name: new RegExp(t('de', 'account:address.edit')) })).toHaveCount(0)

    await page.getByRole('link', { name: t('de', 'account:address.add') }).click()
    await expect(page).toHaveURL(/\?address=new$/)
    await ready(page)
    const form = page.locator('#address-new')
    await expect(form.getByLabel(label('de', 'account:fields.firstName'))).toHaveValue('Jonas')
    await expect(form.getByLabel(label('de', 'account:fields.street'))).toHaveAttribute('autocomplete', 'address-line1')
    await expect(form.getByLabel(label('de', 'account:fields.zipcode'))).toHaveAttribute('autocomplete', 'postal-code')
    // Only countries the shop ships to, as at registration: Switzerland is not among them.
    const countries = form.getByLabel(label('de', 'account:fields.country')).locator('option')
    await expect(countries.filter({ hasText: 'Deutschland' })).toHaveCount(1)
    await expect(countries.filter({ hasText: 'Schweiz' })).toHaveCount(0)
    await form.getByLabel(label('de', 'account:fields.street')).fill('Holzweg 3')
    await form.getByLabel(label('de', 'account:fields.zipcode')).fill('12')
    await form.getByLabel(label('de', 'account:fields.city')).fill('Titisee-Neustadt')
    await form.getByLabel(label('de', 'account:fields.state')).selectOption({ label: 'Baden-Württemberg' })
    const refused = await submit(page, () => form.getByRole('button', { name: t('de', 'account:address.submitCreate') }).click())
    expect(refused.status()).toBe(400)
    const zipcode = form.getByLabel(label('de', 'account:fields.zipcode'))
    await expect(zipcode).toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByText(t('de', 'auth:validation.zipCodeInvalid'))).toBeVisible()
    await expect(form.getByLabel(label('de', 'account:fields.street'))).toHaveValue('Holzweg 3')
    await expect(form.getByLabel(label('de', 'account:fields.city'))).toHaveValue('Titisee-Neustadt')
    await expect(zipcode).toHaveValue('12')

    await zipcode.fill('79822')
    await submit(page, () => form.getByRole('button', { name: t('de', 'account:address.submitCreate') }).click())
    await expect(page).toHaveURL(/\/account\/address$/)
    await expect(notification(page, 'account:address.created')).toBeVisible()
    await expect(cards).toHaveCount(2)
    const added = cards.filter({ hasText: 'Holzweg 3' })
    await expect(added).toContainText('79822 Titisee-Neustadt')
    await expect(added).toContainText('Baden-Württemberg')

    // Edit the new address.
    await ready(page)
    await added.getByRole('link', { name: new RegExp(t('de', 'account:address.edit')) }).click()
    await expect(page).toHaveURL(/\?address=[0-9a-f]{32}$/)
    await ready(page)
    const edit = page.locator('form[id^="address-"]')
    await expect(edit.getByLabel(label('de', 'account:fields.street'))).toHaveValue('Holzweg 3')
    await edit.getByLabel(label('de', 'account:fields.street')).fill('Holzweg 5')
    await submit(page, () => edit.getByRole('button', { name: t('de', 'account:address.submitEdit') }).click())
    await expect(notification(page, 'account:address.saved')).toBeVisible()
    const edited = cards.filter({ hasText: 'Holzweg 5' })
    await expect(edited).toHaveCount(1)

    // Make it the default shipping address: the tag moves, and a default cannot be deleted.
    await ready(page)
    await submit(page, () => edited.getByRole('button', { name: t('de', 'account:address.makeShipping') }).click())
    await expect(notification(page, 'account:address.shippingSet')).toBeVisible()
    // With JS the notification stays until closed: close it, so the next one with the same text is told apart.
    if (javaScriptOn(page)) {
      await notification(page, 'account:address.shippingSet').getByRole('link', { name: t('de', 'common:notifications.close') }).click()
      await expect(notification(page, 'account:address.shippingSet')).toHaveCount(0)
    }
    await expect(edited.getByText(t('de', 'account:address.defaultShipping'), { exact: true })).toBeVisible()
    await expect(edited.getByRole('link', { name: new RegExp(t('de', 'account:address.delete')) })).toHaveCount(0)
    await expect(billingCard.getByText(t('de', 'account:address.defaultShipping'), { exact: true })).toHaveCount(0)

    // Back to the registration address for shipping, then delete the new one (with confirmation).
    await ready(page)
    await submit(page, () => billingCard.getByRole('button', { name: t('de', 'account:address.makeShipping') }).click())
    await expect(notification(page, 'account:address.shippingSet')).toBeVisible()
    await ready(page)
    await edited.getByRole('link', { name: new RegExp(t('de', 'account:address.delete')) }).click()
    await expect(page).toHaveURL(/\?delete=[0-9a-f]{32}$/)
    const confirmation = page.getByRole('region', { name: t('de', 'account:address.deleteTitle') })
    await expect(confirmation).toContainText('Holzweg 5')
    await ready(page)
    await submit(page, () => confirmation.getByRole('button', { name: t('de', 'account:address.deleteConfirm') }).click())
    await expect(notification(page, 'account:address.deleted')).toBeVisible()
    await expect(cards).toHaveCount(1)

    // The billing address from registration cannot be edited, not even by its URL.
    const billingId = (await customerOf(baseURL!, account)).defaultBillingAddressId as string
    await page.goto(`/account/address?address=${billingId}`)
    await expect(page.getByRole('status').filter({ hasText: t('de', 'account:address.billingLocked') })).toBeVisible()
    await expect(page.locator('form[id^="address-"]')).toHaveCount(0)
  })

  test('chooses the default payment method', async ({ page, context, baseURL }) => {
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    await page.goto('/account/payment')
    await ready(page)
    await expect(page.getByLabel('Rechnung')).toBeChecked()
    await page.getByLabel('Vorkasse').check()
    const saved = await submit(page, () => page.getByRole('button', { name: t('de', 'account:payment.submit') }).click())
    expect(saved.status()).toBeLessThan(400)
    await expect(notification(page, 'account:payment.saved')).toBeVisible()
    await expect(page.getByLabel('Vorkasse')).toBeChecked()
    await page.goto('/account')
    await expect(page.getByRole('region', { name: t('de', 'account:overview.payment') })).toContainText('Vorkasse')
    // The store has it as the customer's default too.
    expect((await customerOf(baseURL!, account)).defaultPaymentMethodId).toBe(PAYMENT_METHOD_IDS.prepayment)
  })

  test('orders: empty list and unknown order details', async ({ page, context, baseURL }) => {
    const account = await createCustomer(baseURL!)
    await logInThroughStore(context, baseURL!, account)
    const list = await page.goto('/account/order')
    expect(list?.status()).toBe(200)
    await expect(page.getByText(t('de', 'account:orders.empty'))).toBeVisible()
    const details = await page.goto(`/account/order/details/${'0'.repeat(32)}`)
    expect(details?.status()).toBe(404)
  })

  for (const path of ['/account', '/account/address', '/account/profile']) {
    test(`no accessibility violations on ${path} (logged in)`, async ({ browser, baseURL }, testInfo) => {
      testInfo.setTimeout(testInfo.timeout + 30_000)
      const account = await createCustomer(baseURL!)
      // axe runs as a script: without JS the shop's own scripts are blocked instead (fixtures.auditUrl).
      const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true })
      try {
        await logInThroughStore(context, baseURL!, account)
        const page = await context.newPage()
        if (testInfo.project.use.javaScriptEnabled === false) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
        const response = await page.goto(path)
        expect(response?.status()).toBe(200)
        await expectNoA11yViolations(page)
      } finally {
        await context.close()
      }
    })
  }
})
