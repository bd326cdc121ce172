import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Dialog } from './dialog'

describe('Dialog', () => {
  it('is a modal named by its heading and described by its text', () => {
    const html = renderToString(
      <Dialog titleId="t" descriptionId="d" className="side-cart" placement="side" open>
        <h2 id="t">Cart</h2>
        <p id="d">Two items</p>
      </Dialog>,
    )
    expect(html).toMatch(/^<dialog /)
    expect(html).toContain('class="dialog dialog-side side-cart"')
    expect(html).toContain('aria-labelledby="t"')
    expect(html).toContain('aria-describedby="d"')
    expect(html).toContain('aria-modal="true"')
    expect(html).toContain(' open=""')
  })

  it('leaves out the description when there is none and centres by default', () => {
    const html = renderToString(
      <Dialog titleId="t">
        <h2 id="t">Cookies</h2>
      </Dialog>,
    )
    expect(html).not.toContain('aria-describedby')
    expect(html).toContain('class="dialog dialog-center"')
  })
})
