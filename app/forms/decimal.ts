import type { Locale } from '~/lib/locale'

/** Decimal and grouping separators as shoppers type them per page language. */
const separators: Record<Locale, { decimal: string; group: RegExp }> = {
  // German: 1.234,50 (a dot groups, the comma separates decimals).
  de: { decimal: ',', group: /\./g },
  // English: 1,234.50.
  en: { decimal: '.', group: /,/g },
  // French: 1 234,50 with a (narrow) no-break space or a plain space as group separator; some type a dot.
  fr: { decimal: ',', group: /[\s\u00a0\u202f.]/g },
}

const EXAMPLES: Record<Locale, string> = { de: '1.234,50', en: '1,234.50', fr: '1 234,50' }

/** How an amount looks in the page language, for hints and messages. */
export function decimalExample(locale: Locale): string {
  return EXAMPLES[locale]
}

export type DecimalResult = { ok: true; value: number; decimals: number } | { ok: false }

/**
 * Reads an amount typed in the page language ('1.234,50' in German, '1,234.50' in English).
 * Group separators count only in groups of three, so '12.5' on the German page is 12.5 (the other
 * decimal mark with one or two decimals), never 125; '1.2.3' and letters are refused.
 */
export function parseDecimal(locale: Locale, input: string): DecimalResult {
  const raw = input.trim().replace(/\s*(€|EUR)$/i, '').trim()
  if (!raw) return { ok: false }
  const { decimal } = separators[locale]
  const groupChars = locale === 'de' ? '\\.' : locale === 'en' ? ',' : '\\s\\u00a0\\u202f.'
  const dec = decimal === '.' ? '\\.' : ','
  const grouped = new RegExp(`^\\d{1,3}(?:[${groupChars}]\\d{3})+(?:${dec}(\\d+))?$`)
  const plain = new RegExp(`^\\d+(?:${dec}(\\d+))?$`)
  let normalized: string | undefined
  let decimals = 0
  let match = plain.exec(raw)
  if (match) {
    normalized = raw.replace(decimal, '.')
    decimals = match[1]?.length ?? 0
  } else if ((match = grouped.exec(raw))) {
    const [whole, fraction] = raw.split(decimal)
    normalized = `${whole!.replace(separators[locale].group, '')}${fraction !== undefined ? `.${fraction}` : ''}`
    decimals = match[1]?.length ?? 0
  } else {
    // The other common mark without grouping ('12.5' typed on the German page): one or two decimals only,
    // three digits after it would be a thousands group.
    const other = decimal === ',' ? /^\d+\.(\d{1,2})$/ : /^\d+,(\d{1,2})$/
    const alt = other.exec(raw)
    if (!alt) return { ok: false }
    normalized = raw.replace(/[.,]/, '.')
    decimals = alt[1]!.length
  }
  const value = Number(normalized)
  return Number.isFinite(value) ? { ok: true, value, decimals } : { ok: false }
}
