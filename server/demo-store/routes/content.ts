import { parseListingParams } from '../catalogue'
import { NAVIGATION_ALIASES, ROOT_CATEGORY_IDS } from '../constants'
import { parseCriteria, searchEntities, type JsonObject } from '../criteria'
import { errors } from '../errors'
import { resolveCmsPage } from '../cms-resolver'
import type { Serializer } from '../entities'
import { HEX_ID } from '../ids'
import { activeCategory, productCategory } from '../product-detail'
import { searchSeoUrls } from '../seo-url-index'

type Row = Record<string, string | number | null>

function truthy(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback
  return !(value === false || value === 'false' || value === 0 || value === '0')
}

function resolveNavigationId(id: string): string {
  return NAVIGATION_ALIASES[id] ?? id
}

/** POST /navigation/{activeId}/{rootId}: Shopware's NavigationRoute semantics (depth levels below root plus the active path). */
export function navigation(s: Serializer, activeParam: string, rootParam: string, body: unknown): JsonObject[] {
  const rootId = resolveNavigationId(rootParam)
  const activeId = resolveNavigationId(activeParam)
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const depth = Number.isInteger(Number(raw.depth)) && raw.depth !== undefined && raw.depth !== null ? Math.max(1, Number(raw.depth)) : 2
  const buildTree = truthy(raw.buildTree, true)
  const criteria = parseCriteria(body)
  const all = s.rows('SELECT * FROM category WHERE active = 1 AND visible = 1 ORDER BY position')
  const byId = new Map(all.map((r) => [String(r.id), r]))
  const root = byId.get(rootId)
  if (!root || (!HEX_ID.test(rootId))) throw errors.categoryNotFound(rootParam)
  const active = byId.get(activeId)
  if (!active) throw errors.categoryNotFound(activeParam)
  const childrenOf = new Map<string, Row[]>()
  for (const r of all) {
    const parent = String(r.parent_id ?? '')
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), r])
  }
  const included = new Set<string>()
  const addLevels = (parentId: string, levels: number) => {
    if (levels <= 0) return
    for (const c of childrenOf.get(parentId) ?? []) {
      included.add(String(c.id))
      addLevels(String(c.id), levels - 1)
    }
  }
  addLevels(rootId, depth)
  // The active category's path is always expanded one level, so deep pages keep their siblings and children.
  const activePath: string[] = []
  for (let cur: Row | undefined = active; cur && String(cur.id) !== rootId; cur = byId.get(String(cur.parent_id ?? ''))) activePath.unshift(String(cur.id))
  if (activePath.length && byId.get(activePath[0])?.parent_id === rootId) {
    for (const id of activePath) if (included.has(id)) addLevels(id, 1)
  }
  const serializeFlat = (r: Row) => s.category(r, { childCount: (childrenOf.get(String(r.id)) ?? []).length })
  const visible = (id: string) => (childrenOf.get(id) ?? []).filter((c) => included.has(String(c.id)))
  const filtered = searchEntities('category', all.filter((r) => included.has(String(r.id))).map(serializeFlat), { ...criteria, limit: null, page: 1 })
  const allowed = new Set(filtered.elements.map((e) => e.id as string))
  if (!buildTree) return filtered.elements
  const tree = (parentId: string): JsonObject[] =>
    visible(parentId).filter((r) => allowed.has(String(r.id))).map((r) => s.category(r, { childCount: (childrenOf.get(String(r.id)) ?? []).length, children: tree(String(r.id)) }))
  return tree(rootId)
}

/** POST /category/{id}: the category with its CMS page; listing parameters in the request shape its listing slot. */
export function category(s: Serializer, idParam: string, body: unknown = {}, query: Record<string, unknown> = {}): JsonObject {
  // Shopware's CategoryRoute takes `home` for the sales channel's navigation root (CategoryRoute::HOME); the
  // navigation aliases belong to the navigation route only.
  const id = idParam === 'home' ? ROOT_CATEGORY_IDS.main : idParam
  const r = s.row('SELECT * FROM category WHERE id = ? AND active = 1', id)
  if (!r) throw errors.categoryNotFound(idParam)
  const out = s.category(r)
  const cmsPage = r.cms_page_id ? resolveCmsPage(s, String(r.cms_page_id), String(r.id), parseListingParams(body, query)) : null
  if (cmsPage) out.cmsPage = cmsPage
  return out
}

export function landingPage(s: Serializer, id: string): JsonObject {
  const r = s.row('SELECT * FROM landing_page WHERE id = ? AND active = 1', id)
  if (!r) throw errors.landingPageNotFound(id)
  const t = s.translate(r.translations)
  const cmsPage = resolveCmsPage(s, String(r.cms_page_id))
  return {
    id: r.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', active: true, name: t.name, customFields: {}, slotConfig: {},
    metaTitle: t.metaTitle, ...(t.metaDescription ? { metaDescription: t.metaDescription } : {}), url: t.url, cmsPageId: r.cms_page_id,
    cmsPageVersionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', createdAt: '2024-01-01T00:00:00.000+00:00',
    translated: { name: t.name, url: t.url, metaTitle: t.metaTitle, customFields: {}, slotConfig: {} },
    ...(cmsPage ? { cmsPage } : {}), seoUrls: s.includeSeoUrls ? s.seoUrls(String(r.id)) : [], apiAlias: 'landing_page',
  } as JsonObject
}

export function cms(s: Serializer, id: string): JsonObject {
  const page = HEX_ID.test(id) ? resolveCmsPage(s, id) : null
  if (!page) throw errors.cmsPageNotFound(id)
  return page
}

/**
 * POST /seo-url: criteria over the canonical SEO URLs of the context language, as Shopware scopes
 * every sales-channel read of them (`SalesChannelSeoUrlDefinition::processCriteria`: language, sales
 * channel, canonical, not deleted). A renamed entity's old URL is therefore never an answer.
 * Look-ups and paging are served from an index (seo-url-index.ts).
 */
export function seoUrls(s: Serializer, body: unknown) {
  return searchSeoUrls(s, parseCriteria(body))
}

/**
 * GET /breadcrumb/{id}: the navigation path below the main root, as Shopware's BreadcrumbRoute builds it.
 * `type=category` reads a category; any other type tries the product (its referrer category when the
 * product is in it, else its first category) and falls back to a category with that id. Unknown ids
 * give an empty list, never 404 (the route documents 200, 400 and 401 only).
 */
export function breadcrumb(s: Serializer, id: string, type: string, referrerCategoryId?: string): JsonObject[] {
  let categoryRow: Row | undefined
  if (type === 'category') {
    categoryRow = activeCategory(s, id)
  } else {
    const product = productCategory(s, id, referrerCategoryId)
    categoryRow = product ? product.category : activeCategory(s, id)
  }
  if (!categoryRow) return []
  return s
    .categoryAncestors(categoryRow)
    .filter((r) => r.parent_id !== null && String(r.id) !== ROOT_CATEGORY_IDS.main)
    .map((r) => {
      const t = s.translate(r.translations)
      return {
        name: t.name, categoryId: r.id, type: r.type,
        translated: { name: t.name, customFields: {}, slotConfig: {}, ...(r.link_type ? { linkType: r.link_type } : {}), linkNewTab: r.link_new_tab === 1 },
        path: s.seoPath(String(r.id)) ?? `navigation/${r.id}`, seoUrls: s.seoUrls(String(r.id)), apiAlias: 'breadcrumb',
      } as JsonObject
    })
}
