/** Longest background image URL accepted (spec section 5). */
export const MAX_BACKGROUND_URL_LENGTH = 1000
const DEFAULT_SIZE = 800
const CAP_THRESHOLD = 1920
const CAP_SIZE = 1900
const STEP = 100

export interface BackgroundMediaInput {
  url: string
  width?: number | null
  height?: number | null
}

export interface BackgroundImage {
  url: string
  width: number
  height: number
}

/**
 * The size a background image is requested in: unknown sizes become 800, sizes above 1920 are
 * capped at 1900, and every size is rounded up to a multiple of 100 so that few variants exist.
 */
export function backgroundSize(value: number | null | undefined): number {
  const size = typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_SIZE
  const capped = size > CAP_THRESHOLD ? CAP_SIZE : size
  return Math.ceil(capped / STEP) * STEP
}

/** Background image of a CMS section or block. Throws 'Url is too long' for URLs over 1000 characters. */
export function backgroundImage(media: BackgroundMediaInput): BackgroundImage {
  if (media.url.length > MAX_BACKGROUND_URL_LENGTH) throw new Error('Url is too long')
  return { url: media.url, width: backgroundSize(media.width), height: backgroundSize(media.height) }
}
