import type { Page, TestInfo } from '@playwright/test'
import { logInThroughStore } from './auth-fixtures'
import { fillCart, productId, registerGuestThroughStore, storeCall, uniqueEmail } from './checkout-fixtures'
import { expect, prefix, t, test, type Locale } from './fixtures'

// A rope and a choker (variants: the parents cannot be bought): in stock with plenty of pieces, so orders here do not starve other tests.
const rope = { number: 'FS-41001.1', quantity: 1 }
const choker = { number: 'FS-40001.1', quantity: 1 }

const noJs = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled === false

/** Waits until the page (JS: the fetcher's revalidation; no JS: the redirect) shows a section's result. */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible()
}

async function ready(page: Page, testInfo: TestInfo) {
  if (!noJs(testInfo)) await expect(page.locator('body[data-ready]')).toBeAttached()
}

/** Picks a method; with JS the choice is sent at once, without it the section's button sends it. */
async function choose(page: Page, testInfo: TestInfo, locale: Locale, kind: 'shipping' | 'payment', name: string | RegExp) {
  const section = page.locator(`section[aria-labelledby="checkout-${kind}-title"]`)
  await section.getByRole('radio', { name }).check()
  if (noJs(testInfo)) await section.getByRole('button', { name: t(locale, `checkout:${kind}.submit`) }).click()
  await expectNotice(page, t(locale, `checkout:${kind}.changed`))
}

interface GuestEntry {
  firstName: string
  lastName: string
  email: string
  street: string
  zipcode: string
  city: string
  company?: string
  vatId?: string
  country?: string
}

/** Fills the checkout's 'continue as a guest' form as a shopper would and sends it. */
async function continueAsGuest(page: Page, locale: Locale, entry: GuestEntry) {
  const guest = page.locator('form#checkout-guest')
  const field = (name: string) => guest.getByLabel(t(locale, `checkout:fields.${name}`))
  await field('salutation').selectOption({ index: 1 })
  await field('firstName').fill(entry.firstName)
  await guest.locator('input[name="lastName"]').fill(entry.lastName)
  await field('email').fill(entry.email)
  if (entry.company) await field('company').fill(entry.company)
  if (entry.vatId) await field('vatId').fill(entry.vatId)
  await field('street').fill(entry.street)
  await field('zipcode').fill(entry.zipcode)
  await field('city').fill(entry.city)
  if (entry.country) await field('country').selectOption({ label: entry.country })
  await guest.getByRole('button', { name: t(locale, 'checkout:who.guestSubmit') }).click()
}

async function placeOrder(page: Page, locale: Locale) {
  await page.locator('input[name="tos"]').check()
  await page.getByRole('button', { name: t(locale, 'checkout:order.submit') }).click()
  await expect(page).toHaveURL(new RegExp(`${prefix(locale)}/checkout/success/[0-9a-f]{32}$`))
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'checkout:success.heading') })).toBeVisible()
}

test('guest checkout in French: continue as a guest, demo payment page after 5 s, pay, paid page', async ({ page, context, baseURL }, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 30_000)
  await fillCart(context, baseURL!, [rope])
  const email = uniqueEmail('gast-fr')
  await page.goto('/fr/checkout')
  await ready(page, testInfo)
  await expect(page.getByRole('heading', { level: 1, name: t('fr', 'checkout:page.title') })).toBeVisible()

  await continueAsGuest(page, 'fr', { firstName: 'Greta', lastName: 'Gast', email, street: 'Forstweg 7', zipcode: '79098', city: 'Freiburg' })
  await expect(page.getByText(t('fr', 'checkout:who.asGuest', { name: 'Greta Gast', email }))).toBeVisible()

  await choose(page, testInfo, 'fr', 'payment', /Demo Pay/)
  await placeOrder(page, 'fr')
  // A guest has no account to find the order in later: the mail's link is the way back to it.
  await expect(page.getByText(t('fr', 'checkout:success.guestMailNote'))).toBeVisible()
  // Spec section 9: a visible countdown, a link for the impatient, then the payment page.
  await expect(page.getByRole('link', { name: t('fr', 'checkout:success.payNow') })).toBeVisible()
  await expect(page.getByText(/\d seconde/)).toBeVisible()
  const orderPage = page.url()
  const started = Date.now()
  await page.waitForURL(/\/demo-payment\//, { timeout: 15_000 })
  expect(Date.now() - started).toBeGreaterThan(2_000)

  await page.locator('button[value="pay"]').click()
  await expect(page).toHaveURL(`${orderPage}/paid`)
  await expect(page.getByText(t('fr', 'checkout:payment.paidTitle'))).toBeVisible()
  await expect(page.getByText('Forstweg 7').first()).toBeVisible()
})

test('a French business guest with a VAT id orders without VAT (intra-Community supply)', async ({ page, context, baseURL }, testInfo) => {
  await fillCart(context, baseURL!, [rope])
  await page.goto('/fr/checkout')
  await ready(page, testInfo)
  const totals = page.locator('.cart-totals')
  // Before the shopper says who orders, the shop's own country applies: VAT is added.
  await expect(totals.getByText(t('fr', 'cart:totals.tax', { rate: '19' }))).toBeVisible()
  await expect(page.getByText(t('fr', 'checkout:page.intro'))).toBeVisible()

  await expect(page.locator('form#checkout-guest').getByText(t('fr', 'checkout:fields.vatIdHint'))).toBeVisible()
  await continueAsGuest(page, 'fr', {
    firstName: 'Camille',
    lastName: 'Bois',
    email: uniqueEmail('intra-ue'),
    company: 'Bois Camille SARL',
    // Typed as printed on a letterhead; the store gets it bare and upper case.
    vatId: 'fr 12 345 678 901',
    street: '1 rue du Bois',
    zipcode: '67000',
    city: 'Strasbourg',
    country: 'France',
  })
  await expect(page.getByText(/Camille Bois/).first()).toBeVisible()

  const expectTaxFree = async () => {
    await expect(totals.getByText(t('fr', 'cart:totals.taxFree'), { exact: true })).toBeVisible()
    await expect(totals.getByText(t('fr', 'cart:totals.tax', { rate: '19' }))).toHaveCount(0)
    await expect(page.getByText(t('fr', 'cart:totals.taxFreeNote'))).toBeVisible()
    // The total is the net sum.
    const amount = async (key: string) => totals.locator('div', { has: page.getByText(t('fr', key), { exact: true }) }).locator('dd').innerText()
    expect(await amount('cart:totals.totalTaxFree')).toBe(await amount('cart:totals.net'))
    await expect(page.getByText(t('fr', 'checkout:order.totalTaxFree'))).toBeVisible()
    await expect(page.getByText(t('fr', 'checkout:order.total'))).toHaveCount(0)
  }
  await expectTaxFree()
  await expect(page.getByText(t('fr', 'checkout:page.introTaxFree'))).toBeVisible()
  await page.goto('/fr/checkout/cart')
  await expect(totals.getByText(t('fr', 'cart:totals.taxFree'), { exact: true })).toBeVisible()
  await expect(page.getByText(t('fr', 'cart:page.netNoteTaxFree'))).toBeVisible()
  await expect(page.getByText(t('fr', 'cart:page.netNote'))).toHaveCount(0)
  // Every note beside a price says so too: the product's buy box, a listing's cards, the footer.
  await page.goto(`/fr/detail/${productId(rope.number)}`)
  // The rope ships free of charge (seed).
  await expect(page.locator('.buy-box .price-note')).toHaveText(t('fr', 'product:buy.taxFreeNoteShippingFree'))
  await expect(page.getByRole('contentinfo').getByText(t('fr', 'common:footer.pricesTaxFree'))).toBeVisible()
  await expect(page.getByText(t('fr', 'common:footer.prices'))).toHaveCount(0)
  await page.goto(`/fr/search?search=${rope.number}`)
  await expect(page.locator('.card-price-note').first()).toHaveText(t('fr', 'product:price.netNoteTaxFree'))
  await page.goto('/fr/checkout')
  await ready(page, testInfo)
  await placeOrder(page, 'fr')
  await expectTaxFree()
})

test('a failed payment, then pay again with another method', async ({ page, context, baseURL }, testInfo) => {
  testInfo.setTimeout(testInfo.timeout + 30_000)
  await fillCart(context, baseURL!, [choker])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-de'))
  await page.goto('/checkout')
  await ready(page, testInfo)
  await choose(page, testInfo, 'de', 'payment', /Demo Pay/)
  await placeOrder(page, 'de')
  const orderPage = page.url()
  // The shopper does not wait for the countdown.
  await page.getByRole('link', { name: t('de', 'checkout:success.payNow') }).click()
  await expect(page).toHaveURL(/\/demo-payment\//)
  await page.locator('button[value="fail"]').click()

  await expect(page).toHaveURL(new RegExp(`^${orderPage}/unpaid`))
  await expect(page.getByRole('heading', { level: 1, name: t('de', 'checkout:success.unpaidHeading') })).toBeVisible()
  await expect(page.getByText(t('de', 'checkout:payment.failedTitle'))).toBeVisible()
  // Pay again: choose a method (demo pay again) and end on the payment page, this time paying.
  const again = page.locator('form.checkout-pay-again')
  await again.getByRole('radio', { name: /Demo Pay/ }).check()
  await again.getByRole('button', { name: t('de', 'checkout:payment.payAgain') }).click()
  await expect(page).toHaveURL(/\/demo-payment\//)
  await page.locator('button[value="pay"]').click()
  await expect(page).toHaveURL(`${orderPage}/paid`)
  await expect(page.getByText(t('de', 'checkout:payment.paidTitle'))).toBeVisible()

  // A paid order cannot be paid again.
  await page.goto(`${orderPage}/unpaid`)
  await expect(page.locator('form.checkout-pay-again')).toHaveCount(0)
  await expect(page.getByText(t('de', 'checkout:payment.paidTitle'))).toBeVisible()
})

test('customer checkout in English with saved addresses and another shipping method', async ({ page, context, baseURL }, testInfo) => {
  await logInThroughStore(context, baseURL!, { email: 'kunde@example.com', password: 'Forst2024!' })
  // The choker ships at a price (the rope ships free), so another shipping method shows in the totals.
  await fillCart(context, baseURL!, [choker])
  await page.goto('/en/checkout')
  await ready(page, testInfo)
  await expect(page.getByText(t('en', 'checkout:who.asCustomer', { name: 'Max Holzer', email: 'kunde@example.com' }))).toBeVisible()

  // Both saved addresses are offered (shipping preselected: the yard in St. Peter); ship to the office in Freiburg instead.
  const shipping = page.locator('form#checkout-shipping-address')
  await expect(shipping.getByRole('radio', { name: /Am Holzplatz 3/ })).toBeChecked()
  await shipping.getByRole('radio', { name: /Waldstraße 12/ }).check()
  if (noJs(testInfo)) await shipping.getByRole('button', { name: t('en', 'checkout:address.shippingSubmit') }).click()
  await expectNotice(page, t('en', 'checkout:address.shippingSet'))
  await expect(page.locator('form#checkout-billing-address').getByRole('radio', { name: /Waldstraße 12/ })).toBeChecked()

  const totals = page.locator('.checkout-summary .cart-totals')
  const before = await totals.textContent()
  await choose(page, testInfo, 'en', 'shipping', /Express/)
  await expect(page.locator('section[aria-labelledby="checkout-shipping-title"]').getByRole('radio', { name: /Express/ })).toBeChecked()
  // Another shipping method re-prices the page.
  await expect(totals).not.toHaveText(before ?? '')

  await page.getByLabel(t('en', 'checkout:order.contactPerson')).fill('Max Holzer')
  await placeOrder(page, 'en')
  await expect(page.getByText('Express').first()).toBeVisible()
  await expect(page.getByText(t('en', 'checkout:success.mailNote', { email: 'kunde@example.com' }))).toBeVisible()
  await expect(page.getByText(t('en', 'checkout:success.guestMailNote'))).toHaveCount(0)
  const shippedTo = page.locator('.checkout-facts > div').filter({ has: page.getByRole('heading', { name: t('en', 'checkout:success.shippingAddress') }) })
  await expect(shippedTo).toContainText('Waldstraße 12')
  await expect(page.getByText('Max Holzer').first()).toBeVisible()
  // On a phone the line table fits: every line's total is in view without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  const lines = page.locator('.checkout-table tbody tr')
  await lines.first().scrollIntoViewIfNeeded()
  await expect(lines.first().locator('td').last()).toBeInViewport({ ratio: 1 })
  await expect(lines.first().locator('td').nth(1)).toContainText('×')
  // Invoice is paid later: no countdown to a payment page.
  await expect(page.getByRole('link', { name: t('en', 'checkout:success.payNow') })).toHaveCount(0)
})

test('before the shopper says who orders there is nothing to type for the order, and a method chosen then stays', async ({ page, context, baseURL }, testInfo) => {
  await fillCart(context, baseURL!, [rope])
  await page.goto('/checkout')
  await ready(page, testInfo)
  const order = page.locator('section[aria-labelledby="checkout-order-title"]')
  const identifyFirst = t('de', 'checkout:order.identifyFirst').replace(/<\/?who>/g, '')
  await expect(order.getByText(identifyFirst)).toBeVisible()
  // Its link leads back up to step 1.
  await order.getByRole('link', { name: 'Schritt 1' }).click()
  await expect(page).toHaveURL(/#checkout-who-title$/)
  await expect(order.getByRole('textbox')).toHaveCount(0)
  await expect(order.getByRole('checkbox')).toHaveCount(0)
  await expect(order.getByRole('button', { name: t('de', 'checkout:order.submit') })).toBeDisabled()
  // Without JavaScript the method's button sends the order form, which has no draft yet.
  await choose(page, testInfo, 'de', 'shipping', /Express/)

  await continueAsGuest(page, 'de', { firstName: 'Greta', lastName: 'Gast', email: uniqueEmail('gast-erst'), street: 'Forstweg 7', zipcode: '79098', city: 'Freiburg' })
  await expectNotice(page, t('de', 'checkout:who.guestMessage'))
  await expect(order.getByLabel(t('de', 'checkout:order.comment'))).toBeVisible()
  await expect(order.getByText(identifyFirst)).toHaveCount(0)
  await expect(page.locator('section[aria-labelledby="checkout-shipping-title"]').getByRole('radio', { name: /Express/ })).toBeChecked()
})

test('what was typed for the order stays while the shipping method and address change above it', async ({ page, context, baseURL }, testInfo) => {
  await logInThroughStore(context, baseURL!, { email: 'kunde@example.com', password: 'Forst2024!' })
  await fillCart(context, baseURL!, [choker])
  await page.goto('/checkout')
  await ready(page, testInfo)
  // A Monday at least a week ahead.
  const day = new Date(Date.now() + 8 * 86_400_000)
  day.setUTCDate(day.getUTCDate() + ((8 - day.getUTCDay()) % 7))
  const typed = { contactPerson: 'Max Holzer, Polier', desiredDate: day.toISOString().slice(0, 10), comment: 'Bitte an Tor 2 liefern – Zufahrt über den Waldweg.' }
  const contactPerson = page.getByLabel(t('de', 'checkout:order.contactPerson'))
  const desiredDate = page.getByLabel(t('de', 'checkout:order.desiredDate'))
  const comment = page.getByLabel(t('de', 'checkout:order.comment'))
  const tos = page.locator('input[name="tos"]')
  await contactPerson.fill(typed.contactPerson)
  await desiredDate.fill(typed.desiredDate)
  await comment.fill(typed.comment)
  await tos.check()
  const expectTyped = async () => {
    await expect(contactPerson).toHaveValue(typed.contactPerson)
    await expect(desiredDate).toHaveValue(typed.desiredDate)
    await expect(comment).toHaveValue(typed.comment)
    await expect(tos).toBeChecked()
  }

  if (noJs(testInfo)) {
    // Enter in a field of the order form takes the choices above it and orders nothing.
    const posted = page.waitForResponse((r) => r.request().method() === 'POST')
    await contactPerson.press('Enter')
    expect((await posted).status()).toBe(303)
    await expect(page).toHaveURL(/\/checkout$/)
    await expectTyped()
  }
  await choose(page, testInfo, 'de', 'shipping', /Express/)
  await expectTyped()
  const shipping = page.locator('form#checkout-shipping-address')
  const other = (await shipping.getByRole('radio', { name: /Am Holzplatz 3/ }).isChecked()) ? /Waldstraße 12/ : /Am Holzplatz 3/
  await shipping.getByRole('radio', { name: other }).check()
  if (noJs(testInfo)) await shipping.getByRole('button', { name: t('de', 'checkout:address.shippingSubmit') }).click()
  await expectNotice(page, t('de', 'checkout:address.shippingSet'))
  await expect(shipping.getByRole('radio', { name: other })).toBeChecked()
  await expectTyped()

  // A promotion code: without JavaScript Enter in its field sends it with the order form, as its button does.
  const code = page.getByLabel(t('de', 'checkout:promotion.label'))
  await code.fill('FORST10')
  if (noJs(testInfo)) await code.press('Enter')
  else await page.getByRole('button', { name: t('de', 'checkout:promotion.submit') }).click()
  await expect(page.locator('.checkout-promotion-list')).toContainText('FORST10')
  await expectTyped()
  // Removing it keeps them too.
  await page.locator('.checkout-promotion-list').getByRole('button', { name: new RegExp(t('de', 'checkout:promotion.remove')) }).click()
  await expectNotice(page, t('de', 'checkout:promotion.removed'))
  await expect(page.locator('.checkout-promotion-list')).toHaveCount(0)
  await expectTyped()

  // A method picked but not yet taken (no JavaScript: its button not pressed) is taken when ordering,
  // and the page comes back to show the new total before anything is ordered.
  const standard = page.locator('section[aria-labelledby="checkout-shipping-title"]').getByRole('radio', { name: /Standard/ })
  const totalsWithExpress = await page.locator('.checkout-summary .cart-totals').textContent()
  await standard.check()
  if (noJs(testInfo)) {
    await page.getByRole('button', { name: t('de', 'checkout:order.submit') }).click()
    await expectNotice(page, t('de', 'checkout:order.changesApplied'))
    await expect(page).toHaveURL(/\/checkout$/)
    await expect(standard).toBeChecked()
    await expectTyped()
  } else {
    // Taken at once: the totals change before anything is ordered.
    await expect(page.locator('.checkout-summary .cart-totals')).not.toHaveText(totalsWithExpress ?? '')
  }
  await page.getByRole('button', { name: t('de', 'checkout:order.submit') }).click()
  await expect(page).toHaveURL(/\/checkout\/success\/[0-9a-f]{32}$/)
  await expect(page.locator('.checkout-facts')).toContainText('Standard')
  await expect(page.getByText(typed.contactPerson).first()).toBeVisible()
  await expect(page.getByText(typed.comment).first()).toBeVisible()
})

test('a new delivery address: refused at its field, then saved and chosen, and what was typed for the order stays', async ({ page, context, baseURL }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the refused address answers 400' })
  await fillCart(context, baseURL!, [rope])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-adresse'))
  await page.goto('/en/checkout')
  await ready(page, testInfo)
  const contactPerson = page.getByLabel(t('en', 'checkout:order.contactPerson'))
  const comment = page.getByLabel(t('en', 'checkout:order.comment'))
  await contactPerson.fill('Greta Gast, yard')
  await comment.fill('Please phone before delivery.')
  const expectTyped = async () => {
    await expect(contactPerson).toHaveValue('Greta Gast, yard')
    await expect(comment).toHaveValue('Please phone before delivery.')
  }

  const section = page.locator('.checkout-new-address')
  await section.getByText(t('en', 'checkout:address.newTitle')).click()
  const street = section.getByLabel(t('en', 'checkout:fields.street'))
  const city = section.getByLabel(t('en', 'checkout:fields.city'))
  await street.fill('Sägewerkstraße 4')
  await section.getByLabel(t('en', 'checkout:fields.zipcode')).fill('72270')
  const save = section.getByRole('button', { name: t('en', 'checkout:address.newSubmit') })
  const posted = noJs(testInfo) ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await save.click()
  if (posted) expect((await posted).status()).toBe(400)
  // The city is missing: said at the field, the address and the order's fields as typed.
  await expect(city).toHaveAttribute('aria-invalid', 'true')
  await expect(section.locator(`#${await city.getAttribute('aria-describedby').then((ids) => ids!.split(' ').find((id) => id.endsWith('-error')))}`)).toHaveText(
    t('en', 'auth:validation.required', { field: t('en', 'checkout:fields.city') }),
  )
  await expect(street).toHaveValue('Sägewerkstraße 4')
  await expectTyped()

  await city.fill('Baiersbronn')
  await save.click()
  await expectNotice(page, t('en', 'checkout:address.created'))
  await expect(page.locator('form#checkout-shipping-address').getByRole('radio', { name: /Sägewerkstraße 4/ })).toBeChecked()
  await expectTyped()
  await placeOrder(page, 'en')
  await expect(page.getByText('Sägewerkstraße 4').first()).toBeVisible()
  await expect(page.getByText('Please phone before delivery.').first()).toBeVisible()
})

// With JavaScript the address form posts on its own and the order form is not touched (the test above).
test('without JavaScript a new address begun is taken by Enter and by the order button, before anything is ordered @no-js-only', async ({ page, context, baseURL }) => {
  await fillCart(context, baseURL!, [rope])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-adresse-enter'))
  await page.goto('/checkout')
  await page.getByLabel(t('de', 'checkout:order.comment')).fill('Anlieferung werktags')
  const section = page.locator('.checkout-new-address')
  await section.getByText(t('de', 'checkout:address.newTitle')).click()
  await section.getByLabel(t('de', 'checkout:fields.street')).fill('Köhlerweg 9')
  await section.getByLabel(t('de', 'checkout:fields.zipcode')).fill('77776')
  await section.getByLabel(t('de', 'checkout:fields.city')).fill('Bad Rippoldsau')
  await section.getByLabel(t('de', 'checkout:fields.city')).press('Enter')
  await expectNotice(page, t('de', 'checkout:address.created'))
  await expect(page.locator('form#checkout-shipping-address').getByRole('radio', { name: /Köhlerweg 9/ })).toBeChecked()
  await expect(page.getByLabel(t('de', 'checkout:order.comment'))).toHaveValue('Anlieferung werktags')

  // Begun but not saved, then the order button: the address is taken and the page comes back to be checked.
  await section.getByText(t('de', 'checkout:address.newTitle')).click()
  await section.getByLabel(t('de', 'checkout:fields.street')).fill('Flößerstraße 2')
  await section.getByLabel(t('de', 'checkout:fields.zipcode')).fill('77776')
  await section.getByLabel(t('de', 'checkout:fields.city')).fill('Bad Rippoldsau')
  await page.locator('input[name="tos"]').check()
  await page.getByRole('button', { name: t('de', 'checkout:order.submit') }).click()
  await expectNotice(page, t('de', 'checkout:order.changesApplied'))
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.locator('form#checkout-shipping-address').getByRole('radio', { name: /Flößerstraße 2/ })).toBeChecked()
  await expect(page.getByLabel(t('de', 'checkout:order.comment'))).toHaveValue('Anlieferung werktags')
  await placeOrder(page, 'de')
  await expect(page.getByText('Flößerstraße 2').first()).toBeVisible()
})

test('a long comment in another script stays too, and a refused choice keeps what was typed', async ({ page, context, baseURL }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'the forged choice answers 400' })
  await fillCart(context, baseURL!, [rope])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-entwurf'))
  await page.goto('/checkout')
  await ready(page, testInfo)
  // 2,000 characters that do not compress into a cookie: without JavaScript the page comes back at once (200), not by a redirect.
  const comment = Array.from({ length: 2000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('')
  await page.getByLabel(t('de', 'checkout:order.comment')).fill(comment)
  const payment = page.locator('section[aria-labelledby="checkout-payment-title"]')
  if (noJs(testInfo)) {
    await payment.getByRole('radio', { name: /Vorkasse/ }).check()
    const posted = page.waitForResponse((r) => r.request().method() === 'POST')
    await payment.getByRole('button', { name: t('de', 'checkout:payment.submit') }).click()
    expect((await posted).status()).toBe(200)
  } else {
    await choose(page, testInfo, 'de', 'payment', /Vorkasse/)
  }
  await expect(page.getByLabel(t('de', 'checkout:order.comment'))).toHaveValue(comment)
  await expect(payment.getByRole('radio', { name: /Vorkasse/ })).toBeChecked()

  // A choice the store cannot take (a forged id), sent as the order form sends it without JavaScript.
  const refused = await context.request.post(`${baseURL}/checkout`, {
    form: { choice: 'shipping-method', shippingMethodId: 'f'.repeat(32), contactPerson: 'Max Holzer', comment: 'Tor 2', intent: 'order' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(400)
  const html = await refused.text()
  // The refusal is at the shipping method, and the order form still holds what was typed.
  const at = (pattern: RegExp) => expect(pattern.test(html), String(pattern)).toBe(true)
  at(new RegExp(`id="checkout-shipping-method-error"[^>]*><p>${t('de', 'auth:form.invalidFields_one')}</p>`))
  at(/<input [^>]*name="contactPerson"[^>]*value="Max Holzer"/)
  at(/<textarea [^>]*name="comment"[^>]*>Tor 2<\/textarea>/)

  // Removing a code that is gone already (another tab): no error page, back to the checkout with a notice and what was typed.
  const gone = await context.request.post(`${baseURL}/checkout`, {
    form: { removePromotion: 'e'.repeat(32), contactPerson: 'Max Holzer', comment: 'Tor 3', intent: 'order' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(gone.status()).toBe(303)
  await page.goto('/checkout')
  await expectNotice(page, t('de', 'cart:messages.lineGone'))
  await expect(page.getByLabel(t('de', 'checkout:order.comment'))).toHaveValue('Tor 3')
})

test('terms not accepted: refused at the field, nothing ordered', async ({ page, context, baseURL }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  await fillCart(context, baseURL!, [rope])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-agb'))
  await page.goto('/checkout')
  await ready(page, testInfo)
  await page.getByLabel(t('de', 'checkout:order.comment')).fill('Bitte an Tor 2 liefern')
  const posted = noJs(testInfo) ? page.waitForResponse((r) => r.request().method() === 'POST') : undefined
  await page.getByRole('button', { name: t('de', 'checkout:order.submit') }).click()
  if (posted) expect((await posted).status()).toBe(400)

  const tos = page.locator('input[name="tos"]')
  await expect(page.getByText(t('de', 'checkout:validation.tos'))).toBeVisible()
  await expect(tos).toHaveAttribute('aria-invalid', 'true')
  // The refusal is in view, not a screen above: without JavaScript the new page opens with the focus
  // on the order form's message, which says what to correct.
  await expect(page.getByText(t('de', 'checkout:validation.tos'))).toBeInViewport()
  if (noJs(testInfo)) {
    await expect(page.locator('#checkout-order-error')).toBeFocused()
    await expect(page.locator('#checkout-order-error')).toHaveText(t('de', 'auth:form.invalidFields_one'))
  }
  await expect(page).toHaveURL(/\/checkout$/)
  // What was typed stays.
  await expect(page.getByLabel(t('de', 'checkout:order.comment'))).toHaveValue('Bitte an Tor 2 liefern')
})

test('above the invoice limit the payment section says that invoice is not available for this order', async ({ page, context, baseURL }, testInfo) => {
  // Two FSW 55 at 3,990 € net: over the 5,000 € net up to which the shop sells on invoice.
  await fillCart(context, baseURL!, [{ number: 'FS-10003', quantity: 2 }])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-limit'))
  await page.goto('/checkout')
  await ready(page, testInfo)
  const payment = page.locator('section[aria-labelledby="checkout-payment-title"]')
  await expect(payment.getByRole('radio', { name: /Vorkasse/ })).toBeVisible()
  await expect(payment.getByRole('radio', { name: /Rechnung/ })).toHaveCount(0)
  await expect(payment.getByText(t('de', 'checkout:payment.unavailable'))).toBeVisible()
  // Its description names the limit: the shopper learns why.
  await expect(payment.getByRole('listitem')).toHaveText([/^Rechnung · .*bis 5\.000 €/])
})

test('a desired delivery date on a Sunday is refused at the field', async ({ page, context, baseURL }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS the document answers 400' })
  await fillCart(context, baseURL!, [rope])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-sonntag'))
  await page.goto('/checkout')
  await ready(page, testInfo)
  // The next Sunday at least a week ahead.
  const day = new Date(Date.now() + 8 * 86_400_000)
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7))
  await page.getByLabel(t('de', 'checkout:order.desiredDate')).fill(day.toISOString().slice(0, 10))
  await page.locator('input[name="tos"]').check()
  await page.getByRole('button', { name: t('de', 'checkout:order.submit') }).click()
  await expect(page.getByText(t('de', 'checkout:validation.dateSunday'))).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
})

test("someone else's order: 'order not found' (404)", async ({ page, context, baseURL }) => {
  await fillCart(context, baseURL!, [rope])
  const response = await page.goto(`/en/checkout/success/${'0'.repeat(32)}`)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'checkout:success.notFoundTitle') })).toBeVisible()
})

test('an empty cart has no checkout: back to the cart page', async ({ page }) => {
  await page.goto('/checkout')
  await expect(page).toHaveURL(/\/checkout\/cart$/)
})

test('the same order sent twice leads to the first order and never creates a second one', async ({ page, context, baseURL }, testInfo) => {
  await fillCart(context, baseURL!, [rope])
  await registerGuestThroughStore(context, baseURL!, uniqueEmail('gast-doppelt'))
  await page.goto('/checkout')
  await ready(page, testInfo)
  await placeOrder(page, 'de')
  const orderPath = new URL(page.url()).pathname
  // The browser's resubmit (back button, double click without JS): the same POST once more.
  const again = await context.request.post(`${baseURL}/checkout`, {
    form: { intent: 'order', tos: 'on' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(303)
  expect(again.headers()['location']).toBe(orderPath)
  const token = (await context.cookies()).find((c) => c.name === 'sw-context-token')!.value
  const orders = await storeCall(baseURL!, 'POST', '/order', token, { 'total-count-mode': 'exact' })
  expect((orders.body.orders as { total: number }).total).toBe(1)
})

test('log in on the checkout page: the cart stays, the page goes on with the customer', async ({ page, context, baseURL }, testInfo) => {
  test.info().annotations.push({ type: 'allow-console-errors', description: 'without JS a wrong password answers 400' })
  await fillCart(context, baseURL!, [rope])
  await page.goto('/checkout')
  await ready(page, testInfo)
  const login = page.locator('form#checkout-login')
  await login.getByLabel(t('de', 'checkout:who.email')).fill('haendler@example.com')
  await login.getByLabel(t('de', 'checkout:who.password')).fill('falsch')
  await login.getByRole('button', { name: t('de', 'checkout:who.loginSubmit') }).click()
  await expect(login.getByText(t('de', 'auth:login.invalid'))).toBeVisible()
  // The server never sends the password back, and with JavaScript the refused field is emptied too.
  await expect(login.getByLabel(t('de', 'checkout:who.password'))).toHaveValue('')
  await login.getByLabel(t('de', 'checkout:who.password')).fill('Forst2024!')
  await login.getByRole('button', { name: t('de', 'checkout:who.loginSubmit') }).click()
  await expect(page.getByText(t('de', 'checkout:who.asCustomer', { name: 'Anna Forstner', email: 'haendler@example.com' }))).toBeVisible()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.locator('.checkout-summary')).toContainText('FS-41001.1')
})
