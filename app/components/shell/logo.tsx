import { Link } from '@remix-run/react'
import { useTranslation } from '~/lib/use-translation'
import { localizePath, type Locale } from '~/lib/locale'
import { LogoMark } from './icons'

export function Logo({ locale }: { locale: Locale }) {
  const { t } = useTranslation('common')
  return (
    <Link to={localizePath(locale, '/')} className="logo" aria-label={t('header.home')}>
      <LogoMark />
      <span className="logo-text" aria-hidden="true">
        {t('shop.name')}
      </span>
    </Link>
  )
}
