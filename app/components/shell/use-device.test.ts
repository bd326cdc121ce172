import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceSettleMs, onSettledResize } from './use-device'

describe('onSettledResize', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('re-evaluates once, 50 ms after the last of a burst of resizes', () => {
    const target = new EventTarget() as unknown as Window
    const evaluate = vi.fn()
    onSettledResize(target, evaluate)
    expect(deviceSettleMs).toBe(50)
    for (let i = 0; i < 5; i += 1) {
      target.dispatchEvent(new Event('resize'))
      vi.advanceTimersByTime(30)
    }
    expect(evaluate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(19)
    expect(evaluate).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(evaluate).toHaveBeenCalledTimes(1)
  })

  it('stops listening and drops a pending evaluation when disposed', () => {
    const target = new EventTarget() as unknown as Window
    const evaluate = vi.fn()
    const stop = onSettledResize(target, evaluate)
    target.dispatchEvent(new Event('resize'))
    stop()
    target.dispatchEvent(new Event('resize'))
    vi.advanceTimersByTime(200)
    expect(evaluate).not.toHaveBeenCalled()
  })
})
