import { describe, expect, it } from 'vitest'
import { expandRoutes, type DefineRoute } from './route-expansion'
import { routeTable } from './routes'

interface Defined {
  id?: string
  path?: string
  file: string
  index?: boolean
  parent?: string
}

function collect(table = routeTable) {
  const out: Defined[] = []
  const stack: string[] = []
  const route: DefineRoute = (path, file, options, children) => {
    out.push({ id: options?.id, path, file, index: options?.index, parent: stack.at(-1) })
    if (children) {
      stack.push(options!.id!)
      children()
      stack.pop()
    }
  }
  expandRoutes(route, table)
  return out
}

describe('route expansion', () => {
  it('defines every route once per locale, German without prefix', () => {
    const routes = collect()
    for (const def of routeTable) {
      const ids = routes.filter((r) => /^(.+)-(de|en|fr)$/.exec(r.id ?? '')?.[1] === def.id).map((r) => r.id)
      expect(ids.sort()).toEqual([`${def.id}-de`, `${def.id}-en`, `${def.id}-fr`])
    }
    const homeDe = routes.find((r) => r.id === 'home-de')!
    expect(homeDe).toMatchObject({ index: true, parent: undefined })
    expect(routes.find((r) => r.id === 'home-en')).toMatchObject({ index: true, parent: 'locale-en' })
    expect(routes.find((r) => r.id === 'locale-fr')).toMatchObject({ path: 'fr' })
  })

  it('keeps unlocalized routes out of the locale trees', () => {
    const robots = collect().filter((r) => r.path === 'robots.txt')
    expect(robots).toEqual([expect.objectContaining({ id: 'robots', parent: undefined })])
  })

  it('nests routes of a layout under that layout in each locale', () => {
    const routes = collect([
      { id: 'account', path: 'account', file: 'routes/account.tsx', layout: 'account' },
      { id: 'home', index: true, file: 'routes/home.tsx' },
    ])
    expect(routes.find((r) => r.id === 'account-en')).toMatchObject({ parent: 'layout-account-en', path: 'account' })
    expect(routes.find((r) => r.id === 'layout-account-en')).toMatchObject({ parent: 'locale-en' })
    expect(routes.find((r) => r.id === 'layout-account-de')).toMatchObject({ parent: undefined })
  })
})
