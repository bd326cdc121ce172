import type { Schemas } from '@shopware/api-client/api-types'
import type { LoadContext } from '~/load-context'
import { categoryLink, internalLinkTarget } from '~/lib/links'
import type { Locale } from '~/lib/locale'
import type { NavLink, ShellData } from '~/lib/shell-types'
import { getStore, type Store } from './client.server'
import { isNotFound, throwPageError } from './errors.server'

type Category = Schemas['Category']
type NavigationAlias = 'main-navigation' | 'footer-navigation' | 'service-navigation'

// Only what a navigation entry needs; a full category tree is many times larger.
const navigationIncludes = {
  category: ['id', 'name', 'translated', 'type', 'linkType', 'internalLink', 'externalLink', 'seoUrls', 'children', 'visible', 'active'],
  seo_url: ['seoPathInfo', 'isCanonical', 'routeName', 'foreignKey'],
}

async function readNavigation(store: Store, alias: NavigationAlias, depth: number): Promise<Category[]> {
  const { data } = await store.invoke('readNavigation post /navigation/{activeId}/{rootId}', {
    pathParams: { activeId: alias, rootId: alias },
    headers: { 'sw-include-seo-urls': true },
    body: { depth, buildTree: true, includes: navigationIncludes } as Schemas['NoneFieldsCriteria'] & { depth: number },
  })
  return Array.isArray(data) ? data : []
}

/** Navigation entries for the shell; hidden or inactive categories and unusable links are left out. */
export function toNavLinks(locale: Locale, categories: readonly Category[]): NavLink[] {
  const links: NavLink[] = []
  for (const category of categories) {
    if (category.visible === false || category.active === false) continue
    const name = category.translated?.name || category.name
    if (!name) continue
    const children = toNavLinks(locale, category.children ?? [])
    const target = categoryLink(locale, category)
    // A folder (or a link without a usable target) has no page: its children take its place, so
    // every NavLink has a real href.
    if (!target) {
      links.push(...children)
      continue
    }
    const link: NavLink = { id: category.id, name, href: target.href }
    if (target.external) link.external = true
    if (children.length) link.children = children
    links.push(link)
  }
  return links
}

// A shop without a footer or service category answers 404 for that alias; the shell simply has none.
function optional(navigation: Promise<Category[]>): Promise<Category[]> {
  return navigation.catch((err: unknown) => {
    if (isNotFound(err)) return []
    throw err
  })
}

// Keyed by the request's store (getStore gives each request and language one).
const treesOf = new WeakMap<Store, Promise<NavigationTrees>>()

export interface NavigationTrees {
  main: Category[]
  footer: Category[]
  service: Category[]
}

/**
 * Main (two levels), footer and service navigation, read in parallel. The shell shows them; other
 * loaders of the same request (category trails) get the same reads, also with the store cache off.
 */
export function readNavigationTrees(store: Store): Promise<NavigationTrees> {
  let trees = treesOf.get(store)
  if (!trees) {
    trees = Promise.all([
      readNavigation(store, 'main-navigation', 2),
      optional(readNavigation(store, 'footer-navigation', 2)),
      optional(readNavigation(store, 'service-navigation', 1)),
    ]).then(([main, footer, service]) => ({ main, footer, service }))
    treesOf.set(store, trees)
  }
  return trees
}

function collectTargets(categories: readonly Category[], into: Set<string>) {
  for (const category of categories) {
    const target = internalLinkTarget(category)
    if (target && !category.seoUrls?.some((u) => u.foreignKey === target.id && u.routeName === target.routeName)) into.add(target.id)
    collectTargets(category.children ?? [], into)
  }
}

/**
 * Shopware names the target of a link entry (a landing page, category or product) only by its id,
 * so the entry would point to a technical URL that redirects. One seo-url read finds the targets'
 * SEO paths; they are added to the entries' seoUrls, where categoryLink looks for its target's. Run
 * by the shell only (the root loader, beside the page's own loader), so pages keep their rounds.
 */
async function withTargetSeoUrls(store: Store, trees: Category[][]): Promise<Category[][]> {
  const ids = new Set<string>()
  for (const tree of trees) collectTargets(tree, ids)
  if (!ids.size) return trees
  const { data } = await store.invoke('readSeoUrl post /seo-url', {
    body: {
      filter: [
        // Shopware reads equalsAny values as a list or a '|'-joined string; the typings know the string.
        { type: 'equalsAny', field: 'foreignKey', value: [...ids].join('|') },
        { type: 'equals', field: 'isCanonical', value: true },
      ],
      // At most one canonical path per target and route in the context's language.
      limit: ids.size * 3,
      includes: { seo_url: navigationIncludes.seo_url },
    },
  })
  const found = data.elements ?? []
  const attach = (categories: readonly Category[]): Category[] =>
    categories.map((category) => {
      const target = internalLinkTarget(category)
      const extra = target ? found.filter((u) => u.foreignKey === target.id && u.routeName === target.routeName) : []
      const children = category.children?.length ? attach(category.children) : category.children
      return extra.length ? { ...category, seoUrls: [...(category.seoUrls ?? []), ...extra], children } : { ...category, children }
    })
  return trees.map(attach)
}

export async function loadShell(context: LoadContext, request: Request, locale: Locale): Promise<ShellData> {
  const store = getStore(context, request, locale)
  try {
    const trees = await readNavigationTrees(store)
    const [main = [], footer = [], service = []] = await withTargetSeoUrls(store, [trees.main, trees.footer, trees.service])
    return {
      navigation: { main: toNavLinks(locale, main), footer: toNavLinks(locale, footer), service: toNavLinks(locale, service) },
    }
  } catch (err) {
    throwPageError(err, request)
  }
}
