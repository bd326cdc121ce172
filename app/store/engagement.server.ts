import { ApiClientError } from '@shopware/api-client'
import type { Schemas } from '@shopware/api-client/api-types'
import type { CmsProduct } from '~/components/cms/types'
import type { ContactValues } from '~/forms/contact'
import type { PriceRequestValues } from '~/forms/price-request'
import type { ReviewValues } from '~/forms/review'
import type { LoadContext } from '~/load-context'
import { localizePath, type Locale } from '~/lib/locale'
import { getT } from '~/i18n.server'
import { keepKnownFields, requireCustomer, storefrontUrl } from './account.server'
import { sessionState } from './session-context.server'
import { getStore, type Store } from './client.server'
import { appPageSeo } from './page.server'
import { toCmsProduct } from './cms.server'
import { errorCodes, storeViolationsToFields, throttledSeconds, throwPageError } from './errors.server'
import { isPriceOnRequest } from './product.server'
import { HEX_ID } from '~/lib/hex-id'

type EngagementContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog' | 'publicUrl'>
type Customer = Schemas['Customer']
type RawInvoke = (path: string, params?: object) => Promise<{ data: unknown; status: number }>

/** What a form's store call came to; `invalid` carries conform field errors (i18n keys). */
export type SendResult<T = object> =
  | ({ type: 'sent' } & T)
  | { type: 'throttled'; seconds: number }
  | { type: 'invalid'; fieldErrors: Record<string, string[]> }

/** Fallback wait when a 429 carries no seconds. */
function throttled(err: unknown): { type: 'throttled'; seconds: number } | undefined {
  const seconds = throttledSeconds(err)
  return seconds === undefined ? undefined : { type: 'throttled', seconds }
}

/** A refused store answer as a form result: 429 → throttled, 400 violations → field errors; undefined otherwise. */
function formOutcome(err: unknown, fieldMap: Record<string, string>, known: readonly string[]) {
  const limit = throttled(err)
  if (limit) return limit
  if (err instanceof ApiClientError && err.status === 400) {
    // A violation of a field the form does not show (e.g. salutationId) goes to the whole form, not lost.
    const result = keepKnownFields(storeViolationsToFields(err, fieldMap), known)
    if (Object.keys(result).length) return { type: 'invalid' as const, fieldErrors: result }
  }
  return undefined
}

// ------------------------------------------------------------------------------------------------
// Page frame

type PageKey = 'contact' | 'priceRequest' | 'review' | 'newsletter' | 'newsletter.confirm' | 'newsletter.unsubscribe'

/**
 * Title, SEO and breadcrumbs of one of these pages. Only the contact and newsletter pages are for
 * search engines; the price request (one per product) and the mail links are not.
 */
export function engagementPageMeta(
  context: Pick<LoadContext, 'publicUrl'>,
  locale: Locale,
  path: string,
  key: PageKey,
  options: { index?: boolean; crumbPath?: string } = {},
) {
  const t = getT(locale, 'contact')
  const title = t(`${key}.title`)
  const crumbKey = key.startsWith('newsletter') ? 'newsletter' : key
  return {
    title,
    seo: appPageSeo(context, locale, path, title, options.index ? {} : { robots: 'noindex,follow' }),
    breadcrumbs: [{ name: t(`${crumbKey}.breadcrumb`), href: localizePath(locale, options.crumbPath ?? path) }],
  }
}

// ------------------------------------------------------------------------------------------------
// Contact form

// Shopware's contact form wants a salutation (NotBlank); the form does not ask for one, so it sends
// the store's 'not specified'. The list changes only when the shop is reconfigured: once per store.
const salutationCache = new Map<string, Promise<string | undefined>>()

function neutralSalutationId(store: Store): Promise<string | undefined> {
  let cached = salutationCache.get(store.endpointKey)
  if (!cached) {
    cached = store
      .invoke('readSalutation post /salutation', { body: { limit: 100 } })
      .then(({ data }) => {
        const list = (data.elements ?? []) as Schemas['Salutation'][]
        return (list.find((s) => s.salutationKey === 'not_specified') ?? list[0])?.id
      })
    cached.catch(() => salutationCache.delete(store.endpointKey))
    salutationCache.set(store.endpointKey, cached)
  }
  return cached
}

const CONTACT_FIELDS = ['subject', 'comment', 'firstName', 'lastName', 'email', 'phone', 'orderNumber'] as const

/**
 * Sends the contact form (mail to the shop, copy to the sender). `message` is the store's
 * individualSuccessMessage (a CMS form's confirmation text), plain text, or '' when it has none.
 */
export async function sendContactForm(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  values: ContactValues,
): Promise<SendResult<{ message: string }>> {
  const store = getStore(context, request, locale)
  try {
    const salutationId = await neutralSalutationId(store)
    const body = {
      subject: values.subject,
      comment: values.comment,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      ...(salutationId ? { salutationId } : {}),
      ...(values.phone ? { phone: values.phone } : {}),
      ...(values.orderNumber ? { orderNumber: values.orderNumber } : {}),
      ...(values.navigationId ? { navigationId: values.navigationId } : {}),
      // Shopware finds a CMS form's receivers and confirmation text by its slot (and the page, when given).
      ...(values.slotId ? { slotId: values.slotId } : {}),
    }
    // orderNumber is the demo store's documented extension of the body (docs/contracts.md).
    const { data } = await store.invoke('sendContactMail post /contact-form', { body: body as never })
    const raw = (data ?? {}) as { individualSuccessMessage?: unknown }
    return { type: 'sent', message: plainText(raw.individualSuccessMessage) }
  } catch (err) {
    const outcome = formOutcome(err, {}, CONTACT_FIELDS)
    if (outcome) return outcome
    throwPageError(err, request)
  }
}

// The confirmation text travels in the flash cookie: plain, short.
const SUCCESS_MESSAGE_MAX = 300

function plainText(value: unknown): string {
  if (typeof value !== 'string') return ''
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > SUCCESS_MESSAGE_MAX ? `${text.slice(0, SUCCESS_MESSAGE_MAX - 1)}…` : text
}

// ------------------------------------------------------------------------------------------------
// Price request

export interface FormProductView {
  id: string
  name: string
  productNumber: string
  href: string
  image?: CmsProduct['image']
}

/** The contact fields a logged-in customer finds filled in. */
export interface ContactPrefill {
  firstName?: string
  lastName?: string
  email?: string
  company?: string
  phone?: string
}

const productIncludes = {
  product: ['id', 'name', 'translated', 'productNumber', 'cover', 'seoUrls', 'customFields'],
  product_media: ['media'],
  media: ['url', 'alt', 'title', 'translated', 'metaData'],
  seo_url: ['seoPathInfo', 'isCanonical', 'routeName'],
}

// readProduct's typed headers omit it, but Shopware's /product honours sw-include-seo-urls like the detail route.
const seoUrlsHeader = { 'sw-include-seo-urls': 'true' } as Record<string, string>

/** The product a form is about (name, number, page, picture); undefined when unknown or not `accepted`. */
async function formProduct(
  store: Store,
  locale: Locale,
  productId: string,
  accepted: (product: Schemas['Product']) => boolean = () => true,
): Promise<FormProductView | undefined> {
  const { data } = await store.invoke('readProduct post /product', {
    headers: seoUrlsHeader,
    body: { ids: [productId], limit: 1, associations: { cover: {} }, includes: productIncludes },
  })
  const product = data.elements?.[0]
  if (!product || !accepted(product)) return undefined
  const card = toCmsProduct(product, locale)
  if (!card) return undefined
  return { id: card.id, name: card.name, productNumber: card.productNumber, href: card.href, ...(card.image ? { image: card.image } : {}) }
}

function notLoggedIn(err: unknown): boolean {
  return err instanceof ApiClientError && (err.status === 401 || err.status === 403)
}

async function customerPrefill(store: Store): Promise<ContactPrefill | undefined> {
  // Without a context cookie there is nobody to know: no store call.
  if (!store.hasSession) return undefined
  let customer: Customer
  try {
    const { data } = await store.invoke('readCustomer post /account/customer', { body: {} })
    customer = data
  } catch (err) {
    if (notLoggedIn(err)) return undefined
    throw err
  }
  if (sessionState(customer) !== 'logged-in') return undefined
  const address = (customer.defaultBillingAddress ?? customer.activeBillingAddress) as Schemas['CustomerAddress'] | undefined
  const prefill: ContactPrefill = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    // Business customers carry the company on the customer (6.x accountType business), else on the address.
    company: (customer as { company?: string | null }).company ?? address?.company ?? undefined,
    phone: address?.phoneNumber ?? undefined,
  }
  return Object.fromEntries(Object.entries(prefill).filter(([, v]) => typeof v === 'string' && v !== '')) as ContactPrefill
}

/** The logged-in customer's details for the contact form (no store call without a session). */
export async function loadContactPrefill(context: EngagementContext, request: Request, locale: Locale): Promise<ContactPrefill | undefined> {
  try {
    return await customerPrefill(getStore(context, request, locale))
  } catch (err) {
    throwPageError(err, request)
  }
}

/** The product of a price request; undefined when unknown or not price on request. */
export async function loadPriceRequestProduct(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  productId: string,
): Promise<FormProductView | undefined> {
  if (!HEX_ID.test(productId)) return undefined
  try {
    return await formProduct(getStore(context, request, locale), locale, productId, isPriceOnRequest)
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) return undefined
    throwPageError(err, request)
  }
}

/**
 * The price-request page: the product (undefined when unknown or not price on request) and, side
 * by side with it, the logged-in customer's contact details for the form.
 */
export async function loadPriceRequest(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  productId: string,
): Promise<{ product: FormProductView | undefined; prefill: ContactPrefill | undefined }> {
  if (!HEX_ID.test(productId)) return { product: undefined, prefill: undefined }
  const store = getStore(context, request, locale)
  try {
    const [product, prefill] = await Promise.all([formProduct(store, locale, productId, isPriceOnRequest), customerPrefill(store)])
    return { product, prefill }
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) return { product: undefined, prefill: undefined }
    throwPageError(err, request)
  }
}

const PRICE_REQUEST_FIELDS = ['desiredPrice', 'quantity', 'comment', 'firstName', 'lastName', 'email', 'company', 'phone'] as const

export type PriceRequestResult = SendResult | { type: 'not-available' }

/** Sends a price request (contract: POST /forst/price-request; mail to the shop, copy to the requester). */
export async function sendPriceRequest(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  values: PriceRequestValues,
): Promise<PriceRequestResult> {
  const store = getStore(context, request, locale)
  const body = {
    productId: values.productId,
    desiredPrice: values.desiredPrice,
    quantity: values.quantity,
    comment: values.comment,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    ...(values.company ? { company: values.company } : {}),
    ...(values.phone ? { phone: values.phone } : {}),
  }
  try {
    // A demo-store extension (a plugin's route in a real shop): not among the typed operations.
    await (store.invoke as unknown as RawInvoke)('forstPriceRequest post /forst/price-request', { body })
    return { type: 'sent' }
  } catch (err) {
    const codes = errorCodes(err)
    if (codes.includes('FORST__PRICE_REQUEST_NOT_AVAILABLE') || (err instanceof ApiClientError && err.status === 404)) {
      return { type: 'not-available' }
    }
    const outcome = formOutcome(err, {}, PRICE_REQUEST_FIELDS)
    if (outcome) return outcome
    throwPageError(err, request)
  }
}

// ------------------------------------------------------------------------------------------------
// Product review

/** The customer's review of a product that the shop has not approved yet: it may still be changed. */
export interface PendingReview {
  id: string
  points: number
  title: string
  content: string
}

/**
 * The review page of a logged-in customer: the product (undefined when unknown) and, unless only
 * the product is asked for (sending the form), the customer's pending review of it. Anyone else is
 * sent to the login, which brings them back here (requireCustomer). The calls go side by side: the
 * reviews read answers a session's own unapproved reviews too (ProductReviewRoute), and only those
 * have `status: false`.
 */
export async function loadReviewPage(
  context: EngagementContext & Pick<LoadContext, 'sessionSecret'>,
  request: Request,
  locale: Locale,
  productId: string,
  { withPending = true }: { withPending?: boolean } = {},
): Promise<{ product: FormProductView | undefined; pending: PendingReview | undefined }> {
  if (!HEX_ID.test(productId)) {
    await requireCustomer(context, request, locale)
    return { product: undefined, pending: undefined }
  }
  const store = getStore(context, request, locale)
  const notFound = (err: unknown) => {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) return undefined
    throwPageError(err, request)
  }
  const pendingReview = withPending
    ? store
      .invoke('readProductReviews post /product/{productId}/reviews', {
        pathParams: { productId },
        body: {
          limit: 1,
          filter: [{ type: 'equals', field: 'status', value: false }, { type: 'equals', field: 'productId', value: productId }],
          includes: { product_review: ['id', 'points', 'title', 'content'] },
        },
      })
      .then(({ data }) => data.elements?.[0])
      .catch(notFound)
    : undefined
  const [, product, pending] = await Promise.all([requireCustomer(context, request, locale), formProduct(store, locale, productId).catch(notFound), pendingReview])
  return {
    product,
    pending: pending ? { id: pending.id, points: pending.points ?? 0, title: pending.title, content: pending.content } : undefined,
  }
}

const REVIEW_FIELDS = ['points', 'title', 'content'] as const

/**
 * Saves a review (contract: POST /product/{productId}/review). Shopware keeps it unapproved until
 * the shop releases it; a customer's second review of a product is refused (ENTITY_EXISTS at /customerId).
 */
export async function sendReview(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  productId: string,
  values: ReviewValues,
): Promise<SendResult> {
  const store = getStore(context, request, locale)
  try {
    // With an id, Shopware updates that review of the customer's (and it waits for approval again).
    const body = { points: values.points, title: values.title, content: values.content, ...(values.id ? { id: values.id } : {}) }
    await store.invoke('saveProductReview post /product/{productId}/review', { pathParams: { productId }, body })
    return { type: 'sent' }
  } catch (err) {
    if (errorCodes(err).includes('VIOLATION::ENTITY_EXISTS')) return { type: 'invalid', fieldErrors: { '': ['contact:review.exists'] } }
    const outcome = formOutcome(err, {}, REVIEW_FIELDS)
    if (outcome) return outcome
    throwPageError(err, request)
  }
}

// ------------------------------------------------------------------------------------------------
// Newsletter

/**
 * Double opt-in subscription: the store mails the confirmation link
 * (`<storefrontUrl>/newsletter-subscribe?em=…&hash=…`) in the page's language.
 */
export async function subscribeNewsletter(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  values: { email: string; firstName?: string; lastName?: string; salutationId?: string },
): Promise<SendResult<{ direct: boolean }>> {
  const store = getStore(context, request, locale)
  try {
    const languageId = await store.languageId(locale)
    const { data } = await store.invoke('subscribeToNewsletter post /newsletter/subscribe', {
      body: {
        email: values.email,
        option: 'subscribe',
        storefrontUrl: storefrontUrl(context, locale),
        ...(values.firstName ? { firstName: values.firstName } : {}),
        ...(values.lastName ? { lastName: values.lastName } : {}),
        ...(values.salutationId ? { salutationId: values.salutationId } : {}),
        ...(languageId ? { languageId } : {}),
      },
    })
    // A logged-in customer is subscribed at once ('direct', no mail); Shopware trunk answers 204 without a body.
    return { type: 'sent', direct: (data as { status?: string } | undefined)?.status === 'direct' }
  } catch (err) {
    const outcome = formOutcome(err, {}, ['email'])
    if (outcome) return outcome
    throwPageError(err, request)
  }
}

/** The link of the opt-in mail, confirmed by POST; an unknown or used link is `invalid`. */
export async function confirmNewsletter(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  link: { em: string; hash: string },
): Promise<{ type: 'ok' } | { type: 'invalid' }> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('confirmNewsletter post /newsletter/confirm', { body: link })
    return { type: 'ok' }
  } catch (err) {
    // Shopware: 400 CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND for an unknown em/hash pair.
    if (err instanceof ApiClientError && [400, 404, 410, 412].includes(err.status)) return { type: 'invalid' }
    throwPageError(err, request)
  }
}

/**
 * Unsubscribes an address (no login). An address that was never subscribed gets the same answer
 * (Shopware says 400 CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND): the page does not tell who is subscribed.
 */
export async function unsubscribeNewsletter(
  context: EngagementContext,
  request: Request,
  locale: Locale,
  email: string,
): Promise<SendResult> {
  const store = getStore(context, request, locale)
  try {
    await store.invoke('unsubscribeToNewsletter post /newsletter/unsubscribe', { body: { email } })
    return { type: 'sent' }
  } catch (err) {
    if (errorCodes(err).includes('CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND') || (err instanceof ApiClientError && err.status === 404)) {
      return { type: 'sent' }
    }
    const outcome = formOutcome(err, {}, ['email'])
    if (outcome) return outcome
    throwPageError(err, request)
  }
}
