import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, type FormEvent, type MouseEvent } from 'react'
import { useTranslation } from '~/lib/use-translation'
import type { Locale } from '~/lib/locale'
import { Button, buttonClass } from '../ui/button'
import { Badge } from '../ui/badge'
import { Dialog } from '../ui/dialog'
import { consentFetcherKey, onConsentSubmit, preferencesDialogId, showAsModal, wrapTab } from './consent-client'
import { LegalLinks } from './consent-dialog'
import { consentCategories, type ConsentCategory, type ConsentState } from './consent-types'
import { CloseIcon, CookieIcon } from './icons'

/** Query parameter that renders the dialog open on the server (the no-JS path). */
export const cookiePreferencesParam = 'cookie-preferences'

const categories = Object.keys(consentCategories) as ConsentCategory[]

function preferencesDialog(): HTMLDialogElement | null {
  return document.getElementById(preferencesDialogId) as HTMLDialogElement | null
}

/** Opens the preferences as a modal; false when the browser cannot (then the link reloads with it open). */
export function openPreferences(): boolean {
  const dialog = preferencesDialog()
  if (!dialog || typeof dialog.showModal !== 'function') return false
  showAsModal(dialog)
  return true
}

/**
 * The fixed cookie-preferences button (spec section 2). Without JS it is a link that reloads the
 * page with the dialog open; with JS it opens the dialog as a modal.
 */
export function CookieButton({ openHref }: { openHref: string }) {
  const { t } = useTranslation('consent')
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (openPreferences()) event.preventDefault()
  }
  return (
    <a href={openHref} className="cookie-button" aria-haspopup="dialog" aria-controls={preferencesDialogId} onClick={open} rel="nofollow">
      <CookieIcon />
      <span className="visually-hidden">{t('button')}</span>
    </a>
  )
}

interface DialogProps {
  locale: Locale
  consent: ConsentState
  /** The current page: where the form returns to and what "close" links to without JS. */
  currentPath: string
  /** Rendered open by the server because the URL asked for it. */
  initiallyOpen: boolean
}

/**
 * The preferences dialog with one section per category. Without JS the form posts to /consent; with
 * JS the same markup is a modal that submits in the background and closes with Escape.
 */
export function CookiePreferencesDialog({ locale, consent, currentPath, initiallyOpen }: DialogProps) {
  const { t } = useTranslation('consent')
  const dialogRef = useRef<HTMLDialogElement>(null)
  const fetcher = useFetcher({ key: consentFetcherKey })

  const close = () => {
    const dialog = dialogRef.current
    if (dialog?.open) dialog.close()
    document.querySelector<HTMLElement>('.cookie-button')?.focus()
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    onConsentSubmit(event)
    if (dialogRef.current?.open) dialogRef.current.close()
  }

  // The server rendered it open for a visit without JS; with JS it becomes a real modal.
  useEffect(() => {
    if (initiallyOpen) showAsModal(dialogRef.current)
  }, [initiallyOpen])

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
      return
    }
    if (dialogRef.current) wrapTab(event.nativeEvent, dialogRef.current)
  }

  const onClose = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dialogRef.current || typeof dialogRef.current.showModal !== 'function') return
    event.preventDefault()
    close()
  }

  return (
    <Dialog
      ref={dialogRef}
      id={preferencesDialogId}
      className="consent-dialog consent-preferences"
      titleId="cookie-preferences-title"
      descriptionId="cookie-preferences-description"
      open={initiallyOpen}
      onKeyDown={onKeyDown}
    >
      <fetcher.Form key={consent.categories.join()} method="post" action="/consent" className="consent-form" onSubmit={onSubmit}>
        <div className="consent-head">
          <h2 id="cookie-preferences-title">{t('title')}</h2>
          <a href={currentPath} className={buttonClass({ variant: 'text', color: 'grey' }, 'btn-icon consent-close')} onClick={onClose}>
            <CloseIcon />
            <span className="visually-hidden">{t('close')}</span>
          </a>
        </div>
        <p id="cookie-preferences-description" className="consent-lead">
          {t('preferencesDescription')}
        </p>
        <input type="hidden" name="redirectTo" value={currentPath} />
        {categories.map((category) => {
          const id = `consent-${category}`
          const necessary = category === 'necessary'
          const services = consentCategories[category]
          return (
            <section key={category} className="consent-category" aria-labelledby={`${id}-label`}>
              <div className="consent-category-head">
                <input
                  id={id}
                  type="checkbox"
                  name="category"
                  value={category}
                  defaultChecked={necessary || consent.categories.includes(category)}
                  disabled={necessary}
                  className="form-check-input"
                  aria-describedby={`${id}-description`}
                />
                <label id={`${id}-label`} htmlFor={id}>
                  {t(`categories.${category}.title`)}
                </label>
                {necessary && (
                  <Badge tone="success" className="consent-always">
                    {t('alwaysOn')}
                  </Badge>
                )}
              </div>
              <p id={`${id}-description`}>{t(`categories.${category}.description`)}</p>
              {services.length > 0 && (
                <p className="consent-services">
                  {t('servicesList', { services: services.map((s) => t(`services.${s}`)).join(', ') })}
                </p>
              )}
            </section>
          )
        })}
        <div className="consent-actions">
          <Button type="submit" name="intent" value="accept-all" variant="primary">
            {t('acceptAll')}
          </Button>
          <Button type="submit" name="intent" value="necessary-only" variant="primary">
            {t('necessaryOnly')}
          </Button>
          <Button type="submit" name="intent" value="save" variant="secondary" className="consent-save">
            {t('save')}
          </Button>
        </div>
        <LegalLinks locale={locale} />
      </fetcher.Form>
    </Dialog>
  )
}
