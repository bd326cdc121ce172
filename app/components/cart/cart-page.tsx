import type { SubmissionResult } from '@conform-to/react'
import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { CartLine, useCartReply } from '~/components/cart/cart-line'
import { CartNotices, type CartNotice } from '~/components/cart/cart-notices'
import { CartTotals } from '~/components/cart/cart-totals'
import { AppliedPromotions, PromotionForm } from '~/components/cart/promotion-form'
import { QuickOrderForm } from '~/components/cart/quick-order-form'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { localizePath, type Locale } from '~/lib/locale'
import type { CartView } from '~/store/cart.server'

function EmptyCart({ locale }: { locale: Locale }) {
  const { t } = useTranslation('cart')
  return (
    <div className="cart-empty" data-testid="cart-empty">
      <svg className="cart-empty-icon" aria-hidden="true" focusable="false" width="56" height="56" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.2l.9 2H21l-3.2 8.2A2 2 0 0 1 16 13.5H8.1l-.9 1.5H19v2H5.6l2-3.5L4 4H3V2Z"
        />
      </svg>
      <p className="cart-empty-title">{t('page.emptyTitle')}</p>
      <p>{t('page.emptyText')}</p>
      <ButtonLink to={localizePath(locale, '/')} size="large">
        {t('page.continueShopping')}
      </ButtonLink>
    </div>
  )
}

/** The cart page (spec section 6): lines, quick order, promotion codes, totals and the way to the checkout. */
export function CartPage({
  locale,
  cart,
  notices,
  quickOrder,
}: {
  locale: Locale
  cart: CartView
  notices: CartNotice[]
  /** The quick order's lines the store could not take, back from the last order (see QuickOrderForm). */
  quickOrder?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation('cart')
  const location = useLocation()
  const action = `${location.pathname}${location.search}`
  const heading = useRef<HTMLHeadingElement>(null)
  // After a line was removed with JavaScript its button is gone: the keyboard focus moves to the
  // next line's quantity, or to the heading when none is left, instead of falling back to the page start.
  const [removedAt, setRemovedAt] = useState<number | undefined>(undefined)
  const promotionReply = useCartReply('promotion-add', undefined)
  const lineIds = cart.lines.map((l) => l.id).join(',')
  useEffect(() => {
    if (removedAt === undefined) return
    const next = document.querySelectorAll<HTMLInputElement>('.cart-line .cart-quantity-input')[removedAt] ??
      document.querySelectorAll<HTMLInputElement>('.cart-line .cart-quantity-input')[removedAt - 1]
    ;(next ?? heading.current)?.focus()
    setRemovedAt(undefined)
    // Runs when the lines changed after a removal.
  }, [lineIds])

  return (
    <div className="cart-page">
      <div className="cart-heading">
        <h1 ref={heading} tabIndex={-1}>
          {t('page.heading')}
        </h1>
        {!cart.isEmpty ? <p className="cart-count">{t('page.itemCount', { count: cart.count })}</p> : null}
      </div>
      <CartNotices notices={notices} />
      {cart.isEmpty ? (
        <div className="cart-layout cart-layout-empty">
          <EmptyCart locale={locale} />
          <QuickOrderForm action={action} leftOver={quickOrder} />
          {/* A code sent from a page whose cart was emptied meanwhile (another tab): its answer needs its field. */}
          {promotionReply ? <PromotionForm action={action} /> : null}
        </div>
      ) : (
        <div className="cart-layout">
          <div className="cart-main">
            <section aria-labelledby="cart-lines-title">
              <h2 id="cart-lines-title" className="visually-hidden">
                {t('line.caption')}
              </h2>
              <div className="cart-lines-head" aria-hidden="true">
                <span>{t('line.product')}</span>
                <span>{t('line.quantity')}</span>
                <span className="cart-lines-head-amount">{t('line.totalPrice')}</span>
              </div>
              <ul className="cart-lines">
                {cart.lines.map((line, index) => (
                  <CartLine key={line.id} line={line} locale={locale} action={action} onRemove={() => setRemovedAt(index)} />
                ))}
              </ul>
              <p className="cart-net-note">{t(cart.totals.taxFree ? 'page.netNoteTaxFree' : 'page.netNote')}</p>
            </section>
          </div>
          <aside className="cart-summary" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-section-title">
              {t('page.summary')}
            </h2>
            <div className="cart-promotion-box">
              <AppliedPromotions promotions={cart.promotions} locale={locale} action={action} />
              <PromotionForm action={action} />
            </div>
            <CartTotals totals={cart.totals} locale={locale} />
            {cart.blocking ? (
              <>
                <p id="cart-blocked" className="cart-blocked">
                  {t('page.blocked')}
                </p>
                {/* Not a link while the store would refuse the order: the reason is right above it. */}
                <button type="button" className={buttonClass({ size: 'large' }, 'cart-checkout is-disabled')} aria-disabled="true" aria-describedby="cart-blocked">
                  {t('page.toCheckout')}
                </button>
              </>
            ) : (
              <ButtonLink to={localizePath(locale, '/checkout')} size="large" className="cart-checkout">
                {t('page.toCheckout')}
              </ButtonLink>
            )}
            <ButtonLink to={localizePath(locale, '/')} variant="text" className="cart-continue">
              {t('page.continueShopping')}
            </ButtonLink>
          </aside>
          {/* After the summary, so a phone reaches "to checkout" right below the lines; on wide screens it sits under the lines. */}
          <QuickOrderForm action={action} leftOver={quickOrder} />
        </div>
      )}
    </div>
  )
}
