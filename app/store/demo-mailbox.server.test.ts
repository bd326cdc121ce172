import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LoadContext } from '~/load-context'
import { LANGUAGE_IDS } from '../../server/demo-store/constants'
import { createMailer } from '../../server/demo-store/mail/index'
import { MAILBOX_LIMIT, loadMailbox, loadMailboxMail } from './demo-mailbox.server'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-mailbox-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const context = (demoOutboxDir?: string) => ({ publicUrl: 'http://127.0.0.1:3000', ...(demoOutboxDir ? { demoOutboxDir } : {}) }) as LoadContext
const request = (path: string) => new Request(`http://127.0.0.1:3000${path}`)

async function thrownStatus(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise
  } catch (err) {
    return (err as { init?: { status?: number } }).init?.status
  }
  return undefined
}

describe('demo mailbox loaders', () => {
  it('answer 404 when the shop has no outbox (a real Shopware, or mails over SMTP)', async () => {
    expect(await thrownStatus(loadMailbox(context(), request('/demo/mailbox'), 'de'))).toBe(404)
    expect(await thrownStatus(loadMailboxMail(context(), request('/demo/mailbox/x'), 'de', '20990101T000000000Z-0001-00000000'))).toBe(404)
  })

  it('list the newest mails first, filter by part of the recipient, and are never indexed', async () => {
    const mailer = createMailer({ outboxDir: dir })
    for (const to of ['erika@example.com', 'max@example.org', 'erika.b@example.org']) {
      await mailer.send({ kind: 'reseller-approved', to, name: 'E M', languageId: LANGUAGE_IDS.de, url: 'http://127.0.0.1:3000/' })
    }
    const all = await loadMailbox(context(dir), request('/en/demo/mailbox'), 'en')
    expect(all.mails.map((mail) => mail.to)).toEqual(['erika.b@example.org', 'max@example.org', 'erika@example.com'])
    expect(all.seo.robots).toBe('noindex, nofollow')
    expect(all.seo.canonical).toBe('http://127.0.0.1:3000/en/demo/mailbox')

    const filtered = await loadMailbox(context(dir), request('/demo/mailbox?to=%20ERIKA%20'), 'de')
    expect(filtered.to).toBe('ERIKA')
    expect(filtered.mails.map((mail) => mail.to)).toEqual(['erika.b@example.org', 'erika@example.com'])
    expect(filtered.total).toBe(2)
  })

  it(`show at most ${MAILBOX_LIMIT} mails and count them all`, async () => {
    const mailer = createMailer({ outboxDir: dir })
    await Promise.all(
      Array.from({ length: MAILBOX_LIMIT + 2 }, (_, i) =>
        mailer.send({ kind: 'reseller-approved', to: `c${i}@example.com`, name: 'C', languageId: LANGUAGE_IDS.de, url: 'http://127.0.0.1:3000/' }),
      ),
    )
    const mailbox = await loadMailbox(context(dir), request('/demo/mailbox'), 'de')
    expect(mailbox.mails).toHaveLength(MAILBOX_LIMIT)
    expect(mailbox.total).toBe(MAILBOX_LIMIT + 2)
  })

  it('show one mail with its links opening in the whole window, and 404 for unknown ids', async () => {
    await createMailer({ outboxDir: dir }).send({ kind: 'password-recovery', to: 'a@example.com', name: 'A B', languageId: LANGUAGE_IDS.fr, url: 'http://127.0.0.1:3000/fr/reset-password?hash=abc' })
    const [entry] = (await loadMailbox(context(dir), request('/fr/demo/mailbox'), 'fr')).mails
    const { mail, breadcrumbs } = await loadMailboxMail(context(dir), request(`/fr/demo/mailbox/${entry?.id}`), 'fr', entry?.id ?? '')
    expect(mail.text).toContain('http://127.0.0.1:3000/fr/reset-password?hash=abc')
    expect(mail.html).toMatch(/<head><base target="_top">/)
    expect(breadcrumbs.map((crumb) => crumb.href)).toEqual(['/fr/demo/mailbox', `/fr/demo/mailbox/${entry?.id}`])
    expect(await thrownStatus(loadMailboxMail(context(dir), request('/demo/mailbox/x'), 'de', '../../etc/passwd'))).toBe(404)
  })
})
