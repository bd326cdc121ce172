import http from 'node:http'

export interface LoadResult {
  /** Answers by status code. */
  statuses: Record<number, number>
  /** Requests the server took (the socket was open and the request written) that ended in a reset or hang-up. */
  resets: number
  /** Connections the server refused (nothing was accepted). */
  refused: number
  /** Other client-side errors, by code. */
  errors: Record<string, number>
  requests: number
}

export interface LoadOptions {
  url: string
  connections: number
  /** Each connection stops after this long (or when the server refuses it). */
  durationMs: number
  /** Each connection stops at its first refused connection (the server stopped listening). */
  stopOnRefused?: boolean
  method?: string
  headers?: Record<string, string>
  body?: (worker: number, index: number) => string | undefined
  /** A request without a complete answer after this long is abandoned and counted as `timeout` (default 15 s). */
  requestTimeoutMs?: number
  /** Called with every outcome as it happens (e.g. to count answers given after a signal). */
  onOutcome?: (outcome: Outcome) => void
}

export interface Outcome {
  status?: number
  error?: string
}

const count = (record: Record<string | number, number>, key: string | number) => {
  record[key] = (record[key] ?? 0) + 1
}

function once(agent: http.Agent, options: LoadOptions, worker: number, index: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = options.body?.(worker, index)
    let statusSeen: number | undefined
    // Every wait is bounded: a server that never finishes an answer must not hang the load.
    const timer = setTimeout(() => {
      request.destroy()
      finish({ error: statusSeen === undefined ? 'timeout' : 'body timeout' })
    }, options.requestTimeoutMs ?? 15_000)
    const finish = (outcome: Outcome) => {
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = http.request(
      options.url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: { ...(options.headers ?? {}), ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        statusSeen = response.statusCode
        response.resume()
        response.once('end', () => finish({ status: response.statusCode }))
        response.once('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }))
      },
    )
    request.once('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }))
    request.end(body)
  })
}

/** Keep-alive load from `connections` parallel clients, each sending its next request when the last is answered. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result: LoadResult = { statuses: {}, resets: 0, refused: 0, errors: {}, requests: 0 }
  const deadline = Date.now() + options.durationMs
  await Promise.all(
    Array.from({ length: options.connections }, async (_, worker) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      try {
        for (let index = 0; Date.now() < deadline; index += 1) {
          const outcome = await once(agent, options, worker, index)
          result.requests += 1
          options.onOutcome?.(outcome)
          if (outcome.status !== undefined) count(result.statuses, outcome.status)
          else if (outcome.error === 'ECONNREFUSED') {
            result.refused += 1
            if (options.stopOnRefused) return
          } else if (outcome.error === 'ECONNRESET' || outcome.error === 'socket hang up') result.resets += 1
          else count(result.errors, outcome.error ?? 'unknown')
        }
      } finally {
        agent.destroy()
      }
    }),
  )
  return result
}

export function errorStatuses(result: LoadResult): number {
  return Object.entries(result.statuses)
    .filter(([status]) => Number(status) >= 400)
    .reduce((sum, [, n]) => sum + n, 0)
}
