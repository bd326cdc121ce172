import { z } from './zod'
import { addressSchema } from './address'
import { validation } from './messages'
import { HEX_ID, optionalText, requiredText } from './profile'

/**
 * The forms of the one-page checkout (app/routes/checkout.tsx). Every section posts on its own with
 * a hidden `intent`; the same schema checks in the browser (conform) and in the action. Messages
 * are i18n keys (app/forms/messages.ts).
 */
export const checkoutMessages = {
  // Spec section 5: 'You need to provide ... id'.
  shippingAddressId: 'checkout:validation.shippingAddressId',
  billingAddressId: 'checkout:validation.billingAddressId',
  shippingMethodId: 'checkout:validation.shippingMethodId',
  paymentMethodId: 'checkout:validation.paymentMethodId',
  tos: 'checkout:validation.tos',
  waiver: 'checkout:validation.waiver',
  datePast: 'checkout:validation.datePast',
  dateSunday: 'checkout:validation.dateSunday',
  dateInvalid: 'checkout:validation.dateInvalid',
} as const

/** An id the shopper picked from a list: missing or malformed reads 'You need to provide a … id.'. */
function pickedId(message: string) {
  return z.string({ required_error: message }).trim().regex(HEX_ID, message)
}

/** The id rule depends on which address is chosen, so the message names the right one. */
export function addressChoiceValues(intent: 'shipping-address' | 'billing-address') {
  return z.object({
    intent: z.literal(intent),
    addressId: pickedId(intent === 'shipping-address' ? checkoutMessages.shippingAddressId : checkoutMessages.billingAddressId),
  })
}

export const shippingAddressSchema = addressChoiceValues('shipping-address')
export const billingAddressSchema = addressChoiceValues('billing-address')

/** A new address entered at the checkout, used for shipping, billing or both once saved. */
export const newAddressSchema = addressSchema.omit({ addressId: true }).extend({
  intent: z.literal('new-address'),
  use: z.enum(['shipping', 'billing', 'both'], { errorMap: () => ({ message: validation.choice }) }),
})

export const shippingMethodSchema = z.object({
  intent: z.literal('shipping-method'),
  shippingMethodId: pickedId(checkoutMessages.shippingMethodId),
})

export const paymentMethodSchema = z.object({
  intent: z.literal('payment-method'),
  paymentMethodId: pickedId(checkoutMessages.paymentMethodId),
})

const required = (max = 255) => requiredText(max)

/**
 * 'Continue as a guest' (spec sections 1 and 6: the 'do not create a customer account' choice): the
 * store registers a guest customer (POST /account/register with guest: true) and the session places
 * the order. Company and VAT ID are optional (B2B guests give them for the invoice).
 */
export const guestSchema = z.object({
  intent: z.literal('guest'),
  salutationId: z.string({ required_error: validation.required }).regex(HEX_ID, validation.choice),
  firstName: required(),
  lastName: required(),
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
  company: optionalText(),
  vatId: optionalText(50),
  street: required(),
  zipcode: required(50),
  city: required(),
  countryId: z.string({ required_error: validation.required }).regex(HEX_ID, validation.choice),
  countryStateId: z.string().regex(HEX_ID, validation.choice).optional(),
  phoneNumber: optionalText(40),
})

export type GuestValues = z.infer<typeof guestSchema>

export const loginIntentSchema = z.object({
  intent: z.literal('login'),
  email: z.string({ required_error: validation.required }).trim().max(254, validation.maxLength(254)).email(validation.email),
  password: z.string({ required_error: validation.required }).max(4096, validation.maxLength(4096)),
})

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** Today in the shop's time zone (Germany), as YYYY-MM-DD: the page and the action agree on it. */
export function shopToday(now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

/** Whether a YYYY-MM-DD string is a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export function isSunday(value: string): boolean {
  return new Date(`${value}T00:00:00Z`).getUTCDay() === 0
}

export interface OrderFormRules {
  /** Today (shopToday()): a desired delivery date before it is in the past. */
  today: string
  /** The cart holds downloads: the waiver of the right of cancellation must be ticked. */
  needsWaiver: boolean
}

// A ticked checkbox arrives as 'on', which conform turns into true; an unticked one is absent.
const tick = (message: string) =>
  z
    .boolean({ required_error: message, invalid_type_error: message })
    .optional()
    .refine((value) => value === true, message)

/**
 * Placing the order: contact person, optional desired delivery date (not in the past, not on a
 * Sunday: nobody delivers then), comment, the general terms (spec section 5) and, for digital
 * content, the waiver of the right of cancellation.
 */
export function orderSchema({ today, needsWaiver }: OrderFormRules) {
  return z.object({
    intent: z.literal('order'),
    contactPerson: optionalText(255),
    desiredDate: z
      .string()
      .trim()
      .optional()
      .superRefine((value, ctx) => {
        if (!value) return
        if (!isCalendarDate(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: checkoutMessages.dateInvalid })
        else if (value < today) ctx.addIssue({ code: z.ZodIssueCode.custom, message: checkoutMessages.datePast })
        else if (isSunday(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: checkoutMessages.dateSunday })
      }),
    comment: optionalText(2000),
    tos: tick(checkoutMessages.tos),
    waiver: needsWaiver ? tick(checkoutMessages.waiver) : z.boolean().optional(),
  })
}

export type OrderValues = z.infer<ReturnType<typeof orderSchema>>

/** Pay again after a failed payment (success page): the method to try. */
export const payAgainSchema = z.object({
  intent: z.literal('pay-again'),
  paymentMethodId: pickedId(checkoutMessages.paymentMethodId),
})
