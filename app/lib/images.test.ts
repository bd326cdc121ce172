import { describe, expect, it } from 'vitest'
import { backgroundSize } from './background-media'
import {
  IMAGE_DENSITIES,
  PLACEHOLDER,
  SCREEN_WIDTHS,
  THUMBNAIL_FORMATS,
  THUMBNAIL_QUALITIES,
  THUMBNAIL_SIZES,
  densitySrcSet,
  imageSrcSet,
  intrinsicImage,
  intrinsicSrcSetWidths,
  placeholderStyle,
  originalFormat,
  placeholderUrl,
  responsiveImage,
  srcSetWidths,
  thumbnailSize,
  thumbnailUrl,
} from './images'

const media = 'https://shop.example/media/ab/photo.jpg'
const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

describe('images', () => {
  it('has the spec constants', () => {
    expect(IMAGE_DENSITIES).toEqual([1, 2])
    expect(SCREEN_WIDTHS).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 })
    expect(PLACEHOLDER).toEqual({ width: 10, height: 10, quality: 50, blur: 3 })
  })

  it('offers a finite set of sizes: screen widths at densities 1 and 2, the placeholder, component boxes, backgrounds', () => {
    expect(THUMBNAIL_SIZES).toEqual([
      10, 80, 100, 160, 200, 240, 300, 320, 400, 480, 500, 600, 640, 700, 768, 800, 900, 1000, 1024, 1100, 1200, 1280,
      1300, 1400, 1500, 1536, 1600, 1700, 1800, 1900, 2000, 2048, 2560,
    ])
    for (const width of Object.values(SCREEN_WIDTHS))
      for (const density of IMAGE_DENSITIES) expect(THUMBNAIL_SIZES).toContain(Math.min(2560, width * density))
    for (let size = 0; size <= 5000; size += 1) expect(THUMBNAIL_SIZES).toContain(backgroundSize(size))
    expect(THUMBNAIL_QUALITIES).toEqual([80, 50])
    expect(THUMBNAIL_FORMATS).not.toContain('avif')
  })

  it('rounds any size up to the next offered one, and anything bigger down to the largest', () => {
    expect([1, 10, 11, 80, 81, 99.6, 250, 321, 1537, 1920, 2049, 2560, 9999].map(thumbnailSize)).toEqual([
      10, 10, 80, 80, 100, 100, 300, 400, 1600, 2000, 2560, 2560, 2560,
    ])
  })

  it('builds thumbnail URLs with webp by default and every parameter', () => {
    expect(thumbnailUrl(media, { width: 320 })).toBe(`/thumbnail/?src=${encodeURIComponent(media)}&w=320&format=webp`)
    expect(
      paramsOf(
        thumbnailUrl(media, {
          width: 99.6,
          height: 3000,
          fit: 'cover',
          format: 'jpeg',
          quality: 50,
          background: '#ffffff',
          blur: 3,
        }),
      ),
    ).toEqual({ src: media, w: '100', h: '2560', fit: 'cover', format: 'jpeg', q: '50', bg: 'ffffff', blur: '3' })
    expect(paramsOf(thumbnailUrl(media, { width: 321, height: 11 }))).toMatchObject({ w: '400', h: '80' })
  })

  it("asks for the original's format only for a file of that format, webp otherwise", () => {
    expect(originalFormat(media)).toBe('jpeg')
    expect(originalFormat('/media/a/logo.PNG?ts=1')).toBe('png')
    expect(originalFormat('https://shop.example/media/a/file')).toBeUndefined()
    expect(paramsOf(thumbnailUrl(media, { width: 320, format: 'png' })).format).toBe('webp')
    expect(paramsOf(thumbnailUrl('/media/a/logo.png', { width: 320, format: 'png' })).format).toBe('png')
  })

  it('leaves sources that are not absolute store URLs alone', () => {
    expect(thumbnailUrl('/images/logo.svg', { width: 10 })).toBe('/images/logo.svg')
    expect(imageSrcSet('/images/logo.svg', [320])).toBe('')
    expect(placeholderUrl('data:image/png;base64,xx')).toBeUndefined()
    expect(responsiveImage('/x.png', 100)).toEqual({ src: '/x.png' })
  })

  it('offers the screen widths up to density 2 of the shown width, as offered sizes', () => {
    expect(srcSetWidths(80)).toEqual([80, 160])
    expect(srcSetWidths(400)).toEqual([320, 400, 640, 768, 800])
    expect(srcSetWidths(250)).toEqual([300, 320, 500])
    expect(srcSetWidths(1536)).toEqual([320, 640, 768, 1024, 1280, 1536, 2560])
  })

  it('writes srcset strings with width and density descriptors', () => {
    expect(imageSrcSet(media, [320, 640])).toBe(
      `${thumbnailUrl(media, { width: 320 })} 320w, ${thumbnailUrl(media, { width: 640 })} 640w`,
    )
    expect(imageSrcSet(media, [301, 320, 333])).toBe(
      `${thumbnailUrl(media, { width: 320 })} 320w, ${thumbnailUrl(media, { width: 400 })} 400w`,
    )
    expect(densitySrcSet(media, 80, 80)).toBe(
      `${thumbnailUrl(media, { width: 80, height: 80 })} 1x, ${thumbnailUrl(media, { width: 160, height: 160 })} 2x`,
    )
  })

  it('makes a 10x10, quality 50, blur 3 placeholder', () => {
    expect(paramsOf(placeholderUrl(media)!)).toMatchObject({ w: '10', h: '10', q: '50', blur: '3', format: 'webp' })
  })

  it('never asks for more than a content image has, in offered sizes only', () => {
    expect(intrinsicSrcSetWidths(700)).toEqual([320, 640, 700])
    expect(intrinsicSrcSetWidths(1250)).toEqual([320, 640, 768, 1024, 1280])
    expect(intrinsicSrcSetWidths(3000)).toEqual([320, 640, 768, 1024, 1280, 1536, 2560])
    const image = intrinsicImage(media, 1920)
    expect(paramsOf(image.src)).toMatchObject({ w: '1536', format: 'webp' })
    // The route never enlarges: the 2000 px copy of a 1920 px file is 1920 px wide.
    expect(image.srcSet?.split(', ').pop()).toMatch(/w=2000&format=webp 1920w$/)
    expect(paramsOf(intrinsicImage(media, 333).src)).toMatchObject({ w: '400' })
    expect(intrinsicImage('/local.png', 100)).toEqual({ src: '/local.png' })
  })

  it('shows the placeholder as a covering background', () => {
    expect(placeholderStyle(undefined)).toBeUndefined()
    expect(placeholderStyle('/thumbnail/?x')).toMatchObject({ backgroundImage: 'url("/thumbnail/?x")', backgroundSize: 'cover' })
  })
})
