import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Drawer } from './drawer'

describe('Drawer', () => {
  it('is a closed modal dialog named by its visible heading, with a labelled close button', () => {
    const html = renderToString(
      <Drawer open={false} onClose={() => {}} title="Menü" closeLabel="Menü schließen" id="menu">
        <a href="/produkte/">Produkte</a>
      </Drawer>,
    )
    expect(html).toMatch(/^<dialog /)
    // Closed until the effect calls showModal: the server never renders it open.
    expect(html).not.toContain(' open=""')
    expect(html).toContain('class="dialog dialog-side drawer drawer-start"')
    expect(html).toContain('aria-modal="true"')
    const titleId = /aria-labelledby="([^"]+)"/.exec(html)?.[1]
    expect(html).toContain(`<h2 id="${titleId}" class="drawer-title">Menü</h2>`)
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>.*<span class="visually-hidden">Menü schließen<\/span><\/button>/)
  })

  it('slides in from the end when asked', () => {
    const html = renderToString(
      <Drawer open={false} onClose={() => {}} title="Filter" closeLabel="Schließen" side="end">
        <p>Preis</p>
      </Drawer>,
    )
    expect(html).toContain('drawer drawer-end')
  })
})
