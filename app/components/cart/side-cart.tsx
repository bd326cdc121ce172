import { Link, useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { ProductImage } from '~/components/product-image'
import { CloseIcon } from '~/components/shell/icons'
import { getLocaleFromPath, localizePath, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { SideCartData } from '~/routes/side-cart'
import type { CartLineView } from '~/store/cart.server'
import { Button, ButtonLink, IconButton, buttonClass } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import { CartTotals } from './cart-totals'
import { VariantOptions } from '~/components/ui/variant-options'

interface SideCartControl {
  /** Opens the side cart; focus returns to `trigger` (else the element focused now) when it closes. */
  open: (trigger?: HTMLElement | null) => void
  close: () => void
  isOpen: boolean
}

const SideCartContext = createContext<SideCartControl | null>(null)

/** The side cart's controls; null outside the provider (the page then keeps its no-JS behaviour). */
export function useSideCart(): SideCartControl | null {
  return useContext(SideCartContext)
}

/** The header count, as the root loader answered it (also the signal that the cart changed). */
function useRootCartCount(): number {
  const root = useRouteLoaderData<{ cartCount?: number }>('root')
  return root?.cartCount ?? 0
}

/**
 * Holds whether the side cart is open and renders it (a modal <dialog>: focus moves in, Escape and
 * the close button close it, the page behind is inert, focus goes back to what opened it). Only
 * ever opened by script: without JavaScript the header's cart control is a link to the cart page.
 */
export function SideCartProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false)
  const trigger = useRef<HTMLElement | null>(null)
  const open = useCallback((from?: HTMLElement | null) => {
    trigger.current = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    setOpen(true)
  }, [])
  const close = useCallback(() => setOpen(false), [])
  const control = useMemo(() => ({ open, close, isOpen }), [open, close, isOpen])
  return (
    <SideCartContext.Provider value={control}>
      {children}
      <SideCartDialog isOpen={isOpen} onClose={close} trigger={trigger} />
    </SideCartContext.Provider>
  )
}

function SideCartDialog({
  isOpen,
  onClose,
  trigger,
}: {
  isOpen: boolean
  onClose: () => void
  trigger: React.MutableRefObject<HTMLElement | null>
}) {
  const { t } = useTranslation('cart')
  const location = useLocation()
  const locale = getLocaleFromPath(location.pathname)
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const fetcher = useFetcher<SideCartData>({ key: 'side-cart' })
  const count = useRootCartCount()
  const load = fetcher.load
  const href = localizePath(locale, '/side-cart')

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (isOpen && !element.open) {
      element.showModal()
      heading.current?.focus()
    } else if (!isOpen && element.open) {
      element.close()
    }
  }, [isOpen])

  // Fresh data each time it opens, and whenever the cart changed while it is open (a line changed
  // here, an add in the buy box, another tab: the root loader's count follows all of them).
  useEffect(() => {
    if (isOpen) load(href)
  }, [isOpen, count, href, load])

  // A new page (a link in the side cart) closes it.
  useEffect(() => {
    onClose()
  }, [location.pathname, onClose])

  const onDialogClose = () => {
    onClose()
    const back = trigger.current
    trigger.current = null
    if (back?.isConnected) back.focus()
  }

  const cart = fetcher.data?.cart
  const failed = fetcher.data?.failed === true
  return (
    <Dialog
      ref={dialog}
      placement="side"
      className="side-cart"
      titleId="side-cart-title"
      onClose={onDialogClose}
      // A click on the backdrop (outside the panel) closes it, as on every drawer.
      onClick={(event) => {
        if (event.target === dialog.current) onClose()
      }}
      data-testid="side-cart"
    >
      <div className="side-cart-panel">
        <header className="side-cart-header">
          <h2 id="side-cart-title" ref={heading} tabIndex={-1}>
            {t('sideCart.title')}
            {cart && !cart.isEmpty ? <span className="side-cart-count"> ({t('sideCart.itemCount', { count: cart.count })})</span> : null}
          </h2>
          <IconButton label={t('sideCart.close')} color="black" className="side-cart-close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </header>
        <div className="side-cart-body" aria-busy={fetcher.state !== 'idle'}>
          {cart ? (
            cart.isEmpty ? (
              <p className="side-cart-empty">{t('sideCart.empty')}</p>
            ) : (
              <ul className="side-cart-lines" aria-label={t('sideCart.lines')}>
                {cart.lines.map((line) => (
                  <SideCartLine key={line.id} line={line} locale={locale} onChanged={() => load(href)} />
                ))}
              </ul>
            )
          ) : failed ? (
            <p className="side-cart-empty">{t('sideCart.error')}</p>
          ) : (
            <p className="side-cart-empty" role="status">
              {t('sideCart.loading')}
            </p>
          )}
        </div>
        <footer className="side-cart-footer">
          {cart && !cart.isEmpty ? <CartTotals totals={cart.totals} locale={locale} variant="subtotal" /> : null}
          <div className="side-cart-actions">
            {cart && !cart.isEmpty ? (
              <>
                <ButtonLink to={localizePath(locale, '/checkout')} size="large">
                  {t('sideCart.toCheckout')}
                </ButtonLink>
                <ButtonLink to={localizePath(locale, '/checkout/cart')} variant="secondary">
                  {t('sideCart.toCart')}
                </ButtonLink>
              </>
            ) : (
              <Button variant="secondary" onClick={onClose}>
                {t('sideCart.continue')}
              </Button>
            )}
          </div>
        </footer>
      </div>
    </Dialog>
  )
}

/**
 * One line: picture, name, number, unit price, − / + and remove. Each is a POST to the cart page's
 * action (intents quantity and remove) through a fetcher, coming back to this page (redirectTo): the
 * root loader's count and this list update in place.
 */
function SideCartLine({ line, locale, onChanged }: { line: CartLineView; locale: Locale; onChanged: () => void }) {
  const { t } = useTranslation('cart')
  const location = useLocation()
  // A refused change answers 400 with the cart page's conform reply (field errors as message keys).
  const fetcher = useFetcher<{ reply?: { error?: Record<string, string[] | null> } }>()
  const busy = fetcher.state !== 'idle'
  const wasBusy = useRef(false)
  useEffect(() => {
    if (busy) wasBusy.current = true
    else if (wasBusy.current) {
      wasBusy.current = false
      onChanged()
    }
  }, [busy, onChanged])
  const action = localizePath(locale, '/checkout/cart')
  const redirectTo = `${location.pathname}${location.search}`
  const step = Math.max(1, line.purchaseSteps)
  const lower = line.quantity - step
  const higher = line.quantity + step
  const errors = Object.values(fetcher.data?.reply?.error ?? {})
    .flat()
    .filter((e): e is string => typeof e === 'string')
  const pending = fetcher.formData ? Number(fetcher.formData.get('quantity') ?? line.quantity) : line.quantity
  return (
    <li className="side-cart-line">
      <div className="side-cart-image">
        {line.image ? (
          <ProductImage src={line.image.url} alt={line.image.alt} width={72} height={72} sizes="72px" />
        ) : null}
      </div>
      <div className="side-cart-info">
        <Link to={line.href} className="side-cart-name">
          {line.label}
        </Link>
        <span className="side-cart-number">{t('sideCart.number', { number: line.productNumber })}</span>
        <VariantOptions options={line.options} className="side-cart-number" />
        <span className="side-cart-unit">
          {t('sideCart.unitPrice', { price: formatPrice(locale, line.unitPrice) })}
          {/* A reseller's or reduced price names the normal one, as the cart page does. */}
          {line.listPrice !== undefined ? (
            <>
              {' '}
              <s className="side-cart-list-price">{t('line.listPrice', { price: formatPrice(locale, line.listPrice) })}</s>
            </>
          ) : null}
        </span>
        {line.isDownload ? <span className="side-cart-number">{t('sideCart.download')}</span> : null}
        <fetcher.Form method="post" action={action} className="side-cart-quantity" preventScrollReset>
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="lineItemId" value={line.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            name="quantity"
            value={lower}
            className={buttonClass({ variant: 'text', color: 'black' }, 'btn-icon side-cart-step')}
            disabled={busy || lower < line.minPurchase}
            aria-label={t('sideCart.decrease', { name: line.label })}
          >
            −
          </button>
          <output className="side-cart-amount" aria-label={t('sideCart.quantityOf', { name: line.label, count: pending })}>
            {pending}
          </output>
          <button
            type="submit"
            name="quantity"
            value={higher}
            className={buttonClass({ variant: 'text', color: 'black' }, 'btn-icon side-cart-step')}
            disabled={busy || (line.maxPurchase > 0 && higher > line.maxPurchase)}
            aria-label={t('sideCart.increase', { name: line.label })}
          >
            +
          </button>
        </fetcher.Form>
        {errors.length ? (
          <p className="side-cart-error" role="alert">
            {errors.map((key) => t(key, { min: line.minPurchase, step, max: line.maxPurchase })).join(' ')}
          </p>
        ) : null}
      </div>
      <div className="side-cart-side">
        <strong className="side-cart-total">{formatPrice(locale, line.totalPrice)}</strong>
        {line.removable ? (
          <fetcher.Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineItemId" value={line.id} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button
              type="submit"
              size="small"
              variant="text"
              color="danger"
              className="side-cart-remove"
              disabled={busy}
              aria-label={t('sideCart.removeLabel', { name: line.label })}
            >
              {t('sideCart.remove')}
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
    </li>
  )
}
