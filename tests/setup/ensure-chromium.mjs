// Makes sure Debian's Chromium is there before the end-to-end tests run: its headless shell, which
// the tests use (tests/setup/chromium.ts, docs/decisions/013), and the full browser, which
// Lighthouse needs. Playwright must never download a browser here, so the only way in is apt, and
// only as root.
import { aptGet, isExecutable, isRoot } from './apt.mjs'

const packages = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' }

if (process.env.CHROMIUM_PATH) {
  if (isExecutable(process.env.CHROMIUM_PATH)) process.exit(0)
  console.error(`ensure-chromium: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`)
  process.exit(1)
}

const missing = Object.keys(packages).filter((name) => !isExecutable(packages[name]))
if (!missing.length) process.exit(0)

if (!isRoot()) {
  // Either browser runs the tests; without both, say how to add the missing one.
  const found = Object.values(packages).find(isExecutable)
  console.error(
    `ensure-chromium: ${missing.map((name) => packages[name]).join(' and ')} missing and this user cannot install ${missing.length > 1 ? 'them' : 'it'}.\n` +
      `Install as root with: apt-get update && apt-get install -y ${missing.join(' ')}\n` +
      '(or point CHROMIUM_PATH at an existing Chromium). No browser is downloaded by the tests.',
  )
  process.exit(found ? 0 : 1)
}

console.log(`ensure-chromium: installing Debian's ${missing.join(' and ')}`)
// Older Debian releases have no headless shell package, and apt may be unreachable while the full
// browser is installed: either browser runs the tests, so only having neither is an error.
if (aptGet('ensure-chromium', ['update']) && !aptGet('ensure-chromium', ['install', '-y', ...missing]) && missing.length > 1) {
  aptGet('ensure-chromium', ['install', '-y', 'chromium'])
}

if (!isExecutable(packages.chromium) && !isExecutable(packages['chromium-headless-shell'])) {
  console.error('ensure-chromium: apt-get finished but no Chromium is installed.')
  process.exit(1)
}
