// The cross-tab channel of CartSync (cart-sync.tsx): what tabs tell each other, and what a tab hears before it hydrates.

/** The channel's name; one per shop origin (BroadcastChannel is same-origin by nature). */
export const CART_SYNC_CHANNEL = 'forst-shop-session'

/**
 * What tabs tell each other: only that something changed and the new count or login state — never a
 * token or anything personal. The receiving tab asks its own server (revalidation), which reads the
 * shared httpOnly session cookie.
 */
export type CartSyncMessage = { type: 'cart'; count: number } | { type: 'session'; loggedIn: boolean }

export function isCartSyncMessage(value: unknown): value is CartSyncMessage {
  if (!value || typeof value !== 'object') return false
  const m = value as Record<string, unknown>
  return (m.type === 'cart' && typeof m.count === 'number') || (m.type === 'session' && typeof m.loggedIn === 'boolean')
}

// What other tabs said before this page hydrated, the latest of each kind (listenBeforeHydration).
const heardBeforeHydration = new Map<CartSyncMessage['type'], CartSyncMessage>()
let channelBeforeHydration: BroadcastChannel | null = null

/**
 * A page hydrates only once the shopper interacts with it (app/entry.client.tsx); a tab left alone
 * meanwhile must still learn of another tab's change. The entry starts this at load; CartSync
 * (cart-sync.tsx) takes over the news when it mounts. Kept apart from CartSync so that the entry
 * loads no React code for it.
 */
export function listenBeforeHydration() {
  if (typeof BroadcastChannel === 'undefined') return
  channelBeforeHydration = new BroadcastChannel(CART_SYNC_CHANNEL)
  channelBeforeHydration.onmessage = (event: MessageEvent<unknown>) => {
    if (isCartSyncMessage(event.data)) heardBeforeHydration.set(event.data.type, event.data)
  }
}

/** What listenBeforeHydration heard, once; it stops listening. */
export function takeNewsBeforeHydration(): CartSyncMessage[] {
  channelBeforeHydration?.close()
  channelBeforeHydration = null
  const news = [...heardBeforeHydration.values()]
  heardBeforeHydration.clear()
  return news
}
