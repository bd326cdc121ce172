import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { legalPageHref, type LegalPage } from '~/lib/links'
import { getLocaleFromPath, stripLocale } from '~/lib/locale'
import { throwNotFound } from '~/store/errors.server'

const shortPaths: Record<string, LegalPage> = { toc: 'toc', privacy: 'privacy', shipping: 'shipping' }

/** /toc, /privacy and /shipping are short names for the legal landing pages of each language. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const locale = getLocaleFromPath(url.pathname)
  const page = shortPaths[stripLocale(url.pathname).replace(/^\/+|\/+$/g, '')]
  if (!page) throwNotFound(request)
  throw redirect(legalPageHref(locale, page), {
    status: 301,
    headers: { 'Cache-Control': 'public, max-age=3600' },
  })
}
