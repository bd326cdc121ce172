import { auditUrl, expect, loaded, prefix, t, test, type Locale } from './fixtures'

// Product ids are deterministic in the demo store: md5('forst-demo:product:<number>') (server/demo-store/ids.ts).
const ids = {
  'FS-10001': '7500379cfa8d405f6ddc1d15032ef246',
  'FS-10002': '3383a33e97309eb55202a322cefd4e0b',
  'FS-10003': '74a2393f454b431efdfa7fdae2596002',
  'FS-10005': 'fb88112b8bf6456b95ba1e4d6b4a8370',
  'FS-10006': 'db5679f1dfaf19048ecd70ff57f0285c',
  'FS-10007': 'b80f54053a6375760450872c358203a5',
  'FS-70001': '2337c0d345945924e982582a3f5f4377',
  'FS-80001': '33248b5039ef7d03af697d941ec8e6b4',
  'FS-90012': '06f5740015b93188a2454c6fb97728e0',
  'FS-41001': 'f1af73e4a279176ae94eee1e9f600848',
} as const

const detail = (locale: Locale, number: keyof typeof ids) => `${prefix(locale)}/detail/${ids[number]}`

test('a product page shows number, facts, custom fields, downloads and a manufacturer link', async ({ page }) => {
  const response = await page.goto(detail('de', 'FS-10001'))
  expect(response?.status()).toBe(200)
  // The technical route answers with the SEO path.
  await expect(page).toHaveURL(/\/forstseilwinde-fsw-35\/FS-10001$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forstseilwinde FSW 35')
  await expect(page.getByTestId('product-number')).toHaveText('FS-10001')

  const facts = page.locator('.product-facts')
  await expect(facts.getByText(t('de', 'product:weight'), { exact: true })).toBeVisible()
  await expect(page.getByTestId('product-weight')).toHaveText('420 kg')
  await expect(facts.getByText(t('de', 'product:fields.scopeOfDelivery'))).toBeVisible()
  await expect(facts.getByText('Winde, Gelenkwelle, Funkfernsteuerung, Betriebsanleitung')).toBeVisible()
  // The winch is the machine: the facts name no machine type of it.
  await expect(facts.getByText(t('de', 'product:fields.machineType'))).toHaveCount(0)

  const manufacturer = page.getByRole('link', { name: t('de', 'product:manufacturerLink', { name: 'Waldkraft' }) })
  await expect(manufacturer).toHaveAttribute('href', /^\/manufacturer\/[0-9a-f]{32}$/)
  await expect(page.getByRole('link', { name: 'Betriebsanleitung (PDF)' })).toHaveAttribute('href', /\.pdf$/)

  // Cross-selling of FS-10001: accessories; no spare parts, as none of the seeded ones fits an FSW 35.
  await expect(page.getByRole('heading', { name: 'Passendes Zubehör' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ersatzteile', exact: true })).toHaveCount(0)

  // Visitors are invited to log in or register for reseller prices.
  await expect(page.locator('.reseller-note').getByRole('link').first()).toHaveAttribute('href', '/login')
  await expect(page.locator('.reseller-note').getByRole('link').nth(1)).toHaveAttribute('href', '/register')

  // Product structured data with a net-price offer; the trail leads through the product's category to the product.
  const jsonLd = await (await loaded(page)).locator('script[type="application/ld+json"]').allTextContents()
  const product = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product')
  expect(product).toMatchObject({
    name: 'Forstseilwinde FSW 35',
    sku: 'FS-10001',
    brand: { name: 'Waldkraft' },
    offers: { price: '2490.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
  })
  await expect(page.locator('.breadcrumbs li')).toHaveText([t('de', 'breadcrumb.home'), 'Produkte', 'Seilwinden', 'Forstseilwinde FSW 35'])
  await expect(page.locator('.breadcrumbs').getByRole('link', { name: 'Seilwinden' })).toHaveAttribute('href', '/produkte/seilwinden/')
  const trail = jsonLd.flatMap((text) => [JSON.parse(text)].flat()).find((data) => data['@type'] === 'BreadcrumbList')
  expect(trail.itemListElement.map((item: { name: string }) => item.name)).toEqual([t('de', 'breadcrumb.home'), 'Produkte', 'Seilwinden', 'Forstseilwinde FSW 35'])
})

test('crane parts show crane fields and predecessor models, a winch part its machine; the follow-up article links to it', async ({ page }) => {
  await page.goto(detail('en', 'FS-70001'))
  const facts = page.locator('.product-facts')
  for (const key of ['craneType', 'craneManufacturer', 'originalArticle', 'predecessorModels']) {
    await expect(facts.getByText(t('en', `product:fields.${key}`), { exact: true })).toBeVisible()
  }
  await expect(facts.getByText('NO-100037')).toBeVisible()

  // A winch part names the machine it fits, in the page's language.
  await page.goto(detail('en', 'FS-80001'))
  await expect(page.locator('.product-facts').getByText(t('en', 'product:fields.machineType'), { exact: true })).toBeVisible()
  await expect(page.locator('.product-facts').getByText('Winch FSW 55', { exact: true })).toBeVisible()

  await page.goto(detail('de', 'FS-90012'))
  const followUp = page.locator('.product-facts').getByRole('link', { name: 'FS-90013' })
  await expect(followUp).toHaveAttribute('href', '/search?search=FS-90013')
})

test('variants: each option is a link to the variant page; the product number follows', async ({ page }) => {
  await page.goto('/en/saw-chain-full-chisel/FS-20001')
  await expect(page.getByTestId('product-number')).toHaveText('FS-20001.1')
  const variants = page.getByRole('navigation', { name: t('en', 'product:variants.label') })
  await expect(variants.getByRole('link', { name: '35 cm' })).toHaveAttribute('aria-current', 'true')

  await variants.getByRole('link', { name: '45 cm' }).click()
  await expect(page).toHaveURL(/\/en\/saw-chain-full-chisel\/FS-20001\.3$/)
  await expect(page.getByTestId('product-number')).toHaveText('FS-20001.3')

  // From a variant's own page the other groups switch too, keeping the chosen length.
  await page.getByRole('navigation', { name: t('en', 'product:variants.label') }).getByRole('link', { name: '1.6 mm' }).click()
  await expect(page).toHaveURL(/\/FS-20001\.7$/)
  await expect(page.getByTestId('product-number')).toHaveText('FS-20001.7')
})

test("tier prices are labelled 'to N' and, for the last tier, 'from N'", async ({ page }) => {
  await page.goto('/fr/detail/70e1a2a7dc8e26487b0eae681fb248be') // FS-31001 Spaltaxt 2,5 kg
  const table = page.getByRole('table', { name: t('fr', 'product:buy.tiers.caption') })
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0).locator('th')).toHaveText(t('fr', 'product:buy.tiers.to', { count: 9 }))
  await expect(rows.nth(1).locator('th')).toHaveText(t('fr', 'product:buy.tiers.to', { count: 49 }))
  await expect(rows.nth(2).locator('th')).toHaveText(t('fr', 'product:buy.tiers.from', { count: 50 }))
  await expect(rows.nth(2).locator('td')).toHaveText(/62,10\s€/)
  await expect(page.getByText(t('fr', 'product:buy.netNote'))).toBeVisible()
})

test('list price is struck through next to the current price', async ({ page }) => {
  await page.goto(detail('en', 'FS-10002'))
  await expect(page.getByTestId('unit-price')).toHaveText('€3,290.00')
  await expect(page.locator('.price-list s')).toHaveText('€3,590.00')
  await expect(page.getByRole('table', { name: t('en', 'product:buy.tiers.caption') })).toHaveCount(0)
})

test("a product shipped free says so in its price note instead of 'plus shipping'", async ({ page }) => {
  await page.goto(detail('fr', 'FS-41001'))
  await expect(page.locator('.buy-box .price-note')).toHaveText(t('fr', 'product:buy.netNoteShippingFree'))
  await expect(page.getByText(t('fr', 'product:shippingFree'), { exact: true })).toBeVisible()
  await page.goto(detail('fr', 'FS-10002'))
  await expect(page.locator('.buy-box .price-note')).toHaveText(t('fr', 'product:buy.netNote'))
})

test('each availability state', async ({ page }) => {
  await page.goto(detail('de', 'FS-10001'))
  await expect(page.locator('.buy-availability')).toContainText(t('de', 'product:availability.available'))

  await page.goto(detail('de', 'FS-10003'))
  await expect(page.locator('.buy-availability')).toContainText(t('de', 'product:availability.restockWeeks_one'))
  await expect(page.getByRole('button', { name: t('de', 'product:buy.submit') })).toBeVisible()

  await page.goto(detail('de', 'FS-10005'))
  await expect(page.locator('.buy-availability')).toContainText(t('de', 'product:availability.limited', { count: 4 }))
  await expect(page.getByLabel(t('de', 'product:buy.quantity'))).toHaveAttribute('max', '4')

  await page.goto(detail('de', 'FS-10007'))
  await expect(page.locator('.buy-availability')).toContainText(t('de', 'product:availability.notAvailable'))
  await expect(page.getByRole('button', { name: t('de', 'product:buy.submit') })).toHaveCount(0)
  const jsonLd = await (await loaded(page)).locator('script[type="application/ld+json"]').allTextContents()
  expect(jsonLd.map((text) => JSON.parse(text)).find((d) => d['@type'] === 'Product').offers.availability).toBe(
    'https://schema.org/OutOfStock',
  )
})

test('a price-on-request product shows no price and no add-to-cart', async ({ page }) => {
  await page.goto(detail('en', 'FS-10006'))
  await expect(page.getByText(t('en', 'product:buy.onRequest'), { exact: true })).toBeVisible()
  await expect(page.getByTestId('unit-price')).toHaveCount(0)
  await expect(page.getByRole('button', { name: t('en', 'product:buy.submit') })).toHaveCount(0)
  await expect(page.locator('.buy-box')).not.toContainText('€')
})

test('last viewed products are kept in a cookie and shown on the next product page', async ({ page, context }) => {
  await page.goto(detail('en', 'FS-10002'))
  await expect(page.getByRole('heading', { name: t('en', 'product:lastViewed') })).toHaveCount(0)
  await page.goto(detail('en', 'FS-10003'))
  const lastViewed = page.locator('section', { has: page.getByRole('heading', { name: t('en', 'product:lastViewed') }) })
  await expect(lastViewed.getByRole('link', { name: 'Forestry winch FSW 45' })).toBeVisible()
  // The current product is not in its own list.
  await expect(lastViewed.getByRole('link', { name: 'Forestry winch FSW 55', exact: true })).toHaveCount(0)

  await page.goto(detail('en', 'FS-10001'))
  const names = await page
    .locator('section', { has: page.getByRole('heading', { name: t('en', 'product:lastViewed') }) })
    .locator('.cms-product-name')
    .allTextContents()
  expect(names).toEqual(['Forestry winch FSW 55', 'Forestry winch FSW 45'])

  const cookie = (await context.cookies()).find((c) => c.name === 'last-viewed')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
})

test('with JavaScript a product opened by a client-side link is recorded too @js', async ({ page }) => {
  await page.goto(detail('en', 'FS-10002'))
  await page.goto(detail('en', 'FS-10003'))
  const list = () => page.locator('section', { has: page.getByRole('heading', { name: t('en', 'product:lastViewed') }) })
  await expect(page.locator('body[data-ready]')).toBeAttached()
  const beacon = page.waitForResponse((response) => response.url().includes('/last-viewed/'))
  await list().getByRole('link', { name: 'Forestry winch FSW 45' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Forestry winch FSW 45' })).toBeVisible()
  expect((await beacon).status()).toBe(200)
  await page.goto(detail('en', 'FS-10001'))
  // FSW 45 was viewed last (through the client-side link), so it leads the list.
  await expect(list().locator('.cms-product-name')).toHaveText(['Forestry winch FSW 45', 'Forestry winch FSW 55'])
})

test('an anonymous product page is public and cookie-free; the view beacon records it; pages showing last viewed products or a session stay private', async ({ request, playwright, baseURL }) => {
  const category = await request.get('/produkte/')
  expect(category.headers()['set-cookie']).toBeUndefined()
  const path = detail('de', 'FS-10001')
  const product = await request.get(path)
  expect(product.status()).toBe(200)
  expect(product.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600')
  expect(product.headers()['vary']).toMatch(/Cookie/)
  expect(product.headers()['set-cookie']).toBeUndefined()
  const beaconPath = (await product.text()).match(/<img class="view-beacon" src="([^"]+)"/)?.[1]
  expect(beaconPath).toMatch(/^\/last-viewed\/[0-9a-f]{32}$/)

  const beacon = await request.get(beaconPath!)
  expect(beacon.status()).toBe(200)
  expect(beacon.headers()['content-type']).toBe('image/gif')
  expect(beacon.headers()['cache-control']).toBe('private, no-store')
  expect(beacon.headers()['set-cookie']).toMatch(/^last-viewed=[0-9a-f]{32}; /)
  expect((await request.get('/last-viewed/not-a-product')).status()).toBe(404)

  // The request context now carries the last-viewed cookie: another product page shows the list and is private.
  const withList = await request.get(detail('de', 'FS-10002'))
  expect(withList.headers()['cache-control']).toBe('private, no-store')
  expect(await withList.text()).toContain('id="last-viewed-title"')

  const cookie = { name: 'sw-context-token', value: 'SessionOfSomebody0123456789abcd', domain: new URL(baseURL!).hostname, path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const }
  const session = await playwright.request.newContext({ baseURL, storageState: { cookies: [cookie], origins: [] } })
  try {
    const personal = await session.get(path)
    expect(personal.headers()['cache-control']).toBe('private, no-store')
  } finally {
    await session.dispose()
  }
})

test('an unknown product id gives the 404 page', async ({ page }) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'document answers 404' })
  const response = await page.goto('/en/detail/0123456789abcdef0123456789abcdef')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'errors:messages.404'))
})

test('a product page has no accessibility violations', async ({ browser }, testInfo) => {
  await auditUrl(browser, testInfo, '/saegekette-vollmeissel/FS-20001')
})
