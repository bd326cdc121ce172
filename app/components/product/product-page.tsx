import { useTranslation } from '~/lib/use-translation'
import { ProductCard } from '~/components/cms/product-card'
import type { CmsProduct } from '~/components/cms/types'
import { JsonLd } from '~/components/shell/nonce'
import { lastViewedBeaconPath } from '~/lib/links'
import { localizePath, type Locale } from '~/lib/locale'
import { formatDecimal, formatKilograms } from '~/lib/format'
import { formatUtcDate } from '~/lib/format-date'
import type { ProductView } from '~/store/product.server'
import { WishlistHeart } from '~/components/wishlist/wishlist-heart'
import { BuyBox } from './buy-box'
import { ProductGallery } from './product-gallery'

export interface ProductPageProps {
  product: ProductView
  jsonLd: unknown
  locale: Locale
}

function ProductCards({ title, products, locale, id }: { title: string; products: CmsProduct[]; locale: Locale; id: string }) {
  return (
    <section className="product-section product-cards" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="product-card-list">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} locale={locale} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Variants({ product }: { product: ProductView }) {
  const { t } = useTranslation('product')
  if (!product.variants.length) return null
  return (
    <nav className="product-variants" aria-label={t('variants.label')}>
      {product.variants.map((group) => (
        <div key={group.id} className="variant-group" role="group" aria-labelledby={`variant-group-${group.id}`}>
          <p id={`variant-group-${group.id}`} className="variant-group-name">
            {group.name}
          </p>
          <ul>
            {group.options.map((option) => (
              <li key={option.id}>
                {option.selected ? (
                  <a href={option.href} className="variant-option is-selected" aria-current="true">
                    {option.name}
                  </a>
                ) : option.href ? (
                  <a href={option.href} className="variant-option">
                    {option.name}
                  </a>
                ) : (
                  <span className="variant-option is-unavailable">{t('variants.unavailable', { name: option.name })}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

function Reviews({ product, locale }: { product: ProductView; locale: Locale }) {
  const { t } = useTranslation('product')
  const { reviews } = product
  return (
    <section className="product-section product-reviews" aria-labelledby="product-reviews-title">
      <h2 id="product-reviews-title">{t('reviews.title')}</h2>
      {reviews.average !== undefined && reviews.count > 0 ? (
        <p className="reviews-summary">
          {t('reviews.summary', {
            count: reviews.count,
            average: formatDecimal(locale, reviews.average, 1),
          })}
        </p>
      ) : (
        <p>{t('reviews.empty')}</p>
      )}
      <p>
        <a href={localizePath(locale, `/review/${product.id}`)} className="review-write" rel="nofollow">
          {t('reviews.write')}
        </a>
      </p>
      {reviews.items.length ? (
        <ul className="review-list">
          {reviews.items.map((review) => (
            <li key={review.id}>
              <article>
                {/* Reviews are shown in every language; their own words carry theirs, the shop's frame the page's. */}
                <h3 lang={review.lang}>{review.title}</h3>
                {review.pending ? (
                  <p className="review-pending">
                    {t('reviews.pending')} · <a href={localizePath(locale, `/review/${review.pending.productId}`)}>{t('reviews.edit')}</a>
                  </p>
                ) : null}
                <p className="review-rating">{t('reviews.rating', { points: review.points })}</p>
                {review.date || review.author ? (
                  <p className="review-meta">
                    {[review.author, review.date ? formatUtcDate(locale, new Date(review.date)) : undefined].filter(Boolean).join(' · ')}
                  </p>
                ) : null}
                <p lang={review.lang}>{review.content}</p>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

/** The product detail page: name and buy box first (gallery beside them on wide screens), then the facts, reviews and related products. */
export function ProductPage({ product, jsonLd, locale }: ProductPageProps) {
  const { t } = useTranslation('product')
  return (
    <article className="product-page" data-product-id={product.id}>
      <JsonLd data={jsonLd} />
      {/* The summary comes first, so a phone shows name, price, availability and add to cart on its
          first screen (the gallery follows); from 900 px the gallery is placed in the left column. */}
      <div className="product-top">
        <div className="product-summary">
          <h1>{product.name}</h1>
          <p className="product-number">
            {t('number')}: <span data-testid="product-number">{product.productNumber}</span>
          </p>
          {product.manufacturer ? (
            <p className="product-manufacturer">
              {t('manufacturer')}: <a href={product.manufacturer.href}>{product.manufacturer.name}</a>
            </p>
          ) : null}
          <Variants product={product} />
          <BuyBox
            locale={locale}
            productId={product.id}
            price={product.price}
            shippingFree={product.shippingFree}
            availability={product.availability}
            deliveryTime={product.deliveryTime}
            rules={product.rules}
          />
          <WishlistHeart productId={product.id} name={product.name} locale={locale} className="product-wishlist" />
          {product.shippingFree ? <p className="shipping-free">{t('shippingFree')}</p> : null}
        </div>
        <div className="product-media">
          <ProductGallery images={product.images} productName={product.name} />
        </div>
      </div>

      {product.descriptionHtml ? (
        <section className="product-section" aria-labelledby="product-description-title">
          <h2 id="product-description-title">{t('description')}</h2>
          <div className="product-description" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
        </section>
      ) : null}

      <section className="product-section" aria-labelledby="product-details-title">
        <h2 id="product-details-title">{t('details')}</h2>
        <dl className="product-facts">
          <div>
            <dt>{t('number')}</dt>
            <dd>{product.productNumber}</dd>
          </div>
          {product.ean ? (
            <div>
              <dt>{t('ean')}</dt>
              <dd>{product.ean}</dd>
            </div>
          ) : null}
          {product.weightKg !== undefined ? (
            <div>
              <dt>{t('weight')}</dt>
              <dd data-testid="product-weight">{formatKilograms(locale, product.weightKg)}</dd>
            </div>
          ) : null}
          {product.details.map((detail) => (
            <div key={detail.key}>
              <dt>{t(`fields.${detail.key}`)}</dt>
              <dd>{detail.href ? <a href={detail.href}>{detail.value}</a> : detail.value}</dd>
            </div>
          ))}
          {product.properties.map((property) => (
            <div key={property.group}>
              <dt>{property.group}</dt>
              <dd>{property.values.join(', ')}</dd>
            </div>
          ))}
        </dl>
      </section>

      {product.manufacturer ? (
        <section className="product-section product-manufacturer-box" aria-labelledby="product-manufacturer-title">
          <h2 id="product-manufacturer-title">{t('manufacturer')}</h2>
          {product.manufacturer.logo ? (
            <img
              src={product.manufacturer.logo.src}
              alt={t('manufacturerLogo', { name: product.manufacturer.name })}
              width={product.manufacturer.logo.width}
              height={product.manufacturer.logo.height}
              loading="lazy"
              className="manufacturer-logo"
            />
          ) : null}
          <p>
            <a href={product.manufacturer.href}>{t('manufacturerLink', { name: product.manufacturer.name })}</a>
          </p>
        </section>
      ) : null}

      {product.downloads.length ? (
        <section className="product-section" aria-labelledby="product-downloads-title">
          <h2 id="product-downloads-title">{t('downloads')}</h2>
          <ul>
            {product.downloads.map((download) => (
              <li key={download.href}>
                <a href={download.href} download>
                  {download.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Reviews product={product} locale={locale} />

      {product.crossSellings.map((group) => (
        <ProductCards key={group.id} id={`cross-selling-${group.id}`} title={group.name} products={group.products} locale={locale} />
      ))}

      {product.lastViewed.length ? (
        <ProductCards id="last-viewed-title" title={t('lastViewed')} products={product.lastViewed} locale={locale} />
      ) : null}
      {/* Records the view in the last-viewed cookie, with or without JavaScript, so the page itself stays cacheable (docs/decisions/004). */}
      <img className="view-beacon" src={lastViewedBeaconPath(product.pageId)} alt="" width={1} height={1} />
    </article>
  )
}
