import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { OrderDetails, OrderNotFound } from '~/components/account/order-details'
import { ErrorPage } from '~/components/error-page'
import { buttonClass } from '~/components/ui/button'
import { FormErrors, RequiredNote, TextField } from '~/components/ui/form'
import { throttledMessage } from '~/forms/messages'
import { orderLinkSchema } from '~/forms/order-link'
import { refusedReply } from '~/forms/reply.server'
import { getT } from '~/i18n.server'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import { pageMeta } from '~/lib/page-meta'
import { useTranslation } from '~/lib/use-translation'
import { PRIVATE_HEADERS, loginHref, redirectWith } from '~/store/account.server'
import { throwNotFound, throwPageError } from '~/store/errors.server'
import { checkOrderLink, DEEP_LINK_CODE, openOrderLink } from '~/store/order-link.server'
import { appPageSeo, pickHeaders } from '~/store/page.server'

// /account/order/{deepLinkCode}: the link in Shopware's order mails (`frontend.account.order.single.page`).
// The logged-in customer goes on to the order in the account, a visitor whose order belongs to an account
// to the login; a guest sees the order after giving its e-mail address and billing postcode.

interface OrderLink {
  locale: Locale
  code: string
  path: string
  /** The login page that leads back to this link: an order of the account then opens in it. */
  login: string
}

function linkOf(request: Request, code: string | undefined): OrderLink {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  if (!code || !DEEP_LINK_CODE.test(code)) throwNotFound(request, PRIVATE_HEADERS)
  const path = `/account/order/${code}`
  return { locale, code, path, login: loginHref(locale, localizePath(locale, path)) }
}

function pageData(context: LoaderFunctionArgs['context'], { locale, path, login }: OrderLink) {
  const title = getT(locale, 'account')('orderLink.title')
  return {
    locale,
    seo: appPageSeo(context, locale, path, title, { robots: 'noindex,nofollow' }),
    breadcrumbs: [{ name: title, href: localizePath(locale, path) }],
    login,
  }
}

function loginFirst(link: OrderLink, context: LoaderFunctionArgs['context'], request: Request) {
  return redirectWith(link.login, [], { type: 'info', messageKey: 'account:orderLink.loginRequired' }, context, request)
}

/** The rate limit's refusal on opening the page, as the form shows a refused submission. */
function throttledResult(seconds: number): SubmissionResult<string[]> {
  return { status: 'error', error: { '': [throttledMessage(seconds)] } }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const link = linkOf(request, params.code)
  const { locale, code } = link
  const opened = await openOrderLink(context, request, locale, code).catch((err: unknown) => throwPageError(err, request))
  switch (opened.type) {
    case 'own':
      throw redirectWith(localizePath(locale, `/account/order/details/${opened.orderId}`), [])
    case 'login':
      throw loginFirst(link, context, request)
    case 'not-yours':
      throw data({ orderNotFound: true }, { status: 404, headers: PRIVATE_HEADERS })
    case 'guest-own':
      return data({ ...pageData(context, link), refusal: undefined, order: opened.order }, { headers: PRIVATE_HEADERS })
    case 'throttled':
      return data(
        { ...pageData(context, link), refusal: throttledResult(opened.seconds), order: undefined },
        { status: 429, headers: { ...PRIVATE_HEADERS, 'Retry-After': String(opened.seconds) } },
      )
    case 'credentials':
      return data({ ...pageData(context, link), refusal: undefined, order: undefined }, { headers: PRIVATE_HEADERS })
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const link = linkOf(request, params.code)
  const submission = parseWithZod(await request.formData(), { schema: orderLinkSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: PRIVATE_HEADERS })
  const checked = await checkOrderLink(context, request, link.locale, link.code, submission.value).catch((err: unknown) => throwPageError(err, request))
  switch (checked.type) {
    case 'order': {
      const headers = new Headers(PRIVATE_HEADERS)
      for (const cookie of checked.cookies) headers.append('Set-Cookie', cookie)
      return data({ order: checked.order, canPay: checked.cookies.length > 0 }, { headers })
    }
    case 'wrong-credentials':
      return data(submission.reply({ formErrors: ['account:orderLink.wrongCredentials'] }), { status: 400, headers: PRIVATE_HEADERS })
    case 'unknown':
      return data(submission.reply({ formErrors: ['account:orderLink.unknown'] }), { status: 404, headers: PRIVATE_HEADERS })
    case 'login':
      return loginFirst(link, context, request)
    case 'throttled':
      return refusedReply(submission, checked)
  }
}

// The page's read counts as an attempt of the store's rate limit for this order: not again after each try.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === 'POST' ? false : defaultShouldRevalidate

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  pickHeaders(actionHeaders.get('Cache-Control') ? actionHeaders : (errorHeaders ?? loaderHeaders), ['Cache-Control', 'Retry-After'])

export const meta = pageMeta

export default function OrderLink() {
  const { locale, refusal, login, order: sessionOrder } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation('account')
  // The order of the session's own guest, or the one the form opened.
  const shown = actionData && 'order' in actionData ? actionData : sessionOrder ? { order: sessionOrder, canPay: true } : undefined
  const lastResult = (actionData && !('order' in actionData) ? actionData : undefined) as SubmissionResult<string[]> | undefined
  const [form, fields] = useForm({
    id: 'order-link',
    // Loader data keeps its identity between renders, as conform needs of a result.
    lastResult: lastResult ?? refusal,
    constraint: getZodConstraint(orderLinkSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderLinkSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  if (shown) {
    return (
      <div className="container order-link-order">
        <p className="order-link-note" role="status">
          {t('orderLink.shownByLink')} <Link to={localizePath(locale, '/contact')}>{t('orderLink.questions')}</Link>
        </p>
        <OrderDetails order={shown.order} locale={locale} busy={false} byLink canPay={shown.canPay} />
      </div>
    )
  }
  const busy = navigation.state === 'submitting'
  return (
    <div className="container auth-page">
      <section className="auth-card" aria-labelledby="order-link-title">
        <h1 id="order-link-title">{t('orderLink.title')}</h1>
        <p className="auth-intro">{t('orderLink.intro')}</p>
        <Form method="post" className="form-stack" {...getFormProps(form)}>
          <FormErrors form={form} />
          <RequiredNote />
          <TextField field={fields.email} label={t('orderLink.email')} type="email" autoComplete="email" />
          <TextField field={fields.zipcode} label={t('orderLink.zipcode')} autoComplete="billing postal-code" />
          <div className="form-actions">
            <button type="submit" className={buttonClass({ variant: 'primary' })} disabled={busy}>
              {busy ? t('orderLink.submitting') : t('orderLink.submit')}
            </button>
          </div>
        </Form>
      </section>
      <section className="auth-card auth-card-secondary" aria-labelledby="order-link-account-title">
        <h2 id="order-link-account-title">{t('orderLink.accountTitle')}</h2>
        <p>{t('orderLink.accountText')}</p>
        <Link to={login} className={buttonClass({ variant: 'secondary' })}>
          {t('orderLink.login')}
        </Link>
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const locale = getLocaleFromPath(useLocation().pathname)
  if (isRouteErrorResponse(error) && (error.data as { orderNotFound?: boolean } | null)?.orderNotFound) {
    return (
      <div className="container">
        <OrderNotFound locale={locale} />
      </div>
    )
  }
  const status = isRouteErrorResponse(error) ? error.status : 500
  return <ErrorPage error={{ status }} locale={locale} />
}
