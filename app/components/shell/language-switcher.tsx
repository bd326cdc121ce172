import { useTranslation } from '~/lib/use-translation'
import { languageTags, locales, type Locale } from '~/lib/locale'
import { changeLanguageAction } from '~/lib/seo'

interface Props {
  locale: Locale
  /** Same-origin path of the current page in each language (see languageSwitchPaths). */
  paths: Record<Locale, string>
}

/**
 * One small POST form per language (docs/decisions/003): the switch stores the locale cookie, and
 * only POST changes state. Plain forms, not Remix forms: a language change loads another
 * translation bundle, so it is a full document request. Crawlers follow the hreflang alternates.
 */
export function LanguageSwitcher({ locale, paths }: Props) {
  const { t } = useTranslation('common')
  return (
    <nav className="language-switcher" aria-label={t('language.label')}>
      <ul>
        {locales.map((target) => (
          <li key={target}>
            {target === locale ? (
              <span className="language-current" lang={languageTags[target]} aria-current="true">
                {t(`language.names.${target}`)}
              </span>
            ) : (
              <form method="post" action={changeLanguageAction(target)}>
                <input type="hidden" name="redirectTo" value={paths[target]} />
                <button type="submit" lang={languageTags[target]}>
                  {t(`language.names.${target}`)}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
