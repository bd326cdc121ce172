import { Link, useFetcher, useLocation, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { useHydrated } from '~/lib/use-hydrated'
import { HeartIcon } from '~/components/shell/icons'
import { localizePath, type Locale } from '~/lib/locale'
import { queueWishlistChange, useWishlistIds, wishlistCookieChanged } from './wishlist-state'
import { badgeText } from '~/lib/badge'

/** What the wishlist action answers a heart submitted in place (JavaScript); without it the action redirects. */
export type HeartActionData =
  | { productId: string; onList: boolean }
  /** Refused; the reason arrives as a notification (flash) with the revalidation. */
  | { productId: string; error: string }

/** Both outlines of the heart; CSS fills it when the button is pressed. */
function Heart() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className="wishlist-heart-icon">
      <path
        d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10Z"
        strokeWidth="2"
        strokeLinejoin="round"
        stroke="currentColor"
      />
    </svg>
  )
}

/**
 * The heart on product cards and the product page: a POST form to /wishlist (works without
 * JavaScript: the action answers 303 back to this page with a notification). With JavaScript a
 * fetcher toggles in place; the pressed state changes at once and settles on the server's answer.
 * Before the list is known (a cacheable page before hydration, and always without JavaScript) the
 * button has no pressed state rather than a wrong one, and it only adds: a heart that looks empty
 * must not take a product off the list. Removing is then done on /wishlist. Its accessible name
 * names the product.
 */
export function WishlistHeart({ productId, name, locale, className }: { productId: string; name: string; locale: Locale; className?: string }) {
  const { t } = useTranslation('wishlist')
  const fetcher = useFetcher<HeartActionData>()
  const ids = useWishlistIds()
  const hydrated = useHydrated()
  const location = useLocation()
  const loggedIn = !!(useRouteLoaderData('root') as { customer?: unknown } | undefined)?.customer
  const answer = fetcher.data && fetcher.data.productId === productId ? fetcher.data : undefined

  // The answer set the visitor's cookie: every heart and the header count read it again.
  useEffect(() => {
    if (answer && 'onList' in answer) wishlistCookieChanged()
  }, [answer])

  // Resolves the queued change once the action has answered (its Set-Cookie is then in place).
  const answered = useRef<() => void>()
  const [queued, setQueued] = useState(false)
  useEffect(() => {
    if (fetcher.state === 'submitting') setQueued(false)
    else if (answered.current) {
      answered.current()
      answered.current = undefined
    }
  }, [fetcher.state])
  // Leaving the page must not hold up the changes of the next one.
  useEffect(() => () => answered.current?.(), [])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setQueued(true)
    queueWishlistChange(
      () =>
        new Promise<void>((resolve) => {
          answered.current = resolve
          fetcher.submit(form)
        }),
    )
  }

  const onList = ids?.has(productId)
  let pressed = onList
  if (onList !== undefined && (queued || fetcher.state === 'submitting')) pressed = !onList
  else if (fetcher.state === 'loading' && answer && 'onList' in answer) pressed = answer.onList

  return (
    <fetcher.Form
      method="post"
      action={localizePath(locale, '/wishlist')}
      className={['wishlist-heart-form', className].filter(Boolean).join(' ')}
      preventScrollReset
      onSubmit={submit}
    >
      <input type="hidden" name="intent" value={onList === undefined ? 'add' : 'toggle'} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="inPlace" value="1" /> : null}
      {loggedIn ? <input type="hidden" name="asCustomer" value="1" /> : null}
      <button type="submit" className="wishlist-heart" aria-pressed={pressed} data-testid="wishlist-heart">
        <Heart />
        <span className="visually-hidden">{t('heart.label', { name })}</span>
      </button>
    </fetcher.Form>
  )
}

/** The header's link to /wishlist with the number of products once it is known (see WishlistProvider). */
export function WishlistLink({ locale, label }: { locale: Locale; label: string }) {
  const { t } = useTranslation('wishlist')
  const ids = useWishlistIds()
  const count = ids?.size
  return (
    <Link to={localizePath(locale, '/wishlist')} className="user-nav-link wishlist-link" data-testid="header-wishlist">
      <HeartIcon />
      <span className="user-nav-label" aria-hidden={count !== undefined ? true : undefined}>
        {label}
      </span>
      {count !== undefined ? (
        <>
          <span className="visually-hidden">{t('header.count', { count })}</span>
          <span className="wishlist-badge" aria-hidden="true" data-count={count} data-testid="wishlist-count">
            {badgeText(count)}
          </span>
        </>
      ) : null}
    </Link>
  )
}
