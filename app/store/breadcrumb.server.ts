import type { Schemas } from '@shopware/api-client/api-types'
import { seoPath } from '~/lib/links'
import { localizePath, type Locale } from '~/lib/locale'
import type { Breadcrumb } from '~/lib/shell-types'
import type { Store } from './client.server'
import { isNotFound } from './errors.server'
import type { NavigationTrees } from './shell.server'

type Category = Schemas['Category']

/** One entry of a category trail, as Shopware's breadcrumb route answers it. */
export interface BreadcrumbEntry {
  categoryId: string
  name: string
  type?: string
  seoUrls?: Schemas['SeoUrl'][]
  translated?: { name?: string }
}

/** GET /breadcrumb/{id}; undefined when the store has no breadcrumb route (before 6.7). */
export async function fetchBreadcrumb(store: Store, id: string, type: 'category' | 'product'): Promise<BreadcrumbEntry[] | undefined> {
  try {
    const { data } = await store.invoke('readBreadcrumb get /breadcrumb/{id}', {
      pathParams: { id },
      query: { type },
      headers: { 'sw-include-seo-urls': 'true' } as Record<string, string>,
    })
    // 6.7 answers a plain list; newer versions wrap it as {breadcrumbs: [...]}.
    const raw: unknown = data
    return Array.isArray(raw) ? (raw as BreadcrumbEntry[]) : ((raw as { breadcrumbs?: BreadcrumbEntry[] }).breadcrumbs ?? [])
  } catch (err) {
    if (isNotFound(err)) return undefined
    throw err
  }
}

/** What a category tells about its own place: Shopware's `path` (ancestor ids) and `breadcrumb` (names, root to itself). */
interface TrailSource {
  id: string
  path?: string | null
  breadcrumb?: readonly string[]
  translated?: { breadcrumb?: readonly string[] }
  type?: string
  seoUrls?: Schemas['SeoUrl'][]
}

function indexTree(categories: readonly Category[], into: Map<string, Category>): Map<string, Category> {
  for (const category of categories) {
    into.set(category.id, category)
    indexTree(category.children ?? [], into)
  }
  return into
}

/**
 * The trail of `category` without asking the breadcrumb route: the category's own path and names,
 * cut below the sales channel's entry point as Shopware's CategoryBreadcrumbBuilder::build cuts it,
 * with types and SEO URLs from the navigation trees the page shell reads anyway (main, footer,
 * service). The entry point is the parent of a tree's top level. Undefined when the path meets no
 * tree, or passes through a category deeper than the trees reach (its type is unknown): then only
 * the breadcrumb route can tell.
 */
export function trailFromNavigation(category: TrailSource, trees: readonly (readonly Category[])[]): BreadcrumbEntry[] | undefined {
  const ids = [...(category.path ?? '').split('|').filter(Boolean), category.id]
  const names = category.translated?.breadcrumb ?? category.breadcrumb ?? []
  if (names.length !== ids.length) return undefined
  const start = ids.findIndex((id) => trees.some((tree) => tree.some((top) => top.id === id)))
  if (start < 0) return undefined
  const known = indexTree(trees.flat(), new Map())
  const entries: BreadcrumbEntry[] = []
  for (let i = start; i < ids.length; i++) {
    const id = ids[i]!
    const node: Pick<TrailSource, 'type' | 'seoUrls'> | undefined = known.get(id) ?? (id === category.id ? category : undefined)
    if (!node) return undefined
    const entry: BreadcrumbEntry = { categoryId: id, name: names[i]! }
    if (node.type) entry.type = node.type
    if (node.seoUrls) entry.seoUrls = node.seoUrls
    entries.push(entry)
  }
  return entries
}

/**
 * The trail of `category` (a page's category, or a product's SEO category): from the navigation
 * trees when they place it, else from the breadcrumb route about `subject`, in a round after the
 * page's other reads. Undefined when the store has no breadcrumb route either.
 */
export async function categoryTrail(
  store: Store,
  category: TrailSource,
  trees: NavigationTrees,
  subject: { id: string; type: 'category' | 'product' },
): Promise<BreadcrumbEntry[] | undefined> {
  return trailFromNavigation(category, [trees.main, trees.footer, trees.service]) ?? (await fetchBreadcrumb(store, subject.id, subject.type))
}

/** Trail entries as links: folders and links have no page of their own; `self` links to the page as requested. */
export function toBreadcrumbs(entries: readonly BreadcrumbEntry[], locale: Locale, self?: { categoryId: string; path: string }): Breadcrumb[] {
  return entries
    .filter((b) => b.type !== 'folder' && b.type !== 'link')
    .map((b) => ({
      name: b.translated?.name || b.name,
      href: b.categoryId === self?.categoryId ? self.path : localizePath(locale, seoPath(b.seoUrls) ?? `/navigation/${b.categoryId}`),
    }))
}
