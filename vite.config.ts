import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import remixConfig from './remix.config.js'
import { namespaceOfModule, SHELL_NAMESPACES, TRANSLATION_CHUNKS_FILE, translationChunksOf } from './server/translation-chunks'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

// The browser runs Preact's React-compatible layer; the server keeps React's streaming renderer
// (docs/decisions/012). Only the client build is aliased, so SSR output is React's own.
const preactInTheBrowser: Plugin = {
  name: 'preact-in-the-browser',
  config(_, env) {
    if (env.isSsrBuild || env.command !== 'build') return
    return {
      resolve: {
        alias: [
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        ],
      },
    }
  },
}

const shellNamespaces: readonly string[] = SHELL_NAMESPACES

// Every page loads the client entry and the root route with all they import, so those modules go out
// as one chunk instead of about twenty, and the texts the shell renders as one chunk per language
// instead of six: on HTTP/1.1, six at a time, each file costs a round trip, and small files compress
// worse (docs/decisions/021). Routes, islands and other texts still split as Rollup decides.
const clientChunks: Plugin = {
  name: 'client-chunks',
  config(_, env) {
    if (env.isSsrBuild || env.command !== 'build') return
    let shell: Set<string> | undefined
    // Rollup puts a module's static imports into its manual chunk too, whether or not their bindings
    // are used, so an island must not be imported statically (app/components/ui/island.tsx).
    const shellOf = (graph: Rollup.ManualChunkMeta) => {
      const found = new Set<string>()
      const queue = [...graph.getModuleIds()].filter((id) => /\/app\/(entry\.client|root)\.tsx$/.test(id))
      for (let id = queue.pop(); id; id = queue.pop()) {
        if (found.has(id)) continue
        found.add(id)
        queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []).filter((imported) => graph.getModuleInfo(imported)?.isIncluded))
      }
      return found
    }
    return {
      build: {
        rollupOptions: {
          output: {
            manualChunks(id, graph) {
              shell ??= shellOf(graph)
              // The entry stays the file Remix's manifest names; CSS stays the one stylesheet (ADR 015).
              if (shell.has(id) && !id.endsWith('/app/entry.client.tsx') && !id.endsWith('.css')) return 'shell'
              const text = namespaceOfModule(id)
              if (text && shellNamespaces.includes(text.namespace)) return `texts-${text.locale}`
            },
          },
        },
      },
    }
  },
  // The server names a page's translation chunks as module preloads (server/translation-chunks.ts);
  // Vite's manifest has no entry for a module inside a manual chunk, so the chunks themselves say.
  writeBundle(options, bundle) {
    if (this.environment.name !== 'client' || !options.dir) return
    const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
    const target = join(options.dir, '..', TRANSLATION_CHUNKS_FILE)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, JSON.stringify(translationChunksOf(chunks)))
  },
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: {
    target: 'es2022',
    cssMinify: true,
    // Form schemas only build zod objects: a page that renders a form as an island (app/components/ui/island.tsx)
    // must not load them, and zod with them, for their top-level calls (docs/decisions/009). The exception is
    // app/forms/zod.ts, whose one side effect (zod's translated default messages) every schema relies on.
    rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !/\/app\/forms\//.test(id) || id.endsWith('/app/forms/zod.ts') } },
  },
  // BUILD_DIR lets parallel test runs each build into their own folder (server/index.ts reads it too).
  plugins: [preactInTheBrowser, clientChunks, remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? 'build' })],
})
