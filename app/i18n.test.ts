import { describe, expect, it } from 'vitest'
import germanConsent from '../locales/de/consent.json'
import frenchCommon from '../locales/fr/common.json'
import frenchConsent from '../locales/fr/consent.json'
import { loadResources, translationLoadFailure } from './i18n'
import { createTranslator } from './lib/translator'

const files = (consent: () => Promise<{ default: Record<string, unknown> }>) => ({
  '../locales/fr/common.json': () => Promise.resolve({ default: frenchCommon }),
  '../locales/fr/consent.json': consent,
})

describe('loadResources: consent translations fail safe (spec section 8)', () => {
  it('loads the language\'s own consent texts without a warning', async () => {
    const warnings: unknown[][] = []
    const resources = await loadResources('fr', files(() => Promise.resolve({ default: frenchConsent })), (...args) => warnings.push(args))
    expect(resources.fr.consent).toEqual(frenchConsent)
    expect(warnings).toEqual([])
  })

  it('logs the failure and shows the dialog in German when the consent bundle does not load', async () => {
    const warnings: unknown[][] = []
    const resources = await loadResources('fr', files(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), (...args) => warnings.push(args))
    expect(warnings).toEqual([[translationLoadFailure, 'fr']])
    expect(translationLoadFailure).toBe('Could not load translation for the language')
    // The other namespaces stay French; the consent texts read in German.
    expect(resources.fr.common).toEqual(frenchCommon)
    const t = createTranslator('fr', resources.fr).fixedT()
    expect(t('consent:firstVisit.title')).toBe(germanConsent.firstVisit.title)
    expect(t('common:skipToContent')).toBe(frenchCommon.skipToContent)
  })
})
