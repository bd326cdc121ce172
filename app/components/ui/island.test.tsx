// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { beginInitialHydration, endInitialHydration, pageHydrated } from './hydration-slice'
import { island } from './island'

// The browser runs Preact (docs/decisions/012), which is what hydrates an island; so does this test.
vi.mock('react', () => import('preact/compat'))
vi.mock('react-dom/client', () => import('preact/compat/client'))
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'))
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'))

function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" id="part" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  )
}

const rendered = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('island', () => {
  it('starts loading its chunk after the task that hydrates the page, then hydrates the server’s element', async () => {
    const load = vi.fn(() => Promise.resolve(Counter))
    // The client build passes no component: the chunk comes through `load`.
    const Part = island<object>(undefined, load)
    const container = document.createElement('div')
    // What the server renders: the island's Suspense boundary around the part's HTML.
    container.innerHTML = '<main id="page"><!--$--><button type="button" id="part">0</button><!--/$--></main>'
    document.body.replaceChildren(container)
    const serverButton = container.querySelector('#part')

    beginInitialHydration()
    hydrateRoot(
      container,
      <main id="page">
        <Part />
      </main>,
    )
    endInitialHydration()
    // Fetching a chunk inserts module preloads into the document: not in the page's long first task.
    expect(load).not.toHaveBeenCalled()

    await pageHydrated()
    expect(load).toHaveBeenCalledTimes(1)
    expect(container.querySelector('#part')).toBe(serverButton)
    serverButton!.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    await rendered()
    expect(container.querySelector('#part')?.textContent).toBe('1')
  })
})
