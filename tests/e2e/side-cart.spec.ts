import type { Page } from '@playwright/test'
import { expect, t, test } from './fixtures'

// md5('forst-demo:product:<number>'), see server/demo-store/ids.ts
const winch = '/detail/7500379cfa8d405f6ddc1d15032ef246' // FS-10001, in stock
const wedge = '/faellkeil-kunststoff/FS-30001' // variant FS-30001.1: min 2, steps 2

async function ready(page: Page) {
  // A click before hydration is a plain link or form: the enhanced behaviour needs the mounted app.
  await expect(page.locator('body[data-ready]')).toBeAttached()
}

const sideCart = (page: Page) => page.getByRole('dialog', { name: t('de', 'cart:sideCart.title') })

test('the header cart control leads to the cart page without JS and opens the side cart with it', async ({ page }, testInfo) => {
  await page.goto(winch)
  const productUrl = page.url()
  const control = page.getByTestId('header-cart')
  await expect(control).toHaveAttribute('href', '/checkout/cart')
  if (testInfo.project.use.javaScriptEnabled === false) {
    await control.click()
    await expect(page).toHaveURL(/\/checkout\/cart$/)
    return
  }
  await ready(page)
  await control.click()
  const dialog = sideCart(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(t('de', 'cart:sideCart.empty'))).toBeVisible()
  // The close button closes it and the focus goes back to the control that opened it.
  await dialog.getByRole('button', { name: t('de', 'cart:sideCart.close') }).click()
  await expect(dialog).toBeHidden()
  await expect(control).toBeFocused()
  expect(page.url()).toBe(productUrl)
})

test('@js the side cart opens after add to cart, takes the focus and gives it back on Escape', async ({ page }) => {
  await page.goto(winch)
  await ready(page)
  // Where the page's parts sit in the document (not the viewport: the click may scroll).
  const layout = () =>
    page.evaluate(() =>
      ['.site-header', 'main', '.buy-box'].map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect()
        return [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height]
      }),
    )
  const layoutBefore = await layout()
  const add = page.getByRole('button', { name: t('de', 'product:buy.submit') })
  await page.getByLabel(t('de', 'product:buy.quantity')).fill('2')
  await add.click()

  const dialog = sideCart(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: new RegExp(t('de', 'cart:sideCart.title')) })).toBeFocused()
  await expect(dialog.getByRole('link', { name: 'Forstseilwinde FSW 35' })).toBeVisible()
  await expect(dialog.getByText(t('de', 'cart:sideCart.number', { number: 'FS-10001' }))).toBeVisible()
  await expect(dialog.getByText(t('de', 'cart:totals.subtotalNote'))).toBeVisible()
  await expect(dialog.getByRole('link', { name: t('de', 'cart:sideCart.toCart') })).toHaveAttribute('href', '/checkout/cart')
  await expect(dialog.getByRole('link', { name: t('de', 'cart:sideCart.toCheckout') })).toHaveAttribute('href', '/checkout')
  await expect(page.locator('.cart-badge')).toHaveText('2')
  // The drawer lies over the page: nothing behind it moved.
  expect(await layout()).toEqual(layoutBefore)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
})

test('@js quantity and remove in the side cart update it and the header count in place', async ({ page }) => {
  await page.goto(wedge)
  await ready(page)
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  const dialog = sideCart(page)
  await expect(dialog).toBeVisible()
  const badge = page.locator('.cart-badge')
  await expect(badge).toHaveText('2')
  const line = dialog.getByRole('listitem').filter({ hasText: 'FS-30001.1' })
  const name = (await line.getByRole('link').first().textContent())!.trim()
  await expect(line.getByRole('button', { name: t('de', 'cart:sideCart.decrease', { name }) })).toBeDisabled()

  // + goes one purchase step up (2 → 4), − back down to the minimum.
  await line.getByRole('button', { name: t('de', 'cart:sideCart.increase', { name }) }).click()
  await expect(badge).toHaveText('4')
  await expect(line.locator('output')).toHaveText('4')
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${wedge}$`))
  await line.getByRole('button', { name: t('de', 'cart:sideCart.decrease', { name }) }).click()
  await expect(badge).toHaveText('2')
  await expect(line.locator('output')).toHaveText('2')

  await line.getByRole('button', { name: t('de', 'cart:sideCart.removeLabel', { name }) }).click()
  await expect(dialog.getByText(t('de', 'cart:sideCart.empty'))).toBeVisible()
  await expect(badge).toHaveText('0')
  await expect(dialog).toBeVisible()
})

test('@js a cart change in one tab updates the header count and the side cart of another', async ({ page, context }) => {
  const other = await context.newPage()
  await other.goto('/en/')
  await ready(other)
  await expect(other.locator('.cart-badge')).toHaveText('0')

  await page.goto(winch)
  await ready(page)
  await page.getByRole('button', { name: t('de', 'product:buy.submit') }).click()
  await expect(sideCart(page)).toBeVisible()
  await expect(page.locator('.cart-badge')).toHaveText('1')
  // The other tab heard it (BroadcastChannel) and asked its own server again.
  await expect(other.locator('.cart-badge')).toHaveText('1')

  // Its side cart, open, follows a change made in the first tab.
  await other.getByTestId('header-cart').click()
  const otherCart = other.getByRole('dialog', { name: t('en', 'cart:sideCart.title') })
  await expect(otherCart.getByText(t('en', 'cart:sideCart.number', { number: 'FS-10001' }))).toBeVisible()
  const line = sideCart(page).getByRole('listitem').filter({ hasText: 'FS-10001' })
  await line.getByRole('button', { name: t('de', 'cart:sideCart.increase', { name: 'Forstseilwinde FSW 35' }) }).click()
  await expect(page.locator('.cart-badge')).toHaveText('2')
  await expect(other.locator('.cart-badge')).toHaveText('2')
  await expect(otherCart.locator('output')).toHaveText('2')
  await other.close()
})
