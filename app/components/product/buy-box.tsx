import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { useActionData, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useSideCart } from '~/components/cart/side-cart'
import { PriceRequestLink } from '~/components/contact/price-request-link'
import { addToCartSchema } from '~/forms/add-to-cart'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { Availability, PurchaseRules, TierPrice } from '~/lib/product'
import type { ProductPrice } from '~/store/product.server'
import { ResellerNote, usePriceAudience, useTaxFree } from './price'
import { ADD_TO_CART_ID } from '~/lib/skip-links'

export interface BuyBoxProps {
  locale: Locale
  productId: string
  price: ProductPrice
  availability: Availability
  deliveryTime?: string
  rules: PurchaseRules
  /** The store ships it free: the price note must not say 'plus shipping'. */
  shippingFree?: boolean
}

export function AvailabilityText({ availability }: { availability: Availability }) {
  const { t } = useTranslation('product')
  switch (availability.state) {
    case 'available':
      return <span className="availability availability-available">{t('availability.available')}</span>
    case 'restock':
      return (
        <span className="availability availability-restock">
          {availability.days % 7 === 0
            ? t('availability.restockWeeks', { count: availability.days / 7 })
            : t('availability.restockDays', { count: availability.days })}
        </span>
      )
    case 'limited':
      return (
        <span className="availability availability-limited">{t('availability.limited', { count: availability.quantity })}</span>
      )
    case 'not-available':
      return <span className="availability availability-none">{t('availability.notAvailable')}</span>
  }
}

function TierTable({ tiers, locale }: { tiers: TierPrice[]; locale: Locale }) {
  const { t } = useTranslation('product')
  // A reseller's tiers each replace the normal price of the same tier: shown struck through beside it.
  const withList = tiers.some((tier) => tier.listPrice !== undefined)
  return (
    <table className="tier-prices">
      <caption>{t('buy.tiers.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('buy.tiers.quantity')}</th>
          <th scope="col">{t('buy.tiers.unitPrice')}</th>
          {withList ? <th scope="col">{t('price.normal')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={`${tier.kind}-${tier.quantity}`}>
            <th scope="row">{t(`buy.tiers.${tier.kind}`, { count: tier.quantity })}</th>
            <td>{formatPrice(locale, tier.unitPrice)}</td>
            {withList ? (
              <td className="tier-list-price">{tier.listPrice !== undefined ? <s>{formatPrice(locale, tier.listPrice)}</s> : null}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function priceNoteKey(taxFree: boolean, shippingFree: boolean | undefined) {
  if (taxFree) return shippingFree ? 'buy.taxFreeNoteShippingFree' : 'buy.taxFreeNote'
  return shippingFree ? 'buy.netNoteShippingFree' : 'buy.netNote'
}

/**
 * Price, availability and the add-to-cart form. The form is a plain POST to this page (works
 * without JavaScript: 303 back with a notification); with JavaScript a fetcher submits it, so the
 * page stays, the header count follows from the root loader's revalidation, and the side cart opens
 * once the add went through (not after a refused quantity).
 */
export function BuyBox({ locale, productId, price, availability, deliveryTime, rules, shippingFree }: BuyBoxProps) {
  const { t } = useTranslation('product')
  // Labels only: the store already answered the amounts for the shopper's customer group.
  const reseller = usePriceAudience() === 'reseller'
  const taxFree = useTaxFree()
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  const actionData = useActionData<SubmissionResult<string[]>>()
  const location = useLocation()
  const lastResult = fetcher.data ?? actionData
  const schema = addToCartSchema(rules)
  const [form, fields] = useForm({
    id: `add-to-cart-${productId}`,
    lastResult,
    defaultValue: { productId, quantity: String(rules.min) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const quantityErrors = fields.quantity.errors ?? []
  const sideCart = useSideCart()
  // Once the side cart can open, it confirms the addition instead of a notice (the same HTML on the server).
  const [sideCartConfirms, setSideCartConfirms] = useState(false)
  useEffect(() => setSideCartConfirms(sideCart !== null), [sideCart])
  const submitButton = useRef<HTMLButtonElement>(null)
  const submitted = useRef(false)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      submitted.current = true
      return
    }
    if (!submitted.current) return
    submitted.current = false
    // A 400 answers with the conform reply (field errors); a success redirects, leaving no data.
    const refused = Object.values(fetcher.data?.error ?? {}).some((errors) => errors && errors.length > 0)
    if (!refused) sideCart?.open(submitButton.current)
  }, [fetcher.state, fetcher.data, sideCart])
  const buyable = !price.onRequest && availability.state !== 'not-available'
  const hint =
    rules.max !== undefined
      ? t('buy.quantityHintMax', { min: rules.min, step: rules.step, max: rules.max })
      : t('buy.quantityHint', { min: rules.min, step: rules.step })
  const action = `${location.pathname}${location.search}`

  return (
    <section className="buy-box" id="buy-box" data-testid="buy-box" aria-labelledby="buy-box-title">
      <h2 id="buy-box-title" className="visually-hidden">
        {t('buy.label')}
      </h2>
      {price.onRequest ? (
        <div className="buy-price buy-price-on-request">
          <p className="price-on-request">{t('buy.onRequest')}</p>
          <p>{t('buy.onRequestText')}</p>
          <PriceRequestLink locale={locale} productId={productId} />
        </div>
      ) : (
        <div className="buy-price">
          {reseller ? <p className="price-kind">{t('price.reseller')}</p> : null}
          <p className="price-current">
            {reseller ? null : (
              <>
                <span className="price-label">{t('buy.price')}</span>{' '}
              </>
            )}
            <strong data-testid="unit-price">{formatPrice(locale, price.unitPrice ?? 0)}</strong>
            {price.savingPercent ? (
              <>
                {' '}
                <span className="price-discount" data-testid="discount">
                  {t('price.discount', { percent: price.savingPercent })}
                </span>
              </>
            ) : null}
          </p>
          {price.listPrice !== undefined ? (
            <p className="price-list">
              <span className="price-label">{t(reseller ? 'price.normal' : 'buy.listPrice')}</span>{' '}
              <s data-testid="list-price">{formatPrice(locale, price.listPrice)}</s>
              {price.savingPercent !== undefined ? (
                <span className="price-saving">
                  {' '}
                  {t('price.savingAmount', {
                    amount: formatPrice(locale, Math.round((price.listPrice - (price.unitPrice ?? 0)) * 100) / 100),
                    percent: price.savingPercent,
                  })}
                </span>
              ) : null}
            </p>
          ) : null}
          <p className="price-note">{t(priceNoteKey(taxFree, shippingFree))}</p>
          {price.tiers.length ? <TierTable tiers={price.tiers} locale={locale} /> : null}
        </div>
      )}
      {price.onRequest ? null : <ResellerNote locale={locale} />}
      <p className="buy-availability">
        <AvailabilityText availability={availability} />
        {deliveryTime && buyable ? <span className="delivery-time"> · {t('buy.deliveryTime', { time: deliveryTime })}</span> : null}
      </p>
      {buyable ? (
        <fetcher.Form method="post" action={action} className="add-to-cart" preventScrollReset {...getFormProps(form)}>
          <input type="hidden" name="intent" value="add-to-cart" />
          {sideCartConfirms ? <input type="hidden" name="confirmation" value="side-cart" /> : null}
          <input {...getInputProps(fields.productId, { type: 'hidden' })} key={fields.productId.key} />
          {/* The target of the page's skip link to add to cart (app/lib/skip-links.ts). */}
          <div className="quantity-field" id={ADD_TO_CART_ID}>
            <label htmlFor={fields.quantity.id}>{t('buy.quantity')}</label>
            <input
              {...getInputProps(fields.quantity, { type: 'number' })}
              key={fields.quantity.key}
              min={rules.min}
              step={rules.step}
              max={rules.max}
              inputMode="numeric"
              aria-describedby={`${fields.quantity.descriptionId} ${fields.quantity.errorId}`}
            />
            <p id={fields.quantity.descriptionId} className="field-hint">
              {hint}
            </p>
            <p id={fields.quantity.errorId} className="field-error" role="alert">
              {quantityErrors.map((key) => t(key, { min: rules.min, step: rules.step, max: rules.max })).join(' ')}
            </p>
          </div>
          <button type="submit" ref={submitButton} className="btn btn-large btn-primary" disabled={fetcher.state !== 'idle'}>
            {fetcher.state !== 'idle' ? t('buy.submitting') : t('buy.submit')}
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  )
}
