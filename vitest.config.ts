import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

// Separate from vite.config.ts so the Remix plugin is not loaded in unit tests.
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/store-api/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
