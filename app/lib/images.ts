/** Responsive images through the `/thumbnail/` route (server/thumbnail.ts), spec section 9. */

export const THUMBNAIL_PATH = '/thumbnail/'
/** Largest width or height the thumbnail route accepts. */
export const MAX_THUMBNAIL_DIMENSION = 2560
export const IMAGE_DENSITIES = [1, 2] as const
export const IMAGE_FORMAT = 'webp' as const
export const SCREEN_WIDTHS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const
export const PLACEHOLDER = { width: 10, height: 10, quality: 50, blur: 3 } as const
export const DEFAULT_THUMBNAIL_QUALITY = 80

/**
 * Fixed-size boxes components show store images in (`<ProductImage width>` that is not the file's
 * own width): gallery thumbnails (product-gallery.tsx) and finder result cards (finder-result-card.tsx).
 */
export const COMPONENT_DISPLAY_WIDTHS = [80, 240] as const

/**
 * CMS section and block backgrounds (app/lib/background-media.ts backgroundSize): unknown sizes 800,
 * others rounded up to a multiple of 100, where 1901–1920 become 2000 and larger sizes 1900.
 */
export const BACKGROUND_SIZES: readonly number[] = Array.from({ length: 20 }, (_, index) => (index + 1) * 100)

const withDensities = (widths: readonly number[]) =>
  widths.flatMap((width) => IMAGE_DENSITIES.map((density) => Math.min(MAX_THUMBNAIL_DIMENSION, width * density)))

/**
 * Every width and height `/thumbnail/` renders, and so every size that can end up in its cache:
 * each distinct size costs a resize and a file per image, so the route refuses the rest (400) and
 * the URL builders below round whatever a page asks for up to one of these.
 */
export const THUMBNAIL_SIZES: readonly number[] = [
  ...new Set([
    PLACEHOLDER.width,
    PLACEHOLDER.height,
    ...withDensities(Object.values(SCREEN_WIDTHS)),
    ...withDensities(COMPONENT_DISPLAY_WIDTHS),
    ...BACKGROUND_SIZES,
  ]),
].sort((a, b) => a - b)

/** `q` values the route renders: the default and the placeholder's. */
export const THUMBNAIL_QUALITIES = [DEFAULT_THUMBNAIL_QUALITY, PLACEHOLDER.quality] as const
export type ThumbnailQuality = (typeof THUMBNAIL_QUALITIES)[number]

/** `blur` values the route renders: the placeholder's only. */
export const THUMBNAIL_BLURS = [PLACEHOLDER.blur] as const
export type ThumbnailBlur = (typeof THUMBNAIL_BLURS)[number]

/** `bg` values (hex without '#') the route renders: white, for letterboxing and flattening. */
export const THUMBNAIL_BACKGROUNDS = ['ffffff'] as const
export type ThumbnailBackground = (typeof THUMBNAIL_BACKGROUNDS)[number]

/**
 * Output formats: webp, or the original's own format (judged by the file name, see originalFormat).
 * No AVIF: measured with sharp 0.35.5 (libvips 8.18.7, aom 3.15.1) at quality 80, median of 7 on
 * one core, the seeded 800x800 product photo (fs-10001.jpg) took 411 ms of CPU as AVIF against 27 ms
 * as webp and came out larger (5.7 kB vs 5.4 kB); the 1920x800 hero image at 1536 px took 1294 ms
 * against 53 ms (18.2 kB vs 15.2 kB). Fifteen to twenty-five times the CPU for no smaller file.
 */
export const THUMBNAIL_FORMATS = ['webp', 'jpeg', 'png'] as const

export type ImageFit = 'cover' | 'contain' | 'inside'
export type ImageFormat = (typeof THUMBNAIL_FORMATS)[number]

export interface ThumbnailOptions {
  /** Rounded up to the next of THUMBNAIL_SIZES */
  width?: number
  /** Rounded up to the next of THUMBNAIL_SIZES */
  height?: number
  fit?: ImageFit
  /** webp unless the src's own format is asked for; another format falls back to webp */
  format?: ImageFormat
  quality?: ThumbnailQuality
  /** Hex colour, with or without '#', for letterboxing and flattening */
  background?: ThumbnailBackground | `#${ThumbnailBackground}`
  blur?: ThumbnailBlur
}

/**
 * Store media the thumbnail route can fetch: absolute http(s) URLs, and the shop's own /media/ paths
 * (the embedded store's media, see safeMediaUrl); anything else is used as is.
 */
export function isThumbnailSource(src: string): boolean {
  return /^https?:\/\//i.test(src) || src.startsWith('/media/')
}

/** The format of the file a src names, from its extension; undefined when it is not one we render. */
export function originalFormat(src: string): ImageFormat | undefined {
  const path = src.split(/[?#]/, 1)[0] ?? ''
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
  if (extension === 'jpg' || extension === 'jpeg') return 'jpeg'
  if (extension === 'png' || extension === 'webp') return extension
  return undefined
}

/** Whether `/thumbnail/` renders `format` for `src`: webp always, otherwise only the file's own format. */
export function isThumbnailFormat(src: string, format: string): format is ImageFormat {
  return format === IMAGE_FORMAT || originalFormat(src) === format
}

/** The smallest offered size that is at least `value` (the largest for anything bigger). */
export function thumbnailSize(value: number): number {
  const wanted = Math.max(1, Math.round(value))
  return THUMBNAIL_SIZES.find((size) => size >= wanted) ?? THUMBNAIL_SIZES[THUMBNAIL_SIZES.length - 1]!
}

/** URL of a resized copy of `src`. Parameters in a fixed order, so equal requests share one cache entry. */
export function thumbnailUrl(src: string, options: ThumbnailOptions = {}): string {
  if (!isThumbnailSource(src)) return src
  const params = new URLSearchParams({ src })
  if (options.width !== undefined) params.set('w', String(thumbnailSize(options.width)))
  if (options.height !== undefined) params.set('h', String(thumbnailSize(options.height)))
  if (options.fit) params.set('fit', options.fit)
  params.set('format', options.format && isThumbnailFormat(src, options.format) ? options.format : IMAGE_FORMAT)
  if (options.quality !== undefined) params.set('q', String(options.quality))
  if (options.background) params.set('bg', options.background.replace(/^#/, '').toLowerCase())
  if (options.blur !== undefined) params.set('blur', String(options.blur))
  return `${THUMBNAIL_PATH}?${params}`
}

/**
 * Widths worth offering for an image shown `displayWidth` CSS pixels wide: the spec's screen widths
 * up to twice that (density 2), plus the 1x and 2x sizes themselves, each as an offered size.
 */
export function srcSetWidths(displayWidth: number): number[] {
  const largest = thumbnailSize(displayWidth * Math.max(...IMAGE_DENSITIES))
  const widths = new Set<number>(IMAGE_DENSITIES.map((density) => thumbnailSize(displayWidth * density)))
  for (const width of Object.values(SCREEN_WIDTHS)) if (width <= largest) widths.add(width)
  return [...widths].sort((a, b) => a - b)
}

/**
 * `srcset` entries for the widths (rounded to offered sizes); `fileWidth` caps the descriptors,
 * because the route never enlarges: asking 2000 of a 1920 px file gives 1920 px.
 */
function widthCandidates(
  src: string,
  widths: readonly number[],
  options: Omit<ThumbnailOptions, 'width' | 'height'>,
  fileWidth = Number.POSITIVE_INFINITY,
): string {
  const sizes = [...new Set(widths.map(thumbnailSize))].sort((a, b) => a - b)
  return sizes
    .map((width) => `${thumbnailUrl(src, { ...options, width })} ${Math.min(width, Math.round(fileWidth))}w`)
    .join(', ')
}

/** `srcset` with width descriptors (`/thumbnail/?…&w=320 320w, …`). */
export function imageSrcSet(
  src: string,
  widths: readonly number[],
  options: Omit<ThumbnailOptions, 'width' | 'height'> = {},
): string {
  if (!isThumbnailSource(src)) return ''
  return widthCandidates(src, widths, options)
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

/**
 * Widths for an image whose shown size is unknown: the screen widths below its own width, and the
 * offered size that covers its own width.
 */
export function intrinsicSrcSetWidths(intrinsicWidth: number): number[] {
  const own = thumbnailSize(intrinsicWidth)
  return [...new Set([...Object.values(SCREEN_WIDTHS).filter((width) => width < intrinsicWidth), own])].sort(
    (a, b) => a - b,
  )
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
  return {
    src: thumbnailUrl(src, { width: Math.min(intrinsicWidth, SCREEN_WIDTHS.xxl) }),
    srcSet: widthCandidates(src, intrinsicSrcSetWidths(intrinsicWidth), {}, intrinsicWidth),
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
