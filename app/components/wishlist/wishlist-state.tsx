import { useRouteLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { useClientStore } from '~/lib/use-hydrated'
import { HEX_ID } from '~/lib/hex-id'

/** The cookie app/session/wishlist.server.ts writes: `id.id.….signature`. */
const COOKIE_NAME = 'wishlist'

/** The raw value of the wishlist cookie in a Cookie header ('' without one). */
function rawWishlistCookie(cookieHeader: string): string {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === COOKIE_NAME) return rest.join('=')
  }
  return ''
}

/**
 * The ids in the browser's wishlist cookie. The signature is the server's business (it checks it
 * before trusting the list); here the ids only decide which hearts are filled.
 */
export function wishlistIdsFromCookie(cookieHeader: string): string[] {
  const pieces = rawWishlistCookie(cookieHeader).split('.')
  pieces.pop()
  return pieces.length && pieces.every((id) => HEX_ID.test(id)) ? pieces : []
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

let changes: Promise<void> = Promise.resolve()

/**
 * Runs wishlist changes one after the other. A visitor's list is a cookie the server rewrites
 * whole, so two changes in flight at once would both start from the old list and the later answer
 * would drop the earlier change (two hearts clicked quickly on a slow connection).
 */
export function queueWishlistChange(change: () => Promise<void>): void {
  changes = changes.then(change, change)
}

/** Tells every heart and the header count that the cookie changed (a fetcher's answer set it). */
export function wishlistCookieChanged(): void {
  for (const listener of listeners) listener()
}

let cookieRead: string | undefined

/**
 * A string snapshot compares by value, so an unchanged cookie causes no re-render. Each read of
 * document.cookie goes to the browser's cookie store, and every heart reads several times per
 * render: one read serves the whole synchronous render it happens in.
 */
function clientSnapshot(): string {
  if (cookieRead === undefined) {
    cookieRead = rawWishlistCookie(document.cookie)
    queueMicrotask(() => (cookieRead = undefined))
  }
  return cookieRead
}
// The server's HTML is the same for every visitor: the list is unknown until hydration.
const serverSnapshot = () => null

/**
 * Which products are on the viewer's wishlist, for the hearts and the header count; undefined
 * while unknown. A logged-in customer's list comes from the root loader (it follows every
 * revalidation). For everyone else it is read from the cookie after hydration, so the
 * server-rendered HTML stays the same for all visitors and catalogue pages stay cacheable
 * (docs/decisions/004).
 */
export function useWishlistIds(): ReadonlySet<string> | undefined {
  const accountIds = useRouteLoaderData<{ wishlistIds?: string[] }>('root')?.wishlistIds
  const raw = useClientStore(subscribe, clientSnapshot, serverSnapshot)
  const key = accountIds !== undefined ? `account:${accountIds.join('.')}` : raw === null ? undefined : `cookie:${raw}`
  return useMemo(() => {
    if (key === undefined) return undefined
    if (key.startsWith('account:')) return new Set(key.slice('account:'.length).split('.').filter(Boolean))
    return new Set(wishlistIdsFromCookie(`${COOKIE_NAME}=${key.slice('cookie:'.length)}`))
  }, [key])
}
