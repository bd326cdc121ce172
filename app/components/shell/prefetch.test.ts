import { describe, expect, it } from 'vitest'
import { createPreloadQueue, maxConcurrentPreloads, routeAssets } from './prefetch'

function deferred() {
  let resolve!: () => void
  let reject!: (err: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createPreloadQueue', () => {
  it('runs at most 4 preloads at once and starts the next when one ends', async () => {
    expect(maxConcurrentPreloads).toBe(4)
    const pending = new Map<string, ReturnType<typeof deferred>>()
    const started: string[] = []
    const queue = createPreloadQueue((url) => {
      started.push(url)
      const d = deferred()
      pending.set(url, d)
      return d.promise
    })
    for (let i = 0; i < 7; i += 1) queue.add(`/assets/r${i}.js`)
    expect(started).toEqual(['/assets/r0.js', '/assets/r1.js', '/assets/r2.js', '/assets/r3.js'])
    expect(queue.active).toBe(4)

    pending.get('/assets/r1.js')!.resolve()
    await tick()
    expect(started).toHaveLength(5)
    expect(queue.active).toBe(4)

    // A failed preload frees its slot too.
    pending.get('/assets/r0.js')!.reject(new Error('offline'))
    await tick()
    expect(started).toHaveLength(6)

    for (const d of pending.values()) d.resolve()
    await tick()
    for (const d of pending.values()) d.resolve()
    await tick()
    expect(started).toHaveLength(7)
    expect(queue.active).toBe(0)
  })

  it('preloads a URL only once', async () => {
    const started: string[] = []
    const queue = createPreloadQueue(async (url) => void started.push(url))
    queue.add('/assets/a.js')
    await tick()
    queue.add('/assets/a.js')
    await tick()
    expect(started).toEqual(['/assets/a.js'])
  })
})

describe('routeAssets', () => {
  it('lists module, imports and CSS of the matched routes once, skipping unknown routes', () => {
    const routes = {
      root: { module: '/assets/root.js', imports: ['/assets/shared.js'], css: ['/assets/root.css'] },
      'product-en': { module: '/assets/product.js', imports: ['/assets/shared.js', '/assets/gallery.js'] },
    }
    expect(routeAssets(['root', 'missing', 'product-en'], routes)).toEqual([
      '/assets/root.js',
      '/assets/shared.js',
      '/assets/root.css',
      '/assets/product.js',
      '/assets/gallery.js',
    ])
  })
})
