import type { Db } from './db'
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
}

export const defaultContextState = (): ContextState => ({
  languageId: DEFAULT_LANGUAGE_ID, currencyId: CURRENCY_EUR_ID, paymentMethodId: PAYMENT_METHOD_IDS.invoice,
  shippingMethodId: SHIPPING_METHOD_IDS.standard, countryId: COUNTRY_DE_ID, countryStateId: null, customerId: null,
})

export class ContextStore {
  constructor(private readonly db: Db) {}

  load(token: string): ContextState | null {
    const row = this.db.prepare('SELECT payload FROM context WHERE token = ?').get(token) as { payload: string } | undefined
    return row ? { ...defaultContextState(), ...(JSON.parse(row.payload) as Partial<ContextState>) } : null
  }

  save(token: string, state: ContextState): void {
    this.db
      .prepare('INSERT INTO context (token, payload, updated_at) VALUES (?, ?, ?) ON CONFLICT(token) DO UPDATE SET payload = excluded.payload, updated_at = excluded.updated_at')
      .run(token, JSON.stringify(state), new Date().toISOString())
  }
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

export function country(s: Serializer, r: Record<string, string | number | null>, states?: JsonObject[]): JsonObject {
  const t = s.translate(r.translations)
  return compact({
    id: r.id, name: t.name, iso: r.iso, iso3: r.iso3, position: r.position, active: true, shippingAvailable: r.shipping_available === 1,
    displayStateInRegistration: r.iso === 'DE' || r.iso === 'AT' || r.iso === 'CH', forceStateInRegistration: false, checkVatIdPattern: false,
    vatIdRequired: false, customerTax: { enabled: false, currencyId: CURRENCY_EUR_ID, amount: 0 }, companyTax: { enabled: false, currencyId: CURRENCY_EUR_ID, amount: 0 },
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

/** The SalesChannelContext body of GET /context. */
export function salesChannelContext(s: Serializer, token: string, state: ContextState): JsonObject {
  const groups = Object.fromEntries(
    s.rows('SELECT * FROM customer_group').map((g) => {
      const t = s.translate(g.translations)
      return [String(g.id), { id: g.id, name: t.name, displayGross: g.display_gross === 1, translated: { name: t.name }, apiAlias: 'customer_group' }]
    }),
  )
  const countryRow = s.row('SELECT * FROM country WHERE id = ?', state.countryId) ?? s.row('SELECT * FROM country WHERE id = ?', COUNTRY_DE_ID)
  const stateRow = state.countryStateId ? s.row('SELECT * FROM country_state WHERE id = ?', state.countryStateId) : undefined
  const language = s.row('SELECT * FROM language WHERE id = ?', s.languageId)
  const rounding = { decimals: 2, interval: 0.01, roundForNet: true, apiAlias: 'shopware_core_framework_data_abstraction_layer_pricing_cash_rounding_config' }
  const taxRules = s.rows('SELECT * FROM tax ORDER BY position').map((t) => ({ taxRate: t.rate, name: t.name }))
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
    customer: null,
    paymentMethod: paymentMethod(s, state.paymentMethodId),
    shippingMethod: shippingMethod(s, state.shippingMethodId),
    shippingLocation: compact({
      country: countryRow ? country(s, countryRow) : null,
      state: stateRow ? countryState(s, stateRow) : null,
      address: null,
      apiAlias: 'cart_delivery_shipping_location',
    } as JsonObject),
    context: {
      versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', currencyId: state.currencyId, currencyFactor: 1, currencyPrecision: 2,
      languageIdChain: s.chain, scope: 'user', source: { type: 'sales-channel', salesChannelId: SALES_CHANNEL_ID },
      taxState: 'net', useCache: true, rounding, considerInheritance: false, apiAlias: 'context',
    },
    itemRounding: rounding,
    totalRounding: rounding,
    languageInfo: { name: language ? String(language.name) : 'Deutsch', localeCode: language ? String(language.code) : 'de-DE' },
    apiAlias: 'sales_channel_context',
  } as JsonObject
}

