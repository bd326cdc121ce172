import { intrinsicImage, placeholderStyle } from '~/lib/images'
import type { CmsImage as CmsImageData } from './types'

// Content images span at most the page container (1240 px) unless a caller knows better.
const DEFAULT_SIZES = '(min-width: 1240px) 1240px, 100vw'

/**
 * An image with its intrinsic size (no layout shift); lazy unless it is the page's first image.
 * Store media go through /thumbnail/ as webp in the spec's screen widths, with a blurred placeholder.
 */
export function CmsImage({
  image,
  alt,
  className,
  sizes = DEFAULT_SIZES,
}: {
  image: CmsImageData
  alt: string
  className?: string
  /** How wide the image is shown at each screen width */
  sizes?: string
}) {
  const responsive = image.width ? intrinsicImage(image.url, image.width) : { src: image.url }
  return (
    <img
      src={responsive.src}
      srcSet={responsive.srcSet || undefined}
      sizes={responsive.srcSet ? sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={image.eager ? 'eager' : 'lazy'}
      decoding={image.eager ? 'auto' : 'async'}
      className={className}
      style={placeholderStyle(responsive.placeholder)}
    />
  )
}
