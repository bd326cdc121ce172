import http, { type IncomingHttpHeaders } from 'node:http'

export interface Answer {
  status?: number
  headers: IncomingHttpHeaders
  /** The body (at most `maxBodyBytes`, the rest is read and dropped). */
  body: Buffer
  /** Milliseconds from sending until the answer was complete (or failed). */
  ms: number
  /** Client-side failure: a Node error code, `timeout` (no headers in time) or `body timeout`. */
  error?: string
}

export interface RequestOptions {
  method?: string
  /** Sent as given; a `host` entry replaces the Host header Node would set. */
  headers?: Record<string, string>
  body?: string | Buffer
  timeoutMs?: number
  /** Default: a fresh connection per request (no keep-alive). */
  agent?: http.Agent | false
  maxBodyBytes?: number
}

/**
 * One request with node:http (which, unlike fetch, sends any method, a foreign Host header and raw
 * paths such as `/../` as they are). Never throws; every wait ends after `timeoutMs`.
 */
export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const started = performance.now()
  const target = new URL(url)
  // The path as written: URL would normalise `..` and re-encode, which is what the fuzz must avoid.
  const rawPath = url.slice(url.indexOf('/', url.indexOf('//') + 2)) || '/'
  const headers: Record<string, string> = { ...(options.headers ?? {}) }
  const hostGiven = Object.keys(headers).some((name) => name.toLowerCase() === 'host')
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body))
  const maxBody = options.maxBodyBytes ?? 512 * 1024
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let kept = 0
    let status: number | undefined
    let responseHeaders: IncomingHttpHeaders = {}
    let done = false
    const finish = (error?: string) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ status: error ? undefined : status, headers: responseHeaders, body: Buffer.concat(chunks), ms: performance.now() - started, error })
    }
    let req: http.ClientRequest
    try {
      req = http.request({
        host: target.hostname,
        port: target.port,
        path: rawPath,
        method: options.method ?? 'GET',
        headers,
        setHost: !hostGiven,
        agent: options.agent ?? false,
      })
    } catch (error) {
      // e.g. ERR_UNESCAPED_CHARACTERS, ERR_INVALID_CHAR: the client refuses to send it at all.
      resolve({ headers: {}, body: Buffer.alloc(0), ms: 0, error: (error as NodeJS.ErrnoException).code ?? String(error) })
      return
    }
    const timer = setTimeout(() => {
      finish(status === undefined ? 'timeout' : 'body timeout')
      req.destroy()
    }, options.timeoutMs ?? 15_000)
    req.once('response', (response) => {
      status = response.statusCode
      responseHeaders = response.headers
      response.on('data', (chunk: Buffer) => {
        if (kept < maxBody) {
          chunks.push(chunk)
          kept += chunk.length
        }
      })
      response.once('end', () => finish())
      response.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message))
    })
    req.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? error.message))
    req.end(options.body)
  })
}

/** Set-Cookie headers as name → value (an expired cookie as undefined). */
export function setCookies(headers: IncomingHttpHeaders): Map<string, string | undefined> {
  const cookies = new Map<string, string | undefined>()
  for (const header of headers['set-cookie'] ?? []) {
    const [pair = '', ...attributes] = header.split(';')
    const eq = pair.indexOf('=')
    if (eq < 1) continue
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) || value === ''
    cookies.set(name, expired ? undefined : value)
  }
  return cookies
}

/** A browser's cookie jar for one origin, enough for the shop's host-only, path=/ cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(headers: IncomingHttpHeaders): void {
    for (const [name, value] of setCookies(headers)) {
      if (value === undefined) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  delete(name: string): void {
    this.cookies.delete(name)
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}
