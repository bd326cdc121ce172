import { describe, expect, it } from 'vitest'
import { hydratesAtOnce } from './hydrate-at-once'

describe('hydratesAtOnce', () => {
  const countdown = { handle: { hydrateAtOnce: (data: unknown) => (data as { countdown?: boolean }).countdown === true } }

  it('waits for an interaction on a page whose routes do nothing by themselves', () => {
    expect(hydratesAtOnce([{ handle: undefined, data: {} }, { handle: { skipLink: () => undefined }, data: {} }], false)).toBe(false)
    expect(hydratesAtOnce([{ ...countdown, data: { countdown: false } }], false)).toBe(false)
  })

  it('hydrates at once where a route says so from its data, or a message dismisses itself', () => {
    expect(hydratesAtOnce([{ handle: undefined, data: {} }, { ...countdown, data: { countdown: true } }], false)).toBe(true)
    expect(hydratesAtOnce([{ handle: undefined, data: {} }], true)).toBe(true)
  })
})
