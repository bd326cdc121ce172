import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, cspOptionsOf, thirdPartySources, type CspOptions } from './csp'
import { loadConfig } from './config'

const base: CspOptions = { publicUrl: 'https://shop.example', development: false }

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/)
      return [name!, values]
    }),
  )
}

describe('content security policy in development', () => {
  it('lets Vite load its same-origin dev scripts, which carry no nonce, and keeps strict-dynamic in production', () => {
    const development = directives(contentSecurityPolicy({ ...base, development: true }, ["'sha256-x'"]))
    expect(development.get('script-src')).toEqual(["'self'", "'sha256-x'"])
    expect(development.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directives(contentSecurityPolicy(base, ["'sha256-x'"])).get('script-src')).toEqual(["'self'", "'sha256-x'", "'strict-dynamic'"])
  })
})

describe('content security policy of the third parties', () => {
  it('names no third-party origin and no frame-src when none is configured', () => {
    const policy = directives(contentSecurityPolicy(base, ["'nonce-abc'"]))
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://shop.example'])
    expect(policy.has('frame-src')).toBe(false)
    expect(thirdPartySources({})).toEqual({ 'script-src': [], 'connect-src': [], 'img-src': [], 'frame-src': [] })
  })

  it('allows the tag manager exactly its script, pings, pixels and no-JS frame', () => {
    const tagManager = { id: 'GTM-X', origin: 'https://www.googletagmanager.com' }
    const policy = directives(contentSecurityPolicy({ ...base, thirdParty: { tagManager } }, ["'nonce-abc'"]))
    expect(policy.get('script-src')).toEqual(["'self'", tagManager.origin, "'nonce-abc'", "'strict-dynamic'"])
    expect(policy.get('connect-src')).toEqual(["'self'", tagManager.origin])
    expect(policy.get('img-src')).toContain(tagManager.origin)
    expect(policy.get('frame-src')).toEqual(["'self'", tagManager.origin])
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('allows the chat its manifest, script and pictures, but no frame', () => {
    const chat = { keys: { de: 'k' }, origin: 'https://chat.example' }
    const policy = directives(contentSecurityPolicy({ ...base, thirdParty: { chat } }, ["'sha256-x'"]))
    expect(policy.get('script-src')).toEqual(["'self'", chat.origin, "'sha256-x'", "'strict-dynamic'"])
    expect(policy.get('connect-src')).toEqual(["'self'", chat.origin])
    expect(policy.get('img-src')).toContain(chat.origin)
    expect(policy.has('frame-src')).toBe(false)
  })

  it('names a shared origin once and takes the settings from the config', () => {
    const config = loadConfig({ GTM_ID: 'GTM-X', GTM_ORIGIN: 'http://127.0.0.1:9', CHAT_KEY_DE: 'k', CHAT_ORIGIN: 'http://127.0.0.1:9' })
    const policy = directives(contentSecurityPolicy(cspOptionsOf(config), []))
    expect(policy.get('script-src')).toEqual(["'self'", 'http://127.0.0.1:9'])
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:', 'http://127.0.0.1:9'])
    expect(policy.get('frame-src')).toEqual(["'self'", 'http://127.0.0.1:9'])
  })
})
