import { describe, expect, it } from 'vitest'
import {
  hasFilters,
  isFiltered,
  listingCriteria,
  listingHref,
  parseListingQuery,
  toggleFilter,
  withLimit,
  withOrder,
  withoutFilter,
  withoutFilters,
  withPage,
} from './listing-url'

const a = 'a'.repeat(32)
const b = 'b'.repeat(32)
const parse = (s: string) => parseListingQuery(new URLSearchParams(s))

describe('parseListingQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ p: 1, limit: 10, manufacturer: [], properties: [], shippingFree: false, tag: [], available: false })
    expect(isFiltered(parse(''))).toBe(false)
  })

  it('reads every Store API parameter', () => {
    const q = parse(
      `p=3&limit=25&order=price-asc&manufacturer=${a}|${b}&properties=${a}&min-price=10&max-price=99.5&rating=4&shipping-free=1&search=+S%C3%A4ge++kette+&tag=${b}&available=1`,
    )
    expect(q).toEqual({
      p: 3,
      limit: 25,
      order: 'price-asc',
      manufacturer: [a, b],
      properties: [a],
      minPrice: 10,
      maxPrice: 99.5,
      rating: 4,
      shippingFree: true,
      search: 'Säge kette',
      tag: [b],
      available: true,
    })
    expect(hasFilters(q)).toBe(true)
  })

  it('accepts checkbox style repeated parameters and removes duplicates', () => {
    expect(parse(`manufacturer=${a}&manufacturer=${b}&manufacturer=${a.toUpperCase()}`).manufacturer).toEqual([a, b])
  })

  it('drops or clamps invalid values instead of failing', () => {
    const q = parse('p=-4&limit=1000&order=drop-table&manufacturer=x|../y&min-price=abc&max-price=-3&rating=9&shipping-free=maybe&search=%20%20')
    expect(q).toEqual({ p: 1, limit: 10, manufacturer: [], properties: [], shippingFree: false, tag: [], available: false })
    expect(parse('p=999999').p).toBe(1000)
    expect(parse('p=2.5').p).toBe(1)
    expect(parse('limit=50').limit).toBe(50)
    expect(parse('limit=11').limit).toBe(10)
    expect(parse('search=' + 'x'.repeat(300)).search).toHaveLength(100)
  })

  it('swaps a minimum above the maximum', () => {
    const q = parse('min-price=200&max-price=50')
    expect([q.minPrice, q.maxPrice]).toEqual([50, 200])
  })
})

describe('listingCriteria', () => {
  it('maps the state to the Store API body, tags and availability as criteria filters, asking for the tag facet', () => {
    const q = parse(`p=2&order=name-desc&manufacturer=${a}|${b}&min-price=5&shipping-free=1&tag=${a}&available=on&search=kette`)
    expect(listingCriteria(q)).toEqual({
      p: 2,
      limit: 10,
      order: 'name-desc',
      manufacturer: `${a}|${b}`,
      'min-price': 5,
      'shipping-free': true,
      search: 'kette',
      filter: [
        { type: 'equalsAny', field: 'tags.id', value: [a] },
        { type: 'equals', field: 'available', value: true },
      ],
      'reduce-aggregations': true,
      aggregations: [{ name: 'tags', type: 'entity', field: 'tagIds', definition: 'tag' }],
    })
  })

  it('narrows the facets by the other filters only when there is a filter', () => {
    expect(listingCriteria(parse('order=price-asc&p=2'))).not.toHaveProperty('reduce-aggregations')
    expect(listingCriteria(parse('max-price=100'))).toMatchObject({ 'max-price': 100, 'reduce-aggregations': true })
  })

  it('leaves products with their price on request (stored at 0) out of a price range', () => {
    expect(listingCriteria(parse('max-price=100'))).toMatchObject({ 'min-price': 0.01, 'max-price': 100 })
    expect(listingCriteria(parse('min-price=0&max-price=100'))).toMatchObject({ 'min-price': 0.01, 'max-price': 100 })
    expect(listingCriteria(parse('min-price=20&max-price=100'))).toMatchObject({ 'min-price': 20, 'max-price': 100 })
    expect(listingCriteria(parse('min-price=20'))).not.toHaveProperty('max-price')
  })
})

describe('building links', () => {
  const base = parse(`p=3&limit=25&order=price-asc&manufacturer=${a}&search=kette`)

  it('writes parameters in a fixed order and leaves defaults out', () => {
    expect(listingHref('/produkte/', parse(''))).toBe('/produkte/')
    expect(listingHref('/search', base)).toBe(`/search?search=kette&order=price-asc&manufacturer=${a}&limit=25&p=3`)
  })

  it('round-trips through parsing', () => {
    const href = listingHref('/x', base)
    expect(parse(href.split('?')[1]!)).toEqual(base)
  })

  it('resets the page when a filter, the sorting or the page size changes', () => {
    expect(toggleFilter(base, 'manufacturer', b)).toMatchObject({ p: 1, manufacturer: [a, b] })
    expect(toggleFilter(base, 'manufacturer', a)).toMatchObject({ p: 1, manufacturer: [] })
    expect(withOrder(base, 'name-asc')).toMatchObject({ p: 1, order: 'name-asc' })
    expect(withOrder(base, undefined).order).toBeUndefined()
    expect(withLimit(base, 50)).toMatchObject({ p: 1, limit: 50 })
    expect(withLimit(base, 7).limit).toBe(10)
  })

  it('changes the page only within bounds', () => {
    expect(withPage(base, 4).p).toBe(4)
    expect(withPage(base, 0).p).toBe(1)
  })

  it('removes single filters and all filters, keeping the term, sorting and size', () => {
    const q = parse(`min-price=5&max-price=9&rating=3&shipping-free=1&available=1&tag=${a}&properties=${a}|${b}&search=x&order=name-desc&limit=50`)
    expect(withoutFilter(q, { kind: 'properties', id: a }).properties).toEqual([b])
    expect(withoutFilter(q, { kind: 'min-price' }).minPrice).toBeUndefined()
    expect(withoutFilter(q, { kind: 'rating' }).rating).toBeUndefined()
    expect(withoutFilter(q, { kind: 'shipping-free' }).shippingFree).toBe(false)
    expect(withoutFilter(q, { kind: 'available' }).available).toBe(false)
    const none = withoutFilters(q)
    expect(hasFilters(none)).toBe(false)
    expect(none).toMatchObject({ search: 'x', order: 'name-desc', limit: 50, p: 1 })
  })
})
