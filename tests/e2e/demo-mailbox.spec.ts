import type { APIRequestContext, TestInfo } from '@playwright/test'
import { COUNTRY_DE_ID, DEMO_ACCESS_KEY, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { MAIL_TEXTS } from '../../server/demo-store/mail/texts'
import { auditUrl, expect, t, test } from './fixtures'

/** An address no other test (nor the other project) uses. */
function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** Registers through the embedded store's Store API, which sends the confirmation mail into the outbox. */
async function registerThroughStore(request: APIRequestContext, baseURL: string, email: string, language: 'de' | 'en') {
  const response = await request.post(`${baseURL}/store-api/account/register`, {
    headers: { 'sw-access-key': DEMO_ACCESS_KEY, 'sw-language-id': LANGUAGE_IDS[language], accept: 'application/json' },
    data: {
      email,
      password: 'Forst2024!',
      firstName: 'Mara',
      lastName: 'Holz',
      acceptedDataProtection: true,
      storefrontUrl: language === 'de' ? baseURL : `${baseURL}/${language}`,
      billingAddress: { street: 'Waldweg 1', zipcode: '12345', city: 'Tannheim', countryId: COUNTRY_DE_ID },
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

test('a registration mail lands in the demo mailbox, and its link confirms the account', async ({ page, request, baseURL }, testInfo) => {
  const email = uniqueEmail(testInfo, 'mailbox')
  await registerThroughStore(request, baseURL as string, email, 'en')
  const subject = MAIL_TEXTS.en['registration-confirm'].subject

  // The shopper filters the mailbox by their address with the form.
  await page.goto('/en/demo/mailbox')
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'demo:mailbox.title') })).toBeVisible()
  await page.getByLabel(t('en', 'demo:mailbox.filter.label')).fill(email)
  await page.getByRole('button', { name: t('en', 'demo:mailbox.filter.submit') }).click()
  await expect(page).toHaveURL(new RegExp(`/en/demo/mailbox\\?to=${encodeURIComponent(email).replace(/\./g, '\\.')}$`))
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(email)

  await rows.first().getByRole('link', { name: subject }).click()
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  await expect(page.locator('.demo-mail-meta')).toContainText(email)
  await expect(page.locator('.demo-mail-text')).toContainText('Hello Mara Holz,')
  // The HTML version goes into a frame that runs no scripts (looking into it from the test would
  // itself be a script the frame refuses, logged as console errors, so its markup is checked here).
  const frame = page.locator('iframe.demo-mail-frame')
  await expect(frame).toHaveAttribute('sandbox', 'allow-top-navigation-by-user-activation')
  await expect(frame).toHaveAttribute('title', t('en', 'demo:mail.frameTitle', { subject }))

  // The link of the text part is a real link to the shop's confirmation page.
  const confirmLink = page.locator('.demo-mail-text a')
  await expect(confirmLink).toHaveCount(1)
  const href = (await confirmLink.getAttribute('href')) as string
  expect(href).toMatch(new RegExp(`^${baseURL}/en/registration/confirm\\?em=[0-9a-f]{40}&hash=[0-9a-f]+$`))
  const srcdoc = (await frame.getAttribute('srcdoc')) as string
  expect(srcdoc).toContain('<base target="_top">')
  expect(srcdoc).toContain(`href="${href.replace('&', '&amp;')}"`)
  expect(srcdoc).toContain(MAIL_TEXTS.en['registration-confirm'].action)
  await confirmLink.click()
  await expect(page).toHaveURL(href)
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'auth:confirm.title') })).toBeVisible()
  await page.getByRole('button', { name: t('en', 'auth:confirm.submit') }).click()
  await expect(page).toHaveURL(/\/en\/account$/)
})

test('the mailbox lists the newest mail first and says when a filter finds nothing', async ({ page, request, baseURL }, testInfo) => {
  const first = uniqueEmail(testInfo, 'older')
  const second = uniqueEmail(testInfo, 'newer')
  await registerThroughStore(request, baseURL as string, first, 'de')
  await registerThroughStore(request, baseURL as string, second, 'de')

  await page.goto('/demo/mailbox')
  const recipients = await page.locator('tbody tr td:nth-child(2)').allTextContents()
  expect(recipients.indexOf(second)).toBeGreaterThanOrEqual(0)
  expect(recipients.indexOf(second)).toBeLessThan(recipients.indexOf(first))

  const nobody = uniqueEmail(testInfo, 'nobody')
  await page.goto(`/demo/mailbox?to=${encodeURIComponent(nobody)}`)
  await expect(page.locator('tbody tr')).toHaveCount(0)
  await expect(page.locator('#main').getByRole('status')).toHaveText(t('de', 'demo:mailbox.emptyFiltered', { to: nobody }))
  await page.getByRole('link', { name: t('de', 'demo:mailbox.filter.reset') }).click()
  await expect(page).toHaveURL(/\/demo\/mailbox$/)
  await expect(page.locator('tbody tr').first()).toBeVisible()
})

test('both mailbox pages are accessible and not indexed', async ({ page, request, browser, baseURL }, testInfo) => {
  const email = uniqueEmail(testInfo, 'a11y')
  await registerThroughStore(request, baseURL as string, email, 'de')
  const listPath = `/demo/mailbox?to=${encodeURIComponent(email)}`
  const response = await page.goto(listPath)
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  const mailPath = (await page.locator('tbody a').first().getAttribute('href')) as string
  expect(mailPath).toMatch(/^\/demo\/mailbox\/\d{8}T\d{9}Z-\d{4}-[0-9a-f]{8}$/)

  const mailResponse = await page.goto(mailPath)
  expect(mailResponse?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')

  await auditUrl(browser, testInfo, listPath)
  await auditUrl(browser, testInfo, mailPath)
})

// Without the embedded store the loader answers 404 (app/store/demo-mailbox.server.test.ts): the e2e
// shop on an external store cannot show it, its unreachable store turns every page into a 502 first.
test('unknown mails are 404 pages', async ({ page }) => {
  for (const path of ['/demo/mailbox/20990101T000000000Z-0001-00000000', '/en/demo/mailbox/..%2F..%2Fdemo-store.sqlite']) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  }
})
