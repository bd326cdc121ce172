/**
 * Operator commands for the embedded demo store: `npm run demo -- <command> [arguments]`.
 * Reads DATA_DIR, PUBLIC_URL, PORT and SMTP_URL like the server (server/config.ts).
 *
 *   approve-reseller EMAIL   moves the customer's requested group (a reseller registration) into their
 *                            group and sends the 'reseller-approved' mail in the customer's language
 *   seed --products N [--data-dir DIR]
 *                            seeds the demo store (if it is empty) and grows its catalogue to N generated
 *                            products, for benchmarks (server/demo-store/seed/scale.ts); never part of a start
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ConfigError, loadConfig } from '../server/config'
import { DB_FILE_NAME } from '../server/demo-store/constants'
import { openDatabase } from '../server/demo-store/db'
import { createDemoStore } from '../server/demo-store/index'
import { seedScaleCatalogue } from '../server/demo-store/seed/scale'
import { createMailer, languageKeyOf } from '../server/demo-store/mail/index'
import { outboxDirOf } from '../server/demo-store/mail/outbox'
import type { DemoLogger } from '../server/demo-store/router'

export const EXIT = {
  ok: 0,
  /** Unknown command or missing argument. */
  usage: 2,
  /** Bad configuration, no embedded store, or no database in DATA_DIR. */
  setup: 3,
  notFound: 4,
  noPendingRequest: 5,
  /** Approved, but the mail could not be sent (the approval stays). */
  mailFailed: 6,
} as const

const USAGE = `Usage: npm run demo -- approve-reseller EMAIL
       npm run demo -- seed --products N [--data-dir DIR]

  approve-reseller EMAIL  Approve the pending reseller request of the demo store customer with this
                          email and send them the approval mail (SMTP_URL, else DATA_DIR/outbox).
  seed --products N       Seed the demo store in DIR (default DATA_DIR, else ./data) if it is empty and
                          grow its catalogue to N products (parents and variants, at least the normal
                          seed's), generated deterministically for benchmarks. Stop a shop running on
                          DIR first: it builds its catalogue caches once per process.`

/** The largest catalogue the seed command generates. */
export const MAX_SEED_PRODUCTS = 1_000_000

export interface SeedArgs {
  products: number
  dataDir: string | undefined
}

/** Parses `--products N [--data-dir DIR]` (also `--products=N`); a string is the usage error. */
export function parseSeedArgs(args: string[]): SeedArgs | string {
  let products: number | undefined
  let dataDir: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = () => inline ?? args[++i]
    if (flag === '--products') {
      const raw = value()
      if (raw === undefined || !/^\d[\d_]*$/.test(raw)) return `--products needs a whole number, got ${raw === undefined ? 'nothing' : JSON.stringify(raw)}`
      products = Number(raw.replace(/_/g, ''))
      if (products < 1 || products > MAX_SEED_PRODUCTS) return `--products must be between 1 and ${MAX_SEED_PRODUCTS}`
    } else if (flag === '--data-dir') {
      const raw = value()
      if (raw === undefined || raw === '' || raw.startsWith('--')) return '--data-dir needs a directory'
      dataDir = raw
    } else {
      return `unknown argument ${JSON.stringify(arg)}`
    }
  }
  if (products === undefined) return '--products N is required'
  return { products, dataDir }
}

async function seedScale(args: SeedArgs, env: Record<string, string | undefined>, io: Output): Promise<number> {
  const dataDir = resolve(args.dataDir ?? env.DATA_DIR ?? './data')
  const silent = { info: () => {}, warn: () => {}, error: () => {} }
  // The normal start seeds an empty store (or one of an older seed version) and keeps it as it is otherwise.
  const store = await createDemoStore({ dataDir, publicUrl: env.PUBLIC_URL ?? 'http://127.0.0.1', logger: silent })
  store.close()
  const db = openDatabase(join(dataDir, DB_FILE_NAME))
  try {
    db.pragma('busy_timeout = 5000')
    const report = seedScaleCatalogue(db, args.products)
    const what = report.added ? `added ${report.added} generated products` : 'already had this catalogue'
    io.out(`Demo store in ${dataDir}: ${what}; ${report.products} products in ${Math.round(report.durationMs / 100) / 10} s.`)
  } finally {
    db.close()
  }
  return EXIT.ok
}

interface Output {
  out(line: string): void
  err(line: string): void
}

interface CustomerRow {
  id: string
  customer_number: string
  first_name: string
  last_name: string
  email: string
  language_id: string
  requested_group_id: string | null
}

async function approveReseller(email: string, env: Record<string, string | undefined>, io: Output): Promise<number> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    io.err(error.message)
    return EXIT.setup
  }
  if (!config.demoStore) {
    io.err('SHOPWARE_ENDPOINT is set: resellers of a real Shopware are approved in its Administration, not here.')
    return EXIT.setup
  }
  const file = join(config.dataDir, DB_FILE_NAME)
  if (!existsSync(file)) {
    io.err(`No demo store database at ${file}: start the shop once with this DATA_DIR.`)
    return EXIT.setup
  }

  const db = openDatabase(file)
  let customer: CustomerRow | undefined
  try {
    // The shop may be running and writing at the same moment: wait for its lock instead of failing.
    db.pragma('busy_timeout = 5000')
    const accounts = db
      .prepare(
        `SELECT id, customer_number, first_name, last_name, email, language_id, requested_group_id
         FROM customer WHERE lower(email) = lower(?) AND guest = 0 ORDER BY created_at DESC`,
      )
      .all(email) as CustomerRow[]
    if (!accounts.length) {
      io.err('No customer account with this email in the demo store.')
      return EXIT.notFound
    }
    customer = accounts.find((row) => row.requested_group_id !== null)
    if (!customer) {
      io.err(`Customer ${accounts[0]?.customer_number} has no pending reseller request (nothing changed).`)
      return EXIT.noPendingRequest
    }
    const changed = db
      .prepare(
        `UPDATE customer SET group_id = requested_group_id, requested_group_id = NULL, updated_at = ?
         WHERE id = ? AND requested_group_id IS NOT NULL`,
      )
      .run(new Date().toISOString(), customer.id).changes
    // Someone approved it between the SELECT and the UPDATE (another run of this command).
    if (changed !== 1) {
      io.err(`Customer ${customer.customer_number} has no pending reseller request (nothing changed).`)
      return EXIT.noPendingRequest
    }
  } finally {
    db.close()
  }

  let mailError: string | undefined
  const logger: DemoLogger = {
    info: () => {},
    warn: () => {},
    error: (obj) => {
      mailError = String((obj as { err?: unknown }).err ?? 'unknown error')
    },
  }
  const mailer = createMailer({ outboxDir: outboxDirOf(config.dataDir), smtpUrl: config.demoStore.smtpUrl, logger })
  const language = languageKeyOf(customer.language_id)
  const shopHome = `${config.publicUrl}${language === 'de' ? '' : `/${language}`}/`
  await mailer.send({
    kind: 'reseller-approved',
    to: customer.email,
    name: `${customer.first_name} ${customer.last_name}`,
    languageId: customer.language_id,
    url: shopHome,
  })
  if (mailError) {
    io.err(`Customer ${customer.customer_number} is approved as a reseller, but the approval mail could not be sent: ${mailError}`)
    return EXIT.mailFailed
  }
  const where = config.demoStore.smtpUrl ? 'over SMTP' : `to ${outboxDirOf(config.dataDir)}`
  io.out(`Customer ${customer.customer_number} is approved as a reseller; the approval mail went ${where}.`)
  return EXIT.ok
}

export async function runDemoCommand(args: string[], env: Record<string, string | undefined>, io: Output): Promise<number> {
  const [command, ...rest] = args
  if (command === 'approve-reseller' && rest.length === 1 && rest[0]?.includes('@')) {
    return approveReseller(rest[0].trim(), env, io)
  }
  if (command === 'seed') {
    const parsed = parseSeedArgs(rest)
    if (typeof parsed === 'string') {
      io.err(`${parsed}\n\n${USAGE}`)
      return EXIT.usage
    }
    return seedScale(parsed, env, io)
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE)
    return EXIT.ok
  }
  io.err(USAGE)
  return EXIT.usage
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) {
  runDemoCommand(process.argv.slice(2), process.env, { out: (line) => console.log(line), err: (line) => console.error(line) })
    .then((code) => {
      process.exitCode = code
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
}
