import { data, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { getLocaleFromPath, localizePath, stripLocale } from '~/lib/locale'
import { CHECKOUT_HEADERS } from '~/store/cart.server'

/** Cart, checkout and the order confirmation are personal: never stored by a browser or a CDN. */
export function loader({ request }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  return data({ locale }, { headers: CHECKOUT_HEADERS })
}

// A page below this layout that exports no headers of its own still answers uncacheable.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

const steps = ['cart', 'checkout', 'done'] as const
type Step = (typeof steps)[number]

/** The step of the focused flow a path belongs to (cart → address/payment → confirmation). */
export function checkoutStep(pathname: string): Step {
  const path = stripLocale(pathname)
  if (path.startsWith('/checkout/cart')) return 'cart'
  if (path.startsWith('/checkout/success') || path.startsWith('/checkout/finish')) return 'done'
  return 'checkout'
}

/**
 * The focused layout of the purchase (spec: cart and checkout keep the shop header, nothing that
 * leads away besides it): a progress line that tells the shopper where they are, then the page.
 */
export default function CheckoutLayout() {
  const { locale } = useLoaderData<typeof loader>()
  const { t } = useTranslation('cart')
  const current = checkoutStep(useLocation().pathname)
  const currentIndex = steps.indexOf(current)
  return (
    <div className="checkout-layout">
      <nav className="checkout-steps" aria-label={t('layout.steps.label')}>
        <ol>
          {steps.map((step, index) => {
            const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next'
            return (
              <li key={step} className={`checkout-step checkout-step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="checkout-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                {/* Back to the cart is always allowed before the order exists; forward steps are not links. */}
                {step === 'cart' && current === 'checkout' ? (
                  <Link to={localizePath(locale, '/checkout/cart')}>{t(`layout.steps.${step}`)}</Link>
                ) : (
                  <span>{t(`layout.steps.${step}`)}</span>
                )}
              </li>
            )
          })}
        </ol>
      </nav>
      <div className="checkout-content">
        <Outlet />
      </div>
    </div>
  )
}
