import { data } from '@remix-run/node'
import { getT } from '~/i18n.server'
import type { Locale } from '~/lib/locale'

/**
 * A request the page cannot take, thrown to the error page with the translated message for its status
 * (errors.json `messages`): 400 for form data no form of the page sends, 405 for an action it does not have.
 * Failed store calls go through throwPageError (app/store/errors.server.ts) instead.
 */
export function throwRequestError(locale: Locale, status: 400 | 405, headers?: HeadersInit): never {
  throw data({ message: getT(locale)(`errors:messages.${status}`) }, { status, ...(headers ? { headers } : {}) })
}
