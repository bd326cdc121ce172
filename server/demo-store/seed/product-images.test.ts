import { createHash } from 'node:crypto'
import sharp, { type Region } from 'sharp'
import { describe, expect, it } from 'vitest'
import { productSpecs } from './catalogue'
import { COLOURS } from './catalogue-data'
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

  it('draws every colour variant really in its colour, and only colours a drawing has', async () => {
    expect(COLOURED_TYPES).toEqual({
      helmet: ['orange', 'yellow', 'white'], trousers: ['orange', 'green'], 'marking-spray': ['orange', 'red', 'blue', 'pink', 'yellow', 'white'],
    })
    expect(extraColours('trousers')).toEqual(['green'])
    expect(extraColours('helmet')).toEqual(['yellow', 'white'])
    expect(extraColours('winch')).toEqual([])
    expect(() => productImageSvg('helmet', 1, 'green')).toThrow(/not drawn in green/)
    expect(() => productImageSvg('winch', 1, 'orange')).toThrow(/not drawn in orange/)
    for (const [type, colours] of Object.entries(COLOURED_TYPES) as Array<[ProductImageType, readonly string[]]>) {
      // The first colour is the drawing's own (the parent's pictures); each one is a shop colour with a paint.
      expect(productImageSvg(type, 1, colours[0]), type).toBe(productImageSvg(type))
      for (const colour of colours) {
        expect(COLOURS, type).toHaveProperty(colour)
        expect(productImageSvg(type, 1, colour), `${type} ${colour}`).toContain(`<linearGradient id="${colour}"`)
      }
    }
    // Every colour variant in the catalogue has a drawing in its colour (FS-50001, FS-50002, FS-60001).
    const variantColours = specs.flatMap((s) => (s.variants ?? []).flatMap((v) => v.options.filter((o) => o.group === 'colour').map((o) => [s.number, productImageType(s.family, s.name[0]), o.key] as const)))
    expect(new Set(variantColours.map(([number]) => number))).toEqual(new Set(['FS-50001', 'FS-50002', 'FS-60001']))
    for (const [number, type, colour] of variantColours) expect(COLOURED_TYPES[type], `${number} ${colour}`).toContain(colour)

    // Mean colour of a painted area, front and turned view: the right leg (below the dark panel on the
    // left one), the helmet's shell below the shine, the can's body right of its shine.
    const painted: Partial<Record<ProductImageType, Region>> = {
      trousers: { left: 430, top: 420, width: 60, height: 100 },
      helmet: { left: 350, top: 370, width: 100, height: 60 },
      'marking-spray': { left: 390, top: 330, width: 60, height: 180 },
    }
    expect(Object.keys(painted).sort()).toEqual(Object.keys(COLOURED_TYPES).sort())
    const mean = async (type: ProductImageType, colour: string, view: number) => {
      const png = await sharp(Buffer.from(productImageSvg(type, view, colour))).extract(painted[type]!).png().toBuffer()
      const [r, g, b] = (await sharp(png).stats()).channels.map((c) => c.mean)
      return { r: r!, g: g!, b: b! }
    }
    const rgb = (hex: string) => ({ r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) })
    const distance = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) => Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b)
    for (const [type, colours] of Object.entries(COLOURED_TYPES) as Array<[ProductImageType, readonly string[]]>) {
      for (const colour of colours) {
        for (const view of [1, 2]) {
          // The shop colour nearest to the mean is the variant's, by far. The area shows each type's own
          // colour (orange) too, so it is paint, not background (which would read as white).
          const seen = await mean(type, colour, view)
          const [nearest, next] = Object.entries(COLOURS).map(([key, c]) => ({ key, d: distance(seen, rgb(c.hex)) })).sort((a, b) => a.d - b.d)
          expect(nearest!.key, `${type} ${colour} view ${view}`).toBe(colour)
          expect(nearest!.d, `${type} ${colour} view ${view}`).toBeLessThan(40)
          expect(next!.d, `${type} ${colour} view ${view}`).toBeGreaterThan(2 * nearest!.d)
        }
      }
    }
    for (const view of [1, 2]) {
      const green = await mean('trousers', 'green', view)
      expect(green.g, `view ${view}`).toBeGreaterThan(green.r + 30)
      expect(green.g, `view ${view}`).toBeGreaterThan(green.b + 30)
      const orange = await mean('trousers', 'orange', view)
      expect(orange.r, `view ${view}`).toBeGreaterThan(orange.g + 30)
      expect(orange.g, `view ${view}`).toBeGreaterThan(orange.b)
      // White paint is neutral and light, not a pale tint of the drawing's own colour.
      for (const type of ['helmet', 'marking-spray'] as const) {
        const white = await mean(type, 'white', view)
        expect(Math.max(white.r, white.g, white.b) - Math.min(white.r, white.g, white.b), `${type} view ${view}`).toBeLessThan(8)
        expect(Math.min(white.r, white.g, white.b), `${type} view ${view}`).toBeGreaterThan(225)
      }
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
