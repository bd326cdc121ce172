import type { Db } from '../db'
import { LANGUAGE_IDS, type LanguageKey } from '../constants'

export type Tri<T = string> = readonly [de: T, en: T, fr: T]
export type TranslationFields = Record<string, Tri<unknown>>
export type Translations = Record<string, Record<string, unknown>>

const KEYS: readonly LanguageKey[] = ['de', 'en', 'fr']

/** Builds the `translations` JSON ({languageId: {field: value}}) from per-field [de, en, fr] triples. */
export function tr(fields: TranslationFields): string {
  const out: Translations = {}
  KEYS.forEach((key, index) => {
    const langFields: Record<string, unknown> = {}
    for (const [field, values] of Object.entries(fields)) langFields[field] = values[index]
    out[LANGUAGE_IDS[key]] = langFields
  })
  return JSON.stringify(out)
}

export function same<T>(value: T): Tri<T> {
  return [value, value, value]
}

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'ae', Ö: 'oe', Ü: 'ue', '&': '' }

/** URL slug: German umlauts transliterated, accents dropped, everything else non-alphanumeric to '-'. */
export function slugify(text: string): string {
  return text
    .replace(/[äöüßÄÖÜ&]/g, (c) => TRANSLITERATION[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export type Row = Record<string, string | number | null>

/** Caches one prepared INSERT per table and column set; the seed inserts tens of thousands of rows. */
export class Inserter {
  private readonly statements = new Map<string, ReturnType<Db['prepare']>>()
  constructor(private readonly db: Db) {}

  insert(table: string, row: Row): void {
    const columns = Object.keys(row)
    const key = `${table}(${columns.join(',')})`
    let stmt = this.statements.get(key)
    if (!stmt) {
      stmt = this.db.prepare(`INSERT INTO ${table} (${columns.join(',')}) VALUES (${columns.map((c) => `@${c}`).join(',')})`)
      this.statements.set(key, stmt)
    }
    stmt.run(row)
  }
}

/** Small deterministic PRNG (mulberry32) so generated stock, prices and reviews are the same on every seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const bool = (v: boolean): number => (v ? 1 : 0)

/** A GTIN-13 of twelve digits and the check digit scanners verify (weights 1 and 3 from the left). */
export function ean13(twelveDigits: string): string {
  if (!/^\d{12}$/.test(twelveDigits)) throw new Error(`ean13 needs twelve digits: ${twelveDigits}`)
  const sum = [...twelveDigits].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0)
  return `${twelveDigits}${(10 - (sum % 10)) % 10}`
}
