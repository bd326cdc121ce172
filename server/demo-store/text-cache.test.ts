import { describe, expect, it } from 'vitest'
import { TextCache } from './text-cache'

describe('TextCache', () => {
  it('drops the least recently used texts beyond its budget of characters, keys included', () => {
    const cache = new TextCache(12)
    cache.set('a', 'xxx')
    cache.set('b', 'yyy')
    cache.set('c', 'zzz')
    expect(cache.size).toEqual({ entries: 3, chars: 12 })
    // Reading a makes b the least recently used.
    expect(cache.get('a')).toBe('xxx')
    cache.set('d', 'www')
    expect(cache.get('b')).toBeUndefined()
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['xxx', 'zzz', 'www'])
    expect(cache.size).toEqual({ entries: 3, chars: 12 })
  })

  it('replaces a text under the same key, keeps nothing bigger than the budget, and empties on clear', () => {
    const cache = new TextCache(10)
    cache.set('k', 'one')
    cache.set('k', 'three')
    expect(cache.get('k')).toBe('three')
    expect(cache.size).toEqual({ entries: 1, chars: 6 })
    cache.set('big', 'x'.repeat(10))
    expect(cache.get('big')).toBeUndefined()
    expect(cache.get('k')).toBe('three')
    cache.clear()
    expect(cache.get('k')).toBeUndefined()
    expect(cache.size).toEqual({ entries: 0, chars: 0 })
  })
})
