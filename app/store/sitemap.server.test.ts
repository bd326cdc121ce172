import { describe, expect, it } from 'vitest'
import { sitemapFiles, sitemapIndexXml, sitemapXml } from './sitemap.server'

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

describe('sitemapFiles', () => {
  const entry = (n: number, ...locales: ('de' | 'en' | 'fr')[]) => ({ urls: Object.fromEntries(locales.map((l) => [l, `https://s.example/${l}/${n}`])) })

  it('keeps a sitemap within the URLs one file may hold, an entry never split', () => {
    const entries = [entry(1, 'de', 'en', 'fr'), entry(2, 'de', 'en', 'fr'), entry(3, 'de'), entry(4, 'de', 'en'), entry(5, 'de', 'en', 'fr'), entry(6, 'de')]
    const files = sitemapFiles(entries, 6)
    expect(files.map((file) => file.map((e) => e.urls.de))).toEqual([
      ['https://s.example/de/1', 'https://s.example/de/2'],
      ['https://s.example/de/3', 'https://s.example/de/4', 'https://s.example/de/5'],
      ['https://s.example/de/6'],
    ])
    for (const file of files) expect(sitemapXml(file).match(/<url>/g)!.length).toBeLessThanOrEqual(6)
    expect(sitemapFiles(entries, 50_000)).toEqual([entries])
  })

  it('names every file in the index', () => {
    const xml = sitemapIndexXml('https://s.example', 3)
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml.match(/<loc>https:\/\/s\.example\/sitemap\/\d\.xml<\/loc>/g)).toEqual([1, 2, 3].map((n) => `<loc>https://s.example/sitemap/${n}.xml</loc>`))
  })
})
