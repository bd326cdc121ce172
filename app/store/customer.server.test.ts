import { afterEach, describe, expect, it } from 'vitest'
import type { Customer } from './account.server'
import { clearLanguageCache, getStore } from './client.server'
import {
  accountPage,
  addressView,
  changePassword,
  changePaymentMethod,
  changeProfile,
  loadOrders,
  loadOverview,
  profileView,
} from './customer.server'
import { errorEnvelope, json, languages, startFakeStore, storeCallRounds, testContext, type Handler } from './test-support.server'

const id = (c: string) => c.repeat(32)

const address = (key: string, extra: Record<string, unknown> = {}) => ({
  id: id(key),
  customerId: id('c'),
  firstName: 'Max',
  lastName: 'Holzer',
  street: `Waldweg ${key}`,
  zipcode: '79098',
  city: 'Freiburg',
  countryId: id('d'),
  country: { id: id('d'), name: 'Deutschland', translated: { name: 'Deutschland' } },
  salutation: { id: id('e'), salutationKey: 'not_specified', displayName: 'Keine Angabe' },
  apiAlias: 'customer_address',
  ...extra,
})

const customer = {
  id: id('c'),
  customerNumber: '10001',
  firstName: 'Max',
  lastName: 'Holzer',
  email: 'max@example.com',
  accountType: 'business',
  company: 'Holzer GmbH',
  vatIds: ['DE298765432'],
  groupId: id('9'),
  requestedGroupId: id('8'),
  defaultBillingAddressId: id('1'),
  defaultShippingAddressId: id('2'),
  defaultBillingAddress: address('1'),
  defaultShippingAddress: address('2', { countryState: { name: 'Bayern', translated: { name: 'Bayern' } } }),
  defaultPaymentMethodId: id('7'),
  customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@example.com', forst_company_website: 'https://h.example' },
  salutation: { id: id('f'), salutationKey: 'mr', displayName: 'Herr', translated: { displayName: 'Herr' } },
} as unknown as Customer

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
  clearLanguageCache()
})

async function storeWith(handler: Handler, cookie = 'sw-context-token=old-token') {
  const fake = await startFakeStore((req, res) => {
    if (req.path.endsWith('/language')) return json(res, 200, languages)
    // A little latency, so calls that wait for each other show up as separate rounds.
    setTimeout(() => handler(req, res), 30)
  })
  close = fake.close
  const { context, lines } = testContext(fake.url)
  const request = new Request('https://shop.example/account', { headers: { Cookie: cookie } })
  return { store: getStore(context, request, 'de'), requests: fake.requests, lines, context }
}

describe('account view models', () => {
  it('shows the profile with company data from the customer and its custom fields', () => {
    expect(profileView(customer, id('8'))).toMatchObject({
      salutation: 'Herr',
      business: true,
      company: 'Holzer GmbH',
      vatId: 'DE298765432',
      companyType: 'gmbh',
      invoiceEmail: 'rechnung@example.com',
      companyWebsite: 'https://h.example',
      group: undefined,
      groupRequested: true,
    })
  })

  it("marks the defaults and leaves out a salutation of 'not specified'", () => {
    const view = addressView(address('1') as never, customer)
    expect(view).toMatchObject({ defaultBilling: true, defaultShipping: false, country: 'Deutschland' })
    expect(view.salutation).toBeUndefined()
  })

  it('names an account page in every language, never for search engines', () => {
    const { seo, breadcrumbs } = accountPage({ publicUrl: 'https://shop.example' }, 'en', 'address')
    expect(seo.canonical).toBe('https://shop.example/en/account/address')
    expect(seo.alternates).toEqual({
      de: 'https://shop.example/account/address',
      en: 'https://shop.example/en/account/address',
      fr: 'https://shop.example/fr/account/address',
    })
    expect(seo.robots).toContain('noindex')
    expect(breadcrumbs.map((b) => b.href)).toEqual(['/en/account', '/en/account/address'])
  })
})

describe('account store calls', () => {
  it('reads a missing order route (404, until the shop takes orders) as no orders, other failures as errors', async () => {
    const { store } = await storeWith((req, res) => json(res, 404, errorEnvelope(404, 'FRAMEWORK__ROUTE_NOT_FOUND')))
    await expect(loadOrders(store)).resolves.toEqual({ orders: [], total: 0, page: 1, limit: 10 })
    await close?.()
    const failing = await storeWith((req, res) => json(res, 500, errorEnvelope(500, '0')))
    await expect(loadOrders(failing.store)).rejects.toMatchObject({ status: 500 })
  })

  it('loads the overview in one round: payment method and latest orders side by side', async () => {
    const { store, lines } = await storeWith((req, res) => {
      if (req.path.endsWith('/payment-method')) {
        return json(res, 200, { elements: [{ id: id('7'), name: 'Rechnung', translated: { name: 'Rechnung', description: 'Zahlbar in 14 Tagen' } }] })
      }
      json(res, 200, { orders: { elements: [{ id: id('5'), orderNumber: '10042', orderDateTime: '2026-01-02T10:00:00Z', amountTotal: 99.5, stateMachineState: { name: 'Offen' } }], total: 1 } })
    })
    const overview = await loadOverview(store, customer)
    expect(overview.paymentMethod).toEqual({ id: id('7'), name: 'Rechnung', description: 'Zahlbar in 14 Tagen' })
    expect(overview.orders).toEqual([{ id: id('5'), orderNumber: '10042', date: '2026-01-02T10:00:00Z', status: 'Offen', total: 99.5, currency: 'EUR' }])
    expect(overview.shippingAddress?.state).toBe('Bayern')
    expect(storeCallRounds(lines)).toEqual([expect.arrayContaining(['readPaymentMethod', 'readOrder'])])
  })

  it('changes the profile without ever sending the invoice email', async () => {
    const { store, requests } = await storeWith((req, res) => json(res, 200, { success: true }))
    await changeProfile(store, customer, { firstName: 'Jo', lastName: 'Tanne', company: 'Tanne KG', vatId: 'DE811907980', companyType: 'kg' })
    const sent = requests.find((r) => r.path.endsWith('/account/change-profile'))?.body
    expect(sent).toEqual({
      firstName: 'Jo',
      lastName: 'Tanne',
      accountType: 'business',
      company: 'Tanne KG',
      vatIds: ['DE811907980'],
      customFields: { forst_company_type: 'kg' },
    })
  })

  it('hands out the new context token the store gives after a password change', async () => {
    const { store } = await storeWith((req, res) => json(res, 200, { redirectUrl: null }, { 'sw-context-token': 'new-token' }))
    const cookies = await changePassword(store, { password: 'alt', newPassword: 'NeuesPasswort1', newPasswordConfirm: 'NeuesPasswort1' })
    expect(cookies).toHaveLength(1)
    expect(cookies[0]).toMatch(/^sw-context-token=new-token;/)
  })

  it("sets the default payment method and the session's", async () => {
    const { store, requests } = await storeWith((req, res) => json(res, 200, { success: true }))
    await changePaymentMethod(store, id('7'))
    expect(requests.filter((r) => !r.path.endsWith('/language')).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /store-api/account/change-payment-method/${id('7')}`,
      'PATCH /store-api/context',
    ])
  })
})
