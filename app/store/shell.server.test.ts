import type { Schemas } from '@shopware/api-client/api-types'
import { describe, expect, it } from 'vitest'
import { toNavLinks } from './shell.server'

const cat = (c: Partial<Schemas['Category']> & { id: string }) =>
  ({ name: c.id, type: 'page', children: [], translated: {}, ...c }) as unknown as Schemas['Category']

describe('toNavLinks', () => {
  it('maps categories to localized links with children', () => {
    const links = toNavLinks('en', [
      cat({
        id: 'p',
        translated: { name: 'Products' } as Schemas['Category']['translated'],
        seoUrls: [{ seoPathInfo: 'products/', isCanonical: true, routeName: 'frontend.navigation.page' } as Schemas['SeoUrl']],
        children: [cat({ id: 'w' })],
      }),
    ])
    expect(links).toEqual([
      { id: 'p', name: 'Products', href: '/en/products/', children: [{ id: 'w', name: 'w', href: '/en/navigation/w' }] },
    ])
  })
  it('replaces folders by their children and drops hidden entries and unsafe links', () => {
    const links = toNavLinks('de', [
      cat({ id: 'folder', type: 'folder', children: [cat({ id: 'a' }), cat({ id: 'hidden', visible: false })] }),
      cat({ id: 'bad', type: 'link', linkType: 'external', externalLink: 'javascript:alert(1)' }),
      cat({ id: 'ext', type: 'link', linkType: 'external', externalLink: 'https://example.com/' }),
    ])
    expect(links).toEqual([
      { id: 'a', name: 'a', href: '/navigation/a' },
      { id: 'ext', name: 'ext', href: 'https://example.com/', external: true },
    ])
  })
})
