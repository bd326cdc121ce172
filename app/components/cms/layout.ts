import type { CSSProperties } from 'react'
import { backgroundSize } from '~/lib/background-media'
import { thumbnailUrl } from '~/lib/images'
import type { CmsLayout } from './types'

type Background = NonNullable<CmsLayout['background']>

/**
 * Screens this narrow load a background at most PHONE_BACKGROUND_WIDTH wide (a 2000 px hero is 32 KB,
 * its phone size 14 KB). The stylesheet's rule for `--cms-phone-background-image` (cms.css) and the
 * home page's preload use the same query, so a phone fetches only the phone size.
 */
export const PHONE_BACKGROUND_QUERY = '(max-width: 639.98px)'
const PHONE_BACKGROUND_WIDTH = 1000

/** The URL a layout's background image is loaded from (the same for the style and a preload); `phone`: its phone size. */
export function backgroundUrl(background: Background, phone = false): string {
  // The size was rounded up to a multiple of 100 (background-media.ts), so few variants get cached.
  const scale = phone && background.width > PHONE_BACKGROUND_WIDTH ? PHONE_BACKGROUND_WIDTH / background.width : 1
  const size = scale === 1 ? background : { width: PHONE_BACKGROUND_WIDTH, height: backgroundSize(background.height * scale) }
  return thumbnailUrl(background.url, { width: size.width, height: size.height, fit: 'inside' })
}

/** A background's full-size URL and, when it is wider than the phone size, its phone-size URL. */
export function backgroundSources(background: Background): { url: string; phoneUrl?: string } {
  const url = backgroundUrl(background)
  const phoneUrl = backgroundUrl(background, true)
  return phoneUrl === url ? { url } : { url, phoneUrl }
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
    // The stylesheet picks the size (cms.css). An inline background-image would also be fetched in full
    // on a phone whenever the browser computes styles before the stylesheet has arrived.
    const { url, phoneUrl } = backgroundSources(layout.background)
    const properties = style as Record<string, string>
    properties['--cms-background-image'] = `url(${JSON.stringify(url)})`
    if (phoneUrl) properties['--cms-phone-background-image'] = `url(${JSON.stringify(phoneUrl)})`
    style.backgroundSize = layout.background.mode
    style.backgroundPosition = 'center'
    style.backgroundRepeat = 'no-repeat'
  }
  return Object.keys(style).length ? { className: classes.join(' '), style } : { className: classes.join(' ') }
}
