import type { CmsImage as CmsImageData } from './types'

/** An image with its intrinsic size (no layout shift); lazy unless it is the page's first image. */
export function CmsImage({ image, alt, className }: { image: CmsImageData; alt: string; className?: string }) {
  return (
    <img
      src={image.url}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={image.eager ? 'eager' : 'lazy'}
      decoding={image.eager ? 'auto' : 'async'}
      className={className}
    />
  )
}
