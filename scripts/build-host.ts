/**
 * Compiles the server host (server/index.ts and what it imports from server/ and app/) into
 * `<BUILD_DIR>/host/`, so that `npm run serve` runs plain JavaScript instead of compiling
 * TypeScript through tsx at start. tsx's loader thread alone held about 49 MB of the shop's
 * resident memory (docs/decisions/014). Packages stay external and load from node_modules.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const buildDir = process.env.BUILD_DIR ?? 'build'

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { alias: { '~': `${root}app` } },
  build: {
    ssr: 'server/index.ts',
    copyPublicDir: false,
    outDir: `${buildDir}/host`,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'index.js', chunkFileNames: '[name]-[hash].js' } },
  },
})
