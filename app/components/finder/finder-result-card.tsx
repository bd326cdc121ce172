import { ProductCard } from '~/components/product/product-card'
import type { Locale } from '~/lib/locale'
import type { FinderProduct } from '~/store/finder.server'

// The finder grid is at most 240 px a column.
const FINDER_SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw'

/** A matching spare part: the shop's one product card. */
export function FinderResultCard({ product, locale }: { product: FinderProduct; locale: Locale }) {
  const card = {
    ...product,
    image: product.image ? { url: product.image.src, width: product.image.width, height: product.image.height } : undefined,
  }
  return <ProductCard product={card} locale={locale} sizes={FINDER_SIZES} className="finder-card" />
}
