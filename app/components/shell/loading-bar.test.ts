import { describe, expect, it } from 'vitest'
import { estimatedProgress, loadingBarTiming } from './loading-bar'

describe('estimatedProgress', () => {
  it('starts at zero and rises monotonically', () => {
    expect(estimatedProgress(0)).toBe(0)
    const samples = [100, 500, 1000, 3000, 10_000].map((ms) => estimatedProgress(ms))
    expect(samples).toEqual([...samples].sort((a, b) => a - b))
  })
  it('is about 70 % after the configured duration and never reaches 100 %', () => {
    expect(estimatedProgress(loadingBarTiming.duration)).toBeCloseTo(70.5, 0)
    expect(estimatedProgress(600_000)).toBeLessThan(100)
  })
  it('uses the spec timings', () => {
    expect(loadingBarTiming).toEqual({ duration: 3000, throttle: 200, hideDelay: 500, resetDelay: 400 })
  })
})
