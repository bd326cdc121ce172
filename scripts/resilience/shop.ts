import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { request } from './http'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const LOOPBACK = '127.0.0.1'
const PORT_RANGE = { first: 3700, last: 3720 }
// Keys the shop reads; the script's own environment (a developer's shell, CI) must not leak into a scenario.
const SHOP_KEYS = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'SHOPWARE_ENDPOINT',
  'SHOPWARE_ACCESS_TOKEN',
  'STORE_TIMEOUT_MS',
  'SESSION_SECRET',
  'LOG_LEVEL',
  'DEMO_STORE_MAINTENANCE',
  'DEMO_STORE_LATENCY_MS',
  'MEDIA_ORIGINS',
  'NODE_ENV',
]
const MAX_LOG_LINES = 20_000

const taken = new Set<number>()
const running = new Set<Shop>()
const tempDirs = new Set<string>()

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, LOOPBACK, () => probe.close(() => resolve(true)))
  })
}

/** A port of 3700–3720 on loopback that nothing listens on and this run has not handed out yet. */
export async function freePort(): Promise<number> {
  for (let port = PORT_RANGE.first; port <= PORT_RANGE.last; port += 1) {
    if (taken.has(port)) continue
    if (await portIsFree(port)) {
      taken.add(port)
      return port
    }
  }
  throw new Error(`no free port in ${PORT_RANGE.first}-${PORT_RANGE.last} on ${LOOPBACK}`)
}

export function freshDataDir(name: string): string {
  const dir = mkdtempSync(join(os.tmpdir(), `resilience-${name}-`))
  tempDirs.add(dir)
  return dir
}

export interface LogLine {
  level?: number
  msg?: string
  reqId?: string
  [key: string]: unknown
}

export interface Shop {
  name: string
  port: number
  origin: string
  child: ChildProcess
  /** Parsed JSON log lines from stdout, in order (non-JSON lines as `{ msg: text }`). */
  logs: LogLine[]
  stderr: string[]
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>
  exitCode(): number | string | undefined
}

export interface ShopOptions {
  name: string
  env?: Record<string, string>
  /** Fresh DATA_DIR under os.tmpdir() unless given. */
  dataDir?: string
}

/** Starts `node server/start.js` (the compiled host) in production mode on a free loopback port. */
export async function startShop(options: ShopOptions): Promise<Shop> {
  const port = await freePort()
  const origin = `http://${LOOPBACK}:${port}`
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of SHOP_KEYS) delete env[key]
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: LOOPBACK,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: options.dataDir ?? freshDataDir(options.name),
    SESSION_SECRET: `resilience-check-${options.name}-0123456789abcdef0123456789abcdef`,
    LOG_LEVEL: 'info',
    ...options.env,
  })
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let code: number | string | undefined
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (exitCode, signal) => {
      code = exitCode ?? signal ?? 'unknown'
      running.delete(shop)
      resolve(code)
    })
  })
  const logs: LogLine[] = []
  const stderr: string[] = []
  lines(child.stdout!, (line) => {
    if (logs.length >= MAX_LOG_LINES) logs.splice(0, logs.length - MAX_LOG_LINES + 1)
    try {
      logs.push(JSON.parse(line) as LogLine)
    } catch {
      logs.push({ msg: line })
    }
  })
  lines(child.stderr!, (line) => {
    if (stderr.length < 500) stderr.push(line)
  })
  const shop: Shop = { name: options.name, port, origin, child, logs, stderr, exited, exitCode: () => code }
  running.add(shop)
  return shop
}

function lines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    rest += chunk
    let newline: number
    while ((newline = rest.indexOf('\n')) >= 0) {
      const line = rest.slice(0, newline).trim()
      rest = rest.slice(newline + 1)
      if (line) onLine(line)
    }
  })
}

/** Waits until GET /healthz answers 200; fails when the process exits or `timeoutMs` passes. */
export async function waitHealthy(shop: Shop, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (shop.exitCode() !== undefined) {
      throw new Error(`${shop.name} exited with ${shop.exitCode()} before it was healthy: ${tail(shop)}`)
    }
    const answer = await request(`${shop.origin}/healthz`, { timeoutMs: 1_000 })
    if (answer.status === 200) return
    await sleep(200)
  }
  throw new Error(`${shop.name} not healthy within ${timeoutMs} ms: ${tail(shop)}`)
}

export function tail(shop: Shop, count = 5): string {
  const last = [...shop.stderr.slice(-count), ...shop.logs.slice(-count).map((l) => JSON.stringify(l))]
  return last.join(' | ').slice(0, 2_000)
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function stopShop(shop: Shop, graceMs = 3_000): Promise<void> {
  if (shop.exitCode() !== undefined) return
  shop.child.kill('SIGTERM')
  const timer = setTimeout(() => shop.child.kill('SIGKILL'), graceMs)
  await shop.exited
  clearTimeout(timer)
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((shop) => stopShop(shop)))
}

/** Last resort (process 'exit' handler): synchronous, so only a kill. */
export function killAllNow(): void {
  for (const shop of running) {
    try {
      shop.child.kill('SIGKILL')
    } catch {
      // already gone
    }
  }
}

export function removeTempDirs(): void {
  for (const dir of tempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true })
    } catch {
      // best effort
    }
  }
  tempDirs.clear()
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
