import { expect, t, test } from './fixtures'

test('cookie preferences: choose a category, save, see the confirmation, keep the page', async ({ page, context }) => {
  await page.goto('/en/company/')
  await page.getByRole('link', { name: t('en', 'consent.button') }).or(page.getByRole('button', { name: t('en', 'consent.button') })).click()

  const dialog = page.getByRole('dialog', { name: t('en', 'consent.title') })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: t('en', 'consent.categories.necessary.title') })).toBeDisabled()
  await expect(dialog.getByRole('checkbox', { name: t('en', 'consent.categories.necessary.title') })).toBeChecked()
  await dialog.getByRole('checkbox', { name: t('en', 'consent.categories.functional.title') }).check()
  await dialog.getByRole('button', { name: t('en', 'consent.save') }).click()

  await expect(page.getByText(t('en', 'consent.saved'))).toBeVisible()
  await expect(page).toHaveURL(/\/en\/company\/$/)
  await expect(dialog).toBeHidden()

  const cookie = (await context.cookies()).find((c) => c.name === 'cc_cookie')
  expect(cookie).toBeDefined()
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' })
  const record = JSON.parse(decodeURIComponent(cookie!.value))
  expect(record).toMatchObject({ revision: 1, languageCode: 'en' })
  expect([...record.categories].sort()).toEqual(['functional', 'necessary'])
  expect(record.consentId).toMatch(/^[0-9a-f-]{36}$/)
  // 182 days, within a minute of slack
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(181.9)
  expect(days).toBeLessThan(182.1)

  // Reopening shows the stored choice.
  await page.getByRole('link', { name: t('en', 'consent.button') }).or(page.getByRole('button', { name: t('en', 'consent.button') })).click()
  await expect(dialog.getByRole('checkbox', { name: t('en', 'consent.categories.functional.title') })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: t('en', 'consent.categories.messurement.title') })).not.toBeChecked()
})

test('cookie preferences close with Escape @js', async ({ page }) => {
  await page.goto('/fr/entreprise/')
  await page.getByRole('link', { name: t('fr', 'consent.button') }).or(page.getByRole('button', { name: t('fr', 'consent.button') })).click()
  const dialog = page.getByRole('dialog', { name: t('fr', 'consent.title') })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('jump-to-top appears after scrolling and brings the shopper back up @js', async ({ page }) => {
  await page.goto('/')
  const jump = page.getByRole('button', { name: t('de', 'jumpToTop') })
  await expect(jump).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect(jump).toBeVisible()
  await jump.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
