// Makes sure Debian's redis-server is there for the store cache's Redis tests (they start their own
// server on a free loopback port). Unlike Chromium it is optional: where it cannot be installed
// (not root, no apt) the Redis tests are skipped and say why, and everything else still runs.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

const executable = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  return !result.error && result.status === 0
}

if (!isExecutable(executable)) {
  if (process.env.REDIS_SERVER_PATH || typeof process.getuid !== 'function' || process.getuid() !== 0) {
    console.warn(`ensure-redis: ${executable} is missing and cannot be installed here; the Redis cache tests will be skipped.`)
  } else {
    console.log(`ensure-redis: ${executable} is missing, installing Debian's redis-server package`)
    const installed = run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server']) ||
      (run('apt-get', ['update']) && run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server']))
    if (!installed || !isExecutable(executable)) {
      console.warn('ensure-redis: installing redis-server failed; the Redis cache tests will be skipped.')
    }
  }
}
