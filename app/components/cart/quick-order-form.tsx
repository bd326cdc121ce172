import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useFetcher } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { quickOrderSchema } from '~/forms/cart'
import { useCartReply, useResetAfterSuccess, type CartFormReply } from './cart-line'
import { buttonClass } from '~/components/ui/button'
import { ErrorList, Hint } from '~/components/ui/form'

/**
 * Quick order (B2B): article numbers and quantities typed line by line or uploaded as CSV; all
 * found products go into the cart at once. When none could be added the form answers at once; when
 * only some, the cart page comes back with the others in `leftOver`, so nothing typed is lost.
 */
export function QuickOrderForm({ action, leftOver }: { action: string; leftOver?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('cart')
  const fetcher = useFetcher<CartFormReply>()
  const reply = useCartReply('quick-order', fetcher.data) ?? leftOver
  const [form, fields] = useForm({
    id: 'quick-order',
    lastResult: reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickOrderSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  useResetAfterSuccess(fetcher.state, reply, () => form.reset())
  // Lines coming back after an order: the keyboard goes where they are, unless the shopper is
  // already elsewhere. The form may just have been rendered anew (the cart was empty before) and
  // the field is rendered anew with the lines, so the focus waits for the next frame.
  useEffect(() => {
    if (!leftOver) return
    // The file's lines are in the cart or back in the field now: sent again, the found ones would go in twice.
    const file = document.getElementById(fields.file.id)
    if (file instanceof HTMLInputElement) file.value = ''
    const active = document.activeElement
    const form = document.getElementById(fields.lines.formId)
    if (active && active !== document.body && !form?.contains(active)) return
    const frame = requestAnimationFrame(() => document.getElementById(fields.lines.id)?.focus())
    return () => cancelAnimationFrame(frame)
  }, [leftOver])
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
            {...getTextareaProps(fields.lines, { ariaDescribedBy: fields.lines.descriptionId })}
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
            {...getInputProps(fields.file, { type: 'file', ariaDescribedBy: fields.file.descriptionId })}
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
