import { describe, expect, it } from 'vitest'
import { parseQuantity, parseQuickOrder, resolveQuickOrder } from './quick-order'

describe('parseQuickOrder', () => {
  it('accepts comma, semicolon, tab and whitespace between number and quantity', () => {
    const { items, bad } = parseQuickOrder('FS-10001, 2\nFS-40001;3\nFS-41001\t4\nFS-30001.1   6\nWK-5001 ;  1')
    expect(bad).toEqual([])
    expect(items).toEqual([
      { number: 'FS-10001', quantity: 2 },
      { number: 'FS-40001', quantity: 3 },
      { number: 'FS-41001', quantity: 4 },
      { number: 'FS-30001.1', quantity: 6 },
      { number: 'WK-5001', quantity: 1 },
    ])
  })

  it('orders one piece when the quantity is left out, ignores blank lines, handles CRLF', () => {
    expect(parseQuickOrder('\r\nFS-10001\r\n   \r\n\tFS-40001,\r\n')).toEqual({
      items: [
        { number: 'FS-10001', quantity: 1 },
        { number: 'FS-40001', quantity: 1 },
      ],
      bad: [],
      lineCount: 2,
    })
  })

  it('accepts a decimal comma or point only when the amount is whole; three decimals are ambiguous', () => {
    expect(parseQuantity('2,0')).toBe(2)
    expect(parseQuantity('2,00')).toBe(2)
    expect(parseQuantity('12.0')).toBe(12)
    expect(parseQuantity('2,5')).toBeUndefined()
    // "2.000" is two thousand in German and two in English: refused rather than guessed.
    expect(parseQuantity('2.000')).toBeUndefined()
    expect(parseQuantity('2,000')).toBeUndefined()
    expect(parseQuantity('0')).toBeUndefined()
    expect(parseQuantity('-3')).toBeUndefined()
    expect(parseQuantity('1e3')).toBeUndefined()
    expect(parseQuantity('999999')).toBeUndefined()
    expect(parseQuickOrder('FS-10001, 2,0\nFS-40001;3,00').items).toEqual([
      { number: 'FS-10001', quantity: 2 },
      { number: 'FS-40001', quantity: 3 },
    ])
  })

  it('reports lines it cannot read with their line number, and keeps the good ones', () => {
    const parsed = parseQuickOrder('FS-10001, 2\nFS-40001, zwei\n\nFS-41001, 2,5\n;;\nFS-1 2 3\nFS-60001.1, 6')
    expect(parsed.items).toEqual([
      { number: 'FS-10001', quantity: 2 },
      { number: 'FS-60001.1', quantity: 6 },
    ])
    expect(parsed.bad).toEqual([
      { line: 2, text: 'FS-40001, zwei' },
      { line: 4, text: 'FS-41001, 2,5' },
      { line: 5, text: ';;' },
      { line: 6, text: 'FS-1 2 3' },
    ])
  })

  it('merges the same number (any case) into one item', () => {
    expect(parseQuickOrder('FS-10001, 2\nfs-10001; 3').items).toEqual([{ number: 'FS-10001', quantity: 5 }])
  })

  it('reads CSV exports: quotes, a BOM, a trailing separator and a header row', () => {
    const csv = '\uFEFFArtikelnummer;Menge\r\n"FS-10001";"2"\r\nFS-40001;4;\r\n'
    expect(parseQuickOrder(csv, { header: true })).toEqual({
      items: [
        { number: 'FS-10001', quantity: 2 },
        { number: 'FS-40001', quantity: 4 },
      ],
      bad: [],
      lineCount: 2,
    })
    // Typed text has no header: a first line without a number in it is a mistake to report.
    expect(parseQuickOrder('Artikelnummer;Menge').bad).toEqual([{ line: 1, text: 'Artikelnummer;Menge' }])
  })
})

describe('resolveQuickOrder', () => {
  const products = [
    { id: 'a', productNumber: 'FS-10001', originalNumber: 'WK-5001' },
    { id: 'b', productNumber: 'FS-40001.1' },
    { id: 'c', productNumber: 'FS-40001', hasVariants: true },
  ]

  it('finds by article number first, then by original article number; lists the unknown and the parents of variants', () => {
    expect(
      resolveQuickOrder(
        [
          { number: 'fs-40001.1', quantity: 2 },
          { number: 'FS-40001', quantity: 1 },
          { number: 'WK-5001', quantity: 1 },
          { number: 'FS-10001', quantity: 3 },
          { number: 'XX-1', quantity: 1 },
        ],
        products,
      ),
    ).toEqual({
      add: [
        { productId: 'b', quantity: 2 },
        { productId: 'a', quantity: 4 },
      ],
      notFound: ['XX-1'],
      withVariants: ['FS-40001'],
    })
  })
})
