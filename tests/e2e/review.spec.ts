import { createConfirmedCustomer, logInThroughStore } from './auth-fixtures'
import { productId } from './checkout-fixtures'
import { label } from './engagement-fixtures'
import { expect, expectNoA11yViolations, shopContext, t, test } from './fixtures'

const axe = { id: productId('FS-31001'), name: 'Spaltaxt 2,5 kg', page: `/detail/${productId('FS-31001')}` }

// axe needs scripts: as auditUrl does, the no-JS project runs them but blocks the shop's own, so every
// step below is the server-rendered page and its native form posts.
test('a customer reviews a product: login first, stars, title and text checked at the fields, then changes it while it waits for approval', async ({ browser }, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 30_000)
  const baseURL = testInfo.project.use.baseURL!
  const noJs = testInfo.project.use.javaScriptEnabled === false
  const context = await shopContext(browser, { baseURL, locale: 'de-DE', javaScriptEnabled: true, viewport: { width: 1280, height: 900 } })
  try {
    const page = await context.newPage()
    if (noJs) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const ready = async () => {
      if (!noJs) await expect(page.locator('body[data-ready]')).toBeAttached()
    }

    // A visitor is sent to the login, which names the page it comes back to.
    await page.goto(axe.page)
    await page.getByRole('link', { name: t('de', 'product:reviews.write') }).click()
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/review/${axe.id}`)}$`))
    await expect(page.getByText(t('de', 'auth:login.required'))).toBeVisible()

    await logInThroughStore(context, baseURL, await createConfirmedCustomer(baseURL, 'review'))
    const response = await page.goto(`/review/${axe.id}`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByRole('heading', { level: 1, name: t('de', 'contact:review.title') })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: axe.name })).toBeVisible()
    await ready()
    await expectNoA11yViolations(page)

    const form = page.locator('form.review-form')
    const title = form.getByLabel(label(t('de', 'contact:review.reviewTitle')))
    const content = form.getByLabel(label(t('de', 'contact:review.content')))
    await title.fill('Gut')
    await content.fill('Liegt gut in der Hand.')
    const answer = noJs ? page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/review/')) : undefined
    await form.getByRole('button', { name: t('de', 'contact:review.submit') }).click()
    if (answer) expect((await answer).status()).toBe(400)
    await expect(form.getByText(t('de', 'contact:review.pointsRequired'))).toBeVisible()
    await expect(form.getByText(t('de', 'auth:validation.minLength', { min: 5 }))).toBeVisible()
    await expect(form.getByText(t('de', 'auth:validation.minLength', { min: 40 }))).toBeVisible()
    await expect(title).toHaveAttribute('aria-invalid', 'true')
    await expect(title).toHaveValue('Gut')
    await expect(content).toHaveValue('Liegt gut in der Hand.')
    await expectNoA11yViolations(page)

    // By keyboard: the stars are one radio group.
    await form.getByRole('radio', { name: t('de', 'contact:review.points4') }).focus()
    await page.keyboard.press('Space')
    await expect(form.getByRole('radio', { name: t('de', 'contact:review.points4') })).toBeChecked()
    await title.fill('Scharf und gut ausbalanciert')
    await content.fill('Seit zwei Wintern im Brennholz im Einsatz, der Stiel hat nichts abbekommen.')
    await form.getByRole('button', { name: t('de', 'contact:review.submit') }).click()
    await expect(page).toHaveURL(/\/FS-31001$|\/spaltaxt/i)
    await expect(page.getByText(t('de', 'contact:review.success', { name: axe.name }))).toBeVisible()
    // Unapproved: only its author sees it, marked as checked before it is published, and may change it.
    const pending = page.locator('.review-list li', { has: page.getByRole('heading', { level: 3, name: 'Scharf und gut ausbalanciert' }) })
    await expect(pending.getByText(t('de', 'product:reviews.pending'))).toBeVisible()
    await expectNoA11yViolations(page)
    await pending.getByRole('link', { name: t('de', 'product:reviews.edit') }).click()
    await expect(page).toHaveURL(new RegExp(`/review/${axe.id}$`))
    await ready()
    await expect(page.getByText(t('de', 'contact:review.pendingIntro'))).toBeVisible()
    await expect(form.getByRole('radio', { name: t('de', 'contact:review.points4') })).toBeChecked()
    await expect(title).toHaveValue('Scharf und gut ausbalanciert')
    await title.fill('Scharf, gut ausbalanciert, robuster Stiel')
    await form.getByRole('button', { name: t('de', 'contact:review.update') }).click()
    await expect(page.getByText(t('de', 'contact:review.success', { name: axe.name }))).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Scharf, gut ausbalanciert, robuster Stiel' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Scharf und gut ausbalanciert' })).toHaveCount(0)
  } finally {
    await context.close()
  }
})
