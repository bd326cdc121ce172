import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import { CmsImage } from './cms-image'
import type { CmsProduct } from './types'

/** Product tile: cover image, name, product number and net price, all one link to the product. */
export function ProductCard({ product, locale }: { product: CmsProduct; locale: Locale }) {
  const { t } = useTranslation('content')
  return (
    <article className="cms-product-card">
      <Link to={product.href} className="cms-product-link" prefetch="intent">
        <span className="cms-product-media">
          {/* The name follows in the same link, so the picture is decorative (empty alt). */}
          {product.image ? (
            <CmsImage image={product.image} alt="" sizes="(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw" />
          ) : null}
        </span>
        <span className="cms-product-name">{product.name}</span>
      </Link>
      {product.productNumber ? (
        <p className="cms-product-number">{t('product.number', { number: product.productNumber })}</p>
      ) : null}
      {product.price !== undefined ? (
        <p className="cms-product-price">
          <span className="visually-hidden">{t('product.price')}: </span>
          <strong>{formatPrice(locale, product.price)}</strong> <small>{t('product.netNote')}</small>
        </p>
      ) : (
        <p className="cms-product-price">{t('product.priceOnRequest')}</p>
      )}
    </article>
  )
}
