import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { i18nConfig, loadResources } from '~/i18n'
import { defaultLocale, languageTags, locales, type Locale } from '~/lib/locale'

/** The server wrote the page language into <html lang>; that is the only locale to load. */
function documentLocale(): Locale {
  const tag = document.documentElement.lang
  return locales.find((locale) => languageTags[locale] === tag || locale === tag) ?? defaultLocale
}

async function hydrate() {
  const locale = documentLocale()
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: locale,
    resources: await loadResources(locale),
    react: { useSuspense: false },
  })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
