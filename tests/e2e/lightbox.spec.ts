import { expect, loaded, t, test } from './fixtures'

const PRODUCT = '/forstseilwinde-fsw-35/FS-10001'
const FULL_SIZE = /\/media\/product\/fs-10001\.jpg$/
const SECOND_VIEW = /\/media\/product\/fs-10001-2\.jpg$/

test('gallery images link to their full-size files (what a click opens without JavaScript)', async ({
  page,
  request,
}, testInfo) => {
  await page.goto(PRODUCT)
  const gallery = page.getByRole('region', { name: t('de', 'media:gallery.label', { name: 'Forstseilwinde FSW 35' }) })
  const links = gallery.getByRole('link')
  await expect(links.first()).toHaveAttribute('href', FULL_SIZE)
  await loaded(page)
  for (const href of await links.evaluateAll((list) => list.map((a) => (a as HTMLAnchorElement).href))) {
    const response = await request.get(href)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^image\//)
  }
  if (testInfo.project.use.javaScriptEnabled === false) {
    await links.first().click()
    await expect(page).toHaveURL(FULL_SIZE)
  }
})

test('lightbox @js: opens from the gallery, zooms with buttons, keys and wheel, rotates, Escape closes and focus returns', async ({
  page,
}) => {
  await page.goto(PRODUCT)
  // Before hydration a click would follow the link to the file.
  await expect(page.locator('.product-gallery[data-enhanced]')).toBeAttached()
  const opener = page.locator('.product-gallery-main')
  await expect(opener).toHaveAttribute('aria-haspopup', 'dialog')
  await opener.click()
  const dialog = page.getByRole('dialog', { name: t('de', 'media:lightbox.label', { name: 'Forstseilwinde FSW 35' }) })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect(dialog.getByText(t('de', 'media:lightbox.counter', { index: 1, count: 3 }))).toBeVisible()
  await expect(dialog.getByRole('button', { name: t('de', 'media:lightbox.close') })).toBeFocused()
  await expect(dialog.locator('img')).toHaveAttribute('src', FULL_SIZE)

  const stage = dialog.locator('.lightbox-stage')
  const zoomIn = dialog.getByRole('button', { name: t('de', 'media:lightbox.zoomIn') })
  await expect(zoomIn).toBeEnabled()
  await zoomIn.click()
  await expect(stage).toHaveAttribute('data-scale', '1.12')
  await page.keyboard.press('+')
  await expect(stage).toHaveAttribute('data-scale', '1.24')
  await dialog.getByRole('button', { name: t('de', 'media:lightbox.zoomOut') }).click()
  await page.keyboard.press('-')
  // 1.24 − 0.12 − 0.12 lands exactly on 1.
  await expect(stage).toHaveAttribute('data-scale', '1')

  await stage.hover()
  await page.mouse.wheel(0, -100)
  await expect(stage).toHaveAttribute('data-scale', '1.12')
  await page.waitForTimeout(120)
  await page.mouse.wheel(0, 100)
  await expect(stage).toHaveAttribute('data-scale', '1')

  // A click on the image moves focus off the buttons; the keys keep working.
  await stage.click()
  await page.keyboard.press('+')
  await expect(stage).toHaveAttribute('data-scale', '1.12')
  await page.keyboard.press('-')
  await expect(stage).toHaveAttribute('data-scale', '1')

  const rotate = dialog.getByRole('button', { name: t('de', 'media:lightbox.rotate') })
  await rotate.click()
  await expect(stage).toHaveAttribute('data-rotation', '90')
  await rotate.click()
  await expect(stage).toHaveAttribute('data-rotation', '180')

  // Arrow keys change the image, which starts fresh: zoom and rotation are reset.
  await zoomIn.click()
  await page.keyboard.press('ArrowRight')
  await expect(dialog.getByText(t('de', 'media:lightbox.counter', { index: 2, count: 3 }))).toBeVisible()
  await expect(dialog.locator('img')).toHaveAttribute('src', SECOND_VIEW)
  await expect(stage).toHaveAttribute('data-rotation', '0')
  await expect(stage).toHaveAttribute('data-scale', '1')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(dialog.getByText(t('de', 'media:lightbox.counter', { index: 3, count: 3 }))).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(dialog.locator('img')).toHaveAttribute('src', FULL_SIZE)

  // Focus stays inside the dialog.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
})

test('lightbox @js: a broken image shows the broken-image state', async ({ page }) => {
  await page.route(/\/media\/product\/fs-10001\.jpg$/, (route) => route.fulfill({ status: 404, body: '' }))
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the image 404 is intended' })
  await page.goto(PRODUCT)
  await expect(page.locator('.product-gallery[data-enhanced]')).toBeAttached()
  await page.locator('.product-gallery-main').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('alert')).toHaveText(t('de', 'media:lightbox.loadError'))
  await expect(dialog.getByRole('button', { name: t('de', 'media:lightbox.zoomIn') })).toBeDisabled()
})
