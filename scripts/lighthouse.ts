/**
 * `npm run lighthouse`: Lighthouse's mobile scores (performance, accessibility, best practices, SEO)
 * for home, a category listing, a product page and the cart with an article in it, on the production
 * build with the embedded demo store on loopback, in Debian's Chromium. Each page is measured
 * LIGHTHOUSE_RUNS times (3) after a warm-up; the run with the median performance score is kept.
 * The visitor has made a consent choice (the steady state of a shop visit); LIGHTHOUSE_FIRST_VISIT=1
 * measures first visits with the consent dialog instead. LIGHTHOUSE_BLOCK_SCRIPTS=1 blocks the shop's
 * own scripts (/assets/*.js): the pages as a shopper without JavaScript gets them, which shows how much
 * of the score the scripts cost.
 *
 * Each run also measures a reference page with the same settings: a few lines of static HTML with no
 * stylesheet or script, served from this script. It shows what the machine and Chromium cost by
 * themselves, so a score can be told apart from the machine's load. Lighthouse's benchmark index of the
 * host CPU is recorded with it: the default 4× slowdown is meant for hosts in its high-end desktop
 * range (1500–2000 and above; Lighthouse docs/throttling.md), below that it would over-throttle.
 *
 * Writes docs/benchmarks/<date>-lighthouse-<label>.json and .md. Not part of `npm test`: scores
 * of simulated throttling vary with the machine's load.
 *
 * Env: LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PORT (3480), BENCH_LABEL (local), BENCH_OUT (docs/benchmarks), BUILD_DIR (build).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { consentCookieValue } from '../tests/support/consent-cookie'
import { describeMachine, ensureBuild, machineInfo, pagesOf, startShop, writeResult } from './bench'

const root = fileURLToPath(new URL('..', import.meta.url))
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3480)
const label = (process.env.BENCH_LABEL ?? 'local').replace(/[^\w.-]+/g, '-')
const outDir = process.env.BENCH_OUT ?? join(root, 'docs', 'benchmarks')
const firstVisit = process.env.LIGHTHOUSE_FIRST_VISIT === '1'
const blockScripts = process.env.LIGHTHOUSE_BLOCK_SCRIPTS === '1'
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const
// The flags the machine's notes give for Debian's Chromium (../shared/reference/stack-notes.md).
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

interface Measured {
  page: string
  url: string
  scores: Record<(typeof categories)[number], number>
  metrics: Record<(typeof metrics)[number], string>
  /** Audits that cost points: id and Lighthouse's title. */
  failing: { id: string; title: string; score: number | null }[]
  /** Lighthouse's estimate of the host CPU in this run (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number
  /** The performance scores of all runs of the page, lowest first (on the kept median run). */
  runs?: number[]
}

/** The reference page: what any page costs on this machine before it has content, styles or scripts. */
const referencePage = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Referenz</title><link rel="icon" href="data:,"><meta name="description" content="Eine Seite ohne Stylesheet und Skript"></head><body><main><h1>Referenz</h1><p>Eine Seite ohne Stylesheet und Skript.</p></main></body></html>`

async function serveReference(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const html = request.url === '/'
    response.writeHead(html ? 200 : 404, { 'Content-Type': html ? 'text/html; charset=utf-8' : 'text/plain' })
    response.end(html ? referencePage : request.url === '/robots.txt' ? 'User-agent: *\nAllow: /\n' : '')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port: referencePort } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${referencePort}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * Puts exactly the visitor's cookies into the browser's jar before a run. A Cookie header sent with
 * Lighthouse's extra headers is replaced by whatever the jar holds for the site, and the product page's
 * last-viewed beacon stores a cookie there: every later run then went out without the consent choice
 * and the cart's session. Playwright is connected only for this and gone before Lighthouse opens its tab.
 */
async function setCookies(chromePort: number, url: string, cookies: string[]) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`)
  try {
    const jar = browser.contexts()[0]!
    await jar.clearCookies()
    const pairs = cookies.flatMap((header) => header.split(/;\s*/)).filter(Boolean)
    await jar.addCookies(pairs.map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url })))
  } finally {
    await browser.close()
  }
}

/** Lighthouse now and then fails to record a load's trace (NO_NAVSTART); such a run is made again, twice at most. */
async function measure(chromePort: number, name: string, url: string, cookies: string[], attempt = 1): Promise<Measured> {
  await setCookies(chromePort, url, cookies)
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    ...(blockScripts ? { blockedUrlPatterns: ['*/assets/*.js'] } : {}),
    // A German shopper: with headless Chromium's en-US, '/' would answer with its redirect to /en.
    extraHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' },
  })
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) {
    if (attempt < 3) {
      console.log(`${name}: run failed (${lhr.runtimeError.code}), measuring again`)
      return measure(chromePort, name, url, cookies, attempt + 1)
    }
    throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  }
  const weighted = new Set(categories.flatMap((category) => lhr.categories[category]!.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)))
  return {
    page: name,
    url,
    scores: Object.fromEntries(categories.map((category) => [category, Math.round((lhr.categories[category]!.score ?? 0) * 100)])) as Measured['scores'],
    metrics: Object.fromEntries(metrics.map((id) => [id, lhr.audits[id]?.displayValue ?? ''])) as Measured['metrics'],
    failing: Object.values(lhr.audits)
      .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score })),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  }
}

/** Measures a page `runs` times after a warm-up and keeps the run with the median performance score. */
async function measureMedian(chromePort: number, name: string, url: string, cookies: string[]): Promise<Measured> {
  await measure(chromePort, name, url, cookies)
  const measured: Measured[] = []
  for (let run = 0; run < runs; run++) measured.push(await measure(chromePort, name, url, cookies))
  measured.sort((a, b) => a.scores.performance - b.scores.performance)
  const median = measured[Math.floor(measured.length / 2)]!
  console.log(`${name}: ${categories.map((c) => `${c} ${median.scores[c]}`).join(', ')} (performance of the runs: ${measured.map((m) => m.scores.performance).join(', ')})`)
  return { ...median, runs: measured.map((m) => m.scores.performance) }
}

async function main() {
  ensureBuild()
  const shop = await startShop('lighthouse', {}, port)
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags })
  const reference = await serveReference()
  const results: Measured[] = []
  try {
    results.push(await measureMedian(chrome.port, 'reference (static, no CSS or JS)', reference.url, []))
    // Search is noindex on purpose; the product with a cart's session is the product page again.
    const pages = (await pagesOf(shop)).filter(({ page }) => page.name !== 'search' && page.name !== 'product (cart session)')
    for (const { page } of pages) {
      const cookies = [...(firstVisit ? [] : [`cc_cookie=${consentCookieValue()}`]), ...(page.headers.cookie ? [page.headers.cookie] : [])]
      results.push(await measureMedian(chrome.port, page.name, `${shop.base}${page.path}`, cookies))
    }
  } finally {
    await chrome.kill()
    await shop.stop()
    await reference.close()
  }
  const benchmarkIndexes = results.map((r) => r.benchmarkIndex).sort((a, b) => a - b)
  const benchmarkIndex = benchmarkIndexes[Math.floor(benchmarkIndexes.length / 2)]!
  const date = new Date().toISOString().slice(0, 10)
  const machine = machineInfo()
  const markdown = [
    `# Lighthouse ${date} (${label})`,
    '',
    `Machine: ${describeMachine(machine)}, Lighthouse benchmark index ${benchmarkIndex} (median of the kept runs; the default 4× slowdown is meant for 1500 and above). Lighthouse's mobile defaults (simulated slow 4G, 4× CPU slowdown), Debian's Chromium, ${runs} runs per page after a warm-up, the median by performance kept. ${firstVisit ? 'First visits: no consent record, the consent dialog is open.' : 'The visitor has made a consent choice (necessary cookies only).'}${blockScripts ? " The shop's own scripts are blocked (what a shopper without JavaScript gets)." : ''} The browser asks for German (Accept-Language de-DE). The cart holds one article (a session made through the Store API). The reference row is a static page of a heading and a paragraph without stylesheet or script, served by the script itself: what the machine and Chromium cost before a page has anything of its own.`,
    '',
    '| page | performance | performance of the runs | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | SI |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.scores.performance} | ${r.runs?.join(', ') ?? ''} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${metrics.map((m) => r.metrics[m]).join(' | ')} |`,
    ),
    '',
    '## What cost points',
    '',
    ...results.map((r) => `- ${r.page}: ${r.failing.length ? r.failing.map((f) => `${f.title} (${f.id}, ${f.score})`).join('; ') : 'nothing'}`),
    '',
  ].join('\n')
  writeResult(outDir, `${date}-lighthouse-${label}`, { date, machine, benchmarkIndex, firstVisit, blockScripts, runs, results }, markdown)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
