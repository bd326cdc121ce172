import type { Page } from '@playwright/test'
import { expect, expectNoA11yViolations, t, test, visit } from './fixtures'

// Issue 11, phone first: the shell at the size of a common phone.
test.use({ viewport: { width: 390, height: 844 } })

const winch = '/detail/7500379cfa8d405f6ddc1d15032ef246' // FS-10001 Forstseilwinde FSW 35, in stock

/** The shell's floating elements: none of them may cover what the shopper came for. */
const floatingSelectors = ['.cookie-button', '.jump-to-top', '.notification']

/**
 * Which floating element covers which target, from bounding boxes measured in one go in the page
 * (a scroll between two measurements would otherwise compare different moments).
 */
async function coveredTargets(page: Page, targets: Record<string, string>) {
  return page.evaluate(
    ({ targets, floatingSelectors }) => {
      const buyButton = [...document.querySelectorAll('main button')].find((b) => b.textContent?.trim() === targets.buyButtonText)
      const found: Record<string, Element | null> = {}
      for (const [name, selector] of Object.entries(targets)) {
        if (name === 'buyButtonText') continue
        found[name] = selector === 'buy-box' ? document.querySelector('[data-testid=buy-box]') ?? buyButton?.closest('form') ?? null : document.querySelector(selector)
      }
      const covered: string[] = []
      for (const [name, element] of Object.entries(found)) {
        if (!element) {
          covered.push(`${name}: not found`)
          continue
        }
        const a = element.getBoundingClientRect()
        for (const selector of floatingSelectors) {
          for (const floating of document.querySelectorAll(selector)) {
            const b = floating.getBoundingClientRect()
            if (b.width && b.height && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
              covered.push(`${selector} over ${name}`)
            }
          }
        }
      }
      return covered
    },
    { targets, floatingSelectors },
  )
}

test('the phone header is compact and its menu reaches a subcategory', async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  await visit(page, '/')
  // The dropdown row is for wide screens; nothing runs off the right edge of the phone.
  await expect(page.getByRole('navigation', { name: t('de', 'header.mainNavigation') })).toBeHidden()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const header = await page.locator('.site-header').boundingBox()
  expect(header!.height).toBeLessThanOrEqual(160)

  const menu = page.locator('.site-header .menu-button')
  await expect(menu).toHaveText(t('de', 'menu.open'))
  const panel = page.getByRole('navigation', { name: t('de', 'menu.title') })
  await expect(panel).toBeHidden()

  if (js) {
    await menu.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: t('de', 'menu.title') })
    await expect(drawer).toBeVisible()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expectNoA11yViolations(page)
    // Focus stays inside the drawer however far one tabs.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab')
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    // Escape closes it and gives focus back to the menu button.
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(menu).toBeFocused()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    // The close button closes it too.
    await menu.click()
    await drawer.getByRole('button', { name: t('de', 'menu.close') }).click()
    await expect(drawer).toBeHidden()
    await expect(menu).toBeFocused()
    await menu.click()
  } else {
    await menu.click()
  }
  await expect(panel).toBeVisible()
  const anchors = ['Produkte', 'Ersatzteile', 'Branchen', 'Unternehmen', 'Hersteller']
  for (const name of anchors) await expect(panel.getByText(name, { exact: true })).toBeVisible()

  await panel.getByText('Produkte', { exact: true }).click()
  await expect(panel.getByRole('link', { name: t('de', 'header.overview', { name: 'Produkte' }) })).toBeVisible()
  await panel.getByRole('link', { name: 'Seilwinden', exact: true }).click()
  await expect(page).toHaveURL(/\/produkte\/seilwinden\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Seilwinden')
  // Following a link closes the drawer (with JS) or loads a page with the menu closed (without).
  await expect(panel).toBeHidden()
})

test('after adding to cart on a phone nothing floats over the heading, the buy box or the header controls', async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  await visit(page, winch)
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  const notification = page.locator('.notification')
  if (js) {
    // With scripts the side cart confirms the line (no notice); closed, the page is back as it was.
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(notification).toHaveCount(0)
  } else {
    await expect(notification).toBeVisible()
  }

  const buyButtonText = t('de', 'product:buy.submit')
  const targets = {
    buyButtonText,
    'the main heading': 'main h1',
    'the buy box': 'buy-box',
    'the cart link': '[data-testid=header-cart]',
    'the language switcher': '.language-switcher',
  }
  expect(await coveredTargets(page, targets)).toEqual([])
  // The notification sits in the page under the header (also where it cannot dismiss itself).
  if (!js) {
    const [headerBottom, notificationTop] = await page.evaluate(() => [
      document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      document.querySelector('.notification')?.getBoundingClientRect().top ?? Number.NaN,
    ])
    expect(notificationTop).toBeGreaterThanOrEqual(headerBottom)
  }

  // Scrolled to the buy box, with jump-to-top shown (JS), still nothing covers it.
  await page.evaluate(() => window.scrollBy(0, 300))
  if (js) await expect(page.getByRole('button', { name: t('de', 'jumpToTop') })).toBeAttached()
  expect(await coveredTargets(page, { buyButtonText, 'the main heading': 'main h1', 'the buy box': 'buy-box' })).toEqual([])
  // And the cookie preferences stay reachable, at the end of the page.
  await expect(page.getByRole('link', { name: t('de', 'consent:button') })).toBeAttached()
})
