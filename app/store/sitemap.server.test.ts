import { describe, expect, it } from 'vitest'
import { sitemapXml } from './sitemap.server'

describe('sitemapXml', () => {
  it('lists every language version with hreflang alternates and x-default', () => {
    const xml = sitemapXml([
      { urls: { de: 'https://s.example/produkte/', en: 'https://s.example/en/products/', fr: 'https://s.example/fr/produits/' } },
      { urls: { de: 'https://s.example/nur-deutsch/?a=1&b=2' } },
    ])
    expect(xml.match(/<url>/g)).toHaveLength(4)
    expect(xml).toContain('<loc>https://s.example/en/products/</loc>')
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://s.example/fr/produits/"/>')
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://s.example/produkte/"/>')
    expect(xml).toContain('<loc>https://s.example/nur-deutsch/?a=1&amp;b=2</loc>')
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  })
})
