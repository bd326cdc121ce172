import { z } from './zod'
import { accountMessages } from './profile'

/** /account/profile, change email (POST /account/change-email): new address twice and the current password. */
export const changeEmailSchema = z
  .object({
    email: z
      .string({ required_error: accountMessages.required })
      .trim()
      .max(254, accountMessages.tooLong(254))
      .email(accountMessages.email),
    emailConfirmation: z.string({ required_error: accountMessages.required }).trim(),
    password: z.string({ required_error: accountMessages.required }),
  })
  .refine((v) => v.email.toLowerCase() === v.emailConfirmation.toLowerCase(), {
    message: accountMessages.emailRepeat,
    path: ['emailConfirmation'],
  })

export type ChangeEmailValues = z.infer<typeof changeEmailSchema>
