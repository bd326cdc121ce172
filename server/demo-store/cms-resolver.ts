import { ROOT_CATEGORY_IDS } from './constants'
import { parseListingParams, productListing, type ListingParams } from './catalogue'
import type { Json, JsonObject } from './criteria'
import { compact, type Serializer } from './entities'

type ConfigValue = { source: string; value: Json }
type Config = Record<string, ConfigValue>

/** Builds `slot.data` the way Shopware's CMS element resolvers do. */
function resolveSlotData(s: Serializer, type: string, config: Config, categoryId: string | null, listingParams: ListingParams): JsonObject | null {
  switch (type) {
    case 'text':
      return { content: config.content?.value ?? '', apiAlias: 'cms_text' }
    case 'image': {
      const mediaId = typeof config.media?.value === 'string' ? config.media.value : null
      return compact({ mediaId, url: config.url?.value ?? null, newTab: config.newTab?.value === true, media: s.media(mediaId), apiAlias: 'cms_image' } as JsonObject)
    }
    case 'image-gallery': {
      const items = Array.isArray(config.sliderItems?.value) ? (config.sliderItems.value as JsonObject[]) : []
      return {
        sliderItems: items.map((item) => compact({ url: item.url ?? null, newTab: item.newTab === true, media: s.media(typeof item.mediaId === 'string' ? item.mediaId : null), apiAlias: 'cms_image_slider_item' } as JsonObject)),
        apiAlias: 'cms_image_slider',
      }
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

/** Loads a CMS page with sections, blocks and slots (ordered by position) and resolves every slot's data. */
export function resolveCmsPage(s: Serializer, pageId: string, categoryId: string | null = null, listingParams: ListingParams = parseListingParams({}, {})): JsonObject | null {
  const page = s.row('SELECT * FROM cms_page WHERE id = ?', pageId)
  if (!page) return null
  const pageT = s.translate(page.translations)
  const sections = s.rows('SELECT * FROM cms_section WHERE page_id = ? ORDER BY position', pageId).map((sec) => {
    const blocks = s.rows('SELECT * FROM cms_block WHERE section_id = ? ORDER BY position', sec.id).map((block) => {
      const slots = s.rows('SELECT * FROM cms_slot WHERE block_id = ? ORDER BY rowid', block.id).map((slot) => {
        const t = s.translate(slot.translations)
        const config = (t.config ?? {}) as Config
        const fieldConfig: JsonObject = {}
        for (const [name, c] of Object.entries(config)) fieldConfig[name] = { name, source: c.source, value: c.value, apiAlias: 'cms_data_resolver_field_config' }
        return compact({
          id: slot.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', blockId: block.id, type: slot.type, slot: slot.slot, locked: false,
          config: config as unknown as JsonObject, fieldConfig, data: resolveSlotData(s, String(slot.type), config, categoryId, listingParams),
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
  return compact({
    id: page.id, versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425', name: pageT.name, type: page.type, entity: null, cssClass: page.css_class,
    config: null, translated: { name: pageT.name, customFields: {} }, customFields: {}, sections, apiAlias: 'cms_page',
  } as JsonObject)
}
