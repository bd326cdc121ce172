import { z } from './zod'
import { HEX_ID } from '~/lib/hex-id'

/** Error messages are i18n keys (namespace wishlist). */
const invalid = 'wishlist:errors.invalid'

/**
 * The heart and the remove button (hidden fields only: nothing for the shopper to type). `inPlace`
 * is added by the script once the page is hydrated: the action then answers with data for the
 * fetcher instead of redirecting back. `asCustomer` comes from pages rendered for a logged-in customer.
 */
export const wishlistChangeSchema = z.object({
  intent: z.enum(['toggle', 'add', 'remove'], { message: invalid }),
  productId: z
    .string({ required_error: invalid })
    .trim()
    .toLowerCase()
    .regex(HEX_ID, invalid),
  redirectTo: z.string().max(2000).optional(),
  inPlace: z.literal('1').optional(),
  /** The page showed the shopper as a logged-in customer: a change the store refuses means the session ended. */
  asCustomer: z.literal('1').optional(),
})

export type WishlistChangeValues = z.infer<typeof wishlistChangeSchema>
