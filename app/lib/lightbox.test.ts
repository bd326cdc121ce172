import { describe, expect, it } from 'vitest'
import {
  INITIAL_VIEW,
  MAX_ZOOM,
  MIN_ZOOM,
  ROTATE_STEP,
  SWIPE_TOLERANCE,
  WHEEL_THROTTLE_MS,
  ZOOM_STEP,
  clampIndex,
  createThrottle,
  normalizeItems,
  rotate,
  snapScale,
  stepIndex,
  swipeDirection,
  transformOf,
  wheelZoom,
  withScale,
  zoomIn,
  zoomOut,
} from './lightbox'

describe('lightbox items', () => {
  it('accepts strings and objects with a string src, drops everything else', () => {
    expect(
      normalizeItems([
        'a.jpg',
        { src: 'b.jpg', title: 'B', alt: 'Bee' },
        { src: 'c.jpg', title: 3, alt: null },
        { src: 4 },
        { url: 'd.jpg' },
        null,
        undefined,
        42,
        ['e.jpg'],
      ]),
    ).toEqual([{ src: 'a.jpg' }, { src: 'b.jpg', title: 'B', alt: 'Bee' }, { src: 'c.jpg' }])
  })

  it('treats a missing list as no images', () => {
    expect(normalizeItems(undefined)).toEqual([])
    expect(normalizeItems(null)).toEqual([])
  })

  it('clamps the start index to the available range', () => {
    expect(clampIndex(-3, 4)).toBe(0)
    expect(clampIndex(2, 4)).toBe(2)
    expect(clampIndex(9, 4)).toBe(3)
    expect(clampIndex(1.7, 4)).toBe(1)
    expect(clampIndex(Number.NaN, 4)).toBe(0)
    expect(clampIndex(5, 0)).toBe(0)
  })

  it('steps through images and wraps around', () => {
    expect(stepIndex(0, 3, 1)).toBe(1)
    expect(stepIndex(2, 3, 1)).toBe(0)
    expect(stepIndex(0, 3, -1)).toBe(2)
    expect(stepIndex(0, 0, 1)).toBe(0)
  })
})

describe('lightbox zoom', () => {
  it('has the spec constants', () => {
    expect([ZOOM_STEP, MIN_ZOOM, MAX_ZOOM, SWIPE_TOLERANCE, ROTATE_STEP, WHEEL_THROTTLE_MS]).toEqual([0.12, 0.1, 3, 50, 90, 80])
  })

  it('zooms in and out in steps of 0.12', () => {
    expect(zoomIn(1)).toBe(1.12)
    expect(zoomIn(1.12)).toBe(1.24)
    expect(zoomOut(1)).toBe(0.88)
    expect(zoomOut(zoomIn(1.24))).toBe(1.24)
  })

  it('clamps to min 0.1 and max 3', () => {
    expect(zoomOut(0.15)).toBe(0.1)
    expect(zoomIn(2.99)).toBe(3)
    expect(snapScale(10)).toBe(3)
    expect(snapScale(-1)).toBe(0.1)
  })

  it('snaps to 1 or to the maximum within 0.05', () => {
    expect(snapScale(1.04)).toBe(1)
    expect(snapScale(0.96)).toBe(1)
    expect(snapScale(1.06)).toBe(1.06)
    expect(snapScale(2.96)).toBe(3)
    expect(snapScale(2.94)).toBe(2.94)
    // Stepping out from 1.12 lands on 1 exactly, never 0.9999999.
    expect(zoomOut(1.12)).toBe(1)
  })

  it('reaches the maximum and the minimum by stepping without drifting past them', () => {
    let scale = 1
    for (let i = 0; i < 40; i++) scale = zoomIn(scale)
    expect(scale).toBe(MAX_ZOOM)
    for (let i = 0; i < 40; i++) scale = zoomOut(scale)
    expect(scale).toBe(MIN_ZOOM)
  })

  it('zooms with the wheel: up is in, down is out', () => {
    expect(wheelZoom(1, -100)).toBe(1.12)
    expect(wheelZoom(1, 100)).toBe(0.88)
    expect(wheelZoom(1.5, 0)).toBe(1.5)
  })

  it('throttles wheel events to one per 80 ms', () => {
    const allow = createThrottle()
    expect(allow(1000)).toBe(true)
    expect(allow(1040)).toBe(false)
    expect(allow(1079)).toBe(false)
    expect(allow(1080)).toBe(true)
    expect(allow(1100)).toBe(false)
    expect(allow(1200)).toBe(true)
  })

  it('re-centres the image when zooming back to 1 or below', () => {
    const moved = { scale: 2, rotation: 90, x: 30, y: -20 }
    expect(withScale(moved, 1.5)).toEqual({ scale: 1.5, rotation: 90, x: 30, y: -20 })
    expect(withScale(moved, 1)).toEqual({ scale: 1, rotation: 90, x: 0, y: 0 })
  })
})

describe('lightbox rotation and swipe', () => {
  it('rotates in 90° steps within 0–270', () => {
    expect(rotate(0)).toBe(90)
    expect(rotate(270)).toBe(0)
    expect(rotate(0, -1)).toBe(270)
  })

  it('swipes only on mostly horizontal movement above 50 px', () => {
    expect(swipeDirection(-51, 0)).toBe('next')
    expect(swipeDirection(80, 10)).toBe('previous')
    expect(swipeDirection(-50, 0)).toBeNull()
    expect(swipeDirection(30, 0)).toBeNull()
    expect(swipeDirection(-60, 90)).toBeNull()
  })

  it('writes the transform of a view', () => {
    expect(transformOf(INITIAL_VIEW)).toBe('translate(0px, 0px) rotate(0deg) scale(1)')
    expect(transformOf({ scale: 2, rotation: 90, x: 5, y: -3 })).toBe('translate(5px, -3px) rotate(90deg) scale(2)')
  })
})
