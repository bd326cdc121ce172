import { logInThroughStore } from './auth-fixtures'
import { expect, t, test } from './fixtures'
import { label, ready, throttledText, uniqueEmail, waitForMail } from './engagement-fixtures'

// The demo store's CMS contact form (seed: 'Service & Kontakt' page, H1) and its receiver.
const servicePage = '/en/company/service-contact/'
const CMS_RECEIVER = 'kontakt@forsttechnik-demo.example'
const SHOP = 'shop@example.com'

test('contact page from the footer: a bad email is rejected at the field, then the message is sent', async ({ page, request }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  const email = uniqueEmail('contact')
  const subject = `Delivery time ${Date.now().toString(36)}`
  await page.goto('/en')
  // By keyboard: scrolled into view, the home page's later sections (content-visibility: auto) render
  // and can move the footer in the very frame of a pointer click, which then lands beside the link
  // (1 run in about 25 here, seen as a layout shift at the click). Enter follows the link wherever it is.
  await page.getByRole('contentinfo').getByRole('link', { name: t('en', 'common:footer.contactLink') }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/en\/contact$/)
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'contact:contact.title') })).toBeVisible()
  await ready(page, js)

  const form = page.locator('#main form.contact-form')
  // What the details are used for, and where the privacy policy is.
  await expect(form.getByText(t('en', 'contact:contact.privacyNote'))).toBeVisible()
  await expect(form.getByRole('link', { name: t('en', 'contact:privacyLink') })).toHaveAttribute('href', '/en/privacy-policy/')
  await form.getByLabel(label(t('en', 'contact:contact.subject'))).fill(subject)
  await form.getByLabel(label(t('en', 'contact:contact.comment'))).fill('When can the FSW 100 be delivered?\nThanks.')
  await form.getByLabel(label(t('en', 'contact:contact.firstName'))).fill('Anna')
  await form.getByLabel(label(t('en', 'contact:contact.lastName'))).fill('Förster')
  await form.getByLabel(label(t('en', 'contact:contact.email'))).fill('anna.example.com')
  await form.getByLabel(new RegExp(t('en', 'contact:contact.orderNumber'))).fill('10042')

  const answer = js ? undefined : page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/en/contact'))
  await form.getByRole('button', { name: t('en', 'contact:contact.submit') }).click()
  if (answer) expect((await answer).status()).toBe(400)
  const emailField = form.getByLabel(label(t('en', 'contact:contact.email')))
  await expect(emailField).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText(t('en', 'auth:validation.email'))).toBeVisible()
  // Everything typed is still there.
  await expect(form.getByLabel(label(t('en', 'contact:contact.subject')))).toHaveValue(subject)
  await expect(form.getByLabel(label(t('en', 'contact:contact.comment')))).toHaveValue('When can the FSW 100 be delivered?\nThanks.')
  await expect(form.getByLabel(new RegExp(t('en', 'contact:contact.orderNumber')))).toHaveValue('10042')
  await expect(emailField).toHaveValue('anna.example.com')

  await emailField.fill(email)
  await form.getByRole('button', { name: t('en', 'contact:contact.submit') }).click()
  await expect(page.getByText(t('en', 'contact:contact.success'))).toBeVisible()
  await expect(page).toHaveURL(/\/en\/contact$/)
  // Sent: the form is empty again (with JavaScript too), so a second click cannot send the message twice.
  await expect(form.getByLabel(label(t('en', 'contact:contact.subject')))).toHaveValue('')
  await expect(form.getByLabel(label(t('en', 'contact:contact.comment')))).toHaveValue('')

  // The copy to the sender and the mail to the shop, both in English.
  const copy = await waitForMail(request, email, `Your request to Waldwerk Forsttechnik: ${subject}`)
  expect(copy).toContain('10042')
  await waitForMail(request, SHOP, `Contact request: ${subject}`, email)
})

test('the CMS contact form of a content page: errors at its fields, sent with the page’s confirmation text', async ({ page, request }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  const email = uniqueEmail('cms')
  const subject = `Spare parts ${Date.now().toString(36)}`
  await page.goto(servicePage)
  await ready(page, js)
  const form = page.locator('form.contact-form').first()
  await expect(form).toBeVisible()
  await form.getByLabel(label(t('en', 'contact:contact.subject'))).fill(subject)
  await form.getByLabel(label(t('en', 'contact:contact.comment'))).fill('Do you stock chains for the FSW 35?')
  await form.getByLabel(label(t('en', 'contact:contact.firstName'))).fill('Bernd')
  await form.getByLabel(label(t('en', 'contact:contact.lastName'))).fill('Holz')
  await form.getByLabel(label(t('en', 'contact:contact.email'))).fill('bernd@')
  await form.getByRole('button', { name: t('en', 'contact:contact.submit') }).click()

  // With JavaScript the errors show in place; without, on the contact page (400), the same form with all typed text.
  const shown = js ? page.locator('form.contact-form').first() : page.locator('#main form.contact-form')
  if (!js) await expect(page).toHaveURL(/\/en\/contact$/)
  else await expect(page).toHaveURL(new RegExp(`${servicePage}$`))
  await expect(shown.getByText(t('en', 'auth:validation.email'))).toBeVisible()
  await expect(shown.getByLabel(label(t('en', 'contact:contact.subject')))).toHaveValue(subject)
  await shown.getByLabel(label(t('en', 'contact:contact.email'))).fill(email)
  await shown.getByRole('button', { name: t('en', 'contact:contact.submit') }).click()

  // Back on the content page, with the element's own confirmation text.
  await expect(page).toHaveURL(new RegExp(`${servicePage}$`))
  await expect(page.getByText('Thank you for your message. We will get back to you within one working day.')).toBeVisible()
  await expect(page.locator('form.contact-form').first().getByLabel(label(t('en', 'contact:contact.subject')))).toHaveValue('')
  await waitForMail(request, CMS_RECEIVER, subject, email)
})

test('a logged-in customer finds name and email filled in', async ({ page, context, baseURL }, testInfo) => {
  await logInThroughStore(context, baseURL!, { email: 'haendler@example.com', password: 'Forst2024!' })
  await page.goto('/fr/contact')
  await ready(page, testInfo.project.use.javaScriptEnabled !== false)
  const form = page.locator('#main form.contact-form')
  await expect(form.getByLabel(label(t('fr', 'contact:contact.firstName')))).toHaveValue('Anna')
  await expect(form.getByLabel(label(t('fr', 'contact:contact.lastName')))).toHaveValue('Forstner')
  await expect(form.getByLabel(label(t('fr', 'contact:contact.email')))).toHaveValue('haendler@example.com')
  await expect(form.getByLabel(label(t('fr', 'contact:contact.subject')))).toHaveValue('')
})

test('a filled honeypot pretends success and sends nothing', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('bot')
  const response = await request.post('/en/contact', {
    headers: { Origin: baseURL! },
    form: { subject: 'Cheap watches', comment: 'Buy now', firstName: 'Bot', lastName: 'Bot', email, website: 'http://spam.example' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(303)
  expect(response.headers().location).toBe('/en/contact')
  await page.waitForTimeout(1000)
  const list = await (await request.get(`/demo/mailbox?${new URLSearchParams({ to: email })}`)).text()
  expect(list).not.toContain('Cheap watches')
})

test('too many messages from one address answer 429 with the wait', async ({ request, baseURL }) => {
  const email = uniqueEmail('often')
  const send = () =>
    request.post('/en/contact', {
      headers: { Origin: baseURL! },
      form: { subject: 'Again', comment: 'And again', firstName: 'Eva', lastName: 'Eiche', email },
      maxRedirects: 0,
    })
  for (let i = 0; i < 3; i++) expect((await send()).status()).toBe(303)
  const limited = await send()
  expect(limited.status()).toBe(429)
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0)
  expect(await limited.text()).toMatch(throttledText('en'))
})
