import type { TFunction } from '~/lib/translator'

/**
 * Form errors travel as strings (conform keeps `string[]` per field), so a message is an i18n key
 * with namespace, optionally followed by its values as JSON: `auth:validation.minLength|{"min":8}`.
 * The field translates it where it is shown (form.tsx), adding the field's label as `field`.
 */
const SEPARATOR = '|'

export function formMessage(key: string, values?: Record<string, string | number>): string {
  return values && Object.keys(values).length ? `${key}${SEPARATOR}${JSON.stringify(values)}` : key
}

export function parseFormMessage(message: string): { key: string; values: Record<string, string | number> } {
  const at = message.indexOf(SEPARATOR)
  if (at < 0) return { key: message, values: {} }
  const key = message.slice(0, at)
  try {
    const parsed: unknown = JSON.parse(message.slice(at + 1))
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const values: Record<string, string | number> = {}
      for (const [name, value] of Object.entries(parsed)) {
        if (typeof value === 'string' || typeof value === 'number') values[name] = value
      }
      return { key, values }
    }
  } catch {
    // Not our encoding: show the key as given.
  }
  return { key, values: {} }
}

export function translateFormMessage(t: TFunction, message: string, extra: Record<string, string | number> = {}): string {
  const { key, values } = parseFormMessage(message)
  return t(key, { ...extra, ...values })
}

const THROTTLED = 'auth:login.throttled'

/** A store's rate limit as a form error: 'Too many requests. Please wait {seconds} seconds…'. */
export function throttledMessage(seconds: number): string {
  return formMessage(THROTTLED, { count: seconds })
}

/** The wait a rate limit's message names, or undefined for any other message. */
export function throttledSecondsOf(message: string): number | undefined {
  const { key, values } = parseFormMessage(message)
  return key === THROTTLED && typeof values.count === 'number' ? values.count : undefined
}

/** Shared validation messages (locales/{de,en,fr}/auth.json `validation`); other forms may use them too. */
export const validation = {
  required: 'auth:validation.required',
  email: 'auth:validation.email',
  url: 'auth:validation.url',
  minLength: (min: number) => formMessage('auth:validation.minLength', { min }),
  maxLength: (max: number) => formMessage('auth:validation.maxLength', { max }),
  repeatPassword: 'auth:validation.repeatPassword',
  choice: 'auth:validation.choice',
  notBlank: 'auth:validation.notBlank',
  invalid: 'auth:validation.invalid',
  tooShort: 'auth:validation.tooShort',
  tooLong: 'auth:validation.tooLong',
  emailNotUnique: 'auth:validation.emailNotUnique',
  passwordNotCorrect: 'auth:validation.passwordNotCorrect',
  vatIdFormat: 'auth:validation.vatIdFormat',
  zipCodeInvalid: 'auth:validation.zipCodeInvalid',
  stateOfCountry: 'auth:validation.stateOfCountry',
  dataProtection: 'auth:validation.dataProtection',
} as const
