import { useTranslation } from '~/lib/use-translation'
import { localizePath, type Locale } from '~/lib/locale'
import { shopPhone } from '~/lib/shop'
import { ButtonAnchor } from './ui/button'

/** Statuses with their own translated message (spec section 8). */
const knownStatuses = [404, 408, 500, 502, 503] as const

/** Shown when the translation files themselves are unavailable (spec: "the word Error"). */
const untranslatedErrorWord = 'Error'

export interface PageError {
  status: number
  statusText?: string
  /** The thrown error's own message, used for statuses without a translated one. */
  message?: string
  /** The unmatched path of a 404. */
  path?: string
}

/**
 * Remix drops the statusText of a thrown `data()` on the way to the boundary, so the store
 * layer's `message: 'MAINTENANCE_MODE'` counts as well.
 */
export function isMaintenance(error: PageError): boolean {
  return error.status === 503 && (error.statusText === 'MAINTENANCE_MODE' || error.message === 'MAINTENANCE_MODE')
}

export function ErrorPage({ error, locale }: { error: PageError; locale: Locale }) {
  const { t, i18n } = useTranslation('errors')
  if (isMaintenance(error)) return <MaintenancePage />
  const translated = i18n.exists('errors:error')
  const known = (knownStatuses as readonly number[]).includes(error.status)
  const message = !translated
    ? error.message ?? untranslatedErrorWord
    : known
      ? t(`messages.${error.status}`)
      : error.message || t('generic')
  return (
    <div className="error-page">
      <div className="error-page-text">
        <p className="error-status">
          {translated ? (
            <>
              <span className="visually-hidden">{t('statusLabel')} </span>
              {error.status}
            </>
          ) : (
            `${untranslatedErrorWord} ${error.status}`
          )}
        </p>
        <h1>{message}</h1>
        {translated && error.status === 404 && error.path && <p className="error-detail">{t('notFoundPath', { path: error.path })}</p>}
        <ButtonAnchor href={localizePath(locale, '/')} size="large" variant="primary">
          {translated ? t('goHome') : '/'}
        </ButtonAnchor>
      </div>
      <img
        className="error-image"
        src="/images/error-forest.svg"
        alt={translated ? t('imageAlt') : ''}
        width="480"
        height="360"
      />
    </div>
  )
}

export function MaintenancePage() {
  const { t } = useTranslation('errors')
  return (
    <div className="error-page maintenance-page">
      <div className="error-page-text">
        <h1>{t('maintenance.title')}</h1>
        <p>{t('maintenance.text')}</p>
        <p>
          {t('maintenance.contact')}{' '}
          <a href={`tel:${shopPhone.e164}`} className="maintenance-phone">
            {shopPhone.display}
          </a>
        </p>
      </div>
      <img
        className="error-image"
        src="/images/maintenance.svg"
        alt={t('maintenance.imageAlt')}
        width="480"
        height="360"
      />
    </div>
  )
}
