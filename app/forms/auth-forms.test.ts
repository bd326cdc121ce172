import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { loginSchema } from './login'
import { formMessage, parseFormMessage, translateFormMessage, validation } from './messages'
import { recoverSchema } from './recover'
import { registerSchema, type CountryChoice } from './register'
import { resetPasswordSchema } from './reset-password'

function form(entries: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.append(name, value)
  return data
}

function errorsOf(submission: { status?: string; reply(): { error?: Record<string, string[] | null> | null } }) {
  return submission.reply().error ?? {}
}

const DE = 'd'.repeat(32)
const AT = 'a'.repeat(32)
const BAVARIA = 'b'.repeat(32)
const TYROL = 't'.repeat(32)
const countries: CountryChoice[] = [
  { value: DE, states: [{ value: BAVARIA }] },
  { value: AT, states: [{ value: TYROL }] },
  { value: 'f'.repeat(32), states: [] },
]

const validRegistration = {
  salutationId: 's'.repeat(32),
  firstName: 'Anna',
  lastName: 'Holz',
  email: 'anna@example.com',
  password: 'Forst2024!',
  passwordConfirm: 'Forst2024!',
  company: 'Holz GmbH',
  companyType: 'gmbh',
  vatId: 'DE123456789',
  acceptedDataProtection: 'on',
  'billingAddress.street': 'Waldweg 1',
  'billingAddress.zipcode': '80331',
  'billingAddress.city': 'München',
  'billingAddress.countryId': DE,
}

describe('form messages', () => {
  it('carries values with the key and translates them with the field name', () => {
    const message = formMessage('auth:validation.minLength', { min: 8 })
    expect(parseFormMessage(message)).toEqual({ key: 'auth:validation.minLength', values: { min: 8 } })
    expect(parseFormMessage('auth:validation.required')).toEqual({ key: 'auth:validation.required', values: {} })
    const t = ((key: string, values: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`) as never
    expect(translateFormMessage(t, message, { field: 'Password' })).toBe('auth:validation.minLength:{"field":"Password","min":8}')
  })
})

describe('login schema', () => {
  it('accepts an email and a password, trimming the email', () => {
    const submission = parseWithZod(form({ email: ' kunde@example.com ', password: 'x' }), { schema: loginSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value.email).toBe('kunde@example.com')
  })

  it('names missing and malformed fields with translated keys', () => {
    const submission = parseWithZod(form({ email: 'not-an-email' }), { schema: loginSchema })
    expect(errorsOf(submission)).toEqual({ email: [validation.email], password: [validation.required] })
  })

  it('hides the password from the reply', () => {
    const submission = parseWithZod(form({ email: 'x', password: 'secret-value' }), { schema: loginSchema })
    const reply = submission.reply({ hideFields: ['password'] })
    expect(JSON.stringify(reply)).not.toContain('secret-value')
    expect(reply.initialValue?.email).toBe('x')
  })
})

describe('recover schema', () => {
  it('requires a valid email', () => {
    expect(errorsOf(parseWithZod(form({}), { schema: recoverSchema }))).toEqual({ email: [validation.required] })
    expect(parseWithZod(form({ email: 'a@b.de' }), { schema: recoverSchema }).status).toBe('success')
  })
})

describe('reset password schema', () => {
  const hash = 'H'.repeat(32)
  it('needs 8 characters and the same repetition', () => {
    expect(errorsOf(parseWithZod(form({ hash, password: 'short', passwordConfirm: 'short' }), { schema: resetPasswordSchema }))).toEqual({
      password: [formMessage('auth:validation.minLength', { min: 8 })],
    })
    expect(
      errorsOf(parseWithZod(form({ hash, password: 'long enough', passwordConfirm: 'different' }), { schema: resetPasswordSchema })),
    ).toEqual({ passwordConfirm: [validation.repeatPassword] })
    expect(parseWithZod(form({ hash, password: 'long enough', passwordConfirm: 'long enough' }), { schema: resetPasswordSchema }).status).toBe(
      'success',
    )
  })

  it('refuses a hash that is no recovery hash', () => {
    const submission = parseWithZod(form({ hash: '../x', password: 'long enough', passwordConfirm: 'long enough' }), {
      schema: resetPasswordSchema,
    })
    expect(errorsOf(submission)).toEqual({ hash: [validation.invalid] })
  })
})

describe('register schema', () => {
  it('accepts a complete business registration and drops the repetition', () => {
    const submission = parseWithZod(form({ ...validRegistration, vatId: 'de 123 456 789', reseller: 'on', 'billingAddress.countryStateId': BAVARIA }), {
      schema: registerSchema(countries),
    })
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({ reseller: true, newsletter: false, companyType: 'gmbh', vatId: 'DE123456789', shippingAddress: undefined })
    expect(submission.value).not.toHaveProperty('passwordConfirm')
    expect(submission.value.billingAddress.countryStateId).toBe(BAVARIA)
  })

  it('requires the data protection consent, a legal form from the list and matching passwords', () => {
    const { acceptedDataProtection: _, ...rest } = validRegistration
    const errors = errorsOf(
      parseWithZod(form({ ...rest, companyType: 'llc', passwordConfirm: 'other' }), { schema: registerSchema(countries) }),
    )
    expect(errors).toEqual({
      acceptedDataProtection: [validation.dataProtection],
      companyType: [validation.choice],
      passwordConfirm: [validation.repeatPassword],
    })
  })

  it('says the repeated password is required when it is empty, also while the password is missing', () => {
    const { password: _p, passwordConfirm: _c, ...rest } = validRegistration
    const errors = errorsOf(parseWithZod(form(rest), { schema: registerSchema(countries) }))
    expect(errors).toMatchObject({ password: [validation.required], passwordConfirm: [validation.required] })
  })

  it('refuses a state of another country (the no-JS select lists them all)', () => {
    const errors = errorsOf(
      parseWithZod(form({ ...validRegistration, 'billingAddress.countryStateId': TYROL }), { schema: registerSchema(countries) }),
    )
    expect(errors).toEqual({ 'billingAddress.countryStateId': [validation.stateOfCountry] })
  })

  it('refuses a country the shop does not offer', () => {
    const errors = errorsOf(
      parseWithZod(form({ ...validRegistration, 'billingAddress.countryId': 'e'.repeat(32) }), { schema: registerSchema(countries) }),
    )
    expect(errors).toEqual({ 'billingAddress.countryId': [validation.choice] })
  })

  it('ignores the shipping fields unless a different shipping address is ticked', () => {
    const partial = { 'shippingAddress.street': 'Halbe Angabe', 'shippingAddress.countryId': AT }
    const unticked = parseWithZod(form({ ...validRegistration, ...partial }), { schema: registerSchema(countries) })
    expect(unticked.status).toBe('success')
    expect(unticked.status === 'success' && unticked.value.shippingAddress).toBeUndefined()

    const ticked = parseWithZod(form({ ...validRegistration, ...partial, differentShipping: 'on' }), { schema: registerSchema(countries) })
    expect(errorsOf(ticked)).toEqual({
      'shippingAddress.zipcode': [validation.required],
      'shippingAddress.city': [validation.required],
    })

    const complete = parseWithZod(
      form({ ...validRegistration, ...partial, differentShipping: 'on', 'shippingAddress.zipcode': '6020', 'shippingAddress.city': 'Innsbruck', 'shippingAddress.countryStateId': TYROL }),
      { schema: registerSchema(countries) },
    )
    expect(complete.status === 'success' && complete.value.shippingAddress).toEqual({
      street: 'Halbe Angabe', zipcode: '6020', city: 'Innsbruck', countryId: AT, countryStateId: TYROL,
    })
  })

  it('checks the optional invoice email and website only when given', () => {
    const errors = errorsOf(
      parseWithZod(form({ ...validRegistration, invoiceEmail: 'nope', companyWebsite: 'javascript:alert(1)' }), {
        schema: registerSchema(countries),
      }),
    )
    expect(errors).toEqual({ invoiceEmail: [validation.email], companyWebsite: [validation.url] })
  })

  it('takes a website without https:// as the profile does, and adds it', () => {
    const submission = parseWithZod(form({ ...validRegistration, companyWebsite: 'www.wald.de' }), { schema: registerSchema(countries) })
    expect(submission.status === 'success' && submission.value.companyWebsite).toBe('https://www.wald.de')
  })
})
