import type { NextFunction, Request, Response, Router } from 'express'
import {
  TimeBackoffLimiter, Violations, accountErrors, bodyOf, entityExists, entityMissing, formatValue, invalidEmail, isEmail, loggedInCustomer,
  noSuchChoice, requiredString, sessionCustomer, sha1, stringField, tooLong, tooShort, type Body,
} from '../accounts'
import { catalogueData } from '../catalogue'
import { SALES_CHANNEL_ID, type LanguageKey } from '../constants'
import type { ContextState } from '../context'
import type { Db } from '../db'
import type { Serializer } from '../entities'
import { StoreApiError, errors } from '../errors'
import { HEX_ID, randomHex } from '../ids'
import { languageKeyOf, type MailDetail, type Mailer } from '../mail/index'
import { FORM_LABELS, SENDER } from '../mail/texts'
import { checkStorefrontUrl } from './account'

type Row = Record<string, string | number | null>

interface EngagementDeps {
  db: Db
  publicUrl: string
  mailer: Mailer
  state(res: Response): { token: string; context: ContextState; serializer: Serializer }
}

/**
 * shopware.yaml rate_limiter.contact_form and .newsletter_form (both time_backoff, reset after 24 h):
 * after 3 requests wait 30 s, after 5 wait 60 s, from 10 on wait 90 s. The price request uses the same policy.
 */
export const CONTACT_FORM_LIMITS = [{ limit: 3, seconds: 30 }, { limit: 5, seconds: 60 }, { limit: 10, seconds: 90 }]
export const NEWSLETTER_FORM_LIMITS = [{ limit: 3, seconds: 30 }, { limit: 5, seconds: 60 }, { limit: 10, seconds: 90 }]
export const PRICE_REQUEST_LIMITS = CONTACT_FORM_LIMITS

/** NewsletterSubscribeRoute's statuses and the options that set them (getOptionSelection). */
export const NEWSLETTER_OPTIONS = ['direct', 'subscribe', 'confirmSubscribe', 'unsubscribe'] as const
type NewsletterStatus = 'notSet' | 'optIn' | 'optOut' | 'direct'

/** ContactFormValidationFactory / NewsletterSubscribeRoute: names must not contain a URL. */
const DOMAIN_NAME = /((https?:\/))/

export const PRICE_REQUEST_COMMENT_MAX = 2000
export const PRICE_REQUEST_QUANTITY_MAX = 100000

/** ProductReviewSaveRoute::validate: Length min of title and content, points from 1 to 5. */
export const REVIEW_TITLE_MIN = 5
export const REVIEW_CONTENT_MIN = 40
export const REVIEW_POINTS_MIN = 1
export const REVIEW_POINTS_MAX = 5
/** StringField's default maxLength: Shopware's DAL refuses longer titles and names when it writes the review. */
const REVIEW_STRING_MAX = 255

export const engagementErrors = {
  newsletterThrottled: (seconds: number) =>
    new StoreApiError(429, 'CONTENT__NEWSLETTER_RECIPIENT_THROTTLED', `Too many requests, try again in ${seconds} seconds.`, { parameters: { seconds } }),
  recipientNotFound: (identifier: string, value: string) =>
    new StoreApiError(400, 'CONTENT__NEWSLETTER_RECIPIENT_NOT_FOUND', `The NewsletterRecipient with the identifier "${identifier}" - ${value} was not found.`, {
      parameters: { identifier, value },
    }),
  missingEmail: () => new StoreApiError(400, 'CONTENT__MISSING_EMAIL_PARAMETER', 'The email parameter is missing.'),
  priceRequestNotAvailable: (productId: string) =>
    new StoreApiError(400, 'FORST__PRICE_REQUEST_NOT_AVAILABLE', `The product "${productId}" has a price; price requests are only taken for products with price on request.`, {
      parameters: { productId },
    }),
}

function now(): string {
  return new Date().toISOString()
}

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? ''
}

function urlInName(v: Violations, pointer: string, value: string | undefined): void {
  if (value !== undefined && DOMAIN_NAME.test(value)) v.add(pointer, 'REGEX_FAILED_ERROR', 'This value is not valid.', { '{{ value }}': formatValue(value) })
}

/** An optional free-text field: a string (or nothing), at most `max` characters. */
function optionalText(v: Violations, body: Body, key: string, max: number): string | undefined {
  const value = stringField(v, body, key)
  tooLong(v, `/${key}`, value, max)
  const trimmed = value?.trim()
  return trimmed === '' ? undefined : trimmed
}

function formatPrice(language: LanguageKey, value: number): string {
  const locale = language === 'de' ? 'de-DE' : language === 'fr' ? 'fr-FR' : 'en-GB'
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(value)
}

function fullName(first: string | undefined, last: string | undefined): string {
  return [first, last].filter((part) => part && part.trim() !== '').join(' ')
}

/**
 * The contact form (ContactFormRoute), the newsletter (NewsletterSubscribeRoute, NewsletterConfirmRoute,
 * NewsletterUnsubscribeRoute), product reviews (ProductReviewSaveRoute) and the demo extension POST
 * /forst/price-request. README "Contact form, newsletter, price requests" lists what follows Shopware and what differs.
 */
export function registerEngagementRoutes(router: Router, { db, publicUrl, mailer, state }: EngagementDeps): void {
  const contactLimiter = new TimeBackoffLimiter(CONTACT_FORM_LIMITS)
  const newsletterLimiter = new TimeBackoffLimiter(NEWSLETTER_FORM_LIMITS)
  const priceRequestLimiter = new TimeBackoffLimiter(PRICE_REQUEST_LIMITS)

  const handle = (handler: (req: Request, res: Response) => void) => (req: Request, res: Response, next: NextFunction) => {
    try {
      handler(req, res)
    } catch (err) {
      next(err)
    }
  }

  // -----------------------------------------------------------------------------------------------
  // POST /contact-form

  /** The receivers and confirmation text of the CMS form slot (ContactFormRoute::getMailConfigs). */
  const slotMailConfig = (s: Serializer, slotId: string | undefined): { receivers: string[]; message: string } => {
    if (!slotId || !HEX_ID.test(slotId)) return { receivers: [], message: '' }
    const slot = s.row('SELECT * FROM cms_slot WHERE id = ?', slotId)
    if (!slot) return { receivers: [], message: '' }
    const config = (s.translate(slot.translations).config ?? {}) as Record<string, { value?: unknown } | undefined>
    const receivers = Array.isArray(config.mailReceiver?.value) ? (config.mailReceiver.value as unknown[]).filter((r): r is string => typeof r === 'string' && isEmail(r)) : []
    const message = typeof config.confirmationText?.value === 'string' ? config.confirmationText.value : ''
    return { receivers, message }
  }

  router.post('/contact-form', handle((req, res) => {
    const { serializer: s } = state(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    // ContactFormValidationFactory, in its order: salutationId (NotBlank, EntityExists), email, subject, comment, names without URLs.
    const salutationId = requiredString(v, body, 'salutationId')
    if (salutationId !== '' && (!HEX_ID.test(salutationId) || !s.row('SELECT 1 AS ok FROM salutation WHERE id = ?', salutationId))) {
      entityMissing(v, '/salutationId', 'salutation', salutationId)
    }
    const email = requiredString(v, body, 'email').trim()
    if (email !== '' && !isEmail(email)) invalidEmail(v, '/email', email)
    const subject = requiredString(v, body, 'subject').trim()
    const comment = requiredString(v, body, 'comment').trim()
    const firstName = stringField(v, body, 'firstName')
    const lastName = stringField(v, body, 'lastName')
    urlInName(v, '/firstName', firstName)
    urlInName(v, '/lastName', lastName)
    const phone = optionalText(v, body, 'phone', 255)
    // Demo extension: the order the message is about (a plugin would add it with a BuildValidationEvent subscriber).
    const orderNumber = optionalText(v, body, 'orderNumber', 64)
    const slotId = stringField(v, body, 'slotId')
    v.throwIfAny()

    // Shopware keys the limiter by the client IP only; behind the storefront (one BFF address for every
    // shopper) the demo store adds the email, as the login limiter does.
    const attempt = contactLimiter.consume(`${email.toLowerCase()}-${clientIp(req)}`)
    if (!attempt.accepted) throw accountErrors.rateLimitExceeded(attempt.seconds)

    const config = slotMailConfig(s, slotId)
    const receivers = config.receivers.length > 0 ? config.receivers : [SENDER.address]
    const language = languageKeyOf(s.languageId)
    const labels = FORM_LABELS[language]
    const name = fullName(firstName, lastName)
    const details: MailDetail[] = [
      ...(name ? [{ label: labels.name, value: name }] : []),
      { label: labels.email, value: email },
      ...(phone ? [{ label: labels.phone, value: phone }] : []),
      ...(orderNumber ? [{ label: labels.orderNumber, value: orderNumber }] : []),
      { label: labels.subject, value: subject },
      { label: labels.message, value: comment },
    ]
    // Not awaited: the answer does not wait for the mail server.
    for (const receiver of receivers) {
      void mailer.send({ kind: 'contact-form', to: receiver, name: SENDER.name, languageId: s.languageId, subjectValues: { subject }, details, replyTo: email })
    }
    void mailer.send({ kind: 'contact-form-copy', to: email, name, languageId: s.languageId, subjectValues: { subject }, details })
    res.json({ individualSuccessMessage: config.message, apiAlias: 'contact_form_result' })
  }))

  // -----------------------------------------------------------------------------------------------
  // Newsletter

  const recipientByEmail = (email: string): Row | undefined =>
    db.prepare('SELECT * FROM newsletter_recipient WHERE lower(email) = lower(?) AND sales_channel_id = ?').get(email, SALES_CHANNEL_ID) as Row | undefined

  const unsubscribeUrl = (storefrontUrl: string, email: string) => `${storefrontUrl}/newsletter/unsubscribe?email=${encodeURIComponent(email)}`

  router.post('/newsletter/subscribe', handle((req, res) => {
    const { serializer: s, context } = state(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    const email = requiredString(v, body, 'email').trim()
    if (email !== '' && !isEmail(email)) invalidEmail(v, '/email', email)
    const option = requiredString(v, body, 'option')
    if (option !== '' && !(NEWSLETTER_OPTIONS as readonly string[]).includes(option)) noSuchChoice(v, '/option', option, NEWSLETTER_OPTIONS)
    const firstName = stringField(v, body, 'firstName')
    const lastName = stringField(v, body, 'lastName')
    urlInName(v, '/firstName', firstName)
    urlInName(v, '/lastName', lastName)
    tooLong(v, '/firstName', firstName, 255)
    tooLong(v, '/lastName', lastName, 255)
    const storefrontUrl = checkStorefrontUrl(v, body, publicUrl)
    const salutationId = stringField(v, body, 'salutationId')
    if (salutationId && (!HEX_ID.test(salutationId) || !s.row('SELECT 1 AS ok FROM salutation WHERE id = ?', salutationId))) {
      entityMissing(v, '/salutationId', 'salutation', salutationId)
    }
    v.throwIfAny()

    // Shopware keys newsletter_form by the client IP; the demo store adds the email (see the contact form).
    const attempt = newsletterLimiter.consume(`${email.toLowerCase()}-${clientIp(req)}`)
    if (!attempt.accepted) throw engagementErrors.newsletterThrottled(attempt.seconds)

    const existing = recipientByEmail(email)
    // A confirmed, still subscribed address stays as it is (no new mail).
    if (existing && existing.status !== 'optOut' && existing.confirmed_at) {
      res.json({ success: true, status: existing.status, apiAlias: 'array_struct' })
      return
    }
    // core.newsletter.doubleOptIn is on for visitors; core.newsletter.doubleOptInRegistered is off for logged-in customers.
    const doubleOptIn = !sessionCustomer(db, context)
    const status: NewsletterStatus = ({
      direct: doubleOptIn ? 'notSet' : 'direct', subscribe: doubleOptIn ? 'notSet' : 'direct', confirmSubscribe: 'optIn', unsubscribe: 'optOut',
    } as const)[option as (typeof NEWSLETTER_OPTIONS)[number]]
    const hash = randomHex()
    const id = existing ? String(existing.id) : randomHex()
    const values = {
      id, email, status, hash, language_id: s.languageId, salutation_id: salutationId ?? null, first_name: firstName?.trim() || null,
      last_name: lastName?.trim() || null, storefront_url: storefrontUrl, sales_channel_id: SALES_CHANNEL_ID, at: now(),
    }
    if (existing) {
      db.prepare(`UPDATE newsletter_recipient SET email = @email, status = @status, hash = @hash, language_id = @language_id,
        salutation_id = COALESCE(@salutation_id, salutation_id), first_name = COALESCE(@first_name, first_name), last_name = COALESCE(@last_name, last_name),
        storefront_url = @storefront_url, updated_at = @at WHERE id = @id`).run(values)
    } else {
      db.prepare(`INSERT INTO newsletter_recipient (id, email, sales_channel_id, language_id, status, hash, salutation_id, first_name, last_name, storefront_url, created_at)
        VALUES (@id, @email, @sales_channel_id, @language_id, @status, @hash, @salutation_id, @first_name, @last_name, @storefront_url, @at)`).run(values)
    }
    const recipient = recipientByEmail(email) as Row
    const name = fullName(recipient.first_name as string | undefined, recipient.last_name as string | undefined)
    if (doubleOptIn) {
      void mailer.send({
        kind: 'newsletter-double-opt-in', to: email, name, languageId: s.languageId,
        url: `${storefrontUrl}/newsletter-subscribe?em=${sha1(email)}&hash=${hash}`,
        secondaryLinks: [{ label: FORM_LABELS[languageKeyOf(s.languageId)].unsubscribe, url: unsubscribeUrl(storefrontUrl, email) }],
      })
    }
    res.json({ success: true, status, apiAlias: 'array_struct' })
  }))

  router.post('/newsletter/confirm', handle((req, res) => {
    const body = bodyOf(req.body)
    const hash = typeof body.hash === 'string' ? body.hash : ''
    const recipient = hash === '' ? undefined : (db.prepare('SELECT * FROM newsletter_recipient WHERE hash = ?').get(hash) as Row | undefined)
    if (!recipient) throw engagementErrors.recipientNotFound('hash', hash)
    // NewsletterConfirmRoute::getBeforeConfirmSubscribeValidation: status EqualTo notSet, em EqualTo sha1(email).
    const v = new Violations()
    if (recipient.status !== 'notSet') {
      v.add('/status', 'NOT_EQUAL_ERROR', 'This value should be equal to "notSet".', { '{{ value }}': formatValue(recipient.status), '{{ compared_value }}': '"notSet"', '{{ compared_value_type }}': 'string' })
    }
    if (body.em !== sha1(String(recipient.email))) {
      // Symfony names the compared value; it is the hash of the address, so the demo store leaves it out.
      v.add('/em', 'NOT_EQUAL_ERROR', 'This value should be equal to the hash of the subscribed email address.', { '{{ value }}': formatValue(body.em ?? null), '{{ compared_value_type }}': 'string' })
    }
    v.throwIfAny()
    db.prepare("UPDATE newsletter_recipient SET status = 'optIn', confirmed_at = ?, updated_at = ? WHERE id = ?").run(now(), now(), recipient.id)
    const storefrontUrl = String(recipient.storefront_url ?? publicUrl)
    void mailer.send({
      kind: 'newsletter-welcome', to: String(recipient.email), name: fullName(recipient.first_name as string | undefined, recipient.last_name as string | undefined),
      // The subscription's language, as Shopware's NewsletterConfirmEvent mails in the recipient's language.
      languageId: String(recipient.language_id), url: `${storefrontUrl}/`,
      secondaryLinks: [{ label: FORM_LABELS[languageKeyOf(String(recipient.language_id))].unsubscribe, url: unsubscribeUrl(storefrontUrl, String(recipient.email)) }],
    })
    res.json({ success: true, apiAlias: 'array_struct' })
  }))

  router.post('/newsletter/unsubscribe', handle((req, res) => {
    const body = bodyOf(req.body)
    const email = body.email
    if (typeof email !== 'string' || email === '') throw engagementErrors.missingEmail()
    const recipient = recipientByEmail(email.trim())
    if (!recipient) throw engagementErrors.recipientNotFound('email', email)
    const v = new Violations()
    if (!isEmail(email.trim())) invalidEmail(v, '/email', email)
    v.throwIfAny()
    db.prepare("UPDATE newsletter_recipient SET status = 'optOut', updated_at = ? WHERE id = ?").run(now(), recipient.id)
    res.json({ success: true, apiAlias: 'array_struct' })
  }))

  // GET|POST /account/newsletter-recipient (AccountNewsletterRecipientRoute): _loginRequired without guests.
  // The recipient with the customer's email (EqualsFilter, case-insensitive in MySQL's collation; the
  // sales channel repository adds the channel), else the struct's default 'undefined'.
  const readRecipient = handle((_req, res) => {
    const customer = loggedInCustomer(db, state(res).context)
    if (!customer) throw errors.customerNotLoggedIn()
    const recipient = recipientByEmail(String(customer.email))
    res.json({ status: recipient ? String(recipient.status) : 'undefined', apiAlias: 'account_newsletter_recipient' })
  })
  router.post('/account/newsletter-recipient', readRecipient)
  router.get('/account/newsletter-recipient', readRecipient)

  // -----------------------------------------------------------------------------------------------
  // POST /product/{productId}/review (ProductReviewSaveRoute)

  router.post('/product/:productId/review', handle((req, res) => {
    const { serializer: s, context } = state(res)
    // _loginRequired without _loginRequiredAllowGuest.
    const customer = loggedInCustomer(db, context)
    if (!customer) throw errors.customerNotLoggedIn()
    // Shopware does not look the product up and fails in the write; the demo store answers as the product routes do.
    const productId = req.params.productId
    if (!HEX_ID.test(productId) || !catalogueData(s).records.has(productId)) throw errors.productNotFound(productId)
    const body = bodyOf(req.body)
    const v = new Violations()
    // In Shopware's order. A sent name is checked even when null (DataBag::has); only a missing one is the customer's first name.
    const name = requiredString(v, { name: Object.hasOwn(body, 'name') ? body.name : customer.first_name }, 'name')
    tooLong(v, '/name', name, REVIEW_STRING_MAX)
    const title = requiredString(v, body, 'title')
    if (title !== '') tooShort(v, '/title', title, REVIEW_TITLE_MIN)
    tooLong(v, '/title', title, REVIEW_STRING_MAX)
    const content = requiredString(v, body, 'content')
    if (content !== '') tooShort(v, '/content', content, REVIEW_CONTENT_MIN)
    const points = readPoints(v, body.points)
    // Not stored (product_review has no external_email, and no mail goes out), but a wrong type is still said.
    stringField(v, body, 'email')
    // `if ($data->get('id'))`: PHP's falsy values ('' and '0' included) create a review.
    const id = body.id === '0' || !body.id ? undefined : body.id
    if (id !== undefined) {
      if (typeof id !== 'string') v.notString('/id', id)
      else if (!HEX_ID.test(id) || !db.prepare('SELECT 1 FROM product_review WHERE id = ? AND customer_id = ?').get(id, customer.id)) {
        entityMissing(v, '/id', 'product_review', id)
      }
    } else if (db.prepare('SELECT 1 FROM product_review WHERE customer_id = ? AND product_id = ?').get(customer.id, productId)) {
      entityExists(v, '/customerId', 'product_review')
    }
    v.throwIfAny()

    // Shopware's upsert: an update moves the review to this URL's product and language and waits for approval again.
    // Nothing cached to drop: reviews are read live and only when approved (status 1); ratingAverage is the seed's.
    db.prepare(`INSERT INTO product_review (id, product_id, language_id, customer_id, external_user, title, content, points, status, created_at)
      VALUES (@id, @productId, @languageId, @customerId, @name, @title, @content, @points, 0, @at)
      ON CONFLICT (id) DO UPDATE SET product_id = excluded.product_id, language_id = excluded.language_id, external_user = excluded.external_user,
        title = excluded.title, content = excluded.content, points = excluded.points, status = 0`)
      .run({ id: (id as string | undefined) ?? randomHex(), productId, languageId: s.languageId, customerId: customer.id, name, title, content, points, at: now() })
    res.status(204).end()
  }))

  // -----------------------------------------------------------------------------------------------
  // POST /forst/price-request (demo extension; the contract a real shop's plugin offers, README)

  router.post('/forst/price-request', handle((req, res) => {
    const { serializer: s, context } = state(res)
    const body = bodyOf(req.body)
    const v = new Violations()
    const productId = requiredString(v, body, 'productId')
    const desiredPrice = readDesiredPrice(v, body.desiredPrice)
    const quantity = readQuantity(v, body.quantity)
    const comment = requiredString(v, body, 'comment').trim()
    tooLong(v, '/comment', comment, PRICE_REQUEST_COMMENT_MAX)
    // A logged-in customer (or guest session) may leave the contact fields out: they come from the customer.
    const customer = sessionCustomer(db, context)
    const contact = (key: string, fallback: unknown): string => {
      const given = stringField(v, body, key)
      if (given !== undefined && given.trim() !== '') return given.trim()
      if (typeof fallback === 'string' && fallback.trim() !== '') return fallback.trim()
      if (!v.has(`/${key}`)) v.blank(`/${key}`, body[key] ?? null)
      return ''
    }
    const email = contact('email', customer?.email)
    if (email !== '' && !isEmail(email)) invalidEmail(v, '/email', email)
    const firstName = contact('firstName', customer?.first_name)
    const lastName = contact('lastName', customer?.last_name)
    for (const [key, value] of [['email', email], ['firstName', firstName], ['lastName', lastName]] as const) tooLong(v, `/${key}`, value, 255)
    urlInName(v, '/firstName', firstName)
    urlInName(v, '/lastName', lastName)
    const company = optionalText(v, body, 'company', 255) ?? (typeof customer?.company === 'string' && customer.company !== '' ? customer.company : undefined)
    const phone = optionalText(v, body, 'phone', 255)
    v.throwIfAny()

    if (!HEX_ID.test(productId)) throw errors.productNotFound(productId)
    const record = catalogueData(s).records.get(productId)
    if (!record) throw errors.productNotFound(productId)
    const row = s.row('SELECT custom_fields, translations FROM product WHERE id = ?', productId)
    const translated = s.translate(row?.translations ?? '{}')
    const customFields = { ...(JSON.parse(String(row?.custom_fields ?? '{}')) as Record<string, unknown>), ...((translated.customFields ?? {}) as Record<string, unknown>) }
    const productName = String(translated.name ?? '')
    if (customFields.forst_price_on_request !== true) throw engagementErrors.priceRequestNotAvailable(productId)

    const attempt = priceRequestLimiter.consume(`${email.toLowerCase()}-${clientIp(req)}`)
    if (!attempt.accepted) throw accountErrors.rateLimitExceeded(attempt.seconds)

    db.prepare(`INSERT INTO price_request (id, product_id, customer_id, language_id, desired_price, quantity, comment, email, first_name, last_name, company, phone, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(randomHex(), productId, loggedInCustomer(db, context)?.id ?? null, s.languageId, desiredPrice, quantity, comment, email, firstName, lastName, company ?? null, phone ?? null, now())
    const language = languageKeyOf(s.languageId)
    const labels = FORM_LABELS[language]
    const name = fullName(firstName, lastName)
    const details: MailDetail[] = [
      { label: labels.product, value: productName },
      { label: labels.productNumber, value: record.number },
      { label: labels.desiredPrice, value: formatPrice(language, desiredPrice) },
      { label: labels.quantity, value: String(quantity) },
      { label: labels.message, value: comment },
      { label: labels.name, value: name },
      ...(company ? [{ label: labels.company, value: company }] : []),
      { label: labels.email, value: email },
      ...(phone ? [{ label: labels.phone, value: phone }] : []),
    ]
    const subjectValues = { productNumber: record.number, productName }
    void mailer.send({ kind: 'price-request', to: SENDER.address, name: SENDER.name, languageId: s.languageId, subjectValues, details, replyTo: email })
    void mailer.send({ kind: 'price-request-copy', to: email, name, languageId: s.languageId, subjectValues, details })
    res.json({ success: true, apiAlias: 'forst_price_request_result' })
  }))
}

/** desiredPrice: NotBlank, a number (numeric strings as PHP's is_numeric reads them), > 0, at most two decimals. */
function readDesiredPrice(v: Violations, raw: unknown): number {
  const pointer = '/desiredPrice'
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    v.blank(pointer, raw ?? null)
    return 0
  }
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isFinite(value)) {
    v.add(pointer, 'INVALID_TYPE_ERROR', 'This value should be of type numeric.', { '{{ value }}': formatValue(raw), '{{ type }}': 'numeric' })
    return 0
  }
  if (value <= 0) {
    v.add(pointer, 'TOO_LOW_ERROR', 'This value should be greater than 0.', { '{{ value }}': formatValue(raw), '{{ compared_value }}': 0, '{{ compared_value_type }}': 'int' })
  } else if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
    v.add(pointer, 'FORST_TOO_MANY_DECIMALS', 'This value should have at most 2 decimals.', { '{{ value }}': formatValue(raw), '{{ decimals }}': 2 })
  } else if (value > 1e9) {
    v.add(pointer, 'TOO_HIGH_ERROR', 'This value should be less than or equal to 1000000000.', { '{{ value }}': formatValue(raw), '{{ compared_value }}': 1e9, '{{ compared_value_type }}': 'int' })
  }
  return value
}

/**
 * points: GreaterThanOrEqual and LessThanOrEqual, on numbers and numeric strings (PHP compares those numerically).
 * Required, where Symfony's comparisons let null pass: a review without stars would break the rating average.
 */
function readPoints(v: Violations, raw: unknown): number {
  const pointer = '/points'
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    v.blank(pointer, raw ?? null)
    return 0
  }
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isFinite(value)) {
    v.add(pointer, 'INVALID_TYPE_ERROR', 'This value should be of type numeric.', { '{{ value }}': formatValue(raw), '{{ type }}': 'numeric' })
  } else if (value < REVIEW_POINTS_MIN) {
    v.add(pointer, 'TOO_LOW_ERROR', `This value should be greater than or equal to ${REVIEW_POINTS_MIN}.`, {
      '{{ value }}': formatValue(raw), '{{ compared_value }}': REVIEW_POINTS_MIN, '{{ compared_value_type }}': 'int',
    })
  } else if (value > REVIEW_POINTS_MAX) {
    v.add(pointer, 'TOO_HIGH_ERROR', `This value should be less than or equal to ${REVIEW_POINTS_MAX}.`, {
      '{{ value }}': formatValue(raw), '{{ compared_value }}': REVIEW_POINTS_MAX, '{{ compared_value_type }}': 'int',
    })
  }
  return value
}

/** quantity: optional, an integer from 1 to PRICE_REQUEST_QUANTITY_MAX; default 1. */
function readQuantity(v: Violations, raw: unknown): number {
  const pointer = '/quantity'
  if (raw === undefined || raw === null || raw === '') return 1
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isInteger(value)) {
    v.add(pointer, 'INVALID_TYPE_ERROR', 'This value should be of type int.', { '{{ value }}': formatValue(raw), '{{ type }}': 'int' })
    return 1
  }
  if (value < 1) v.add(pointer, 'TOO_LOW_ERROR', 'This value should be greater than or equal to 1.', { '{{ value }}': formatValue(raw), '{{ compared_value }}': 1, '{{ compared_value_type }}': 'int' })
  else if (value > PRICE_REQUEST_QUANTITY_MAX) {
    v.add(pointer, 'TOO_HIGH_ERROR', `This value should be less than or equal to ${PRICE_REQUEST_QUANTITY_MAX}.`, { '{{ value }}': formatValue(raw), '{{ compared_value }}': PRICE_REQUEST_QUANTITY_MAX, '{{ compared_value_type }}': 'int' })
  }
  return value
}
