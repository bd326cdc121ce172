import { describe, expect, it } from 'vitest'
import { setBounded } from './bounded-map'

describe('setBounded', () => {
  it('keeps at most max entries, dropping the oldest, and counts a refreshed key as the newest', () => {
    const map = new Map<string, number>()
    setBounded(map, 'a', 1, 2)
    setBounded(map, 'b', 2, 2)
    setBounded(map, 'a', 3, 2)
    setBounded(map, 'c', 4, 2)
    expect([...map]).toEqual([['a', 3], ['c', 4]])
  })
})
