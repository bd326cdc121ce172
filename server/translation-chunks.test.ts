import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readTranslationChunks, TRANSLATION_CHUNKS_FILE, translationChunksOf } from './translation-chunks'

describe('translation chunks of a client build', () => {
  const chunks = [
    { fileName: 'assets/texts-de-Dv6dFCf2.js', moduleIds: ['/app/locales/de/common.json', '/app/locales/de/cart.json'] },
    { fileName: 'assets/texts-fr-CjDfXD-q.js', moduleIds: ['/app/locales/fr/common.json', '/app/locales/fr/consent.json'] },
    { fileName: 'assets/product-B1QzTr11.js', moduleIds: ['/app/locales/fr/product.json'] },
    // Bundled into a chunk with code: it arrives with that chunk, no script of its own to name.
    { fileName: 'assets/shell-DaFFbKwl.js', moduleIds: ['/app/app/root.tsx', '/app/locales/de/consent.json'] },
    { fileName: 'assets/home-CJDV0eeH.js', moduleIds: ['/app/app/routes/home.tsx'] },
  ]

  it('maps each language and namespace to the root-relative script that holds it', () => {
    expect(translationChunksOf(chunks)).toEqual({
      de: { common: '/assets/texts-de-Dv6dFCf2.js', cart: '/assets/texts-de-Dv6dFCf2.js' },
      fr: { common: '/assets/texts-fr-CjDfXD-q.js', consent: '/assets/texts-fr-CjDfXD-q.js', product: '/assets/product-B1QzTr11.js' },
    })
  })

  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })

  it('reads what the build noted beside it, and says what is missing without it', () => {
    dir = mkdtempSync(join(tmpdir(), 'translation-chunks-'))
    expect(() => readTranslationChunks(dir!)).toThrow(/translation-chunks\.json is missing: run "npm run build"/)
    mkdirSync(join(dir, '.vite'))
    writeFileSync(join(dir, TRANSLATION_CHUNKS_FILE), JSON.stringify(translationChunksOf(chunks)))
    expect(readTranslationChunks(dir).fr?.consent).toBe('/assets/texts-fr-CjDfXD-q.js')
  })
})
