import { z } from './zod'
import { accountMessages } from './profile'

/** Shopware's default core.loginRegistration.passwordMinLength. */
export const PASSWORD_MIN_LENGTH = 8

/** /account/profile, change password (POST /account/change-password). */
export const changePasswordSchema = z
  .object({
    password: z.string({ required_error: accountMessages.required }),
    newPassword: z
      .string({ required_error: accountMessages.required })
      .min(PASSWORD_MIN_LENGTH, accountMessages.passwordTooShort(PASSWORD_MIN_LENGTH))
      .max(4096, accountMessages.tooLong(4096)),
    newPasswordConfirm: z.string({ required_error: accountMessages.required }),
  })
  .refine((v) => v.newPassword === v.newPasswordConfirm, {
    message: accountMessages.passwordRepeat,
    path: ['newPasswordConfirm'],
  })
  // The store would take the same password again; it would change nothing the customer meant to change.
  .refine((v) => !v.newPassword || v.newPassword !== v.password, {
    message: accountMessages.passwordUnchanged,
    path: ['newPassword'],
  })

export type ChangePasswordValues = z.infer<typeof changePasswordSchema>

/** Passwords are never sent back to the browser (conform's reply drops them). */
export const passwordFields = ['password', 'newPassword', 'newPasswordConfirm']
