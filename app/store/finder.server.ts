import type { Schemas } from '@shopware/api-client/api-types'
import type { LoadContext } from '~/load-context'
import { productHref } from '~/lib/links'
import { cardPriceFields } from '~/lib/price'
import { locales, type Locale } from '~/lib/locale'
import { getStore, type Store } from './client.server'
import { customFields } from './product.server'
import { FINDER_STEPS, FINDER_PAGE_SIZE, aggregationName, finderBase, finderCriteria, choiceFilters, type FinderStepKey } from './finder-criteria.server'

export { FINDER_STEPS } from './finder-criteria.server'

/**
 * Product finder (spec section 1): spare parts by machine manufacturer → machine type → crane
 * manufacturer → crane type, from the products' custom fields. Each step's options come from the
 * products matching the accepted choices before it, so every choice narrows the next select.
 */

const MAX_PAGE = 1000
// Custom field values are short names; longer input cannot exist and is not sent to the store.
const MAX_VALUE_LENGTH = 120

export interface FinderQuery {
  /** Raw choices per step (trimmed, first value of each parameter); undefined when not chosen */
  choices: (string | undefined)[]
  page: number
}

export type FinderQueryResult = { ok: true; query: FinderQuery } | { ok: false; error: 'invalidPage' }

/** Reads the finder's GET parameters. Only a malformed page number is an error (400). */
export function parseFinderQuery(searchParams: URLSearchParams): FinderQueryResult {
  const choices = FINDER_STEPS.map((step) => {
    const value = searchParams.get(step.param)?.trim()
    return value ? value : undefined
  })
  const rawPage = searchParams.get('p')
  let page = 1
  if (rawPage !== null && rawPage !== '') {
    if (!/^\d+$/.test(rawPage)) return { ok: false, error: 'invalidPage' }
    page = Number(rawPage)
    if (page < 1 || page > MAX_PAGE) return { ok: false, error: 'invalidPage' }
  }
  return { ok: true, query: { choices, page } }
}

export interface FinderOption {
  value: string
  count: number
}

export interface FinderStep {
  key: FinderStepKey
  param: string
  options: FinderOption[]
  /** The accepted choice (spelled as the store has it) */
  selected?: string
}

export interface FinderProduct {
  id: string
  name: string
  productNumber: string
  href: string
  image?: { src: string; width: number; height: number; alt: string }
  price?: number
  listPrice?: number
  savingPercent?: number
  /** `price` is the lowest of several (variants or tiers), as on a listing's card. */
  fromPrice?: boolean
  priceOnRequest: boolean
}

export interface FinderData {
  steps: FinderStep[]
  /** Steps whose value was ignored because no matching product has it */
  ignored: { key: FinderStepKey; value: string }[]
  /** Only once at least one choice was accepted */
  results?: { products: FinderProduct[]; total: number; page: number; pages: number }
  hasSession: boolean
}

interface Bucket {
  key: string
  count: number
}

/** Buckets of a terms aggregation in a Store API answer (Shopware returns an object keyed by name). */
export function bucketsOf(aggregations: unknown, name: string): Bucket[] {
  if (!aggregations || typeof aggregations !== 'object') return []
  const entry = (aggregations as Record<string, unknown>)[name]
  const buckets = entry && typeof entry === 'object' ? (entry as { buckets?: unknown }).buckets : undefined
  if (!Array.isArray(buckets)) return []
  return buckets.flatMap((bucket: unknown) => {
    if (!bucket || typeof bucket !== 'object') return []
    const { key, count } = bucket as { key?: unknown; count?: unknown }
    return typeof key === 'string' && key !== '' ? [{ key, count: typeof count === 'number' ? count : 0 }] : []
  })
}

/** Walks the steps in order: a choice is accepted when it is among its step's options under the accepted choices before it. */
export function resolveSteps(
  choices: (string | undefined)[],
  aggregations: unknown,
): { steps: FinderStep[]; accepted: (string | undefined)[]; ignored: FinderData['ignored'] } {
  const steps: FinderStep[] = []
  const accepted: (string | undefined)[] = []
  const ignored: FinderData['ignored'] = []
  let mask = 0
  FINDER_STEPS.forEach((step, index) => {
    const options = bucketsOf(aggregations, aggregationName(index, mask)).map((b) => ({ value: b.key, count: b.count }))
    const value = choices[index]
    const match =
      value === undefined
        ? undefined
        : options.find((o) => o.value === value) ?? options.find((o) => o.value.toLowerCase() === value.toLowerCase())
    if (match) {
      accepted[index] = match.value
      mask |= 1 << index
    } else if (value !== undefined) {
      ignored.push({ key: step.key, value })
    }
    steps.push({ key: step.key, param: step.param, options, ...(match ? { selected: match.value } : {}) })
  })
  return { steps, accepted, ignored }
}

function cardOf(locale: Locale, product: Schemas['Product']): FinderProduct {
  const name = product.translated?.name || product.name || product.productNumber
  const media = product.cover?.media
  const meta = media?.metaData as { width?: unknown; height?: unknown } | undefined
  const priced = cardPriceFields(product)
  const priceOnRequest = product.customFields?.forst_price_on_request === true || !priced
  return {
    id: product.id,
    name,
    productNumber: product.productNumber,
    href: productHref(locale, product),
    ...(media?.url
      ? {
          image: {
            src: media.url,
            width: typeof meta?.width === 'number' ? meta.width : 400,
            height: typeof meta?.height === 'number' ? meta.height : 400,
            alt: media.translated?.alt || media.alt || '',
          },
        }
      : {}),
    ...(priceOnRequest ? {} : priced),
    priceOnRequest,
  }
}

/**
 * Choices that all match a product in another language, spelled as this language names them (that
 * product's custom fields read in this language); undefined when no other language knows them all.
 * Runs only when a submitted value is unknown here: two reads side by side, then one.
 */
async function spelledInThisLanguage(store: Store, locale: Locale, choices: (string | undefined)[]): Promise<(string | undefined)[] | undefined> {
  const filters = choiceFilters(choices)
  const found = await Promise.all(
    locales
      .filter((other) => other !== locale)
      .map(async (other) => {
        const languageId = await store.languageId(other)
        if (!languageId) return undefined
        const { data } = await store.invoke('readProduct post /product', {
          body: { limit: 1, filter: [{ type: 'equals', field: 'parentId', value: null }, ...filters], includes: { product: ['id'] } },
          headers: { 'sw-language-id': languageId } as Record<string, string>,
        })
        return data.elements[0]?.id
      }),
  )
  const productId = found.find((id) => id !== undefined)
  if (!productId) return undefined
  const { data } = await store.invoke('readProduct post /product', {
    body: { ids: [productId], limit: 1, includes: { product: ['id', 'customFields', 'translated'] } },
  })
  const product = data.elements[0]
  const fields = product ? customFields(product) : {}
  return choices.map((value, index) => {
    const here = fields[FINDER_STEPS[index]!.field]
    return value === undefined ? undefined : typeof here === 'string' && here !== '' ? here : value
  })
}

// readProduct's typed headers omit it, but Shopware's /product honours sw-include-seo-urls.
const seoUrlsHeader = { 'sw-include-seo-urls': 'true' } as Record<string, string>

/**
 * One store call for the options of every step and the results. Only when a submitted value turned
 * out not to exist: a look whether it is another language's spelling (spelledInThisLanguage), and a
 * second call for the results without it.
 */
export async function loadFinder(
  context: LoadContext,
  request: Request,
  locale: Locale,
  query: FinderQuery,
): Promise<FinderData> {
  return findParts(getStore(context, request, locale), locale, query, true)
}

async function findParts(store: Store, locale: Locale, query: FinderQuery, mayTranslate: boolean): Promise<FinderData> {
  const choices = query.choices.map((value) => (value && value.length <= MAX_VALUE_LENGTH ? value : undefined))
  const tooLong = query.choices.flatMap((value, index) =>
    value && value.length > MAX_VALUE_LENGTH ? [{ key: FINDER_STEPS[index]!.key, value: value.slice(0, 40) }] : [],
  )
  const submitted = choiceFilters(choices)

  const { data: first } = await store.invoke('readProduct post /product', {
    body: finderCriteria(choices, query.page),
    headers: seoUrlsHeader,
  })
  const { steps, accepted, ignored } = resolveSteps(choices, (first as { aggregations?: unknown }).aggregations)
  if (ignored.length && mayTranslate) {
    // Values the shop does not know in this language may be another language's spelling (custom
    // fields are translated, e.g. the machine type): the language switch keeps the choices as they were.
    const spelled = await spelledInThisLanguage(store, locale, choices)
    if (spelled) return findParts(store, locale, { ...query, choices: spelled }, false)
  }
  const acceptedFilters = choiceFilters(accepted)

  let results: FinderData['results']
  if (acceptedFilters.length) {
    let page = first
    if (acceptedFilters.length !== submitted.length) {
      const { data } = await store.invoke('readProduct post /product', {
        body: { ...finderBase(query.page), 'post-filter': acceptedFilters },
        headers: seoUrlsHeader,
      })
      page = data
    }
    const total = page.total ?? page.elements.length
    results = {
      products: page.elements.map((product) => cardOf(locale, product)),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / FINDER_PAGE_SIZE)),
    }
  }
  return { steps, ignored: [...tooLong, ...ignored], ...(results ? { results } : {}), hasSession: store.hasSession }
}
