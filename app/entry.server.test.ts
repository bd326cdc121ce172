import { describe, expect, it } from 'vitest'
import { keepPrivateWhenSettingCookies, routeIdForPath } from './entry.server'

describe('routeIdForPath (route attribution of data requests)', () => {
  it('finds the deepest route in each locale tree', () => {
    expect(routeIdForPath('/')).toBe('home-de')
    expect(routeIdForPath('/en')).toBe('home-en')
    expect(routeIdForPath('/fr/toc')).toBe('toc-fr')
    expect(routeIdForPath('/toc')).toBe('toc-de')
  })
  it('sends unknown paths to the catch-all of their locale', () => {
    expect(routeIdForPath('/seilwinden/zubehoer/')).toBe('content-de')
    expect(routeIdForPath('/en/winches/')).toBe('content-en')
  })
  it('knows the routes outside the locale trees', () => {
    expect(routeIdForPath('/consent')).toBe('consent')
    expect(routeIdForPath('/change-language/fr')).toBe('change-language')
  })
})

describe('keepPrivateWhenSettingCookies', () => {
  it('makes a response with Set-Cookie uncacheable by shared caches', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60', 'Set-Cookie': 'flash=; Max-Age=0' })
    keepPrivateWhenSettingCookies(headers)
    expect(headers.get('Cache-Control')).toBe('private, no-store')
  })
  it('leaves cookie-free responses cacheable', () => {
    const headers = new Headers({ 'Cache-Control': 'public, max-age=60' })
    keepPrivateWhenSettingCookies(headers)
    expect(headers.get('Cache-Control')).toBe('public, max-age=60')
  })
})
