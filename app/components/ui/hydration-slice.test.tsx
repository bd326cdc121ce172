// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { useState, type ReactElement } from 'react'
import { hydrateRoot, createRoot } from 'react-dom/client'
import { beginInitialHydration, endInitialHydration, hydrateRemainingSlices, HydrationSlice, pageHydrated } from './hydration-slice'

// The browser runs Preact (docs/decisions/012), and slicing is how Preact hydrates; so does this test.
vi.mock('react', () => import('preact/compat'))
vi.mock('react-dom/client', () => import('preact/compat/client'))
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'))
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'))

function Counter({ id }: { id: string }) {
  const [count, setCount] = useState(0)
  return (
    <button type="button" id={id} onClick={() => setCount(count + 1)}>
      {count}
    </button>
  )
}

function Page() {
  return (
    <div id="page">
      <Counter id="outside" />
      <HydrationSlice>
        <section id="first">
          <Counter id="first-button" />
        </section>
      </HydrationSlice>
      <HydrationSlice>
        <section id="second">
          <HydrationSlice>
            <div id="inner">
              <Counter id="inner-button" />
            </div>
          </HydrationSlice>
        </section>
      </HydrationSlice>
    </div>
  )
}

// What the server renders for Page: React marks each Suspense boundary with <!--$--> and <!--/$-->.
const serverHtml =
  '<div id="page"><button type="button" id="outside">0</button>' +
  '<!--$--><section id="first"><button type="button" id="first-button">0</button></section><!--/$-->' +
  '<!--$--><section id="second"><!--$--><div id="inner"><button type="button" id="inner-button">0</button></div><!--/$--></section><!--/$-->' +
  '</div>'

function serverPage() {
  const container = document.createElement('div')
  container.innerHTML = serverHtml
  document.body.replaceChildren(container)
  const nodes = [...container.querySelectorAll('*')]
  return { container, nodes }
}

function hydratePage(container: Element, page: ReactElement = <Page />) {
  beginInitialHydration()
  hydrateRoot(container, page)
  endInitialHydration()
}

const rendered = () => new Promise((resolve) => setTimeout(resolve, 0))

async function click(id: string) {
  document.getElementById(id)!.click()
  await rendered()
  return document.getElementById(id)!.textContent
}

describe('HydrationSlice', () => {
  it('hydrates its part after the page, keeping the server’s elements', async () => {
    const { container, nodes } = serverPage()
    hydratePage(container)
    // The page itself is hydrated at once; the slices are not yet: their buttons are still plain HTML.
    document.getElementById('first-button')!.click()
    expect(await click('outside')).toBe('1')
    expect(document.getElementById('first-button')!.textContent).toBe('0')

    await pageHydrated()
    expect(await click('first-button')).toBe('1')
    expect(await click('inner-button')).toBe('1')
    // Hydrated, not rendered anew: every element is the one the server sent, and nothing was added.
    expect([...container.querySelectorAll('*')]).toEqual(nodes)
    expect(nodes.every((node) => node.isConnected)).toBe(true)
  })

  it('renders at once when it mounts after the page hydrated', () => {
    const container = document.createElement('div')
    document.body.replaceChildren(container)
    createRoot(container).render(<Page />)
    return rendered().then(() => {
      expect(container.querySelector('#inner-button')?.textContent).toBe('0')
    })
  })

  it('hydrates every part still waiting, inner ones too, as soon as the page is about to change', async () => {
    const { container, nodes } = serverPage()
    hydratePage(container)
    hydrateRemainingSlices()
    // Only microtasks: no slice waits for another task now.
    for (let i = 0; i < 10; i++) await Promise.resolve()
    document.getElementById('inner-button')!.click()
    document.getElementById('first-button')!.click()
    await rendered()
    expect(document.getElementById('inner-button')!.textContent).toBe('1')
    expect(document.getElementById('first-button')!.textContent).toBe('1')
    expect([...container.querySelectorAll('*')]).toEqual(nodes)
  })
})
