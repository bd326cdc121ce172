import { expect, t, test } from './fixtures'
import { label, linkIn, ready, uniqueEmail, waitForMail } from './engagement-fixtures'

test('subscribe from the footer, confirm by the mailed link, unsubscribe by the link of the newsletter mail', async ({ page, request }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  // Two mails to wait for and five pages on a shared machine.
  testInfo.setTimeout(testInfo.timeout + 30_000)
  const email = uniqueEmail('news')
  await page.goto('/en/manufacturer')
  await ready(page, js)
  // The page's own requests after mounting (cart, session) re-render the shell; the footer form is used once they are done.
  await page.waitForLoadState('networkidle')
  const footer = page.getByRole('contentinfo')
  await footer.getByLabel(label(t('en', 'contact:newsletter.footerEmail'))).fill('not-an-address')
  const answer = js ? undefined : page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/en/newsletter'))
  await footer.getByRole('button', { name: t('en', 'contact:newsletter.submit') }).click()
  if (answer) expect((await answer).status()).toBe(400)

  // With JavaScript the footer shows the error in place; without, the newsletter page does (400), the address kept.
  const form = js ? footer : page.locator('#main')
  if (!js) await expect(page).toHaveURL(/\/en\/newsletter$/)
  const field = form.getByLabel(label(t('en', js ? 'contact:newsletter.footerEmail' : 'contact:newsletter.email')))
  await expect(form.getByText(t('en', 'auth:validation.email'))).toBeVisible()
  await expect(field).toHaveValue('not-an-address')
  await field.fill(email)
  await form.getByRole('button', { name: t('en', 'contact:newsletter.submit') }).click()
  await expect(page.getByText(t('en', 'contact:newsletter.success'))).toBeVisible()
  // Back on the page the footer form was sent from (without JavaScript, after the detour to the newsletter page).
  await expect(page).toHaveURL(/\/en\/manufacturer$/)

  const optIn = await waitForMail(request, email, 'Please confirm your newsletter subscription')
  const confirmUrl = new URL(linkIn(optIn, '/newsletter-subscribe?'))
  expect(confirmUrl.pathname).toBe('/en/newsletter-subscribe')
  // Opening the link changes nothing: a button confirms.
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`)
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'contact:newsletter.confirm.title') })).toBeVisible()
  await page.getByRole('button', { name: t('en', 'contact:newsletter.confirm.submit') }).click()
  await expect(page.getByText(t('en', 'contact:newsletter.confirm.success'))).toBeVisible()
  // The link is used up.
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`)
  await page.getByRole('button', { name: t('en', 'contact:newsletter.confirm.submit') }).click()
  await expect(page.getByText(t('en', 'contact:newsletter.confirm.invalid'))).toBeVisible()

  const welcome = await waitForMail(request, email, 'Welcome to the Waldwerk Forsttechnik newsletter')
  const unsubscribeUrl = new URL(linkIn(welcome, '/newsletter/unsubscribe?'))
  await page.goto(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`)
  await expect(page.getByLabel(label(t('en', 'contact:newsletter.email')))).toHaveValue(email)
  await page.getByRole('button', { name: t('en', 'contact:newsletter.unsubscribe.submit') }).click()
  await expect(page.getByText(t('en', 'contact:newsletter.unsubscribe.success'))).toBeVisible()
  // The address stays out of the URL.
  expect(page.url()).not.toContain('email=')
})

test('a broken confirmation link says so', async ({ page }) => {
  await page.goto('/newsletter-subscribe?em=abc&hash=x')
  await expect(page.getByText(t('de', 'contact:newsletter.confirm.invalid'))).toBeVisible()
  await expect(page.getByRole('link', { name: t('de', 'contact:newsletter.confirm.toNewsletter') })).toHaveAttribute('href', '/newsletter')
  // A well-formed link the store does not know.
  await page.goto(`/newsletter-subscribe?em=${'a'.repeat(40)}&hash=${'b'.repeat(32)}`)
  await page.getByRole('button', { name: t('de', 'contact:newsletter.confirm.submit') }).click()
  await expect(page.getByText(t('de', 'contact:newsletter.confirm.invalid'))).toBeVisible()
})

test('subscribing the same address too often answers with the wait', async ({ request, baseURL }) => {
  const email = uniqueEmail('again')
  const send = () => request.post('/fr/newsletter', { headers: { Origin: baseURL! }, form: { email, redirectTo: '/fr' }, maxRedirects: 0 })
  for (let i = 0; i < 3; i++) expect((await send()).status()).toBe(303)
  const limited = await send()
  expect(limited.status()).toBe(429)
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0)
  const seconds = limited.headers()['retry-after']!
  expect(await limited.text()).toContain(t('fr', `auth:login.throttled_${seconds === '1' ? 'one' : 'other'}`, { count: seconds }))
})
