/** Responsive images through the `/thumbnail/` route (server/thumbnail.ts), spec section 9. */

export const THUMBNAIL_PATH = '/thumbnail/'
/** Largest width or height the thumbnail route accepts (server/thumbnail.ts MAX_DIMENSION). */
export const MAX_THUMBNAIL_DIMENSION = 2560
export const IMAGE_DENSITIES = [1, 2] as const
export const IMAGE_FORMAT = 'webp' as const
export const SCREEN_WIDTHS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const
export const PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 } as const

export type ImageFit = 'cover' | 'contain' | 'inside'
export type ImageFormat = 'webp' | 'jpeg' | 'png' | 'avif'

export interface ThumbnailOptions {
  width?: number
  height?: number
  fit?: ImageFit
  format?: ImageFormat
  quality?: number
  /** Hex colour, with or without '#', for letterboxing and flattening */
  background?: string
  blur?: number
}

/** Only absolute http(s) URLs are store media the thumbnail route can fetch; anything else is used as is. */
export function isThumbnailSource(src: string): boolean {
  return /^https?:\/\//i.test(src)
}

const clampDimension = (value: number) => Math.min(MAX_THUMBNAIL_DIMENSION, Math.max(1, Math.round(value)))

/** URL of a resized copy of `src`. Parameters in a fixed order, so equal requests share one cache entry. */
export function thumbnailUrl(src: string, options: ThumbnailOptions = {}): string {
  if (!isThumbnailSource(src)) return src
  const params = new URLSearchParams({ src })
  if (options.width !== undefined) params.set('w', String(clampDimension(options.width)))
  if (options.height !== undefined) params.set('h', String(clampDimension(options.height)))
  if (options.fit) params.set('fit', options.fit)
  params.set('format', options.format ?? IMAGE_FORMAT)
  if (options.quality !== undefined) params.set('q', String(Math.min(100, Math.max(1, Math.round(options.quality)))))
  if (options.background) params.set('bg', options.background.replace(/^#/, '').toLowerCase())
  if (options.blur !== undefined) params.set('blur', String(options.blur))
  return `${THUMBNAIL_PATH}?${params}`
}

/**
 * Widths worth offering for an image shown `displayWidth` CSS pixels wide: the spec's screen widths
 * up to twice that (density 2), plus the 1x and 2x sizes themselves.
 */
export function srcSetWidths(displayWidth: number): number[] {
  const largest = Math.min(MAX_THUMBNAIL_DIMENSION, Math.round(displayWidth * Math.max(...IMAGE_DENSITIES)))
  const widths = new Set<number>(IMAGE_DENSITIES.map((density) => clampDimension(displayWidth * density)))
  for (const width of Object.values(SCREEN_WIDTHS)) if (width <= largest) widths.add(width)
  return [...widths].sort((a, b) => a - b)
}

/** `srcset` with width descriptors (`/thumbnail/?…&w=320 320w, …`). */
export function imageSrcSet(
  src: string,
  widths: readonly number[],
  options: Omit<ThumbnailOptions, 'width' | 'height'> = {},
): string {
  if (!isThumbnailSource(src)) return ''
  return widths.map((width) => `${thumbnailUrl(src, { ...options, width })} ${clampDimension(width)}w`).join(', ')
}

/** `srcset` with density descriptors for an image shown at a fixed size (`… 1x, … 2x`). */
export function densitySrcSet(
  src: string,
  width: number,
  height?: number,
  options: Omit<ThumbnailOptions, 'width' | 'height'> = {},
): string {
  if (!isThumbnailSource(src)) return ''
  return IMAGE_DENSITIES.map(
    (density) =>
      `${thumbnailUrl(src, {
        ...options,
        width: width * density,
        ...(height !== undefined ? { height: height * density } : {}),
      })} ${density}x`,
  ).join(', ')
}

/** A tiny blurred copy shown while the real image loads (10x10, quality 50, blur 3). */
export function placeholderUrl(src: string): string | undefined {
  if (!isThumbnailSource(src)) return undefined
  return thumbnailUrl(src, {
    width: PLACEHOLDER.width,
    height: PLACEHOLDER.height,
    fit: 'inside',
    quality: PLACEHOLDER.quality,
    blur: PLACEHOLDER.blur,
  })
}

/** Widths for an image whose shown size is unknown: the screen widths below its own width, and that width. */
export function intrinsicSrcSetWidths(intrinsicWidth: number): number[] {
  const own = clampDimension(intrinsicWidth)
  return [...new Set([...Object.values(SCREEN_WIDTHS).filter((width) => width < own), own])].sort((a, b) => a - b)
}

export interface ResponsiveImage {
  src: string
  srcSet?: string
  placeholder?: string
}

/** Everything an `<img>` needs for a store image shown `displayWidth` CSS pixels wide (at most). */
export function responsiveImage(src: string, displayWidth: number): ResponsiveImage {
  if (!isThumbnailSource(src)) return { src }
  return {
    src: thumbnailUrl(src, { width: displayWidth }),
    srcSet: imageSrcSet(src, srcSetWidths(displayWidth)),
    placeholder: placeholderUrl(src),
  }
}

/** For content images (CMS) whose shown width depends on the layout: never asks for more than the file has. */
export function intrinsicImage(src: string, intrinsicWidth: number): ResponsiveImage {
  if (!isThumbnailSource(src)) return { src }
  const widths = intrinsicSrcSetWidths(intrinsicWidth)
  return {
    src: thumbnailUrl(src, { width: Math.min(clampDimension(intrinsicWidth), SCREEN_WIDTHS.xxl) }),
    srcSet: imageSrcSet(src, widths),
    placeholder: placeholderUrl(src),
  }
}

/** Inline style showing the blurred placeholder behind an image until it has loaded. */
export function placeholderStyle(placeholder: string | undefined) {
  return placeholder
    ? {
        backgroundImage: `url("${placeholder}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        backgroundRepeat: 'no-repeat',
      }
    : undefined
}
