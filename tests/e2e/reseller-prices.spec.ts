import { join } from 'node:path'
import { request as playwrightRequest, type BrowserContext, type Page, type Response } from '@playwright/test'
import { COUNTRY_DE_ID, CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY, DEMO_ACCOUNTS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { readOutbox } from '../../server/demo-store/mail/outbox'
import { servers } from '../setup/servers'
import { logInThroughStore } from './auth-fixtures'
import { fillCart } from './checkout-fixtures'
import { expect, expectNoA11yViolations, t, test, shopContext } from './fixtures'

// Reseller prices end to end: the demo reseller logged in through the store API sees the reseller
// price, the normal price struck through and the discount on a listing, a product page and in
// cross-selling; everyone else sees normal prices. Runs with JavaScript on and off.

const euro = (value: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(value)
const WINCHES = '/produkte/seilwinden/'
const FS_10001 = '/forstseilwinde-fsw-35/FS-10001'
const FS_10002 = '/forstseilwinde-fsw-45/FS-10002'
const FS_31001 = `/detail/${sid('product:FS-31001')}`

function expectPrivate(response: Response | null) {
  expect(response?.status()).toBe(200)
  expect(response?.headers()['cache-control']).toBe('private, no-store')
}

async function open(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  return response
}

const listingCard = (page: Page, number: string) => page.locator(`.listing-card[data-product-number="${number}"]`)

test('a logged-in reseller sees the reseller price, the normal price and the discount on a listing', async ({ page, context, baseURL }) => {
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  const response = await open(page, WINCHES)
  // Rendered for a logged-in customer: never kept by a shared cache.
  expectPrivate(response)
  const card = listingCard(page, 'FS-10002')
  await expect(card.getByText(t('de', 'product:price.reseller'))).toBeVisible()
  // One price (no tiers, no variants): no "from".
  await expect(card.locator('.card-price-amount')).toHaveText(euro(2796.5))
  // The normal price replaces the product's own former price (3590 €) for a reseller.
  await expect(card.getByTestId('card-list-price')).toHaveText(euro(3290))
  await expect(card.getByTestId('card-discount')).toHaveText(t('de', 'product:price.discount', { percent: 15 }))
  await expect(card.getByText(t('de', 'product:price.normal'))).toBeVisible()
  // Every priced card of a reseller shows the discount.
  const priced = page.locator('.listing-card [data-price]')
  await expect(priced).not.toHaveCount(0)
  await expect(page.locator('.listing-card [data-testid="card-discount"]')).toHaveCount(await priced.count())
  if (test.info().project.use.javaScriptEnabled !== false) await expectNoA11yViolations(page)
})

test('a logged-in reseller sees the reseller price against the normal price on a product page, per tier', async ({ page, context, baseURL }) => {
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  expectPrivate(await open(page, FS_10002))
  const box = page.locator('.buy-box')
  await expect(box.getByText(t('de', 'product:price.reseller'))).toBeVisible()
  await expect(box.getByTestId('unit-price')).toHaveText(euro(2796.5))
  await expect(box.getByTestId('list-price')).toHaveText(euro(3290))
  await expect(box.getByTestId('discount')).toHaveText(t('de', 'product:price.discount', { percent: 15 }))
  await expect(box.locator('.price-list')).toContainText(t('de', 'product:price.normal'))
  await expect(box.locator('.price-saving')).toHaveText(t('de', 'product:price.savingAmount', { amount: euro(493.5), percent: 15 }))
  // A reseller is not invited to log in.
  await expect(page.locator('.reseller-note')).toHaveCount(0)
  if (test.info().project.use.javaScriptEnabled !== false) await expectNoA11yViolations(page)

  // Tier prices: each tier's reseller price next to the normal price of the same tier.
  await open(page, FS_31001)
  const tiers = page.locator('.tier-prices')
  await expect(tiers.getByRole('columnheader', { name: t('de', 'product:price.normal') })).toBeVisible()
  const rows = tiers.locator('tbody tr')
  await expect(rows.nth(0)).toContainText(euro(58.65))
  await expect(rows.nth(0).locator('s')).toHaveText(euro(69))
  await expect(rows.nth(2)).toContainText(euro(52.79))
  await expect(rows.nth(2).locator('s')).toHaveText(euro(62.1))
})

test('a reseller\'s cart names the normal price beside the reseller price, on the cart page and in the side cart', async ({ page, context, baseURL }) => {
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  await fillCart(context, baseURL!, [{ number: 'FS-10002', quantity: 1 }])
  expectPrivate(await open(page, '/checkout/cart'))
  const line = page.locator('[data-testid="cart-line"][data-product-number="FS-10002"]')
  await expect(line.getByTestId('unit-price')).toHaveText(euro(2796.5))
  await expect(line.locator('.cart-line-list-price')).toHaveText(t('de', 'cart:line.listPrice', { price: euro(3290) }))
  if (test.info().project.use.javaScriptEnabled === false) return
  await open(page, FS_10002)
  await expect(page.locator('body[data-ready]')).toBeAttached()
  await page.getByTestId('header-cart').click()
  const dialog = page.getByRole('dialog', { name: t('de', 'cart:sideCart.title') })
  await expect(dialog.locator('.side-cart-unit')).toContainText(t('de', 'cart:sideCart.unitPrice', { price: euro(2796.5) }))
  await expect(dialog.locator('.side-cart-list-price')).toHaveText(t('de', 'cart:line.listPrice', { price: euro(3290) }))
})

test('a logged-in reseller sees reseller prices in cross-selling, against what everyone else pays', async ({ page, context, baseURL, browser }) => {
  // What an anonymous visitor pays for the accessories of FS-10001.
  const anonymous = await shopContext(browser, { baseURL, javaScriptEnabled: test.info().project.use.javaScriptEnabled })
  const normal = new Map<string, string>()
  try {
    const other = await anonymous.newPage()
    await open(other, FS_10001)
    const cards = other.locator('.product-cards').first().locator('.cms-product-card')
    await expect(cards).not.toHaveCount(0)
    for (const card of await cards.all()) {
      normal.set((await card.getAttribute('data-product-number')) ?? '', (await card.getByTestId('card-unit-price').textContent()) ?? '')
    }
    await expect(other.locator('.product-cards').getByText(t('de', 'product:price.reseller'))).toHaveCount(0)
  } finally {
    await anonymous.close()
  }

  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  expectPrivate(await open(page, FS_10001))
  const section = page.locator('.product-cards').first()
  await expect(section.getByRole('heading', { name: 'Passendes Zubehör' })).toBeVisible()
  const cards = section.locator('.cms-product-card')
  await expect(cards).toHaveCount(normal.size)
  for (const card of await cards.all()) {
    const number = (await card.getAttribute('data-product-number')) ?? ''
    await expect(card.getByText(t('de', 'product:price.reseller'))).toBeVisible()
    await expect(card.getByTestId('card-list-price'), number).toHaveText(normal.get(number)!)
    await expect(card.getByTestId('card-discount'), number).toHaveText(t('de', 'product:price.discount', { percent: 15 }))
    await expect(card.getByTestId('card-unit-price'), number).not.toHaveText(normal.get(number)!)
  }
})

test('a listing seen before logging in shows reseller prices afterwards (no cached anonymous copy)', async ({ page, context, baseURL }) => {
  const anonymous = await open(page, WINCHES)
  // The anonymous page may be cached, but only for requests without cookies.
  expect(anonymous?.headers()['cache-control']).toMatch(/^public/)
  expect(anonymous?.headers()['vary']).toMatch(/\bCookie\b/i)
  await expect(listingCard(page, 'FS-10002').getByTestId('card-unit-price')).toHaveText(euro(3290))

  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.reseller)
  expectPrivate(await page.goto(WINCHES))
  await expect(listingCard(page, 'FS-10002').getByTestId('card-unit-price')).toHaveText(euro(2796.5))
})

test('an anonymous visitor sees normal prices and the log-in-or-register note', async ({ page }) => {
  await open(page, FS_10002)
  const box = page.locator('.buy-box')
  await expect(box.getByTestId('unit-price')).toHaveText(euro(3290))
  await expect(box.getByTestId('list-price')).toHaveText(euro(3590))
  await expect(box.getByText(t('de', 'product:price.reseller'))).toHaveCount(0)
  const note = page.locator('.reseller-note')
  await expect(note).toContainText(t('de', 'product:buy.resellerNote').replace(/<\/?\w+>/g, ''))
  await expect(note.getByRole('link').first()).toHaveAttribute('href', '/login')
  await expect(note.getByRole('link').nth(1)).toHaveAttribute('href', '/register')

  await open(page, WINCHES)
  await expect(listingCard(page, 'FS-10002').getByTestId('card-unit-price')).toHaveText(euro(3290))
  await expect(listingCard(page, 'FS-10002').getByTestId('card-list-price')).toHaveText(euro(3590))
})

test('a logged-in standard customer sees normal prices and no reseller note', async ({ page, context, baseURL }) => {
  await logInThroughStore(context, baseURL!, DEMO_ACCOUNTS.customer)
  expectPrivate(await open(page, FS_10002))
  await expect(page.getByTestId('unit-price')).toHaveText(euro(3290))
  await expect(page.locator('.reseller-note')).toHaveCount(0)
})

/** Registers a business customer who asks for the reseller group and confirms the mail: logged in, not approved. */
async function logInAsPendingReseller(context: BrowserContext, baseURL: string): Promise<void> {
  const email = `pending-${test.info().project.name}-${Date.now().toString(36)}@forst-test.example`
  const password = 'Sicher-2024!'
  const api = await playwrightRequest.newContext({ baseURL })
  try {
    const headers = { 'sw-access-key': DEMO_ACCESS_KEY, accept: 'application/json' }
    const registered = await api.post('/store-api/account/register', {
      headers,
      data: {
        salutationId: sid('salutation:mr'), firstName: 'Paul', lastName: 'Pending', email, password, acceptedDataProtection: true,
        storefrontUrl: baseURL, accountType: 'business', company: 'Pending Forst KG', vatIds: ['DE123456789'],
        requestedGroupId: CUSTOMER_GROUP_IDS.reseller,
        billingAddress: { street: 'Waldweg 2', zipcode: '79098', city: 'Freiburg', countryId: COUNTRY_DE_ID },
      },
    })
    expect(registered.status(), await registered.text()).toBe(200)
    const outbox = join(servers.main.env.DATA_DIR, 'outbox')
    let link: URL | undefined
    await expect
      .poll(async () => {
        const href = (await readOutbox(outbox)).find((m) => m.to.includes(email))?.links.find((l) => l.includes('/registration/confirm'))
        link = href ? new URL(href) : undefined
        return !!link
      })
      .toBe(true)
    const confirmed = await api.post('/store-api/account/register-confirm', {
      headers,
      data: { hash: link!.searchParams.get('hash'), em: link!.searchParams.get('em') },
    })
    expect(confirmed.status()).toBe(200)
  } finally {
    await api.dispose()
  }
  await logInThroughStore(context, baseURL, { email, password })
}

test('a registered reseller who is not approved yet sees normal prices and why', async ({ page, context, baseURL }) => {
  await logInAsPendingReseller(context, baseURL!)
  expectPrivate(await open(page, FS_10002))
  await expect(page.getByTestId('unit-price')).toHaveText(euro(3290))
  await expect(page.getByTestId('list-price')).toHaveText(euro(3590))
  await expect(page.locator('.reseller-note')).toHaveText(t('de', 'product:price.pendingNote'))
  await open(page, WINCHES)
  await expect(listingCard(page, 'FS-10002').getByTestId('card-unit-price')).toHaveText(euro(3290))
  await expect(listingCard(page, 'FS-10002').getByText(t('de', 'product:price.reseller'))).toHaveCount(0)
})
