/**
 * `npm run bench:store`: the embedded demo store alone, at catalogue scale. Seeds (once) a store with a
 * generated catalogue of BENCH_STORE_PRODUCTS products (`npm run demo -- seed --products N`), starts it
 * standalone on 127.0.0.1, warms it, and measures the Store API's listing and search with the bodies the
 * storefront sends (limit 24, the card includes, the tag aggregation, SEO URLs): sequential requests
 * (1 connection) and concurrent ones (BENCH_CONNECTIONS), p50/p95/p99 from every response time; likewise the
 * product page's reads (the SEO URL look-ups of its path and of its other languages, which filter the whole
 * catalogue, and the detail read with its layout and variant family), and the product finder's read (a page
 * of parents with its custom-field aggregations). Two passes:
 * as the store runs (repeated requests are answered from its listing answer cache), and with that cache off
 * (every request filtered, sorted and serialized again).
 * Writes docs/benchmarks/<date>-demo-store-<scale>.json and .md.
 *
 * Env: BENCH_STORE_PRODUCTS (50000; 320 or less = the normal seed), BENCH_STORE_DATA (./data/bench-store-<N>,
 * git-ignored), BENCH_STORE_PORT (3810), BENCH_SECONDS (5 per run), BENCH_CONNECTIONS (8), BENCH_LABEL
 * (demo-store-50k), BENCH_OUT (docs/benchmarks), BENCH_TARGET_P95_MS (50).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { DEMO_ACCESS_KEY, LANGUAGE_IDS } from '../server/demo-store/constants'
import { sid } from '../server/demo-store/ids'
import { finderCriteria } from '../app/store/finder-criteria.server'
import { productDetailBody } from '../app/store/product-criteria.server'
import { listingIncludes } from '../app/store/listing.server'
import { cpuTicks, describeMachine, machineInfo, rssMb, writeResult } from './bench'

const root = fileURLToPath(new URL('..', import.meta.url))
const products = Number(process.env.BENCH_STORE_PRODUCTS ?? 50_000)
const scale = products >= 1000 ? `${Math.round(products / 1000)}k` : String(products)
const dataDir = resolve(root, process.env.BENCH_STORE_DATA ?? join('data', `bench-store-${products}`))
const port = Number(process.env.BENCH_STORE_PORT ?? 3810)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8)
const label = (process.env.BENCH_LABEL ?? `demo-store-${scale}`).replace(/[^\w.-]+/g, '-')
const outDir = process.env.BENCH_OUT ?? join(root, 'docs', 'benchmarks')
const targetP95 = Number(process.env.BENCH_TARGET_P95_MS ?? 50)
const CLOCK_TICKS_PER_SECOND = 100

/** What the storefront sends for a listing page (app/store/listing.server.ts, app/lib/listing-url.ts). */
const aggregations = [{ name: 'tags', type: 'entity', field: 'tagIds', definition: 'tag' }]
const storefrontBody = (extra: Record<string, unknown>) => ({ limit: 24, includes: listingIncludes, aggregations, ...extra })

interface Scenario {
  kind: 'listing' | 'search' | 'product' | 'finder'
  name: string
  path: string
  body: Record<string, unknown>
  languageId?: string
}

const BIG_CATEGORY = sid('category:produkte')
const seoUrlIncludes = { seo_url: ['seoPathInfo', 'isCanonical', 'routeName', 'foreignKey', 'languageId'] }
const scenarios: Scenario[] = [
  { kind: 'listing', name: 'Produkte p1 (name-asc)', path: `/product-listing/${BIG_CATEGORY}`, body: storefrontBody({ p: 1 }) },
  { kind: 'listing', name: 'Produkte p2 price-asc', path: `/product-listing/${BIG_CATEGORY}`, body: storefrontBody({ p: 2, order: 'price-asc' }) },
  {
    kind: 'listing', name: 'Produkte p1 topseller, manufacturer + property filter', path: `/product-listing/${BIG_CATEGORY}`,
    // With a filter the storefront narrows the facets (listingCriteria): reduce-aggregations.
    body: storefrontBody({ p: 1, order: 'topseller', manufacturer: `${sid('manufacturer:kettwerk')}|${sid('manufacturer:tannex')}`, properties: sid('option:material:steel'), 'reduce-aggregations': true }),
  },
  { kind: 'listing', name: 'Produkte p1 (en, price-desc)', path: `/product-listing/${BIG_CATEGORY}`, body: storefrontBody({ p: 1, order: 'price-desc' }), languageId: LANGUAGE_IDS.en },
  { kind: 'search', name: 'search "kette" p1', path: '/search', body: storefrontBody({ p: 1, search: 'kette' }) },
  { kind: 'search', name: 'search "kette" p2 price-asc', path: '/search', body: storefrontBody({ p: 2, search: 'kette', order: 'price-asc' }) },
  { kind: 'search', name: 'search "hydraulik schlauch" p1', path: '/search', body: storefrontBody({ p: 1, search: 'hydraulik schlauch' }) },
  { kind: 'search', name: 'search "winch" p1 (en)', path: '/search', body: storefrontBody({ p: 1, search: 'winch' }), languageId: LANGUAGE_IDS.en },
  // A product page's SEO URL reads, with the bodies of app/store/content.server.ts (copied: it loads the translations through Vite).
  {
    kind: 'product', name: 'product page: SEO URL of its path', path: '/seo-url', body: {
      filter: [{ type: 'multi', operator: 'or', queries: [eq('seoPathInfo', 'forstseilwinde-fsw-35/FS-10001'), eq('seoPathInfo', 'forstseilwinde-fsw-35/FS-10001/')] }, eq('languageId', LANGUAGE_IDS.de)],
      limit: 10, includes: seoUrlIncludes,
    },
  },
  {
    kind: 'product', name: 'product page: its SEO URL in English', path: '/seo-url', languageId: LANGUAGE_IDS.en, body: {
      filter: [eq('foreignKey', sid('product:FS-10001')), eq('routeName', 'frontend.detail.page'), eq('isCanonical', true), eq('languageId', LANGUAGE_IDS.en)],
      limit: 1, includes: seoUrlIncludes,
    },
  },
  // The detail read (product-criteria.server.ts): its layout with reviews and cross-selling, and the family of FS-20001's 12 variants.
  { kind: 'product', name: 'product page: detail with layout and family', path: `/product/${sid('product:FS-20001')}`, body: productDetailBody },
  // The spare parts finder (app/store/finder.server.ts): one page of parents with the eleven custom-field aggregations.
  { kind: 'finder', name: 'finder: no choice', path: '/product', body: finderCriteria([], 1) },
  { kind: 'finder', name: 'finder: Waldkraft, Rückewagen, p2', path: '/product', body: finderCriteria(['Waldkraft', 'Rückewagen'], 2) },
  { kind: 'finder', name: 'finder: crane Nordholz K 86 (en)', path: '/product', body: finderCriteria([undefined, undefined, 'Nordholz', 'Nordholz K 86'], 1), languageId: LANGUAGE_IDS.en },
]

function eq(field: string, value: string | boolean) {
  return { type: 'equals', field, value }
}

function headersOf(s: Scenario): Record<string, string> {
  return {
    'sw-access-key': DEMO_ACCESS_KEY,
    'content-type': 'application/json',
    accept: 'application/json',
    'sw-include-seo-urls': 'true',
    ...(s.languageId ? { 'sw-language-id': s.languageId } : {}),
  }
}

function ensureSeed(): void {
  const marker = join(dataDir, 'demo-store.sqlite')
  console.log(`bench:store: ${existsSync(marker) ? 'checking' : 'seeding'} ${products} products in ${dataDir}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', 'seed', '--products', String(products), '--data-dir', dataDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEMO_STORE_SEED_TEMPLATE: '' },
  })
  if (run.status !== 0) throw new Error(`seeding failed (${run.status})`)
}

interface Store {
  base: string
  pid: number
  readyMs: number
  stop(): Promise<void>
}

async function startStore(env: Record<string, string>): Promise<Store> {
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/demo-store/standalone.ts'], {
    cwd: root,
    env: { ...process.env, DEMO_PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}/store-api`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`)
    const ok = await fetch(`${base}/context`, { headers: { 'sw-access-key': DEMO_ACCESS_KEY } }).then((r) => r.ok, () => false)
    if (ok) break
    if (performance.now() - started > 180_000) throw new Error('the store did not answer within 180 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    base,
    pid: child.pid!,
    readyMs: Math.round(performance.now() - started),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

async function once(store: Store, s: Scenario): Promise<{ ms: number; total: number; elements: number }> {
  const started = performance.now()
  const response = await fetch(`${store.base}${s.path}`, { method: 'POST', headers: headersOf(s), body: JSON.stringify(s.body) })
  const json = (await response.json()) as { total?: number; elements?: unknown[] }
  const ms = Math.round((performance.now() - started) * 10) / 10
  if (!response.ok) throw new Error(`${s.name}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`)
  return { ms, total: json.total ?? 0, elements: json.elements?.length ?? 0 }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return Math.round(sorted[index]! * 10) / 10
}

interface Run {
  connections: number
  requests: number
  requestsPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  cpuMsPerRequest: number
  errors: number
}

async function load(store: Store, s: Scenario, conns: number): Promise<Run> {
  const times: number[] = []
  const before = cpuTicks(store.pid)
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      { url: `${store.base}${s.path}`, method: 'POST', headers: headersOf(s), body: JSON.stringify(s.body), connections: conns, duration: seconds },
      (error, finished) => (error ? fail(error) : done(finished)),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
  const ticks = cpuTicks(store.pid) - before
  times.sort((a, b) => a - b)
  return {
    connections: conns,
    requests: times.length,
    requestsPerSecond: Math.round(times.length / seconds),
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    maxMs: percentile(times, 100),
    cpuMsPerRequest: Math.round(((ticks * 1000) / CLOCK_TICKS_PER_SECOND / (times.length || 1)) * 10) / 10,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

interface ScenarioResult {
  kind: Scenario['kind']
  name: string
  total: number
  elements: number
  firstMs: number
  runs: Run[]
}

interface Pass {
  /** Whether repeated requests were answered from the store's listing answer cache. */
  answerCache: boolean
  readyMs: number
  rssAfterStartMb: number
  rssAfterLoadMb: number
  summary: {
    listingP95SequentialMs: number
    searchP95SequentialMs: number
    productP95SequentialMs: number
    finderP95SequentialMs: number
    listingP95ConcurrentMs: number
    searchP95ConcurrentMs: number
    productP95ConcurrentMs: number
    finderP95ConcurrentMs: number
  }
  scenarios: ScenarioResult[]
}

async function measurePass(answerCache: boolean): Promise<Pass> {
  // Without the answer cache every request filters, sorts and serializes: the store's cost for requests it has not seen.
  const store = await startStore(answerCache ? {} : { DEMO_STORE_LISTING_CACHE_CHARS: '0' })
  const results: ScenarioResult[] = []
  let rssAfterStartMb = 0
  let rssAfterLoadMb = 0
  try {
    rssAfterStartMb = rssMb(store.pid)
    // The first request of each scenario shows what building the caches costs; then a short warm-up.
    const firsts = new Map<Scenario, Awaited<ReturnType<typeof once>>>()
    for (const s of scenarios) firsts.set(s, await once(store, s))
    for (const s of scenarios) for (let i = 0; i < 10; i++) await once(store, s)
    for (const s of scenarios) {
      const first = firsts.get(s)!
      const runs = [await load(store, s, 1), await load(store, s, connections)]
      results.push({ kind: s.kind, name: s.name, total: first.total, elements: first.elements, firstMs: first.ms, runs })
      console.log(`${answerCache ? 'cached' : 'uncached'} ${s.name}: total ${first.total}, first ${first.ms} ms; ` + runs.map((r) => `${r.connections} conn p50 ${r.p50Ms} p95 ${r.p95Ms} p99 ${r.p99Ms} ms`).join('; '))
    }
    rssAfterLoadMb = rssMb(store.pid)
  } finally {
    await store.stop()
  }
  const worst = (kind: Scenario['kind'], conns: number) =>
    Math.max(...results.filter((r) => r.kind === kind).map((r) => r.runs.find((run) => run.connections === conns)?.p95Ms ?? 0))
  const summary = {
    listingP95SequentialMs: worst('listing', 1),
    searchP95SequentialMs: worst('search', 1),
    productP95SequentialMs: worst('product', 1),
    finderP95SequentialMs: worst('finder', 1),
    listingP95ConcurrentMs: worst('listing', connections),
    searchP95ConcurrentMs: worst('search', connections),
    productP95ConcurrentMs: worst('product', connections),
    finderP95ConcurrentMs: worst('finder', connections),
  }
  return { answerCache, readyMs: store.readyMs, rssAfterStartMb, rssAfterLoadMb, summary, scenarios: results }
}

async function main() {
  ensureSeed()
  const machine = machineInfo()
  const passes = [await measurePass(true), await measurePass(false)]
  const date = new Date().toISOString().slice(0, 10)
  const result = { date, label, products, machine, secondsPerRun: seconds, connections, targetP95Ms: targetP95, passes }
  const verdict = (ms: number) => (ms < targetP95 ? `${ms} ms (target < ${targetP95} ms: met)` : `${ms} ms (target < ${targetP95} ms: **missed**)`)
  const section = (pass: Pass) => {
    const rows = ['| request | hits | conns | req/s | p50 ms | p95 ms | p99 ms | max ms | CPU ms/req | first ms |', '|---|---|---|---|---|---|---|---|---|---|']
    for (const r of pass.scenarios) {
      for (const run of r.runs) {
        rows.push(`| ${r.name} | ${r.total} | ${run.connections} | ${run.requestsPerSecond} | ${run.p50Ms} | ${run.p95Ms} | ${run.p99Ms} | ${run.maxMs} | ${run.cpuMsPerRequest} | ${r.firstMs} |` + (run.errors ? ` ${run.errors} errors` : ''))
      }
    }
    const { summary } = pass
    return [
      pass.answerCache
        ? '## Repeated requests (the listing answer cache on, as the store runs)'
        : '## Every request computed (`DEMO_STORE_LISTING_CACHE_CHARS=0`: what a request the store has not answered before costs)',
      '',
      `Worst p95, sequential: listing ${verdict(summary.listingP95SequentialMs)}, search ${verdict(summary.searchP95SequentialMs)}, product page reads ${verdict(summary.productP95SequentialMs)}, product finder ${verdict(summary.finderP95SequentialMs)}.`,
      `Worst p95, ${connections} connections: listing ${verdict(summary.listingP95ConcurrentMs)}, search ${verdict(summary.searchP95ConcurrentMs)}, product page reads ${verdict(summary.productP95ConcurrentMs)}, product finder ${verdict(summary.finderP95ConcurrentMs)} (queueing on one Node thread included).`,
      '',
      rows.join('\n'),
      '',
      `Ready after ${pass.readyMs} ms; RSS after the start ${pass.rssAfterStartMb} MB, after the load ${pass.rssAfterLoadMb} MB.`,
      '',
    ]
  }
  const markdown = [
    `# Demo store benchmark ${date} (${label})`,
    '',
    `Machine: ${describeMachine(machine)}. ` +
      `The demo store alone (\`server/demo-store/standalone.ts\`, ${products} products), autocannon in the benchmark process on the same machine, ` +
      `${seconds} s per run, sequential (1 connection) and concurrent (${connections} connections). Bodies as the storefront sends them: ` +
      'limit 24, card includes, the tag aggregation, `sw-include-seo-urls`. Percentiles from every response time; CPU is the store process per request; ' +
      '"first" is the scenario\'s first request after the start (the first one of all builds the catalogue caches).',
    '',
    ...passes.flatMap(section),
  ].join('\n')
  writeResult(outDir, `${date}-${label}`, result, markdown)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
