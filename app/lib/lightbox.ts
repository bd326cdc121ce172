/** The lightbox's pure rules (spec sections 3, 4, 5 and 9); the component is app/components/lightbox. */

export const ZOOM_STEP = 0.12
export const MIN_ZOOM = 0.1
export const MAX_ZOOM = 3
export const SNAP_DISTANCE = 0.05
export const SWIPE_TOLERANCE = 50
export const ROTATE_STEP = 90
export const WHEEL_THROTTLE_MS = 80

export interface LightboxItem {
  src: string
  title?: string
  alt?: string
}

/**
 * Accepted items: a string (the src) or an object with a string `src` (optional string title/alt);
 * everything else is dropped.
 */
export function normalizeItems(items: readonly unknown[] | null | undefined): LightboxItem[] {
  if (!Array.isArray(items)) return []
  const result: LightboxItem[] = []
  for (const item of items) {
    if (typeof item === 'string') {
      result.push({ src: item })
    } else if (item !== null && typeof item === 'object' && typeof (item as { src?: unknown }).src === 'string') {
      const { src, title, alt } = item as { src: string; title?: unknown; alt?: unknown }
      result.push({
        src,
        ...(typeof title === 'string' ? { title } : {}),
        ...(typeof alt === 'string' ? { alt } : {}),
      })
    }
  }
  return result
}

/** Start index clamped to the available range (0 without items; non-numbers count as 0). */
export function clampIndex(index: number, length: number): number {
  if (length <= 0 || !Number.isFinite(index)) return 0
  return Math.min(length - 1, Math.max(0, Math.trunc(index)))
}

/** Next/previous image, wrapping around at both ends. */
export function stepIndex(index: number, length: number, direction: 1 | -1): number {
  if (length <= 0) return 0
  return (((index + direction) % length) + length) % length
}

// Repeated 0.12 steps accumulate binary rounding errors; four decimals is far below a visible pixel.
const round = (value: number) => Math.round(value * 10_000) / 10_000

/** Clamps a scale to [MIN_ZOOM, MAX_ZOOM] and snaps it to 1 or MAX_ZOOM when within SNAP_DISTANCE. */
export function snapScale(scale: number): number {
  const clamped = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale))
  if (Math.abs(clamped - 1) < SNAP_DISTANCE) return 1
  if (Math.abs(clamped - MAX_ZOOM) < SNAP_DISTANCE) return MAX_ZOOM
  return round(clamped)
}

export function zoomIn(scale: number): number {
  return snapScale(scale + ZOOM_STEP)
}

export function zoomOut(scale: number): number {
  return snapScale(scale - ZOOM_STEP)
}

/** Wheel up (negative deltaY) zooms in, wheel down zooms out, no vertical movement changes nothing. */
export function wheelZoom(scale: number, deltaY: number): number {
  if (deltaY < 0) return zoomIn(scale)
  if (deltaY > 0) return zoomOut(scale)
  return scale
}

/** Rotation in 90° steps, kept within 0–270. */
export function rotate(rotation: number, direction: 1 | -1 = 1): number {
  return (((rotation + direction * ROTATE_STEP) % 360) + 360) % 360
}

/**
 * What a finished pointer movement means: mostly horizontal movement above the tolerance navigates
 * (leftwards = next image, as when turning a page), anything else is no swipe.
 */
export function swipeDirection(dx: number, dy: number): 'next' | 'previous' | null {
  if (Math.abs(dx) <= SWIPE_TOLERANCE || Math.abs(dx) <= Math.abs(dy)) return null
  return dx < 0 ? 'next' : 'previous'
}

/** Lets a call through at most once per `interval` ms (the first one always). */
export function createThrottle(interval: number = WHEEL_THROTTLE_MS): (now: number) => boolean {
  let last = Number.NEGATIVE_INFINITY
  return (now: number) => {
    if (now - last < interval) return false
    last = now
    return true
  }
}

export interface ViewState {
  scale: number
  rotation: number
  x: number
  y: number
}

/** Zoom, rotation and position every image starts with (and returns to on every image change). */
export const INITIAL_VIEW: ViewState = { scale: 1, rotation: 0, x: 0, y: 0 }

/** Zooming back to 1 or below re-centres the image: there is nothing left to drag around. */
export function withScale(view: ViewState, scale: number): ViewState {
  return scale <= 1 ? { ...view, scale, x: 0, y: 0 } : { ...view, scale }
}

/** CSS transform for a view. */
export function transformOf(view: ViewState): string {
  return `translate(${view.x}px, ${view.y}px) rotate(${view.rotation}deg) scale(${view.scale})`
}
