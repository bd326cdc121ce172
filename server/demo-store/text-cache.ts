/** JSON texts by key, the least recently used dropped beyond a budget of characters (keys count too). */
export class TextCache {
  private readonly entries = new Map<string, string>()
  private chars = 0

  constructor(readonly maxChars: number) {}

  get(key: string): string | undefined {
    const hit = this.entries.get(key)
    if (hit !== undefined) {
      // Most recently used last.
      this.entries.delete(key)
      this.entries.set(key, hit)
    }
    return hit
  }

  set(key: string, text: string): void {
    if (text.length + key.length > this.maxChars) return
    const old = this.entries.get(key)
    if (old !== undefined) {
      this.entries.delete(key)
      this.chars -= old.length + key.length
    }
    this.entries.set(key, text)
    this.chars += text.length + key.length
    for (const [oldKey, oldText] of this.entries) {
      if (this.chars <= this.maxChars) break
      this.entries.delete(oldKey)
      this.chars -= oldText.length + oldKey.length
    }
  }

  clear(): void {
    this.entries.clear()
    this.chars = 0
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars }
  }
}
