import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createThumbnailService, mediaSources, resolveSource, thumbnailKey, validateThumbnailQuery } from './thumbnail'

let origin: Server
let originUrl: string
let originHits: string[] = []
let png: Buffer

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  })
}

beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 1 } } })
    .png()
    .toBuffer()
  // A tiny media origin: /media/photo.png is an image, /media/text.txt is not, anything else 404.
  origin = createServer((req, res) => {
    originHits.push(req.url ?? '')
    if (req.url === '/media/photo.png') {
      // A little latency so concurrent requests really overlap.
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 30)
    } else if (req.url === '/media/text.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image')
    } else if (req.url === '/media/redirect.png') {
      res.writeHead(302, { location: 'http://example.com/x.png' }).end()
    } else {
      res.writeHead(404).end()
    }
  })
  originUrl = await listen(origin)
})

afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())))

let app: Server
let appUrl: string
let cacheDir: string
let fetchCalls: string[]

beforeEach(async () => {
  originHits = []
  fetchCalls = []
  cacheDir = mkdtempSync(join(tmpdir(), 'thumbs-'))
  const countingFetch: typeof fetch = (input, init) => {
    fetchCalls.push(String(input))
    return fetch(input, init)
  }
  const service = createThumbnailService({
    cacheDir: join(cacheDir, 'thumbnail-cache'),
    sources: [{ prefix: 'https://shop.example/media/', fetchPrefix: `${originUrl}/media/` }],
    fetch: countingFetch,
  })
  const host = express()
  host.use('/thumbnail', service.router)
  app = createServer(host)
  appUrl = await listen(app)
})

afterEach(async () => {
  await new Promise<void>((resolve) => app.close(() => resolve()))
  rmSync(cacheDir, { recursive: true, force: true })
})

const thumb = (params: Record<string, string>) => `${appUrl}/thumbnail/?${new URLSearchParams(params)}`

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

  it('caches on disk: a second request (even with a new service) does not fetch again', async () => {
    const url = thumb({ src: 'https://shop.example/media/photo.png', w: '60', h: '60', fit: 'cover', format: 'jpeg', q: '70' })
    expect((await fetch(url)).status).toBe(200)
    expect((await fetch(url)).status).toBe(200)
    expect(originHits).toHaveLength(1)
    const shards = readdirSync(join(cacheDir, 'thumbnail-cache'))
    expect(shards).toHaveLength(1)
    expect(readdirSync(join(cacheDir, 'thumbnail-cache', shards[0]!))[0]).toMatch(/^[0-9a-f]{40}\.jpeg$/)
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

  it('maps source failures: 404 stays 404, non-images 422, redirects are not followed', async () => {
    expect((await fetch(thumb({ src: 'https://shop.example/media/missing.png', w: '10' }))).status).toBe(404)
    expect((await fetch(thumb({ src: 'https://shop.example/media/text.txt', w: '10' }))).status).toBe(422)
    expect((await fetch(thumb({ src: 'https://shop.example/media/redirect.png', w: '10' }))).status).toBe(502)
    expect(existsSync(join(cacheDir, 'thumbnail-cache'))).toBe(false)
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
    const a = validateThumbnailQuery({ src: 'https://shop.example/media/x.png', w: '100' }, sources)
    const b = validateThumbnailQuery(
      { src: 'https://SHOP.example/media/x.png', w: '100', fit: 'inside', format: 'webp', q: '80' },
      sources,
    )
    expect(a.ok && b.ok).toBe(true)
    if (a.ok && b.ok) expect(thumbnailKey(a.params)).toBe(thumbnailKey(b.params))
  })
})
