// Makes sure Debian's Chromium is there before the end-to-end tests run.
// Playwright must never download a browser here, so the only way in is apt, and only as root.
import { aptGet, isExecutable, isRoot } from './apt.mjs'

const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (isExecutable(executable)) process.exit(0)

if (process.env.CHROMIUM_PATH) {
  console.error(`ensure-chromium: CHROMIUM_PATH=${executable} is not an executable file.`)
  process.exit(1)
}

if (!isRoot()) {
  console.error(
    `ensure-chromium: ${executable} is missing and this user cannot install it.\n` +
      'Install it as root with: apt-get update && apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at an existing Chromium). No browser is downloaded by the tests.',
  )
  process.exit(1)
}

console.log(`ensure-chromium: ${executable} is missing, installing Debian's chromium package`)
if (!aptGet('ensure-chromium', ['update']) || !aptGet('ensure-chromium', ['install', '-y', 'chromium'])) process.exit(1)

if (!isExecutable(executable)) {
  console.error(`ensure-chromium: apt-get finished but ${executable} is still missing.`)
  process.exit(1)
}
