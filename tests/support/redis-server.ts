import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createServer } from 'node:net'

export const redisServerPath = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

/** Why the Redis tests cannot run here, or undefined when they can (tests/setup/ensure-redis.mjs installs it). */
export function redisUnavailable(): string | undefined {
  try {
    accessSync(redisServerPath, constants.X_OK)
    return undefined
  } catch {
    return `${redisServerPath} is not installed (apt-get install redis-server, or set REDIS_SERVER_PATH): Redis cache tests skipped`
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** A throwaway Redis on loopback: no persistence, stops with the test (and with this process). */
export async function startRedis(): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    redisServerPath,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const stopOnExit = () => child.kill('SIGKILL')
  process.once('exit', stopOnExit)
  await new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}: ${output}`))
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', stopOnExit)
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
