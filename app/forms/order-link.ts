import { z } from './zod'
import { validation } from './messages'
import { requiredText } from './profile'

/**
 * An order's mail link opened without its customer account: the e-mail address of the order and the
 * postcode of its billing address, which the store compares with the order as they are (OrderRoute).
 */
export const orderLinkSchema = z.object({
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
  zipcode: requiredText(50),
})

export type OrderLinkValues = z.infer<typeof orderLinkSchema>
