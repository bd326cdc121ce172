import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import {
  changedChoices,
  checkoutMessages,
  choiceIntentOf,
  choicesSchema,
  orderDraftOf,
  guestSchema,
  isCalendarDate,
  isSunday,
  newAddressSchema,
  orderSchema,
  payAgainSchema,
  paymentMethodSchema,
  shippingAddressSchema,
  billingAddressSchema,
  shippingMethodSchema,
  shopToday,
} from './checkout'

function form(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(values)) data.append(name, value)
  return data
}

// 2026-11-23 is a Monday; 2026-11-29 a Sunday.
const rules = { today: '2026-11-23', needsWaiver: false }

function orderErrors(values: Record<string, string>, options = rules) {
  const submission = parseWithZod(form({ intent: 'order', ...values }), { schema: orderSchema(options) })
  return submission.status === 'success' ? {} : submission.error ?? {}
}

describe('order form', () => {
  it('accepts the terms alone: contact person, date and comment are optional', () => {
    const submission = parseWithZod(form({ intent: 'order', tos: 'on' }), { schema: orderSchema(rules) })
    expect(submission.status).toBe('success')
  })

  it('refuses an order without the accepted terms at the terms field', () => {
    expect(orderErrors({ contactPerson: 'Anna Forst' })).toEqual({ tos: [checkoutMessages.tos] })
  })

  it('refuses a desired delivery date in the past but takes today and later weekdays', () => {
    expect(orderErrors({ tos: 'on', desiredDate: '2026-11-22' })).toEqual({ desiredDate: [checkoutMessages.datePast] })
    expect(orderErrors({ tos: 'on', desiredDate: '2026-11-23' })).toEqual({})
    expect(orderErrors({ tos: 'on', desiredDate: '2026-11-28' })).toEqual({})
  })

  it('refuses a Sunday as desired delivery date', () => {
    expect(orderErrors({ tos: 'on', desiredDate: '2026-11-29' })).toEqual({ desiredDate: [checkoutMessages.dateSunday] })
  })

  it('refuses dates that do not exist or are not dates', () => {
    expect(orderErrors({ tos: 'on', desiredDate: '2026-02-30' })).toEqual({ desiredDate: [checkoutMessages.dateInvalid] })
    expect(orderErrors({ tos: 'on', desiredDate: 'morgen' })).toEqual({ desiredDate: [checkoutMessages.dateInvalid] })
  })

  it('asks for the waiver of cancellation only when the cart holds downloads', () => {
    expect(orderErrors({ tos: 'on' }, { ...rules, needsWaiver: true })).toEqual({ waiver: [checkoutMessages.waiver] })
    expect(orderErrors({ tos: 'on', waiver: 'on' }, { ...rules, needsWaiver: true })).toEqual({})
    expect(orderErrors({ tos: 'on' }, { ...rules, needsWaiver: false })).toEqual({})
  })

  it('reports every problem of one submit together', () => {
    expect(orderErrors({ desiredDate: '2020-01-01' }, { ...rules, needsWaiver: true })).toEqual({
      tos: [checkoutMessages.tos],
      waiver: [checkoutMessages.waiver],
      desiredDate: [checkoutMessages.datePast],
    })
  })

  it('keeps the values it checked', () => {
    const submission = parseWithZod(
      form({ intent: 'order', tos: 'on', contactPerson: ' Anna Forst ', desiredDate: '2026-11-24', comment: 'Bitte an Tor 2' }),
      { schema: orderSchema(rules) },
    )
    expect(submission.status === 'success' && submission.value).toMatchObject({
      contactPerson: 'Anna Forst',
      desiredDate: '2026-11-24',
      comment: 'Bitte an Tor 2',
    })
  })
})

describe('date helpers', () => {
  it('knows calendar days and Sundays', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true)
    expect(isCalendarDate('2025-02-29')).toBe(false)
    expect(isSunday('2026-11-29')).toBe(true)
    expect(isSunday('2026-11-30')).toBe(false)
  })

  it('takes today in the shop time zone (Germany), not UTC', () => {
    // 23:30 UTC on 23 November is already 24 November in Berlin.
    expect(shopToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24')
    expect(shopToday(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23')
  })
})

describe('choices', () => {
  const hex = 'a'.repeat(32)

  it("answers a missing id with 'You need to provide … id' of the right choice", () => {
    const cases = [
      [shippingAddressSchema, { intent: 'shipping-address' }, 'shippingAddressId', checkoutMessages.shippingAddressId],
      [billingAddressSchema, { intent: 'billing-address' }, 'billingAddressId', checkoutMessages.billingAddressId],
      [shippingMethodSchema, { intent: 'shipping-method' }, 'shippingMethodId', checkoutMessages.shippingMethodId],
      [paymentMethodSchema, { intent: 'payment-method' }, 'paymentMethodId', checkoutMessages.paymentMethodId],
      [payAgainSchema, { intent: 'pay-again' }, 'paymentMethodId', checkoutMessages.paymentMethodId],
    ] as const
    for (const [schema, values, field, message] of cases) {
      const submission = parseWithZod(form(values), { schema: schema as typeof shippingMethodSchema })
      expect(submission.status).toBe('error')
      expect(submission.status === 'error' && submission.error?.[field]).toEqual([message])
    }
  })

  it('takes a well-formed id', () => {
    expect(parseWithZod(form({ intent: 'shipping-method', shippingMethodId: hex }), { schema: shippingMethodSchema }).status).toBe('success')
    expect(parseWithZod(form({ intent: 'shipping-method', shippingMethodId: 'x' }), { schema: shippingMethodSchema }).status).toBe('error')
  })
})

describe('choices sent with the order form (no JavaScript)', () => {
  const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((x) => x.repeat(32)) as [string, string, string, string, string]
  const shown = { 'was.shippingAddressId': a, 'was.billingAddressId': a, 'was.shippingMethodId': b, 'was.paymentMethodId': c }

  function changes(values: Record<string, string>, clicked?: Parameters<typeof choicesSchema>[0]) {
    const submission = parseWithZod(form(values), { schema: choicesSchema(clicked) })
    if (submission.status !== 'success') return submission.error
    return changedChoices(submission.value)
  }

  it('sends only what differs from the page the shopper saw', () => {
    const unchanged = { shippingAddressId: a, billingAddressId: a, shippingMethodId: b, paymentMethodId: c }
    expect(changes({ ...shown, ...unchanged }, 'shipping-method')).toEqual({})
    expect(changes({ ...shown, ...unchanged, shippingMethodId: d, billingAddressId: e }, 'shipping-address')).toEqual({ shippingMethodId: d, billingAddressId: e })
  })

  it("needs the clicked section's choice, with that section's message; the others may be missing", () => {
    expect(changes({ ...shown, paymentMethodId: d }, 'payment-method')).toEqual({ paymentMethodId: d })
    expect(changes({ ...shown, paymentMethodId: d }, 'shipping-method')).toEqual({ shippingMethodId: [checkoutMessages.shippingMethodId] })
    expect(changes({ ...shown, shippingMethodId: 'x' })).toEqual({ shippingMethodId: [checkoutMessages.shippingMethodId] })
  })

  it('knows the section of a context field', () => {
    expect(choiceIntentOf('billingAddressId')).toBe('billing-address')
    expect(choiceIntentOf('comment')).toBeUndefined()
  })

  it("keeps the order form's values as typed, cut to the lengths the order takes, only when the order form sent them", () => {
    expect(orderDraftOf(form({ intent: 'shipping-method', shippingMethodId: b }))).toBeUndefined()
    const draft = orderDraftOf(form({ contactPerson: 'Max Holzer', desiredDate: '2026-13-45', comment: 'x'.repeat(2500), tos: 'on' }))
    expect(draft).toEqual({ contactPerson: 'Max Holzer', desiredDate: '2026-13-45', comment: 'x'.repeat(2000), tos: true, waiver: false })
  })
})

describe('guest and address forms', () => {
  const guest = {
    intent: 'guest',
    salutationId: 'b'.repeat(32),
    firstName: 'Anna',
    lastName: 'Forst',
    email: 'anna@example.com',
    street: 'Waldweg 1',
    zipcode: '79098',
    city: 'Freiburg',
    countryId: 'c'.repeat(32),
  }

  it('takes a guest without company; company and VAT ID are optional', () => {
    expect(parseWithZod(form(guest), { schema: guestSchema }).status).toBe('success')
    expect(parseWithZod(form({ ...guest, company: 'Forst GmbH', vatId: 'DE123456789' }), { schema: guestSchema }).status).toBe('success')
  })

  it('sends a printed VAT ID bare and upper case, and one of separators only as none', () => {
    const vatIdOf = (vatId: string) => {
      const submission = parseWithZod(form({ ...guest, company: 'Forêt SARL', vatId }), { schema: guestSchema })
      return submission.status === 'success' ? submission.value.vatId : 'error'
    }
    expect(vatIdOf('fr 12-345.678 901')).toBe('FR12345678901')
    expect(vatIdOf(' - ')).toBeUndefined()
  })

  it('needs the names, a valid email and the address', () => {
    const submission = parseWithZod(form({ intent: 'guest', email: 'nope' }), { schema: guestSchema })
    expect(submission.status).toBe('error')
    expect(Object.keys((submission.status === 'error' && submission.error) || {}).sort()).toEqual(['city', 'countryId', 'email', 'firstName', 'lastName', 'salutationId', 'street', 'zipcode'])
  })

  it('says what a new address is for', () => {
    const address = { intent: 'new-address', firstName: 'Anna', lastName: 'Forst', street: 'Waldweg 1', zipcode: '79098', city: 'Freiburg', countryId: 'c'.repeat(32) }
    expect(parseWithZod(form({ ...address, use: 'both' }), { schema: newAddressSchema }).status).toBe('success')
    const wrong = parseWithZod(form({ ...address, use: 'elsewhere' }), { schema: newAddressSchema })
    expect(wrong.status === 'error' && wrong.error?.use).toBeTruthy()
  })
})
