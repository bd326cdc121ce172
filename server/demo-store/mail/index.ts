import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { LANGUAGE_IDS, LANGUAGE_KEYS, type LanguageKey } from '../constants'
import type { DemoLogger } from '../router'
import { orderSection, type OrderMailData } from './order-mail'
import { MAIL_TEXTS, SENDER, SIGNATURE } from './texts'

export type MailKind =
  | 'registration-confirm' | 'password-recovery' | 'reseller-approved' | 'order-confirmation'
  | 'contact-form' | 'contact-form-copy' | 'newsletter-double-opt-in' | 'newsletter-welcome' | 'price-request' | 'price-request-copy'

/** A labelled value of a form mail (contact form, price request); multi-line values keep their lines. */
export interface MailDetail {
  label: string
  value: string
}

export interface MailRequest {
  kind: MailKind
  /** Recipient address. */
  to: string
  /** "First Last" for the greeting. */
  name: string
  /** Store language id (LANGUAGE_IDS.*); unknown ids fall back to German. */
  languageId: string
  /** The link: confirm / recovery / shop home for the approval. */
  url?: string
  /** For 'order-confirmation': the order in the order's language (lines, totals, methods, addresses). */
  order?: OrderMailData
  /** Values for `{key}` placeholders in the subject (e.g. the contact form's subject, a product number). */
  subjectValues?: Record<string, string>
  /** The submitted form, after the body paragraphs (labels already in the mail's language). */
  details?: MailDetail[]
  /** Further links after the footer, e.g. the newsletter's unsubscribe link. */
  secondaryLinks?: Array<{ label: string; url: string }>
  /** Reply-To (the shop's copy of a contact form answers the sender). */
  replyTo?: string
}

export interface Mailer {
  /** Never throws; failures are logged without addresses. */
  send(mail: MailRequest): Promise<void>
}

export interface ComposedMail {
  language: LanguageKey
  subject: string
  text: string
  html: string
}

export function languageKeyOf(languageId: string): LanguageKey {
  return LANGUAGE_KEYS.find((key) => LANGUAGE_IDS[key] === languageId) ?? 'de'
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}

/** Subject, text and HTML part of a mail in the recipient's language. */
export function composeMail(mail: MailRequest): ComposedMail {
  const language = languageKeyOf(mail.languageId)
  const t = MAIL_TEXTS[language][mail.kind]
  let subject = t.subject.replace('{orderNumber}', mail.order?.orderNumber ?? '')
  for (const [key, value] of Object.entries(mail.subjectValues ?? {})) subject = subject.replaceAll(`{${key}}`, value.replace(/[\r\n]+/g, ' ').trim())
  const details = mail.details ?? []
  const secondaryLinks = mail.secondaryLinks ?? []
  // French puts a no-break space before the colon.
  const colon = language === 'fr' ? '\u00a0:' : ':'
  // Without a name (a newsletter subscription may have none) the greeting goes without it: "Hallo,".
  const greeting = mail.name.trim() === '' ? t.greeting.replace(/\s*\{name\}/, '') : t.greeting.replace('{name}', mail.name.trim())
  const url = mail.url
  const order = mail.order ? orderSection(language, mail.order) : undefined
  const text = [
    greeting,
    '',
    ...t.body,
    ...(order ? ['', ...order.text] : []),
    ...(details.length > 0 ? ['', ...details.flatMap((d) => (d.value.includes('\n') ? [`${d.label}${colon}`, ...d.value.split(/\r?\n/)] : [`${d.label}${colon} ${d.value}`]))] : []),
    ...(url ? ['', `${t.action}:`, url] : []),
    '',
    ...t.footer,
    ...secondaryLinks.flatMap((l) => ['', `${l.label}${colon}`, l.url]),
    '',
    SIGNATURE[language],
    '',
  ].join('\n')
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`
  const html = [
    '<!DOCTYPE html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f1ea;color:#1f2a1c;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:4px">',
    `<p style="margin:0 0 24px;font-weight:bold;color:#2f5d2a">${escapeHtml(SENDER.name)}</p>`,
    paragraph(greeting),
    ...t.body.map(paragraph),
    ...(order ? order.html : []),
    ...(details.length > 0
      ? [
          '<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">',
          ...details.map((d) => `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0">${escapeHtml(d.label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(d.value)}</td></tr>`),
          '</table>',
        ]
      : []),
    ...(url
      ? [
          `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#2f5d2a;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(t.action)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:14px;word-break:break-all">${escapeHtml(url)}</p>`,
        ]
      : []),
    ...t.footer.map(paragraph),
    ...secondaryLinks.map((l) => `<p style="margin:0 0 16px;font-size:14px">${escapeHtml(l.label)}${colon} <a href="${escapeHtml(l.url)}">${escapeHtml(l.url)}</a></p>`),
    paragraph(SIGNATURE[language]),
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
  return { language, subject, text, html }
}

let sequence = 0

/** A name matching OUTBOX_ID (./outbox): sorting the names sorts the mails by time. */
function outboxFileId(date: Date): string {
  sequence = (sequence + 1) % 10000
  const stamp = date.toISOString().replace(/[-:.]/g, '')
  return `${stamp}-${String(sequence).padStart(4, '0')}-${randomBytes(4).toString('hex')}`
}

/** Error text for the log with any address taken out (SMTP replies often quote the recipient). */
function redact(message: string): string {
  return message.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '<address>')
}

/**
 * Sends the demo store's mails: over SMTP when `smtpUrl` is given (any nodemailer connection URL,
 * e.g. smtp://user:pass@host:587), otherwise as .eml files in `outboxDir` that the demo mailbox page lists.
 */
export function createMailer(options: { outboxDir: string; smtpUrl?: string; logger?: DemoLogger }): Mailer {
  const { outboxDir, smtpUrl, logger } = options
  // Short timeouts: the store answers the shopper's request only after the mail is handed over.
  const smtp = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : undefined
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

  return {
    async send(mail) {
      const transport = smtp ? 'smtp' : 'outbox'
      try {
        const composed = composeMail(mail)
        const date = new Date()
        const message = {
          from: { name: SENDER.name, address: SENDER.address },
          to: { name: mail.name.trim(), address: mail.to },
          subject: composed.subject,
          text: composed.text,
          html: composed.html,
          date,
          headers: { 'Content-Language': composed.language, 'X-Forst-Mail-Kind': mail.kind },
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        }
        if (smtp) {
          await smtp.sendMail(message)
        } else {
          const info = await stream.sendMail(message)
          await mkdir(outboxDir, { recursive: true })
          const id = outboxFileId(date)
          const file = join(outboxDir, `${id}.eml`)
          // Written under a dot name first and renamed, so readers never see a half-written mail.
          const temp = join(outboxDir, `.${id}.tmp`)
          try {
            await writeFile(temp, info.message as Buffer)
            await rename(temp, file)
          } catch (err) {
            await rm(temp, { force: true })
            throw err
          }
        }
        logger?.info({ kind: mail.kind, transport, language: composed.language }, 'mail sent')
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err))
        const code = (error as { code?: unknown }).code
        logger?.error({ kind: mail.kind, transport, code: typeof code === 'string' ? code : undefined, err: redact(error.message) }, 'mail could not be sent')
      }
    },
  }
}
