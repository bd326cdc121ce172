import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_DE_ID, CUSTOMER_GROUP_IDS, DB_FILE_NAME, LANGUAGE_IDS } from '../server/demo-store/constants'
import { openDatabase } from '../server/demo-store/db'
import { sid } from '../server/demo-store/ids'
import { readOutbox } from '../server/demo-store/mail/outbox'
import { MAIL_TEXTS } from '../server/demo-store/mail/texts'
import { startDemoStore, type DemoStoreServer } from '../tests/store-api/demo-store-server'
import { MAX_SEED_PRODUCTS, parseSeedArgs } from './demo'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** `npm run demo -- ...` as an operator runs it: a process of its own, configured by the environment. */
function runDemo(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', ...args], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

let store: DemoStoreServer
let env: Record<string, string>

async function register(email: string, options: { reseller: boolean; languageId: string; prefix: string }) {
  const response = await store.call('POST', '/account/register', {
    languageId: options.languageId,
    body: {
      email,
      password: 'Forst2024!',
      firstName: 'Anna',
      lastName: 'Berg',
      accountType: 'business',
      company: 'Berg Forstservice GmbH',
      vatIds: ['DE123456789'],
      acceptedDataProtection: true,
      storefrontUrl: `${store.origin}${options.prefix}`,
      billingAddress: { street: 'Waldweg 1', zipcode: '12345', city: 'Tannheim', countryId: COUNTRY_DE_ID },
      ...(options.reseller ? { requestedGroupId: CUSTOMER_GROUP_IDS.reseller } : {}),
    },
  })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
}

/** Confirms the registration with the link of its mail and answers the logged-in context token. */
async function confirmFromMail(email: string): Promise<string> {
  const mail = (await readOutbox(join(store.dataDir, 'outbox'))).find((m) => m.to === email && m.links.some((l) => l.includes('/registration/confirm')))
  const link = new URL(mail?.links[0] ?? 'http://invalid')
  const response = await store.call('POST', '/account/register-confirm', {
    body: { em: link.searchParams.get('em'), hash: link.searchParams.get('hash') },
  })
  expect(response.status).toBe(200)
  const token = response.headers.get('sw-context-token')
  expect(token).toBeTruthy()
  return token as string
}

async function customerGroups(token: string) {
  const response = await store.call('POST', '/account/customer', { token })
  expect(response.status).toBe(200)
  const body = response.body as { groupId: string; requestedGroupId?: string | null }
  // An absent requestedGroupId is no request, as null is.
  return { groupId: body.groupId, requestedGroupId: body.requestedGroupId ?? null }
}

beforeAll(async () => {
  store = await startDemoStore()
  env = { DATA_DIR: store.dataDir, PUBLIC_URL: store.origin }
})

afterAll(async () => {
  await store?.close()
})

describe('npm run demo -- approve-reseller EMAIL', () => {
  it('moves the requested reseller group into the customer group and mails the customer in their language', async () => {
    const email = 'anna.berg@example.com'
    await register(email, { reseller: true, languageId: LANGUAGE_IDS.en, prefix: '/en' })
    const token = await confirmFromMail(email)
    expect(await customerGroups(token)).toEqual({ groupId: CUSTOMER_GROUP_IDS.standard, requestedGroupId: CUSTOMER_GROUP_IDS.reseller })

    // Any spelling of the address the operator types finds the account.
    const run = await runDemo(['approve-reseller', 'Anna.Berg@Example.com'], env)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/approved as a reseller/)
    expect(run.stdout).not.toContain(email)

    // The running store sees the change on the customer's next request.
    expect(await customerGroups(token)).toEqual({ groupId: CUSTOMER_GROUP_IDS.reseller, requestedGroupId: null })
    const [newest] = await readOutbox(join(store.dataDir, 'outbox'))
    expect(newest?.to).toBe(email)
    expect(newest?.subject).toBe(MAIL_TEXTS.en['reseller-approved'].subject)
    expect(newest?.text).toContain('Hello Anna Berg,')
    expect(newest?.links).toEqual([`${store.origin}/en/`])

    const again = await runDemo(['approve-reseller', email], env)
    expect(again.code).toBe(5)
    expect(again.stderr).toMatch(/no pending reseller request/)
    expect(await customerGroups(token)).toEqual({ groupId: CUSTOMER_GROUP_IDS.reseller, requestedGroupId: null })
  })

  it('refuses customers without a pending request and unknown emails, changing nothing', async () => {
    await register('kein.haendler@example.com', { reseller: false, languageId: LANGUAGE_IDS.de, prefix: '' })
    const mailsBefore = (await readOutbox(join(store.dataDir, 'outbox'))).length
    const noRequest = await runDemo(['approve-reseller', 'kein.haendler@example.com'], env)
    expect(noRequest.code).toBe(5)
    expect(noRequest.stderr).toMatch(/has no pending reseller request \(nothing changed\)/)
    const unknown = await runDemo(['approve-reseller', 'niemand@example.com'], env)
    expect(unknown.code).toBe(4)
    expect(unknown.stderr).toMatch(/No customer account with this email/)
    expect(unknown.stderr).not.toContain('niemand@example.com')
    expect((await readOutbox(join(store.dataDir, 'outbox'))).length).toBe(mailsBefore)
  })

  it('explains its usage and refuses a data directory without a demo store or a real Shopware', async () => {
    const usage = await runDemo([], env)
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/Usage: npm run demo -- approve-reseller EMAIL/)
    expect((await runDemo(['approve-reseller'], env)).code).toBe(2)

    const empty = await mkdtemp(join(tmpdir(), 'demo-cli-empty-'))
    try {
      const noStore = await runDemo(['approve-reseller', 'a@example.com'], { DATA_DIR: empty })
      expect(noStore.code).toBe(3)
      expect(noStore.stderr).toMatch(/No demo store database/)
    } finally {
      await rm(empty, { recursive: true, force: true })
    }
    const external = await runDemo(['approve-reseller', 'a@example.com'], {
      ...env,
      SHOPWARE_ENDPOINT: 'https://shop.example.com/store-api',
      SHOPWARE_ACCESS_TOKEN: 'SWSCEXTERNAL',
    })
    expect(external.code).toBe(3)
    expect(external.stderr).toMatch(/Administration/)
    // Four runs of npm and tsx one after another: on a busy machine more than vitest's default 30 s.
  }, 60_000)
})

describe('npm run demo -- seed --products N [--data-dir DIR]', () => {
  it('reads its arguments', () => {
    expect(parseSeedArgs(['--products', '50000'])).toEqual({ products: 50000, dataDir: undefined })
    expect(parseSeedArgs(['--products=50_000', '--data-dir', '/tmp/x'])).toEqual({ products: 50000, dataDir: '/tmp/x' })
    expect(parseSeedArgs(['--data-dir=./data/big', '--products', '500'])).toEqual({ products: 500, dataDir: './data/big' })
    expect(parseSeedArgs([])).toMatch(/--products N is required/)
    expect(parseSeedArgs(['--products'])).toMatch(/whole number, got nothing/)
    expect(parseSeedArgs(['--products', 'many'])).toMatch(/whole number/)
    expect(parseSeedArgs(['--products', '-5'])).toMatch(/whole number/)
    expect(parseSeedArgs(['--products', '0'])).toMatch(/between 1 and/)
    expect(parseSeedArgs(['--products', String(MAX_SEED_PRODUCTS + 1)])).toMatch(/between 1 and/)
    expect(parseSeedArgs(['--products', '10', '--data-dir'])).toMatch(/--data-dir needs a directory/)
    expect(parseSeedArgs(['--products', '10', '--fast'])).toMatch(/unknown argument "--fast"/)
  })

  it('refuses bad arguments with the usage', async () => {
    const run = await runDemo(['seed', '--products', 'lots'], { DATA_DIR: join(tmpdir(), 'never-created') })
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(/--products needs a whole number/)
    expect(run.stderr).toMatch(/npm run demo -- seed --products N/)
  })

  it('seeds an empty store and grows it to N products, deterministically and once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-seed-scale-'))
    // The suite's kept seed (vitest.config.ts) spares the child the picture rendering.
    const env = { DEMO_STORE_SEED_TEMPLATE: process.env.DEMO_STORE_SEED_TEMPLATE ?? '' }
    try {
      const run = await runDemo(['seed', '--products', '500', '--data-dir', dir], env)
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/added 180 generated products; 500 products/)
      const db = openDatabase(join(dir, DB_FILE_NAME))
      try {
        const n = (sql: string, ...args: unknown[]) => (db.prepare(sql).get(...args) as { n: number }).n
        expect(n('SELECT COUNT(*) AS n FROM product')).toBe(500)
        // The normal seed's facts stay as they are.
        expect(n("SELECT COUNT(*) AS n FROM product WHERE product_number NOT LIKE 'GX-%'")).toBe(320)
        const first = db.prepare('SELECT * FROM product WHERE id = ?').get(sid('product:GX-000001')) as Record<string, string | number>
        const names = JSON.parse(String(first.translations)) as Record<string, { name: string }>
        expect(Object.keys(names).sort()).toEqual(Object.values(LANGUAGE_IDS).sort())
        expect(names[LANGUAGE_IDS.de]?.name).toMatch(/ Serie \d+$/)
        expect(names[LANGUAGE_IDS.en]?.name).toMatch(/ series \d+$/)
        expect(names[LANGUAGE_IDS.fr]?.name).toMatch(/ série \d+$/)
        expect(n('SELECT COUNT(*) AS n FROM seo_url WHERE foreign_key = ?', first.id)).toBe(3)
        expect(n('SELECT COUNT(*) AS n FROM product_price WHERE product_id = ?', first.id)).toBeGreaterThanOrEqual(2)
        expect(n('SELECT COUNT(*) AS n FROM product_category WHERE product_id = ?', first.id)).toBeGreaterThanOrEqual(1)
        expect(n('SELECT COUNT(*) AS n FROM product_media pm JOIN media m ON m.id = pm.media_id WHERE pm.product_id = ?', first.id)).toBeGreaterThanOrEqual(2)
        // Every sixth family has variants; every generated product is searchable in every language.
        expect(n("SELECT COUNT(*) AS n FROM product WHERE product_number LIKE 'GX-%' AND parent_id IS NOT NULL")).toBeGreaterThan(0)
        expect(n("SELECT COUNT(*) AS n FROM product_search WHERE product_id IN (SELECT id FROM product WHERE product_number LIKE 'GX-%')")).toBe(180 * 3)
      } finally {
        db.close()
      }
      const again = await runDemo(['seed', '--products', '500', '--data-dir', dir], env)
      expect(again.code).toBe(0)
      expect(again.stdout).toMatch(/already had this catalogue; 500 products/)
      const smaller = await runDemo(['seed', '--products', '400', '--data-dir', dir], env)
      expect(smaller.code).toBe(0)
      expect(smaller.stdout).toMatch(/added 80 generated products; 400 products/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    // Three processes of their own, each starting tsx and the store.
  }, 180_000)
})
