import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { CmsImage } from '~/components/cms/cms-image'
import { PriceRequestForm } from '~/components/contact/price-request-form'
import { refusedReply } from '~/forms/reply.server'
import { priceRequestSchema } from '~/forms/price-request'
import { getLocaleFromPath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { PRIVATE_HEADERS, redirectWith } from '~/store/account.server'
import { engagementPageMeta, loadPriceRequest, loadPriceRequestProduct, sendPriceRequest } from '~/store/engagement.server'
import { pickHeaders } from '~/store/page.server'

function notFound(request: Request): never {
  const path = new URL(request.url).pathname
  throw data({ message: `Page not found: ${path}`, path }, { status: 404 })
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const productId = params.productId ?? ''
  const { product, prefill } = await loadPriceRequest(context, request, locale, productId)
  // Unknown products and those with a price of their own have no price request.
  if (!product) notFound(request)
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
    if (!(await loadPriceRequestProduct(context, request, locale, productId))) notFound(request)
    return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  }
  // Independent: the product's name and page for the answer, and the request itself.
  const [product, result] = await Promise.all([
    loadPriceRequestProduct(context, request, locale, productId),
    sendPriceRequest(context, request, locale, submission.value),
  ])
  if (!product || result.type === 'not-available') notFound(request)
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
      <section className="price-request-product" aria-labelledby="price-request-product">
        {product.image ? <CmsImage image={product.image} alt={product.image.alt || product.name} sizes="96px" /> : <span />}
        <div>
          <h2 id="price-request-product">{product.name}</h2>
          <p>{t('priceRequest.productNumber', { number: product.productNumber })}</p>
          <p>
            <Link to={product.href}>{t('priceRequest.backToProduct')}</Link>
          </p>
        </div>
      </section>
      <section className="engagement-card" aria-label={t('priceRequest.title')}>
        <PriceRequestForm locale={locale} productId={product.id} lastResult={lastResult} defaults={prefill ?? undefined} />
      </section>
    </div>
  )
}
