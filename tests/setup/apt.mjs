// Shared by the ensure-* scripts: finding an executable and installing a Debian package with apt.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Runs one apt-get command non-interactively; false (with the reason printed) when it fails. */
export function aptGet(tag, args) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  if (!result.error && result.status === 0) return true
  console.error(`${tag}: "apt-get ${args.join(' ')}" failed: ${result.error?.message ?? `exit code ${result.status}`}`)
  return false
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0
