import type { LoaderFunctionArgs } from '@remix-run/node'
import { throwNotFound, throwPageError } from '~/store/errors.server'
import { SITEMAP_HEADERS, loadSitemapFiles, sitemapXml, type SitemapEntry } from '~/store/sitemap.server'

/** One file of a sitemap split by its index at /sitemap.xml: /sitemap/{n}.xml. A shop that fits one file has none. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = /^([1-9]\d{0,5})\.xml$/.exec(params.file ?? '')?.[1]
  let files: SitemapEntry[][] = []
  try {
    if (n) files = await loadSitemapFiles(context, request)
  } catch (err) {
    throwPageError(err, request)
  }
  const file = files.length > 1 ? files[Number(n) - 1] : undefined
  if (!file) throwNotFound(request)
  return new Response(sitemapXml(file), { headers: SITEMAP_HEADERS })
}
