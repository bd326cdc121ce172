import { placeholderStyle, responsiveImage } from '~/lib/images'

export interface ProductImageProps {
  /** Absolute media URL from the store */
  src: string
  alt: string
  /** Intrinsic size (or the box it is shown in) so the page does not shift while loading */
  width: number
  height: number
  /** The `sizes` attribute: how wide the image is shown at each screen width */
  sizes: string
  /** Above the fold: load eagerly with high priority */
  priority?: boolean
  className?: string
}

/**
 * A product picture. All product images go through this component: it serves webp copies through
 * /thumbnail/ in the spec's screen widths (up to twice `width` for density 2) and shows a tiny blurred
 * copy as background until the real image has loaded.
 */
export function ProductImage({ src, alt, width, height, sizes, priority, className }: ProductImageProps) {
  const image = responsiveImage(src, width)
  return (
    <img
      src={image.src}
      srcSet={image.srcSet || undefined}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      // Lowercase as in HTML: React 18 renders it as is, while it warns about (but renders) fetchPriority.
      {...(priority ? { fetchpriority: 'high' } : {})}
      decoding="async"
      className={className}
      style={placeholderStyle(image.placeholder)}
    />
  )
}
