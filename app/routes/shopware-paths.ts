import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { throwNotFound } from '~/store/errors.server'
import { getLocaleFromPath, localizePath, stripLocale } from '~/lib/locale'
import { shopwarePaths } from '~/lib/shopware-paths'

/** A path of Shopware's storefront (app/lib/shopware-paths.ts): to this shop's page, for good. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const target = shopwarePaths[stripLocale(url.pathname).replace(/^\/|\/$/g, '')]
  if (!target) throwNotFound(request)
  const query = new URLSearchParams()
  for (const name of target.keep ?? []) {
    const value = url.searchParams.get(name)
    if (value !== null) query.set(name, value)
  }
  const search = query.size ? `?${query}` : ''
  // Not kept by shared caches: the recovery hash is personal.
  return redirect(`${localizePath(locale, target.path)}${search}`, { status: 301, headers: { 'Cache-Control': 'private, no-store' } })
}
