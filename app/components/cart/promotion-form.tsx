import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useFetcher } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { promotionSchema } from '~/forms/cart'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { CartPromotionView } from '~/store/cart.server'
import { useCartReply, useResetAfterSuccess, type CartFormReply } from './cart-line'
import { buttonClass } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/form'

/** The promotion code field: redeem a code; the store's answer (applied, waiting, unknown) comes as a message. */
export function PromotionForm({ action, redirectTo }: { action: string; redirectTo?: string }) {
  const { t } = useTranslation('cart')
  const fetcher = useFetcher<CartFormReply>()
  const reply = useCartReply('promotion-add', fetcher.data)
  const [form, fields] = useForm({
    id: 'promotion-add',
    lastResult: reply,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  useResetAfterSuccess(fetcher.state, reply, () => form.reset())
  const errors = fields.code.errors ?? []
  return (
    <fetcher.Form method="post" action={action} className="cart-promotion-form" preventScrollReset {...getFormProps(form)}>
      <input type="hidden" name="intent" value="promotion-add" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <label htmlFor={fields.code.id} className="form-label">
        {t('promotion.label')}
      </label>
      <div className="cart-promotion-row">
        <input
          {...getInputProps(fields.code, { type: 'text' })}
          key={fields.code.key}
          className="form-control"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={fields.code.errorId}
        />
        <button type="submit" className={buttonClass({ variant: 'secondary' })} disabled={fetcher.state !== 'idle'}>
          {t('promotion.submit')}
        </button>
      </div>
      <ErrorList id={fields.code.errorId} errors={errors} fieldName={t('promotion.label')} alert />
    </fetcher.Form>
  )
}

/** Applied promotions with their discount and a remove button each. */
export function AppliedPromotions({ promotions, locale, action }: { promotions: CartPromotionView[]; locale: Locale; action: string }) {
  const { t } = useTranslation('cart')
  const fetcher = useFetcher()
  if (!promotions.length) return null
  return (
    <div className="cart-promotions">
      <h3 className="cart-promotions-title">{t('promotion.applied')}</h3>
      <ul>
        {promotions.map((promotion) => (
          <li key={promotion.id} className="cart-promotion" data-testid="cart-promotion">
            <span className="cart-promotion-label">
              {promotion.label}{' '}
              <span className="cart-promotion-code">
                ({promotion.code ? t('promotion.code', { code: promotion.code }) : t('promotion.automatic')})
              </span>
            </span>
            <span className="cart-amount">{formatPrice(locale, promotion.totalPrice)}</span>
            {promotion.code ? (
              <fetcher.Form method="post" action={action} preventScrollReset className="cart-promotion-remove">
                <input type="hidden" name="intent" value="promotion-remove" />
                <input type="hidden" name="lineItemId" value={promotion.id} />
                <button type="submit" className={buttonClass({ size: 'small', variant: 'text' })} disabled={fetcher.state !== 'idle'}>
                  <span aria-hidden="true">{t('promotion.remove')}</span>
                  <span className="visually-hidden">{t('promotion.removeLabel', { name: promotion.label })}</span>
                </button>
              </fetcher.Form>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
