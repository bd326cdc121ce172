import { z } from './zod'
import { validation } from './messages'

/** The login form (app/routes/login.tsx): the same schema checks in the browser (conform) and in the action. */
export const loginSchema = z.object({
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
  password: z.string({ required_error: validation.required }).max(4096, validation.maxLength(4096)),
  // Where to go after login; checked with safeRedirectPath before use.
  redirectTo: z.string().max(2048).optional(),
})

export type LoginValues = z.infer<typeof loginSchema>
