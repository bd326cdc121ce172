import { useState, type MouseEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { Lightbox } from '~/components/lightbox/lightbox'
import { ProductImage } from '~/components/product-image'

export interface GalleryImage {
  /** Absolute media URL of the full-size image */
  src: string
  alt: string
  width: number
  height: number
}

export interface ProductGalleryProps {
  images: GalleryImage[]
  productName: string
}

/** A plain click (no modifier key, main button) opens the lightbox; others keep the link's own behaviour. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/**
 * Product images: the first one large, all of them as a thumbnail list. Every image is a link to its
 * full-size file, so without JavaScript a click still shows the big picture; with JavaScript the click
 * opens the lightbox at that image instead.
 */
export function ProductGallery({ images, productName }: ProductGalleryProps) {
  const { t } = useTranslation('media')
  const [openAt, setOpenAt] = useState<number | null>(null)
  // Once hydrated, the links open a dialog instead of the file; say so to assistive technology.
  const hydrated = useHydrated()
  const popup = hydrated ? ({ 'aria-haspopup': 'dialog' } as const) : {}
  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    setOpenAt(index)
  }
  const count = images.length
  const main = images[0]
  if (!main) {
    return (
      <div className="product-gallery product-gallery-empty">
        <p>{t('gallery.noImage')}</p>
      </div>
    )
  }
  const altOf = (image: GalleryImage, index: number) =>
    image.alt || t('gallery.imageAlt', { name: productName, index: index + 1, count })

  return (
    <section
      className="product-gallery"
      aria-label={t('gallery.label', { name: productName })}
      data-enhanced={hydrated ? '' : undefined}
    >
      <a
        href={main.src}
        className="product-gallery-main"
        data-gallery-index={0}
        title={t('gallery.openLarge')}
        onClick={open(0)}
        {...popup}
      >
        <ProductImage
          src={main.src}
          alt={altOf(main, 0)}
          width={main.width}
          height={main.height}
          sizes="(min-width: 1024px) 600px, 100vw"
          priority
        />
      </a>
      {count > 1 ? (
        <ul className="product-gallery-thumbnails">
          {images.map((image, index) => (
            <li key={`${image.src}-${index}`}>
              <a
                href={image.src}
                className="product-gallery-thumbnail"
                data-gallery-index={index}
                aria-label={t('gallery.thumbnail', { index: index + 1, count })}
                onClick={open(index)}
                {...popup}
              >
                {/* The link carries the name; the thumbnail itself is decorative. */}
                <ProductImage src={image.src} alt="" width={80} height={80} sizes="80px" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {openAt !== null ? (
        <Lightbox
          items={images.map((image, index) => ({ src: image.src, alt: altOf(image, index) }))}
          startIndex={openAt}
          label={t('lightbox.label', { name: productName })}
          onClose={() => setOpenAt(null)}
        />
      ) : null}
    </section>
  )
}
