import http from 'node:http'
import type { Socket } from 'node:net'
import { LOOPBACK } from './shop'

/**
 * - `stall`: 200 with JSON headers and the first bytes of a body, then nothing more (the connection stays open)
 * - `destroy`: every connection and request is cut without an answer
 * - `precondition`: 412 with Shopware's error envelope for an unknown sales channel (wrong access key)
 */
export type FakeStoreMode = 'stall' | 'destroy' | 'precondition'

export const PRECONDITION_ENVELOPE = {
  errors: [
    {
      status: '412',
      code: 'FRAMEWORK__ROUTING_SALES_CHANNEL_NOT_FOUND',
      title: 'Precondition Failed',
      detail: 'No matching sales channel found.',
      meta: { parameters: {} },
    },
  ],
}

export interface FakeStore {
  endpoint: string
  mode: FakeStoreMode
  /** Calls received, by path. */
  calls: string[]
  close(): Promise<void>
}

/** A Store API stand-in on loopback whose answers can be switched between faults. */
export async function startFakeStore(port: number, mode: FakeStoreMode): Promise<FakeStore> {
  const sockets = new Set<Socket>()
  const calls: string[] = []
  const store: FakeStore = {
    endpoint: `http://${LOOPBACK}:${port}/store-api`,
    mode,
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`)
    req.resume()
    switch (store.mode) {
      case 'destroy':
        req.socket.destroy()
        return
      case 'stall':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' })
        // Part of a plausible body, flushed; the rest never comes.
        res.write('{"elements":[{"id":"0fa91ce3e96a4bc2be4bd9ce752c3425","translationCode":{"code":"de-')
        return
      case 'precondition':
        res.writeHead(412, { 'content-type': 'application/json' })
        res.end(JSON.stringify(PRECONDITION_ENVELOPE))
        return
    }
  })
  server.on('connection', (socket) => {
    if (store.mode === 'destroy') {
      socket.destroy()
      return
    }
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, LOOPBACK, () => resolve())
  })
  return store
}
