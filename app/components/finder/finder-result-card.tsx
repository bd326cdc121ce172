import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ProductImage } from '~/components/product-image'
import { WishlistHeart } from '~/components/wishlist/wishlist-heart'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { FinderProduct } from '~/store/finder.server'

/** A matching spare part: image, name and number as one link to the product page, then the net price. */
export function FinderResultCard({ product, locale }: { product: FinderProduct; locale: Locale }) {
  const { t } = useTranslation('media')
  return (
    <article className="finder-card">
      <Link to={product.href} className="finder-card-link">
        <span className="finder-card-media">
          {/* The name follows in the same link, so the picture is decorative (empty alt). */}
          {product.image ? (
            <ProductImage
              src={product.image.src}
              alt=""
              width={240}
              height={240}
              sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
            />
          ) : null}
        </span>
        <span className="finder-card-name">{product.name}</span>
      </Link>
      <WishlistHeart productId={product.id} name={product.name} locale={locale} className="card-wishlist" />
      <p className="finder-card-number">{t('finder.number', { number: product.productNumber })}</p>
      {product.price !== undefined ? (
        <p className="finder-card-price">
          <span className="visually-hidden">{t('finder.price')}: </span>
          <strong>{formatPrice(locale, product.price)}</strong> <small>{t('finder.netNote')}</small>
        </p>
      ) : (
        <p className="finder-card-price">{t('finder.priceOnRequest')}</p>
      )}
    </article>
  )
}
