import type { LoadContext } from '~/load-context'
import { localizePath, locales, type Locale } from '~/lib/locale'
import type { Breadcrumb, SeoData } from '~/lib/shell-types'
import { getT } from '~/i18n.server'
import { readOutbox, readOutboxMail, type OutboxMail } from '../../server/demo-store/mail/outbox'
import { throwNotFound } from './errors.server'

/** The mailbox shows this many of the newest mails; older ones stay in the outbox directory. */
export const MAILBOX_LIMIT = 50

/** A personal demo page: never cached, never indexed. */
export const MAILBOX_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const

export interface MailboxEntry {
  id: string
  to: string
  subject: string
  /** ISO timestamp, for <time dateTime>. */
  date: string
  /** The date as the shop shows it (German time, the shop's locale). */
  dateText: string
}

export interface MailboxMail extends MailboxEntry {
  text: string
  /** The HTML part, ready for a sandboxed iframe's srcdoc; empty without one. */
  html: string
}

/** The outbox, or a 404 when the shop does not run the embedded demo store (or it sends over SMTP). */
function outboxDir(context: Pick<LoadContext, 'demoOutboxDir'>, request: Request): string {
  if (!context.demoOutboxDir) throwNotFound(request, MAILBOX_HEADERS)
  return context.demoOutboxDir
}

function formatDate(date: Date, locale: Locale): string {
  // A fixed zone: server and browser render the same text (no hydration mismatch), in the shop's time.
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Berlin' }).format(date)
}

function entryOf(mail: OutboxMail, locale: Locale): MailboxEntry {
  return { id: mail.id, to: mail.to, subject: mail.subject, date: mail.date.toISOString(), dateText: formatDate(mail.date, locale) }
}

/**
 * Links of the mail's HTML open in the whole window (the shop's pages refuse to be framed), and the
 * frame runs no scripts whatever the mail contains.
 */
function framedHtml(html: string): string {
  if (!html) return ''
  const base = '<base target="_top">'
  const head = /<head(\s[^>]*)?>/i
  return head.test(html) ? html.replace(head, (tag) => `${tag}${base}`) : `${base}${html}`
}

function page(
  context: Pick<LoadContext, 'publicUrl'>,
  locale: Locale,
  path: string,
  title: string,
  crumbs: Breadcrumb[],
): { seo: SeoData; breadcrumbs: Breadcrumb[] } {
  const common = getT(locale, 'common')
  const origin = context.publicUrl.replace(/\/+$/, '')
  return {
    seo: {
      title: common('meta.titleTemplate', { title }),
      description: getT(locale, 'demo')('mailbox.intro'),
      canonical: `${origin}${localizePath(locale, path)}`,
      alternates: Object.fromEntries(locales.map((l) => [l, `${origin}${localizePath(l, path)}`])),
      robots: 'noindex, nofollow',
    },
    breadcrumbs: crumbs,
  }
}

/** The newest mails of the demo store's outbox, optionally only those to a recipient (`?to=`, part of the address). */
export async function loadMailbox(context: LoadContext, request: Request, locale: Locale) {
  const dir = outboxDir(context, request)
  const to = (new URL(request.url).searchParams.get('to') ?? '').trim()
  const all = await readOutbox(dir)
  const needle = to.toLowerCase()
  const matching = needle ? all.filter((mail) => mail.to.toLowerCase().includes(needle)) : all
  const t = getT(locale, 'demo')
  const path = '/demo/mailbox'
  return {
    to,
    total: matching.length,
    mails: matching.slice(0, MAILBOX_LIMIT).map((mail) => entryOf(mail, locale)),
    ...page(context, locale, path, t('mailbox.title'), [{ name: t('mailbox.title'), href: localizePath(locale, path) }]),
  }
}

/** One mail of the outbox; 404 for an unknown id. */
export async function loadMailboxMail(context: LoadContext, request: Request, locale: Locale, id: string) {
  const dir = outboxDir(context, request)
  const mail = await readOutboxMail(dir, id)
  if (!mail) throwNotFound(request, MAILBOX_HEADERS)
  const t = getT(locale, 'demo')
  const listPath = '/demo/mailbox'
  const path = `${listPath}/${mail.id}`
  const result: MailboxMail = { ...entryOf(mail, locale), text: mail.text, html: framedHtml(mail.html) }
  return {
    mail: result,
    ...page(context, locale, path, mail.subject || t('mail.noSubject'), [
      { name: t('mailbox.title'), href: localizePath(locale, listPath) },
      { name: mail.subject || t('mail.noSubject'), href: localizePath(locale, path) },
    ]),
  }
}
