import i18next from 'i18next'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { serverResources } from '~/i18n.server'
import { defaultLocale, locales } from './locale'
import { createTranslator } from './translator'
import { Trans } from './use-translation'

function keysOf(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  )
}

describe('translator', () => {
  const t = createTranslator(
    'fr',
    { common: { cart: { items_one: '{{count}} article', items_other: '{{count}} articles' }, hello: 'Bonjour {{name}}' }, auth: { title: 'Connexion' } },
    { language: 'de', bundles: { common: { onlyGerman: 'Nur Deutsch' } } },
  ).fixedT(['common', 'auth'])

  it('picks the plural form of the language for count, 0 being singular in French', () => {
    expect([0, 1, 2].map((count) => t('cart.items', { count }))).toEqual(['0 article', '1 article', '2 articles'])
  })

  it('fills values, keeps unknown placeholders, searches the namespaces in order, falls back to German and shows missing keys', () => {
    expect(t('hello', { name: 'Anne' })).toBe('Bonjour Anne')
    expect(t('hello')).toBe('Bonjour {{name}}')
    expect(t('title')).toBe('Connexion')
    expect(t('auth:title')).toBe('Connexion')
    expect(t('onlyGerman')).toBe('Nur Deutsch')
    expect(t('auth:nothing.here')).toBe('nothing.here')
  })

  it('renders tagged texts with the given elements', () => {
    const html = renderToStaticMarkup(
      createElement(Trans, {
        t: createTranslator('en', { common: { note: '<login>Log in</login> or <register>register</register> to see prices.' } }).fixedT(),
        i18nKey: 'note',
        components: { login: createElement('a', { href: '/login' }), register: createElement('a', { href: '/register' }) },
      }),
    )
    expect(html).toBe('<a href="/login">Log in</a> or <a href="/register">register</a> to see prices.')
  })

  // The texts were written for i18next; every key of every language must read the same with the shop's translator.
  it.each(locales)('gives i18next’s text for every key of %s', async (locale) => {
    const reference = i18next.createInstance()
    await reference.init({ resources: serverResources, lng: locale, fallbackLng: defaultLocale, interpolation: { escapeValue: false }, initImmediate: false })
    const translator = createTranslator(locale, serverResources[locale]!, { language: defaultLocale, bundles: serverResources[defaultLocale]! })
    const optionSets = [undefined, { count: 0 }, { count: 1 }, { count: 3 }, { count: 21, name: 'Muster', number: 'FS-1', min: 2, max: 9, value: 'x', field: 'E-Mail' }]
    let compared = 0
    for (const [ns, bundle] of Object.entries(serverResources[locale]!)) {
      const fixed = translator.fixedT(ns)
      const expected = reference.getFixedT(locale, ns)
      for (const key of new Set(keysOf(bundle))) {
        for (const options of optionSets) {
          expect({ key: `${ns}:${key}`, text: fixed(key, options) }).toEqual({ key: `${ns}:${key}`, text: expected(key, options) })
          compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(1000)
  })
})
