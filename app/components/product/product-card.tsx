import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from '~/lib/use-translation'
import type { AvailabilityState } from '~/components/listing/types'
import { ProductImage } from '~/components/product-image'
import { HydrationSlice } from '~/components/ui/hydration-slice'
import { WishlistHeart } from '~/components/wishlist/wishlist-heart'
import type { Locale } from '~/lib/locale'
import { CardPrice } from './price'

/** What every product card shows; listing, CMS, finder and wishlist models all fit it. */
export interface ProductCardData {
  id: string
  name: string
  productNumber: string
  href: string
  image?: { url: string; width?: number; height?: number }
  /** Net unit price; absent on request or without a price. */
  price?: number
  listPrice?: number
  savingPercent?: number
  /** `price` is the lowest of several (variants or tiers). */
  fromPrice?: boolean
  availability?: { state: AvailabilityState; stock?: number }
  /** The original article number a search term matched (search results only): why this product is a hit. */
  matchedOriginal?: string
}

export interface ProductCardOptions {
  /** `tile` in grids and sliders; `row` (picture beside the text) in the wishlist. */
  layout?: 'tile' | 'row'
  /** The name as a heading of this level (rows of a list page); a plain link text in tiles. */
  headingLevel?: 2 | 3
  /** Above the fold: the picture loads eagerly. */
  priority?: boolean
  /** How wide the picture is shown (the `sizes` attribute). */
  sizes?: string
  /** Wishlist heart on the card (off where the card sits in the wishlist itself). */
  wishlist?: boolean
  /** Extra classes on the card (e.g. `listing-card`). */
  className?: string
  /** Buttons below the price (wishlist: add to cart, remove). */
  actions?: ReactNode
}

// Grid: 2 columns on phones, 3 on tablets, 4 from 1024 px in a container of at most ~1200 px.
const TILE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw'
// The picture box is square (CSS aspect-ratio), so an image without a known size is asked for as a square.
const FALLBACK_SIZE = 480

/**
 * The one product card of the shop: picture, name and number as one link to the product, the
 * availability when known, and the net price (or price on request).
 */
function Card({
  product,
  locale,
  layout = 'tile',
  headingLevel,
  priority,
  sizes,
  wishlist = true,
  className,
  actions,
}: { product: ProductCardData; locale: Locale } & ProductCardOptions) {
  const { t } = useTranslation('listing')
  const { availability, image } = product
  const Name = headingLevel ? (`h${headingLevel}` as const) : 'span'
  const classes = ['product-card', 'cms-product-card', `product-card-${layout}`, className].filter(Boolean).join(' ')
  return (
    <article className={classes} data-product-number={product.productNumber || undefined}>
      <Link to={product.href} className="cms-product-link product-card-link">
        <span className="cms-product-media product-card-media">
          {/* The name follows in the same link, so the picture is decorative (empty alt). */}
          {image ? (
            <ProductImage
              src={image.url}
              alt=""
              width={image.width || FALLBACK_SIZE}
              height={image.height || FALLBACK_SIZE}
              sizes={sizes ?? (layout === 'row' ? '120px' : TILE_SIZES)}
              priority={priority}
            />
          ) : null}
        </span>
        <Name className="cms-product-name product-card-name">{product.name}</Name>
      </Link>
      {wishlist ? <WishlistHeart productId={product.id} name={product.name} locale={locale} className="card-wishlist" /> : null}
      <div className="product-card-body">
        {product.productNumber ? <p className="cms-product-number product-card-number">{t('product.number', { number: product.productNumber })}</p> : null}
        {product.matchedOriginal ? (
          <p className="cms-product-number product-card-number product-card-original">{t('product.originalNumber', { number: product.matchedOriginal })}</p>
        ) : null}
        {availability ? (
          <p className={`listing-availability listing-availability-${availability.state}`}>
            {t(`product.availability.${availability.state}`, { count: availability.stock ?? 0 })}
          </p>
        ) : null}
      </div>
      {product.price !== undefined ? (
        <CardPrice
          className="product-card-price"
          locale={locale}
          unitPrice={product.price}
          listPrice={product.listPrice}
          savingPercent={product.savingPercent}
          from={product.fromPrice}
        />
      ) : (
        <p className="cms-product-price product-card-price listing-price-on-request">{t('product.priceOnRequest')}</p>
      )}
      {actions ? <div className="product-card-actions">{actions}</div> : null}
    </article>
  )
}

/** The product card, hydrated in a task of its own on a page's first load (a listing shows dozens). */
export function ProductCard(props: { product: ProductCardData; locale: Locale } & ProductCardOptions) {
  return (
    <HydrationSlice>
      <Card {...props} />
    </HydrationSlice>
  )
}
