import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stopWithProcess } from './stop-with-runner-command'

// Four shops for the end-to-end tests, each on loopback with a fresh data directory:
// the normal one on the embedded demo store, one whose demo store is in maintenance mode,
// one pointed at a store that cannot be reached, and one with the consent-gated third parties
// (tag manager, chat) configured against a loopback stand-in of both, which is the fifth server.
// The config is loaded by the runner and again by every worker: the runner's pid, kept in the
// environment the workers inherit, names the run for all of them (tests read the data directories).
process.env.E2E_RUN_ID ??= String(process.pid)
const runId = process.env.E2E_RUN_ID
// The runner's own pid (E2E_RUN_ID may be set to a name): every server stops once that process is gone.
process.env.E2E_RUNNER_PID ??= String(process.pid)
const stopWithRunner = stopWithProcess(process.env.E2E_RUNNER_PID)
const dataRoot = join(tmpdir(), `forestry-e2e-${runId}`)

function shop(port: number, name: string, extra: Record<string, string>, options: { logFile?: string } = {}) {
  const url = `http://127.0.0.1:${port}`
  const { logFile } = options
  // With a log file the server's log (pino writes to stdout) goes there, for tests that read it.
  const serve = logFile ? `mkdir -p ${dataRoot} && rm -f ${logFile} && npm run --silent serve >> ${logFile}` : 'npm run serve'
  return {
    url,
    logFile,
    command: `${stopWithRunner}rm -rf ${join(dataRoot, name)} && ${serve}`,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: join(dataRoot, name),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-not-for-production',
      ...extra,
    },
  }
}

/** The consent shop's tag-manager container, served by the stand-in. */
export const standInGtmId = 'GTM-STANDIN1'

// E2E_PORT_BASE lets several test runs share the machine (with BUILD_DIR for separate builds).
const base = Number(process.env.E2E_PORT_BASE ?? 3310)

export const servers = {
  // Logs at info level (every request and store call) into a file: the auth spec checks that no
  // email address, password or token reaches it.
  main: shop(base, 'main', { LOG_LEVEL: 'info' }, { logFile: join(dataRoot, 'main.log') }),
  maintenance: shop(base + 1, 'maintenance', { DEMO_STORE_MAINTENANCE: 'true' }),
  // Nothing listens on base + 9, so every store call is refused.
  unreachable: shop(base + 2, 'unreachable', {
    SHOPWARE_ENDPOINT: `http://127.0.0.1:${base + 9}/store-api`,
    SHOPWARE_ACCESS_TOKEN: 'SWSCUNREACHABLE000000000000',
    STORE_TIMEOUT_MS: '2000',
  }),
  // The tag manager and the chat (keys per language; the English one is at its API's end of life)
  // served by the stand-in on base + 4.
  consent: shop(base + 3, 'consent', {
    GTM_ID: standInGtmId,
    GTM_ORIGIN: `http://127.0.0.1:${base + 4}`,
    CHAT_KEY_DE: 'standin-de',
    CHAT_KEY_EN: 'standin-en-eol',
    CHAT_KEY_FR: 'standin-fr',
    CHAT_ORIGIN: `http://127.0.0.1:${base + 4}`,
  }),
  thirdParty: {
    url: `http://127.0.0.1:${base + 4}`,
    command: `${stopWithRunner}node tests/setup/third-party-stand-in.mjs`,
    env: { HOST: '127.0.0.1', PORT: String(base + 4) },
  },
}
