import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { FormProduct } from '~/components/contact/form-product'
import { PriceRequestForm } from '~/components/contact/price-request-form'
import { refusedReply } from '~/forms/reply.server'
import { priceRequestSchema } from '~/forms/price-request'
import { getLocaleFromPath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { PRIVATE_HEADERS, redirectWith } from '~/store/account.server'
import { engagementPageMeta, loadPriceRequest, loadPriceRequestProduct, sendPriceRequest } from '~/store/engagement.server'
import { throwNotFound } from '~/store/errors.server'
import { pickHeaders } from '~/store/page.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const productId = params.productId ?? ''
  const { product, prefill } = await loadPriceRequest(context, request, locale, productId)
  // Unknown products and those with a price of their own have no price request.
  if (!product) throwNotFound(request)
  const meta = engagementPageMeta(context, locale, `/price-request/${product.id}`, 'priceRequest')
  const breadcrumbs = [{ name: product.name, href: product.href }, ...meta.breadcrumbs]
  return data({ locale, product, prefill: prefill ?? null, seo: meta.seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const productId = params.productId ?? ''
  const formData = await request.formData()
  // The page's product is the one asked about, whatever the form says.
  formData.set('productId', productId)
  const submission = parseWithZod(formData, { schema: priceRequestSchema(locale) })
  if (submission.status !== 'success') {
    if (!(await loadPriceRequestProduct(context, request, locale, productId))) throwNotFound(request)
    return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  }
  // Independent: the product's name and page for the answer, and the request itself.
  const [product, result] = await Promise.all([
    loadPriceRequestProduct(context, request, locale, productId),
    sendPriceRequest(context, request, locale, submission.value),
  ])
  if (!product || result.type === 'not-available') throwNotFound(request)
  switch (result.type) {
    case 'throttled':
    case 'invalid':
      return refusedReply(submission, result)
    case 'sent':
      return redirectWith(product.href, [], [
        { type: 'success', messageKey: 'contact:priceRequest.success', values: { name: product.name }, persistent: true },
      ], context, request)
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function PriceRequest() {
  const { locale, product, prefill } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const { t } = useTranslation('contact')
  return (
    <div className="container engagement-page">
      <h1>{t('priceRequest.title')}</h1>
      <p className="engagement-intro">{t('priceRequest.intro')}</p>
      <FormProduct product={product} headingId="price-request-product" backLabel={t('priceRequest.backToProduct')} />
      <section className="engagement-card" aria-label={t('priceRequest.title')}>
        <PriceRequestForm locale={locale} productId={product.id} lastResult={lastResult} defaults={prefill ?? undefined} />
      </section>
    </div>
  )
}
