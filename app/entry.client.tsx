import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadResources } from '~/i18n'
import { defaultLocale, languageTags, locales, type Locale } from '~/lib/locale'
import { createTranslator } from '~/lib/translator'
import { TranslationProvider } from '~/lib/use-translation'

/** The server wrote the page language into <html lang>; that is the only locale to load. */
function documentLocale(): Locale {
  const tag = document.documentElement.lang
  return locales.find((locale) => languageTags[locale] === tag || locale === tag) ?? defaultLocale
}

async function hydrate() {
  const locale = documentLocale()
  const resources = await loadResources(locale)
  const translator = createTranslator(locale, resources[locale] ?? {})
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider translator={translator}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    )
  })
}

void hydrate()
