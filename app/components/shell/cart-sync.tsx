import { useRevalidator, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { CART_SYNC_CHANNEL, isCartSyncMessage, takeNewsBeforeHydration, type CartSyncMessage } from './cart-sync-channel'

/**
 * Cross-tab sync (spec section 4, 'cross-tab sharing'). Watches the root loader's cart count and
 * login state: when they change in this tab (an add, a side-cart change, a login or logout), the
 * other open tabs hear it and revalidate, so their header count and side cart follow. A change that
 * came from another tab is not echoed back. Renders nothing; without JavaScript there are no tabs to sync.
 */
export function CartSync() {
  const root = useRouteLoaderData<{ cartCount?: number; customer?: unknown }>('root')
  const count = root?.cartCount ?? 0
  const loggedIn = !!root?.customer
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const channel = useRef<BroadcastChannel | null>(null)
  const seen = useRef<{ count: number; loggedIn: boolean } | null>(null)
  // What another tab last announced: reaching that state here is its echo, not news.
  const heard = useRef<{ count?: number; loggedIn?: boolean }>({})
  const current = useRef({ count, loggedIn })
  current.current = { count, loggedIn }

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return
    const bc = new BroadcastChannel(CART_SYNC_CHANNEL)
    channel.current = bc
    const hear = (message: CartSyncMessage) => {
      if (message.type === 'cart') {
        // Already there (this tab made the same change, or has revalidated since): nothing to do.
        if (message.count === current.current.count) return
        heard.current.count = message.count
      } else {
        if (message.loggedIn === current.current.loggedIn) return
        heard.current.loggedIn = message.loggedIn
      }
      revalidate.current()
    }
    bc.onmessage = (event: MessageEvent<unknown>) => {
      if (isCartSyncMessage(event.data)) hear(event.data)
    }
    for (const message of takeNewsBeforeHydration()) hear(message)
    return () => {
      bc.close()
      channel.current = null
    }
  }, [])

  useEffect(() => {
    const before = seen.current
    seen.current = { count, loggedIn }
    // The first render is this tab's starting point, not a change.
    if (!before) return
    if (before.loggedIn !== loggedIn) {
      if (heard.current.loggedIn !== loggedIn) channel.current?.postMessage({ type: 'session', loggedIn } satisfies CartSyncMessage)
      heard.current = {}
      return
    }
    if (before.count !== count) {
      if (heard.current.count !== count) channel.current?.postMessage({ type: 'cart', count } satisfies CartSyncMessage)
      heard.current.count = undefined
    }
  }, [count, loggedIn])

  return null
}
