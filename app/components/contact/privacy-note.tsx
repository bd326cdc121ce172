import { useTranslation } from '~/lib/use-translation'
import { legalPageHref } from '~/lib/links'
import type { Locale } from '~/lib/locale'

/** What a form's data is used for, with the link to the privacy policy (beside each form that sends personal data). */
export function PrivacyNote({ locale, note }: { locale: Locale; note: string }) {
  const { t } = useTranslation('contact')
  return (
    <p className="form-privacy">
      {note} <a href={legalPageHref(locale, 'privacy')}>{t('privacyLink')}</a>.
    </p>
  )
}
