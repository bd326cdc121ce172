import { describe, expect, it } from 'vitest'
import {
  IMAGE_DENSITIES,
  PLACEHOLDER,
  SCREEN_WIDTHS,
  densitySrcSet,
  imageSrcSet,
  intrinsicImage,
  intrinsicSrcSetWidths,
  placeholderStyle,
  placeholderUrl,
  responsiveImage,
  srcSetWidths,
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

  it('builds thumbnail URLs with webp by default and every parameter', () => {
    expect(thumbnailUrl(media, { width: 320 })).toBe(`/thumbnail/?src=${encodeURIComponent(media)}&w=320&format=webp`)
    expect(
      paramsOf(thumbnailUrl(media, { width: 99.6, height: 3000, fit: 'cover', format: 'jpeg', quality: 70, background: '#FFFFFF', blur: 3 })),
    ).toEqual({ src: media, w: '100', h: '2560', fit: 'cover', format: 'jpeg', q: '70', bg: 'ffffff', blur: '3' })
  })

  it('leaves sources that are not absolute store URLs alone', () => {
    expect(thumbnailUrl('/images/logo.svg', { width: 10 })).toBe('/images/logo.svg')
    expect(imageSrcSet('/images/logo.svg', [320])).toBe('')
    expect(placeholderUrl('data:image/png;base64,xx')).toBeUndefined()
    expect(responsiveImage('/x.png', 100)).toEqual({ src: '/x.png' })
  })

  it('offers the screen widths up to density 2 of the shown width', () => {
    expect(srcSetWidths(80)).toEqual([80, 160])
    expect(srcSetWidths(400)).toEqual([320, 400, 640, 768, 800])
    expect(srcSetWidths(1536)).toEqual([320, 640, 768, 1024, 1280, 1536, 2560])
  })

  it('writes srcset strings with width and density descriptors', () => {
    expect(imageSrcSet(media, [320, 640])).toBe(
      `${thumbnailUrl(media, { width: 320 })} 320w, ${thumbnailUrl(media, { width: 640 })} 640w`,
    )
    expect(densitySrcSet(media, 80, 80)).toBe(
      `${thumbnailUrl(media, { width: 80, height: 80 })} 1x, ${thumbnailUrl(media, { width: 160, height: 160 })} 2x`,
    )
  })

  it('makes a 10x10, quality 50, blur 3 placeholder', () => {
    expect(paramsOf(placeholderUrl(media)!)).toMatchObject({ w: '10', h: '10', q: '50', blur: '3', format: 'webp' })
  })

  it('never asks for more than a content image has', () => {
    expect(intrinsicSrcSetWidths(700)).toEqual([320, 640, 700])
    expect(intrinsicSrcSetWidths(3000)).toEqual([320, 640, 768, 1024, 1280, 1536, 2560])
    const image = intrinsicImage(media, 1920)
    expect(paramsOf(image.src)).toMatchObject({ w: '1536', format: 'webp' })
    expect(image.srcSet?.split(', ').pop()).toMatch(/w=1920&format=webp 1920w$/)
    expect(intrinsicImage('/local.png', 100)).toEqual({ src: '/local.png' })
  })

  it('shows the placeholder as a covering background', () => {
    expect(placeholderStyle(undefined)).toBeUndefined()
    expect(placeholderStyle('/thumbnail/?x')).toMatchObject({ backgroundImage: 'url("/thumbnail/?x")', backgroundSize: 'cover' })
  })
})
