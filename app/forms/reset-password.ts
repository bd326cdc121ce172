import { z } from './zod'
import { validation } from './messages'

/** Shopware's default minimum password length (core.loginRegistration.passwordMinLength). */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 4096

export const newPassword = () =>
  z
    .string({ required_error: validation.required })
    .min(PASSWORD_MIN_LENGTH, validation.minLength(PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, validation.maxLength(PASSWORD_MAX_LENGTH))

/** A new password and its repetition; the repetition's error sits at the repetition. */
export const resetPasswordSchema = z
  .object({
    hash: z.string({ required_error: validation.invalid }).regex(/^[A-Za-z0-9]{16,128}$/, validation.invalid),
    password: newPassword(),
    passwordConfirm: z.string({ required_error: validation.required }),
  })
  .refine((values) => values.password === values.passwordConfirm, {
    path: ['passwordConfirm'],
    message: validation.repeatPassword,
  })

export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>
