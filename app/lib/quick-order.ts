/**
 * Quick order (B2B): lines of "article number, quantity" typed or uploaded as CSV.
 *
 * Decisions (unit-tested in quick-order.test.ts):
 * - Separator between number and quantity: comma, semicolon, tab or whitespace (any run of them).
 * - No quantity means 1. A quantity is a positive whole number; "2,0" / "2.00" (a decimal comma or
 *   point with only zeros behind it, one or two digits) is accepted as 2. Three digits behind the
 *   separator ("2,000", "2.000") are refused: German and English read them a thousand apart.
 * - Blank lines are ignored; anything else that cannot be read is reported with its line number.
 * - The same number twice (any case) is one item with the quantities summed.
 * - A CSV may start with a header row ("Artikelnummer;Menge"): a first line whose quantity column
 *   holds no digit is skipped when `header` is allowed.
 */

export const MAX_QUICK_ORDER_LINES = 100
export const MAX_QUICK_ORDER_QUANTITY = 100_000

export interface QuickOrderItem {
  number: string
  quantity: number
}

export interface QuickOrderBadLine {
  /** 1-based line number in the text. */
  line: number
  text: string
}

export interface QuickOrderParse {
  items: QuickOrderItem[]
  bad: QuickOrderBadLine[]
  /** Non-blank lines read (header excluded), to enforce MAX_QUICK_ORDER_LINES. */
  lineCount: number
}

// Article numbers: letters, digits and the punctuation shops use in them (FS-30001.1, 123/45, AB_7+).
const NUMBER = /^[\p{L}\p{N}][\p{L}\p{N}._/+-]*$/u
const SEPARATORS = /[,;\t ]+/

/** A quantity as typed, or undefined when it is not a positive whole number (see the decisions above). */
export function parseQuantity(raw: string): number | undefined {
  const text = raw.trim()
  const match = /^(\d+)(?:[.,](0{1,2}))?$/.exec(text)
  if (!match) return undefined
  const value = Number(match[1])
  return Number.isSafeInteger(value) && value > 0 && value <= MAX_QUICK_ORDER_QUANTITY ? value : undefined
}

function unquote(value: string): string {
  const text = value.trim()
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).trim() : text
}

/** One line: [number, quantity] or undefined when it cannot be read. */
function parseLine(line: string): QuickOrderItem | undefined {
  const text = line.trim()
  // The number ends at the first separator; the rest (separators trimmed off both ends) is the quantity.
  const at = text.search(SEPARATORS)
  const number = unquote(at < 0 ? text : text.slice(0, at))
  const rest = unquote(at < 0 ? '' : text.slice(at).replace(/^[,;\t ]+|[,;\t ]+$/g, ''))
  if (!NUMBER.test(number)) return undefined
  if (rest === '') return { number, quantity: 1 }
  const quantity = parseQuantity(rest)
  return quantity === undefined ? undefined : { number, quantity }
}

function looksLikeHeader(line: string): boolean {
  const at = line.trim().search(SEPARATORS)
  if (at < 0) return false
  const rest = line.trim().slice(at).replace(/^[,;\t ]+/, '')
  return rest !== '' && !/\d/.test(rest)
}

export function parseQuickOrder(text: string, options: { header?: boolean } = {}): QuickOrderParse {
  const byNumber = new Map<string, QuickOrderItem>()
  const bad: QuickOrderBadLine[] = []
  let lineCount = 0
  let first = true
  // A BOM from spreadsheet exports would otherwise become part of the first number.
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  lines.forEach((line, index) => {
    if (line.trim() === '') return
    if (first && options.header && looksLikeHeader(line)) {
      first = false
      return
    }
    first = false
    lineCount += 1
    const item = parseLine(line)
    if (!item) {
      bad.push({ line: index + 1, text: line.trim().slice(0, 60) })
      return
    }
    const key = item.number.toLowerCase()
    const seen = byNumber.get(key)
    if (seen) seen.quantity = Math.min(MAX_QUICK_ORDER_QUANTITY, seen.quantity + item.quantity)
    else byNumber.set(key, { ...item })
  })
  return { items: [...byNumber.values()], bad, lineCount }
}

export interface ResolvedProduct {
  id: string
  productNumber: string
  originalNumber?: string
  /** A parent product: only its variants can be ordered. */
  hasVariants?: boolean
}

/**
 * Which product each typed number means: its own article number first, else the original article
 * number. Returns the items to add (one per product, quantities summed), the numbers not found and
 * the numbers of products with variants (the shopper has to name the variant).
 */
export function resolveQuickOrder(
  items: QuickOrderItem[],
  products: ResolvedProduct[],
): { add: { productId: string; quantity: number }[]; notFound: string[]; withVariants: string[] } {
  const byNumber = new Map(products.map((p) => [p.productNumber.toLowerCase(), p]))
  const byOriginal = new Map(products.filter((p) => p.originalNumber).map((p) => [p.originalNumber!.toLowerCase(), p]))
  const quantities = new Map<string, number>()
  const notFound: string[] = []
  const withVariants: string[] = []
  for (const item of items) {
    const key = item.number.toLowerCase()
    const product = byNumber.get(key) ?? byOriginal.get(key)
    if (!product) {
      notFound.push(item.number)
      continue
    }
    if (product.hasVariants) {
      withVariants.push(item.number)
      continue
    }
    quantities.set(product.id, (quantities.get(product.id) ?? 0) + item.quantity)
  }
  return { add: [...quantities].map(([productId, quantity]) => ({ productId, quantity })), notFound, withVariants }
}
