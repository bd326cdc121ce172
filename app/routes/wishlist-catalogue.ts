import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { safeRedirectPath } from '~/lib/links'
import { getLocaleFromPath, localizePath } from '~/lib/locale'
import { flash } from '~/session/flash.server'
import { createCataloguePdf } from '~/store/catalogue-pdf.server'
import { errorCodes } from '~/store/errors.server'
import { wishlistProductIds } from '~/store/wishlist.server'

// Personal (the viewer's list and prices): never cached, never indexed.
const PERSONAL = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' } as const

/**
 * GET → the wishlist as a PDF catalogue (an attachment). An empty list leads back to the wishlist,
 * which says it is empty; a failure leads there with 'Error creating the catalogue'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = getLocaleFromPath(new URL(request.url).pathname)
  const wishlistPath = safeRedirectPath(localizePath(locale, '/wishlist')) ?? '/'
  let catalogue: Awaited<ReturnType<typeof createCataloguePdf>>
  try {
    catalogue = await createCataloguePdf(context, request, locale, wishlistProductIds(context, request, locale))
  } catch (err) {
    context.logger.error({ err: (err as Error).message, errorCodes: errorCodes(err) }, 'catalogue failed')
    const headers = new Headers(PERSONAL)
    headers.append('Set-Cookie', flash(context, { type: 'danger', messageKey: 'catalogue:errors.failed' }, request))
    return redirect(wishlistPath, { status: 303, headers })
  }
  if (!catalogue) return redirect(wishlistPath, { status: 303, headers: PERSONAL })
  return new Response(new Uint8Array(catalogue.pdf), {
    headers: {
      ...PERSONAL,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${catalogue.fileName}"`,
    },
  })
}
