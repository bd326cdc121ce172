import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  THUMBNAIL_BACKGROUNDS,
  THUMBNAIL_BLURS,
  THUMBNAIL_QUALITIES,
  THUMBNAIL_SIZES,
  densitySrcSet,
  intrinsicImage,
  placeholderUrl,
  responsiveImage,
  thumbnailUrl,
} from '../app/lib/images'
import { backgroundImage } from '../app/lib/background-media'
import { CmsImage } from '../app/components/cms/cms-image'
import { layoutAttributes } from '../app/components/cms/layout'
import { ProductImage } from '../app/components/product-image'
import {
  OWN_MEDIA_ORIGIN,
  ResizeQueue,
  createThumbnailService,
  mediaSources,
  renderThumbnail,
  resolveSource,
  thumbnailKey,
  validateThumbnailQuery,
  type ThumbnailOptions,
} from './thumbnail'

let origin: Server
let originUrl: string
let originHits: string[] = []
let png: Buffer
let jpeg: Buffer

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 1 } } })
    .png()
    .toBuffer()
  jpeg = await sharp(png).jpeg().toBuffer()
  // A tiny media origin: /media/photo.png (and any /media/p-<name>.png) and /media/photo.jpg are
  // images, /media/slow.png answers after 500 ms, /media/text.txt is not an image, anything else 404.
  origin = createServer((req, res) => {
    originHits.push(req.url ?? '')
    if (req.url === '/media/photo.png' || /^\/media\/p-[a-z0-9]+\.png$/.test(req.url ?? '')) {
      // A little latency so concurrent requests really overlap.
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 30)
    } else if (req.url === '/media/photo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    } else if (req.url === '/media/slow.png') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 500)
    } else if (req.url === '/media/text.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image')
    } else if (req.url === '/media/bad%00.png') {
      res.writeHead(400).end()
    } else if (req.url === '/media/broken.png') {
      res.writeHead(500).end()
    } else if (req.url === '/media/redirect.png') {
      res.writeHead(302, { location: 'http://example.com/x.png' }).end()
    } else {
      res.writeHead(404).end()
    }
  })
  originUrl = await listen(origin)
})

afterAll(() => close(origin))

const SOURCES = () => [{ prefix: 'https://shop.example/media/', fetchPrefix: `${originUrl}/media/` }]

let servers: Server[] = []
let tempDir: string
let cacheDir: string
let fetchCalls: string[]
let appUrl: string

/** A host with the thumbnail route on 127.0.0.1; closed after the test. */
async function serve(options: Partial<ThumbnailOptions> = {}) {
  const countingFetch: typeof fetch = (input, init) => {
    fetchCalls.push(String(input))
    return fetch(input, init)
  }
  const service = createThumbnailService({ cacheDir, sources: SOURCES(), fetch: countingFetch, ...options })
  const host = express()
  host.use('/thumbnail', service.router)
  const server = createServer(host)
  servers.push(server)
  const url = await listen(server)
  await service.ready
  return { service, url, thumb: (params: Record<string, string>) => `${url}/thumbnail/?${new URLSearchParams(params)}` }
}

beforeEach(async () => {
  originHits = []
  fetchCalls = []
  tempDir = mkdtempSync(join(tmpdir(), 'thumbs-'))
  cacheDir = join(tempDir, 'thumbnail-cache')
  appUrl = (await serve()).url
})

afterEach(async () => {
  await Promise.all(servers.map(close))
  servers = []
  rmSync(tempDir, { recursive: true, force: true })
})

const thumb = (params: Record<string, string>) => `${appUrl}/thumbnail/?${new URLSearchParams(params)}`

/** Cache files (relative paths) and their total size. */
function cacheFiles(): { files: string[]; bytes: number } {
  if (!existsSync(cacheDir)) return { files: [], bytes: 0 }
  const files = readdirSync(cacheDir).flatMap((shard) => readdirSync(join(cacheDir, shard)).map((name) => join(shard, name)))
  return { files: files.sort(), bytes: files.reduce((sum, file) => sum + statSync(join(cacheDir, file)).size, 0) }
}

/** The cache file a query ends up in. */
function cacheFileOf(params: Record<string, string>): string {
  const result = validateThumbnailQuery(params, SOURCES())
  if (!result.ok) throw new Error(result.message)
  const key = thumbnailKey(result.params)
  return join(key.slice(0, 2), `${key}.${result.params.format}`)
}

describe('/thumbnail/', () => {
  it('refuses a foreign host with 400 and makes no request', async () => {
    for (const src of [
      'https://evil.example/media/photo.png',
      `${originUrl}/media/photo.png`, // the real origin, but not under a configured prefix
      'https://shop.example.evil.example/media/photo.png',
      'https://shop.example/store-api/context',
      'https://shop.example/media/../store-api/context',
      'https://user:pw@shop.example/media/photo.png',
      'file:///etc/passwd',
      '/media/photo.png',
    ]) {
      const response = await fetch(thumb({ src, w: '100' }))
      expect(response.status, src).toBe(400)
    }
    expect(fetchCalls).toEqual([])
    expect(originHits).toEqual([])
  })

  it('resizes a store image to webp with long-lived cache headers and an ETag', async () => {
    const response = await fetch(thumb({ src: 'https://shop.example/media/photo.png', w: '100' }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = response.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/)
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(100)
    expect(meta.height).toBe(50)
    expect(fetchCalls).toEqual([`${originUrl}/media/photo.png`])

    const again = await fetch(thumb({ src: 'https://shop.example/media/photo.png', w: '100' }), {
      headers: { 'if-none-match': etag! },
    })
    expect(again.status).toBe(304)
  })

  it("renders the original's format when asked", async () => {
    const response = await fetch(thumb({ src: 'https://shop.example/media/photo.jpg', w: '80', format: 'jpeg' }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe('jpeg')
  })

  it('caches on disk: a second request, even to a new service, does not fetch again', async () => {
    const params = { src: 'https://shop.example/media/photo.jpg', w: '80', h: '80', fit: 'cover', format: 'jpeg', q: '50' }
    const url = thumb(params)
    expect((await fetch(url)).status).toBe(200)
    expect((await fetch(url)).status).toBe(200)
    const restarted = await serve()
    expect((await fetch(restarted.thumb(params))).status).toBe(200)
    expect(originHits).toHaveLength(1)
    expect(cacheFiles().files).toEqual([cacheFileOf(params)])
    expect(cacheFileOf(params)).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{40}\.jpeg$/)
  })

  it('dedupes concurrent identical requests into one fetch', async () => {
    const url = thumb({ src: 'https://shop.example/media/photo.png', w: '80', format: 'png' })
    const responses = await Promise.all(Array.from({ length: 6 }, () => fetch(url)))
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(responses[0]!.headers.get('content-type')).toBe('image/png')
    expect(originHits).toHaveLength(1)
  })

  it('honours fit, background and blur', async () => {
    const response = await fetch(
      thumb({ src: 'https://shop.example/media/photo.png', w: '10', h: '10', fit: 'contain', bg: 'ffffff', q: '50', blur: '3' }),
    )
    expect(response.status).toBe(200)
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([10, 10])
  })

  it('answers 400 for invalid parameters', async () => {
    const src = 'https://shop.example/media/photo.png'
    const cases: Record<string, string>[] = [
      { src },
      { src, w: '0' },
      { src, w: '2561' },
      { src, w: 'abc' },
      { src, w: '10.5' },
      { src, w: '100', fit: 'fill' },
      { src, w: '100', format: 'gif' },
      { src, w: '100', q: '101' },
      { src, w: '100', bg: 'red' },
      { src, w: '100', blur: '0' },
      { src, w: '100', extra: '1' },
      { w: '100' },
    ]
    for (const params of cases) {
      const response = await fetch(thumb(params))
      expect(response.status, JSON.stringify(params)).toBe(400)
    }
    expect(fetchCalls).toEqual([])
  })

  it("refuses AVIF, other formats than webp and the original's, and sizes, qualities, blurs, backgrounds no page uses", async () => {
    const png = 'https://shop.example/media/photo.png'
    const jpg = 'https://shop.example/media/photo.jpg'
    const cases: Record<string, string>[] = [
      { src: png, w: '320', format: 'avif' },
      { src: jpg, w: '320', format: 'avif' },
      { src: png, w: '321' },
      { src: png, w: '99' },
      { src: png, w: '2559' },
      { src: png, w: '1537' },
      { src: png, h: '333' },
      { src: png, w: '320', h: '11' },
      { src: png, w: '320', q: '70' },
      { src: png, w: '320', q: '81' },
      { src: png, w: '320', q: '100' },
      { src: png, w: '320', q: '1' },
      { src: png, w: '10', h: '10', blur: '2' },
      { src: png, w: '10', h: '10', blur: '3.5' },
      { src: png, w: '320', fit: 'contain', bg: '000000' },
      { src: png, w: '320', fit: 'contain', bg: 'ffffff80' },
      { src: png, w: '320', format: 'jpeg' },
      { src: jpg, w: '320', format: 'png' },
      { src: 'https://shop.example/media/photo', w: '320', format: 'jpeg' },
    ]
    for (const params of cases) {
      const response = await fetch(thumb(params))
      expect(response.status, JSON.stringify(params)).toBe(400)
      expect(response.headers.get('content-type'), JSON.stringify(params)).toMatch(/^text\/plain/)
      expect((await response.text()).length, JSON.stringify(params)).toBeLessThan(200)
    }
    expect(fetchCalls).toEqual([])
    expect(existsSync(cacheDir)).toBe(false)
  })

  it('600 distinct parameter sets leave no more files than the offered ones among them', async () => {
    const src = 'https://shop.example/media/photo.png'
    // Every offered size and as many others spread over 1–2560 px, each in five variants of which
    // two are refused (AVIF, a quality no page uses): what a crawler or an attacker might try.
    const others: number[] = []
    for (let step = 0; others.length < 120 - THUMBNAIL_SIZES.length; step += 1) {
      const width = 1 + ((step * 29) % 2560)
      if (!THUMBNAIL_SIZES.includes(width)) others.push(width)
    }
    const variants: Record<string, string>[] = [{}, { q: '50' }, { format: 'png', fit: 'cover' }, { format: 'avif' }, { q: '70' }]
    const sets = [...THUMBNAIL_SIZES, ...others].flatMap((w) =>
      variants.map((variant): Record<string, string> => ({ src, w: String(w), ...variant })),
    )
    expect(new Set(sets.map((set) => JSON.stringify(set))).size).toBe(600)
    const offered = sets.filter((set) => THUMBNAIL_SIZES.includes(Number(set.w)) && set.format !== 'avif' && set.q !== '70')
    expect(offered).toHaveLength(THUMBNAIL_SIZES.length * 3)
    const expectedFiles = new Set(offered.map(cacheFileOf))
    expect(expectedFiles.size).toBe(offered.length)

    const accepted: Record<string, string>[] = []
    for (let start = 0; start < sets.length; start += 20) {
      const batch = sets.slice(start, start + 20)
      const statuses = await Promise.all(batch.map(async (set) => (await fetch(thumb(set))).status))
      statuses.forEach((status, index) => {
        expect([200, 400], JSON.stringify(batch[index])).toContain(status)
        if (status === 200) accepted.push(batch[index]!)
      })
    }
    expect(accepted).toEqual(offered)
    expect(cacheFiles().files).toEqual([...expectedFiles].sort())
    expect(originHits.length).toBe(expectedFiles.size)
  })

  it('keeps the disk cache under its limit, evicting the least recently used file', async () => {
    const one = (await renderThumbnail(png, validated({ src: 'https://shop.example/media/p-a.png', w: '80' }))).length
    const limit = Math.floor(one * 3.5)
    const { thumb } = await serve({ cacheDir: join(tempDir, 'small'), cacheMaxBytes: limit })
    cacheDir = join(tempDir, 'small')
    const params = (name: string) => ({ src: `https://shop.example/media/p-${name}.png`, w: '80' })
    const get = async (name: string) => {
      expect((await fetch(thumb(params(name)))).status).toBe(200)
      expect(cacheFiles().bytes).toBeLessThanOrEqual(limit)
    }
    await get('a')
    await get('b')
    await get('c')
    expect(cacheFiles().files).toHaveLength(3)
    await get('a') // a hit: a is now the most recently used
    expect(originHits).toHaveLength(3)
    await get('d')
    expect(cacheFiles().files).toEqual([cacheFileOf(params('a')), cacheFileOf(params('c')), cacheFileOf(params('d'))].sort())
    await get('b') // evicted, so fetched again; c goes now
    expect(originHits).toHaveLength(5)
    expect(cacheFiles().files).toEqual([cacheFileOf(params('a')), cacheFileOf(params('b')), cacheFileOf(params('d'))].sort())
  })

  it('after a restart, knows the cache it left (oldest use by file time) and trims it to a smaller limit', async () => {
    const params = (name: string) => ({ src: `https://shop.example/media/p-${name}.png`, w: '80' })
    for (const name of ['a', 'b', 'c', 'd']) expect((await fetch(thumb(params(name)))).status).toBe(200)
    // Uses long apart, in the order b, a, d, c.
    const now = Date.now() / 1000
    ;['b', 'a', 'd', 'c'].forEach((name, index) => {
      const time = now - 1000 + index * 100
      utimesSync(join(cacheDir, cacheFileOf(params(name))), time, time)
    })
    // Left by writes that died with their process (the old one) or are under way in another (the new one).
    const shard = cacheFileOf(params('a')).slice(0, 2)
    writeFileSync(join(cacheDir, shard, 'stale.tmp'), 'x')
    utimesSync(join(cacheDir, shard, 'stale.tmp'), now - 3600, now - 3600)
    writeFileSync(join(cacheDir, shard, 'fresh.tmp'), 'x')
    const one = statSync(join(cacheDir, cacheFileOf(params('a')))).size
    const limit = Math.floor(one * 3.5)
    const restarted = await serve({ cacheMaxBytes: limit })
    expect(existsSync(join(cacheDir, shard, 'stale.tmp'))).toBe(false)
    expect(existsSync(join(cacheDir, shard, 'fresh.tmp'))).toBe(true)
    rmSync(join(cacheDir, shard, 'fresh.tmp'))
    expect(cacheFiles().files).toEqual([cacheFileOf(params('a')), cacheFileOf(params('c')), cacheFileOf(params('d'))].sort())

    expect((await fetch(restarted.thumb(params('a')))).status).toBe(200) // a hit, so d is the oldest now
    expect((await fetch(restarted.thumb(params('e')))).status).toBe(200)
    expect(cacheFiles().files).toEqual([cacheFileOf(params('a')), cacheFileOf(params('c')), cacheFileOf(params('e'))].sort())
    expect(cacheFiles().bytes).toBeLessThanOrEqual(limit)
    expect(originHits).toHaveLength(5)
  })

  it('answers 503 with Retry-After, fetching nothing, when the resize queue is full', async () => {
    const { thumb } = await serve({ cacheDir: join(tempDir, 'busy'), concurrency: 1, maxQueue: 1 })
    const widths = ['80', '100', '160', '200', '240', '300']
    const responses = await Promise.all(
      widths.map((w) => fetch(thumb({ src: 'https://shop.example/media/slow.png', w }))),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(2)
    expect(statuses.filter((status) => status === 503)).toHaveLength(4)
    for (const response of responses.filter((r) => r.status === 503)) {
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    }
    expect(originHits).toEqual(['/media/slow.png', '/media/slow.png'])
    // Once the queue has drained, the refused ones go through.
    const refused = widths[statuses.indexOf(503)]!
    expect((await fetch(thumb({ src: 'https://shop.example/media/slow.png', w: refused }))).status).toBe(200)
  })

  it('maps source failures: any 4xx of the origin is 404, its 5xx 502, non-images 422, redirects are not followed', async () => {
    expect((await fetch(thumb({ src: 'https://shop.example/media/missing.png', w: '10' }))).status).toBe(404)
    expect((await fetch(thumb({ src: 'https://shop.example/media/bad%00.png', w: '10' }))).status).toBe(404)
    expect((await fetch(thumb({ src: 'https://shop.example/media/broken.png', w: '10' }))).status).toBe(502)
    expect((await fetch(thumb({ src: 'https://shop.example/media/text.txt', w: '10' }))).status).toBe(422)
    expect((await fetch(thumb({ src: 'https://shop.example/media/redirect.png', w: '10' }))).status).toBe(502)
    expect(existsSync(cacheDir)).toBe(false)
  })
})

function validated(params: Record<string, string>) {
  const result = validateThumbnailQuery(params, SOURCES())
  if (!result.ok) throw new Error(result.message)
  return result.params
}

describe('ResizeQueue', () => {
  it('runs at most `concurrency` resizes at once and admits only `concurrency + maxQueue` jobs', async () => {
    const queue = new ResizeQueue(2, 3)
    const admitted = Array.from({ length: 7 }, () => queue.tryAdmit())
    expect(admitted).toEqual([true, true, true, true, true, false, false])
    let running = 0
    let most = 0
    await Promise.all(
      Array.from({ length: 5 }, () =>
        queue.resize(async () => {
          running += 1
          most = Math.max(most, running)
          await new Promise((resolve) => setTimeout(resolve, 10))
          running -= 1
        }),
      ),
    )
    expect(most).toBe(2)
    queue.leave()
    expect(queue.tryAdmit()).toBe(true)
  })
})

describe('thumbnail helpers', () => {
  it('embedded mode: public media URLs are fetched over loopback', () => {
    const sources = mediaSources({
      embedded: true,
      publicUrl: 'https://forst.example',
      port: 3000,
      endpoint: 'http://127.0.0.1:3000/store-api',
    })
    expect(resolveSource('https://forst.example/media/a/b.jpg', sources)).toBe('http://127.0.0.1:3000/media/a/b.jpg')
    expect(resolveSource('http://127.0.0.1:3000/media/a.jpg', sources)).toBe('http://127.0.0.1:3000/media/a.jpg')
    expect(resolveSource('https://forst.example/store-api/x', sources)).toBeNull()
    expect(resolveSource('http://127.0.0.1:3001/media/a.jpg', sources)).toBeNull()
  })

  it('external mode: the endpoint origin and configured media origins', () => {
    const sources = mediaSources({
      embedded: false,
      publicUrl: 'https://forst.example',
      port: 3000,
      endpoint: 'https://shopware.example/store-api',
      mediaOrigins: ['https://cdn.example'],
    })
    expect(resolveSource('https://shopware.example/media/x.jpg', sources)).toBe('https://shopware.example/media/x.jpg')
    expect(resolveSource('https://cdn.example/x.jpg', sources)).toBe('https://cdn.example/x.jpg')
    expect(resolveSource('https://forst.example/media/x.jpg', sources)).toBeNull()
  })

  it('the cache key is the same for equivalent parameter spellings', () => {
    const sources = [{ prefix: 'https://shop.example/media/' }]
    const spellings = [
      { src: 'https://shop.example/media/x.png', w: '100' },
      { src: 'https://SHOP.example/media/x.png', w: '100', fit: 'inside', format: 'webp', q: '80' },
      { src: 'https://shop.example/media/x.png#again', w: '0100', q: '80.0' },
    ]
    const keys = spellings.map((query) => {
      const result = validateThumbnailQuery(query, sources)
      expect(result.ok, JSON.stringify(query)).toBe(true)
      return result.ok ? thumbnailKey(result.params) : ''
    })
    expect(new Set(keys).size).toBe(1)
  })

  it('every URL the page helpers build is one the route accepts', () => {
    const urls = new Set<string>()
    const add = (value: string | undefined) => {
      for (const candidate of (value ?? '').split(', ')) if (candidate) urls.add(candidate.split(' ')[0]!)
    }
    for (const src of ['https://shop.example/media/a.jpg', 'https://shop.example/media/b.png', 'https://shop.example/media/c']) {
      for (let width = 1; width <= 3200; width += 7) {
        const product = responsiveImage(src, width)
        const cms = intrinsicImage(src, width)
        for (const value of [product.src, product.srcSet, product.placeholder, cms.src, cms.srcSet, placeholderUrl(src)])
          add(value)
        add(densitySrcSet(src, width, width))
        add(thumbnailUrl(src, { width, height: width * 0.6, fit: 'inside' }))
        add(thumbnailUrl(src, { width, fit: 'contain', background: THUMBNAIL_BACKGROUNDS[0], format: 'jpeg' }))
        add(thumbnailUrl(src, { height: width, quality: THUMBNAIL_QUALITIES[1], blur: THUMBNAIL_BLURS[0], format: 'png' }))
      }
    }
    expect(urls.size).toBeGreaterThan(100)
    expectAccepted(urls)
  })

  it('every /thumbnail/ URL the image components render is one the route accepts', () => {
    const html: string[] = []
    for (const src of ['https://shop.example/media/a.jpg', '/media/b.png']) {
      for (let width = 1; width <= 3200; width += 13) {
        html.push(renderToStaticMarkup(createElement(ProductImage, { src, alt: '', width, height: width, sizes: '100vw' })))
        html.push(renderToStaticMarkup(createElement(CmsImage, { image: { url: src, alt: '', width, height: width }, alt: '' })))
        const background = backgroundImage({ url: src, width, height: 3200 - width })
        const style = layoutAttributes({ hiddenOn: [], background: { ...background, mode: 'cover' } }, 'cms').style as Record<string, string>
        html.push(String(style['--cms-background-image']), String(style['--cms-phone-background-image']))
      }
    }
    const urls = new Set<string>()
    for (const page of html)
      for (const match of page.replaceAll('&quot;', '"').replaceAll('&amp;', '&').matchAll(/\/thumbnail\/\?[^"\s,)]+/g))
        urls.add(match[0])
    expect(urls.size).toBeGreaterThan(100)
    expectAccepted(urls, [{ prefix: 'https://shop.example/media/' }, { prefix: `${OWN_MEDIA_ORIGIN}/media/` }])
  })
})

function expectAccepted(urls: Iterable<string>, sources = [{ prefix: 'https://shop.example/media/' }]) {
  for (const url of urls) {
    const query = Object.fromEntries(new URL(url, 'http://x').searchParams)
    const result = validateThumbnailQuery(query, sources)
    expect(result.ok ? 'ok' : result.message, url).toBe('ok')
  }
}
