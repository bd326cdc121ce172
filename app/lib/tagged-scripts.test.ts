import { describe, expect, it } from 'vitest'
import { activatedAttribute, placeholdersToActivate, tagManagerUrls, type Placeholder } from './tagged-scripts'

function placeholder(attributes: Record<string, string>): Placeholder & { attributes: Record<string, string> } {
  return {
    attributes,
    getAttribute: (name) => attributes[name] ?? null,
    setAttribute: (name, value) => {
      attributes[name] = value
    },
  }
}

describe('category-tagged scripts', () => {
  it('activates only placeholders of accepted categories, each once', () => {
    const gtm = placeholder({ 'data-category': 'messurement', 'data-src': 'https://t.example/gtm.js' })
    const video = placeholder({ 'data-category': 'functional', 'data-src': 'https://v.example/v.js' })
    const all = [gtm, video]
    expect(placeholdersToActivate(all, ['necessary'])).toEqual([])
    expect(placeholdersToActivate(all, ['necessary', 'functional'])).toEqual([video])
    video.setAttribute(activatedAttribute, '')
    expect(placeholdersToActivate(all, ['necessary', 'functional', 'messurement'])).toEqual([gtm])
  })

  it('ignores placeholders without a category or a script', () => {
    expect(placeholdersToActivate([placeholder({ 'data-src': '/x.js' }), placeholder({ 'data-category': 'functional' })], ['functional'])).toEqual([])
  })

  it('builds the tag manager script and no-JS frame URLs of the container', () => {
    expect(tagManagerUrls({ id: 'GTM-ABC1', origin: 'https://www.googletagmanager.com' })).toEqual({
      script: 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1',
      frame: 'https://www.googletagmanager.com/ns.html?id=GTM-ABC1',
    })
  })
})
