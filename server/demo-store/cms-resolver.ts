import { ROOT_CATEGORY_IDS } from './constants'
import { parseListingParams, productListing, type ListingParams } from './catalogue'
import type { Json, JsonObject } from './criteria'
import { compact, type Serializer } from './entities'

type ConfigValue = { source: string; value: Json }
type Config = Record<string, ConfigValue>

/**
 * What the product detail route hands the CMS resolvers (Shopware's EntityResolverContext with the
 * product): the shown product, and the data its slots load through other routes.
 */
export interface ProductSlotContext {
  /** A copy of the shown product: slot data must not contain the page it belongs to. */
  product: JsonObject
  configurator: JsonObject[]
  /** ProductReviewResult as ProductDescriptionReviewsCmsElementResolver loads it. */
  reviews: JsonObject
  totalReviews: number
  crossSellings: JsonObject[]
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * AbstractCmsElementResolver::resolveEntityValue: a dotted path into the entity, where a first part
 * naming the entity itself (`product.name`) is skipped and a missing field falls back to its translation.
 */
function entityValue(entity: JsonObject | undefined, path: string): Json | undefined {
  if (!entity) return undefined
  const parts = path.split('.')
  if (parts.length > 1 && !(parts[0] in entity)) parts.shift()
  let value: Json | undefined = entity
  for (const part of parts) {
    if (!isObject(value)) return undefined
    const translated: Json | undefined = value.translated
    value = value[part] ?? (isObject(translated) ? translated[part] : undefined)
  }
  return value
}

/** A product detail slot's product: mapped to the page's product, as AbstractProductDetailCmsElementResolver maps it. */
function slotProduct(config: Config, context: ProductSlotContext | undefined): ProductSlotContext | undefined {
  return config.product && context ? context : undefined
}

/** Builds `slot.data` the way Shopware's CMS element resolvers do. */
function resolveSlotData(
  s: Serializer,
  type: string,
  config: Config,
  categoryId: string | null,
  listingParams: ListingParams,
  productContext: ProductSlotContext | undefined,
): JsonObject | null {
  const product = productContext?.product
  switch (type) {
    case 'text':
      return { content: config.content?.value ?? '', apiAlias: 'cms_text' }
    case 'product-name': {
      const content = config.content
      const value = content?.source === 'mapped' && typeof content.value === 'string' ? entityValue(product, content.value) : content?.value
      return compact({ content: typeof value === 'string' ? value : null, apiAlias: 'cms_text' } as JsonObject)
    }
    case 'image': {
      const mediaId = typeof config.media?.value === 'string' ? config.media.value : null
      return compact({ mediaId, url: config.url?.value ?? null, newTab: config.newTab?.value === true, media: s.media(mediaId), apiAlias: 'cms_image' } as JsonObject)
    }
    case 'manufacturer-logo': {
      const source = config.media
      const media = source?.source === 'mapped' && typeof source.value === 'string'
        ? entityValue(product, source.value)
        : s.media(typeof source?.value === 'string' ? source.value : null)
      return compact({
        url: typeof config.url?.value === 'string' ? config.url.value : null, newTab: config.newTab ? config.newTab.value === true : null,
        media: isObject(media) ? media : null, mediaId: isObject(media) ? media.id : null, manufacturer: product?.manufacturer ?? null,
        apiAlias: 'cms_manufacturer_logo',
      } as JsonObject)
    }
    case 'image-gallery': {
      const source = config.sliderItems
      if (source?.source === 'mapped') {
        // ImageSliderTypeDataResolver: for product.media the cover comes first, each picture once.
        const mapped = typeof source.value === 'string' ? entityValue(product, source.value) : undefined
        const items = Array.isArray(mapped) ? mapped.filter(isObject) : []
        if (source.value === 'product.media' && items.length > 0 && isObject(product?.cover)) {
          const cover = product.cover
          items.splice(0, items.length, cover, ...items.filter((item) => item.id !== cover.id))
        }
        const media = items.map((item) => (isObject(item.media) ? item.media : null)).filter((m): m is JsonObject => m !== null)
        return { sliderItems: media.map((m) => ({ media: m, apiAlias: 'cms_image_slider_item' })), apiAlias: 'cms_image_slider' }
      }
      const items = Array.isArray(source?.value) ? (source.value as JsonObject[]) : []
      return {
        sliderItems: items.map((item) => compact({ url: item.url ?? null, newTab: item.newTab === true, media: s.media(typeof item.mediaId === 'string' ? item.mediaId : null), apiAlias: 'cms_image_slider_item' } as JsonObject)),
        apiAlias: 'cms_image_slider',
      }
    }
    case 'buy-box': {
      const found = slotProduct(config, productContext)
      return compact({
        productId: found?.product.id ?? null, totalReviews: found?.totalReviews ?? null, product: found?.product ?? null,
        configuratorSettings: found?.configurator ?? null, apiAlias: 'cms_buy_box',
      } as JsonObject)
    }
    case 'product-description-reviews': {
      const found = slotProduct(config, productContext)
      // ratingSuccess reflects the request's `success` flag, which only the Storefront's review form sets.
      return compact({
        ratingSuccess: found ? false : null, product: found?.product ?? null, reviews: found?.reviews ?? null, apiAlias: 'cms_product_description_reviews',
      } as JsonObject)
    }
    case 'cross-selling': {
      const found = slotProduct(config, productContext)
      return compact({ crossSellings: found && found.crossSellings.length > 0 ? found.crossSellings : null, apiAlias: 'cms_cross_selling' } as JsonObject)
    }
    case 'product-box': {
      const productId = typeof config.product?.value === 'string' ? config.product.value : null
      return compact({ productId, product: productId ? s.product(productId) : null, apiAlias: 'cms_product_box' } as JsonObject)
    }
    case 'product-slider': {
      const ids = Array.isArray(config.products?.value) ? (config.products.value as string[]) : []
      return { products: ids.map((id) => s.product(id)).filter((p): p is JsonObject => p !== null), apiAlias: 'cms_product_slider' }
    }
    case 'product-listing':
      // Like Shopware's ProductListingCmsElementResolver: the listing for the request's listing parameters
      // (first page by default), for the category or, on pages without one, the navigation root.
      return {
        listing: productListing(s, { categoryId: categoryId ?? ROOT_CATEGORY_IDS.main }, listingParams),
        apiAlias: 'cms_product_listing',
      }
    default:
      return null
  }
}

/** Slot types whose data depends only on the slot's config, the language and the media URLs. */
function isStaticSlot(type: string, config: Config): boolean {
  if (type === 'text' || type === 'image') return true
  if (type === 'image-gallery') return config.sliderItems?.source !== 'mapped'
  return !DYNAMIC_SLOTS.has(type)
}

const DYNAMIC_SLOTS = new Set([
  'product-name', 'manufacturer-logo', 'image-gallery', 'buy-box', 'product-description-reviews', 'cross-selling', 'product-box',
  'product-slider', 'product-listing',
])

interface DynamicSlot {
  path: [number, number, number]
  type: string
  config: Config
}

interface CmsSkeleton {
  /** The page as JSON text, static slot data resolved, dynamic slots with a placeholder `data`. */
  json: string
  dynamic: DynamicSlot[]
}

/**
 * CMS trees are read-only: each page's sections, blocks, slots and static slot data (texts, images and
 * their media) are built once per language and public URL and kept as JSON text; a request parses it and
 * resolves only the slots that depend on it (listings, product boxes and sliders, the product page's slots).
 */
const skeletons = new WeakMap<object, Map<string, CmsSkeleton | null>>()

function cmsSkeleton(s: Serializer, pageId: string): CmsSkeleton | null {
  let perDb = skeletons.get(s.db)
  if (!perDb) {
    perDb = new Map()
    skeletons.set(s.db, perDb)
  }
  const key = `${s.languageId}|${s.publicUrl}|${pageId}`
  if (perDb.has(key)) return perDb.get(key) ?? null
  const built = buildSkeleton(s, pageId)
  perDb.set(key, built)
  return built
}

const PLACEHOLDER = 0

function buildSkeleton(s: Serializer, pageId: string): CmsSkeleton | null {
  const page = s.row('SELECT * FROM cms_page WHERE id = ?', pageId)
  if (!page) return null
  const pageT = s.translate(page.translations)
  const dynamic: DynamicSlot[] = []
  const sections = s.rows('SELECT * FROM cms_section WHERE page_id = ? ORDER BY position', pageId).map((sec, sectionIndex) => {
    const blocks = s.rows('SELECT * FROM cms_block WHERE section_id = ? ORDER BY position', sec.id).map((block, blockIndex) => {
      const slots = s.rows('SELECT * FROM cms_slot WHERE block_id = ? ORDER BY rowid', block.id).map((slot, slotIndex) => {
        const t = s.translate(slot.translations)
        const config = (t.config ?? {}) as Config
        const type = String(slot.type)
        const fieldConfig: JsonObject = {}
        for (const [name, c] of Object.entries(config)) fieldConfig[name] = { name, source: c.source, value: c.value, apiAlias: 'cms_data_resolver_field_config' }
        const isStatic = isStaticSlot(type, config)
        if (!isStatic) dynamic.push({ path: [sectionIndex, blockIndex, slotIndex], type, config })
        return compact({
          id: slot.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', blockId: block.id, type: slot.type, slot: slot.slot, locked: false,
          config: config as unknown as JsonObject, fieldConfig,
          data: isStatic ? resolveSlotData(s, type, config, null, parseListingParams({}, {}), undefined) : PLACEHOLDER,
          translated: { config: config as unknown as JsonObject, customFields: {} }, customFields: {}, apiAlias: 'cms_slot',
        } as JsonObject)
      })
      return compact({
        id: block.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', sectionId: sec.id, position: block.position, type: block.type, name: block.name,
        sectionPosition: block.section_position, marginTop: block.margin_top, marginBottom: block.margin_bottom, marginLeft: block.margin_left,
        marginRight: block.margin_right, backgroundColor: block.background_color, backgroundMediaId: block.background_media_id,
        backgroundMediaMode: block.background_media_mode, cssClass: block.css_class, visibility: JSON.parse(String(block.visibility)) as JsonObject,
        backgroundMedia: s.media(block.background_media_id), slots, customFields: {}, apiAlias: 'cms_block',
      } as JsonObject)
    })
    return compact({
      id: sec.id, pageId, position: sec.position, type: sec.type, name: sec.name, sizingMode: sec.sizing_mode, mobileBehavior: sec.mobile_behavior,
      backgroundColor: sec.background_color, backgroundMediaId: sec.background_media_id, backgroundMediaMode: sec.background_media_mode,
      cssClass: sec.css_class, visibility: JSON.parse(String(sec.visibility)) as JsonObject, backgroundMedia: s.media(sec.background_media_id),
      blocks, customFields: {}, apiAlias: 'cms_section',
    } as JsonObject)
  })
  const tree = compact({
    id: page.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', name: pageT.name, type: page.type, entity: null, cssClass: page.css_class,
    config: null, translated: { name: pageT.name, customFields: {} }, customFields: {}, sections, apiAlias: 'cms_page',
  } as JsonObject)
  return { json: JSON.stringify(tree), dynamic }
}

/** Loads a CMS page with sections, blocks and slots (ordered by position) and resolves every slot's data. */
export function resolveCmsPage(
  s: Serializer,
  pageId: string,
  categoryId: string | null = null,
  listingParams: ListingParams = parseListingParams({}, {}),
  productContext?: ProductSlotContext,
): JsonObject | null {
  const skeleton = cmsSkeleton(s, pageId)
  if (!skeleton) return null
  const tree = JSON.parse(skeleton.json) as JsonObject
  for (const { path, type, config } of skeleton.dynamic) {
    const [sectionIndex, blockIndex, slotIndex] = path
    const section = (tree.sections as JsonObject[])[sectionIndex] as JsonObject
    const block = (section.blocks as JsonObject[])[blockIndex] as JsonObject
    const slot = (block.slots as JsonObject[])[slotIndex] as JsonObject
    const data = resolveSlotData(s, type, config, categoryId, listingParams, productContext)
    // As compact() leaves out a null `data`.
    if (data === null) delete slot.data
    else slot.data = data
  }
  return tree
}
