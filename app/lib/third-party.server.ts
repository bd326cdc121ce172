import type { AppLoadContext } from '@remix-run/node'
import type { Locale } from '~/lib/locale'

/** What the page needs to render the consent-gated third-party scripts (none configured: nothing rendered). */
export interface ThirdPartyConfig {
  tagManager?: { id: string; origin: string }
  chat?: { widgetKey: string; origin: string }
}

/**
 * The third parties of a page in the shopper's language: the tag manager as configured, the chat
 * with the key of the page's language (a language without a key has no chat).
 */
export function thirdPartyConfig(context: AppLoadContext, locale: Locale): ThirdPartyConfig {
  const settings = context.thirdParty
  const widgetKey = settings?.chat?.keys[locale]
  return {
    ...(settings?.tagManager ? { tagManager: { ...settings.tagManager } } : {}),
    ...(settings?.chat && widgetKey ? { chat: { widgetKey, origin: settings.chat.origin } } : {}),
  }
}
