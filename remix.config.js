// Remix options, handed to the Remix Vite plugin by vite.config.ts.
import { expandRoutes } from './app/route-expansion.ts'

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) => defineRoutes((route) => expandRoutes(route)),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
