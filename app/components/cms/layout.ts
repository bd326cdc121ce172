import type { CSSProperties } from 'react'
import { thumbnailUrl } from '~/lib/images'
import type { CmsLayout } from './types'

/** The URL a layout's background image is loaded from (the same for the style and a preload). */
export function backgroundUrl(background: NonNullable<CmsLayout['background']>): string {
  // The size was rounded up to a multiple of 100 (background-media.ts), so few variants get cached.
  return thumbnailUrl(background.url, { width: background.width, height: background.height, fit: 'inside' })
}

/** Class names and inline style of a section or block; all values were validated on the server. */
export function layoutAttributes(layout: CmsLayout, base: string): { className: string; style?: CSSProperties } {
  const classes = [base, ...layout.hiddenOn.map((device) => `cms-hidden-${device}`)]
  if (layout.cssClass) classes.push(layout.cssClass)
  const style: CSSProperties = {}
  if (layout.backgroundColor) style.backgroundColor = layout.backgroundColor
  if (layout.margin?.top) style.marginTop = layout.margin.top
  if (layout.margin?.right) style.marginRight = layout.margin.right
  if (layout.margin?.bottom) style.marginBottom = layout.margin.bottom
  if (layout.margin?.left) style.marginLeft = layout.margin.left
  if (layout.background) {
    style.backgroundImage = `url(${JSON.stringify(backgroundUrl(layout.background))})`
    style.backgroundSize = layout.background.mode
    style.backgroundPosition = 'center'
    style.backgroundRepeat = 'no-repeat'
  }
  return Object.keys(style).length ? { className: classes.join(' '), style } : { className: classes.join(' ') }
}
