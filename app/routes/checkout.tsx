import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { island, islandClientLoader } from '~/components/ui/island'
import { promotionSchema, removeSchema } from '~/forms/cart'
import {
  billingAddressSchema,
  changedChoices,
  choiceFields,
  REMOVE_PROMOTION_FIELD,
  choiceIntentOf,
  choicesSchema,
  guestSchema,
  hasTypedAddress,
  isChoiceIntent,
  loginIntentSchema,
  newAddressSchema,
  orderDraftOf,
  orderSchema,
  paymentMethodSchema,
  shippingAddressSchema,
  shippingMethodSchema,
  shopToday,
  typedAddressSchema,
  type Choices,
  type OrderDraft,
} from '~/forms/checkout'
import { throttledMessage } from '~/forms/messages'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath, locales, type Locale } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import type { FlashMessage, SeoData } from '~/lib/shell-types'
import { checkoutDraft } from '~/session/form-draft.server'
import { flash } from '~/session/flash.server'
import { logIn } from '~/store/account.server'
import { addPromotionCode, checkoutHeaders, loadCart, removeLineItem } from '~/store/cart.server'
import {
  createCheckoutAddress,
  isRouteResponse,
  loadCheckout,
  paymentRedirectCookie,
  placeOrder,
  registerGuest,
  successPath,
  updateCheckoutContext,
} from '~/store/checkout.server'
import { getStore } from '~/store/client.server'
import { throwRequestError } from '~/lib/request-error.server'
import { throwPageError } from '~/store/errors.server'
import type { SectionReply } from '~/components/checkout/section-form'

function seoOf(context: { publicUrl: string }, locale: Locale): { title: string; seo: SeoData } {
  const t = getT(locale, ['checkout', 'common'])
  const title = t('checkout:page.title')
  const absolute = (l: Locale) => `${context.publicUrl}${localizePath(l, '/checkout')}`
  return {
    title,
    seo: {
      title: t('common:meta.titleTemplate', { title }),
      canonical: absolute(locale),
      alternates: Object.fromEntries(locales.map((l) => [l, absolute(l)])),
      robots: 'noindex, nofollow',
    },
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const store = getStore(context, request, locale)
  // Nothing to check out without a cart: Shopware's storefront sends the shopper to the cart page too.
  if (!store.hasSession) throw redirect(localizePath(locale, '/checkout/cart'), { status: 303, headers: checkoutHeaders() })
  let view: Awaited<ReturnType<typeof loadCheckout>>
  try {
    view = await loadCheckout(context, request, locale)
  } catch (err) {
    throwPageError(err, request)
  }
  if (view.cart.isEmpty) throw redirect(localizePath(locale, '/checkout/cart'), { status: 303, headers: checkoutHeaders() })
  const { draft, headers: draftHeaders } = checkoutDraft.read(request, context, locale)
  const headers = checkoutHeaders()
  for (const cookie of draftHeaders) headers.append('Set-Cookie', cookie)
  return data({ locale, today: shopToday(), draft, ...view, ...seoOf(context, locale) }, { headers })
}

export type CheckoutLoaderData = ReturnType<typeof useLoaderData<typeof loader>>

function refused(intent: string, reply: SectionReply['reply'], draft?: OrderDraft, status = 400) {
  return data({ intent, reply, draft } satisfies SectionReply, { status, headers: checkoutHeaders() })
}

/**
 * Every section answers a successful POST with 303 back to the page (no-JS: the page shows the
 * result). What was typed into the order form comes along in a cookie; when it is too large for one,
 * the page is rendered at once with it instead.
 */
function backToCheckout(
  locale: Locale,
  cookies: string[],
  messages: FlashMessage[],
  context: Parameters<typeof flash>[0],
  request: Request,
  draft?: OrderDraft,
) {
  const headers = checkoutHeaders()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  const draftCookie = draft ? checkoutDraft.write(context, locale, draft) : undefined
  if (draft && !draftCookie) return data({ intent: 'draft', draft } satisfies SectionReply, { headers })
  if (draftCookie) headers.append('Set-Cookie', draftCookie)
  if (messages.length) headers.append('Set-Cookie', flash(context, messages, request))
  return redirect(localizePath(locale, '/checkout'), { status: 303, headers })
}

/** A promotion's remove button of the order form (no JavaScript) as the remove form's fields. */
function removalOf(lineItemId: FormDataEntryValue): FormData {
  const fields = new FormData()
  fields.set('intent', 'promotion-remove')
  fields.set('lineItemId', lineItemId)
  return fields
}

// A promotion code typed into the order form's page (no JavaScript) comes with another button's intent.
const promotionCodeSchema = promotionSchema.pick({ code: true })

/** The store's verdict on a code (added, waiting, unknown, excluded) comes as cart messages. */
function promotionNotices(cart: { notices: FlashMessage[] }): FlashMessage[] {
  return cart.notices.filter((n) => n.messageKey.includes('promotion'))
}

const choiceMessages: Record<keyof Choices, string> = {
  shippingAddressId: 'checkout:address.shippingSet',
  billingAddressId: 'checkout:address.billingSet',
  shippingMethodId: 'checkout:shipping.changed',
  paymentMethodId: 'checkout:payment.changed',
}

type PageChanges = { type: 'refused'; response: ReturnType<typeof refused> } | { type: 'taken'; any: boolean; headers: string[]; messages: FlashMessage[] }

/**
 * Without JavaScript the checkout is one form (checkout-page.tsx), and each of its buttons takes
 * what the shopper changed above the order fields: the choices that differ from the page they saw
 * (in one store call), a promotion code typed in and a new address begun. The clicked button's own
 * fields are required.
 */
async function takePageChanges(
  { context, request, locale }: { context: ActionFunctionArgs['context']; request: Request; locale: Locale },
  formData: FormData,
  draft: OrderDraft | undefined,
  clicked?: string,
): Promise<PageChanges> {
  const refusal = (intent: string, reply: SectionReply['reply']): PageChanges => ({ type: 'refused', response: refused(intent, reply, draft) })
  const choices = parseWithZod(formData, { schema: choicesSchema(clicked && isChoiceIntent(clicked) ? clicked : undefined) })
  if (choices.status !== 'success') return refusal(clicked ?? 'order', choices.reply())
  const typedCode = String(formData.get('code') ?? '').trim()
  const promotion = clicked === 'promotion-add' || typedCode ? parseWithZod(formData, { schema: promotionCodeSchema }) : undefined
  if (promotion && promotion.status !== 'success') return refusal('promotion-add', promotion.reply())
  const address = clicked === 'new-address' || hasTypedAddress(formData) ? parseWithZod(formData, { schema: typedAddressSchema }) : undefined
  if (address && address.status !== 'success') return refusal('new-address', address.reply())

  const headers: string[] = []
  const messages: FlashMessage[] = []
  const change = changedChoices(choices.value)
  if (Object.keys(change).length) {
    const result = await updateCheckoutContext(context, request, locale, change)
    if (result.type === 'invalid') {
      return refusal(choiceIntentOf(Object.keys(result.fieldErrors)[0] ?? '') ?? clicked ?? 'order', choices.reply({ fieldErrors: result.fieldErrors }))
    }
    headers.push(...result.headers)
    for (const field of Object.keys(change) as (keyof Choices)[]) messages.push({ type: 'success', messageKey: choiceMessages[field] })
  }
  // After the choices, so that a new address asked to be used for shipping or billing is what stays chosen.
  if (address?.value) {
    const { use, ...values } = address.value
    const result = await createCheckoutAddress(context, request, locale, values, use)
    if (result.type === 'invalid') return refusal('new-address', address.reply({ fieldErrors: result.fieldErrors }))
    headers.push(...result.headers)
    messages.push({ type: 'success', messageKey: 'checkout:address.created' })
  }
  if (promotion?.value) {
    const result = await addPromotionCode(context, request, locale, promotion.value.code)
    headers.push(...result.headers)
    messages.push(...promotionNotices(result.cart))
  }
  return { type: 'taken', any: Object.keys(change).length > 0 || !!promotion || !!address, headers, messages }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const formData = await request.formData()
  // Without JavaScript the choices post with the order form, by a section's 'choice' button (checkout-page.tsx),
  // and what was typed for the order comes along as the draft.
  const removedPromotion = formData.get(REMOVE_PROMOTION_FIELD)
  const intent = removedPromotion !== null ? 'promotion-remove' : String(formData.get('choice') ?? formData.get('intent') ?? '')
  const draft = orderDraftOf(formData)
  const back = (cookies: string[] = [], messages: FlashMessage[] = []) => backToCheckout(locale, cookies, messages, context, request, draft)

  try {
    // A section's button of the order form (no JavaScript) names itself as the 'choice' and takes every change of the page, not just its own.
    if (formData.has('choice') && (isChoiceIntent(intent) || intent === 'promotion-add' || intent === 'new-address')) {
      const taken = await takePageChanges({ context, request, locale }, formData, draft, intent)
      return taken.type === 'refused' ? taken.response : back(taken.headers, taken.messages)
    }
    switch (intent) {
      case 'login': {
        const hideFields = ['password']
        const submission = parseWithZod(formData, { schema: loginIntentSchema })
        if (submission.status !== 'success') return refused(intent, submission.reply({ hideFields }))
        const result = await logIn(context, request, locale, submission.value)
        if (result.type === 'invalid') return refused(intent, submission.reply({ formErrors: ['auth:login.invalid'], hideFields }))
        if (result.type === 'not-confirmed') return refused(intent, submission.reply({ formErrors: ['auth:login.notConfirmed'], hideFields }))
        if (result.type === 'throttled') {
          return refused(intent, submission.reply({ formErrors: [throttledMessage(result.seconds)], hideFields }), undefined, 429)
        }
        return back(result.headers, [{ type: 'success', messageKey: 'checkout:who.loggedInMessage' }])
      }
      case 'guest': {
        const submission = parseWithZod(formData, { schema: guestSchema })
        if (submission.status !== 'success') return refused(intent, submission.reply())
        const result = await registerGuest(context, request, locale, submission.value)
        if (result.type === 'invalid') return refused(intent, submission.reply({ fieldErrors: result.fieldErrors }))
        return back(result.headers, [{ type: 'success', messageKey: 'checkout:who.guestMessage' }])
      }
      case 'shipping-address':
      case 'billing-address':
      case 'shipping-method':
      case 'payment-method': {
        const schema = { 'shipping-address': shippingAddressSchema, 'billing-address': billingAddressSchema, 'shipping-method': shippingMethodSchema, 'payment-method': paymentMethodSchema }[intent]
        const submission = parseWithZod(formData, { schema })
        if (submission.status !== 'success') return refused(intent, submission.reply())
        const field = choiceFields[intent]
        const result = await updateCheckoutContext(context, request, locale, { [field]: (submission.value as Choices)[field] })
        if (result.type === 'invalid') return refused(intent, submission.reply({ fieldErrors: result.fieldErrors }))
        return back(result.headers, [{ type: 'success', messageKey: choiceMessages[field] }])
      }
      case 'new-address': {
        const submission = parseWithZod(formData, { schema: newAddressSchema })
        if (submission.status !== 'success') return refused(intent, submission.reply())
        const { intent: _intent, use, ...values } = submission.value
        const result = await createCheckoutAddress(context, request, locale, values, use)
        if (result.type === 'invalid') return refused(intent, submission.reply({ fieldErrors: result.fieldErrors }))
        return back(result.headers, [{ type: 'success', messageKey: 'checkout:address.created' }])
      }
      case 'promotion-add': {
        const submission = parseWithZod(formData, { schema: promotionSchema })
        if (submission.status !== 'success') return refused(intent, submission.reply())
        const result = await addPromotionCode(context, request, locale, submission.value.code)
        return back(result.headers, promotionNotices(result.cart))
      }
      case 'promotion-remove': {
        const fields = removedPromotion !== null ? removalOf(removedPromotion) : formData
        const submission = parseWithZod(fields, { schema: removeSchema })
        if (submission.status !== 'success') return refused(intent, submission.reply(), draft)
        const taken = removedPromotion !== null ? await takePageChanges({ context, request, locale }, formData, draft) : undefined
        if (taken?.type === 'refused') return taken.response
        const result = await removeLineItem(context, request, locale, submission.value.lineItemId)
        const outcome: FlashMessage = result ? { type: 'success', messageKey: 'checkout:promotion.removed' } : { type: 'warning', messageKey: 'cart:messages.lineGone' }
        return back([...(taken?.headers ?? []), ...(result?.headers ?? [])], [...(taken?.messages ?? []), outcome])
      }
      case 'order': {
        // A change above the order fields not yet taken (no JavaScript) changes the total: taken first, for the shopper to check.
        const taken = await takePageChanges({ context, request, locale }, formData, draft)
        if (taken.type === 'refused') return taken.response
        if (taken.any) return back(taken.headers, [...taken.messages, { type: 'info', messageKey: 'checkout:order.changesApplied' }])
        const cart = await loadCart(context, request, locale)
        const needsWaiver = cart.lines.some((line) => line.isDownload)
        const submission = parseWithZod(formData, { schema: orderSchema({ today: shopToday(), needsWaiver }) })
        if (submission.status !== 'success') return refused(intent, submission.reply())
        const { contactPerson, desiredDate, comment } = submission.value
        const result = await placeOrder(context, request, locale, { contactPerson, desiredDate, comment })
        switch (result.type) {
          case 'ok': {
            const headers = checkoutHeaders()
            if (result.redirectUrl) headers.append('Set-Cookie', paymentRedirectCookie(context, result.orderId, result.redirectUrl))
            return redirect(successPath(locale, result.orderId), { status: 303, headers })
          }
          case 'empty': {
            // The same form sent twice: the first submit placed the order and emptied the cart.
            if (result.recentOrderId) {
              const headers = checkoutHeaders()
              headers.append('Set-Cookie', flash(context, { type: 'info', messageKey: 'checkout:order.alreadyPlaced' }, request))
              return redirect(successPath(locale, result.recentOrderId), { status: 303, headers })
            }
            const headers = checkoutHeaders()
            headers.append('Set-Cookie', flash(context, { type: 'warning', messageKey: 'checkout:order.cartEmpty' }, request))
            return redirect(localizePath(locale, '/checkout/cart'), { status: 303, headers })
          }
          case 'login-required':
            return refused(intent, submission.reply({ formErrors: ['checkout:order.loginRequired'] }))
          case 'blocked':
            return refused(intent, submission.reply({ formErrors: ['checkout:order.blocked'] }))
        }
        break
      }
    }
  } catch (err) {
    if (isRouteResponse(err)) throw err
    throwPageError(err, request)
  }
  throwRequestError(locale, 400, { headers: checkoutHeaders() })
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders

export const meta = pageMeta

// The page is server HTML whose forms work before their script; its form library loads after the first paint (docs/decisions/009).
const importCheckoutPage = () => import('~/components/checkout/checkout-page').then((module) => module.CheckoutPage)
const CheckoutPage = island(import.meta.env.SSR ? await importCheckoutPage() : undefined, importCheckoutPage)

export const clientLoader = islandClientLoader<typeof loader>(CheckoutPage)

export default function Checkout() {
  const loaded = useLoaderData<typeof loader>()
  const { t } = useTranslation('checkout')
  return <CheckoutPage data={loaded} title={t('page.title')} />
}
