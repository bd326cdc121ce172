import type { APIRequestContext, Page } from '@playwright/test'
import { expect, prefix, t, type Locale } from './fixtures'

let counter = 0
/** An address no other test uses (per project, worker and test), so mails and rate limits do not collide. */
export function uniqueEmail(tag: string): string {
  counter += 1
  return `h4-${tag}-${process.pid}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export interface ListedMail {
  subject: string
  to: string
  path: string
}

function decode(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim()
}

/** The demo mailbox's list for a recipient (newest first), read as a shopper's browser would get it. */
export async function mailboxFor(request: APIRequestContext, to: string): Promise<ListedMail[]> {
  const html = await (await request.get(`/demo/mailbox?${new URLSearchParams({ to })}`)).text()
  const rows = html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []
  const result: ListedMail[] = []
  for (const row of rows) {
    const link = /<a[^>]*href="(\/demo\/mailbox\/[^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(row)
    const cells = [...row.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => decode(m[1]!))
    if (link) result.push({ path: link[1]!, subject: decode(link[2]!), to: cells[1] ?? '' })
  }
  return result
}

/** Waits until a mail to `to` whose subject contains `subject` is in the mailbox; returns its text page HTML. */
export async function waitForMail(request: APIRequestContext, to: string, subject: string | RegExp, contains?: string): Promise<string> {
  let found = ''
  await expect(async () => {
    const mails = (await mailboxFor(request, to)).filter((m) => (typeof subject === 'string' ? m.subject.includes(subject) : subject.test(m.subject)))
    expect(mails.length).toBeGreaterThan(0)
    for (const mail of mails) {
      const page = await (await request.get(mail.path)).text()
      if (!contains || page.includes(contains)) {
        found = page
        return
      }
    }
    throw new Error(`no mail to ${to} with ${String(subject)} containing ${contains}`)
  }).toPass({ timeout: 15_000 })
  return found
}

/** A link of a mail's text (as the mailbox shows it) whose address contains `part`. */
export function linkIn(mailHtml: string, part: string): string {
  const href = [...mailHtml.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).find((h) => h.includes(part))
  if (!href) throw new Error(`no link with ${part} in the mail`)
  return href
}

/** A field's label as shown: its text, then the required marker (a star hidden from screen readers). */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`)
}

/** With JavaScript, waits for hydration so forms are enhanced before the test uses them. */
export async function ready(page: Page, js: boolean): Promise<void> {
  if (js) await expect(page.locator('body[data-ready]')).toBeAttached()
}

/** The rate-limit message, whatever the number of seconds (singular or plural); the number is its first group. */
export function throttledText(locale: Locale): RegExp {
  const form = (plural: 'one' | 'other') =>
    t(locale, `auth:login.throttled_${plural}`, { count: 'SECONDS' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('SECONDS', '(\\d+)')
  return new RegExp(`${form('other')}|${form('one').replace('(\\d+)', '(1)')}`)
}

export { prefix }
