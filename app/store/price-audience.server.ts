import type { Schemas } from '@shopware/api-client/api-types'
import type { LoadContext } from '~/load-context'
import type { Locale } from '~/lib/locale'
import type { PriceAudience } from '~/lib/price'
import { getStore } from './client.server'
import { sessionContext, sessionState } from './session-context.server'

type SalesChannelContext = Schemas['SalesChannelContext']
type AudienceContext = Pick<LoadContext, 'store' | 'logger' | 'sessionSecret' | 'secureCookies' | 'requestLog'>

/**
 * Who looks at the prices of a context. The store already answers every amount for the context's
 * customer group; this only decides labels and notes. The reseller group is the configured one
 * (`store.resellerGroupId`); without one, any group other than the sales channel's default
 * (`fallbackCustomerGroup`) counts, as only customer groups get prices of their own.
 */
export function audienceFromContext(context: SalesChannelContext, resellerGroupId?: string): PriceAudience {
  const customer = context.customer as (Schemas['Customer'] & { requestedGroupId?: string | null }) | null | undefined
  if (!customer || sessionState(customer) !== 'logged-in') return 'visitor'
  // The schema's context type leaves out the groups' ids, which Shopware does send.
  const group = (context.currentCustomerGroup as { id?: string } | undefined)?.id ?? customer.groupId
  const fallback = (context.fallbackCustomerGroup as { id?: string } | undefined)?.id
  const isReseller = resellerGroupId ? group === resellerGroupId : !!group && !!fallback && group !== fallback
  if (isReseller) return 'reseller'
  const requested = customer.requestedGroupId
  if (requested && (!resellerGroupId || requested === resellerGroupId)) return 'reseller-pending'
  return 'customer'
}

/**
 * The price audience of a request. Without a context cookie there is no login to read: anonymous
 * pages make no store call for it and stay cacheable.
 */
export async function loadPriceAudience(context: AudienceContext, request: Request, locale: Locale): Promise<PriceAudience> {
  const store = getStore(context, request, locale)
  if (!store.hasSession) return 'visitor'
  return audienceFromContext(await sessionContext(store), context.store.resellerGroupId)
}

/**
 * Whether the session's deliveries carry no VAT (Shopware's tax state `tax-free`: a business with a
 * VAT ID delivered to another EU country, or a country without VAT). Only the notes beside prices
 * change; the amounts are the store's. Shares the request's context read; no session, no call.
 */
export async function loadTaxFree(context: AudienceContext, request: Request, locale: Locale): Promise<boolean> {
  const store = getStore(context, request, locale)
  if (!store.hasSession) return false
  return (await sessionContext(store)).context?.taxState === 'tax-free'
}
