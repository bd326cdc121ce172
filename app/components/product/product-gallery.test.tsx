import { renderToString } from 'react-dom/server'
import { createTranslator } from '~/lib/translator'
import { TranslationProvider } from '~/lib/use-translation'
import { describe, expect, it } from 'vitest'
import media from '../../../locales/en/media.json'
import { ProductGallery } from './product-gallery'

const translator = createTranslator('en', { media })

const images = [
  { src: 'https://shop.example/media/a/saw-1.jpg', alt: '', width: 1200, height: 900 },
  { src: 'https://shop.example/media/a/saw-2.jpg', alt: 'Side view', width: 800, height: 800 },
  { src: 'https://shop.example/media/a/saw-3.jpg', alt: '', width: 800, height: 600 },
]

function render(list = images) {
  const html = renderToString(
    <TranslationProvider translator={translator}>
      <ProductGallery images={list} productName="Forstseilwinde FSW 35" />
    </TranslationProvider>,
  )
  return new DOMParserLike(html)
}

// Enough of a parser for these assertions: attributes of the anchors and images in the markup.
class DOMParserLike {
  constructor(readonly html: string) {}
  tags(name: string): Record<string, string>[] {
    return [...this.html.matchAll(new RegExp(`<${name}\\s([^>]*)>`, 'g'))].map((match) =>
      Object.fromEntries(
        [...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!.replace(/&amp;/g, '&')]),
      ),
    )
  }
}

describe('ProductGallery without JavaScript', () => {
  it('links the main image and every thumbnail to the full-size image, with accessible names', () => {
    const page = render()
    const links = page.tags('a')
    expect(links.map((link) => link.href)).toEqual([images[0]!.src, ...images.map((image) => image.src)])
    expect(links.slice(1).map((link) => link['aria-label'])).toEqual([
      'Open image 1 of 3 in full size',
      'Open image 2 of 3 in full size',
      'Open image 3 of 3 in full size',
    ])
    expect(page.html).toContain('aria-label="Product images of Forstseilwinde FSW 35"')
  })

  it('shows the images through /thumbnail/ with a generated alt text where the store has none', () => {
    const [main, ...thumbnails] = render().tags('img')
    expect(main!.alt).toBe('Forstseilwinde FSW 35, image 1 of 3')
    expect(main!.src).toMatch(/^\/thumbnail\/\?src=/)
    expect(main!.srcset).toContain('640w')
    expect(main!.loading).toBe('eager')
    expect(thumbnails).toHaveLength(3)
    expect(thumbnails.every((image) => image.alt === '' && image.loading === 'lazy')).toBe(true)
  })

  it('has no thumbnail list for a single image and a notice without images', () => {
    expect(render(images.slice(0, 1)).tags('a')).toHaveLength(1)
    const empty = render([])
    expect(empty.tags('img')).toHaveLength(0)
    expect(empty.html).toContain('There is no image for this product.')
  })
})
