import { useRouteLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from '~/lib/use-translation'
import { localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import { PRICE_AUDIENCES, type PriceAudience } from '~/lib/price'

/** Who the page's prices are for, as the root loader read it from the session (visitor without one). */
export function usePriceAudience(): PriceAudience {
  const root = useRouteLoaderData('root') as { priceAudience?: unknown } | undefined
  const audience = root?.priceAudience
  return PRICE_AUDIENCES.includes(audience as PriceAudience) ? (audience as PriceAudience) : 'visitor'
}

/** Whether the session's deliveries carry no VAT (root loader); anonymous pages never do. */
export function useTaxFree(): boolean {
  const root = useRouteLoaderData('root') as { taxFree?: unknown } | undefined
  return root?.taxFree === true
}

export interface CardPriceProps {
  locale: Locale
  unitPrice: number
  listPrice?: number
  savingPercent?: number
  /** Variants or tiers differ: the amount is the lowest ("from"). */
  from?: boolean
  className?: string
}

/**
 * The price on a product tile (listings, CMS boxes and sliders, cross-selling, last viewed): the
 * amount, and when the store names a higher one, that price struck through with the saving. For a
 * reseller the amount is labelled as the reseller price and the struck price as the normal price.
 */
export function CardPrice({ locale, unitPrice, listPrice, savingPercent, from, className }: CardPriceProps) {
  const { t } = useTranslation('product')
  const reseller = usePriceAudience() === 'reseller'
  const taxFree = useTaxFree()
  return (
    <div className={`cms-product-price card-price${className ? ` ${className}` : ''}`} data-price={unitPrice}>
      {reseller ? <p className="price-kind">{t('price.reseller')}</p> : null}
      <p className="card-price-amount">
        {reseller ? null : <span className="visually-hidden">{t('price.yours')}: </span>}
        {from ? <span>{t('price.from')} </span> : null}
        <strong data-testid="card-unit-price">{formatPrice(locale, unitPrice)}</strong>
      </p>
      {listPrice !== undefined ? (
        <p className="card-price-was">
          <span className="price-was-label">{t(reseller ? 'price.normal' : 'price.previousShort')}</span>{' '}
          <s data-testid="card-list-price">{formatPrice(locale, listPrice)}</s>
          {savingPercent ? (
            <>
              {' '}
              <span className="price-discount" data-testid="card-discount">
                {t('price.discount', { percent: savingPercent })}
              </span>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="card-price-note">
        <small>{t(taxFree ? 'price.netNoteTaxFree' : 'price.netNote')}</small>
      </p>
    </div>
  )
}

/**
 * What the price block says about reseller prices: visitors are invited to log in or register, a
 * registered reseller whose account is not approved yet is told why the prices are normal ones.
 * Logged-in customers without a reseller request and resellers themselves get no note.
 */
export function ResellerNote({ locale }: { locale: Locale }) {
  const { t } = useTranslation('product')
  const audience = usePriceAudience()
  if (audience === 'visitor') {
    return (
      <p className="reseller-note">
        <Trans
          t={t}
          i18nKey="buy.resellerNote"
          components={{
            login: <a href={localizePath(locale, '/login')} />,
            register: <a href={localizePath(locale, '/register')} />,
          }}
        />
      </p>
    )
  }
  if (audience === 'reseller-pending') return <p className="reseller-note reseller-note-pending">{t('price.pendingNote')}</p>
  return null
}
