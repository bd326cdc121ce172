import { z } from './zod'
import { quantityProblem, type PurchaseRules } from '~/lib/product'
import { HEX_ID } from '~/lib/hex-id'

/** Error messages are i18n keys (namespace product); the form translates them at the field. */
export const quantityMessages = {
  required: 'product:buy.errors.required',
  integer: 'product:buy.errors.integer',
  min: 'product:buy.errors.min',
  max: 'product:buy.errors.max',
  step: 'product:buy.errors.step',
} as const

/**
 * The add-to-cart form for one product's purchase rules. The same schema validates in the browser
 * (conform, before submitting) and in the action (against the rules the store gives for the product).
 */
export function addToCartSchema(rules: PurchaseRules) {
  return z.object({
    productId: z.string().regex(HEX_ID),
    quantity: z
      .number({ required_error: quantityMessages.required, invalid_type_error: quantityMessages.integer })
      .superRefine((value, ctx) => {
        const problem = quantityProblem(value, rules)
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: quantityMessages[problem] })
      }),
  })
}

export type AddToCartValues = z.infer<ReturnType<typeof addToCartSchema>>
