import { Form, Link } from '@remix-run/react'
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useSideCart } from '~/components/cart/side-cart'
import { SearchCombobox } from '~/components/search/search-combobox'
import { localizePath, type Locale } from '~/lib/locale'
import type { NavLink } from '~/lib/shell-types'
import { WishlistLink } from '~/components/wishlist/wishlist-heart'
import { CartIcon, SearchIcon, UserIcon } from './icons'
import { LanguageSwitcher } from './language-switcher'
import { Logo } from './logo'
import { MainNavigation } from './main-navigation'
import { MobileMenu } from './mobile-menu'
import { badgeText } from '~/lib/badge'
import { HydrationSlice } from '~/components/ui/hydration-slice'

// Decorative, like the icons in ./icons: the button's label names it.
function LogoutIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5" />
      <path d="M21 12H9" />
    </svg>
  )
}

interface HeaderProps {
  locale: Locale
  navigation: NavLink[]
  languagePaths: Record<Locale, string>
  cartCount: number
  /** Current search term, so the field keeps it on the results page. */
  searchTerm?: string
  /** The logged-in customer (spec section 4: id, active, not a guest); absent for everyone else. */
  customer?: { firstName?: string }
  /** Rendered first inside the header landmark (the loading bar). */
  children?: ReactNode
}

export function Header({ locale, navigation, languagePaths, cartCount, searchTerm, customer, children }: HeaderProps) {
  const { t } = useTranslation(['common', 'auth'])
  return (
    <header className="site-header">
      {children}
      <HydrationSlice>
        <div className="header-top">
          <div className="container header-top-inner">
            <p className="header-tagline">{t('shop.tagline')}</p>
            <LanguageSwitcher locale={locale} paths={languagePaths} />
          </div>
        </div>
      </HydrationSlice>
      <div className="container header-main">
        <HydrationSlice>
          <MobileMenu links={navigation} />
        </HydrationSlice>
        <Logo locale={locale} />
        <HydrationSlice>
          <Form method="get" action={localizePath(locale, '/search')} role="search" className="header-search">
            <label htmlFor="header-search-input" className="visually-hidden">
              {t('header.search.label')}
            </label>
            {/* Suggestions while typing with JS; without it the form simply submits to /search. */}
            <SearchCombobox
              key={searchTerm}
              locale={locale}
              inputId="header-search-input"
              defaultValue={searchTerm}
              placeholder={t('header.search.placeholder')}
            />
            <button type="submit" className="header-search-submit">
              <SearchIcon />
              <span className="visually-hidden">{t('header.search.submit')}</span>
            </button>
          </Form>
        </HydrationSlice>
        <HydrationSlice>
          <nav className="user-nav" aria-label={t('header.userNavigation')}>
            <ul>
              {customer ? (
                <>
                  <li>
                    <Link to={localizePath(locale, '/account')} className="user-nav-link" data-testid="header-account">
                      <UserIcon />
                      <span className="user-nav-label">
                        {customer.firstName ? t('auth:header.account', { name: customer.firstName }) : t('auth:header.accountLabel')}
                      </span>
                    </Link>
                  </li>
                  <li>
                    {/* Logging out changes state, so it is a POST (a link could be followed by prefetchers). */}
                    <Form method="post" action={localizePath(locale, '/logout')} className="logout-form">
                      <button type="submit" className="user-nav-link user-nav-button">
                        <LogoutIcon />
                        <span className="user-nav-label">{t('auth:header.logout')}</span>
                      </button>
                    </Form>
                  </li>
                </>
              ) : (
                <li>
                  <Link to={localizePath(locale, '/login')} className="user-nav-link" data-testid="header-login">
                    <UserIcon />
                    <span className="user-nav-label">{t('auth:header.login')}</span>
                  </Link>
                </li>
              )}
              <li>
                <WishlistLink locale={locale} label={t('header.wishlist')} />
              </li>
              <li>
                <CartLink locale={locale} count={cartCount} />
              </li>
            </ul>
          </nav>
        </HydrationSlice>
      </div>
      <HydrationSlice>
        <div className="header-nav">
          <div className="container">
            <MainNavigation links={navigation} />
          </div>
        </div>
      </HydrationSlice>
    </header>
  )
}

/**
 * The cart control: a link to the cart page (so it works without JavaScript and opens in a new tab on
 * a modified click); with JavaScript a plain click opens the side cart instead.
 */
function CartLink({ locale, count }: { locale: Locale; count: number }) {
  const { t } = useTranslation('common')
  const sideCart = useSideCart()
  // Announced as opening a dialog only once the script that opens it runs (same HTML on the server).
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(sideCart !== null), [sideCart])
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!sideCart || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    sideCart.open(event.currentTarget)
  }
  return (
    <Link
      to={localizePath(locale, '/checkout/cart')}
      className="user-nav-link cart-link"
      onClick={onClick}
      aria-haspopup={enhanced ? 'dialog' : undefined}
      data-testid="header-cart"
    >
      <CartIcon />
      <span className="user-nav-label" aria-hidden="true">
        {t('header.cart')}
      </span>
      <span className="visually-hidden">{t('header.cartCount', { count })}</span>
      <span className="cart-badge" aria-hidden="true" data-count={count}>
        {badgeText(count)}
      </span>
    </Link>
  )
}

/** When the root loader failed (maintenance, store down) there is no navigation to show. */
export function MinimalHeader({
  locale,
  languagePaths,
  children,
}: Pick<HeaderProps, 'locale' | 'languagePaths' | 'children'>) {
  return (
    <header className="site-header site-header-minimal">
      {children}
      <div className="container header-main">
        <Logo locale={locale} />
        <LanguageSwitcher locale={locale} paths={languagePaths} />
      </div>
    </header>
  )
}
