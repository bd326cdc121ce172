import { readFile, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

export interface OutboxMail {
  /** The file name without `.eml`; safe in URLs (see OUTBOX_ID in ./index). */
  id: string
  file: string
  date: Date
  /** Recipient address(es), comma separated, without display names. */
  to: string
  subject: string
  text: string
  html: string
  /** http(s) links of the mail, in order of appearance, without duplicates. */
  links: string[]
}

/** The outbox file name without `.eml`: UTC time to the millisecond, a per-process counter, random bits. */
export const OUTBOX_ID = /^\d{8}T\d{9}Z-\d{4}-[0-9a-f]{8}$/

/** Where the embedded demo store keeps the mails it does not send over SMTP. */
export function outboxDirOf(dataDir: string): string {
  return join(dataDir, 'outbox')
}

interface Part {
  headers: Map<string, string>
  body: Buffer
}

function splitHeaderBlock(raw: Buffer): { headerText: string; body: Buffer } {
  // latin1 keeps one character per byte, so the index found is also the byte offset.
  const match = /\r?\n\r?\n/.exec(raw.toString('latin1'))
  const headerEnd = match ? match.index : raw.length
  // Raw 8-bit header bytes are UTF-8 (RFC 6532), e.g. internationalized addresses.
  const headerText = raw.subarray(0, headerEnd).toString('utf8')
  return { headerText, body: match ? raw.subarray(match.index + match[0].length) : Buffer.alloc(0) }
}

function parseHeaders(headerText: string): Map<string, string> {
  const headers = new Map<string, string>()
  // Folded header lines continue with whitespace (RFC 5322 2.2.3).
  const unfolded = headerText.replace(/\r?\n[ \t]+/g, ' ')
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return headers
}

function parsePart(raw: Buffer): Part {
  const { headerText, body } = splitHeaderBlock(raw)
  return { headers: parseHeaders(headerText), body }
}

/** `text/plain; charset=utf-8; boundary="x"` → value and lower-cased parameters. */
function parseParams(value: string): { value: string; params: Map<string, string> } {
  const [first, ...rest] = value.split(';')
  const params = new Map<string, string>()
  for (const piece of rest) {
    const eq = piece.indexOf('=')
    if (eq <= 0) continue
    const key = piece.slice(0, eq).trim().toLowerCase()
    let val = piece.slice(eq + 1).trim()
    if (val.startsWith('"') && val.endsWith('"')) val = val.slice(1, -1).replace(/\\(.)/g, '$1')
    params.set(key, val)
  }
  return { value: (first ?? '').trim().toLowerCase(), params }
}

function decodeQuotedPrintable(input: string): Buffer {
  const soft = input.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] as string
    const hex = soft.slice(i + 1, i + 3)
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase().trim()
  const charset = parseParams(part.headers.get('content-type') ?? 'text/plain').params.get('charset')
  const latin = part.body.toString('latin1')
  let bytes: Buffer
  if (encoding === 'base64') bytes = Buffer.from(latin.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(latin)
  else bytes = part.body
  return decodeCharset(bytes, charset).replace(/\r\n/g, '\n')
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII headers. */
export function decodeHeader(value: string): string {
  const words = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 section 6.2).
  return value.replace(/(\?=)\s+(?==\?)/g, '$1').replace(words, (_all, charset: string, enc: string, data: string) => {
    const bytes =
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' '))
    return decodeCharset(bytes, charset.split('*')[0])
  })
}

/** The addresses of an address header, without display names. */
function addresses(value: string): string {
  const found: string[] = []
  // Quoted display names may contain commas and @; remove them before splitting.
  const withoutQuoted = value.replace(/"(?:[^"\\]|\\.)*"/g, '')
  for (const entry of withoutQuoted.split(',')) {
    const angle = /<([^>]+)>/.exec(entry)
    const address = (angle ? angle[1] : entry)?.trim()
    if (address && address.includes('@')) found.push(address)
  }
  return found.join(', ')
}

interface Bodies {
  text: string
  html: string
}

function collectBodies(part: Part, bodies: Bodies, depth = 0): void {
  const { value: type, params } = parseParams(part.headers.get('content-type') ?? 'text/plain; charset=us-ascii')
  const disposition = parseParams(part.headers.get('content-disposition') ?? '').value
  if (type.startsWith('multipart/')) {
    const boundary = params.get('boundary')
    if (!boundary || depth > 10) return
    for (const child of splitMultipart(part.body, boundary)) collectBodies(parsePart(child), bodies, depth + 1)
    return
  }
  if (disposition === 'attachment') return
  if (type === 'text/plain' && !bodies.text) bodies.text = decodeBody(part)
  else if (type === 'text/html' && !bodies.html) bodies.html = decodeBody(part)
}

function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1')
  const delimiter = `--${boundary}`
  const parts: Buffer[] = []
  let position = text.indexOf(delimiter)
  while (position !== -1) {
    const afterDelimiter = position + delimiter.length
    if (text.startsWith('--', afterDelimiter)) break
    const lineEnd = text.indexOf('\n', afterDelimiter)
    if (lineEnd === -1) break
    const next = text.indexOf(`\n${delimiter}`, lineEnd)
    const end = next === -1 ? text.length : next
    // The line break before the next delimiter belongs to the delimiter.
    const partEnd = end > 0 && text[end - 1] === '\r' ? end - 1 : end
    parts.push(body.subarray(lineEnd + 1, partEnd))
    position = next === -1 ? -1 : next + 1
  }
  return parts
}

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function findLinks(text: string, html: string): string[] {
  const links: string[] = []
  for (const match of html.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    links.push(decodeHtmlEntities((match[1] ?? match[2] ?? '').trim()))
  }
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) links.push(match[0].replace(/[.,;:!?)]+$/, ''))
  return [...new Set(links.filter((link) => /^https?:\/\//i.test(link)))]
}

/** Parses one .eml file (a MIME message as nodemailer or any mail client writes it). */
export function parseMail(raw: Buffer): Omit<OutboxMail, 'id' | 'file' | 'date'> & { date: Date | undefined } {
  const root = parsePart(raw)
  const bodies: Bodies = { text: '', html: '' }
  collectBodies(root, bodies)
  const dateHeader = root.headers.get('date')
  const date = dateHeader ? new Date(dateHeader) : undefined
  return {
    date: date && !Number.isNaN(date.getTime()) ? date : undefined,
    to: addresses(decodeHeader(root.headers.get('to') ?? '')),
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: bodies.text,
    html: bodies.html,
    links: findLinks(bodies.text, bodies.html),
  }
}

/** One mail of the outbox by its id; undefined for ids that are not outbox ids or name no mail. */
export async function readOutboxMail(outboxDir: string, id: string): Promise<OutboxMail | undefined> {
  // The id comes from a URL: only names the mailer makes reach the file system.
  if (!OUTBOX_ID.test(id)) return undefined
  const file = join(outboxDir, `${id}.eml`)
  try {
    const parsed = parseMail(await readFile(file))
    return { ...parsed, id, file, date: parsed.date ?? (await stat(file)).mtime }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
}

/** The mails in the outbox (files the mailer wrote), newest first; a missing outbox is an empty one. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let ids: string[]
  try {
    ids = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).map((name) => name.slice(0, -'.eml'.length))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  // A mail removed between readdir and reading it (someone cleaning the outbox) is left out.
  const mails = await Promise.all(ids.filter((id) => OUTBOX_ID.test(id)).map((id) => readOutboxMail(outboxDir, id)))
  return mails
    .filter((mail): mail is OutboxMail => mail !== undefined)
    .sort((a, b) => b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}
