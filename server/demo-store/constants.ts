import { sid } from './ids'

/** The sales-channel access key of the embedded demo store (documented in .env.example). */
export const DEMO_ACCESS_KEY = 'SWSCFORSTDEMO0STOREFRONT00A'

export const SALES_CHANNEL_ID = sid('sales-channel:forstshop')

export const LANGUAGE_IDS = {
  de: sid('language:de-DE'),
  en: sid('language:en-GB'),
  fr: sid('language:fr-FR'),
} as const
export type LanguageKey = keyof typeof LANGUAGE_IDS
export const LANGUAGE_KEYS: readonly LanguageKey[] = ['de', 'en', 'fr']
export const DEFAULT_LANGUAGE_ID = LANGUAGE_IDS.de
export const TRANSLATION_CODES: Record<LanguageKey, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }

/** Shopware's Defaults::CURRENCY, so EUR has the id real installations use. */
export const CURRENCY_EUR_ID = 'b7d2554b0ce847cd82f3ac9bd1c0dfca'

/** Shopware's Defaults::CMS_PRODUCT_DETAIL_PAGE: the default product detail layout every product uses. */
export const DEFAULT_PRODUCT_CMS_PAGE_ID = '7a6d253a67204037966f42b0119704d5'

export const ROOT_CATEGORY_IDS = {
  main: sid('category:root'),
  footer: sid('category:footer'),
  service: sid('category:service'),
} as const

export const ANCHOR_CATEGORY_IDS = {
  products: sid('category:produkte'),
  spareParts: sid('category:ersatzteile'),
  industries: sid('category:branchen'),
  company: sid('category:unternehmen'),
  manufacturers: sid('category:hersteller'),
} as const

export const CUSTOMER_GROUP_IDS = {
  standard: sid('customer-group:standard'),
  reseller: sid('customer-group:reseller'),
} as const

export const COUNTRY_DE_ID = sid('country:DE')
export const TAX_IDS = { standard: sid('tax:19'), reduced: sid('tax:7') } as const
export const SHIPPING_METHOD_IDS = {
  standard: sid('shipping:standard'),
  express: sid('shipping:express'),
  freight: sid('shipping:freight'),
} as const
export const PAYMENT_METHOD_IDS = {
  invoice: sid('payment:invoice'),
  prepayment: sid('payment:prepayment'),
  demoPay: sid('payment:demo-pay'),
} as const

export const DEMO_ACCOUNTS = {
  customer: { email: 'kunde@example.com', password: 'Forst2024!' },
  reseller: { email: 'haendler@example.com', password: 'Forst2024!' },
} as const

/** Navigation aliases accepted in /navigation/{activeId}/{rootId}. */
export const NAVIGATION_ALIASES: Record<string, string> = {
  'main-navigation': ROOT_CATEGORY_IDS.main,
  'footer-navigation': ROOT_CATEGORY_IDS.footer,
  'service-navigation': ROOT_CATEGORY_IDS.service,
}

export const DB_FILE_NAME = 'demo-store.sqlite'

/** The contact form element on Service & Kontakt (seed/content.ts): clients send it as `slotId` to POST /contact-form. */
export const CONTACT_FORM_SLOT_ID = sid('cms-slot:contact:form')
/** The form element's mailReceiver: contact form messages sent from it go here instead of the shop's address. */
export const CONTACT_FORM_RECEIVER = 'kontakt@forsttechnik-demo.example'
