import { auditUrl, expect, test } from './fixtures'

for (const path of ['/', '/en', '/unternehmen/', '/fr/produits/treuils/', '/en/privacy-policy/']) {
  test(`no accessibility violations on ${path}`, async ({ browser }, testInfo) => {
    await auditUrl(browser, testInfo, path)
  })
}

test('no accessibility violations on a phone-sized screen', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/unternehmen/', 200, { width: 375, height: 800 })
})

test('keyboard users can skip to the content', async ({ page }, testInfo) => {
  await page.goto('/unternehmen/')
  // A key pressed while React hydrates the document can hit React 18's 'Root did not complete' (#345);
  // the skip link is what is tested here, so the keys wait for the app to be mounted.
  if (testInfo.project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()
  await page.keyboard.press('Tab')
  const skip = page.locator(':focus')
  await expect(skip).toHaveAttribute('href', '#main')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
})
