import { describe, expect, it } from 'vitest'
import { buildCheckIntervalMs, buildVersionPath, isNewBuild, isRouteResolveError } from './build-watch'

const answer = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch

describe('isNewBuild', () => {
  it('is true only when the server names another version', async () => {
    expect(await isNewBuild('abc', answer(200, { version: 'def' }))).toBe(true)
    expect(await isNewBuild('abc', answer(200, { version: 'abc' }))).toBe(false)
  })

  it('does not take an error, a missing version or a network failure for a new build', async () => {
    expect(await isNewBuild('abc', answer(503, { version: 'def' }))).toBe(false)
    expect(await isNewBuild('abc', answer(200, { version: null }))).toBe(false)
    const offline = (async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    expect(await isNewBuild('abc', offline)).toBe(false)
  })

  it('asks the version endpoint without any cache', async () => {
    let seen: [string, RequestInit | undefined] | undefined
    const spy = (async (url: string, init?: RequestInit) => {
      seen = [url, init]
      return new Response('{"version":"abc"}')
    }) as unknown as typeof fetch
    await isNewBuild('abc', spy)
    expect(seen?.[0]).toBe(buildVersionPath)
    expect(seen?.[1]?.cache).toBe('no-store')
    expect(buildCheckIntervalMs).toBe(300_000)
  })
})

describe('isRouteResolveError', () => {
  it('recognises failed module imports of Chromium, Firefox and Safari', () => {
    expect(isRouteResolveError(new TypeError('Failed to fetch dynamically imported module: https://shop.example/assets/product-abc.js'))).toBe(true)
    expect(isRouteResolveError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isRouteResolveError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isRouteResolveError(new Error('Cart could not be loaded'))).toBe(false)
  })
})
