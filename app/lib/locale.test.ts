import { describe, expect, it } from 'vitest'
import { getLocaleFromPath, localizePath, stripLocale } from './locale'

describe('locale paths', () => {
  it('reads the locale from the prefix, German without one', () => {
    expect(getLocaleFromPath('/')).toBe('de')
    expect(getLocaleFromPath('/produkte/')).toBe('de')
    expect(getLocaleFromPath('/en')).toBe('en')
    expect(getLocaleFromPath('/fr/produits/')).toBe('fr')
    expect(getLocaleFromPath('/de/x')).toBe('de')
    expect(getLocaleFromPath('/english/')).toBe('de')
  })

  it('strips and adds prefixes symmetrically', () => {
    expect(stripLocale('/en')).toBe('/')
    expect(stripLocale('/en/products/')).toBe('/products/')
    expect(stripLocale('/produkte/')).toBe('/produkte/')
    expect(localizePath('en', '/')).toBe('/en')
    expect(localizePath('fr', '/produits/')).toBe('/fr/produits/')
    expect(localizePath('de', 'produkte/')).toBe('/produkte/')
    for (const p of ['/en/products/', '/fr', '/impressum/']) {
      expect(localizePath(getLocaleFromPath(p), stripLocale(p))).toBe(p)
    }
  })
})
