import type { Schemas } from '@shopware/api-client/api-types'
import type { Store } from './client.server'

/** `GET /context` of the request's session; the store client reads it once per request. Call it only with a session. */
export async function sessionContext(store: Store): Promise<Schemas['SalesChannelContext']> {
  return (await store.invoke('readContext get /context', {})).data
}

/** The state of the request's session: anonymous without one, else as its context (read once per request) shows. */
export async function storeSessionState(store: Store): Promise<SessionState> {
  return store.hasSession ? sessionState((await sessionContext(store)).customer) : 'anonymous'
}

/** Spec section 4. */
export type SessionState = 'anonymous' | 'guest' | 'customer' | 'logged-in'

/**
 * Spec section 4: logged-in = has an id, is active and not a guest; customer session = has an id
 * and is not a guest (e.g. registered but not yet confirmed); guest session = the guest flag is set.
 */
export function sessionState(customer: { id?: string | null; active?: boolean; guest?: boolean } | null | undefined): SessionState {
  if (!customer?.id) return 'anonymous'
  if (customer.guest) return 'guest'
  return customer.active ? 'logged-in' : 'customer'
}
