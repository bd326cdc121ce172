import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { addressActionSchema, addressSchema } from './address'
import { changeEmailSchema } from './change-email'
import { changePasswordSchema, passwordFields } from './change-password'
import { paymentMethodSchema } from './payment-method'
import { accountMessages, profileSchema } from './profile'

const id = (n: number) => String(n).repeat(32).slice(0, 32)

function form(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.append(key, value)
  return data
}

describe('profile form', () => {
  const business = profileSchema({ business: true })

  it('accepts personal and company data and completes a bare website host', () => {
    const submission = parseWithZod(
      form({ salutationId: id(1), firstName: ' Max ', lastName: 'Holzer', company: 'Holzer GmbH', companyType: 'gmbh', vatId: 'DE298765432', companyWebsite: 'holzer.example' }),
      { schema: business },
    )
    expect(submission.status).toBe('success')
    if (submission.status !== 'success') return
    expect(submission.value).toMatchObject({ firstName: 'Max', companyType: 'gmbh', companyWebsite: 'https://holzer.example' })
  })

  it('requires names, company and VAT ID of a business account', () => {
    const submission = parseWithZod(form({ firstName: '', lastName: '  ', company: '', vatId: '' }), { schema: business })
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toMatchObject({
      firstName: [accountMessages.required],
      lastName: [accountMessages.required],
      company: [accountMessages.required],
      vatId: [accountMessages.required],
    })
  })

  it('sends a VAT ID as the store checks it: upper case, without the spaces, dots and dashes of a printed one', () => {
    const valid = { firstName: 'A', lastName: 'B', company: 'C' }
    const bare = (vatId: string) => {
      const submission = parseWithZod(form({ ...valid, vatId }), { schema: business })
      return submission.status === 'success' ? (submission.value as { vatId?: string }).vatId : submission.reply().error
    }
    expect(bare(' fr 12 345.678-901 ')).toBe('FR12345678901')
    expect(bare('atu12345678')).toBe('ATU12345678')
    expect(bare(' . - ')).toEqual({ vatId: [accountMessages.required] })
  })

  it('refuses unknown company types and websites that are no web address', () => {
    const submission = parseWithZod(
      form({ firstName: 'A', lastName: 'B', company: 'C', vatId: 'DE1', companyType: 'ltd', companyWebsite: 'javascript:alert(1)' }),
      { schema: business },
    )
    expect(submission.reply().error).toMatchObject({ companyType: [accountMessages.choice], companyWebsite: [accountMessages.url] })
  })

  it('asks a private account only for personal data', () => {
    const submission = parseWithZod(form({ firstName: 'A', lastName: 'B', company: 'ignored' }), { schema: profileSchema({ business: false }) })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && 'company' in submission.value).toBe(false)
  })
})

describe('change email form', () => {
  it('needs the same valid address twice and the password', () => {
    const ok = parseWithZod(form({ email: 'neu@example.com', emailConfirmation: 'Neu@Example.com', password: 'x' }), { schema: changeEmailSchema })
    expect(ok.status).toBe('success')
    const bad = parseWithZod(form({ email: 'neu@', emailConfirmation: 'other@example.com' }), { schema: changeEmailSchema })
    expect(bad.reply().error).toMatchObject({ email: [accountMessages.email], password: [accountMessages.required] })
    const mismatch = parseWithZod(form({ email: 'a@example.com', emailConfirmation: 'b@example.com', password: 'x' }), { schema: changeEmailSchema })
    expect(mismatch.reply().error).toEqual({ emailConfirmation: [accountMessages.emailRepeat] })
  })

  it('never sends the password back', () => {
    const bad = parseWithZod(form({ email: 'neu@', emailConfirmation: 'neu@', password: 'Geheim123!' }), { schema: changeEmailSchema })
    expect(JSON.stringify(bad.reply({ hideFields: ['password'] }))).not.toContain('Geheim123!')
  })
})

describe('change password form', () => {
  it('needs the current password, a new one of at least 8 characters and its repeat', () => {
    expect(parseWithZod(form({ password: 'alt', newPassword: 'NeuesPasswort1', newPasswordConfirm: 'NeuesPasswort1' }), { schema: changePasswordSchema }).status).toBe('success')
    const same = parseWithZod(form({ password: 'Forst2024!', newPassword: 'Forst2024!', newPasswordConfirm: 'Forst2024!' }), { schema: changePasswordSchema })
    expect(same.reply().error).toEqual({ newPassword: [accountMessages.passwordUnchanged] })
    const short = parseWithZod(form({ newPassword: 'kurz', newPasswordConfirm: 'kurz' }), { schema: changePasswordSchema })
    expect(short.reply().error).toMatchObject({ password: [accountMessages.required], newPassword: [accountMessages.passwordTooShort(8)] })
    const mismatch = parseWithZod(form({ password: 'alt', newPassword: 'NeuesPasswort1', newPasswordConfirm: 'NeuesPasswort2' }), { schema: changePasswordSchema })
    expect(mismatch.reply().error).toEqual({ newPasswordConfirm: [accountMessages.passwordRepeat] })
  })

  it('hides every password field in the reply', () => {
    const submission = parseWithZod(form({ password: 'AltesPw1!', newPassword: 'NeuesPw1!', newPasswordConfirm: 'Anders1!' }), { schema: changePasswordSchema })
    const reply = JSON.stringify(submission.reply({ hideFields: passwordFields }))
    for (const secret of ['AltesPw1!', 'NeuesPw1!', 'Anders1!']) expect(reply).not.toContain(secret)
  })
})

describe('address form', () => {
  const valid = { firstName: 'Max', lastName: 'Holzer', street: 'Waldweg 1', zipcode: '79098', city: 'Freiburg', countryId: id(2) }

  it('accepts an address with optional parts left empty', () => {
    const submission = parseWithZod(form({ ...valid, company: '', countryStateId: '' }), { schema: addressSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value.countryStateId).toBeUndefined()
  })

  it('names every missing required field', () => {
    const submission = parseWithZod(form({}), { schema: addressSchema })
    expect(Object.keys(submission.reply().error ?? {}).sort()).toEqual(['city', 'countryId', 'firstName', 'lastName', 'street', 'zipcode'])
  })

  it('refuses ids that are no store ids', () => {
    const submission = parseWithZod(form({ ...valid, countryId: 'DE', countryStateId: '../x' }), { schema: addressSchema })
    expect(submission.reply().error).toMatchObject({ countryId: [accountMessages.choice], countryStateId: [accountMessages.choice] })
  })

  it('knows the card actions only', () => {
    expect(addressActionSchema.safeParse({ intent: 'delete', addressId: id(3) }).success).toBe(true)
    expect(addressActionSchema.safeParse({ intent: 'edit-billing', addressId: id(3) }).success).toBe(false)
  })
})

describe('payment method form', () => {
  it('needs a payment method id', () => {
    expect(parseWithZod(form({ paymentMethodId: id(4) }), { schema: paymentMethodSchema }).status).toBe('success')
    expect(parseWithZod(form({}), { schema: paymentMethodSchema }).reply().error).toEqual({ paymentMethodId: [accountMessages.required] })
  })
})
