import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { FormProduct } from '~/components/contact/form-product'
import { ReviewForm } from '~/components/contact/review-form'
import { refusedReply } from '~/forms/reply.server'
import { reviewSchema } from '~/forms/review'
import { getLocaleFromPath } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { PRIVATE_HEADERS, redirectWith } from '~/store/account.server'
import { engagementPageMeta, loadReviewPage, sendReview } from '~/store/engagement.server'
import { throwNotFound } from '~/store/errors.server'
import { pickHeaders } from '~/store/page.server'

/** Only a logged-in customer may review (Shopware's `_loginRequired` without guests); anyone else logs in first. */
async function reviewPage(args: LoaderFunctionArgs | ActionFunctionArgs, withPending: boolean) {
  const locale = getLocaleFromPath(new URL(args.request.url).pathname)
  const { product, pending } = await loadReviewPage(args.context, args.request, locale, args.params.productId ?? '', { withPending })
  if (!product) throwNotFound(args.request)
  return { locale, product, pending }
}

export async function loader(args: LoaderFunctionArgs) {
  const { locale, product, pending } = await reviewPage(args, true)
  const meta = engagementPageMeta(args.context, locale, `/review/${product.id}`, 'review')
  const breadcrumbs = [{ name: product.name, href: product.href }, ...meta.breadcrumbs]
  return data({ locale, product, pending: pending ?? null, seo: meta.seo, breadcrumbs }, { headers: PRIVATE_HEADERS })
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args
  const [{ locale, product }, formData] = await Promise.all([reviewPage(args, false), request.formData()])
  const submission = parseWithZod(formData, { schema: reviewSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  const result = await sendReview(context, request, locale, product.id, submission.value)
  if (result.type !== 'sent') return refusedReply(submission, result)
  return redirectWith(product.href, [], [
    { type: 'success', messageKey: 'contact:review.success', values: { name: product.name }, persistent: true },
  ], context, request)
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders, ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function ProductReview() {
  const { product, pending } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const { t } = useTranslation('contact')
  return (
    <div className="container engagement-page">
      <h1>{t('review.title')}</h1>
      <p className="engagement-intro">{t('review.intro')}</p>
      {pending ? <p className="engagement-notice">{t('review.pendingIntro')}</p> : null}
      <FormProduct product={product} headingId="review-product" backLabel={t('review.backToProduct')} />
      <section className="engagement-card" aria-label={t('review.title')}>
        <ReviewForm lastResult={lastResult} pending={pending ?? undefined} />
      </section>
    </div>
  )
}
