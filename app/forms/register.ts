import { z } from './zod'
import { validation } from './messages'
import { requiredVatId, website } from './profile'
import { newPassword } from './reset-password'

/** Legal forms a company can register with (customer custom field forst_company_type). */
export const COMPANY_TYPES = ['omb', 'gbr', 'ag', 'gmbh', 'ug', 'gmbhcokg', 'kg', 'ohg'] as const
export type CompanyType = (typeof COMPANY_TYPES)[number]

/** What the form needs to know of a country: its id and the ids of its states (none: no state select). */
export interface CountryChoice {
  value: string
  states: { value: string }[]
}

const required = (max = 255) =>
  z.string({ required_error: validation.required }).trim().min(1, validation.required).max(max, validation.maxLength(max))
const optional = (max = 255) => z.string().trim().max(max, validation.maxLength(max)).optional()
// A ticked checkbox arrives as 'on', which conform turns into true; an unticked one is absent.
const flag = () => z.boolean({ invalid_type_error: validation.invalid }).optional()
const email = () => required(254).email(validation.email)

export const addressSchema = z.object({
  street: required(),
  zipcode: required(50),
  city: required(),
  countryId: required(64),
  countryStateId: optional(64),
})

export type AddressFormValues = z.infer<typeof addressSchema>

type Issue = { path: (string | number)[]; message: string }

/** A state must belong to the chosen country (the no-JS form lists the states of every country). */
function stateIssues(address: AddressFormValues, countries: CountryChoice[], prefix: string): Issue[] {
  if (!address.countryStateId || countries.length === 0) return []
  const country = countries.find((c) => c.value === address.countryId)
  if (!country) return [{ path: [prefix, 'countryId'], message: validation.choice }]
  return country.states.some((s) => s.value === address.countryStateId)
    ? []
    : [{ path: [prefix, 'countryStateId'], message: validation.stateOfCountry }]
}

function ticked(value: unknown): boolean {
  return value === true || value === 'on'
}

/**
 * Checks across fields, on the raw values: they run even when single fields fail (a zod refinement
 * of the object would wait until every field is valid), so one submit shows every problem.
 */
function crossFieldChecks(countries: CountryChoice[]) {
  return z
    .any()
    .superRefine((raw, ctx) => {
      const values = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
      const issues: Issue[] = []
      // A required field says so when empty, also while the password itself is still missing.
      if (values.passwordConfirm === undefined) issues.push({ path: ['passwordConfirm'], message: validation.required })
      else if (typeof values.password === 'string' && values.passwordConfirm !== values.password) {
        issues.push({ path: ['passwordConfirm'], message: validation.repeatPassword })
      }
      const billing = addressSchema.safeParse(values.billingAddress ?? {})
      if (billing.success) {
        issues.push(...stateIssues(billing.data, countries, 'billingAddress'))
        if (countries.length && !countries.some((c) => c.value === billing.data.countryId)) {
          issues.push({ path: ['billingAddress', 'countryId'], message: validation.choice })
        }
      }
      if (ticked(values.differentShipping)) {
        const shipping = addressSchema.safeParse(values.shippingAddress ?? {})
        if (shipping.success) issues.push(...stateIssues(shipping.data, countries, 'shippingAddress'))
        else for (const issue of shipping.error.issues) issues.push({ path: ['shippingAddress', ...issue.path], message: issue.message })
      }
      for (const issue of issues) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue })
    })
    // Contributes no values: the intersection's result is the field schema's.
    .transform(() => ({}))
}

/**
 * The business registration form. `countries` (from the store) lets it check the country and state
 * choices; the browser and the action pass the same list. The shipping address fields are always
 * in the page (so the form works without JavaScript) but only read when `differentShipping` is ticked.
 */
export function registerSchema(countries: CountryChoice[] = []) {
  const fields = z
    .object({
      salutationId: required(64),
      firstName: required(),
      lastName: required(),
      email: email(),
      password: newPassword(),
      passwordConfirm: z.string().optional(),
      company: required(),
      companyType: z.enum(COMPANY_TYPES, { errorMap: () => ({ message: validation.choice }) }),
      vatId: requiredVatId,
      invoiceEmail: z.string().trim().max(254, validation.maxLength(254)).email(validation.email).optional(),
      companyWebsite: website,
      phone: optional(40),
      reseller: flag(),
      newsletter: flag(),
      acceptedDataProtection: z
        .boolean({ required_error: validation.dataProtection, invalid_type_error: validation.dataProtection })
        .refine((accepted) => accepted, validation.dataProtection),
      billingAddress: addressSchema,
      differentShipping: flag(),
      // Checked by crossFieldChecks, only when a different shipping address was asked for.
      shippingAddress: z.unknown().optional(),
    })
    .transform(({ shippingAddress, differentShipping, passwordConfirm: _confirm, ...values }) => {
      const shipping = differentShipping ? addressSchema.safeParse(shippingAddress) : undefined
      return {
        ...values,
        reseller: values.reseller ?? false,
        newsletter: values.newsletter ?? false,
        shippingAddress: shipping?.success ? shipping.data : undefined,
      }
    })
  return z.intersection(fields, crossFieldChecks(countries))
}

export type RegisterValues = z.output<ReturnType<typeof registerSchema>>
