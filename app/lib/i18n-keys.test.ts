import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { locales } from './locale'

const root = join(process.cwd(), 'locales')

/** Every leaf key as a dotted path, with the interpolation variables its text uses. */
function leaves(node: unknown, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>()
  if (typeof node === 'string') {
    out.set(prefix, [...node.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort())
    return out
  }
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      for (const [path, vars] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(path, vars)
    }
    return out
  }
  out.set(prefix, [`<${Array.isArray(node) ? 'array' : typeof node}>`])
  return out
}

function read(locale: string, file: string): Map<string, string[]> {
  return leaves(JSON.parse(readFileSync(join(root, locale, file), 'utf8')))
}

// Every namespace any language has, so a file someone adds for one language only is caught too.
const files = [...new Set(locales.flatMap((l) => readdirSync(join(root, l)).filter((f) => f.endsWith('.json'))))].sort()

describe('translation files', () => {
  it('exist for the shell namespaces', () => {
    expect(files).toEqual(expect.arrayContaining(['common.json', 'errors.json']))
  })

  describe.each(files)('%s', (file) => {
    it('exists in every language', () => {
      for (const locale of locales) expect(readdirSync(join(root, locale)), `${locale}/${file}`).toContain(file)
    })

    it('has the same keys in de, en and fr', () => {
      const [reference, ...others] = locales.map((l) => [...read(l, file).keys()].sort())
      for (const [i, keys] of others.entries()) expect(keys, `${locales[i + 1]}/${file} vs de`).toEqual(reference)
    })

    it('uses the same interpolation variables and only non-empty strings', () => {
      const maps = locales.map((l) => read(l, file))
      for (const [path, vars] of maps[0]) {
        for (const [i, map] of maps.entries()) {
          expect(map.get(path), `${locales[i]}/${file} ${path}`).toEqual(vars)
        }
      }
      for (const locale of locales) {
        const raw = readFileSync(join(root, locale, file), 'utf8')
        expect(raw, `${locale}/${file} has an empty text`).not.toMatch(/:\s*""/)
      }
    })
  })
})
