import { defaultLocale, locales, type Locale } from './lib/locale'
import { layoutFiles, routeTable, unlocalizedRoutes, type RouteDef } from './routes'

/** The parts of Remix's DefineRouteFunction we use, so the expansion can be tested without Remix. */
export type DefineRoute = (
  path: string | undefined,
  file: string,
  options?: { id?: string; index?: boolean },
  children?: () => void,
) => void

export function localizedId(id: string, locale: Locale): string {
  return `${id}-${locale}`
}

function defineLocale(route: DefineRoute, locale: Locale, table: RouteDef[]) {
  const plain = table.filter((r) => !r.layout || r.layout === 'default')
  const define = (r: RouteDef) =>
    route(r.index ? undefined : r.path, r.file, { id: localizedId(r.id, locale), index: r.index })
  plain.forEach(define)
  for (const [layout, file] of Object.entries(layoutFiles)) {
    const children = table.filter((r) => r.layout === layout)
    if (children.length === 0) continue
    route(undefined, file, { id: localizedId(`layout-${layout}`, locale) }, () => children.forEach(define))
  }
}

/** Expands the route table into the three locale trees. */
export function expandRoutes(route: DefineRoute, table: RouteDef[] = routeTable) {
  for (const r of unlocalizedRoutes) route(r.path, r.file, { id: r.id })
  for (const locale of locales) {
    if (locale === defaultLocale) {
      defineLocale(route, locale, table)
    } else {
      route(locale, 'routes/locale-prefix.tsx', { id: `locale-${locale}` }, () =>
        defineLocale(route, locale, table),
      )
    }
  }
}

/** A route of the expanded table with what matching needs: its id and path, no module. */
export type RouteNode = { id?: string; index: true } | { id?: string; path?: string; children: RouteNode[] }

/**
 * The expanded route table as a tree of route objects under a root, as Remix builds it, for
 * matching a path to its route outside Remix's own routing.
 */
export function routeTree(table: RouteDef[] = routeTable): RouteNode[] {
  const root: RouteNode = { id: 'root', path: '', children: [] }
  const parents = [root.children]
  expandRoutes((path, _file, options, children) => {
    const siblings = parents[parents.length - 1]!
    if (options?.index) {
      siblings.push({ id: options.id, index: true })
      return
    }
    const route: RouteNode = { id: options?.id, path, children: [] }
    siblings.push(route)
    if (children) {
      parents.push(route.children)
      children()
      parents.pop()
    }
  }, table)
  return [root]
}
