import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Link, useActionData, useFetcher } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { ProductImage } from '~/components/product-image'
import { quantitySchema } from '~/forms/cart'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { CartLineView } from '~/store/cart.server'
import { buttonClass } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/form'
import { VariantOptions } from '~/components/ui/variant-options'

export interface CartFormReply {
  formId: string
  reply: SubmissionResult<string[]>
}

/** The action's answer for this form: the fetcher's own (with JS) or the page's (without). */
export function useCartReply(formId: string, fetcherData: unknown): SubmissionResult<string[]> | undefined {
  const actionData = useActionData<CartFormReply>()
  const data = (fetcherData as CartFormReply | undefined) ?? actionData
  return data?.formId === formId ? data.reply : undefined
}

/**
 * Empties a form once the store took its input (a redeemed code, an ordered list): with JavaScript
 * the page stays, so the typed text would otherwise linger; without, the page is rendered anew.
 */
export function useResetAfterSuccess(state: string, reply: SubmissionResult<string[]> | undefined, reset: () => void) {
  const wasBusy = useRef(false)
  useEffect(() => {
    if (state !== 'idle') {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    if (reply?.status !== 'error') reset()
    // Only the end of a submission matters; `reply` is read at that moment.
  }, [state])
}

function QuantityForm({ line, locale, action }: { line: CartLineView; locale: Locale; action: string }) {
  const { t } = useTranslation('cart')
  const fetcher = useFetcher<CartFormReply>()
  const formId = `quantity-${line.id}`
  const reply = useCartReply(formId, fetcher.data)
  const [form, fields] = useForm({
    id: formId,
    lastResult: reply,
    defaultValue: { intent: 'quantity', lineItemId: line.id, quantity: String(line.quantity) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quantitySchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const input = useRef<HTMLInputElement>(null)
  // After each change the field shows what the store made of it (raised to the minimum, to the
  // steps, to the stock), even when that equals the quantity before: a finished submission renders
  // the input anew. A refused value stays as typed, next to its error.
  const [revision, setRevision] = useState(0)
  const wasBusy = useRef(false)
  const hadFocus = useRef(false)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    setRevision((r) => r + 1)
  }, [fetcher.state])
  // Rendering the input anew must not lose the keyboard focus the shopper had there.
  useEffect(() => {
    if (hadFocus.current && input.current && document.activeElement !== input.current) input.current.focus()
    // The submission is over once its revision is rendered (the quantity may have changed before).
    if (revision > 0) hadFocus.current = false
  }, [revision, line.quantity])
  const typed = reply?.status === 'error' ? reply.initialValue?.quantity : undefined
  const shown = typeof typed === 'string' ? typed : String(line.quantity)
  const busy = fetcher.state !== 'idle'
  // Rules worth a hint: a minimum or steps above one piece (then with the ceiling, too).
  const hint =
    line.minPurchase > 1 || line.purchaseSteps > 1
      ? t('line.hintMax', { min: line.minPurchase, step: line.purchaseSteps, max: line.maxPurchase })
      : undefined
  const errors = fields.quantity.errors ?? []
  return (
    <fetcher.Form
      method="post"
      action={action}
      className="cart-quantity"
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={(event) => {
        hadFocus.current = document.activeElement === input.current
        form.onSubmit(event)
      }}
    >
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="lineItemId" value={line.id} />
      <label htmlFor={fields.quantity.id} className="cart-quantity-label">
        {t('line.quantity')}
        <span className="visually-hidden">: {line.label}</span>
      </label>
      <div className="cart-quantity-row">
        <input
          {...getInputProps(fields.quantity, { type: 'number' })}
          // A new quantity from the store replaces what the field shows.
          key={`${fields.quantity.key ?? ''}-${line.quantity}-${revision}`}
          ref={input}
          defaultValue={shown}
          min={line.minPurchase}
          step={line.purchaseSteps}
          max={line.maxPurchase}
          inputMode="numeric"
          required
          className="form-control cart-quantity-input"
          aria-describedby={hint ? `${fields.quantity.descriptionId} ${fields.quantity.errorId}` : fields.quantity.errorId}
        />
        <button type="submit" className={buttonClass({ variant: 'secondary' }, 'cart-quantity-submit')} disabled={busy}>
          <span aria-hidden="true">{busy ? t('line.updating') : t('line.update')}</span>
          <span className="visually-hidden">{t('line.updateLabel', { name: line.label })}</span>
        </button>
      </div>
      {hint ? (
        <p id={fields.quantity.descriptionId} className="form-hint cart-quantity-hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={fields.quantity.errorId} errors={errors} fieldName={t('line.quantity')} alert />
    </fetcher.Form>
  )
}

function RemoveForm({ line, action, onRemove }: { line: CartLineView; action: string; onRemove: () => void }) {
  const { t } = useTranslation('cart')
  const fetcher = useFetcher()
  return (
    <fetcher.Form method="post" action={action} className="cart-remove" preventScrollReset onSubmit={onRemove}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="lineItemId" value={line.id} />
      <button type="submit" className={buttonClass({ size: 'small', variant: 'text', color: 'danger' }, 'cart-remove-button')} disabled={fetcher.state !== 'idle'}>
        <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24">
          <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z" />
        </svg>
        <span aria-hidden="true">{t('line.remove')}</span>
        <span className="visually-hidden">{t('line.removeLabel', { name: line.label })}</span>
      </button>
    </fetcher.Form>
  )
}

/** One product line: picture, name (link), number, rules hint, quantity form, net prices, remove. */
export function CartLine({
  line,
  locale,
  action,
  onRemove,
}: {
  line: CartLineView
  locale: Locale
  action: string
  onRemove: () => void
}) {
  const { t } = useTranslation('cart')
  return (
    <li className="cart-line" data-testid="cart-line" data-product-number={line.productNumber}>
      <div className="cart-line-image">
        {line.image ? (
          <ProductImage src={line.image.url} alt={line.image.alt} width={96} height={96} sizes="96px" />
        ) : (
          <span className="cart-line-no-image" aria-hidden="true" />
        )}
      </div>
      <div className="cart-line-info">
        <h3 className="cart-line-name">
          <Link to={line.href}>
            {line.label}
          </Link>
        </h3>
        <p className="cart-line-number">{t('line.number', { number: line.productNumber })}</p>
        {line.options.length ? (
          <p className="cart-line-number">
            <VariantOptions options={line.options} />
          </p>
        ) : null}
        {line.isDownload ? <p className="cart-line-download">{t('line.download')}</p> : null}
        <p className="cart-line-unit">
          <span className="cart-line-caption">{t('line.unitPrice')}</span>{' '}
          <span className="cart-amount" data-testid="unit-price">
            {formatPrice(locale, line.unitPrice)}
          </span>
          {line.listPrice !== undefined ? (
            <>
              {' '}
              <s className="cart-line-list-price">{t('line.listPrice', { price: formatPrice(locale, line.listPrice) })}</s>
            </>
          ) : null}
        </p>
      </div>
      <QuantityForm line={line} locale={locale} action={action} />
      <p className="cart-line-total">
        <span className="cart-line-caption">{t('line.totalPrice')}</span>{' '}
        <span className="cart-amount" data-testid="line-total">
          {formatPrice(locale, line.totalPrice)}
        </span>
      </p>
      <div className="cart-line-actions">{line.removable ? <RemoveForm line={line} action={action} onRemove={onRemove} /> : null}</div>
    </li>
  )
}
