import { useRevalidator } from '@remix-run/react'
import { useHydrated } from '~/lib/use-hydrated'
import { useState, type MouseEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import { ButtonAnchor } from '~/components/ui/button'
import { localizePath, type Locale } from '~/lib/locale'

interface Props {
  locale: Locale
  /** Products on the wishlist; the PDF has one entry per product. */
  count: number
}

/** The file name the server sends in Content-Disposition (falls back to the URL's). */
function fileNameFrom(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? ''
  const match = /filename="([^"]+)"/.exec(header)
  return match?.[1] ?? fallback
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // The browser has taken the blob over once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * Downloads the wishlist as a PDF catalogue. Without JS a plain link (the browser downloads the
 * attachment; on failure the server redirects to the wishlist with a flash message, which is why
 * the anchor has no `download` attribute: it would save that redirect's page as a file). With JS the PDF
 * is fetched in place so the button can show that it is being created.
 */
export function CatalogueLink({ locale, count }: Props) {
  const { t } = useTranslation('catalogue')
  const revalidator = useRevalidator()
  const hydrated = useHydrated()
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const href = localizePath(locale, '/wishlist/catalogue.pdf')

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, save link) keep the browser's own behaviour.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (state === 'loading') return
    setState('loading')
    let response: Response
    try {
      // 'manual': a failure answers with a redirect that sets the flash cookie; following it here would
      // consume the message in a page nobody sees.
      response = await fetch(href, { redirect: 'manual', credentials: 'same-origin' })
    } catch {
      // No answer at all (offline): nothing set a flash message, so the link says it itself.
      setState('failed')
      return
    }
    const type = response.headers.get('Content-Type') ?? ''
    if (response.ok && type.startsWith('application/pdf')) {
      try {
        saveBlob(await response.blob(), fileNameFrom(response, 'catalogue.pdf'))
        setState('idle')
      } catch {
        setState('failed')
      }
      return
    }
    setState('idle')
    // The server's flash message ('Error creating the catalogue') reaches the root's notifications.
    revalidator.revalidate()
  }

  const loading = state === 'loading'
  return (
    // data-hydrated: the click is handled here from now on (tests wait for it).
    <div className="catalogue-link" data-hydrated={hydrated || undefined}>
      <ButtonAnchor
        href={href}
        variant="secondary"
        onClick={(event) => void download(event)}
        aria-disabled={loading || undefined}
        aria-describedby="catalogue-link-hint"
      >
        {loading ? t('link.loading') : t('link.label')}
      </ButtonAnchor>
      <p id="catalogue-link-hint" className="catalogue-link-hint">
        {t('link.hint', { count })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {loading ? t('link.loading') : ''}
      </p>
      {state === 'failed' ? (
        <p className="notification notification-danger catalogue-link-error" role="alert">
          {t('errors.failed')}
        </p>
      ) : null}
    </div>
  )
}
