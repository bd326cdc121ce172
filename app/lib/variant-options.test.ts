import { describe, expect, it } from 'vitest'
import { variantOptionsOf } from './variant-options'

describe('variantOptionsOf', () => {
  it("reads the variant's group and option names from a line's payload, and nothing else", () => {
    const payload = { productNumber: 'FS-50002.8', options: [{ group: 'Größe', option: '52', translated: {} }, { group: 'Farbe', option: 'Grün' }] }
    expect(variantOptionsOf(payload)).toEqual([{ group: 'Größe', option: '52' }, { group: 'Farbe', option: 'Grün' }])
    expect(variantOptionsOf({ options: [{ group: 'Farbe' }, null, 'x', { group: '', option: 'Rot' }] })).toEqual([])
    expect(variantOptionsOf({ productNumber: 'FS-10001' })).toEqual([])
    expect(variantOptionsOf(undefined)).toEqual([])
  })
})
