import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const shopCss = fileURLToPath(new URL('./shop.css', import.meta.url))

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

const imported = [...readFileSync(shopCss, 'utf8').matchAll(/@import '([^']+)';/g)].map((match) => resolve(join(shopCss, '..'), match[1]!))

// docs/decisions/015: every page links one stylesheet, so no part of the shop may bring its own.
describe('the shop’s one stylesheet', () => {
  it('imports every stylesheet of the app, each once', () => {
    const stylesheets = filesUnder(appDir, (name) => name.endsWith('.css')).filter((file) => file !== shopCss)
    expect(imported.map((file) => relative(appDir, file)).sort()).toEqual(stylesheets.map((file) => relative(appDir, file)).sort())
    expect(new Set(imported).size).toBe(imported.length)
  })

  it('is the only stylesheet a module imports', () => {
    const importers = filesUnder(appDir, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+(?:\w+\s+from\s+)?'([^']+\.css(?:\?\w+)?)'/gm)].map((match) => `${relative(appDir, file)}: ${match[1]}`),
    )
    expect(importers).toEqual(['root.tsx: ~/styles/shop.css?url'])
  })
})
