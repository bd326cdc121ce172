import { describe, expect, it } from 'vitest'
import { backgroundImage, backgroundSize } from './background-media'

describe('backgroundSize', () => {
  it('defaults to 800 when the size is unknown', () => {
    expect(backgroundSize(undefined)).toBe(800)
    expect(backgroundSize(null)).toBe(800)
    expect(backgroundSize(0)).toBe(800)
    expect(backgroundSize(Number.NaN)).toBe(800)
  })
  it('rounds up to the next 100', () => {
    expect(backgroundSize(801)).toBe(900)
    expect(backgroundSize(1200)).toBe(1200)
    expect(backgroundSize(1)).toBe(100)
  })
  it('caps sizes above 1920 at 1900', () => {
    expect(backgroundSize(1921)).toBe(1900)
    expect(backgroundSize(4000)).toBe(1900)
  })
  it('leaves sizes up to 1920 uncapped', () => {
    expect(backgroundSize(1920)).toBe(2000)
  })
})

describe('backgroundImage', () => {
  it('returns the media url with width and height computed separately', () => {
    expect(backgroundImage({ url: 'https://shop.example/media/a.jpg', width: 2400, height: 650 })).toEqual({
      url: 'https://shop.example/media/a.jpg',
      width: 1900,
      height: 700,
    })
  })
  it('accepts a url of exactly 1000 characters', () => {
    const url = `https://x.example/${'a'.repeat(1000 - 18)}`
    expect(url).toHaveLength(1000)
    expect(backgroundImage({ url }).url).toBe(url)
  })
  it("rejects longer urls with 'Url is too long'", () => {
    expect(() => backgroundImage({ url: `https://x.example/${'a'.repeat(1000)}` })).toThrow('Url is too long')
  })
})
