import type { ListingView } from '~/components/listing/types'

// The CMS page as the renderer sees it: mapped and sanitized on the server from the Store API's
// cms_page, keeping only what is rendered (smaller payloads, no raw HTML reaches a component).

export type Device = 'mobile' | 'tablet' | 'desktop'

export interface CmsImage {
  url: string
  /** Empty when the media has no alt text; the renderer then uses a translated fallback. */
  alt: string
  width?: number
  height?: number
  /** The first image of a page loads eagerly; all others lazily. */
  eager?: boolean
}

export interface CmsLayout {
  /** Class names, already reduced to safe characters. */
  cssClass?: string
  /** A validated CSS colour. */
  backgroundColor?: string
  margin?: { top?: string; right?: string; bottom?: string; left?: string }
  background?: { url: string; width: number; height: number; mode: 'cover' | 'contain' | 'auto' }
  hiddenOn: Device[]
}

export interface CmsProduct {
  id: string
  name: string
  productNumber: string
  href: string
  /** Net unit price in EUR; absent when the product has no price to show. */
  price?: number
  /** The higher price `price` replaces (a reseller's normal price, else a former price), struck through. */
  listPrice?: number
  /** Percent saved against `listPrice`. */
  savingPercent?: number
  /** Variants or tiers differ in price: `price` is the lowest ("from"). */
  fromPrice?: boolean
  image?: CmsImage
}

export type CmsElement =
  | { id: string; type: 'text'; html: string }
  | { id: string; type: 'image'; image: CmsImage; link?: { href: string; external: boolean } }
  | { id: string; type: 'image-gallery'; images: CmsImage[] }
  | { id: string; type: 'product-box'; product: CmsProduct }
  | { id: string; type: 'product-slider'; title?: string; products: CmsProduct[] }
  | { id: string; type: 'product-listing'; listing: ListingView }
  /** Shopware's `form` element of type contact (issue 9): the contact form, sent with its slot id. */
  | { id: string; type: 'contact-form'; slotId: string; title?: string }

export interface CmsBlock extends CmsLayout {
  id: string
  type: string
  /** 'main' or 'sidebar' inside a sidebar section */
  position: 'main' | 'sidebar'
  elements: CmsElement[]
}

export interface CmsSection extends CmsLayout {
  id: string
  type: 'default' | 'sidebar'
  sizing: 'boxed' | 'full_width'
  /** Sidebar sections only: hide the sidebar on phones instead of stacking it. */
  hideSidebarOnMobile?: boolean
  blocks: CmsBlock[]
}

export interface CmsPageData {
  id: string
  cssClass?: string
  sections: CmsSection[]
}
