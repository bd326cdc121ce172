import { renderToString } from 'react-dom/server'
import { createTranslator } from '~/lib/translator'
import { TranslationProvider } from '~/lib/use-translation'
import { describe, expect, it } from 'vitest'
import media from '../../../locales/en/media.json'
import { Lightbox } from './lightbox'

const translator = createTranslator('en', { media })

// The first render of the dialog, as React produces it before any effect runs.
function render(items: readonly unknown[], startIndex?: number) {
  return renderToString(
    <TranslationProvider translator={translator}>
      <Lightbox items={items} startIndex={startIndex} label="Image viewer: Saw" onClose={() => undefined} />
    </TranslationProvider>,
  )
}

describe('Lightbox', () => {
  it('is a labelled modal dialog with named buttons and a counter', () => {
    const html = render(['a.jpg', 'b.jpg'])
    expect(html).toContain('role="dialog"')
    expect(html).toContain('aria-modal="true"')
    expect(html).toContain('aria-label="Image viewer: Saw"')
    for (const name of ['Previous image', 'Next image', 'Zoom in', 'Zoom out', 'Rotate', 'Close']) expect(html).toContain(name)
    expect(html).toContain('Image 1 of 2')
    expect(html).toContain('src="a.jpg"')
  })

  it('drops invalid items and clamps the start index', () => {
    const html = render([42, { src: 'x.jpg', alt: 'Side view' }, { url: 'y.jpg' }, 'z.jpg'], 9)
    expect(html).toContain('Image 2 of 2')
    expect(html).toContain('src="z.jpg"')
    expect(html).not.toContain('y.jpg')
  })

  it('shows the load error state without images and no navigation for a single one', () => {
    const empty = render([null, { src: 3 }])
    expect(empty).toContain('role="alert"')
    expect(empty).toContain('The image could not be loaded.')
    expect(empty).not.toContain('<img')
    const single = render(['only.jpg'])
    expect(single).not.toContain('Next image')
    expect(single).toContain('Image 1 of 1')
  })
})
