import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type Page, type TestInfo } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export { expect }
export type Locale = 'de' | 'en' | 'fr'
export const locales: Locale[] = ['de', 'en', 'fr']
export const prefix = (locale: Locale) => (locale === 'de' ? '' : `/${locale}`)

const cache = new Map<string, Record<string, unknown>>()

/** The shop's own translation for a key, so tests check that the right text shows without copying it. */
export function t(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? key.split(':') : ['common', key]
  const file = join(process.cwd(), 'locales', locale, `${ns}.json`)
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')))
  let node: unknown = cache.get(file)
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  if (typeof node !== 'string') throw new Error(`missing translation ${locale}:${key}`)
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`))
}

/** The WCAG 2.2 AA rule set (and the levels it includes). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Fails on any axe violation of WCAG 2.2 AA, whatever its impact; names them in the message. */
export async function expectNoA11yViolations(page: Page) {
  // axe cannot run inside a frame sandboxed without scripts (it waits for it until the test times
  // out); such a frame shows foreign markup, e.g. a mail in the demo mailbox, not the shop's.
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .analyze()
  expect(
    results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    'axe violations (WCAG 2.2 AA)',
  ).toEqual([])
}

/**
 * axe runs as a script in the page, which a JS-disabled page cannot do. For the no-JS project the
 * same URL is audited in a context that runs scripts but blocks the shop's own, so axe sees exactly
 * the server-rendered page a shopper without JavaScript gets.
 */
export async function auditUrl(
  browser: Browser,
  testInfo: TestInfo,
  url: string,
  expectedStatus = 200,
  viewport = { width: 1280, height: 900 },
) {
  const noJs = testInfo.project.use.javaScriptEnabled === false
  // A full axe run on a large page takes seconds on a busy two-core machine: each audit brings its own time.
  testInfo.setTimeout(testInfo.timeout + 30_000)
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'de-DE',
    javaScriptEnabled: true,
    viewport,
  })
  try {
    const page = await context.newPage()
    if (noJs) await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    const response = await page.goto(url)
    expect(response?.status()).toBe(expectedStatus)
    await expectNoA11yViolations(page)
  } finally {
    await context.close()
  }
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // With JavaScript on, an unexpected console error (hydration mismatch, CSP refusal) fails the test.
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
      // The browser reports every non-2xx document or fetch; those statuses are answers a page is
      // designed to give (a refused form is 400, a throttled login 429), not script failures.
      const unexpected = errors.filter(
        (e) => !/status of (400|404|408|429|500|502|503)/.test(e) && !testInfo.annotations.some((a) => a.type === 'allow-console-errors'),
      )
      expect(unexpected, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * Pages stream: a one-off read of the DOM (evaluateAll) can run while the rest of the document is
 * still arriving. Reads that are not auto-retrying assertions wait for the whole document first.
 */
export async function loaded(page: Page): Promise<Page> {
  await page.waitForLoadState('load')
  return page
}
