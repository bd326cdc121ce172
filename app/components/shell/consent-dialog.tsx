import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import type { Locale } from '~/lib/locale'
import { legalPaths } from '~/lib/shop'
import { Button, ButtonAnchor } from '../ui/button'
import { Dialog } from '../ui/dialog'
import {
  consentFetcherKey,
  onConsentSubmit,
  firstVisitDialogId,
  preferencesDialogId,
  showAsModal,
  wrapTab,
} from './consent-client'
import { openPreferences } from './cookie-preferences'

/** The data-protection and imprint pages of the page's language (spec section 2). */
export function LegalLinks({ locale }: { locale: Locale }) {
  const { t } = useTranslation('consent')
  return (
    <p className="consent-links">
      <a href={legalPaths.privacy[locale]}>{t('privacyLink')}</a>
      <a href={legalPaths.imprint[locale]}>{t('imprintLink')}</a>
    </p>
  )
}

interface Props {
  locale: Locale
  /** The current page: where the form returns to. */
  currentPath: string
  /** The current page with the preferences dialog open (the no-JS "manage preferences"). */
  preferencesHref: string
}

/**
 * The first-visit dialog (spec section 4): shown by the server to every visitor without a valid
 * consent record, open and with the page behind it inert, so it blocks the page without JS. With JS
 * it becomes a real modal that keeps focus and ignores Escape: only a choice closes it.
 */
export function FirstVisitDialog({ locale, currentPath, preferencesHref }: Props) {
  const { t } = useTranslation('consent')
  const dialogRef = useRef<HTMLDialogElement>(null)
  const fetcher = useFetcher({ key: consentFetcherKey })
  const saving = useRef(false)
  saving.current = fetcher.state !== 'idle'

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    showAsModal(dialog)
    // Focus starts on the dialog, not on a button: no choice is preselected (the next Tab reaches the first).
    dialog.focus()
    // Chromium closes a modal on a repeated Escape even when `cancel` is prevented; the choice is
    // still missing, so it comes back.
    const onCancel = (event: Event) => event.preventDefault()
    const onClose = () => {
      if (!saving.current && !preferencesOpen()) showAsModal(dialog)
    }
    // Closing the preferences without saving returns to this dialog.
    const preferences = document.getElementById(preferencesDialogId)
    const onPreferencesClose = () => {
      if (!saving.current && !dialog.open) showAsModal(dialog)
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onClose)
    preferences?.addEventListener('close', onPreferencesClose)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onClose)
      preferences?.removeEventListener('close', onPreferencesClose)
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      return
    }
    if (dialogRef.current) wrapTab(event.nativeEvent, dialogRef.current)
  }

  const manage = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current
    if (!dialog || typeof dialog.showModal !== 'function') return
    event.preventDefault()
    dialog.close()
    openPreferences()
  }

  return (
    <Dialog
      ref={dialogRef}
      id={firstVisitDialogId}
      className="consent-dialog consent-first-visit"
      titleId="consent-first-visit-title"
      descriptionId="consent-first-visit-description"
      tabIndex={-1}
      open
      onKeyDown={onKeyDown}
    >
      <fetcher.Form method="post" action="/consent" className="consent-form" onSubmit={onConsentSubmit}>
        <h2 id="consent-first-visit-title">{t('firstVisit.title')}</h2>
        <p id="consent-first-visit-description" className="consent-lead">
          {t('firstVisit.description')}
        </p>
        <input type="hidden" name="redirectTo" value={currentPath} />
        <div className="consent-actions consent-actions-equal">
          <Button type="submit" name="intent" value="accept-all" variant="primary">
            {t('acceptAll')}
          </Button>
          <Button type="submit" name="intent" value="necessary-only" variant="primary">
            {t('necessaryOnly')}
          </Button>
        </div>
        <ButtonAnchor
          href={preferencesHref}
          variant="secondary"
          className="consent-manage"
          aria-haspopup="dialog"
          aria-controls={preferencesDialogId}
          rel="nofollow"
          onClick={manage}
        >
          {t('firstVisit.manage')}
        </ButtonAnchor>
        <LegalLinks locale={locale} />
      </fetcher.Form>
    </Dialog>
  )
}

function preferencesOpen(): boolean {
  return (document.getElementById(preferencesDialogId) as HTMLDialogElement | null)?.open ?? false
}
