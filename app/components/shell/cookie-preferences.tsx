import { useFetcher } from '@remix-run/react'
import { useEffect, useRef, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Locale } from '~/lib/locale'
import { legalPaths } from '~/lib/shop'
import { Button } from '../ui/button'
import { consentCategories, type ConsentCategory, type ConsentState } from './consent-types'
import { CloseIcon, CookieIcon } from './icons'

/** Query parameter that renders the dialog open on the server (the no-JS path). */
export const cookiePreferencesParam = 'cookie-preferences'

interface Props {
  locale: Locale
  consent: ConsentState
  /** The current page: where the form returns to and what "close" links to without JS. */
  currentPath: string
  /** The current page with the dialog open (the button's target without JS). */
  openHref: string
  /** Rendered open by the server because the URL asked for it. */
  initiallyOpen: boolean
}

const categories = Object.keys(consentCategories) as ConsentCategory[]

/**
 * The fixed cookie-preferences button and its dialog. Without JS the button is a link that
 * reloads the page with the dialog open and the form posts to /consent; with JS the same markup
 * opens as a modal dialog and submits in the background.
 */
export function CookiePreferences({ locale, consent, currentPath, openHref, initiallyOpen }: Props) {
  const { t } = useTranslation('common')
  const dialogRef = useRef<HTMLDialogElement>(null)
  const buttonRef = useRef<HTMLAnchorElement>(null)
  const fetcher = useFetcher()

  const close = () => {
    const dialog = dialogRef.current
    if (dialog?.open) dialog.close()
  }

  useEffect(() => {
    if (fetcher.state === 'submitting') close()
  }, [fetcher.state])

  // A dialog the server opened is not modal, so Escape needs handling of its own.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dialogRef.current?.open) {
        close()
        buttonRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current
    if (!dialog || typeof dialog.showModal !== 'function') return
    event.preventDefault()
    if (dialog.open) dialog.close()
    dialog.showModal()
  }

  const onClose = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dialogRef.current) return
    event.preventDefault()
    close()
    buttonRef.current?.focus()
  }

  return (
    <>
      <a
        ref={buttonRef}
        href={openHref}
        className="cookie-button"
        aria-haspopup="dialog"
        aria-controls="cookie-preferences"
        onClick={open}
        rel="nofollow"
      >
        <CookieIcon />
        <span className="visually-hidden">{t('consent.button')}</span>
      </a>
      <dialog
        ref={dialogRef}
        id="cookie-preferences"
        className="consent-dialog"
        aria-labelledby="cookie-preferences-title"
        aria-describedby="cookie-preferences-description"
        open={initiallyOpen}
      >
        <fetcher.Form key={consent.categories.join()} method="post" action="/consent" className="consent-form">
          <div className="consent-head">
            <h2 id="cookie-preferences-title">{t('consent.title')}</h2>
            <a href={currentPath} className="consent-close" onClick={onClose}>
              <CloseIcon />
              <span className="visually-hidden">{t('consent.close')}</span>
            </a>
          </div>
          <p id="cookie-preferences-description">{t('consent.description')}</p>
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
                    aria-describedby={`${id}-description`}
                  />
                  <label id={`${id}-label`} htmlFor={id}>
                    {t(`consent.categories.${category}.title`)}
                  </label>
                  {necessary && <span className="consent-always">{t('consent.alwaysOn')}</span>}
                </div>
                <p id={`${id}-description`}>{t(`consent.categories.${category}.description`)}</p>
                {services.length > 0 && (
                  <p className="consent-services">
                    {t('consent.servicesLabel')}: {services.map((s) => t(`consent.services.${s}`)).join(', ')}
                  </p>
                )}
              </section>
            )
          })}
          <div className="consent-actions">
            <Button type="submit" name="intent" value="accept-all" variant="primary">
              {t('consent.acceptAll')}
            </Button>
            <Button type="submit" name="intent" value="necessary-only" variant="secondary">
              {t('consent.necessaryOnly')}
            </Button>
            <Button type="submit" name="intent" value="save" variant="secondary">
              {t('consent.save')}
            </Button>
          </div>
          <p className="consent-links">
            <a href={legalPaths.privacy[locale]}>{t('consent.privacyLink')}</a>
            <a href={legalPaths.imprint[locale]}>{t('consent.imprintLink')}</a>
          </p>
        </fetcher.Form>
      </dialog>
    </>
  )
}
