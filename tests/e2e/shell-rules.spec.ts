import type { Page, Route } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LANGUAGE_IDS } from '../../server/demo-store/constants'
import { stopWithProcess } from '../setup/stop-with-runner-command'
import { CONTEXT_TOKEN_COOKIE, createConfirmedCustomer, logInThroughStore } from './auth-fixtures'
import { storeCall } from './checkout-fixtures'
import { expect, loaded, t, test } from './fixtures'

// Spec sections 4, 8 and 9: the shell rules of issue 10 (new build, session expired, language switch,
// device detection, bounded prefetch on intent).

const javaScriptOn = () => test.info().project.use.javaScriptEnabled !== false

async function contextToken(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === CONTEXT_TOKEN_COOKIE)?.value
  if (!token) throw new Error('the browser has no store session')
  return token
}

function notification(page: Page, locale: 'de' | 'en' | 'fr', key: string) {
  return page.locator('.notification').filter({ hasText: t(locale, key) })
}

// ------------------------------------------------------------------------------------------------
// New build

/** A second build of the shop: the same files under another build version, as a deploy would bring. */
function makeNextBuild(buildDir: string, nextDir: string): string {
  rmSync(nextDir, { recursive: true, force: true })
  cpSync(buildDir, nextDir, { recursive: true })
  const assets = join(nextDir, 'client', 'assets')
  const manifest = readdirSync(assets).find((f) => /^manifest-[0-9a-f]+\.js$/.test(f))
  if (!manifest) throw new Error(`no client manifest in ${assets}`)
  const version = /^manifest-([0-9a-f]+)\.js$/.exec(manifest)![1]!
  const next = version.split('').reverse().join('') === version ? `${version.slice(1)}0` : version.split('').reverse().join('')
  // The server build may be split into chunks (a dynamic import makes index.js a re-export).
  const serverDir = join(nextDir, 'server')
  const serverFiles = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(serverDir, f))
  const named = [...serverFiles, join(assets, manifest)].filter((file) => readFileSync(file, 'utf8').includes(version))
  if (!named.includes(join(assets, manifest)) || named.length < 2) throw new Error(`the server build in ${serverDir} does not name build version ${version}`)
  for (const file of named) writeFileSync(file, readFileSync(file, 'utf8').replaceAll(version, next))
  renameSync(join(assets, manifest), join(assets, `manifest-${next}.js`))
  return next
}

async function startShop(port: number, buildDir: string, dataDir: string): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`
  // Beside it, in its process group, what stops it should this worker be killed before stopShop (tests/setup/stop-with-runner.mjs).
  const child = spawn('sh', ['-c', `${stopWithProcess(process.pid)}exec node server/start.js`], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-not-for-production',
      BUILD_DIR: buildDir,
    },
    stdio: 'ignore',
    detached: true,
  })
  await expect
    .poll(async () => {
      try {
        return (await fetch(`${url}/healthz`)).status
      } catch {
        return 0
      }
    }, { timeout: 60_000, intervals: [250] })
    .toBe(200)
  return child
}

async function stopShop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid, 'SIGTERM')
  await exited
}

test.describe('new build', () => {
  // Its own shop on its own port, stopped and restarted with another build in the middle.
  test.describe.configure({ mode: 'serial' })
  let shop: ChildProcess | undefined
  test.afterEach(async () => {
    await stopShop(shop)
    shop = undefined
  })

  test('after a deploy the next link click loads its target as a document, not as a client navigation @js', async ({ page }) => {
    test.setTimeout(150_000)
    test.info().annotations.push({ type: 'stops-the-shop', description: 'the deploy stops the shop for a second; a late picture of the page before may be refused then' })
    const base = Number(process.env.E2E_PORT_BASE ?? 3310)
    const port = base + 7
    const buildDir = process.env.BUILD_DIR ?? 'build'
    const nextDir = `${buildDir}-next-${process.env.E2E_RUN_ID ?? process.pid}`
    const dataDir = join(tmpdir(), `forestry-e2e-${process.env.E2E_RUN_ID ?? process.pid}`, `new-build-${test.info().project.name}`)
    rmSync(dataDir, { recursive: true, force: true })
    expect(existsSync(join(buildDir, 'server', 'index.js')), `run BUILD_DIR=${buildDir} npm run build first`).toBe(true)
    const nextVersion = makeNextBuild(buildDir, nextDir)
    const origin = `http://127.0.0.1:${port}`
    try {
      shop = await startShop(port, buildDir, dataDir)
      // The periodic check is driven by a clock the test can move on.
      await page.clock.install()
      await page.goto(`${origin}/`)
      await expect(page.locator('body[data-ready="true"]')).toBeAttached()
      const documents: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
      })
      const marker = () => page.evaluate(() => (window as unknown as { __stayed?: number }).__stayed)
      const setMarker = () => page.evaluate(() => ((window as unknown as { __stayed?: number }).__stayed = 1))
      const navLinks = page.locator('header nav a[href^="/"]:visible')
      await expect(navLinks.first()).toBeVisible()
      const [first, second] = await navLinks.evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))].slice(0, 2))
      expect(second).toBeTruthy()

      // Same build: a link is a client navigation (the page's window survives).
      await setMarker()
      await page.locator(`header nav a[href="${first}"]:visible`).first().click()
      await expect(page).toHaveURL(`${origin}${first}`)
      await expect(page.locator('h1')).toBeVisible()
      expect(await marker()).toBe(1)
      expect(documents).toEqual([])

      // The deploy: the same shop restarts with the next build.
      await stopShop(shop)
      shop = await startShop(port, nextDir, dataDir)
      const checked = page.waitForResponse((r) => new URL(r.url()).pathname === '/build-version')
      await page.clock.fastForward('05:01')
      const answer = await checked
      expect(await answer.json()).toEqual({ version: nextVersion })

      await setMarker()
      await page.locator(`header nav a[href="${second}"]:visible`).first().click()
      await expect(page).toHaveURL(`${origin}${second}`)
      await expect(page.locator('body[data-ready="true"]')).toBeAttached()
      expect(await marker()).toBeUndefined()
      expect(documents).toEqual([second])
      expect(await page.evaluate(() => (window as unknown as { __remixManifest: { version: string } }).__remixManifest.version)).toBe(nextVersion)
    } finally {
      await stopShop(shop)
      shop = undefined
      rmSync(nextDir, { recursive: true, force: true })
    }
  })
})

// ------------------------------------------------------------------------------------------------
// Prefetch on intent

test('resting on links preloads their routes, never more than 4 at once @js', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await expect(page.locator('body[data-ready="true"]')).toBeAttached()
  await loaded(page)
  let active = 0
  let most = 0
  const preloaded: string[] = []
  // Every route asset answers slowly, so preloads overlap and the queue has to hold some back.
  await page.route(/\/assets\/.*\.(js|css)$/, async (route: Route) => {
    active += 1
    most = Math.max(most, active)
    preloaded.push(new URL(route.request().url()).pathname)
    try {
      await new Promise((resolve) => setTimeout(resolve, 600))
      const response = await route.fetch()
      await route.fulfill({ response })
    } finally {
      active -= 1
    }
  })
  // The header's links lead to many different routes (account, wishlist, cart, categories, ...).
  const hrefs = await page
    .locator('header a[href^="/"]:visible')
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))].slice(0, 12))
  expect(hrefs.length).toBeGreaterThan(4)
  for (const href of hrefs) {
    await page.locator(`header a[href="${href}"]:visible`).first().hover()
    await page.waitForTimeout(120)
  }
  await expect.poll(() => preloaded.length, { timeout: 15_000 }).toBeGreaterThan(4)
  await expect.poll(() => active, { timeout: 30_000 }).toBe(0)
  expect(most).toBeLessThanOrEqual(4)
  expect(most).toBeGreaterThan(1)
  // Each asset is preloaded once, however often its links are hovered.
  expect(new Set(preloaded).size).toBe(preloaded.length)
})

// ------------------------------------------------------------------------------------------------
// Device detection

test('the listing filter panel follows the layout 50 ms after the window stops resizing @js', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/search?search=Kette')
  await expect(page.locator('body[data-ready="true"]')).toBeAttached()
  const panel = page.locator('details.listing-filter-panel')
  await expect(panel).toHaveAttribute('open', '')
  await page.setViewportSize({ width: 700, height: 900 })
  await expect(panel).not.toHaveAttribute('open', '')
  await page.setViewportSize({ width: 1200, height: 900 })
  await expect(panel).toHaveAttribute('open', '')
})

// ------------------------------------------------------------------------------------------------
// Language switch

test('switching the language also switches the store session of a logged-in shopper', async ({ page, context, baseURL }) => {
  const account = await createConfirmedCustomer(baseURL!, 'language-switch')
  await logInThroughStore(context, baseURL!, account)
  const token = await contextToken(page)
  const before = await storeCall(baseURL!, 'GET', '/context', token)
  expect((before.body.context as { languageIdChain: string[] }).languageIdChain[0]).toBe(LANGUAGE_IDS.de)

  await page.goto('/account')
  await page.locator('.language-switcher').getByRole('button', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/account$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')

  const after = await storeCall(baseURL!, 'GET', '/context', await contextToken(page))
  expect((after.body.context as { languageIdChain: string[] }).languageIdChain[0]).toBe(LANGUAGE_IDS.en)
  const localeCookie = (await context.cookies()).find((c) => c.name === 'locale')
  expect(localeCookie?.value).toBe('en')
})

test('a visitor without a store session switches the language without getting one', async ({ page, context }) => {
  await page.goto('/')
  await page.locator('.language-switcher').getByRole('button', { name: 'Français' }).click()
  await expect(page).toHaveURL(/\/fr\/?$/)
  expect((await context.cookies()).some((c) => c.name === CONTEXT_TOKEN_COOKIE)).toBe(false)
})

// ------------------------------------------------------------------------------------------------
// Session expired

/** Ends the shopper's store session behind the shop's back, as an expiry would. */
async function endStoreSession(baseURL: string, token: string) {
  await storeCall(baseURL, 'POST', '/account/logout', token, {})
}

test('a form sent after the session ended says so and leads back through the login', async ({ page, context, baseURL }) => {
  const account = await createConfirmedCustomer(baseURL!, 'session-expired')
  await logInThroughStore(context, baseURL!, account)
  await page.goto('/account/profile')
  if (javaScriptOn()) await expect(page.locator('body[data-ready="true"]')).toBeAttached()
  await endStoreSession(baseURL!, await contextToken(page))

  const form = page.locator('#profile-form')
  await form.getByRole('button', { name: t('de', 'account:profile.submit') }).click()
  // Back at the last page, which (customer-only) leads on to the login; the notice says why, once.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fprofile$/)
  await expect(notification(page, 'de', 'auth:session.expired')).toHaveCount(1)
  await expect(notification(page, 'de', 'auth:login.required')).toHaveCount(0)
})

test('a script request after the session ended reloads the page it came from @js', async ({ page, context, baseURL }) => {
  const account = await createConfirmedCustomer(baseURL!, 'session-expired-fetcher')
  await logInThroughStore(context, baseURL!, account)
  await page.goto('/account/profile')
  await expect(page.locator('body[data-ready="true"]')).toBeAttached()
  await endStoreSession(baseURL!, await contextToken(page))
  const documentLoads: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  const form = page.locator('#profile-form')
  await form.getByRole('button', { name: t('de', 'account:profile.submit') }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fprofile$/)
  await expect(notification(page, 'de', 'auth:session.expired')).toHaveCount(1)
  // The form went as a data request; its answer made the browser load the page again as a document.
  expect(documentLoads[0]).toBe('GET /account/profile')
})

test('a wishlist heart clicked after the session ended says so and does not fill a visitor list', async ({ page, context, baseURL }) => {
  const account = await createConfirmedCustomer(baseURL!, 'session-expired-heart')
  await logInThroughStore(context, baseURL!, account)
  await page.goto('/produkte/')
  if (javaScriptOn()) await expect(page.locator('form.wishlist-heart-form input[name="inPlace"]').first()).toBeAttached()
  await expect(page.locator('form.wishlist-heart-form input[name="asCustomer"]').first()).toBeAttached()
  await endStoreSession(baseURL!, await contextToken(page))
  const documentLoads: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentLoads.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })

  await page.locator('.listing-grid [data-testid="wishlist-heart"]').first().click()
  await expect(notification(page, 'de', 'auth:session.expired')).toHaveCount(1)
  await expect(page).toHaveURL(/\/produkte\/$/)
  // With JS the heart's data request reloaded the page as a document; without JS the form post returned to it.
  expect(documentLoads).toEqual(javaScriptOn() ? ['GET /produkte/'] : ['POST /wishlist', 'GET /produkte/'])
  // The page now shows the anonymous shopper, and nothing went onto a visitor's cookie list.
  await expect(page.locator('form.wishlist-heart-form input[name="asCustomer"]')).toHaveCount(0)
  expect((await context.cookies()).some((c) => c.name === 'wishlist')).toBe(false)
})
