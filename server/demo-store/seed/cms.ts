import { DEFAULT_PRODUCT_CMS_PAGE_ID } from '../constants'
import { sid } from '../ids'
import { tr, type Inserter, type Tri } from './util'

export type ConfigValue = { source: 'static' | 'mapped' | 'default'; value: unknown }
export type SlotConfig = Record<string, ConfigValue>

export interface SlotDef {
  type:
    | 'text' | 'image' | 'image-gallery' | 'product-box' | 'product-slider' | 'product-listing'
    | 'product-name' | 'manufacturer-logo' | 'buy-box' | 'product-description-reviews' | 'cross-selling' | 'form'
  slot: string
  /** A fixed id instead of one derived from the page key and positions (slots clients address, e.g. the contact form). */
  id?: string
  /** One config per language; use `sameConfig` for language-neutral configs. */
  config: Tri<SlotConfig>
}

export interface Visibility { mobile: boolean; tablet: boolean; desktop: boolean }

export interface BlockDef {
  type: string
  name?: string
  sectionPosition?: 'main' | 'sidebar'
  margins?: [string, string, string, string]
  cssClass?: string
  backgroundColor?: string
  backgroundMediaId?: string
  backgroundMediaMode?: 'cover' | 'contain' | 'auto'
  visibility?: Partial<Visibility>
  slots: SlotDef[]
}

export interface SectionDef {
  type: 'default' | 'sidebar'
  sizingMode?: 'boxed' | 'full_width'
  mobileBehavior?: 'wrap' | 'hidden'
  cssClass?: string
  backgroundColor?: string
  backgroundMediaId?: string
  backgroundMediaMode?: 'cover' | 'contain' | 'auto'
  visibility?: Partial<Visibility>
  blocks: BlockDef[]
}

export interface PageDef {
  key: string
  /** A fixed id instead of one derived from the key. */
  id?: string
  type: 'page' | 'landingpage' | 'product_list' | 'product_detail'
  name: Tri
  cssClass?: string
  sections: SectionDef[]
}

const st = (value: unknown): ConfigValue => ({ source: 'static', value })
const mapped = (value: string): ConfigValue => ({ source: 'mapped', value })

export function sameConfig(config: SlotConfig): Tri<SlotConfig> {
  return [config, config, config]
}

export function textSlot(html: Tri, slot = 'content'): SlotDef {
  const config = (content: string): SlotConfig => ({ content: st(content), verticalAlign: st(null) })
  return { type: 'text', slot, config: [config(html[0]), config(html[1]), config(html[2])] }
}

/**
 * Shopware's CMS `form` element (Administration sw-cms/elements/form defaultConfig): `type` contact or newsletter,
 * `title`, `mailReceiver` (ContactFormRoute mails these instead of the shop's address), `defaultMailReceiver`,
 * `confirmationText` (answered as individualSuccessMessage).
 */
export function formSlot(id: string, receivers: string[], confirmationText: Tri, title: Tri = ['', '', '']): SlotDef {
  const config = (i: 0 | 1 | 2): SlotConfig => ({
    type: st('contact'), title: st(title[i]), mailReceiver: st(receivers), defaultMailReceiver: st(receivers.length === 0),
    confirmationText: st(confirmationText[i]),
  })
  return { id, type: 'form', slot: 'content', config: [config(0), config(1), config(2)] }
}

export function imageSlot(mediaId: string, options: { slot?: string; url?: Tri<string | null>; displayMode?: string; minHeight?: string } = {}): SlotDef {
  const config = (url: string | null): SlotConfig => ({
    media: st(mediaId), displayMode: st(options.displayMode ?? 'standard'), url: st(url), newTab: st(false),
    minHeight: st(options.minHeight ?? '340px'), verticalAlign: st(null),
  })
  const urls = options.url ?? [null, null, null]
  return { type: 'image', slot: options.slot ?? 'image', config: [config(urls[0]), config(urls[1]), config(urls[2])] }
}

export function gallerySlot(items: Array<{ mediaId: string; url?: Tri<string | null> }>, slot = 'imageGallery'): SlotDef {
  const config = (i: number): SlotConfig => ({
    sliderItems: st(items.map((item) => ({ mediaId: item.mediaId, url: item.url?.[i] ?? null, newTab: false }))),
    displayMode: st('standard'), minHeight: st('340px'), navigationArrows: st('inside'), navigationDots: st(null),
    galleryPosition: st('left'), zoom: st(false), fullScreen: st(false), keepAspectRatioOnZoom: st(true),
  })
  return { type: 'image-gallery', slot, config: [config(0), config(1), config(2)] }
}

export function productBoxSlot(productId: string, slot: string): SlotDef {
  return { type: 'product-box', slot, config: sameConfig({ product: st(productId), boxLayout: st('standard'), displayMode: st('standard'), verticalAlign: st(null) }) }
}

export function productSliderSlot(productIds: string[], title: Tri): SlotDef {
  const config = (t: string): SlotConfig => ({
    products: st(productIds), title: st(t), displayMode: st('standard'), boxLayout: st('standard'), navigationArrows: st('outside'),
    rotate: st(false), autoplayTimeout: st(5000), speed: st(300), border: st(false), elMinWidth: st('300px'), verticalAlign: st(null),
    productStreamSorting: st('name:ASC'), productStreamLimit: st(10),
  })
  return { type: 'product-slider', slot: 'productSlider', config: [config(title[0]), config(title[1]), config(title[2])] }
}

export function listingSlot(): SlotDef {
  return {
    type: 'product-listing', slot: 'content',
    config: sameConfig({
      boxLayout: st('standard'), showSorting: st(true), useCustomSorting: st(false), availableSortings: st({}), defaultSorting: st(''),
      filters: st('manufacturer-filter,rating-filter,price-filter,shipping-free-filter,property-filter'), propertyWhitelist: st([]),
    }),
  }
}

/**
 * Shopware's "Default product page Layout" (Defaults::CMS_PRODUCT_DETAIL_PAGE), as the migrations
 * Migration1609140710AddCmsPdpLayout, Migration1611732852UpdateCmsPdpLayout and
 * Migration1617356092UpdateCmsPdpLayoutSection leave it: one section with the product heading, gallery
 * and buy box, description and reviews, and cross-selling. Every product without a layout of its own
 * gets it (ProductSubscriber::setDefaultLayout, config core.cms.default_product_cms_page).
 */
export function productDetailPage(): PageDef {
  const product = { product: st(null), alignment: st(null) }
  return {
    key: 'product-detail', id: DEFAULT_PRODUCT_CMS_PAGE_ID, type: 'product_detail',
    name: ['Standard Produktseite-Layout', 'Default product page Layout', 'Mise en page standard de la page produit'],
    sections: [{
      type: 'default',
      blocks: [
        {
          type: 'product-heading', name: 'Product heading', margins: ['0', '0', '20px', '0'],
          slots: [
            { type: 'product-name', slot: 'left', config: sameConfig({ content: mapped('product.name'), verticalAlign: st(null) }) },
            {
              type: 'manufacturer-logo', slot: 'right',
              config: sameConfig({
                displayMode: st('standard'), media: mapped('product.manufacturer.media'), minHeight: st(null), newTab: st(true), url: st(null),
                verticalAlign: st(null),
              }),
            },
          ],
        },
        {
          type: 'gallery-buybox', name: 'Gallery buy box', margins: ['20px', '0', '0', '0'],
          slots: [
            {
              type: 'image-gallery', slot: 'left',
              config: sameConfig({
                displayMode: st('contain'), fullScreen: st(true), galleryPosition: st('left'), minHeight: st('430px'), navigationArrows: st('inside'),
                navigationDots: st('inside'), sliderItems: mapped('product.media'), verticalAlign: st(null), zoom: st(true),
              }),
            },
            { type: 'buy-box', slot: 'right', config: sameConfig(product) },
          ],
        },
        {
          type: 'product-description-reviews', name: 'Product description and reviews', margins: ['20px', '0', '20px', '0'],
          slots: [{ type: 'product-description-reviews', slot: 'content', config: sameConfig(product) }],
        },
        {
          type: 'cross-selling', name: 'Cross selling', margins: ['0', '0', '0', '0'],
          slots: [{
            type: 'cross-selling', slot: 'content',
            config: sameConfig({ boxLayout: st('standard'), displayMode: st('standard'), elMinWidth: st('200px'), product: st(null) }),
          }],
        },
      ],
    }],
  }
}

function visibilityJson(v?: Partial<Visibility>): string {
  return JSON.stringify({ mobile: v?.mobile ?? true, tablet: v?.tablet ?? true, desktop: v?.desktop ?? true })
}

export function cmsPageId(key: string): string {
  return sid(`cms-page:${key}`)
}

/** Inserts a page with its sections, blocks and slots; ids derive from the page key and positions. */
export function insertCmsPage(ins: Inserter, page: PageDef): string {
  const pageId = page.id ?? cmsPageId(page.key)
  ins.insert('cms_page', { id: pageId, type: page.type, css_class: page.cssClass ?? null, translations: tr({ name: page.name }) })
  page.sections.forEach((section, s) => {
    const sectionId = sid(`cms-section:${page.key}:${s}`)
    ins.insert('cms_section', {
      id: sectionId, page_id: pageId, position: s, type: section.type, sizing_mode: section.sizingMode ?? 'boxed',
      mobile_behavior: section.mobileBehavior ?? 'wrap', css_class: section.cssClass ?? null, background_color: section.backgroundColor ?? null,
      background_media_id: section.backgroundMediaId ?? null, background_media_mode: section.backgroundMediaMode ?? 'cover',
      visibility: visibilityJson(section.visibility), name: null,
    })
    section.blocks.forEach((block, b) => {
      const blockId = sid(`cms-block:${page.key}:${s}:${b}`)
      const [top, right, bottom, left] = block.margins ?? ['20px', '20px', '20px', '20px']
      ins.insert('cms_block', {
        id: blockId, section_id: sectionId, position: b, type: block.type, section_position: block.sectionPosition ?? 'main',
        margin_top: top, margin_right: right, margin_bottom: bottom, margin_left: left, css_class: block.cssClass ?? null,
        background_color: block.backgroundColor ?? null, background_media_id: block.backgroundMediaId ?? null,
        background_media_mode: block.backgroundMediaMode ?? 'cover', visibility: visibilityJson(block.visibility), name: block.name ?? null,
      })
      block.slots.forEach((slot, k) => {
        ins.insert('cms_slot', {
          id: slot.id ?? sid(`cms-slot:${page.key}:${s}:${b}:${k}`), block_id: blockId, type: slot.type, slot: slot.slot,
          translations: tr({ config: slot.config }),
        })
      })
    })
  })
  return pageId
}

