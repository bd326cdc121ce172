import { Link } from '@remix-run/react'
import { useId, useRef } from 'react'
import { useTranslation } from '~/lib/use-translation'
import type { Locale } from '~/lib/locale'
import { Listing } from '~/components/listing/listing'
import { island } from '~/components/ui/island'
import { CmsImage } from './cms-image'
import { ProductCard } from './product-card'
import type { CmsElement as CmsElementData } from './types'

const importCmsContactForm = () => import('~/components/contact/cms-contact-form').then((module) => module.CmsContactForm)
const CmsContactForm = island(import.meta.env.SSR ? await importCmsContactForm() : undefined, importCmsContactForm)
// Only for a mouse once the page runs: its script loads after the page's first load.
const importSliderControls = () => import('./slider-controls').then((module) => module.SliderControls)
const SliderControls = island(import.meta.env.SSR ? await importSliderControls() : undefined, importSliderControls)

// Teasers sit in a grid of two to six columns.
const TEASER_SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw'

interface ElementProps {
  element: CmsElementData
  locale: Locale
  /** The page's name, for alt texts of images that have none. */
  pageName: string
}

export function CmsElement({ element, locale, pageName }: ElementProps) {
  const { t } = useTranslation('content')
  const fallbackAlt = t('image.fallbackAlt', { page: pageName })
  switch (element.type) {
    case 'text':
      // Sanitized on the server (app/store/cms.server.ts).
      return <div className="cms-text" dangerouslySetInnerHTML={{ __html: element.html }} />
    case 'image': {
      if (!element.link) {
        return (
          <figure className="cms-image-figure">
            <CmsImage image={element.image} alt={element.image.alt || fallbackAlt} className="cms-image" />
          </figure>
        )
      }
      // A linked image is a teaser: its alt text becomes the visible label and names the link, so the
      // picture itself is decorative (a screen reader hears the name once).
      const label = element.image.alt || fallbackAlt
      const content = (
        <>
          <CmsImage image={element.image} alt="" className="cms-image" sizes={TEASER_SIZES} />
          <span className="cms-image-label">{label}</span>
        </>
      )
      return element.link.external ? (
        <a className="cms-image-link" href={element.link.href} rel="noopener noreferrer">
          {content}
        </a>
      ) : (
        <Link className="cms-image-link" to={element.link.href}>
          {content}
        </Link>
      )
    }
    case 'image-gallery':
      return (
        <ul className="cms-gallery" aria-label={t('gallery.label')}>
          {element.images.map((image, index) => (
            <li key={`${image.url}-${index}`}>
              <figure>
                <CmsImage image={image} alt={image.alt || fallbackAlt} />
              </figure>
            </li>
          ))}
        </ul>
      )
    case 'product-box':
      return <ProductCard product={element.product} locale={locale} />
    case 'product-slider':
      return <ProductSlider title={element.title} products={element.products} locale={locale} />
    case 'product-listing':
      return <Listing view={element.listing} locale={locale} label={t('listing.label', { name: pageName })} />
    case 'contact-form':
      return <CmsContactForm element={element} locale={locale} />
  }
}

function ProductSlider({ title, products, locale }: { title?: string; products: SliderProducts; locale: Locale }) {
  const { t } = useTranslation('content')
  const headingId = useId()
  const hintId = useId()
  const track = useRef<HTMLUListElement>(null)
  return (
    <section className="cms-slider" aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : t('slider.label')}>
      <div className="cms-slider-head">
        {title ? (
          <h2 id={headingId} className="cms-slider-title">
            {title}
          </h2>
        ) : null}
        <SliderControls track={track} />
      </div>
      <p id={hintId} className="visually-hidden">
        {t('slider.scrollHint')}
      </p>
      {/* Focusable so keyboard users can scroll it; CSS scroll-snap does the rest without JS. */}
      <ul ref={track} className="cms-slider-track" tabIndex={0} aria-describedby={hintId}>
        {products.map((product) => (
          <li key={product.id} className="cms-slider-item">
            <ProductCard product={product} locale={locale} />
          </li>
        ))}
      </ul>
    </section>
  )
}

type SliderProducts = Extract<CmsElementData, { type: 'product-slider' }>['products']
