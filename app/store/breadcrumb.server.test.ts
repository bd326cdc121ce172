import type { Schemas } from '@shopware/api-client/api-types'
import { describe, expect, it } from 'vitest'
import { toBreadcrumbs, trailFromNavigation } from './breadcrumb.server'

type Category = Schemas['Category']

const seo = (foreignKey: string, seoPathInfo: string) => [{ foreignKey, seoPathInfo, isCanonical: true, routeName: 'frontend.navigation.page' }] as Schemas['SeoUrl'][]
const node = (id: string, name: string, extra: Partial<Category> = {}) => ({ id, name, type: 'page', ...extra }) as Category

// root → Produkte → Seilwinden; a folder "Themen" with a page below it; the footer root holds Service.
const main = [
  node('produkte', 'Produkte', { seoUrls: seo('produkte', 'produkte/'), children: [node('seilwinden', 'Seilwinden', { seoUrls: seo('seilwinden', 'produkte/seilwinden/') })] }),
  node('themen', 'Themen', { type: 'folder', children: [node('saison', 'Saison', { seoUrls: seo('saison', 'saison/') })] }),
]
const footer = [node('service', 'Service', { seoUrls: seo('service', 'service/') })]

describe('trailFromNavigation', () => {
  it("cuts the path below the sales channel's entry point and takes types and SEO URLs from the trees", () => {
    const category = { id: 'seilwinden', path: '|root|produkte|', breadcrumb: ['Katalog', 'Produkte', 'Seilwinden'], type: 'page' }
    const entries = trailFromNavigation(category, [main, footer])
    expect(entries?.map((e) => [e.categoryId, e.name, e.type])).toEqual([
      ['produkte', 'Produkte', 'page'],
      ['seilwinden', 'Seilwinden', 'page'],
    ])
    expect(toBreadcrumbs(entries!, 'en', { categoryId: 'seilwinden', path: '/en/products/winches/' })).toEqual([
      { name: 'Produkte', href: '/en/produkte/' },
      { name: 'Seilwinden', href: '/en/products/winches/' },
    ])
  })

  it('prefers the translated names, and leaves folders out of the links', () => {
    const category = { id: 'saison', path: '|root|themen|', breadcrumb: ['Catalogue', 'Topics', 'Season'], translated: { breadcrumb: ['Katalog', 'Themen', 'Saison'] }, type: 'page' }
    const entries = trailFromNavigation(category, [main, footer])!
    expect(entries.map((e) => e.name)).toEqual(['Themen', 'Saison'])
    expect(toBreadcrumbs(entries, 'de')).toEqual([{ name: 'Saison', href: '/saison/' }])
  })

  it('places a category below the footer root as well', () => {
    const entries = trailFromNavigation({ id: 'service', path: '|footer-root|', breadcrumb: ['Fußzeile', 'Service'] }, [main, footer])
    expect(entries?.map((e) => e.categoryId)).toEqual(['service'])
  })

  it('takes the deepest category itself from its own fields when the trees stop above it', () => {
    const deep = { id: 'funk', path: '|root|produkte|seilwinden|', breadcrumb: ['Katalog', 'Produkte', 'Seilwinden', 'Funkwinden'], type: 'page', seoUrls: seo('funk', 'produkte/seilwinden/funk/') }
    const entries = trailFromNavigation(deep, [main])!
    expect(toBreadcrumbs(entries, 'de').map((b) => b.href)).toEqual(['/produkte/', '/produkte/seilwinden/', '/produkte/seilwinden/funk/'])
  })

  it('gives up (the breadcrumb route must answer) where it cannot be sure', () => {
    // The path meets no tree.
    expect(trailFromNavigation({ id: 'x', path: '|other-root|', breadcrumb: ['Anderes', 'X'] }, [main, footer])).toBeUndefined()
    // An ancestor deeper than the trees reach: its type (folder or page) is unknown.
    expect(
      trailFromNavigation({ id: 'y', path: '|root|produkte|seilwinden|funk|', breadcrumb: ['Katalog', 'Produkte', 'Seilwinden', 'Funkwinden', 'Y'] }, [main]),
    ).toBeUndefined()
    // Names that do not match the path.
    expect(trailFromNavigation({ id: 'seilwinden', path: '|root|produkte|', breadcrumb: ['Seilwinden'] }, [main])).toBeUndefined()
  })
})
