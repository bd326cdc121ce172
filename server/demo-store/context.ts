import { statement, type Db } from './db'
import {
  COUNTRY_DE_ID, CURRENCY_EUR_ID, CUSTOMER_GROUP_IDS, DEFAULT_LANGUAGE_ID, PAYMENT_METHOD_IDS, ROOT_CATEGORY_IDS, SALES_CHANNEL_ID,
  SHIPPING_METHOD_IDS,
} from './constants'
import type { JsonObject } from './criteria'
import { compact, type Serializer } from './entities'

/** What a context token remembers. Only written when something changes (PATCH /context, login, cart…). */
export interface ContextState {
  languageId: string
  currencyId: string
  paymentMethodId: string
  shippingMethodId: string
  countryId: string
  countryStateId: string | null
  customerId: string | null
  /** The logged-in customer's chosen addresses for this session (PATCH /context); null = the defaults. */
  billingAddressId: string | null
  shippingAddressId: string | null
}

export const defaultContextState = (): ContextState => ({
  languageId: DEFAULT_LANGUAGE_ID, currencyId: CURRENCY_EUR_ID, paymentMethodId: PAYMENT_METHOD_IDS.invoice,
  shippingMethodId: SHIPPING_METHOD_IDS.standard, countryId: COUNTRY_DE_ID, countryStateId: null, customerId: null,
  billingAddressId: null, shippingAddressId: null,
})

/**
 * Persists contexts per token, like Shopware's SalesChannelContextPersister (the `context` table with
 * its customer_id column). Carts belong to tokens, so moving a context to a new token moves its cart.
 */
export class ContextStore {
  constructor(private readonly db: Db) {}

  load(token: string): ContextState | null {
    const row = statement(this.db, 'SELECT payload FROM context WHERE token = ? AND parked = 0').get(token) as { payload: string } | undefined
    return row ? { ...defaultContextState(), ...(JSON.parse(row.payload) as Partial<ContextState>) } : null
  }

  save(token: string, state: ContextState): void {
    statement(
      this.db,
      'INSERT INTO context (token, payload, updated_at, customer_id, parked) VALUES (?, ?, ?, ?, 0) ' +
        'ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at, customer_id = excluded.customer_id, parked = 0',
    ).run(token, JSON.stringify(state), new Date().toISOString(), state.customerId)
  }

  /** Moves a token's context and cart to another token (SalesChannelContextPersister::replace + CartPersister::replace). */
  move(oldToken: string, newToken: string, options: { parked?: boolean } = {}): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE context SET token = ?, parked = ?, updated_at = ? WHERE token = ?').run(newToken, options.parked ? 1 : 0, new Date().toISOString(), oldToken)
      this.db.prepare('UPDATE cart SET token = ? WHERE token = ?').run(newToken, oldToken)
    })()
  }

  /** Forgets a token: its context and its cart. */
  delete(token: string): void {
    this.db.prepare('DELETE FROM context WHERE token = ?').run(token)
    this.db.prepare('DELETE FROM cart WHERE token = ?').run(token)
  }

  /** The newest session a logout left behind for this customer (its token is known to no client). */
  parkedToken(customerId: string): string | null {
    const row = this.db.prepare('SELECT token FROM context WHERE customer_id = ? AND parked = 1 ORDER BY updated_at DESC LIMIT 1').get(customerId) as { token: string } | undefined
    return row?.token ?? null
  }

  /**
   * SalesChannelContextPersister::revokeAllCustomerTokens: every other context of the customer loses
   * the customer (the sessions stay, logged out), e.g. after a password change.
   */
  revokeCustomer(customerId: string, keepToken?: string): void {
    this.db
      .prepare(
        "UPDATE context SET payload = json_set(payload, '$.customerId', NULL, '$.billingAddressId', NULL, '$.shippingAddressId', NULL), " +
          'customer_id = NULL, updated_at = ? WHERE customer_id = ? AND token IS NOT ?',
      )
      .run(new Date().toISOString(), customerId, keepToken ?? null)
  }
}

type Row = Record<string, string | number | null>

export function salutation(s: Serializer, r: Row): JsonObject {
  const t = s.translate(r.translations)
  return {
    id: r.id, salutationKey: r.salutation_key, displayName: t.displayName, letterName: t.letterName, position: r.position,
    translated: { displayName: t.displayName, letterName: t.letterName, customFields: {} }, customFields: {}, apiAlias: 'salutation',
  } as JsonObject
}

export function customerGroup(s: Serializer, r: Row): JsonObject {
  const t = s.translate(r.translations)
  return { id: r.id, name: t.name, displayGross: r.display_gross === 1, customFields: {}, translated: { name: t.name, customFields: {} }, apiAlias: 'customer_group' } as JsonObject
}

export function paymentMethod(s: Serializer, id: string): JsonObject | null {
  const r = s.row('SELECT * FROM payment_method WHERE id = ?', id)
  if (!r) return null
  const t = s.translate(r.translations)
  return compact({
    id: r.id, name: t.name, distinguishableName: t.name, description: t.description, position: r.position, active: true,
    afterOrderEnabled: r.after_order_enabled === 1, technicalName: r.technical_name, shortName: String(r.technical_name).replace(/^payment_/, ''),
    asynchronous: r.is_async === 1, synchronous: r.is_async !== 1, prepared: false, refundable: false, recurring: false,
    translated: { name: t.name, description: t.description, distinguishableName: t.name, customFields: {} }, customFields: {}, apiAlias: 'payment_method',
  } as JsonObject)
}

export function shippingMethod(s: Serializer, id: string): JsonObject | null {
  const r = s.row('SELECT * FROM shipping_method WHERE id = ?', id)
  if (!r) return null
  const t = s.translate(r.translations)
  const d = s.row('SELECT * FROM delivery_time WHERE id = ?', r.delivery_time_id)
  const dt = d ? s.translate(d.translations) : {}
  return compact({
    id: r.id, name: t.name, technicalName: r.technical_name, active: true, position: r.position, deliveryTimeId: r.delivery_time_id,
    taxType: r.tax_type, description: t.description,
    deliveryTime: d ? { id: d.id, name: dt.name, min: d.min, max: d.max, unit: d.unit, translated: { name: dt.name, customFields: {} }, apiAlias: 'delivery_time' } : null,
    translated: { name: t.name, description: t.description, customFields: {} }, customFields: {}, apiAlias: 'shipping_method',
  } as JsonObject)
}

/** Shopware's default `country.vat_id_pattern` values (checked as /^pattern$/, case-sensitive since 6.7). */
export const VAT_ID_PATTERNS: Record<string, string> = {
  DE: 'DE\\d{9}', AT: 'ATU\\d{8}', CH: 'CHE(-|\\s)?\\d{3}(\\.|\\s)?\\d{3}(\\.|\\s)?\\d{3}(\\s)?(MWST|TVA|IVA)?', FR: 'FR[A-HJ-NP-Z0-9]{2}\\d{9}',
  LU: 'LU\\d{8}', BE: 'BE0\\d{9}', IT: 'IT\\d{11}', NL: 'NL\\d{9}B\\d{2}', PL: 'PL\\d{10}', CZ: 'CZ\\d{8,10}', DK: 'DK\\d{8}', SE: 'SE\\d{12}',
}

/**
 * The shop's own country. Its deliveries carry VAT whoever buys; every other EU country has "tax-free for
 * companies" switched on (Country.companyTax), as a German shop selling to EU businesses configures it.
 */
export const HOME_COUNTRY_ISO = 'DE'

export function country(s: Serializer, r: Record<string, string | number | null>, states?: JsonObject[]): JsonObject {
  const t = s.translate(r.translations)
  return compact({
    id: r.id, name: t.name, iso: r.iso, iso3: r.iso3, position: r.position, active: true, shippingAvailable: r.shipping_available === 1,
    displayStateInRegistration: r.iso === 'DE' || r.iso === 'AT' || r.iso === 'CH', forceStateInRegistration: false,
    // Business accounts must name a VAT id in the country's format (the shop is B2B only).
    checkVatIdPattern: VAT_ID_PATTERNS[String(r.iso)] !== undefined, vatIdPattern: VAT_ID_PATTERNS[String(r.iso)] ?? null, vatIdRequired: true, customerTax: { enabled: false, currencyId: CURRENCY_EUR_ID, amount: 0 },
    companyTax: { enabled: r.is_eu === 1 && r.iso !== HOME_COUNTRY_ISO, currencyId: CURRENCY_EUR_ID, amount: 0 },
    postalCodeRequired: true, checkPostalCodePattern: r.postal_code_pattern !== null, checkAdvancedPostalCodePattern: false,
    defaultPostalCodePattern: r.postal_code_pattern, isEu: r.is_eu === 1,
    addressFormat: [[ 'address/company', 'symbol/dash', 'address/department' ], [ 'address/first_name', 'address/last_name' ], [ 'address/street' ], [ 'address/zipcode', 'address/city' ], [ 'address/country' ]] as unknown as JsonObject,
    translated: { name: t.name, customFields: {} }, customFields: {}, states: states ?? null, apiAlias: 'country',
  } as JsonObject)
}

export function countryState(s: Serializer, r: Record<string, string | number | null>): JsonObject {
  const t = s.translate(r.translations)
  return {
    id: r.id, countryId: r.country_id, shortCode: r.short_code, name: t.name, position: r.position, active: true,
    translated: { name: t.name, customFields: {} }, customFields: {}, apiAlias: 'country_state',
  } as JsonObject
}

/**
 * TaxDetector::isCompanyTaxFree (6.7: the pattern is case-sensitive): the shipping country has "tax-free for
 * companies" on, and the customer names a company and VAT ids that all match the country's pattern.
 * `customer` is the Customer entity (vatIds null for a private account).
 */
export function isCompanyTaxFree(shippingCountry: JsonObject | null, customer: JsonObject | null): boolean {
  const companyTax = shippingCountry?.companyTax as { enabled?: boolean } | undefined
  if (!companyTax?.enabled || !customer?.company) return false
  const vatIds = (Array.isArray(customer.vatIds) ? customer.vatIds : []).filter((id) => typeof id === 'string' && id !== '') as string[]
  if (vatIds.length === 0) return false
  const pattern = shippingCountry?.vatIdPattern
  if (typeof pattern !== 'string' || pattern === '' || shippingCountry?.checkVatIdPattern !== true) return true
  const regex = new RegExp(`^${pattern}$`)
  return vatIds.every((id) => regex.test(id))
}

/** The SalesChannelContext body of GET /context. */
export function salesChannelContext(s: Serializer, token: string, state: ContextState, customer: JsonObject | null = null): JsonObject {
  const groups = Object.fromEntries(s.rows('SELECT * FROM customer_group').map((g) => [String(g.id), customerGroup(s, g)]))
  const countryRow = s.row('SELECT * FROM country WHERE id = ?', state.countryId) ?? s.row('SELECT * FROM country WHERE id = ?', COUNTRY_DE_ID)
  const stateRow = state.countryStateId ? s.row('SELECT * FROM country_state WHERE id = ?', state.countryStateId) : undefined
  const language = s.row('SELECT * FROM language WHERE id = ?', s.languageId)
  const rounding = { decimals: 2, interval: 0.01, roundForNet: true, apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config' }
  const taxRules = s.rows('SELECT * FROM tax ORDER BY position').map((t) => ({ taxRate: t.rate, name: t.name }))
  // A logged-in customer's location is the active shipping address (ShippingLocation::createFromAddress).
  const shippingLocation: JsonObject = customer?.activeShippingAddress
    ? compact({
      country: (customer.activeShippingAddress as JsonObject).country,
      state: (customer.activeShippingAddress as JsonObject).countryState ?? null,
      address: customer.activeShippingAddress,
      apiAlias: 'cart_delivery_shipping_location',
    } as JsonObject)
    : compact({
      country: countryRow ? country(s, countryRow) : null,
      state: stateRow ? countryState(s, stateRow) : null,
      address: null,
      apiAlias: 'cart_delivery_shipping_location',
    } as JsonObject)
  return {
    token,
    currentCustomerGroup: groups[s.customerGroupId] ?? groups[CUSTOMER_GROUP_IDS.standard],
    fallbackCustomerGroup: groups[CUSTOMER_GROUP_IDS.standard],
    currency: s.currency(),
    salesChannel: {
      id: SALES_CHANNEL_ID, typeId: '8a243080f92e4c719546314b577cf82b', languageId: DEFAULT_LANGUAGE_ID, customerGroupId: CUSTOMER_GROUP_IDS.standard,
      currencyId: CURRENCY_EUR_ID, paymentMethodId: PAYMENT_METHOD_IDS.invoice, shippingMethodId: SHIPPING_METHOD_IDS.standard, countryId: COUNTRY_DE_ID,
      navigationCategoryId: ROOT_CATEGORY_IDS.main, navigationCategoryVersionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', navigationCategoryDepth: 2,
      footerCategoryId: ROOT_CATEGORY_IDS.footer, footerCategoryVersionId: '0fa91ce3e96a4bc2be4bd9ce752c3425',
      serviceCategoryId: ROOT_CATEGORY_IDS.service, serviceCategoryVersionId: '0fa91ce3e96a4bc2be4bd9ce752c3425',
      name: 'Forstshop', shortName: 'Forstshop', taxCalculationType: 'horizontal', configuration: {}, active: true, hreflangActive: true,
      maintenance: false, homeEnabled: true, customFields: {}, translated: { name: 'Forstshop', customFields: {} }, apiAlias: 'sales_channel',
    },
    measurementSystem: { system: 'metric', units: { length: 'mm', weight: 'kg' } },
    taxRules,
    customer,
    paymentMethod: paymentMethod(s, state.paymentMethodId),
    shippingMethod: shippingMethod(s, state.shippingMethodId),
    shippingLocation,
    context: {
      versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', currencyId: state.currencyId, currencyFactor: 1, currencyPrecision: 2,
      languageIdChain: s.chain, scope: 'user', source: { type: 'sales-channel', salesChannelId: SALES_CHANNEL_ID },
      taxState: isCompanyTaxFree(shippingLocation.country as JsonObject | null, customer) ? 'tax-free' : 'net', useCache: true, rounding, considerInheritance: false, apiAlias: 'context',
    },
    itemRounding: rounding,
    totalRounding: rounding,
    languageInfo: { name: language ? String(language.name) : 'Deutsch', localeCode: language ? String(language.code) : 'de-DE' },
    apiAlias: 'sales_channel_context',
  } as JsonObject
}

