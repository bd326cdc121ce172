/**
 * `npm run bench`: the shop's speed on this machine, page by page, so each change can be compared.
 *
 * Starts the production build with the embedded demo store on loopback, warms it, and measures with
 * autocannon home, a category, a product, search, the cart and the product with a cart's session: requests/s and
 * p50/p99 latency at 1 and 16 connections, store calls and rounds per page (from the access log),
 * CPU ms per request and RSS after the load (from /proc). Then the same pages on a store that
 * answers every call 50 ms late (DEMO_STORE_LATENCY_MS=50), where a page's time shows its rounds.
 * Writes docs/benchmarks/<date>-<label>.json and .md.
 *
 * Env: BENCH_SECONDS (8 per run), BENCH_PORT (3470), BENCH_LABEL (local), BENCH_OUT (docs/benchmarks),
 * BUILD_DIR (build).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import { DEMO_ACCESS_KEY, DEMO_ACCOUNTS } from '../server/demo-store/constants'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const port = Number(process.env.BENCH_PORT ?? 3470)
const label = (process.env.BENCH_LABEL ?? 'local').replace(/[^\w.-]+/g, '-')
const outDir = process.env.BENCH_OUT ?? join(root, 'docs', 'benchmarks')
const buildDir = process.env.BUILD_DIR ?? 'build'
const CLOCK_TICKS_PER_SECOND = 100
const ACCESS_KEY = DEMO_ACCESS_KEY
// What a browser sends: the shop compresses every page it answers.
const BROWSER = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' }

interface AccessLine {
  url: string
  storeCalls?: number
  storeRounds?: number
  pageCache?: string
}

export interface Shop {
  base: string
  pid: number
  lines: AccessLine[]
  stop(): Promise<void>
}

export async function startShop(name: string, env: Record<string, string>, shopPort = port): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`))
  // Exactly what `npm run serve` runs (its leading VAR=value words become the environment), started
  // directly so that the pid measured is the shop's own.
  const serve = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve
  const words = serve.split(/\s+/)
  const serveEnv: Record<string, string> = {}
  while (words[0] && /^[A-Z_]+=/.test(words[0])) {
    const [key, ...value] = words.shift()!.split('=')
    serveEnv[key!] = value.join('=')
  }
  const [command, ...args] = words
  const child: ChildProcess = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd: root,
    env: {
      ...process.env,
      ...serveEnv,
      HOST: '127.0.0.1',
      PORT: String(shopPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BUILD_DIR: buildDir,
      DEMO_STORE_SEED_TEMPLATE: join(tmpdir(), 'bench-seed-template'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines: AccessLine[] = []
  let rest = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8')
    const parts = text.split('\n')
    rest = parts.pop() ?? ''
    for (const part of parts) {
      if (!part.includes('"request completed"')) continue
      try {
        lines.push(JSON.parse(part) as AccessLine)
      } catch {
        // A line cut by the pipe is skipped; counts come from many lines.
      }
    }
  })
  const base = `http://127.0.0.1:${shopPort}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`)
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false)
    if (ready) break
    if (Date.now() - started > 120_000) throw new Error('the shop did not get ready within 120 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    base,
    pid: child.pid!,
    lines,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm)".
  return Number(fields[11]) + Number(fields[12])
}

export function rssMb(pid: number): number {
  const kb = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

interface Page {
  name: string
  path: string
  headers: Record<string, string>
}

interface Timed {
  ms: number
  line: AccessLine | undefined
  html: string
}

/**
 * The pages to measure, each with its first (cold) request: paths are found on the running shop, in
 * the order a visitor meets them; the cart gets a session made through the Store API, with which
 * the product is measured once more.
 */
export async function pagesOf(shop: Shop): Promise<{ page: Page; cold: Timed }[]> {
  const home: Page = { name: 'home', path: '/', headers: BROWSER }
  const homeCold = await timed(shop, home)
  const category: Page = { name: 'category', path: '/produkte/seilwinden/', headers: BROWSER }
  const categoryCold = await timed(shop, category)
  const productPath = categoryCold.html.match(/href="(\/[a-z0-9-]+\/FS-\d+)"/)?.[1]
  if (!productPath) throw new Error('no product link on the category page')
  const product: Page = { name: 'product', path: productPath, headers: BROWSER }
  const productCold = await timed(shop, product)
  const found = await fetch(`${shop.base}/store-api/product`, {
    method: 'POST',
    headers: { 'sw-access-key': ACCESS_KEY, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ filter: [{ type: 'equals', field: 'productNumber', value: productPath.split('/').pop() }], includes: { product: ['id'] } }),
  })
  const productId = ((await found.json()) as { elements?: { id: string }[] }).elements?.[0]?.id
  if (!productId) throw new Error(`no product id for ${productPath}`)
  const search: Page = { name: 'search', path: '/search?search=kette', headers: BROWSER }
  const searchCold = await timed(shop, search)
  const added = await fetch(`${shop.base}/store-api/checkout/cart/line-item`, {
    method: 'POST',
    headers: { 'sw-access-key': ACCESS_KEY, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ items: [{ type: 'product', referencedId: productId, quantity: 2 }] }),
  })
  const token = added.headers.get('sw-context-token')
  if (!added.ok || !token) throw new Error(`could not fill a cart through the Store API (${added.status})`)
  const cart: Page = { name: 'cart (session)', path: '/checkout/cart', headers: { ...BROWSER, cookie: `sw-context-token=${token}` } }
  const cartCold = await timed(shop, cart)
  // The same product for that visitor with a cart: their catalogue reads are cached under their context.
  const productWithCart: Page = { name: 'product (cart session)', path: productPath, headers: cart.headers }
  const productWithCartCold = await timed(shop, productWithCart)
  // A logged-in reseller, the shop's main audience: prices of their group, their wishlist; never from the cache.
  const login = await fetch(`${shop.base}/store-api/account/login`, {
    method: 'POST',
    headers: { 'sw-access-key': ACCESS_KEY, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(DEMO_ACCOUNTS.reseller),
  })
  const customerToken = login.headers.get('sw-context-token')
  if (!login.ok || !customerToken) throw new Error(`could not log in through the Store API (${login.status})`)
  const productForCustomer: Page = { name: 'product (logged-in reseller)', path: productPath, headers: { ...BROWSER, cookie: `sw-context-token=${customerToken}` } }
  const productForCustomerCold = await timed(shop, productForCustomer)
  return [
    { page: home, cold: homeCold },
    { page: category, cold: categoryCold },
    { page: product, cold: productCold },
    { page: search, cold: searchCold },
    { page: cart, cold: cartCold },
    { page: productWithCart, cold: productWithCartCold },
    { page: productForCustomer, cold: productForCustomerCold },
  ]
}

interface Run {
  connections: number
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  cpuMsPerRequest: number
  errors: number
}

async function load(shop: Shop, page: Page, connections: number, duration: number): Promise<Run> {
  const before = cpuTicks(shop.pid)
  const result = await autocannon({ url: `${shop.base}${page.path}`, connections, duration, headers: page.headers })
  const ticks = cpuTicks(shop.pid) - before
  const answered = result.requests.total || 1
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMsPerRequest: Math.round(((ticks * 1000) / CLOCK_TICKS_PER_SECOND / answered) * 10) / 10,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

interface PageResult {
  page: string
  path: string
  cold: { storeCalls: number; storeRounds: number; ms: number }
  warm: { storeCalls: number; storeRounds: number; pageCacheHits: number }
  runs: Run[]
}

async function timed(shop: Shop, page: Page): Promise<Timed> {
  const count = shop.lines.length
  const started = performance.now()
  const response = await fetch(`${shop.base}${page.path}`, { headers: page.headers })
  const html = await response.text()
  const ms = Math.round(performance.now() - started)
  if (!response.ok) throw new Error(`${page.path} answered ${response.status}`)
  // The access line is written when the response has finished; give the pipe a moment.
  let line: AccessLine | undefined
  for (let i = 0; i < 100 && !line; i++) {
    line = shop.lines.slice(count).find((l) => l.url === page.path)
    if (!line) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return { ms, line, html }
}

async function measure(shop: Shop, connections: number[], duration: number): Promise<PageResult[]> {
  const results: PageResult[] = []
  for (const { page, cold } of await pagesOf(shop)) {
    for (let i = 0; i < 20; i++) await timed(shop, page)
    const runs: Run[] = []
    const first = shop.lines.length
    for (const c of connections) runs.push(await load(shop, page, c, duration))
    const warmLines = shop.lines.slice(first).filter((l) => l.url === page.path)
    const average = (pick: (l: AccessLine) => number) =>
      warmLines.length ? Math.round((warmLines.reduce((sum, l) => sum + pick(l), 0) / warmLines.length) * 100) / 100 : 0
    results.push({
      page: page.name,
      path: page.path,
      cold: { storeCalls: cold.line?.storeCalls ?? 0, storeRounds: cold.line?.storeRounds ?? 0, ms: cold.ms },
      warm: {
        storeCalls: average((l) => l.storeCalls ?? 0),
        storeRounds: average((l) => l.storeRounds ?? 0),
        pageCacheHits: average((l) => (l.pageCache === 'hit' ? 1 : 0)),
      },
      runs,
    })
  }
  return results
}

function table(results: PageResult[]): string {
  const rows = ['| page | conns | req/s | p50 ms | p99 ms | CPU ms/req | cold calls / rounds | warm calls / rounds | page cache |', '|---|---|---|---|---|---|---|---|---|']
  for (const r of results) {
    for (const run of r.runs) {
      rows.push(
        `| ${r.page} | ${run.connections} | ${run.requestsPerSecond} | ${run.p50Ms} | ${run.p99Ms} | ${run.cpuMsPerRequest} | ${r.cold.storeCalls} / ${r.cold.storeRounds} | ${r.warm.storeCalls} / ${r.warm.storeRounds} | ${Math.round(r.warm.pageCacheHits * 100)} % |` +
          (run.errors ? ` ${run.errors} errors` : ''),
      )
    }
  }
  return rows.join('\n')
}

function latencyTable(results: PageResult[]): string {
  const rows = ['| page | cold ms | cold calls / rounds | warm p50 ms (1 conn) | warm calls / rounds |', '|---|---|---|---|---|']
  for (const r of results) {
    rows.push(`| ${r.page} | ${r.cold.ms} | ${r.cold.storeCalls} / ${r.cold.storeRounds} | ${r.runs[0]?.p50Ms} | ${r.warm.storeCalls} / ${r.warm.storeRounds} |`)
  }
  return rows.join('\n')
}

/** The machine a benchmark ran on, as its result files record it. */
export function machineInfo() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  }
}

/** The machine in a result file's prose. */
export function describeMachine(machine: ReturnType<typeof machineInfo>): string {
  return `${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, load before the run ${machine.load}`
}

/** Writes a benchmark's result as `<name>.json` and `<name>.md` in `dir` and prints the markdown. */
export function writeResult(dir: string, name: string, result: unknown, markdown: string): void {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, name)
  writeFileSync(`${file}.json`, `${JSON.stringify(result, null, 2)}\n`)
  writeFileSync(`${file}.md`, markdown)
  console.log(markdown)
  console.log(`written: ${file}.json, ${file}.md`)
}

/** Builds the production build first when BUILD_DIR has none. */
export function ensureBuild(): void {
  if (existsSync(join(root, buildDir, 'server', 'index.js'))) return
  console.log(`${buildDir}/ is missing, building first`)
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, BUILD_DIR: buildDir } })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

async function main() {
  ensureBuild()
  const machine = machineInfo()

  const shop = await startShop('plain', {})
  let plain: PageResult[]
  let rssAfterLoadMb: number
  try {
    plain = await measure(shop, [1, 16], seconds)
    rssAfterLoadMb = rssMb(shop.pid)
  } finally {
    await shop.stop()
  }

  const slow = await startShop('latency', { DEMO_STORE_LATENCY_MS: '50' })
  let latency: PageResult[]
  try {
    latency = await measure(slow, [1], Math.min(seconds, 3))
  } finally {
    await slow.stop()
  }

  const date = new Date().toISOString().slice(0, 10)
  const result = { date, label, machine, secondsPerRun: seconds, rssAfterLoadMb, pages: plain, storeLatency50ms: latency }
  const markdown = [
    `# Benchmark ${date} (${label})`,
    '',
    `Machine: ${describeMachine(machine)}. ` +
      `The shop and the embedded demo store in one process, autocannon in another on the same machine, ${seconds} s per run, ` +
      'browser headers (brotli). CPU is the shop process (store included) per answered request.',
    '',
    table(plain),
    '',
    `RSS after the load: ${rssAfterLoadMb} MB.`,
    '',
    '## Store answering 50 ms late (DEMO_STORE_LATENCY_MS=50)',
    '',
    'A page needs about 50 ms per round of store calls. "Cold" is its first request after the start, in the order home, category, product, search, cart: what an earlier page read (navigation, languages) is already cached.',
    '',
    latencyTable(latency),
    '',
  ].join('\n')
  writeResult(outDir, `${date}-${label}`, result, markdown)
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href
if (isEntryPoint) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
