import type { LoaderFunctionArgs } from '@remix-run/node'
import { getLocaleFromPath } from '~/lib/locale'
import { getStore } from '~/store/client.server'
import { throwPageError } from '~/store/errors.server'
import { loadSuggestions } from '~/store/listing.server'
import { catalogueCacheControl } from '~/store/page.server'

/** Search suggestions for the header's combobox (JSON, GET `?search=term`, localized by path). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const store = getStore(context, request, locale)
  try {
    const suggestions = await loadSuggestions(context, request, locale, url.searchParams.get('search') ?? '')
    // A plain Response: a resource route's data() would lose its headers under single fetch.
    return Response.json(suggestions, { headers: { 'Cache-Control': catalogueCacheControl(store.hasSession) } })
  } catch (err) {
    throwPageError(err, request)
  }
}
