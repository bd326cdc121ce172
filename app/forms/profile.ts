import { z } from './zod'
import { validation } from './messages'
import { HEX_ID } from '~/lib/hex-id'

/** Company types the shop offers (spec section 3, customer profile); stored in customFields.forst_company_type. */
export const companyTypes = ['omb', 'gbr', 'ag', 'gmbh', 'ug', 'gmbhcokg', 'kg', 'ohg'] as const
export type CompanyType = (typeof companyTypes)[number]

/**
 * Error messages are i18n keys; the fields translate them (app/forms/messages.ts). The shared ones
 * live in the auth namespace, the account pages' own in account.
 */
export const accountMessages = {
  required: validation.required,
  tooLong: (max: number) => validation.maxLength(max),
  email: validation.email,
  url: validation.url,
  choice: validation.choice,
  emailRepeat: 'account:validation.emailRepeat',
  passwordUnchanged: 'account:validation.passwordUnchanged',
  passwordRepeat: validation.repeatPassword,
  passwordTooShort: (min: number) => validation.minLength(min),
} as const

/** A required text field: trimmed, at most `max` characters. */
export function requiredText(max = 255) {
  return z
    .string({ required_error: accountMessages.required })
    .trim()
    .min(1, accountMessages.required)
    .max(max, accountMessages.tooLong(max))
}

/** An optional text field: empty means not given. */
export function optionalText(max = 255) {
  return z.string().trim().max(max, accountMessages.tooLong(max)).optional()
}

/**
 * A VAT ID as invoices print it ("fr 12 345 678 901", "ATU-12.345.678") in the form the store checks:
 * Shopware matches the country's pattern case-sensitively against the bare characters, and no EU VAT
 * ID has spaces, dots or dashes of its own.
 */
function bareVatId(value: string) {
  return value.replace(/[\s.\-]/g, '').toUpperCase()
}

export const requiredVatId = requiredText(50).transform(bareVatId).pipe(z.string().min(1, accountMessages.required))
export const optionalVatId = optionalText(50).transform((value) => (value === undefined ? value : bareVatId(value) || undefined))

/** An http(s) address; a bare host name ('forst.example') gets https:// so shoppers need not type it (registration and profile). */
export const website = z
  .string()
  .trim()
  .max(255, accountMessages.tooLong(255))
  .transform((value) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')
    } catch {
      return false
    }
  }, accountMessages.url)
  .optional()

/**
 * Personal and company data of /account/profile (POST /account/change-profile). Company fields only
 * for business accounts, where the store requires company and VAT ID. The invoice email is fixed at
 * registration (spec sections 5 and 6), so it is not part of the form.
 */
const personalProfile = z.object({
  salutationId: z.string().regex(HEX_ID, accountMessages.choice).optional(),
  firstName: requiredText(),
  lastName: requiredText(),
})

const businessProfile = personalProfile.extend({
  company: requiredText(),
  companyType: z.enum(companyTypes, { errorMap: () => ({ message: accountMessages.choice }) }).optional(),
  vatId: requiredVatId,
  companyWebsite: website,
})

export function profileSchema({ business }: { business: boolean }) {
  return business ? businessProfile : personalProfile
}

export type ProfileValues = z.infer<typeof personalProfile> & Partial<z.infer<typeof businessProfile>>
