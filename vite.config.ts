import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'
import remixConfig from './remix.config.js'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    target: 'es2022',
    cssMinify: true,
    // Form schemas only build zod objects: a page that renders a form as an island (app/components/ui/island.tsx)
    // must not load them, and zod with them, for their top-level calls (docs/decisions/009).
    rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !/\/app\/forms\//.test(id) } },
  },
  // BUILD_DIR lets parallel test runs each build into their own folder (server/index.ts reads it too).
  plugins: [remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? 'build' })],
})
