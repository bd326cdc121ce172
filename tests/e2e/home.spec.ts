import type { Page } from '@playwright/test'
import { auditUrl, expect, prefix, t, test, visit, type Locale } from './fixtures'

/** Levels of the headings in <main>, in document order. */
async function headingLevels(page: Page): Promise<Array<{ level: number; text: string }>> {
  return page
    .locator('main :is(h1, h2, h3, h4, h5, h6)')
    .evaluateAll((list) => list.map((h) => ({ level: Number(h.tagName.slice(1)), text: (h.textContent ?? '').trim() })))
}

test('the home page has one h1, a heading per section in order, and labelled ways into the shop', async ({ page }) => {
  await visit(page, '/')
  const main = page.locator('main')
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(t('de', 'content:home.title'))

  const headings = await headingLevels(page)
  expect(headings.filter((h) => h.level === 1)).toHaveLength(1)
  expect(headings[0]!.level).toBe(1)
  for (let i = 1; i < headings.length; i++) expect(headings[i]!.level, headings[i]!.text).toBeLessThanOrEqual(headings[i - 1]!.level + 1)
  // A section title no longer sits directly above the slider's own title.
  expect(headings.map((h) => h.text)).not.toContain('Beliebte Produkte')
  expect(headings.map((h) => h.text)).toEqual(
    expect.arrayContaining(['Darauf können Sie sich verlassen', 'Produkte für die Waldarbeit', 'Bestseller', 'Marken, die wir führen']),
  )

  // B2B trust points.
  await expect(main.getByText('Lieferung in 1–3 Werktagen')).toBeVisible()
  await expect(main.getByText('Kauf auf Rechnung')).toBeVisible()
  await expect(main.getByRole('link', { name: '+49 7151 98765-0' })).toHaveAttribute('href', 'tel:+4971519876500')

  // The spare parts finder is reachable from the hero and from the spare parts section.
  await expect(main.getByRole('link', { name: t('de', 'content:home.finder'), exact: true })).toHaveAttribute('href', '/product-finder')
  await expect(main.getByRole('link', { name: 'Zum Ersatzteil-Finder', exact: false })).toHaveAttribute('href', '/product-finder')

  // Ten labelled category teasers with a picture each; the picture is decorative (the label names the link).
  const teasers = main.locator('.category-teasers a')
  await expect(teasers).toHaveCount(10)
  await expect(main.getByRole('link', { name: 'Seilwinden', exact: true })).toHaveAttribute('href', '/produkte/seilwinden/')
  await expect(main.getByRole('link', { name: 'Kranersatzteile', exact: true })).toHaveAttribute('href', '/ersatzteile/kranersatzteile/')
  const picture = teasers.first().locator('img')
  await expect(picture).toHaveAttribute('alt', '')
  await picture.scrollIntoViewIfNeeded()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // Twelve manufacturer logos, each a link named after its manufacturer.
  const logos = main.locator('.manufacturer-logos a')
  await expect(logos).toHaveCount(12)
  await expect(logos.first()).toHaveAccessibleName('Waldkraft')

  await main.getByRole('link', { name: 'Seilwinden', exact: true }).click()
  await expect(page).toHaveURL(/\/produkte\/seilwinden\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seilwinden')
})

test('a manufacturer logo on the home page opens that manufacturer’s page', async ({ page }) => {
  await visit(page, '/')
  await page.locator('main .manufacturer-logos a').filter({ hasText: 'Nordholz' }).click()
  await expect(page).toHaveURL(/\/manufacturer\/[0-9a-f]{32}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Nordholz')
})

test('@js on a desktop the bestseller slider pages with previous and next, also by keyboard', async ({ page }) => {
  await visit(page, '/')
  const slider = page.getByRole('region', { name: 'Bestseller' })
  const track = slider.locator('.cms-slider-track')
  const scrolled = () => track.evaluate((list) => list.scrollLeft)
  // Smooth scrolling takes a moment: wait until the track stands still.
  const settled = async () => {
    let last = -1
    await expect
      .poll(async () => {
        const now = await scrolled()
        const still = now === last
        last = now
        return still
      }, { intervals: [150] })
      .toBe(true)
    return last
  }
  const previous = slider.getByRole('button', { name: t('de', 'content:slider.previous') })
  const next = slider.getByRole('button', { name: t('de', 'content:slider.next') })
  await expect(previous).toHaveAttribute('aria-disabled', 'true')
  await expect(next).toHaveAttribute('aria-disabled', 'false')

  // Enter pages on; at the end the button says so and keeps the focus.
  await next.focus()
  let at = 0
  for (let i = 0; i < 10 && (await next.getAttribute('aria-disabled')) !== 'true'; i++) {
    await page.keyboard.press('Enter')
    const now = await settled()
    expect(now).toBeGreaterThan(at)
    at = now
  }
  await expect(next).toHaveAttribute('aria-disabled', 'true')
  await expect(next).toBeFocused()
  await page.keyboard.press('Enter')
  expect(await settled()).toBe(at)

  await expect(previous).toHaveAttribute('aria-disabled', 'false')
  for (let i = 0; i < 10 && (await previous.getAttribute('aria-disabled')) !== 'true'; i++) {
    await previous.click()
    await settled()
  }
  expect(await scrolled()).toBe(0)

  // A phone swipes: no buttons there.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(next).toBeHidden()
})

test('@no-js-only without a script the slider has no buttons that need one, and its track scrolls and takes focus', async ({ page }) => {
  await visit(page, '/')
  const slider = page.getByRole('region', { name: 'Bestseller' })
  await expect(slider.getByRole('button', { name: t('de', 'content:slider.next') })).toHaveCount(0)
  const track = slider.locator('.cms-slider-track')
  await expect(track).toHaveAttribute('tabindex', '0')
  expect(await track.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true)
  await track.focus()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => track.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0)
})

/** Widths (`w`) of the hero photo the page requested, once it has loaded. */
async function heroWidthsRequested(page: Page): Promise<string[]> {
  const widths: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('hero-forest')) widths.push(new URL(request.url()).searchParams.get('w') ?? '')
  })
  await visit(page, '/')
  await page.waitForLoadState('load')
  return widths
}

test('a desktop loads the hero photo once, in its full size', async ({ page }) => {
  expect(await heroWidthsRequested(page)).toEqual(['2000'])
  await expect(page.locator('.home-hero')).toHaveCSS('background-image', /w=2000&h=800/)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a phone loads the hero photo once, in its phone size', async ({ page }) => {
    expect(await heroWidthsRequested(page)).toEqual(['1000'])
    await expect(page.locator('.home-hero')).toHaveCSS('background-image', /w=1000&h=400/)
  })

  test('the hero leaves room for content on the first screen', async ({ page, browser }, testInfo) => {
    await visit(page, '/')
    const main = page.locator('main')
    const title = main.getByRole('heading', { level: 1 })
    const range = main.getByRole('link', { name: t('de', 'content:home.range') })
    await expect(title).toBeInViewport()
    await expect(range).toBeInViewport()
    const hero = await main.locator('.home-hero').boundingBox()
    expect(hero!.y + hero!.height).toBeLessThan(844 * 0.8)
    // The next section (the trust points) starts on the first screen.
    const next = await main.getByRole('heading', { name: 'Darauf können Sie sich verlassen' }).boundingBox()
    expect(next!.y).toBeLessThan(844)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    // a11y.spec.ts audits the home page on a desktop; the phone layout (teaser grid, trust list) here.
    await auditUrl(browser, testInfo, '/', 200, { width: 390, height: 844 })
  })

  test('sections further down are laid out as they come near, and the keyboard reaches them with a whole focus ring', async ({ page }) => {
    await visit(page, '/')
    const sections = page.locator('main .cms-section')
    // A section's content, not the section itself, is what the browser skips.
    const rendered = (index: number) => sections.nth(index).evaluate((section) => section.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))
    const count = await sections.count()
    expect(count).toBeGreaterThan(3)
    // The first layout of the page leaves out what is screens away (the longest task of a phone's load before).
    expect(await rendered(0)).toBe(true)
    expect(await rendered(count - 1)).toBe(false)

    // From the last link of the section before, Tab leads into the last section, which comes into view.
    const before = sections.nth(count - 2).locator('a[href]').last()
    await before.focus()
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    await expect(sections.nth(count - 1).locator(':focus')).toHaveCount(1)
    await expect(focused).toBeInViewport()
    expect(await rendered(count - 1)).toBe(true)
    // The section clips what it paints at its edge: the focus ring stays inside it.
    const ring = await focused.evaluate((element) => {
      const style = getComputedStyle(element)
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset)
      const box = element.getBoundingClientRect()
      const section = element.closest('.cms-section')!.getBoundingClientRect()
      return { reach, inside: box.left - reach >= section.left && box.right + reach <= section.right && box.top - reach >= section.top && box.bottom + reach <= section.bottom }
    })
    expect(ring.reach).toBeGreaterThan(0)
    expect(ring.inside).toBe(true)
  })
})

const translated: Array<[Exclude<Locale, 'de'>, string, string]> = [
  ['en', 'Winches', '/en/products/winches/'],
  ['fr', 'Treuils', '/fr/produits/treuils/'],
]
for (const [locale, winches, path] of translated) {
  test(`@no-js-only the ${locale} home page is in its language with localised links`, async ({ page }) => {
    await visit(page, `${prefix(locale)}/`)
    const main = page.locator('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'content:home.title'))
    await expect(main.getByRole('link', { name: winches, exact: true })).toHaveAttribute('href', path)
    await expect(main.getByRole('link', { name: t(locale, 'content:home.finder'), exact: true })).toHaveAttribute('href', `/${locale}/product-finder`)
    await expect(main.getByRole('link', { name: t(locale, 'content:home.range') })).toHaveAttribute('href', `/${locale}${locale === 'en' ? '/products/' : '/produits/'}`)
    await expect(main.locator('.manufacturer-logos a').first()).toHaveAttribute('href', new RegExp(`^/${locale}/manufacturer/`))
  })
}

test('content pages name themselves once: one h1, no heading repeating it, no skipped level', async ({ page }) => {
  for (const [path, title] of [['/branchen/forstbetriebe/', 'Forstbetriebe'], ['/produkte/seilwinden/', 'Seilwinden'], ['/unternehmen/service-kontakt/', 'Service & Kontakt']]) {
    await visit(page, path)
    const headings = await headingLevels(page)
    expect(headings[0], path).toEqual({ level: 1, text: title })
    expect(headings.filter((h) => h.level === 1), path).toHaveLength(1)
    expect(headings.slice(1).map((h) => h.text), path).not.toContain(title)
    for (let i = 1; i < headings.length; i++) expect(headings[i]!.level, `${path}: ${headings[i]!.text}`).toBeLessThanOrEqual(headings[i - 1]!.level + 1)
  }
})
