import { z } from './zod'
import { MAX_QUICK_ORDER_LINES, MAX_QUICK_ORDER_QUANTITY, parseQuickOrder } from '~/lib/quick-order'
import { formMessage } from './messages'

/**
 * The cart page's forms (POST {locale}/checkout/cart, hidden `intent`). Each schema validates in
 * the browser (conform) and in the action. Error messages are i18n keys (namespace cart).
 */

export const cartIntents = ['quantity', 'remove', 'promotion-add', 'promotion-remove', 'quick-order'] as const
export type CartIntent = (typeof cartIntents)[number]

// Line item ids are Shopware UUIDs (hex); the demo store and Shopware may also use other safe ids.
const lineItemId = z.string().trim().regex(/^[\w-]{1,100}$/)

export const MAX_PROMOTION_CODE_LENGTH = 100
export const MAX_QUICK_ORDER_FILE_BYTES = 1024 * 1024
// The textarea's own ceiling: 100 lines of generous length.
const MAX_QUICK_ORDER_TEXT = 20_000

/**
 * A line's quantity: a positive whole number (spec section 5). Minimum, steps, maximum and stock are
 * the store's to enforce: it adjusts the quantity and says so (spec section 4, cart
 * auto-adjustments), the same with and without JavaScript; the field's hint and its min/step/max
 * attributes tell the rules beforehand.
 */
export const quantitySchema = z.object({
  intent: z.literal('quantity'),
  lineItemId,
  quantity: z
    .number({ required_error: 'cart:errors.quantityRequired', invalid_type_error: 'cart:errors.quantityInteger' })
    .int('cart:errors.quantityInteger')
    .positive('cart:errors.quantityInteger')
    .max(MAX_QUICK_ORDER_QUANTITY, formMessage('cart:errors.quantityMax', { max: MAX_QUICK_ORDER_QUANTITY })),
  redirectTo: z.string().optional(),
})

export const removeSchema = z.object({
  intent: z.enum(['remove', 'promotion-remove']),
  lineItemId,
  redirectTo: z.string().optional(),
})

export const promotionSchema = z.object({
  intent: z.literal('promotion-add'),
  code: z
    .string({ required_error: 'cart:errors.codeRequired' })
    .trim()
    .min(1, 'cart:errors.codeRequired')
    .max(MAX_PROMOTION_CODE_LENGTH, formMessage('cart:errors.codeTooLong', { max: MAX_PROMOTION_CODE_LENGTH })),
  redirectTo: z.string().optional(),
})

function isFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File
}

/** The file, if one was chosen (an empty file input submits a nameless, empty File). */
export function chosenFile(value: unknown): File | undefined {
  return isFile(value) && (value.size > 0 || value.name !== '') ? value : undefined
}

const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'text/tab-separated-values', '']

/** Problems with the typed lines, as the message to show at the field (or undefined). */
export function quickOrderLinesProblem(text: string): string | undefined {
  const parsed = parseQuickOrder(text)
  if (parsed.lineCount > MAX_QUICK_ORDER_LINES) return formMessage('cart:errors.tooManyLines', { max: MAX_QUICK_ORDER_LINES })
  if (parsed.bad.length) {
    return formMessage('cart:errors.badLines', { lines: parsed.bad.map((b) => `${b.line} (${b.text})`).join(', ') })
  }
  return undefined
}

export const quickOrderSchema = z
  .object({
    intent: z.literal('quick-order'),
    lines: z.string().max(MAX_QUICK_ORDER_TEXT, formMessage('cart:errors.tooManyLines', { max: MAX_QUICK_ORDER_LINES })).optional(),
    file: z.unknown().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    const file = chosenFile(value.file)
    const text = value.lines ?? ''
    if (!file && text.trim() === '') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lines'], message: 'cart:errors.linesRequired' })
    }
    if (text.trim() !== '') {
      const problem = quickOrderLinesProblem(text)
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['lines'], message: problem })
    }
    if (file) {
      if (file.size > MAX_QUICK_ORDER_FILE_BYTES) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['file'], message: 'cart:errors.fileTooLarge' })
      } else if (!CSV_TYPES.includes(file.type) && !/\.(csv|txt|tsv)$/i.test(file.name)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['file'], message: 'cart:errors.fileType' })
      }
    }
  })

export type QuantityValues = z.infer<typeof quantitySchema>
export type PromotionValues = z.infer<typeof promotionSchema>
export type QuickOrderValues = z.infer<typeof quickOrderSchema>
