import { z } from './zod'
import type { Locale } from '~/lib/locale'
import { decimalExample, parseDecimal } from './decimal'
import { formMessage, validation } from './messages'
import { HEX_ID } from '~/lib/hex-id'

export const MAX_DESIRED_PRICE = 10_000_000
export const MAX_QUANTITY = 100_000
export const COMMENT_MAX = 2000

const required = (max = 255) =>
  z.string({ required_error: validation.required }).trim().min(1, validation.required).max(max, validation.maxLength(max))
const optional = (max = 255) => z.string().trim().max(max, validation.maxLength(max)).optional()

/** The amount as typed (the page language's separators) → a number with at most two decimals. */
function desiredPrice(locale: Locale) {
  return z.string({ required_error: validation.required }).transform((input, ctx) => {
    const parsed = parseDecimal(locale, input)
    const issue = (message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message })
      return z.NEVER
    }
    if (!parsed.ok) return issue(formMessage('contact:validation.decimal', { example: decimalExample(locale) }))
    if (parsed.value <= 0) return issue('contact:validation.positive')
    if (parsed.decimals > 2) return issue('contact:validation.maxDecimals')
    if (parsed.value > MAX_DESIRED_PRICE) return issue(formMessage('contact:validation.maxAmount', { max: MAX_DESIRED_PRICE }))
    return parsed.value
  })
}

/**
 * The price request for one price-on-request product (contract: POST /forst/price-request). The
 * contact fields are asked of everyone; a logged-in customer finds them filled in.
 */
export function priceRequestSchema(locale: Locale) {
  return z.object({
    productId: z.string().regex(HEX_ID),
    desiredPrice: desiredPrice(locale),
    quantity: z
      .number({ required_error: validation.required, invalid_type_error: 'contact:validation.integer' })
      .int('contact:validation.integer')
      .min(1, formMessage('contact:validation.minQuantity', { min: 1 }))
      .max(MAX_QUANTITY, formMessage('contact:validation.maxQuantity', { max: MAX_QUANTITY })),
    comment: required(COMMENT_MAX),
    firstName: required(),
    lastName: required(),
    email: required(254).email(validation.email),
    company: optional(),
    phone: optional(50),
  })
}

export type PriceRequestValues = z.infer<ReturnType<typeof priceRequestSchema>>
