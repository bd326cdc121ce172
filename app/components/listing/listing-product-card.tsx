import { ProductCard } from '~/components/product/product-card'
import type { Locale } from '~/lib/locale'
import type { ListingProduct } from './types'

/** A product in a listing: the shop's one product card, with availability. */
export function ListingProductCard({ product, locale, priority }: { product: ListingProduct; locale: Locale; priority?: boolean }) {
  return <ProductCard product={product} locale={locale} priority={priority} className="listing-card" />
}
