import { z } from './zod'
import { validation } from './messages'

/** Subscribing (footer and /newsletter); redirectTo is the page the footer form was sent from. */
export const newsletterSchema = z.object({
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
  redirectTo: z.string().max(2000).optional(),
})

export type NewsletterValues = z.infer<typeof newsletterSchema>

/** Unsubscribing (/newsletter/unsubscribe): only the address, no login needed. */
export const unsubscribeSchema = z.object({
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
})

/**
 * The account's newsletter setting (/account/profile): one button subscribes the customer's own
 * address, the other unsubscribes it. Anything else is a crafted request, refused for the whole form.
 */
export const accountNewsletterSchema = z
  .object({ intent: z.literal('newsletter'), subscribe: z.unknown() })
  .refine((value) => value.subscribe === 'yes' || value.subscribe === 'no', { message: validation.choice })
  .transform((value) => ({ subscribe: value.subscribe === 'yes' }))
