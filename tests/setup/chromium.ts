import type { LaunchOptions } from '@playwright/test'
import { isExecutable } from './apt.mjs'

/**
 * Debian's Chromium (installed by tests/setup/ensure-chromium.mjs); Playwright never downloads a
 * browser here. Its headless shell when installed (docs/decisions/013): the same engine without
 * the full browser around it, which runs the end-to-end suite in about 60% of the time.
 */
const chromiumCandidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? chromiumCandidates.find(isExecutable) ?? chromiumCandidates[1],
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}
