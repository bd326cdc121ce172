import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CardPrice } from '~/components/product/price'
import { WishlistHeart } from '~/components/wishlist/wishlist-heart'
import type { Locale } from '~/lib/locale'
import { CmsImage } from './cms-image'
import type { CmsProduct } from './types'

/** Product tile: cover image, name, product number and net price, all one link to the product. */
export function ProductCard({ product, locale }: { product: CmsProduct; locale: Locale }) {
  const { t } = useTranslation('content')
  return (
    <article className="cms-product-card" data-product-number={product.productNumber || undefined}>
      <Link to={product.href} className="cms-product-link">
        <span className="cms-product-media">
          {/* The name follows in the same link, so the picture is decorative (empty alt). */}
          {product.image ? (
            <CmsImage image={product.image} alt="" sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw" />
          ) : null}
        </span>
        <span className="cms-product-name">{product.name}</span>
      </Link>
      <WishlistHeart productId={product.id} name={product.name} locale={locale} className="card-wishlist" />
      {product.productNumber ? (
        <p className="cms-product-number">{t('product.number', { number: product.productNumber })}</p>
      ) : null}
      {product.price !== undefined ? (
        <CardPrice
          locale={locale}
          unitPrice={product.price}
          listPrice={product.listPrice}
          savingPercent={product.savingPercent}
          from={product.fromPrice}
        />
      ) : (
        <p className="cms-product-price">{t('product.priceOnRequest')}</p>
      )}
    </article>
  )
}
