import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { consentCookieValue } from '../support/consent-cookie'

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

/**
 * A valid consent record (spec section 3) with only the necessary category: without one, every page
 * opens the blocking first-visit consent dialog. Tests of other features start as a visitor who has
 * already chosen; the consent specs start without it (`test.use({ consent: false })`).
 */
export function consentCookie(baseURL: string, categories: string[] = ['necessary']) {
  return { name: 'cc_cookie', value: consentCookieValue(categories), url: baseURL, sameSite: 'Lax' as const }
}

/**
 * A page hydrates on the shopper's first interaction (docs/decisions/019), which a test that opens a
 * page and waits for `data-ready` never makes. Contexts of the suite stand in for it as soon as the
 * page listens for it (the app's entry is imported dynamically, after the document's own events), so
 * tests meet the page hydrating once it has loaded, as before. hydration-intent.spec.ts opens
 * contexts without it.
 */
export async function interactOnLoad(context: BrowserContext) {
  await context.addInitScript(() => {
    const add = window.addEventListener
    window.addEventListener = function (this: Window, ...args: Parameters<Window['addEventListener']>) {
      add.apply(this, args)
      const [type, , options] = args
      if (type !== 'pointermove' || typeof options !== 'object' || !options.capture) return
      window.addEventListener = add
      setTimeout(() => window.dispatchEvent(new Event('pointermove')))
    } as Window['addEventListener']
  })
}

/**
 * A browser context of the shop under test in which the visitor has already made a consent choice
 * (`consent: false`: a first visit, which gets the consent dialog).
 */
export async function shopContext(
  browser: Browser,
  { consent = true, ...options }: BrowserContextOptions & { baseURL?: string; consent?: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext(options)
  await interactOnLoad(context)
  if (options.baseURL && consent) await context.addCookies([consentCookie(options.baseURL)])
  return context
}

/** The WCAG 2.2 AA rule set (and the levels it includes). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Fails on any axe violation of WCAG 2.2 AA, whatever its impact; names them in the message. */
export async function expectNoA11yViolations(page: Page) {
  // An element can be visible before the document's stylesheet has applied (after a form's submit
  // without JavaScript, say); axe would then judge the unstyled page. The load event waits for it.
  await loaded(page)
  // axe cannot run inside a frame sandboxed without scripts (it waits for it until the test times
  // out); such a frame shows foreign markup, e.g. a mail in the demo mailbox, not the shop's.
  // Legacy mode runs axe in the page itself instead of finishing each run in a new blank page,
  // which halves the time of an audit; what it leaves out, cross-origin frames, are third parties'.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
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
  { consent = true }: { consent?: boolean } = {},
) {
  const noJs = testInfo.project.use.javaScriptEnabled === false
  // A full axe run on a large page takes seconds on a busy two-core machine: each audit brings its own time.
  testInfo.setTimeout(testInfo.timeout + 30_000)
  const context = await shopContext(browser, {
    baseURL: testInfo.project.use.baseURL,
    consent,
    // The project's browser identity: a headless user agent counts as a bot and gets no consent dialog.
    userAgent: testInfo.project.use.userAgent,
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

export const test = base.extend<{ consoleErrors: string[]; consent: boolean }>({
  consent: [true, { option: true }],
  context: async ({ context, consent, baseURL }, use) => {
    await interactOnLoad(context)
    if (consent && baseURL) await context.addCookies([consentCookie(baseURL)])
    await use(context)
  },
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
      // A sandboxed mail frame (demo mailbox) refuses the script Playwright injects into every frame
      // it finds: that refusal is the sandbox working, reported whenever the frame exists in time.
      const sandboxRefusal = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/
      // A navigation superseded while its answer is still being read (a second filter change) is
      // cancelled; Remix's single fetch logs that cancellation with console.error before dropping it
      // (fetchAndDecode in @remix-run/react). The page shows the later result; it is not a failure.
      const cancelledNavigation = /^AbortError: signal is aborted without reason\n\s+at /
      // A test that stops the shop on purpose (a deploy) may catch a picture or chunk the page asks for in that gap.
      const shopStopped = testInfo.annotations.some((a) => a.type === 'stops-the-shop')
      const unexpected = errors.filter(
        (e) =>
          !/status of (400|404|408|429|500|502|503)/.test(e) &&
          !sandboxRefusal.test(e) &&
          !cancelledNavigation.test(e) &&
          !(shopStopped && e === 'Failed to load resource: net::ERR_CONNECTION_REFUSED') &&
          !testInfo.annotations.some((a) => a.type === 'allow-console-errors'),
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

/**
 * Opens a page and, with JavaScript, waits for the mounted app: input during hydration is a plain
 * form post or meets React 18's 'Root did not complete' (#345), which is not what a test looks at.
 */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  if (test.info().project.use.javaScriptEnabled !== false) await expect(page.locator('body[data-ready]')).toBeAttached()
  return response
}
