import type { Schemas } from '@shopware/api-client/api-types'
import sharp from 'sharp'
import { getT } from '~/i18n.server'
import type { LoadContext } from '~/load-context'
import type { CatalogueEntry, CatalogueFieldKey, CataloguePrice } from '~/lib/catalogue-pdf/document.server'
import { safeExternalUrl, safeRedirectPath } from '~/lib/links'
import type { Locale } from '~/lib/locale'
import { cardPrice, type PriceAudience } from '~/lib/price'
import { availability } from '~/lib/product'
import { getStore, type Store } from './client.server'
import { loadPriceAudience, loadTaxFree } from './price-audience.server'
import { customFields, detailFields, fieldText, isPriceOnRequest, productProperties } from './product.server'
import { setBounded } from '~/lib/bounded-map'

type Product = Schemas['Product']
type CatalogueContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

/** Shopware's largest page (shopware.api.max_limit): longer lists are read in several parallel calls. */
const STORE_PAGE = 100
/** Pictures are printed about 110 pt wide; twice that in pixels stays sharp on paper. */
const PICTURE_PX = 240
const PICTURE_TIMEOUT_MS = 3000
const MAX_PICTURE_BYTES = 10 * 1024 * 1024

// Only what the catalogue prints: keeps 100 products with properties a small answer.
const catalogueCriteria = {
  associations: {
    cover: {},
    properties: { associations: { group: {} } },
    manufacturer: {},
  },
  includes: {
    product: [
      'id', 'name', 'translated', 'productNumber', 'customFields', 'calculatedPrice', 'calculatedPrices', 'calculatedCheapestPrice', 'childCount', 'cover', 'properties',
      'manufacturer', 'available', 'availableStock', 'isCloseout', 'restockTime',
    ],
    product_media: ['media'],
    media: ['url', 'thumbnails'],
    media_thumbnail: ['url', 'width', 'height'],
    property_group_option: ['id', 'name', 'translated', 'position', 'group'],
    property_group: ['id', 'name', 'translated', 'position', 'visibleOnProductDetailPage'],
    product_manufacturer: ['name', 'translated'],
    calculated_price: ['unitPrice', 'listPrice', 'quantity'],
    calculated_cheapest_price: ['unitPrice', 'listPrice', 'quantity', 'hasRange'],
    cart_list_price: ['price', 'percentage'],
  },
}

function fields(product: Product): CatalogueEntry['fields'] {
  const values = customFields(product)
  return (Object.entries(detailFields) as [CatalogueFieldKey, string][]).flatMap(([key, field]) => {
    const value = fieldText(values[field])
    return value ? [{ key, value }] : []
  })
}

/** The viewer's price as the product cards show it: the store answered it for the session's customer group. */
function price(product: Product): CataloguePrice {
  const shown = cardPrice(product)
  if (isPriceOnRequest(product) || !shown) return { onRequest: true }
  return { onRequest: false, ...shown }
}

/** The smallest thumbnail that is still sharp in print, else the original. */
function pictureSource(product: Product): string | undefined {
  const media = product.cover?.media
  if (!media) return undefined
  const thumbnails = [...(media.thumbnails ?? [])]
    .filter((t) => t.url && (t.width ?? 0) >= PICTURE_PX)
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0))
  return thumbnails[0]?.url || media.url || undefined
}

/**
 * Where the server fetches a picture: store media the shop serves itself come as root-relative
 * /media/ paths (see the store client); the embedded store serves them next to its API.
 */
export function pictureFetchUrl(context: Pick<LoadContext, 'store'>, src: string): string | undefined {
  if (src.startsWith('/')) {
    const path = safeRedirectPath(src)
    if (!path?.startsWith('/media/') || !context.store.embedded) return undefined
    return new URL(path, context.store.endpoint).href
  }
  return safeExternalUrl(src)
}

// A catalogue is often downloaded again after a change to the list: the pictures stay the same.
const pictureCache = new Map<string, Buffer>()
const PICTURE_CACHE_ENTRIES = 300

async function loadPicture(context: CatalogueContext, url: string): Promise<Buffer | undefined> {
  const cached = pictureCache.get(url)
  if (cached) return cached
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const length = Number(response.headers.get('Content-Length') ?? 0)
    if (length > MAX_PICTURE_BYTES) throw new Error('picture too large')
    const source = Buffer.from(await response.arrayBuffer())
    // react-pdf embeds JPEG and PNG only; store media may be WebP, AVIF or SVG.
    const jpeg = await sharp(source, { limitInputPixels: 40_000_000 })
      .resize(PICTURE_PX, PICTURE_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78 })
      .toBuffer()
    setBounded(pictureCache, url, jpeg, PICTURE_CACHE_ENTRIES)
    return jpeg
  } catch (err) {
    // A missing picture leaves a placeholder in its box; the catalogue is still worth having.
    context.logger.warn({ err: (err as Error).message, url }, 'catalogue picture unavailable')
    return undefined
  }
}

/** Forgets converted pictures (tests). */
export function clearCataloguePictures(): void {
  pictureCache.clear()
}

async function readProducts(store: Store, ids: string[]): Promise<Product[]> {
  const pages: string[][] = []
  for (let i = 0; i < ids.length; i += STORE_PAGE) pages.push(ids.slice(i, i + STORE_PAGE))
  const answers = await Promise.all(
    pages.map((page) =>
      store.invoke('readProduct post /product', { body: { ids: page, limit: page.length, ...catalogueCriteria } }).then((r) => r.data.elements ?? []),
    ),
  )
  return answers.flat()
}

export interface CatalogueData {
  audience: PriceAudience
  taxFree: boolean
  entries: CatalogueEntry[]
}

/**
 * The products of `ids` as catalogue entries, in the order of `ids` (ids the store no longer knows
 * are left out), priced for the request's session. `ids` may still be on its way (the wishlist read):
 * the session's context is read beside it, then the products, then the pictures in parallel.
 */
export async function loadCatalogue(
  context: CatalogueContext,
  request: Request,
  locale: Locale,
  ids: string[] | Promise<string[]>,
): Promise<CatalogueData> {
  const [listed, audience, taxFree] = await Promise.all([ids, loadPriceAudience(context, request, locale), loadTaxFree(context, request, locale)])
  const unique = [...new Set(listed)]
  if (!unique.length) return { audience, taxFree, entries: [] }
  const products = await readProducts(getStore(context, request, locale), unique)
  const byId = new Map(products.map((p) => [p.id, p]))
  const ordered = unique.map((id) => byId.get(id)).filter((p): p is Product => !!p)
  const pictures = await Promise.all(
    ordered.map((product) => {
      const src = pictureSource(product)
      const url = src && pictureFetchUrl(context, src)
      return url ? loadPicture(context, url) : undefined
    }),
  )
  const entries = ordered.map((product, index): CatalogueEntry => {
    const entry: CatalogueEntry = {
      id: product.id,
      name: product.translated?.name || product.name,
      productNumber: product.productNumber,
      properties: productProperties(product),
      fields: fields(product),
      availability: availability(product),
      price: price(product),
    }
    const manufacturer = product.manufacturer?.translated?.name || product.manufacturer?.name
    if (manufacturer) entry.manufacturer = manufacturer
    const picture = pictures[index]
    if (picture) entry.picture = picture
    return entry
  })
  return { audience, taxFree, entries }
}

/** YYYY-MM-DD of the shop's day (German time), for file names. */
export function catalogueDay(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)
}

export function catalogueFileName(locale: Locale, date: Date): string {
  return `${getT(locale, 'catalogue')('fileName')}-${catalogueDay(date)}.pdf`
}

/**
 * The PDF catalogue of the products `ids` for the viewer: undefined when there is none (an empty
 * wishlist, or none of its products exists any more).
 */
export async function createCataloguePdf(
  context: CatalogueContext,
  request: Request,
  locale: Locale,
  ids: string[] | Promise<string[]>,
  now = new Date(),
): Promise<{ pdf: Buffer; fileName: string; count: number } | undefined> {
  const { audience, taxFree, entries } = await loadCatalogue(context, request, locale, ids)
  if (!entries.length) return undefined
  const started = performance.now()
  // The PDF renderer (with its layout engine and fonts) holds about 46 MB: loaded on the first catalogue only.
  const { renderCataloguePdf } = await import('~/lib/catalogue-pdf/document.server')
  const pdf = await renderCataloguePdf({ locale, date: now, audience, taxFree, entries })
  context.logger.info({ products: entries.length, bytes: pdf.length, durationMs: Math.round(performance.now() - started) }, 'catalogue rendered')
  return { pdf, fileName: catalogueFileName(locale, now), count: entries.length }
}
