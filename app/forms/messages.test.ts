import { describe, expect, it } from 'vitest'
import { formMessage, throttledMessage, throttledSecondsOf, validation } from './messages'

describe('throttledSecondsOf', () => {
  it('reads the wait back from a rate limit’s message', () => {
    expect(throttledSecondsOf(throttledMessage(7))).toBe(7)
  })

  it('is undefined for every other message, and for a wait that is not a number', () => {
    expect(throttledSecondsOf(validation.required)).toBeUndefined()
    expect(throttledSecondsOf(formMessage('auth:validation.minLength', { min: 8 }))).toBeUndefined()
    expect(throttledSecondsOf('auth:login.throttled|{"count":"soon"}')).toBeUndefined()
    expect(throttledSecondsOf('auth:login.throttled|not json')).toBeUndefined()
  })
})
