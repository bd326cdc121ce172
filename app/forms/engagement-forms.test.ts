import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contactSchema, HONEYPOT_FIELD } from './contact'
import { decimalExample, parseDecimal } from './decimal'
import { accountNewsletterSchema, newsletterSchema, unsubscribeSchema } from './newsletter'
import { validation } from './messages'
import { priceRequestSchema } from './price-request'
import { reviewSchema } from './review'

function form(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(values)) data.set(name, value)
  return data
}

describe('parseDecimal (locale-aware amounts)', () => {
  it('reads each page language’s own notation', () => {
    expect(parseDecimal('de', '1.234,50')).toEqual({ ok: true, value: 1234.5, decimals: 2 })
    expect(parseDecimal('en', '1,234.50')).toEqual({ ok: true, value: 1234.5, decimals: 2 })
    expect(parseDecimal('fr', '1\u202f234,50')).toEqual({ ok: true, value: 1234.5, decimals: 2 })
    expect(parseDecimal('fr', '1 234,5')).toEqual({ ok: true, value: 1234.5, decimals: 1 })
    expect(parseDecimal('de', '950')).toEqual({ ok: true, value: 950, decimals: 0 })
    expect(parseDecimal('de', '1.234')).toEqual({ ok: true, value: 1234, decimals: 0 })
    expect(parseDecimal('de', '1.234,50 €')).toEqual({ ok: true, value: 1234.5, decimals: 2 })
  })

  it('takes the other decimal mark only where it cannot be a thousands group', () => {
    expect(parseDecimal('de', '12.5')).toEqual({ ok: true, value: 12.5, decimals: 1 })
    expect(parseDecimal('en', '12,50')).toEqual({ ok: true, value: 12.5, decimals: 2 })
    // '1,234' in English is one thousand two hundred thirty-four, not 1.234.
    expect(parseDecimal('en', '1,234')).toEqual({ ok: true, value: 1234, decimals: 0 })
  })

  it('refuses what is no amount', () => {
    for (const input of ['', 'abc', '1.2.3', '12,5,0', '1.23,4.5', '-5', '1e5', '12.345.6']) {
      expect(parseDecimal('de', input).ok, input).toBe(false)
    }
    expect(parseDecimal('en', '1.234,50').ok).toBe(false)
  })

  it('shows an example per language', () => {
    expect(decimalExample('de')).toBe('1.234,50')
    expect(parseDecimal('fr', decimalExample('fr'))).toMatchObject({ ok: true, value: 1234.5 })
  })
})

const productId = 'db5679f1dfaf19048ecd70ff57f0285c'
const priceRequest = {
  productId,
  desiredPrice: '1.234,50',
  quantity: '2',
  comment: 'Bitte um ein Angebot.',
  firstName: 'Anna',
  lastName: 'Förster',
  email: 'anna@example.com',
}

describe('priceRequestSchema', () => {
  it('turns the typed amount into a number', () => {
    const submission = parseWithZod(form(priceRequest), { schema: priceRequestSchema('de') })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({ desiredPrice: 1234.5, quantity: 2, email: 'anna@example.com' })
  })

  it('puts each problem at its field as a translatable message', () => {
    const submission = parseWithZod(
      form({ ...priceRequest, desiredPrice: '12,345', quantity: '0', comment: ' ', email: 'nope', firstName: '' }),
      { schema: priceRequestSchema('de') },
    )
    const errors = submission.reply().error ?? {}
    expect(errors.desiredPrice).toEqual(['contact:validation.maxDecimals'])
    expect(errors.quantity).toEqual(['contact:validation.minQuantity|{"min":1}'])
    expect(errors.comment).toEqual(['auth:validation.required'])
    expect(errors.email).toEqual(['auth:validation.email'])
    expect(errors.firstName).toEqual(['auth:validation.required'])
  })

  it('refuses zero, letters and amounts beyond reason, and names the example of the language', () => {
    const errorsOf = (desiredPrice: string, locale: 'de' | 'en' = 'de') =>
      parseWithZod(form({ ...priceRequest, desiredPrice }), { schema: priceRequestSchema(locale) }).reply().error?.desiredPrice
    expect(errorsOf('0')).toEqual(['contact:validation.positive'])
    expect(errorsOf('zwölf')).toEqual(['contact:validation.decimal|{"example":"1.234,50"}'])
    expect(errorsOf('zwölf', 'en')).toEqual(['contact:validation.decimal|{"example":"1,234.50"}'])
    expect(errorsOf('')).toEqual(['auth:validation.required'])
    expect(errorsOf('99.999.999')).toEqual(['contact:validation.maxAmount|{"max":10000000}'])
  })

  it('keeps the comment within 2000 characters and the quantity whole', () => {
    const submission = parseWithZod(form({ ...priceRequest, comment: 'x'.repeat(2001), quantity: '1.5' }), {
      schema: priceRequestSchema('en'),
    })
    const errors = submission.reply().error ?? {}
    expect(errors.comment).toEqual(['auth:validation.maxLength|{"max":2000}'])
    expect(errors.quantity).toEqual(['contact:validation.integer'])
  })
})

describe('contactSchema', () => {
  const contact = { subject: 'Lieferzeit', comment: 'Wann kommt die Winde?', firstName: 'Anna', lastName: 'Förster', email: 'anna@example.com' }

  it('accepts the required fields; phone, order number and the CMS slot are optional', () => {
    const submission = parseWithZod(form(contact), { schema: contactSchema })
    expect(submission.status).toBe('success')
    const withExtras = parseWithZod(form({ ...contact, phone: '+49 7151 1', orderNumber: '10042', slotId: 'a'.repeat(32) }), {
      schema: contactSchema,
    })
    expect(withExtras.status === 'success' && withExtras.value).toMatchObject({ orderNumber: '10042', slotId: 'a'.repeat(32) })
  })

  it('rejects a bad email and empty fields at the fields', () => {
    const errors = parseWithZod(form({ ...contact, email: 'anna@', subject: '' }), { schema: contactSchema }).reply().error ?? {}
    expect(errors.email).toEqual(['auth:validation.email'])
    expect(errors.subject).toEqual(['auth:validation.required'])
  })

  it('answers a field sent twice and a field missing without a message of its own with translated messages', () => {
    const data = form(contact)
    data.append('email', 'other@example.com')
    data.set(HONEYPOT_FIELD, 'a')
    data.append(HONEYPOT_FIELD, 'b')
    const errors = parseWithZod(data, { schema: contactSchema }).reply().error ?? {}
    expect(errors.email).toEqual(['auth:validation.invalid'])
    expect(errors[HONEYPOT_FIELD]).toEqual(['auth:validation.invalid'])
    expect(parseWithZod(new FormData(), { schema: z.object({ subject: z.string() }) }).reply().error?.subject).toEqual(['auth:validation.required'])
  })

  it('lets the honeypot through to the action, which drops the message', () => {
    const submission = parseWithZod(form({ ...contact, [HONEYPOT_FIELD]: 'http://spam.example' }), { schema: contactSchema })
    expect(submission.status === 'success' && submission.value[HONEYPOT_FIELD]).toBe('http://spam.example')
  })

  it('refuses a slot id that is no store id', () => {
    const errors = parseWithZod(form({ ...contact, slotId: '../x' }), { schema: contactSchema }).reply().error ?? {}
    expect(errors.slotId).toBeDefined()
  })
})

describe('newsletter schemas', () => {
  it('want a valid address', () => {
    expect(parseWithZod(form({ email: ' kunde@example.com ' }), { schema: newsletterSchema }).status).toBe('success')
    expect(parseWithZod(form({ email: 'kunde' }), { schema: newsletterSchema }).reply().error?.email).toEqual(['auth:validation.email'])
    expect(parseWithZod(form({}), { schema: unsubscribeSchema }).reply().error?.email).toEqual(['auth:validation.required'])
  })
})

describe('review form (POST /product/{productId}/review)', () => {
  const errors = (values: Record<string, string>) => {
    const submission = parseWithZod(form(values), { schema: reviewSchema })
    return submission.status === 'success' ? {} : submission.error
  }
  const valid = { points: '4', title: 'Scharf und gut', content: 'Seit zwei Wintern im Brennholz im Einsatz, ohne Schaden.' }

  it('takes 1 to 5 stars, a title of at least 5 and a text of at least 40 characters', () => {
    const submission = parseWithZod(form(valid), { schema: reviewSchema })
    expect(submission.status === 'success' && submission.value).toEqual({ ...valid, points: 4 })
  })

  it('names each refused field, as Shopware would refuse it', () => {
    for (const points of ['', '0', '6', '2.5', 'x']) expect(errors({ ...valid, points })).toEqual({ points: ['contact:review.pointsRequired'] })
    expect(errors({ ...valid, title: ' Gut ' })).toEqual({ title: ['auth:validation.minLength|{"min":5}'] })
    expect(errors({ ...valid, content: 'Zu kurz.' })).toEqual({ content: ['auth:validation.minLength|{"min":40}'] })
    expect(errors({ points: '5' })).toEqual({ title: ['auth:validation.required'], content: ['auth:validation.required'] })
  })
})

describe('accountNewsletterSchema', () => {
  it('takes one of the two buttons and refuses anything else for the whole form', () => {
    const parse = (values: Record<string, string>) => parseWithZod(form({ intent: 'newsletter', ...values }), { schema: accountNewsletterSchema })
    const yes = parse({ subscribe: 'yes' })
    expect(yes.status === 'success' && yes.value).toEqual({ subscribe: true })
    const no = parse({ subscribe: 'no' })
    expect(no.status === 'success' && no.value).toEqual({ subscribe: false })
    const twice = form({ intent: 'newsletter', subscribe: 'yes' })
    twice.append('subscribe', 'no')
    for (const refused of [parse({ subscribe: 'maybe' }), parse({}), parseWithZod(twice, { schema: accountNewsletterSchema })]) {
      expect(refused.status).toBe('error')
      expect(refused.reply().error).toEqual({ '': [validation.choice] })
    }
  })
})
