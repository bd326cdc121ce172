import { describe, expect, it } from 'vitest'
import { hydratesAtOnce } from './hydrate-at-once'

describe('hydratesAtOnce', () => {
  const countdown = { handle: { hydrateAtOnce: (data: unknown) => (data as { countdown?: boolean }).countdown === true } }

  it('waits for an interaction on a page whose routes do nothing by themselves', () => {
    expect(hydratesAtOnce([{ handle: undefined, data: {} }, { handle: { skipLink: () => undefined }, data: {} }])).toBe(false)
    expect(hydratesAtOnce([{ ...countdown, data: { countdown: false } }])).toBe(false)
  })

  it('hydrates at once where any route says so from its data', () => {
    expect(hydratesAtOnce([{ handle: undefined, data: {} }, { ...countdown, data: { countdown: true } }])).toBe(true)
    expect(hydratesAtOnce([{ ...countdown, data: { countdown: true } }, { handle: undefined, data: {} }])).toBe(true)
  })
})
