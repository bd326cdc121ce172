import type { LaunchOptions } from '@playwright/test'

// Debian's Chromium (installed by tests/setup/ensure-chromium.mjs); Playwright never downloads a browser here.
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
