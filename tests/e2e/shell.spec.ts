import { expect, loaded, locales, prefix, t, test, visit } from './fixtures'

const anchors = {
  de: ['Produkte', 'Ersatzteile', 'Branchen', 'Unternehmen', 'Hersteller'],
  en: ['Products', 'Spare parts', 'Industries', 'Company', 'Manufacturers'],
  fr: ['Produits', 'Pièces détachées', 'Secteurs', 'Entreprise', 'Fabricants'],
}
const htmlLang = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }

for (const locale of locales) {
  test(`home page in ${locale}: language, navigation, SEO head and structured data`, async ({ page, baseURL }) => {
    const home = prefix(locale) || '/'
    const response = await page.goto(home)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang[locale])

    const nav = page.getByRole('navigation', { name: t(locale, 'header.mainNavigation') })
    for (const name of anchors[locale]) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toBeVisible()
    }
    // A search box without JS; with JS it becomes a combobox with suggestions.
    const searchName = { name: t(locale, 'header.search.label') }
    await expect(page.getByRole('searchbox', searchName).or(page.getByRole('combobox', searchName))).toBeVisible()
    await expect(page.getByRole('link', { name: t(locale, 'header.wishlist') })).toBeVisible()
    await expect(page.getByRole('button', { name: t(locale, 'consent:button') }).or(
      page.getByRole('link', { name: t(locale, 'consent:button') }),
    )).toBeVisible()

    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
    expect(canonical).toBe(`${baseURL}${prefix(locale) || '/'}`)
    const alternates = await (await loaded(page)).locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
      Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
    )
    expect(alternates).toEqual({
      de: `${baseURL}/`,
      en: `${baseURL}/en`,
      fr: `${baseURL}/fr`,
      'x-default': `${baseURL}/`,
    })

    const jsonLd = await (await loaded(page))
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.flatMap((s) => [JSON.parse(s.textContent ?? 'null')].flat()))
    const nodes = jsonLd.flatMap((d) => (d['@graph'] ? d['@graph'] : [d]))
    const website = nodes.find((n) => n['@type'] === 'WebSite')
    expect(website.potentialAction['@type']).toBe('SearchAction')
    expect(website.potentialAction.target.urlTemplate ?? website.potentialAction.target).toContain(
      `${prefix(locale)}/search?search={search_term_string}`,
    )
    const itemList = nodes.find((n) => n['@type'] === 'ItemList')
    expect(itemList.itemListElement.map((e: { name: string }) => e.name)).toEqual(anchors[locale])
    expect(nodes.some((n) => n['@type'] === 'SiteNavigationElement')).toBe(true)

    await expect(page.getByText(t(locale, 'footer.openingHours'))).toBeVisible()
  })
}

test('anonymous catalogue pages set no cookie', async ({ request }) => {
  for (const path of ['/', '/en', '/fr', '/produkte/', '/en/products/winches/', '/fr/produits/', '/impressum/']) {
    const response = await request.get(path, { headers: { 'Accept-Language': 'de' }, maxRedirects: 0 })
    expect(response.status(), path).toBe(200)
    expect(response.headers()['set-cookie'], path).toBeUndefined()
  }
})

test('the bare / sends a French browser to /fr, and a stored choice wins', async ({ request }) => {
  const french = await request.get('/', { headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' }, maxRedirects: 0 })
  expect(french.status()).toBe(302)
  expect(new URL(french.headers()['location'], 'http://x').pathname).toBe('/fr')

  const chosen = await request.get('/', {
    headers: { 'Accept-Language': 'fr-FR', Cookie: 'locale=de' },
    maxRedirects: 0,
  })
  expect(chosen.status()).toBe(200)

  // Only the bare / detects: an explicit page stays in its language.
  const page = await request.get('/produkte/', { headers: { 'Accept-Language': 'fr-FR' }, maxRedirects: 0 })
  expect(page.status()).toBe(200)
})

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' })

  test('reading the German shop stays German when a link leads to /; arriving from outside it is sent to /fr', async ({ page }) => {
    await page.goto('/produkte/')
    await page.getByRole('link', { name: t('de', 'header.home') }).click()
    // With JS the link navigates in the page: wait for it to arrive.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/')
    await expect(page.getByRole('navigation', { name: t('de', 'header.mainNavigation') })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', /^de/)
    await page.goto('/')
    expect(new URL(page.url()).pathname).toBe('/fr')
  })
})

test('menu leads to a category content page', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: t('de', 'header.mainNavigation') })
  await nav.getByRole('link', { name: 'Unternehmen', exact: true }).first().click()
  await expect(page).toHaveURL(/\/unternehmen\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unternehmen')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/unternehmen\/$/)
})

test('language switch keeps the shopper on the same page and remembers the choice', async ({ page, context }) => {
  await page.goto('/produkte/seilwinden/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seilwinden')
  const switcher = page.getByRole('navigation', { name: t('de', 'language.label') })

  await expect(switcher.getByText('Deutsch')).toHaveAttribute('aria-current', 'true')
  await switcher.getByRole('button', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/products\/winches\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Winches')

  await page
    .getByRole('navigation', { name: t('en', 'language.label') })
    .getByRole('button', { name: 'Français' })
    .click()
  await expect(page).toHaveURL(/\/fr\/produits\/treuils\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR')

  const cookies = await context.cookies()
  expect(cookies.find((c) => c.name === 'locale')).toMatchObject({ value: 'fr', sameSite: 'Lax' })
  // The stored choice now decides where the bare / lands.
  await page.goto('/')
  await expect(page).toHaveURL(/\/fr$/)
})

test('content pages show breadcrumbs from home to the page, also as structured data', async ({ page, baseURL }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false
  await page.goto('/en/products/winches/')
  const trail = page.getByRole('navigation', { name: t('en', 'breadcrumb.label') })
  await expect(trail.getByRole('listitem')).toHaveText([t('en', 'breadcrumb.home'), 'Products', 'Winches'])
  await expect(trail.getByRole('link', { name: 'Winches' })).toHaveAttribute('aria-current', 'page')
  if (js) {
    await expect(page.locator('body[data-ready]')).toBeAttached()
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  }
  await trail.getByRole('link', { name: 'Products' }).click()
  await expect(page).toHaveURL(/\/en\/products\/$/)
  // With JavaScript a crumb navigates inside the app, as the menu's links do: no new document.
  if (js) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

  const jsonLd = await (await loaded(page))
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.flatMap((s) => [JSON.parse(s.textContent ?? 'null')].flat()))
  const list = jsonLd.find((n) => n['@type'] === 'BreadcrumbList')
  expect(list.itemListElement.map((e: { item: string }) => e.item)).toEqual([`${baseURL}/en`, `${baseURL}/en/products/`])
})

test('legal short paths lead to the localized landing pages', async ({ page }) => {
  await page.goto('/en/privacy')
  await expect(page).toHaveURL(/\/en\/privacy-policy\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.goto('/toc')
  await expect(page).toHaveURL(/\/agb\/$/)
})

test('robots.txt and sitemap.xml list the shop in every language', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toContain('xml')
  const xml = await sitemap.text()
  for (const path of ['/produkte/seilwinden/', '/en/products/winches/', '/fr/produits/treuils/', '/en/privacy-policy/']) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`)
  }
  expect(xml).toContain(`hreflang="x-default" href="${baseURL}/produkte/seilwinden/"`)
  // Within the protocol's 50,000 URLs, /sitemap.xml is the whole sitemap: no index, no files of one.
  expect(xml).not.toContain('<sitemapindex')
  expect((await request.get('/sitemap/1.xml')).status()).toBe(404)
})

test('the page hydrates part by part and keeps every element the server sent @js', async ({ page }) => {
  // Every element of header, content and footer as the server sent it, before any script ran.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { serverElements: Element[] }).serverElements = [...document.querySelectorAll('header *, main *, footer *')]
    })
  })
  await visit(page, '/produkte/seilwinden/')
  const { total, replaced } = await page.evaluate(() => {
    const elements = (window as unknown as { serverElements: Element[] }).serverElements
    // The one part that is replaced on purpose: the menu's no-JS disclosure gives way to the scripted menu.
    const kept = elements.filter((element) => !element.closest('.mobile-menu-nojs'))
    return { total: kept.length, replaced: kept.filter((element) => !element.isConnected).length }
  })
  expect(total).toBeGreaterThan(300)
  expect(replaced).toBe(0)
  // Each part works once hydrated: a card's heart updates the header's count in place, the menu opens its panels by script.
  const card = page.locator('.listing-grid [data-product-number]').first()
  const name = (await card.locator('.cms-product-name').textContent())!.trim()
  const heart = card.getByRole('button', { name: t('de', 'wishlist:heart.label', { name }), exact: true })
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('wishlist-count')).toHaveText('1')
  await expect(page.locator('nav.main-nav')).toHaveClass(/main-nav-js/)
})
