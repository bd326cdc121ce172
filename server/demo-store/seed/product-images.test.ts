import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { productSpecs } from './catalogue'
import { COLOURED_TYPES, PRODUCT_IMAGE_TYPES, extraColours, productImageSvg, productImageType, type ProductImageType } from './product-images'

const md5 = (data: Buffer | string) => createHash('md5').update(data).digest('hex')

describe('product pictures', () => {
  const specs = productSpecs()

  it('gives every product a type with a drawing, and every drawn type is used by a product', () => {
    const used = new Set<ProductImageType>()
    for (const spec of specs) {
      const type = productImageType(spec.family, spec.name[0])
      expect(PRODUCT_IMAGE_TYPES, spec.number).toContain(type)
      used.add(type)
    }
    expect([...used].sort()).toEqual([...PRODUCT_IMAGE_TYPES].sort())
  })

  it('tells the product types of the issue apart', () => {
    const typeOf = (number: string) => {
      const spec = specs.find((s) => s.number === number)!
      return productImageType(spec.family, spec.name[0])
    }
    expect(typeOf('FS-10001')).toBe('winch')
    expect(typeOf('FS-20001')).toBe('saw-chain')
    expect(typeOf('FS-21001')).toBe('guide-bar')
    expect(typeOf('FS-30001')).toBe('felling-wedge')
    expect(typeOf('FS-32002')).toBe('felling-lever')
    expect(typeOf('FS-50001')).toBe('helmet')
    expect(typeOf('FS-50002')).toBe('trousers')
    expect(typeOf('FS-40001')).toBe('choker-chain')
    expect(typeOf('FS-90019')).toBe('hydraulic-hose')
    expect(typeOf('FS-70001')).toBe('hydraulic-hose')
    expect(typeOf('FS-70019')).toBe('rotator')
  })

  it('renders a distinct picture for every type and view, without any text', async () => {
    const svgs = PRODUCT_IMAGE_TYPES.flatMap((type) => [1, 2, 3].map((view) => productImageSvg(type, view)))
    for (const svg of svgs) expect(svg).not.toMatch(/<text|FS-\d/)
    expect(new Set(svgs.map((svg) => md5(svg))).size).toBe(svgs.length)
    // Different markup could still draw the same pixels; compare the rendered pictures of the front views.
    const pixels = await Promise.all(
      PRODUCT_IMAGE_TYPES.map((type) => sharp(Buffer.from(productImageSvg(type))).resize(64, 64).raw().toBuffer()),
    )
    expect(new Set(pixels.map((p) => md5(p))).size).toBe(PRODUCT_IMAGE_TYPES.length)
  })

  it('draws the green trousers really green, and only colours a drawing has', async () => {
    expect(COLOURED_TYPES.trousers).toEqual(['orange', 'green'])
    expect(extraColours('trousers')).toEqual(['green'])
    expect(extraColours('helmet')).toEqual([])
    expect(productImageSvg('trousers', 1, 'orange')).toBe(productImageSvg('trousers'))
    expect(() => productImageSvg('helmet', 1, 'green')).toThrow(/not drawn in green/)
    // The right leg (below the dark panel on the left one), front and turned view.
    const leg = async (colour: string, view: number) => {
      const png = await sharp(Buffer.from(productImageSvg('trousers', view, colour))).extract({ left: 430, top: 420, width: 60, height: 100 }).png().toBuffer()
      const [r, g, b] = (await sharp(png).stats()).channels.map((c) => c.mean)
      return { r: r!, g: g!, b: b! }
    }
    for (const view of [1, 2]) {
      const green = await leg('green', view)
      expect(green.g, `view ${view}`).toBeGreaterThan(green.r + 30)
      expect(green.g, `view ${view}`).toBeGreaterThan(green.b + 30)
      const orange = await leg('orange', view)
      expect(orange.r, `view ${view}`).toBeGreaterThan(orange.g + 30)
      expect(orange.g, `view ${view}`).toBeGreaterThan(orange.b)
    }
  })

  it('renders valid SVG with a neutral background that sharp can read', async () => {
    const { width, height, channels } = await sharp(Buffer.from(productImageSvg('winch', 2))).raw().toBuffer({ resolveWithObject: true }).then((r) => r.info)
    expect([width, height, channels]).toEqual([800, 800, 4])
    // stats() reads its input before any operation, so cut the corner out first.
    const cornerPng = await sharp(Buffer.from(productImageSvg('helmet'))).extract({ left: 0, top: 0, width: 8, height: 8 }).png().toBuffer()
    const corner = await sharp(cornerPng).stats()
    const [r, g, b] = corner.channels.map((c) => c.mean)
    // Light grey, not tinted: the product is the only colour in the picture.
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(200)
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(12)
  })
})
