import { z } from './zod'
import { validation } from './messages'
import { HEX_ID } from '~/lib/hex-id'

export const CONTACT_COMMENT_MAX = 5000

/**
 * The honeypot: a field people never see or reach (contact-form.tsx hides it from eyes, keyboard and
 * screen readers). Bots that fill every input give themselves away by filling it.
 */
export const HONEYPOT_FIELD = 'website'

const required = (max = 255) =>
  z.string({ required_error: validation.required }).trim().min(1, validation.required).max(max, validation.maxLength(max))
const optional = (max = 255) => z.string().trim().max(max, validation.maxLength(max)).optional()
const id = () => z.string().regex(HEX_ID).optional()

/**
 * The contact form (contact page and the CMS form element; contract: POST /contact-form).
 * navigationId/slotId tell the store which CMS form was used (its receivers and success text).
 */
export const contactSchema = z.object({
  subject: required(),
  comment: required(CONTACT_COMMENT_MAX),
  firstName: required(),
  lastName: required(),
  email: required(254).email(validation.email),
  phone: optional(50),
  orderNumber: optional(64),
  [HONEYPOT_FIELD]: z.string().optional(),
  navigationId: id(),
  slotId: id(),
  redirectTo: z.string().max(2000).optional(),
})

export type ContactValues = z.infer<typeof contactSchema>

