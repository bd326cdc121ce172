import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LANGUAGE_IDS, LANGUAGE_KEYS } from '../constants'
import type { DemoLogger } from '../router'
import { createMailer, type MailKind } from './index'
import type { OrderMailData } from './order-mail'
import { OUTBOX_ID, parseMail, readOutbox, readOutboxMail } from './outbox'
import { MAIL_TEXTS } from './texts'

const KINDS: MailKind[] = ['registration-confirm', 'password-recovery', 'reseller-approved']
const CONFIRM_URL = 'http://127.0.0.1:3310/en/registration/confirm?em=5f2b1a0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a&hash=0123456789abcdef0123456789abcdef'

interface LogLine {
  level: 'info' | 'warn' | 'error'
  obj: object
  msg?: string
}

function recordingLogger(): DemoLogger & { lines: LogLine[] } {
  const lines: LogLine[] = []
  return {
    lines,
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  }
}

/** The MIME parts of a raw message as [content type, transfer encoding], read with plain string work. */
function mimeParts(raw: string): { type: string; encoding: string }[] {
  const boundary = /boundary="([^"]+)"/.exec(raw)?.[1]
  if (!boundary) return []
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => ({
      type: /^Content-Type:\s*([^;\r\n]+)/im.exec(part)?.[1] ?? '',
      encoding: /^Content-Transfer-Encoding:\s*(\S+)/im.exec(part)?.[1] ?? '',
    }))
}

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-mail-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('mailer without SMTP: the outbox', () => {
  it.each(LANGUAGE_KEYS.flatMap((language) => KINDS.map((kind) => [language, kind] as const)))(
    'writes a %s %s mail as a MIME message with a text and an HTML part',
    async (language, kind) => {
      const outboxDir = join(dir, 'outbox')
      const logger = recordingLogger()
      await createMailer({ outboxDir, logger }).send({ kind, to: 'anna.berg@example.com', name: 'Anna Berg', languageId: LANGUAGE_IDS[language], url: CONFIRM_URL })

      const files = await readdir(outboxDir)
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/\.eml$/)
      expect(files[0]?.slice(0, -4)).toMatch(OUTBOX_ID)
      const raw = await readFile(join(outboxDir, files[0] as string), 'utf8')
      expect(raw).toMatch(/^MIME-Version: 1\.0\r$/m)
      expect(raw).toMatch(/^From: Waldwerk Forsttechnik <shop@example\.com>\r$/m)
      expect(raw).toMatch(/^To: Anna Berg <anna\.berg@example\.com>\r$/m)
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m)
      expect(raw).toMatch(new RegExp(`^Content-Language: ${language}\\r$`, 'm'))
      expect(mimeParts(raw).map((part) => part.type)).toEqual(['text/plain', 'text/html'])

      const [mail] = await readOutbox(outboxDir)
      const texts = MAIL_TEXTS[language][kind]
      expect(mail?.subject).toBe(texts.subject)
      expect(mail?.to).toBe('anna.berg@example.com')
      expect(mail?.text).toContain('Anna Berg')
      expect(mail?.text).toContain(texts.body[0])
      expect(mail?.text).toContain(CONFIRM_URL)
      expect(mail?.html).toContain(`<html lang="${language}">`)
      expect(mail?.html).toContain(`href="${CONFIRM_URL.replace('&', '&amp;')}"`)
      expect(mail?.html).toContain(texts.action)
      expect(mail?.links).toEqual([CONFIRM_URL])
      expect(Math.abs((mail?.date.getTime() ?? 0) - Date.now())).toBeLessThan(10_000)
      expect(logger.lines).toEqual([{ level: 'info', obj: { kind, transport: 'outbox', language }, msg: 'mail sent' }])
    },
  )

  it('writes German for an unknown language id and escapes the name in the HTML part', async () => {
    const outboxDir = join(dir, 'outbox')
    await createMailer({ outboxDir }).send({
      kind: 'password-recovery',
      to: 'x@example.com',
      name: 'Jörg <b>Bär</b> & Söhne',
      languageId: '0123456789abcdef0123456789abcdef',
      url: 'http://127.0.0.1:3310/reset-password?hash=abc',
    })
    const [mail] = await readOutbox(outboxDir)
    expect(mail?.subject).toBe(MAIL_TEXTS.de['password-recovery'].subject)
    expect(mail?.text).toContain('Hallo Jörg <b>Bär</b> & Söhne,')
    expect(mail?.html).toContain('Hallo Jörg &lt;b&gt;Bär&lt;/b&gt; &amp; Söhne,')
    expect(mail?.html).not.toContain('<b>')
  })

  it('names files so that they sort in sending order; readOutbox lists the newest first', async () => {
    const outboxDir = join(dir, 'outbox')
    const mailer = createMailer({ outboxDir })
    const recipients = ['one@example.com', 'two@example.com', 'three@example.com']
    for (const to of recipients) await mailer.send({ kind: 'reseller-approved', to, name: 'A B', languageId: LANGUAGE_IDS.en, url: 'http://127.0.0.1:3310/en/' })
    const files = await readdir(outboxDir)
    expect(files).toHaveLength(3)
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true)
    const byName = [...files].sort()
    const mails = await readOutbox(outboxDir)
    expect(mails.map((mail) => mail.to)).toEqual([...recipients].reverse())
    expect(mails.map((mail) => `${mail.id}.eml`)).toEqual([...byName].reverse())
  })

  it('never throws: a failure is logged without the address', async () => {
    // A file where the outbox directory should be: mkdir fails.
    const blocked = join(dir, 'outbox')
    await writeFile(blocked, 'not a directory')
    const logger = recordingLogger()
    await expect(
      createMailer({ outboxDir: blocked, logger }).send({ kind: 'registration-confirm', to: 'secret.person@example.com', name: 'Secret Person', languageId: LANGUAGE_IDS.de, url: CONFIRM_URL }),
    ).resolves.toBeUndefined()
    expect(logger.lines).toHaveLength(1)
    expect(logger.lines[0]).toMatchObject({ level: 'error', obj: { kind: 'registration-confirm', transport: 'outbox' }, msg: 'mail could not be sent' })
    expect(JSON.stringify(logger.lines)).not.toMatch(/secret\.person|Secret Person|hash=/)
  })
})

describe('readOutbox and parseMail', () => {
  it('answers an empty list for a missing outbox and skips files the mailer did not finish', async () => {
    expect(await readOutbox(join(dir, 'missing'))).toEqual([])
    const outboxDir = join(dir, 'outbox')
    await createMailer({ outboxDir }).send({ kind: 'reseller-approved', to: 'a@example.com', name: 'A B', languageId: LANGUAGE_IDS.de, url: 'http://127.0.0.1:3310/' })
    await writeFile(join(outboxDir, '.20990101T000000000Z-0001-00000000.tmp'), 'half a mail')
    await writeFile(join(outboxDir, 'notes.txt'), 'not a mail')
    const mails = await readOutbox(outboxDir)
    expect(mails.map((mail) => mail.to)).toEqual(['a@example.com'])
  })

  it('reads one mail by id and refuses ids that are not outbox names', async () => {
    const outboxDir = join(dir, 'outbox')
    await createMailer({ outboxDir }).send({ kind: 'reseller-approved', to: 'a@example.com', name: 'A B', languageId: LANGUAGE_IDS.fr, url: 'http://127.0.0.1:3310/fr/' })
    const [listed] = await readOutbox(outboxDir)
    const mail = await readOutboxMail(outboxDir, listed?.id ?? '')
    expect(mail?.subject).toBe(MAIL_TEXTS.fr['reseller-approved'].subject)
    expect(await readOutboxMail(outboxDir, '../outbox/x')).toBeUndefined()
    expect(await readOutboxMail(outboxDir, '20990101T000000000Z-0001-00000000')).toBeUndefined()
  })

  it('decodes base64 and quoted-printable parts, encoded-word headers and nested multiparts of any mail client', () => {
    const html = Buffer.from('<p>Grüße, <a href="https://shop.example/r?a=1&amp;b=2">hier</a></p>').toString('base64')
    const raw = [
      'Date: Tue, 05 Mar 2024 10:11:12 +0100',
      'From: Shop <shop@example.com>',
      'To: "Berg, Anna" <anna@example.com>,',
      ' =?UTF-8?B?SsO2cmc=?= <joerg@example.com>',
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_dem?=',
      ' =?UTF-8?Q?_Wald?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset=iso-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Gr=FC=DFe, siehe https://shop.example/r?a=3D1&b=3D2.',
      'Ende mit langer Zeile, die weich=',
      ' umbricht',
      '--inner',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      html.slice(0, 40),
      html.slice(40),
      '--inner--',
      '--outer',
      'Content-Type: text/plain; name=anhang.txt',
      'Content-Disposition: attachment; filename=anhang.txt',
      '',
      'Anhang, kein Text der Mail',
      '--outer--',
      '',
    ].join('\n')
    const mail = parseMail(Buffer.from(raw, 'utf8'))
    expect(mail.subject).toBe('Grüße aus dem Wald')
    expect(mail.to).toBe('anna@example.com, joerg@example.com')
    expect(mail.date?.toISOString()).toBe('2024-03-05T09:11:12.000Z')
    expect(mail.text).toBe('Grüße, siehe https://shop.example/r?a=1&b=2.\nEnde mit langer Zeile, die weich umbricht')
    expect(mail.html).toBe('<p>Grüße, <a href="https://shop.example/r?a=1&amp;b=2">hier</a></p>')
    expect(mail.links).toEqual(['https://shop.example/r?a=1&b=2'])
  })
})

describe('mailer with SMTP_URL', () => {
  interface Received {
    from: string
    to: string[]
    user?: string
    raw: string
  }

  async function startSmtp(options: { rejectRecipient?: boolean } = {}) {
    const received: Received[] = []
    const server = new SMTPServer({
      // A plain local test server: no TLS to negotiate, login allowed without it.
      hideSTARTTLS: true,
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'shop' && auth.password === 's3cret') callback(null, { user: auth.username })
        else callback(new Error('Invalid username or password'))
      },
      onRcptTo(address, _session, callback) {
        if (options.rejectRecipient) callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }))
        else callback()
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.server.address() as AddressInfo).port
    return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
  }

  it('delivers to the SMTP server (with the URL credentials) and writes nothing to the outbox', async () => {
    const smtp = await startSmtp()
    try {
      const outboxDir = join(dir, 'outbox')
      const logger = recordingLogger()
      const mailer = createMailer({ outboxDir, smtpUrl: `smtp://shop:s3cret@127.0.0.1:${smtp.port}`, logger })
      await mailer.send({ kind: 'registration-confirm', to: 'anna.berg@example.com', name: 'Anna Berg', languageId: LANGUAGE_IDS.en, url: CONFIRM_URL })
      expect(smtp.received).toHaveLength(1)
      const [message] = smtp.received
      expect(message?.from).toBe('shop@example.com')
      expect(message?.to).toEqual(['anna.berg@example.com'])
      expect(message?.user).toBe('shop')
      expect(mimeParts(message?.raw ?? '').map((part) => part.type)).toEqual(['text/plain', 'text/html'])
      const parsed = parseMail(Buffer.from(message?.raw ?? ''))
      expect(parsed.subject).toBe(MAIL_TEXTS.en['registration-confirm'].subject)
      expect(parsed.links).toEqual([CONFIRM_URL])
      expect(await readOutbox(outboxDir)).toEqual([])
      expect(logger.lines).toEqual([{ level: 'info', obj: { kind: 'registration-confirm', transport: 'smtp', language: 'en' }, msg: 'mail sent' }])
    } finally {
      await smtp.close()
    }
  })

  it('logs a refused delivery without the address and does not throw', async () => {
    const smtp = await startSmtp({ rejectRecipient: true })
    try {
      const logger = recordingLogger()
      const mailer = createMailer({ outboxDir: join(dir, 'outbox'), smtpUrl: `smtp://127.0.0.1:${smtp.port}`, logger })
      await expect(
        mailer.send({ kind: 'password-recovery', to: 'secret.person@example.com', name: 'Secret Person', languageId: LANGUAGE_IDS.de, url: CONFIRM_URL }),
      ).resolves.toBeUndefined()
      expect(smtp.received).toEqual([])
      expect(logger.lines).toHaveLength(1)
      expect(logger.lines[0]).toMatchObject({ level: 'error', obj: { kind: 'password-recovery', transport: 'smtp', code: 'EENVELOPE' } })
      expect(String((logger.lines[0]?.obj as { err?: unknown }).err)).toContain('Recipient address rejected')
      expect(JSON.stringify(logger.lines)).not.toMatch(/secret\.person|Secret Person/)
    } finally {
      await smtp.close()
    }
  })
})

describe('form mails (contact form, newsletter, price request)', () => {
  it('fills the subject, lists the form’s details and writes French colons with a no-break space', async () => {
    const outboxDir = join(dir, 'outbox')
    await createMailer({ outboxDir }).send({
      kind: 'contact-form-copy', to: 'anna.berg@example.com', name: 'Anna Berg', languageId: LANGUAGE_IDS.fr,
      subjectValues: { subject: 'Treuil\r\nBcc: x@example.com' },
      details: [{ label: 'Objet', value: 'Treuil' }, { label: 'Message', value: 'Ligne 1\nLigne <2>' }],
    })
    const [mail] = await readOutbox(outboxDir)
    // Line breaks of a form field never reach the header.
    expect(mail?.subject).toBe('Votre demande à Waldwerk Forsttechnik\u00a0: Treuil Bcc: x@example.com')
    expect(mail?.text).toContain('Bonjour Anna Berg,')
    expect(mail?.text).toContain('Objet\u00a0: Treuil')
    expect(mail?.text).toContain('Message\u00a0:\nLigne 1\nLigne <2>')
    expect(mail?.html).toContain('Ligne 1\nLigne &lt;2&gt;')
    expect(mail?.to).toBe('anna.berg@example.com')
  })

  it('greets without a name when there is none and adds the secondary links after the footer', async () => {
    const outboxDir = join(dir, 'outbox')
    const unsubscribe = 'https://shop.example/newsletter/unsubscribe?email=a%40example.com'
    await createMailer({ outboxDir }).send({
      kind: 'newsletter-double-opt-in', to: 'a@example.com', name: ' ', languageId: LANGUAGE_IDS.de, url: CONFIRM_URL,
      secondaryLinks: [{ label: 'Newsletter abbestellen', url: unsubscribe }],
    })
    const [mail] = await readOutbox(outboxDir)
    expect(mail?.text.startsWith('Hallo,\n')).toBe(true)
    expect(mail?.links).toEqual([CONFIRM_URL, unsubscribe])
    expect(mail?.text).toContain(`Newsletter abbestellen:\n${unsubscribe}`)
  })
})

describe('order confirmation', () => {
  const order: OrderMailData = {
    orderNumber: '10042', lines: [{ label: 'Spaltaxt', productNumber: 'FS-31001', quantity: 1, unitPrice: 69, totalPrice: 69 }],
    positionPrice: 69, shippingCosts: 6.9, netPrice: 75.9, taxes: [{ rate: 19, tax: 14.42 }], totalPrice: 90.32, taxFreeVatId: null,
    paymentMethod: 'Rechnung', shippingMethod: 'Standard', billingAddress: ['Max Holzer', 'Waldweg 1', '79098 Freiburg', 'Deutschland'],
    shippingAddress: null, customerComment: null, contactPerson: null, desiredDeliveryDate: null, bankTransfer: false,
  }

  it.each([
    ['de', 'https://shop.example/account/order/Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56', 'Bestellung ansehen'],
    ['en', 'https://shop.example/en/account/order/Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56', 'View order'],
    ['fr', 'https://shop.example/fr/account/order/Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56', 'Voir la commande'],
  ] as const)('links the %s mail to the order\u2019s page after the order, in the text and the HTML part', async (language, url, label) => {
    const outboxDir = join(dir, 'outbox')
    await createMailer({ outboxDir }).send({ kind: 'order-confirmation', to: 'max@example.com', name: 'Max Holzer', languageId: LANGUAGE_IDS[language], order, url })
    const [mail] = await readOutbox(outboxDir)
    const texts = MAIL_TEXTS[language]['order-confirmation']
    expect(texts.action).toBe(label)
    expect(mail?.text).toContain(`${label}:\n${url}`)
    expect(mail?.text.indexOf(url)).toBeGreaterThan(mail?.text.indexOf('79098 Freiburg') ?? Infinity)
    expect(mail?.text.indexOf(url)).toBeLessThan(mail?.text.indexOf(texts.footer[0] as string) ?? -1)
    expect(mail?.html).toContain(`<a href="${url}"`)
    expect(mail?.html).toContain(`>${label}</a>`)
    expect(mail?.links).toEqual([url])
  })
})
