// Makes sure Debian's Chromium is there before the end-to-end tests run.
// Playwright must never download a browser here, so the only way in is apt, and only as root.
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'

const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
  if (result.error) throw result.error
  if (result.status !== 0) {
    console.error(`ensure-chromium: "${command} ${args.join(' ')}" failed with exit code ${result.status}`)
    process.exit(result.status ?? 1)
  }
}

if (isExecutable(executable)) process.exit(0)

if (process.env.CHROMIUM_PATH) {
  console.error(`ensure-chromium: CHROMIUM_PATH=${executable} is not an executable file.`)
  process.exit(1)
}

if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
  console.error(
    `ensure-chromium: ${executable} is missing and this user cannot install it.\n` +
      'Install it as root with: apt-get update && apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at an existing Chromium). No browser is downloaded by the tests.',
  )
  process.exit(1)
}

console.log(`ensure-chromium: ${executable} is missing, installing Debian's chromium package`)
run('apt-get', ['update'])
run('apt-get', ['install', '-y', 'chromium'])

if (!isExecutable(executable)) {
  console.error(`ensure-chromium: apt-get finished but ${executable} is still missing.`)
  process.exit(1)
}
