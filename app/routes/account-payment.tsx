import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ApiClientError } from '@shopware/api-client'
import { useTranslation } from '~/lib/use-translation'
import { Badge } from '~/components/ui/badge'
import { FormErrors, RadioGroupField } from '~/components/ui/form'
import { paymentMethodSchema } from '~/forms/payment-method'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { flash } from '~/session/flash.server'
import {
  accountHeaders,
  accountPage,
  accountSession,
  accountSessionWith,
  changePaymentMethod,
  defaultPaymentMethodId,
  loadPaymentMethods,
} from '~/store/customer.server'
import { throwPageError } from '~/store/errors.server'
import { pageMeta } from '~/lib/page-meta'
import { buttonClass } from '~/components/ui/button'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { customer, loaded } = await accountSessionWith(context, request, locale, (store) => loadPaymentMethods(store))
  const methods = await loaded
  return data(
    { locale, methods, current: defaultPaymentMethodId(customer), ...accountPage(context, locale, 'payment') },
    { headers: accountHeaders() },
  )
}

export async function action({ request, context }: ActionFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const { store } = await accountSession(context, request, locale)
  const submission = parseWithZod(await request.formData(), { schema: paymentMethodSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400, headers: accountHeaders() })
  try {
    await changePaymentMethod(store, submission.value.paymentMethodId)
  } catch (err) {
    // An id the shop does not know (or no longer offers) is the shopper's choice to correct.
    if (!(err instanceof ApiClientError && err.status === 400)) throwPageError(err, request)
    return data(submission.reply({ fieldErrors: { paymentMethodId: ['account:payment.unknown'] } }), {
      status: 400,
      headers: accountHeaders(),
    })
  }
  const headers = accountHeaders()
  headers.append('Set-Cookie', flash(context, { type: 'success', messageKey: 'account:payment.saved' }, request))
  return redirect(localizePath(locale, '/account/payment'), { status: 303, headers })
}

export const meta = pageMeta

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.get('Cache-Control') ? actionHeaders : loaderHeaders

export default function AccountPayment() {
  const { methods, current } = useLoaderData<typeof loader>()
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const navigation = useNavigation()
  const { t } = useTranslation('account')
  const [form, fields] = useForm({
    id: 'payment-form',
    lastResult,
    constraint: getZodConstraint(paymentMethodSchema),
    defaultValue: { paymentMethodId: current },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentMethodSchema }),
    shouldValidate: 'onSubmit',
  })
  const field = fields.paymentMethodId
  const busy = navigation.state === 'submitting'
  return (
    <>
      <header className="account-header">
        <h1>{t('payment.title')}</h1>
        <p className="account-intro">{t('payment.intro')}</p>
      </header>
      <section className="account-panel" aria-labelledby="payment-legend">
        <Form method="post" {...getFormProps(form)} className="form-stack">
          <FormErrors form={form} />
          <RadioGroupField
            field={field}
            legend={t('payment.legend')}
            legendId="payment-legend"
            className="payment-choices"
            required
            defaultValue={current}
            options={methods.map((method) => ({
              value: method.id,
              label: (
                <span className="payment-name">
                  {method.name}
                  {method.id === current ? <Badge tone="success">{t('payment.current')}</Badge> : null}
                </span>
              ),
              description: method.description || undefined,
            }))}
          />
          <div className="form-actions">
            <button type="submit" className={buttonClass()} disabled={busy}>
              {busy ? t('saving') : t('payment.submit')}
            </button>
          </div>
        </Form>
      </section>
    </>
  )
}
