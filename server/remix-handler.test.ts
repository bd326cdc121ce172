import { get, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync, gzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendBody } from './remix-handler'

// A page as React hands it over: many small chunks of varied markup, all at once.
const rows = Array.from({ length: 400 }, (_, i) => `<li class="row"><a href="/produkte/artikel-${i}">Artikel ${i * 7919} – Sägekette ${i % 13} mm</a></li>`)
const page = `<!DOCTYPE html><html><body><ul>${rows.join('')}</ul></body></html>`
const chunksOf = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size))

let firstSeenBeforeSecond = false
let clientSawFirst: () => void = () => {}

const app = express()
app.use(compression({ level: 4 }))
app.get('/burst', (_req, res) => {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunksOf(page, 2048)) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
  res.type('html')
  void sendBody(body, res)
})
app.get('/paused', (_req, res) => {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`<!DOCTYPE html><p>first part</p>${' '.repeat(2000)}`))
      // The second part waits until the client has the first, or gives up after two seconds.
      await Promise.race([new Promise<void>((resolve) => (clientSawFirst = resolve)), new Promise((resolve) => setTimeout(resolve, 2000))])
      controller.enqueue(encoder.encode('<p>second part</p>'))
      controller.close()
    },
  })
  res.type('html')
  void sendBody(body, res)
})

let server: Server
let url: string
beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** The response as sent, still compressed. */
function rawGet(path: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

describe('sendBody', () => {
  it('compresses a page handed over in one burst as one block, as small as the whole page compressed at once', async () => {
    const { encoding, body } = await rawGet('/burst')
    expect(encoding).toBe('gzip')
    expect(gunzipSync(body).toString()).toBe(page)
    // Flushing after every 2 KB chunk made this about half as large again.
    expect(body.length).toBeLessThanOrEqual(gzipSync(page, { level: 4 }).length * 1.03)
  })

  it('still sends what came before a pause at once, so a streamed page reaches the browser in parts', async () => {
    const response = await fetch(`${url}/paused`, { headers: { 'accept-encoding': 'gzip' } })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += value
      if (text.includes('first part') && !text.includes('second part')) {
        firstSeenBeforeSecond = true
        clientSawFirst()
      }
    }
    expect(text).toContain('second part')
    expect(firstSeenBeforeSecond).toBe(true)
  })
})
