import type { LoaderFunctionArgs } from '@remix-run/node'
import { throwPageError } from '~/store/errors.server'
import { sitemapEntries, sitemapXml } from '~/store/sitemap.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const entries = await sitemapEntries(context, request)
    return new Response(sitemapXml(entries), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
    })
  } catch (err) {
    throwPageError(err, request)
  }
}
