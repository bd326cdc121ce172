import { defineConfig } from 'vitest/config'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The first fresh demo store of the run is kept and copied by the others (server/demo-store/index.ts);
// set here, in the main process, so the workers inherit it and the global teardown removes it.
process.env.DEMO_STORE_SEED_TEMPLATE ??= join(tmpdir(), `forestry-seed-template-${process.pid}`)

// Separate from vite.config.ts so the Remix plugin is not loaded in unit tests.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/store-api/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/setup/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/setup/vitest-global.ts'],
  },
})
