import { useTranslation } from '~/lib/use-translation'
import { formatDecimal } from '~/lib/format'
import type { Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { CartTotalsView } from '~/store/cart.server'

export interface TotalsRow {
  /** i18n key in namespace cart. */
  key: string
  values?: Record<string, string | number>
  amount: number
  kind: 'net' | 'shipping' | 'tax' | 'total' | 'subtotal'
}

/** The rate as the page language writes it: 19, 7, 10,7 (de/fr) or 10.7 (en). */
export function formatRate(locale: Locale, rate: number): string {
  return formatDecimal(locale, rate, 2)
}

/**
 * The rows of the totals block, in the order a B2B invoice reads: net positions, shipping (net),
 * the net sum, VAT per rate, the total including VAT. A tax-free delivery names its 0 % VAT, as its
 * invoice must. `subtotal` is the side cart's short form.
 */
export function totalsRows(totals: CartTotalsView, locale: Locale, variant: 'full' | 'subtotal' = 'full'): TotalsRow[] {
  if (variant === 'subtotal') return [{ key: 'totals.subtotal', amount: totals.positionPrice, kind: 'subtotal' }]
  const vat: TotalsRow[] = totals.taxFree
    ? [{ key: 'totals.taxFree', amount: 0, kind: 'tax' }]
    : totals.taxes.map((tax) => ({ key: 'totals.tax', values: { rate: formatRate(locale, tax.rate) }, amount: tax.tax, kind: 'tax' }))
  return [
    { key: 'totals.positions', amount: totals.positionPrice, kind: 'net' },
    { key: 'totals.shipping', amount: totals.shippingCosts, kind: 'shipping' },
    { key: 'totals.net', amount: totals.netPrice, kind: 'net' },
    ...vat,
    { key: totals.taxFree ? 'totals.totalTaxFree' : 'totals.total', amount: totals.totalPrice, kind: 'total' },
  ]
}

/**
 * Totals of a cart or an order (cart page, checkout, success page, order details, side cart).
 * A description list: every label is read with its amount; amounts align right for comparison.
 */
export function CartTotals({
  totals,
  locale,
  variant = 'full',
  className,
}: {
  totals: CartTotalsView
  locale: Locale
  variant?: 'full' | 'subtotal'
  className?: string
}) {
  const { t } = useTranslation('cart')
  const rows = totalsRows(totals, locale, variant)
  const list = (
    <dl className={['cart-totals', className].filter(Boolean).join(' ')}>
      {rows.map((row, index) => (
        <div key={`${row.key}-${index}`} className={`cart-totals-row cart-totals-${row.kind}`}>
          <dt>{t(row.key, row.values ?? {})}</dt>
          <dd>
            {row.kind === 'shipping' && row.amount === 0 ? t('totals.shippingFree') : formatPrice(locale, row.amount)}
          </dd>
        </div>
      ))}
    </dl>
  )
  if (variant === 'full' && !totals.taxFree) return list
  return (
    <div className={variant === 'full' ? undefined : 'cart-totals-subtotal'}>
      {list}
      <p className="cart-totals-note">
        {t(variant === 'full' ? 'totals.taxFreeNote' : totals.taxFree ? 'totals.subtotalNoteTaxFree' : 'totals.subtotalNote')}
      </p>
    </div>
  )
}
