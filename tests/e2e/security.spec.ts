import { createHash } from 'node:crypto'
import { expect, expectNoA11yViolations, locales, prefix, t, test, type Locale } from './fixtures'

// FS-10001, a winch in stock (server/demo-store/ids.ts: md5('forst-demo:product:FS-10001')).
const productId = '7500379cfa8d405f6ddc1d15032ef246'
const foreignSite = 'http://evil.example'

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;')

/** A page on another site whose form posts to the shop, as a cross-site request forgery would. */
async function openForeignForm(page: import('@playwright/test').Page, action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('')
  await page.route(`${foreignSite}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Prize</title><form method="post" action="${action}">${inputs}<button>Win</button></form></html>`,
    }),
  )
  await page.goto(`${foreignSite}/`)
}

for (const locale of locales) {
  test(`a form posted from another site gets the translated 403 page and adds nothing to a cart (${locale})`, async ({ page, context, baseURL }) => {
    test.info().annotations.push({ type: 'allow-console-errors', description: 'the document answers 403' })
    await openForeignForm(page, `${baseURL}${prefix(locale)}/detail/${productId}`, { intent: 'add-to-cart', productId, quantity: '1' })
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button').click()])
    expect(response.status()).toBe(403)
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale as Locale, 'errors:messages.403'))
    expect((await context.cookies(baseURL)).map((c) => c.name)).not.toContain('sw-context-token')
    if (locale === 'en' && test.info().project.name === 'js') await expectNoA11yViolations(page)
  })
}

test.describe('a visitor without a consent record', () => {
  test.use({ consent: false })
  test('consent posted from another site is refused and records nothing', async ({ page, context, baseURL }) => {
    test.info().annotations.push({ type: 'allow-console-errors', description: 'the document answers 403' })
    await openForeignForm(page, `${baseURL}/consent`, { intent: 'accept-all', redirectTo: '/' })
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button').click()])
    expect(response.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('de', 'errors:messages.403'))
    expect((await context.cookies(baseURL)).map((c) => c.name)).not.toContain('cc_cookie')
  })
})

test('legacy data requests and single-fetch actions from another origin are refused before any action', async ({ request }) => {
  for (const path of [`/detail/${productId}?_data=routes%2Fcontent`, `/detail/${productId}.data`, '/consent?_data=routes%2Fconsent']) {
    const response = await request.post(path, {
      headers: { origin: foreignSite },
      form: { intent: 'add-to-cart', productId, quantity: '1' },
      maxRedirects: 0,
    })
    expect(response.status(), path).toBe(403)
    expect(response.headers()['set-cookie'], path).toBeUndefined()
    expect(response.headers()['x-remix-status'], path).toBeUndefined()
  }
})

test('bad bodies and methods get 400, 405 or 415, never 500', async ({ request, baseURL }) => {
  const own = { origin: baseURL! }
  const json = await request.post('/consent', { headers: { ...own, 'content-type': 'application/json' }, data: '{"intent":"all"}' })
  expect(json.status()).toBe(415)
  const text = await request.post('/en/', { headers: { ...own, 'content-type': 'text/plain' }, data: 'intent=all' })
  expect(text.status()).toBe(415)
  expect(await text.text()).toContain(t('en', 'errors:messages.415'))
  const multipart = await request.post('/en/', {
    headers: { ...own, 'content-type': 'multipart/form-data; boundary=xx' },
    data: '--xx\r\nbroken',
  })
  expect(multipart.status()).toBe(400)
  expect((await request.fetch('/', { method: 'PUT' })).status()).toBe(405)
  // A form no page of the shop sends: the error page says so in the page's language.
  const noSuchAction = await request.post(`/fr/detail/${productId}`, { headers: own, form: { intent: 'review' } })
  expect(noSuchAction.status()).toBe(405)
  expect(await noSuchAction.text()).toContain(escapeHtml(t('fr', 'errors:messages.405')))
  const noSuchForm = await request.post('/en/checkout', { headers: own, form: { intent: 'nothing' } })
  expect(noSuchForm.status()).toBe(400)
  expect(await noSuchForm.text()).toContain(escapeHtml(t('en', 'errors:messages.400')))
  const nonLatin = await request.post('/consent', { headers: own, form: { intent: 'accept-all', redirectTo: '/☃' }, maxRedirects: 0 })
  expect(nonLatin.status()).toBe(303)
  expect(nonLatin.headers().location).toBe('/%E2%98%83')
})

test('a GET to the language switch changes nothing; the switch itself is a POST form', async ({ request }) => {
  const response = await request.get('/change-language/fr?redirectTo=/fr/', { maxRedirects: 0 })
  expect(response.status()).toBe(303)
  expect(response.headers().location).toBe('/fr/')
  expect(response.headers()['set-cookie']).toBeUndefined()
})

test('an anonymous category page allows its inline scripts by hash, carries no nonce, and is the same for everyone', async ({ request }) => {
  const pages = await Promise.all([request.get('/produkte/seilwinden/'), request.get('/produkte/seilwinden/')])
  const policies = pages.map((p) => p.headers()['content-security-policy'])
  for (const response of pages) expect(response.headers()['cache-control']).toMatch(/\bpublic\b/)
  expect(policies[0]).toBe(policies[1])
  expect(policies[0]).not.toContain("'nonce-")
  const html = await pages[0].text()
  expect(html).not.toMatch(/\snonce="/)
  // Data blocks (JSON-LD, the page's namespaces) never run, so the policy need not name them.
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  expect(inline.length).toBeGreaterThan(0)
  for (const script of inline) {
    expect(policies[0]).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  }
})

test('a personal page keeps a fresh nonce per response', async ({ request }) => {
  const [first, second] = await Promise.all(
    [0, 1].map(() => request.get('/produkte/seilwinden/', { headers: { cookie: 'flash=x' } })),
  )
  for (const response of [first, second]) expect(response.headers()['cache-control']).toBe('private, no-store')
  const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1]
  const nonce = nonceOf(first.headers()['content-security-policy'])
  expect(nonce).toBeTruthy()
  expect(await first.text()).toContain(`nonce="${nonce}"`)
  expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce)
})
