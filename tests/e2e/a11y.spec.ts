import { auditUrl, expect, test } from './fixtures'

for (const path of ['/', '/en', '/unternehmen/', '/fr/produits/treuils/', '/en/privacy-policy/']) {
  test(`no accessibility violations on ${path}`, async ({ browser }, testInfo) => {
    await auditUrl(browser, testInfo, path)
  })
}

test('no accessibility violations on a phone-sized screen', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/unternehmen/', 200, { width: 375, height: 800 })
})

test('keyboard users can skip to the content', async ({ page }) => {
  await page.goto('/unternehmen/')
  await page.keyboard.press('Tab')
  const skip = page.locator(':focus')
  await expect(skip).toHaveAttribute('href', '#main')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})
