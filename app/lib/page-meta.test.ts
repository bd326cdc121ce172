import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { routeTable } from '~/routes'
import { pageMeta } from './page-meta'

const seo = { title: 'Anmelden', description: 'Kundenkonto', canonical: 'https://shop.example/login', alternates: {}, robots: 'noindex' }
const root = { data: { meta: { title: 'Forstshop', description: 'Werkzeug' } } }

describe('pageMeta', () => {
  it("takes the deepest route's seo, with the shop's defaults where it has none", () => {
    expect(pageMeta({ matches: [root, { data: {} }, { data: { seo } }] })).toEqual([
      { title: 'Anmelden' },
      { name: 'description', content: 'Kundenkonto' },
      { name: 'robots', content: 'noindex' },
    ])
    expect(pageMeta({ matches: [root, { data: { seo: { ...seo, title: undefined, description: undefined, robots: undefined } } }] })).toEqual([
      { title: 'Forstshop' },
      { name: 'description', content: 'Werkzeug' },
    ])
  })

  it('every page route exports a meta (the root cannot see a page’s seo)', () => {
    const pages = routeTable.filter((r) => /export default function/.test(readFileSync(join(__dirname, '..', r.file), 'utf8')))
    expect(pages.length).toBeGreaterThan(10)
    const missing = pages.filter((r) => !/export (const|function) meta\b/.test(readFileSync(join(__dirname, '..', r.file), 'utf8')))
    expect(missing.map((r) => r.file)).toEqual([])
  })
})
