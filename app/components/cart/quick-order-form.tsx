import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useFetcher } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { quickOrderSchema } from '~/forms/cart'
import { useCartReply, useResetAfterSuccess, type CartFormReply } from './cart-line'
import { buttonClass } from '~/components/ui/button'
import { ErrorList, Hint } from '~/components/ui/form'

/**
 * Quick order (B2B): article numbers and quantities typed line by line or uploaded as CSV; all
 * found products go into the cart at once, unknown numbers are reported back.
 */
export function QuickOrderForm({ action }: { action: string }) {
  const { t } = useTranslation('cart')
  const fetcher = useFetcher<CartFormReply>()
  const reply = useCartReply('quick-order', fetcher.data)
  const [form, fields] = useForm({
    id: 'quick-order',
    lastResult: reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickOrderSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  useResetAfterSuccess(fetcher.state, reply, () => form.reset())
  const lineErrors = fields.lines.errors ?? []
  const fileErrors = fields.file.errors ?? []
  return (
    <section className="cart-quick-order" aria-labelledby="quick-order-title">
      <h2 id="quick-order-title" className="cart-section-title">
        {t('quickOrder.heading')}
      </h2>
      <p className="cart-quick-order-intro">{t('quickOrder.intro')}</p>
      <fetcher.Form method="post" action={action} encType="multipart/form-data" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value="quick-order" />
        <div className="form-field">
          <label htmlFor={fields.lines.id} className="form-label">
            {t('quickOrder.linesLabel')}
          </label>
          <textarea
            {...getTextareaProps(fields.lines, { ariaDescribedBy: `${fields.lines.descriptionId} ${fields.lines.errorId}` })}
            key={fields.lines.key}
            rows={5}
            className="form-control cart-quick-order-lines"
            spellCheck={false}
            autoCapitalize="characters"
          />
          <Hint id={fields.lines.descriptionId}>{t('quickOrder.linesHint')}</Hint>
          <ErrorList id={fields.lines.errorId} errors={lineErrors} fieldName={t('quickOrder.linesLabel')} alert />
        </div>
        <div className="form-field">
          <label htmlFor={fields.file.id} className="form-label">
            {t('quickOrder.fileLabel')}
          </label>
          <input
            {...getInputProps(fields.file, { type: 'file', ariaDescribedBy: `${fields.file.descriptionId} ${fields.file.errorId}` })}
            key={fields.file.key}
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            className="cart-quick-order-file"
          />
          <Hint id={fields.file.descriptionId}>{t('quickOrder.fileHint')}</Hint>
          <ErrorList id={fields.file.errorId} errors={fileErrors} fieldName={t('quickOrder.fileLabel')} alert />
        </div>
        <button type="submit" className={buttonClass()} disabled={fetcher.state !== 'idle'}>
          {t('quickOrder.submit')}
        </button>
      </fetcher.Form>
    </section>
  )
}
