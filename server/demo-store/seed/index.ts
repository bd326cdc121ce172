import { mkdirSync } from 'node:fs'
import type { Db } from '../db'
import { MANUFACTURERS } from './catalogue-data'
import { productSpecs, seedCatalogue, type ProductSpec } from './catalogue'
import { CATEGORY_TEASERS, contentMedia, seedContent } from './content'
import { MANUAL_MEDIA_ID, logoSvg, renderImages, sceneSvg, type ImageJob } from './media'
import { extraColours, productImageSvg, productImageType } from './product-images'
import { buildCatalogueIndex } from '../search-index'
import { seedPromotions } from './promotions'
import { seedSystem } from './system'
import { Inserter, same, type Tri } from './util'
import { sid } from '../ids'

export interface SeedReport { seeded: boolean; durationMs: number; products: number; media: number }

const SEED_KEY = 'seeded_at'
const SEED_VERSION_KEY = 'seed_version'
/** Raised when generated data changes shape (files or rows a migration cannot add); older data is re-seeded. */
export const SEED_VERSION = 19
const PRODUCT_THUMBNAIL_WIDTHS = [320, 640]

/**
 * Whether the database holds data from an older seed. The data is generated, so the store discards it
 * and seeds again rather than migrating generated files such as thumbnails.
 */
export function isStaleSeed(db: Db): boolean {
  const seeded = db.prepare('SELECT value FROM kv WHERE key = ?').get(SEED_KEY)
  if (!seeded) return false
  const version = db.prepare('SELECT value FROM kv WHERE key = ?').get(SEED_VERSION_KEY) as { value: string } | undefined
  return Number(version?.value ?? 1) !== SEED_VERSION
}

/** Seeds an empty database once; later starts find the marker and reuse the data. */
export async function seedIfEmpty(db: Db, mediaRoot: string): Promise<SeedReport> {
  const started = performance.now()
  const marker = db.prepare('SELECT value FROM kv WHERE key = ?').get(SEED_KEY)
  if (marker) return { seeded: false, durationMs: performance.now() - started, products: count(db, 'product'), media: count(db, 'media') }
  mkdirSync(mediaRoot, { recursive: true })

  const specs = productSpecs()
  const jobs: ImageJob[] = []
  const mediaIds = new Map<string, string[]>()
  for (const s of specs) {
    // Every product shows its type from the front and turned; winches also get a close-up, so their
    // galleries (and the lightbox) have three pictures to page through.
    const views = s.family === 'winch' ? 3 : 2
    const type = productImageType(s.family, s.name[0])
    // `colour` set: the pictures of the variants in that colour (e.g. FS-50002 in green), shared by them.
    const pictures = (colour?: string): string[] => {
      const ids: string[] = []
      const key = colour ? `${s.number}:${colour}` : s.number
      const base = colour ? `${s.number.toLowerCase()}-${colour}` : s.number.toLowerCase()
      for (let view = 1; view <= views; view++) {
        const suffix = view === 1 ? '' : `-${view}`
        const id = sid(view === 1 ? `media:product:${key}` : `media:product:${key}:${view}`)
        ids.push(id)
        jobs.push({ id, file: `product/${base}${suffix}.jpg`, svg: productImageSvg(type, view, colour), width: 800, height: 800, alt: s.name, thumbnails: PRODUCT_THUMBNAIL_WIDTHS })
      }
      return ids
    }
    mediaIds.set(s.number, pictures())
    // Variants show the parent's pictures, except those whose colour option the drawing has in another colour.
    for (const colour of extraColours(type)) {
      const variants = (s.variants ?? []).filter((v) => v.options.some((o) => o.group === 'colour' && o.key === colour))
      if (variants.length === 0) continue
      const ids = pictures(colour)
      for (const v of variants) mediaIds.set(`${s.number}${v.suffix}`, ids)
    }
  }
  const scenes: Array<[string, string, number, number, number, Tri]> = [
    [contentMedia.hero, 'content/hero-forest.jpg', 1920, 800, 100, ['Forstarbeiter im Wald', 'Forest workers in the woods', 'Forestiers au travail']],
    [contentMedia.bgForest, 'content/bg-forest.jpg', 1600, 900, 110, ['Waldlandschaft', 'Forest landscape', 'Paysage forestier']],
    [contentMedia.bgWorkshop, 'content/bg-workshop.jpg', 1600, 900, 20, ['Werkstatt', 'Workshop', 'Atelier']],
    [contentMedia.bgMeadow, 'content/bg-meadow.jpg', 600, 300, 70, ['Waldwiese', 'Forest meadow', 'Clairière']],
    [contentMedia.team, 'content/team.jpg', 1200, 800, 40, ['Unser Team', 'Our team', 'Notre équipe']],
  ]
  for (const [id, file, w, h, hue, alt] of scenes) jobs.push({ id, file, svg: sceneSvg(w, h, hue), width: w, height: h, alt })
  const anchors: Array<[string, Tri]> = [
    ['products', ['Produkte', 'Products', 'Produits']], ['spare-parts', ['Ersatzteile', 'Spare parts', 'Pièces détachées']],
    ['industries', ['Branchen', 'Industries', 'Secteurs']], ['company', ['Unternehmen', 'Company', 'Entreprise']],
    ['manufacturers', ['Hersteller', 'Manufacturers', 'Fabricants']],
  ]
  anchors.forEach(([key, alt], i) => jobs.push({ id: contentMedia.anchor(key), file: `content/anchor-${key}.jpg`, svg: sceneSvg(1200, 800, 60 + i * 35), width: 1200, height: 800, alt }))
  const industries: Array<[string, Tri]> = [
    ['forestry', ['Forstbetriebe', 'Forestry enterprises', 'Exploitations forestières']], ['contractors', ['Lohnunternehmer', 'Forestry contractors', 'Entrepreneurs de travaux forestiers']],
    ['arboriculture', ['Baumpflege', 'Arboriculture', 'Élagage']], ['municipalities', ['Kommunen', 'Municipalities', 'Collectivités']],
  ]
  industries.forEach(([key, alt], i) => jobs.push({ id: contentMedia.industry(key), file: `content/industry-${key}.jpg`, svg: sceneSvg(1200, 800, 90 + i * 25), width: 1200, height: 800, alt }))
  for (const teaser of CATEGORY_TEASERS) {
    jobs.push({ id: contentMedia.category(teaser.key), file: `content/category-${teaser.key}.jpg`, svg: productImageSvg(teaser.image), width: 800, height: 800, alt: teaser.name, thumbnails: PRODUCT_THUMBNAIL_WIDTHS })
  }
  MANUFACTURERS.forEach((m, i) => jobs.push({ id: contentMedia.manufacturerLogo(m.key), file: `manufacturer/${m.key}.jpg`, svg: logoSvg(m.name, (i * 47) % 360, i), width: 400, height: 200, alt: same(m.name) }))

  const insertMedia = await renderImages(mediaRoot, jobs)
  const ins = new Inserter(db)
  // One transaction: a crash mid-seed leaves an empty database that the next start seeds again.
  db.transaction(() => {
    // Products reference categories that the content seed inserts afterwards.
    db.pragma('defer_foreign_keys = ON')
    insertMedia(ins)
    seedSystem(ins)
    seedPromotions(ins)
    const names = new Map<string, Tri>()
    const addNames = (s: ProductSpec) => {
      names.set(s.number, s.name)
      for (const v of s.variants ?? []) names.set(`${s.number}${v.suffix}`, s.name)
    }
    specs.forEach(addNames)
    const products = seedCatalogue(ins, (s, number) => mediaIds.get(number) ?? mediaIds.get(s.number) ?? [], MANUAL_MEDIA_ID)
    seedContent(ins, products, names)
    buildCatalogueIndex(db)
    db.prepare('INSERT INTO kv (key, value) VALUES (?, ?)').run(SEED_KEY, new Date().toISOString())
    db.prepare('INSERT INTO kv (key, value) VALUES (?, ?)').run(SEED_VERSION_KEY, String(SEED_VERSION))
  })()
  return { seeded: true, durationMs: performance.now() - started, products: count(db, 'product'), media: count(db, 'media') }
}

function count(db: Db, table: string): number {
  const row = db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }
  return row.n
}
