import { Redis } from 'ioredis'
import type { CacheBackend } from './store-cache.server'

export interface RedisBackend extends CacheBackend {
  /** Resolves once the connection is ready (tests; requests never wait for it). */
  connected(): Promise<void>
}

/**
 * The cache in Redis, shared by every container behind a load balancer. While Redis is not
 * connected (starting, or away) reads and writes pass straight through as misses instead of
 * waiting: a page then only loses the cache, not its time. `onError` hears connection errors.
 */
export function redisBackend(url: string, options: { commandTimeoutMs?: number; onError?: (err: Error) => void } = {}): RedisBackend {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 250,
    // Reconnects continue in the background.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  })
  redis.on('error', (err: Error) => options.onError?.(err))
  const ready = () => redis.status === 'ready'
  return {
    kind: 'redis',
    async get(key) {
      if (!ready()) return undefined
      return (await redis.get(key)) ?? undefined
    },
    async set(key, value, ttlMs) {
      if (!ready()) return
      await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)))
    },
    connected: () => (ready() ? Promise.resolve() : new Promise((resolve) => redis.once('ready', () => resolve()))),
    async close() {
      redis.disconnect()
    },
  }
}
