import { z } from './zod'
import { validation } from './messages'

/** Password recovery: the address to send the link to. */
export const recoverSchema = z.object({
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
})

export type RecoverValues = z.infer<typeof recoverSchema>
