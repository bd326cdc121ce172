import { data } from '@remix-run/node'
import { getT } from '~/i18n.server'
import type { Locale } from '~/lib/locale'

/** The statuses of a request the shop refuses as it stands (errors.json `messages` has a text for each). */
export type RequestErrorStatus = 400 | 403 | 405 | 413 | 415

/**
 * A request the page cannot take, thrown to the error page with the translated message for its status:
 * 400 for form data no form of the page sends, 405 for an action it does not have, and whatever the host
 * refused before the app ran (`rejected` names the reason; the root renders that page without hydration).
 * Failed store calls go through throwPageError (app/store/errors.server.ts) instead.
 */
export function throwRequestError(
  locale: Locale,
  status: RequestErrorStatus,
  options: { headers?: HeadersInit; rejected?: string } = {},
): never {
  const { headers, rejected } = options
  throw data(
    { ...(rejected ? { rejected } : {}), message: getT(locale)(`errors:messages.${status}`) },
    { status, ...(headers ? { headers } : {}) },
  )
}
