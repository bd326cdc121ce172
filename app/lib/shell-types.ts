import type { Locale } from './locale'

/** A navigation entry ready to render (hrefs are already localized). */
export interface NavLink {
  id: string
  name: string
  href: string
  /** Link leaves the shop: rendered with rel="noopener" */
  external?: boolean
  children?: NavLink[]
}

export interface ShellData {
  navigation: { main: NavLink[]; footer: NavLink[]; service: NavLink[] }
}

export type NotificationType = 'info' | 'success' | 'warning' | 'danger'

/** A message carried across a redirect in the flash cookie; translated when rendered. */
export interface FlashMessage {
  type: NotificationType
  /** i18n key with namespace, e.g. 'common:notifications.addedToCart' */
  messageKey: string
  values?: Record<string, string | number>
  persistent?: boolean
}

export interface Notification {
  id: string
  type: NotificationType
  message: string
  persistent?: boolean
}

export interface Breadcrumb {
  name: string
  href: string
}

/** SEO data a route loader returns as `seo`; root renders it from the deepest match. */
export interface SeoData {
  title?: string
  description?: string
  /** absolute URL */
  canonical: string
  /** absolute URLs of the same page in each language */
  alternates: Partial<Record<Locale, string>>
  /** Paths the language switch leads to where they are not the alternates (a noindex view that keeps its state, e.g. the finder's choices). */
  languageSwitch?: Partial<Record<Locale, string>>
  /** The language switch leads to the alternates with the visitor's query (a listing's filters, sort and page are the same in every language). */
  keepQuery?: boolean
  robots?: string
}
