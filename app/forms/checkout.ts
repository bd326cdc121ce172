import { z } from './zod'
import { addressSchema } from './address'
import { validation } from './messages'
import { HEX_ID } from '~/lib/hex-id'
import { optionalText, optionalVatId, requiredText } from './profile'

/**
 * The forms of the one-page checkout (app/routes/checkout.tsx). Every section posts on its own with
 * a hidden `intent` (without JavaScript the choices post with the order form: choicesSchema); the same schema checks in the browser (conform) and in the action. Messages
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

export const shippingAddressSchema = z.object({
  intent: z.literal('shipping-address'),
  shippingAddressId: pickedId(checkoutMessages.shippingAddressId),
})

export const billingAddressSchema = z.object({
  intent: z.literal('billing-address'),
  billingAddressId: pickedId(checkoutMessages.billingAddressId),
})

/** A new address entered at the checkout, used for shipping, billing or both once saved. */
export const newAddressSchema = addressSchema.omit({ addressId: true }).extend({
  intent: z.literal('new-address'),
  use: z.enum(['shipping', 'billing', 'both'], { errorMap: () => ({ message: validation.choice }) }),
})

/**
 * Without JavaScript the new address travels with the order form too (checkout-page.tsx): any of its
 * buttons takes an address the shopper has begun to type, the address's own button one left empty.
 * The names and country are filled in beforehand, so they do not count as begun.
 */
export const typedAddressSchema = newAddressSchema.omit({ intent: true })

const typedAddressFields = ['company', 'department', 'street', 'additionalAddressLine1', 'zipcode', 'city', 'phoneNumber'] as const

export function hasTypedAddress(formData: FormData): boolean {
  return typedAddressFields.some((name) => String(formData.get(name) ?? '').trim() !== '')
}

export const shippingMethodSchema = z.object({
  intent: z.literal('shipping-method'),
  shippingMethodId: pickedId(checkoutMessages.shippingMethodId),
})

export const paymentMethodSchema = z.object({
  intent: z.literal('payment-method'),
  paymentMethodId: pickedId(checkoutMessages.paymentMethodId),
})

/** Without JavaScript a promotion's remove button posts with the order form under this name, its value the line's id. */
export const REMOVE_PROMOTION_FIELD = 'removePromotion'

/** The sections whose choice is one id of the store context, by intent, with the context field it sets. */
export const choiceFields = {
  'shipping-address': 'shippingAddressId',
  'billing-address': 'billingAddressId',
  'shipping-method': 'shippingMethodId',
  'payment-method': 'paymentMethodId',
} as const

export type ChoiceIntent = keyof typeof choiceFields
export type ChoiceField = (typeof choiceFields)[ChoiceIntent]
export type Choices = Partial<Record<ChoiceField, string>>

export function isChoiceIntent(intent: string): intent is ChoiceIntent {
  return Object.hasOwn(choiceFields, intent)
}

export function choiceIntentOf(field: string): ChoiceIntent | undefined {
  return (Object.keys(choiceFields) as ChoiceIntent[]).find((intent) => choiceFields[intent] === field)
}

/**
 * Without JavaScript every choice travels with the order form (checkout-page.tsx), so what the
 * shopper typed for the order comes along: the clicked section's choice is required, the others
 * come as they stand, each beside the value the page was rendered with ('was').
 */
export function choicesSchema(clicked?: ChoiceIntent) {
  const field = (intent: ChoiceIntent) => {
    const id = pickedId(checkoutMessages[choiceFields[intent]])
    return intent === clicked ? id : id.optional()
  }
  const shown = z.string().max(64).optional()
  return z.object({
    shippingAddressId: field('shipping-address'),
    billingAddressId: field('billing-address'),
    shippingMethodId: field('shipping-method'),
    paymentMethodId: field('payment-method'),
    was: z.object({ shippingAddressId: shown, billingAddressId: shown, shippingMethodId: shown, paymentMethodId: shown }).optional(),
  })
}

/** The choices that differ from what the page showed: only those are sent to the store. */
export function changedChoices(value: z.infer<ReturnType<typeof choicesSchema>>): Choices {
  const changed: Choices = {}
  for (const field of Object.values(choiceFields)) {
    const chosen = value[field]
    if (chosen && chosen !== value.was?.[field]) changed[field] = chosen
  }
  return changed
}

/** What the shopper has typed into the order form so far, kept while a choice above it changes. */
export interface OrderDraft {
  contactPerson: string
  desiredDate: string
  comment: string
  tos: boolean
  waiver: boolean
}

/**
 * The order form's values when it carried the submission (it always has the contact person field),
 * cut to the lengths the order accepts. Kept as typed: they are checked when the order is sent.
 */
export function orderDraftOf(formData: FormData): OrderDraft | undefined {
  if (!formData.has('contactPerson')) return undefined
  const text = (name: string, max: number) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value.slice(0, max) : ''
  }
  return {
    contactPerson: text('contactPerson', 255),
    desiredDate: text('desiredDate', 10),
    comment: text('comment', 2000),
    tos: formData.get('tos') === 'on',
    waiver: formData.get('waiver') === 'on',
  }
}

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
  vatId: optionalVatId,
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
