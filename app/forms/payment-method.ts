import { z } from './zod'
import { HEX_ID } from '~/lib/hex-id'
import { accountMessages } from './profile'

/** /account/payment: the default payment method (POST /account/change-payment-method/{id}). */
export const paymentMethodSchema = z.object({
  paymentMethodId: z.string({ required_error: accountMessages.required }).regex(HEX_ID, accountMessages.choice),
})

export type PaymentMethodValues = z.infer<typeof paymentMethodSchema>
