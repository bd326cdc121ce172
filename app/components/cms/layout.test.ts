import { describe, expect, it } from 'vitest'
import { backgroundUrl, layoutAttributes } from './layout'

const src = 'http://127.0.0.1:3000/media/content/hero-forest.jpg'
const thumbnail = (w: number, h: number) => `/thumbnail/?src=${encodeURIComponent(src)}&w=${w}&h=${h}&fit=inside&format=webp`

describe('CMS backgrounds', () => {
  it('gives a wide background a phone size 1000 px wide in proportion, beside its full size', () => {
    const background = { url: src, width: 2000, height: 800, mode: 'cover' as const }
    expect(backgroundUrl(background)).toBe(thumbnail(2000, 800))
    expect(backgroundUrl(background, true)).toBe(thumbnail(1000, 400))
    const { style } = layoutAttributes({ hiddenOn: [], background }, 'cms-section')
    expect(style).toMatchObject({
      '--cms-background-image': `url(${JSON.stringify(thumbnail(2000, 800))})`,
      '--cms-phone-background-image': `url(${JSON.stringify(thumbnail(1000, 400))})`,
    })
    // No inline background-image: a browser computing styles before the stylesheet would fetch the full size.
    expect(style).not.toHaveProperty('backgroundImage')
  })

  it('keeps one size for a background no wider than the phone size', () => {
    const background = { url: src, width: 800, height: 600, mode: 'contain' as const }
    expect(backgroundUrl(background, true)).toBe(backgroundUrl(background))
    const { style } = layoutAttributes({ hiddenOn: [], background }, 'cms-block')
    expect(style).toMatchObject({ '--cms-background-image': `url(${JSON.stringify(thumbnail(800, 600))})`, backgroundSize: 'contain' })
    expect(style).not.toHaveProperty('--cms-phone-background-image')
  })
})
