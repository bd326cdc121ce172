import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readTranslationChunks, translationChunksOf } from './translation-chunks'

describe('translation chunks of a client build', () => {
  const manifest = {
    'locales/de/common.json': { file: 'assets/common-Dv6dFCf2.js', src: 'locales/de/common.json', isDynamicEntry: true },
    'locales/fr/common.json': { file: 'assets/common-CjDfXD-q.js', src: 'locales/fr/common.json', isDynamicEntry: true },
    'locales/fr/consent.json': { file: 'assets/consent-C7B_IHYE.js', src: 'locales/fr/consent.json', isDynamicEntry: true },
    // Bundled into the chunk that imports it: no script of its own to name.
    'locales/de/consent.json': { file: 'assets/i18n-DaFFbKwl.js' },
    'app/routes/home.tsx?__remix-build-client-route': { file: 'assets/home-CJDV0eeH.js', isEntry: true },
    '_i18n-DaFFbKwl.js': { file: 'assets/i18n-DaFFbKwl.js' },
  }

  it('maps each language and namespace to its root-relative script', () => {
    expect(translationChunksOf(manifest)).toEqual({
      de: { common: '/assets/common-Dv6dFCf2.js' },
      fr: { common: '/assets/common-CjDfXD-q.js', consent: '/assets/consent-C7B_IHYE.js' },
    })
  })

  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })

  it('reads the manifest Remix keeps beside the build, and says what is missing without one', () => {
    dir = mkdtempSync(join(tmpdir(), 'translation-chunks-'))
    expect(() => readTranslationChunks(dir!)).toThrow(/client-manifest\.json is missing: run "npm run build"/)
    mkdirSync(join(dir, '.vite'))
    writeFileSync(join(dir, '.vite', 'client-manifest.json'), JSON.stringify(manifest))
    expect(readTranslationChunks(dir).fr?.consent).toBe('/assets/consent-C7B_IHYE.js')
  })
})
