import type { Schemas } from '@shopware/api-client/api-types'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { safeClassName, safeColor, safeLength, sanitizeCmsHtml, toCmsPage } from './cms.server'

const shop = 'https://shop.example'

describe('sanitizeCmsHtml', () => {
  it('removes scripts, styles, event handlers and javascript: links', () => {
    const html = sanitizeCmsHtml(
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script><style>p{}</style> <a href="javascript:alert(1)">x</a><img src="x" onerror="y()"></p>',
      shop,
    )
    expect(html).not.toMatch(/script|style|onclick|onerror|javascript/i)
    expect(html).toContain('<p>Hi')
  })
  it('adds rel=noopener to external links and leaves shop links alone', () => {
    expect(sanitizeCmsHtml('<a href="https://other.example/x">o</a>', shop)).toBe(
      '<a href="https://other.example/x" rel="noopener noreferrer">o</a>',
    )
    expect(sanitizeCmsHtml('<a href="https://shop.example/agb/">o</a>', shop)).toBe('<a href="https://shop.example/agb/">o</a>')
    expect(sanitizeCmsHtml('<a href="/agb/" rel="opener">o</a>', shop)).toBe('<a href="/agb/">o</a>')
  })
  it('turns h1 into h2 and keeps lists and tables', () => {
    expect(sanitizeCmsHtml('<h1>T</h1><ul><li>a</li></ul>', shop)).toBe('<h2>T</h2><ul><li>a</li></ul>')
  })
  it('makes a table focusable, so that a table wider than a phone can be scrolled by keyboard', () => {
    expect(sanitizeCmsHtml('<table tabindex="-1" onfocus="x()"><tr><td>a</td></tr></table>', shop)).toBe(
      '<table tabindex="0"><tr><td>a</td></tr></table>',
    )
  })
})

describe('layout value guards', () => {
  it('keeps only class-name characters', () => {
    expect(safeClassName('hero  is-dark" onmouseover="x')).toBe('hero')
    expect(safeClassName('<b>')).toBeUndefined()
  })
  it('accepts only CSS colours', () => {
    expect(safeColor('#fff')).toBe('#fff')
    expect(safeColor('rgba(0, 0, 0, 0.5)')).toBe('rgba(0, 0, 0, 0.5)')
    expect(safeColor('Red')).toBe('red')
    expect(safeColor('red;background:url(x)')).toBeUndefined()
    expect(safeColor('rgb(url(x))')).toBeUndefined()
    expect(safeColor('#12')).toBeUndefined()
  })
  it('accepts only lengths', () => {
    expect(safeLength('20px')).toBe('20px')
    expect(safeLength('20')).toBe('20px')
    expect(safeLength('1rem;x')).toBeUndefined()
  })
})

const logger = pino({ level: 'silent' })
const media = (id: string, alt?: string) => ({ id, url: `https://shop.example/media/${id}.jpg`, alt, metaData: { width: 1200, height: 800 } })
const slot = (id: string, type: string, data: Record<string, unknown>) =>
  ({ id, type, slot: 'content', blockId: 'b', data, translated: {} }) as unknown as Schemas['CmsSlot']

describe('toCmsPage', () => {
  const page = {
    id: 'page',
    cssClass: 'landing',
    sections: [
      {
        id: 's2',
        position: 1,
        type: 'sidebar',
        mobileBehavior: 'hidden',
        sizingMode: 'full_width',
        backgroundColor: 'expression(alert(1))',
        backgroundMedia: { id: 'bg', url: `https://shop.example/${'a'.repeat(1100)}` },
        visibility: { mobile: false, tablet: true, desktop: true },
        blocks: [
          { id: 'b2', position: 0, type: 'text', sectionPosition: 'sidebar', slots: [slot('t2', 'text', { content: '<p>side</p>' })] },
        ],
      },
      {
        id: 's1',
        position: 0,
        type: 'default',
        backgroundColor: '#eee',
        backgroundMedia: { id: 'bg2', url: 'https://shop.example/media/bg.jpg', metaData: { width: 2500, height: 300 } },
        backgroundMediaMode: 'contain',
        marginTop: '20px',
        blocks: [
          {
            id: 'b1',
            position: 0,
            type: 'image-text',
            slots: [
              slot('i1', 'image', { media: media('m1', 'Seilwinde'), url: 'javascript:alert(1)' }),
              slot('g1', 'image-gallery', { sliderItems: [{ media: media('m2') }, { media: media('m3') }] }),
              slot('p1', 'product-box', {
                product: { id: 'p1', productNumber: 'SW-1', translated: { name: 'Winde' }, calculatedPrice: { unitPrice: 1299.5 }, seoUrls: [{ seoPathInfo: 'winde/SW-1', isCanonical: true }] },
              }),
              slot('x1', 'youtube-video', { videoId: 'x' }),
            ],
          },
        ],
      },
    ],
  } as unknown as Schemas['CmsPage']

  const result = toCmsPage(page, { locale: 'en', logger, publicUrl: shop })

  it('sorts sections by position and maps sizing and sidebar behaviour', () => {
    expect(result.sections.map((s) => s.id)).toEqual(['s1', 's2'])
    expect(result.sections[0]).toMatchObject({ type: 'default', sizing: 'boxed', backgroundColor: '#eee', margin: { top: '20px' }, hiddenOn: [] })
    expect(result.sections[1]).toMatchObject({ type: 'sidebar', sizing: 'full_width', hideSidebarOnMobile: true, hiddenOn: ['mobile'] })
    expect(result.sections[1]!.blocks[0]!.position).toBe('sidebar')
  })
  it('computes background images and refuses too long urls and bad colours', () => {
    expect(result.sections[0]!.background).toEqual({ url: 'https://shop.example/media/bg.jpg', width: 1900, height: 300, mode: 'contain' })
    expect(result.sections[1]!.background).toBeUndefined()
    expect(result.sections[1]!.backgroundColor).toBeUndefined()
  })
  it('maps elements, drops unknown ones and only the first image is eager', () => {
    const elements = result.sections[0]!.blocks[0]!.elements
    expect(elements.map((e) => e.type)).toEqual(['image', 'image-gallery', 'product-box'])
    const [image, gallery, box] = elements
    expect(image).toEqual({ id: 'i1', type: 'image', image: { url: 'https://shop.example/media/m1.jpg', alt: 'Seilwinde', width: 1200, height: 800, eager: true } })
    expect(gallery!.type === 'image-gallery' && gallery!.images.every((i) => !i.eager)).toBe(true)
    expect(box).toMatchObject({ type: 'product-box', product: { name: 'Winde', productNumber: 'SW-1', price: 1299.5, href: '/en/winde/SW-1' } })
  })
})
