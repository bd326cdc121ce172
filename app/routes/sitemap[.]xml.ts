import type { LoaderFunctionArgs } from '@remix-run/node'
import { throwPageError } from '~/store/errors.server'
import { SITEMAP_HEADERS, loadSitemapFiles, sitemapIndexXml, sitemapXml } from '~/store/sitemap.server'

/** The sitemap, or for a shop above the protocol's 50,000 URLs the index of its files (sitemap-file.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const files = await loadSitemapFiles(context, request)
    const xml = files.length === 1 ? sitemapXml(files[0]!) : sitemapIndexXml(context.publicUrl, files.length)
    return new Response(xml, { headers: SITEMAP_HEADERS })
  } catch (err) {
    throwPageError(err, request)
  }
}
