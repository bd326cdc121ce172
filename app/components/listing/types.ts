// The listing as components see it: mapped on the server (app/store/listing.server.ts) from the
// Store API's ProductListingResult, keeping only what is rendered.
import type { ListingQuery, SortKey } from '~/lib/listing-url'

export type AvailabilityState = 'available' | 'restock' | 'low' | 'unavailable'

export interface ListingProduct {
  id: string
  name: string
  productNumber: string
  href: string
  image?: { url: string; alt: string; width: number; height: number }
  /** Net unit price (the cheapest variant's when `fromPrice`); absent on request or without price. */
  price?: number
  /** The higher price `price` replaces (a reseller's normal price, else a former price), struck through. */
  listPrice?: number
  /** Percent saved against `listPrice`. */
  savingPercent?: number
  /** Variants or tiers differ in price: shown as "from". */
  fromPrice: boolean
  priceOnRequest: boolean
  availability: { state: AvailabilityState; stock?: number; restockDays?: number }
  /** The original article number the search term matched, when not the product's own number. */
  matchedOriginal?: string
}

export interface FacetOption {
  id: string
  name: string
  active: boolean
}

export interface ListingFacets {
  manufacturers: FacetOption[]
  properties: { id: string; name: string; options: FacetOption[] }[]
  tags: FacetOption[]
  /** Price range of the whole listing (whole euros, rounded outwards). */
  price?: { min: number; max: number }
  /** Highest average rating in the listing; no rating filter when absent. */
  maxRating?: number
  /** Some product ships free. */
  shippingFree: boolean
}

export interface ListingView {
  products: ListingProduct[]
  total: number
  page: number
  limit: number
  pages: number
  /** Sortings offered by the store, labels translated by it. */
  sortings: { key: SortKey; label: string }[]
  /** The sorting in effect (the store's default when the URL names none). */
  order: string
  facets: ListingFacets
  /** The state read from the URL: links are built from it. */
  query: ListingQuery
  /** Names of the active id filters, for the "active filters" list. */
  filterNames: Record<string, string>
  /** Filter facets that the page fixes (a manufacturer page fixes the manufacturer). */
  fixed?: { manufacturer?: string }
}
