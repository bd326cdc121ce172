import { ProductCard as Card } from '~/components/product/product-card'
import type { Locale } from '~/lib/locale'
import type { CmsProduct } from './types'

/** A product tile in CMS boxes and sliders, cross-selling and last viewed: the shop's one product card. */
export function ProductCard({ product, locale }: { product: CmsProduct; locale: Locale }) {
  return <Card product={product} locale={locale} />
}
