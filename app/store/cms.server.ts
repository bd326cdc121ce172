import type { Schemas } from '@shopware/api-client/api-types'
import type { Logger } from 'pino'
import sanitizeHtml from 'sanitize-html'
import type {
  CmsBlock,
  CmsElement,
  CmsImage,
  CmsLayout,
  CmsPageData,
  CmsProduct,
  CmsSection,
  Device,
} from '~/components/cms/types'
import { backgroundImage } from '~/lib/background-media'
import { productHref, safeExternalUrl, safeMediaUrl } from '~/lib/links'
import { parseListingQuery, type ListingQuery } from '~/lib/listing-url'
import type { Locale } from '~/lib/locale'
import { cardPriceFields } from '~/lib/price'
import { toListingView } from './listing.server'

type Product = Schemas['Product']
type Media = Schemas['Media']

export interface CmsMapOptions {
  locale: Locale
  logger: Logger
  /** Public origin of the shop; links elsewhere count as external. */
  publicUrl: string
  /** The page URL's listing state, which the product-listing slot was loaded with. */
  listingQuery?: ListingQuery
}

const TEXT_TAGS = [
  'p', 'br', 'hr', 'span', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark',
  'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'a', 'img', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'abbr', 'address', 'code', 'pre',
]

/**
 * Cleans CMS rich text: a fixed set of tags, no scripts, styles or event handlers, only http(s),
 * mailto and tel links. An h1 becomes h2 because the page title is the page's only h1. Links that
 * leave the shop get rel="noopener noreferrer".
 */
export function sanitizeCmsHtml(html: string, publicUrl: string): string {
  const shopOrigin = new URL(publicUrl).origin
  return sanitizeHtml(html, {
    allowedTags: TEXT_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'title', 'loading'],
      table: ['tabindex'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      abbr: ['title'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      h1: 'h2',
      // A table wider than the column scrolls (cms.css): focusable, it can be scrolled by keyboard.
      table: (_tagName, attribs) => ({ tagName: 'table', attribs: { ...attribs, tabindex: '0' } }),
      a: (tagName, attribs) => {
        const { rel: _rel, target, ...rest } = attribs
        const href = rest.href ?? ''
        let external = false
        if (/^https?:/i.test(href)) {
          try {
            external = new URL(href).origin !== shopOrigin
          } catch {
            external = true
          }
        }
        const attrs: sanitizeHtml.Attributes = { ...rest }
        if (target === '_blank') attrs.target = '_blank'
        if (external || target === '_blank') attrs.rel = 'noopener noreferrer'
        return { tagName, attribs: attrs }
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
    allowedClasses: {},
    nonBooleanAttributes: ['*'],
  }).trim()
}

const CLASS_TOKEN = /^-?[A-Za-z_][A-Za-z0-9_-]*$/

/** Keeps only tokens that are valid class names, so a CMS value cannot break out of class="". */
export function safeClassName(value: string | null | undefined): string | undefined {
  const tokens = (value ?? '').split(/\s+/).filter((t) => CLASS_TOKEN.test(t) && t.length <= 64)
  return tokens.length ? tokens.join(' ') : undefined
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const FUNC = /^(?:rgba?|hsla?)\(\s*[-+0-9.%\s,/a-z]*\)$/i
const NAMED = /^[a-z]{3,20}$/i

/** A CSS colour (hex, rgb()/hsl() or a colour keyword) or undefined; nothing else reaches a style attribute. */
export function safeColor(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim()
  if (!v) return undefined
  if (HEX.test(v)) return v
  if (FUNC.test(v) && !/url|expression|var|calc/i.test(v) && v.length <= 64) return v
  if (NAMED.test(v)) return v.toLowerCase()
  return undefined
}

const LENGTH = /^-?\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%|vh|vw)?$/

export function safeLength(value: string | null | undefined): string | undefined {
  const v = (value ?? '').trim()
  if (!LENGTH.test(v)) return undefined
  return /^-?[\d.]+$/.test(v) ? `${v}px` : v
}

function hiddenDevices(visibility: { mobile?: boolean; tablet?: boolean; desktop?: boolean } | undefined): Device[] {
  if (!visibility) return []
  return (['mobile', 'tablet', 'desktop'] as const).filter((d) => visibility[d] === false)
}

interface LayoutSource {
  cssClass?: string
  backgroundColor?: string
  backgroundMedia?: Media
  backgroundMediaMode?: string
  marginTop?: string
  marginRight?: string
  marginBottom?: string
  marginLeft?: string
  visibility?: { mobile?: boolean; tablet?: boolean; desktop?: boolean }
}

function layout(source: LayoutSource, logger: Logger): CmsLayout {
  const result: CmsLayout = { hiddenOn: hiddenDevices(source.visibility) }
  const cssClass = safeClassName(source.cssClass)
  if (cssClass) result.cssClass = cssClass
  const color = safeColor(source.backgroundColor)
  if (color) result.backgroundColor = color
  const margin = {
    top: safeLength(source.marginTop),
    right: safeLength(source.marginRight),
    bottom: safeLength(source.marginBottom),
    left: safeLength(source.marginLeft),
  }
  if (Object.values(margin).some(Boolean)) {
    result.margin = Object.fromEntries(Object.entries(margin).filter(([, v]) => v)) as CmsLayout['margin']
  }
  const media = source.backgroundMedia
  const url = media?.url && safeMediaUrl(media.url)
  if (media && url) {
    try {
      const bg = backgroundImage({ url, width: media.metaData?.width, height: media.metaData?.height })
      const mode = source.backgroundMediaMode
      result.background = { ...bg, mode: mode === 'contain' || mode === 'auto' ? mode : 'cover' }
    } catch (err) {
      logger.warn({ err: (err as Error).message, mediaId: media.id }, 'cms background image refused')
    }
  }
  return result
}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

/** A slot's config value (`config.x.value`), translated config first. */
function configValue(slot: Schemas['CmsSlot'], key: string): unknown {
  const translated = (slot.translated as { config?: Json } | undefined)?.config
  for (const config of [translated, slot.config as Json | undefined]) {
    const entry = config?.[key]
    if (isObject(entry) && 'value' in entry) return entry.value
  }
  return undefined
}

/** A store media as a CMS image: only http(s) URLs, with its size when the store knows it. */
export function toCmsImage(media: unknown): CmsImage | undefined {
  if (!isObject(media)) return undefined
  const m = media as Partial<Media>
  const url = m.url && safeMediaUrl(m.url)
  if (!url) return undefined
  const image: CmsImage = { url, alt: m.translated?.alt || m.alt || m.translated?.title || m.title || '' }
  if (m.metaData?.width && m.metaData.height) {
    image.width = m.metaData.width
    image.height = m.metaData.height
  }
  return image
}

class ImageCounter {
  private first = true
  image(media: unknown): CmsImage | undefined {
    const image = toCmsImage(media)
    if (!image) return undefined
    if (this.first) {
      image.eager = true
      this.first = false
    }
    return image
  }
}

/** A product tile (CMS boxes and sliders, cross-selling, last viewed); `imageOf` maps its cover. */
export function toCmsProduct(
  value: unknown,
  locale: Locale,
  imageOf: (media: unknown) => CmsImage | undefined = toCmsImage,
): CmsProduct | undefined {
  if (!isObject(value)) return undefined
  const p = value as Partial<Product>
  if (!p.id) return undefined
  const name = p.translated?.name || p.name
  if (!name) return undefined
  const result: CmsProduct = {
    id: p.id,
    name,
    productNumber: p.productNumber ?? '',
    href: productHref(locale, { id: p.id, seoUrls: p.seoUrls }),
  }
  Object.assign(result, cardPriceFields(p))
  const image = imageOf(p.cover?.media)
  if (image) result.image = image
  return result
}

function product(value: unknown, locale: Locale, images: ImageCounter): CmsProduct | undefined {
  return toCmsProduct(value, locale, (media) => images.image(media))
}

function products(list: unknown, locale: Locale, images: ImageCounter): CmsProduct[] {
  return Array.isArray(list) ? list.map((p) => product(p, locale, images)).filter((p): p is CmsProduct => !!p) : []
}

const reportedTypes = new Set<string>()

function element(slot: Schemas['CmsSlot'], options: CmsMapOptions, images: ImageCounter): CmsElement | undefined {
  const data: Json = isObject(slot.data) ? slot.data : {}
  switch (slot.type) {
    case 'text': {
      const raw = str(data.content) ?? str(configValue(slot, 'content')) ?? ''
      const html = sanitizeCmsHtml(raw, options.publicUrl)
      return html ? { id: slot.id, type: 'text', html } : undefined
    }
    case 'image': {
      const image = images.image(data.media)
      if (!image) return undefined
      const rawUrl = str(data.url) ?? str(configValue(slot, 'url'))
      const internal = rawUrl?.startsWith('/') && !rawUrl.startsWith('//') ? rawUrl : undefined
      const external = internal ? undefined : safeExternalUrl(rawUrl)
      const href = internal ?? external
      return { id: slot.id, type: 'image', image, ...(href ? { link: { href, external: !!external } } : {}) }
    }
    case 'image-gallery':
    case 'image-slider': {
      const items = Array.isArray(data.sliderItems) ? data.sliderItems : []
      const list = items.map((item) => (isObject(item) ? images.image(item.media) : undefined)).filter((i): i is CmsImage => !!i)
      return list.length ? { id: slot.id, type: 'image-gallery', images: list } : undefined
    }
    case 'product-box': {
      const p = product(data.product, options.locale, images)
      return p ? { id: slot.id, type: 'product-box', product: p } : undefined
    }
    case 'product-slider': {
      const list = products(data.products, options.locale, images)
      const title = str(configValue(slot, 'title'))
      return list.length ? { id: slot.id, type: 'product-slider', products: list, ...(title ? { title } : {}) } : undefined
    }
    case 'product-listing': {
      const listing = isObject(data.listing) ? (data.listing as Partial<Schemas['ProductListingResult']>) : {}
      const query = options.listingQuery ?? parseListingQuery(new URLSearchParams())
      return { id: slot.id, type: 'product-listing', listing: toListingView(listing, query, options.locale) }
    }
    case 'form': {
      // Shopware's form element (config type 'contact' or 'newsletter'); the contact form is rendered, posting to /contact.
      if (configValue(slot, 'type') !== 'contact') return undefined
      const title = str(configValue(slot, 'title'))
      return { id: slot.id, type: 'contact-form', slotId: slot.id, ...(title ? { title } : {}) }
    }
    default:
      if (!reportedTypes.has(slot.type)) {
        reportedTypes.add(slot.type)
        options.logger.info({ elementType: slot.type }, 'cms element type not rendered')
      }
      return undefined
  }
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position

/** The render model of a Store API CMS page; sanitized, sorted, unknown element types dropped. */
export function toCmsPage(page: Schemas['CmsPage'], options: CmsMapOptions): CmsPageData {
  const images = new ImageCounter()
  const sections: CmsSection[] = [...(page.sections ?? [])].sort(byPosition).map((section) => {
    const blocks: CmsBlock[] = [...(section.blocks ?? [])].sort(byPosition).map((block) => ({
      id: block.id,
      type: block.type,
      position: block.sectionPosition === 'sidebar' ? 'sidebar' : 'main',
      ...layout(block, options.logger),
      elements: [...(block.slots ?? [])]
        .map((slot) => element(slot, options, images))
        .filter((e): e is CmsElement => !!e),
    }))
    return {
      id: section.id,
      type: section.type === 'sidebar' ? 'sidebar' : 'default',
      sizing: section.sizingMode === 'full_width' ? 'full_width' : 'boxed',
      ...(section.type === 'sidebar' && section.mobileBehavior === 'hidden' ? { hideSidebarOnMobile: true } : {}),
      ...layout(section, options.logger),
      blocks: blocks.filter((b) => b.elements.length > 0),
    }
  })
  const cssClass = safeClassName(page.cssClass)
  return { id: page.id, ...(cssClass ? { cssClass } : {}), sections }
}
