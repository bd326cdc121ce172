// Prints one shopper's requests and store calls from the JSON log, in time order, so support staff
// can replay what a session did: `npm run log:session -- <sid> [logfile]` (stdin without a file).
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'

export interface LogRecord {
  time: number
  reqId: string
  level: string
  msg: string
  fields: Record<string, unknown>
}

export type TimelineEntry =
  | { kind: 'request'; start: number; reqId: string; method: string; url: string; routeId?: string; status: number; durationMs: number }
  | { kind: 'store'; start: number; reqId: string; operation: string; status: number; durationMs: number; errorCodes: string[] }
  | { kind: 'note'; start: number; reqId: string; level: string; msg: string }

// pino's numeric levels, for logs written without the label formatter.
const levelNames: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' }

function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function parseTime(value: unknown): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'string') {
    const parsed = Date.parse(value)
    return Number.isNaN(parsed) ? undefined : parsed
  }
  return undefined
}

/** One log line as a record, or undefined for lines that are not ours (npm banners, stack traces). */
export function parseLogLine(line: string): LogRecord | undefined {
  if (!line.startsWith('{')) return undefined
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const fields = value as Record<string, unknown>
  const time = parseTime(fields.time)
  const reqId = asString(fields.reqId)
  if (time === undefined || reqId === undefined) return undefined
  const level = asString(fields.level) ?? levelNames[asNumber(fields.level) ?? 30] ?? 'info'
  return { time, reqId, level, msg: asString(fields.msg) ?? '', fields }
}

function toEntry(record: LogRecord): TimelineEntry {
  const { fields } = record
  if (record.msg === 'request completed' || record.msg === 'request failed') {
    const durationMs = asNumber(fields.responseTime) ?? 0
    return {
      kind: 'request',
      start: record.time - durationMs,
      reqId: record.reqId,
      method: asString(fields.method) ?? '?',
      url: asString(fields.url) ?? '?',
      routeId: asString(fields.routeId),
      status: asNumber(fields.status) ?? 0,
      durationMs,
    }
  }
  if (record.msg === 'store call') {
    const durationMs = asNumber(fields.durationMs) ?? 0
    const codes = Array.isArray(fields.errorCodes) ? fields.errorCodes.filter((code) => typeof code === 'string') : []
    return {
      kind: 'store',
      start: record.time - durationMs,
      reqId: record.reqId,
      operation: asString(fields.operation) ?? '?',
      status: asNumber(fields.status) ?? 0,
      durationMs,
      errorCodes: codes,
    }
  }
  return { kind: 'note', start: record.time, reqId: record.reqId, level: record.level, msg: record.msg }
}

const kindOrder = { request: 0, store: 1, note: 2 } as const

/**
 * Everything logged under the requests that carried this session id. Store calls and notes usually
 * lack the sid themselves; they belong to the session through their request id.
 */
export function buildTimeline(records: Iterable<LogRecord>, sid: string): TimelineEntry[] {
  const all: LogRecord[] = []
  const requestIds = new Set<string>()
  for (const record of records) {
    all.push(record)
    if (record.fields.sid === sid) requestIds.add(record.reqId)
  }
  return all
    .filter((record) => requestIds.has(record.reqId))
    .map(toEntry)
    .sort((a, b) => a.start - b.start || kindOrder[a.kind] - kindOrder[b.kind])
}

function formatTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '')
}

export function formatTimeline(sid: string, entries: TimelineEntry[]): string {
  const requests = entries.filter((entry) => entry.kind === 'request').length
  const storeCalls = entries.filter((entry) => entry.kind === 'store').length
  const lines = [`session ${sid}: ${requests} request(s), ${storeCalls} store call(s)`]
  for (const entry of entries) {
    const prefix = `${formatTime(entry.start)}  ${entry.reqId.slice(0, 8)}`
    if (entry.kind === 'request') {
      lines.push(
        `${prefix}  ${entry.method} ${entry.url}  ${entry.routeId ?? '-'}  ${entry.status}  ${entry.durationMs} ms`,
      )
    } else if (entry.kind === 'store') {
      const codes = entry.errorCodes.length ? `  ${entry.errorCodes.join(',')}` : ''
      lines.push(`${prefix}    store ${entry.operation}  ${entry.status}  ${entry.durationMs} ms${codes}`)
    } else {
      lines.push(`${prefix}    ${entry.level}: ${entry.msg}`)
    }
  }
  return lines.join('\n')
}

export async function readRecords(input: NodeJS.ReadableStream): Promise<LogRecord[]> {
  const records: LogRecord[] = []
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    const record = parseLogLine(line.trim())
    if (record) records.push(record)
  }
  return records
}

async function main(args: string[]): Promise<number> {
  const [sid, file] = args
  if (!sid || !/^[0-9a-f]{16}$/.test(sid)) {
    console.error('usage: npm run log:session -- <sid: 16 hex characters> [logfile]   (reads stdin without a file)')
    return 2
  }
  const input = file && file !== '-' ? createReadStream(file) : process.stdin
  const entries = buildTimeline(await readRecords(input), sid)
  if (entries.length === 0) {
    console.error(`no requests with sid ${sid} in the log`)
    return 1
  }
  console.log(formatTimeline(sid, entries))
  return 0
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
