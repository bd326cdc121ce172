import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ProductImage } from '~/components/product-image'
import { CardPrice } from '~/components/product/price'
import { WishlistHeart } from '~/components/wishlist/wishlist-heart'
import type { Locale } from '~/lib/locale'
import type { ListingProduct } from './types'

// Grid: 2 columns on phones, 3 on tablets, 4 from 1024 px in a container of at most ~1200 px.
const CARD_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw'

/** A product in a listing: picture, name, number, availability and the net price (or price on request). */
export function ListingProductCard({ product, locale, priority }: { product: ListingProduct; locale: Locale; priority?: boolean }) {
  const { t } = useTranslation('listing')
  const { availability } = product
  return (
    <article className="listing-card cms-product-card" data-product-number={product.productNumber}>
      <Link to={product.href} className="cms-product-link">
        <span className="cms-product-media">
          {/* The name follows in the same link, so the picture is decorative (empty alt). */}
          {product.image ? (
            <ProductImage
              src={product.image.url}
              alt=""
              width={product.image.width}
              height={product.image.height}
              sizes={CARD_SIZES}
              priority={priority}
            />
          ) : null}
        </span>
        <span className="cms-product-name">{product.name}</span>
      </Link>
      <WishlistHeart productId={product.id} name={product.name} locale={locale} className="card-wishlist" />
      {product.productNumber ? <p className="cms-product-number">{t('product.number', { number: product.productNumber })}</p> : null}
      <p className={`listing-availability listing-availability-${availability.state}`}>
        {t(`product.availability.${availability.state}`, { count: availability.stock ?? 0 })}
      </p>
      {product.price !== undefined ? (
        <CardPrice
          className="listing-price"
          locale={locale}
          unitPrice={product.price}
          listPrice={product.listPrice}
          savingPercent={product.savingPercent}
          from={product.fromPrice}
        />
      ) : (
        <p className="cms-product-price listing-price-on-request">{t('product.priceOnRequest')}</p>
      )}
    </article>
  )
}
