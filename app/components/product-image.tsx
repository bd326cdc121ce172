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

/** A product picture. All product images go through this component. */
export function ProductImage({ src, alt, width, height, sizes, priority, className }: ProductImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  )
}
