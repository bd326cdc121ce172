import { expect, expectNoSeriousA11yViolations, test } from './fixtures'

for (const path of ['/', '/en', '/unternehmen/', '/fr/produits/treuils/', '/en/privacy-policy/']) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'de-DE' })
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expectNoSeriousA11yViolations(page)
  })
}

test('keyboard users can skip to the content', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'de-DE' })
  await page.goto('/unternehmen/')
  await page.keyboard.press('Tab')
  const skip = page.locator(':focus')
  await expect(skip).toHaveAttribute('href', '#main')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})
