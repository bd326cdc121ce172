import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { thirdPartyConfig } from './third-party.server'

const context = (thirdParty?: AppLoadContext['thirdParty']) => ({ thirdParty }) as AppLoadContext

describe('thirdPartyConfig', () => {
  it('gives the page nothing when nothing is configured', () => {
    expect(thirdPartyConfig(context(), 'de')).toEqual({})
    expect(thirdPartyConfig(context({}), 'fr')).toEqual({})
  })

  it('gives the chat the key of the page language, and no chat to a language without a key', () => {
    const settings = {
      tagManager: { id: 'GTM-X', origin: 'https://t.example' },
      chat: { keys: { de: 'key-de', fr: 'key-fr' }, origin: 'https://c.example' },
    }
    expect(thirdPartyConfig(context(settings), 'fr')).toEqual({
      tagManager: settings.tagManager,
      chat: { widgetKey: 'key-fr', origin: 'https://c.example' },
    })
    expect(thirdPartyConfig(context(settings), 'de').chat?.widgetKey).toBe('key-de')
    expect(thirdPartyConfig(context(settings), 'en')).toEqual({ tagManager: settings.tagManager })
  })
})
