import { describe, expect, it } from 'vitest'
import germanConsent from '../locales/de/consent.json'
import frenchCommon from '../locales/fr/common.json'
import frenchConsent from '../locales/fr/consent.json'
import { loadResources, pageNamespaces, translationLoadFailure } from './i18n'
import { createTranslator, PAGE_NAMESPACES_ID } from './lib/translator'

const files = (consent: () => Promise<{ default: Record<string, unknown> }>) => ({
  '../locales/fr/common.json': () => Promise.resolve({ default: frenchCommon }),
  '../locales/fr/consent.json': consent,
})

describe('loadResources: consent translations fail safe (spec section 8)', () => {
  it('loads the language\'s own consent texts without a warning', async () => {
    const warnings: unknown[][] = []
    const resources = await loadResources('fr', { files: files(() => Promise.resolve({ default: frenchConsent })), warn: (...args) => warnings.push(args) })
    expect(resources.fr.consent).toEqual(frenchConsent)
    expect(warnings).toEqual([])
  })

  it('logs the failure and shows the dialog in German when the consent bundle does not load', async () => {
    const warnings: unknown[][] = []
    const resources = await loadResources('fr', { files: files(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), warn: (...args) => warnings.push(args) })
    expect(warnings).toEqual([[translationLoadFailure, 'fr']])
    expect(translationLoadFailure).toBe('Could not load translation for the language')
    // The other namespaces stay French; the consent texts read in German.
    expect(resources.fr.common).toEqual(frenchCommon)
    const t = createTranslator('fr', resources.fr).fixedT()
    expect(t('consent:firstVisit.title')).toBe(germanConsent.firstVisit.title)
    expect(t('common:skipToContent')).toBe(frenchCommon.skipToContent)
  })
})

describe('loading a page\'s namespaces first', () => {
  const loads: string[] = []
  const counted = (ns: string, bundle: Record<string, unknown>) => () => {
    loads.push(ns)
    return Promise.resolve({ default: bundle })
  }
  const french = {
    '../locales/fr/common.json': counted('common', frenchCommon),
    '../locales/fr/consent.json': counted('consent', frenchConsent),
    '../locales/fr/product.json': counted('product', { buy: 'Acheter' }),
    '../locales/fr/checkout.json': counted('checkout', { order: 'Commander' }),
  }

  it('loads only the named namespaces and the consent texts, then the others', async () => {
    loads.length = 0
    const first = await loadResources('fr', { files: french, only: ['product'] })
    expect(Object.keys(first.fr).sort()).toEqual(['consent', 'product'])
    expect(loads.sort()).toEqual(['consent', 'product'])
    loads.length = 0
    const rest = await loadResources('fr', { files: french, except: Object.keys(first.fr) })
    expect(Object.keys(rest.fr).sort()).toEqual(['checkout', 'common'])
    expect(loads.sort()).toEqual(['checkout', 'common'])
  })

  it('reads the names the server wrote, and nothing from a page without them or with a broken list', () => {
    const page = (text: string | null) => ({ getElementById: (id: string) => (id === PAGE_NAMESPACES_ID && text !== null ? ({ textContent: text } as HTMLElement) : null) })
    expect(pageNamespaces(page('["cart","common"]'))).toEqual(['cart', 'common'])
    expect(pageNamespaces(page(null))).toBeUndefined()
    expect(pageNamespaces(page('{"cart":1}'))).toBeUndefined()
    expect(pageNamespaces(page('["cart",'))).toBeUndefined()
  })

  it('a translator given the namespaces another consulted answers every key as that one did', () => {
    const bundles = { common: frenchCommon, product: { buy: 'Acheter', title: 'Produit' }, checkout: { title: 'Caisse' } }
    const consulted = new Set<string>()
    const full = createTranslator('fr', bundles, undefined, (ns) => consulted.add(ns))
    const keys = [['product', 'title'], ['checkout', 'title'], ['common', 'skipToContent']] as const
    const texts = keys.map(([ns, key]) => full.fixedT([ns, 'common'])(key))
    // Keys searched first in a namespace that lacks them count that namespace too.
    expect(full.fixedT(['product', 'common'])('skipToContent')).toBe(frenchCommon.skipToContent)
    const subset = Object.fromEntries([...consulted].map((ns) => [ns, bundles[ns as keyof typeof bundles]]))
    const partial = createTranslator('fr', subset)
    expect(keys.map(([ns, key]) => partial.fixedT([ns, 'common'])(key))).toEqual(texts)
    expect(partial.fixedT(['product', 'common'])('skipToContent')).toBe(frenchCommon.skipToContent)
  })
})
