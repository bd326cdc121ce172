import { describe, expect, it, vi } from 'vitest'
import { restoreScrollScript } from './scroll-restoration'

function run(state: { key?: string } | null, stored: string | null) {
  const history = { state, replaceState: vi.fn((next: { key: string }) => (history.state = next)) }
  const sessionStorage = { getItem: vi.fn(() => stored), removeItem: vi.fn() }
  const window = { history, scrollTo: vi.fn() }
  const console = { error: vi.fn() }
  new Function('window', 'sessionStorage', 'console', restoreScrollScript())(window, sessionStorage, console)
  return { history, sessionStorage, window, console }
}

describe('restoreScrollScript', () => {
  it('gives a new history entry a key without opening sessionStorage', () => {
    const { history, sessionStorage, window } = run(null, '{}')
    expect(history.replaceState).toHaveBeenCalledOnce()
    expect(history.state?.key).toMatch(/^[0-9a-v]+$/)
    expect(sessionStorage.getItem).not.toHaveBeenCalled()
    expect(window.scrollTo).not.toHaveBeenCalled()
  })

  it('scrolls a revisited entry to its stored position', () => {
    const { history, sessionStorage, window } = run({ key: 'abc' }, JSON.stringify({ abc: 840, other: 12 }))
    expect(history.replaceState).not.toHaveBeenCalled()
    expect(sessionStorage.getItem).toHaveBeenCalledWith('positions')
    expect(window.scrollTo).toHaveBeenCalledWith(0, 840)
  })

  it('leaves the page alone when nothing is stored for the entry', () => {
    expect(run({ key: 'abc' }, null).window.scrollTo).not.toHaveBeenCalled()
    expect(run({ key: 'abc' }, JSON.stringify({ other: 12 })).window.scrollTo).not.toHaveBeenCalled()
  })

  it('drops stored positions it cannot read', () => {
    const { sessionStorage, window, console } = run({ key: 'abc' }, '{not json')
    expect(sessionStorage.removeItem).toHaveBeenCalledWith('positions')
    expect(window.scrollTo).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalledOnce()
  })
})
