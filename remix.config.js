// Remix options, handed to the Remix Vite plugin by vite.config.ts.
import { expandRoutes } from './app/route-expansion.ts'

/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) => defineRoutes((route) => expandRoutes(route)),
  // No lazy route discovery: its route patch after load re-renders forms in a way that loses
  // conform's error subscription (an empty form submitted after the page settled showed no errors),
  // and the whole manifest inlined costs no more than its __manifest requests (docs/decisions/010).
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
  },
}
