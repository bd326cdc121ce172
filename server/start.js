// `npm run serve` and the container start here: the server host compiled by `npm run build`
// (scripts/build-host.ts), plain JavaScript without tsx's loader (docs/decisions/014).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const host = new URL(`../${process.env.BUILD_DIR ?? 'build'}/host/index.js`, import.meta.url)
if (!existsSync(host)) {
  console.error(`${fileURLToPath(host)} is missing: run "npm run build" before starting in production`)
  process.exit(1)
}
const { main } = await import(host.href)
main()
