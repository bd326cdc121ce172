// Makes sure Debian's redis-server is there for the store cache's Redis tests (they start their own
// server on a free loopback port). Unlike Chromium it is optional: where it cannot be installed
// (not root, no apt) the Redis tests are skipped and say why, and everything else still runs.
import { aptGet, isExecutable, isRoot } from './apt.mjs'

const executable = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server'

if (!isExecutable(executable)) {
  if (process.env.REDIS_SERVER_PATH || !isRoot()) {
    console.warn(`ensure-redis: ${executable} is missing and cannot be installed here; the Redis cache tests will be skipped.`)
  } else {
    console.log(`ensure-redis: ${executable} is missing, installing Debian's redis-server package`)
    const install = ['install', '-y', '--no-install-recommends', 'redis-server']
    const installed = aptGet('ensure-redis', install) || (aptGet('ensure-redis', ['update']) && aptGet('ensure-redis', install))
    if (!installed || !isExecutable(executable)) {
      console.warn('ensure-redis: installing redis-server failed; the Redis cache tests will be skipped.')
    }
  }
}
