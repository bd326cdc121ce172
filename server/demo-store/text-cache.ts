/** Values by key, the least recently used dropped beyond a budget of characters that `charsOf` counts. */
export class SizedLru<V> {
  private readonly entries = new Map<string, { value: V; chars: number }>()
  private chars = 0

  constructor(
    readonly maxChars: number,
    private readonly charsOf: (key: string, value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (entry) {
      // Most recently used last.
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    return entry?.value
  }

  set(key: string, value: V): void {
    this.delete(key)
    const chars = this.charsOf(key, value)
    if (chars > this.maxChars) return
    this.entries.set(key, { value, chars })
    this.chars += chars
    for (const [oldKey, old] of this.entries) {
      if (this.chars <= this.maxChars) break
      this.entries.delete(oldKey)
      this.chars -= old.chars
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.chars -= entry.chars
  }

  clear(): void {
    this.entries.clear()
    this.chars = 0
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars }
  }
}

/** JSON texts by key, the least recently used dropped beyond a budget of characters (keys count too). */
export class TextCache extends SizedLru<string> {
  constructor(maxChars: number) {
    super(maxChars, (key, text) => key.length + text.length)
  }
}

/** The cache `caches` keeps for `owner` (a database, a catalogue), made on first use. */
export function cacheFor<K extends object, T>(caches: WeakMap<K, T>, owner: K, create: () => T): T {
  let cache = caches.get(owner)
  if (cache === undefined) {
    cache = create()
    caches.set(owner, cache)
  }
  return cache
}
