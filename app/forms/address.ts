import { z } from './zod'
import { HEX_ID } from '~/lib/hex-id'
import { accountMessages, optionalText, requiredText } from './profile'

/**
 * An address of /account/address (POST /account/address, PATCH /account/address/{id}). The postal
 * code's format depends on the country and is checked by the store (ZIP_CODE_INVALID at the field);
 * a state must belong to the country, which the store checks too.
 */
export const addressSchema = z.object({
  addressId: z.string().regex(HEX_ID).optional(),
  salutationId: z.string().regex(HEX_ID, accountMessages.choice).optional(),
  firstName: requiredText(),
  lastName: requiredText(),
  company: optionalText(),
  department: optionalText(),
  street: requiredText(),
  additionalAddressLine1: optionalText(),
  zipcode: requiredText(50),
  city: requiredText(),
  countryId: z.string({ required_error: accountMessages.required }).regex(HEX_ID, accountMessages.choice),
  countryStateId: z.string().regex(HEX_ID, accountMessages.choice).optional(),
  phoneNumber: optionalText(40),
})

export type AddressValues = z.infer<typeof addressSchema>

/** The buttons of an address card: delete, make default billing or default shipping address. */
export const addressActionSchema = z.object({
  intent: z.enum(['delete', 'default-billing', 'default-shipping']),
  addressId: z.string().regex(HEX_ID),
})
