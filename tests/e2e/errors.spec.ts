import { servers } from '../setup/servers'
import { auditUrl, expect, locales, prefix, t, test } from './fixtures'

const missing = { de: '/gibt-es-nicht/', en: '/en/does-not-exist/', fr: '/fr/nexiste-pas/' }

for (const locale of locales) {
  test(`unknown path gives the translated 404 page in ${locale}`, async ({ page }) => {
    const response = await page.goto(missing[locale])
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'errors:messages.404'))
    await expect(page.getByText(t(locale, 'errors:notFoundPath', { path: missing[locale] }))).toBeVisible()
    await expect(page.getByRole('img', { name: t(locale, 'errors:imageAlt') })).toBeVisible()

    await page.getByRole('link', { name: t(locale, 'errors:goHome') }).click()
    await expect(page).toHaveURL(new RegExp(`${prefix(locale) || ''}/?$`))
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`))
  })
}

test('404 page has no accessibility violations', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, missing.en, 404)
})

test('the store in maintenance mode shows the maintenance page with a phone contact', async ({ page, browser }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'document answers 503' })
  for (const locale of ['de', 'en'] as const) {
    const response = await page.goto(`${servers.maintenance.url}${prefix(locale)}/`)
    expect(response?.status()).toBe(503)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'errors:maintenance.title'))
    await expect(page.getByText(t(locale, 'errors:maintenance.text'))).toBeVisible()
    await expect(page.getByRole('main').locator('a[href^="tel:"]')).toBeVisible()
  }
  await auditUrl(browser, testInfo, `${servers.maintenance.url}/fr/`, 503)
})

test('an unreachable store gives the 502 page', async ({ page, request }) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'document answers 502' })
  const response = await page.goto(`${servers.unreachable.url}/fr/`)
  expect(response?.status()).toBe(502)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'errors:messages.502'))
  await expect(page.getByRole('link', { name: t('fr', 'errors:goHome') })).toHaveAttribute('href', '/fr')

  const ready = await request.get(`${servers.unreachable.url}/readyz`)
  expect(ready.status()).toBe(503)
  const alive = await request.get(`${servers.unreachable.url}/healthz`)
  expect(alive.status()).toBe(200)
})
