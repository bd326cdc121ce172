import { useTranslation } from 'react-i18next'
import { languageTags, locales, type Locale } from '~/lib/locale'
import { changeLanguageHref } from '~/lib/seo'

interface Props {
  locale: Locale
  /** Same-origin path of the current page in each language (see languageSwitchPaths). */
  paths: Record<Locale, string>
}

/**
 * Plain anchors, not client-side links: a language change loads another translation bundle and
 * stores the locale cookie, so it is a full document request through /change-language.
 */
export function LanguageSwitcher({ locale, paths }: Props) {
  const { t } = useTranslation('common')
  return (
    <nav className="language-switcher" aria-label={t('language.label')}>
      <ul>
        {locales.map((target) => (
          <li key={target}>
            <a
              href={changeLanguageHref(target, paths[target])}
              hrefLang={target}
              lang={languageTags[target]}
              aria-current={target === locale ? 'true' : undefined}
            >
              {t(`language.names.${target}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
