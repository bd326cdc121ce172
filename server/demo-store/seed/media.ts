import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { sid } from '../ids'
import type { Family } from './catalogue'
import { same, tr, type Inserter, type Tri } from './util'

export interface ImageJob {
  id: string
  /** Relative to the media root, e.g. `product/fs-10001.jpg`. */
  file: string
  svg: string
  width: number
  height: number
  alt: Tri
  /** Widths of smaller copies under `thumbnail/`, as Shopware's thumbnail sizes. */
  thumbnails?: number[]
}

/** Shopware's thumbnail path: `thumbnail/{dir}/{name}_{w}x{h}.{ext}`. */
export function thumbnailFile(file: string, width: number, height: number): string {
  return `thumbnail/${file.replace(/\.([^.]+)$/, `_${width}x${height}.$1`)}`
}

const HUES: Record<Family, number> = {
  winch: 28, chain: 210, bar: 200, wedge: 45, axe: 10, hook: 80, choker: 260, rope: 170, helmet: 35,
  clothing: 130, marking: 330, measuring: 190, crane: 220, 'winch-part': 30, hydraulic: 0, trailer: 100,
}

/** One simple pictogram per product family, drawn in a 400x400 box centred on the canvas. */
const ICONS: Record<Family, string> = {
  winch: '<rect x="60" y="120" width="280" height="160" rx="20"/><circle cx="140" cy="200" r="55" fill="#fff" opacity=".35"/><circle cx="260" cy="200" r="55" fill="#fff" opacity=".35"/><rect x="20" y="300" width="360" height="30" rx="8"/>',
  chain: '<g fill="none" stroke-width="26"><ellipse cx="110" cy="200" rx="70" ry="40"/><ellipse cx="200" cy="200" rx="70" ry="40"/><ellipse cx="290" cy="200" rx="70" ry="40"/></g>',
  bar: '<rect x="30" y="160" width="340" height="80" rx="40"/><circle cx="330" cy="200" r="22" fill="#fff" opacity=".5"/>',
  wedge: '<path d="M40 260 L360 160 L360 300 Z"/>',
  axe: '<rect x="185" y="40" width="30" height="330" rx="12"/><path d="M215 70 C330 60 360 170 330 210 L215 180 Z"/>',
  hook: '<rect x="60" y="185" width="280" height="30" rx="10"/><path d="M300 200 C330 120 250 80 230 140" fill="none" stroke-width="26"/>',
  choker: '<path d="M80 80 C200 200 200 200 320 320" fill="none" stroke-width="30" stroke-dasharray="40 14"/><circle cx="320" cy="320" r="36"/>',
  rope: '<path d="M60 300 C120 100 280 100 340 300" fill="none" stroke-width="34"/><path d="M60 300 C120 100 280 100 340 300" fill="none" stroke="#fff" stroke-width="8" stroke-dasharray="18 18" opacity=".5"/>',
  helmet: '<path d="M70 250 C70 100 330 100 330 250 Z"/><rect x="40" y="250" width="320" height="34" rx="14"/>',
  clothing: '<path d="M120 60 H280 L300 360 H220 L200 170 L180 360 H100 Z"/>',
  marking: '<rect x="140" y="110" width="120" height="260" rx="24"/><rect x="170" y="60" width="60" height="50" rx="8"/>',
  measuring: '<circle cx="200" cy="200" r="140"/><circle cx="200" cy="200" r="60" fill="#fff" opacity=".4"/><rect x="200" y="300" width="170" height="40"/>',
  crane: '<path d="M60 340 L120 340 L160 120 L340 70 L350 110 L190 150 L150 340 Z"/><circle cx="330" cy="170" r="30"/>',
  'winch-part': '<circle cx="200" cy="200" r="130"/><circle cx="200" cy="200" r="50" fill="#fff" opacity=".45"/>',
  hydraulic: '<rect x="40" y="160" width="230" height="80" rx="12"/><rect x="270" y="185" width="100" height="30"/><circle cx="80" cy="200" r="16" fill="#fff" opacity=".4"/>',
  trailer: '<rect x="40" y="130" width="320" height="110" rx="10"/><circle cx="120" cy="280" r="48"/><circle cx="280" cy="280" r="48"/>',
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A product picture; further views of the same product turn the motif and shift the colour. */
export function productImageSvg(family: Family, label: string, view = 1): string {
  const hue = HUES[family] + (view - 1) * 25
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},40%,94%)"/><stop offset="1" stop-color="hsl(${hue},35%,82%)"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#g)"/>
<g transform="translate(200 150) rotate(${(view - 1) * 12} 200 250)" fill="hsl(${hue},45%,38%)" stroke="hsl(${hue},45%,38%)">${ICONS[family]}</g>
<text x="400" y="700" font-family="DejaVu Sans, sans-serif" font-size="54" font-weight="bold" text-anchor="middle" fill="hsl(${hue},30%,25%)">${escapeXml(label)}</text>
</svg>`
}

/** A wordless landscape: the same picture serves all three languages (its alt text is translated). */
export function sceneSvg(width: number, height: number, hue: number): string {
  const hills = Array.from({ length: 14 }, (_, i) => {
    const x = (i / 13) * width
    const h = height * (0.35 + ((i * 37) % 10) / 40)
    return `<path d="M${x - 60} ${height} L${x} ${height - h} L${x + 60} ${height} Z" fill="hsl(${hue + (i % 3) * 8},40%,${22 + (i % 4) * 5}%)"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue + 80},55%,80%)"/><stop offset="1" stop-color="hsl(${hue + 40},40%,92%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>${hills}
</svg>`
}

export function logoSvg(name: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/><rect x="20" y="60" width="80" height="80" rx="40" fill="hsl(${hue},50%,40%)"/>
<text x="120" y="118" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="hsl(${hue},40%,25%)">${escapeXml(name)}</text></svg>`
}

/** A tiny but valid one-page PDF, so download links have a real file behind them. */
export function manualPdf(title: string): Buffer {
  const stream = `BT /F1 20 Tf 72 760 Td (${title.replace(/[()\\]/g, '')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

export const MANUAL_MEDIA_ID = sid('media:download:manual-winch')

/**
 * Renders all jobs (bounded concurrency; sharp works on the libuv pool) and writes the PDF manual.
 * Returns a function that inserts the media rows, so the caller can do that inside its transaction.
 */
export async function renderImages(mediaRoot: string, jobs: ImageJob[]): Promise<(ins: Inserter) => void> {
  const results: Array<{ job: ImageJob; size: number }> = []
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      const target = join(mediaRoot, job.file)
      mkdirSync(dirname(target), { recursive: true })
      const info = await sharp(Buffer.from(job.svg)).jpeg({ quality: 80, mozjpeg: false }).toFile(target)
      results.push({ job, size: info.size })
      for (const width of job.thumbnails ?? []) {
        const height = Math.round((job.height * width) / job.width)
        const thumb = join(mediaRoot, thumbnailFile(job.file, width, height))
        mkdirSync(dirname(thumb), { recursive: true })
        await sharp(target).resize(width, height).jpeg({ quality: 78 }).toFile(thumb)
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  const pdf = manualPdf('Betriebsanleitung Forstseilwinde / Operating manual forestry winch')
  const pdfFile = 'download/betriebsanleitung-forstseilwinde.pdf'
  mkdirSync(join(mediaRoot, 'download'), { recursive: true })
  writeFileSync(join(mediaRoot, pdfFile), pdf)
  return (ins) => {
    for (const { job, size } of results) {
      const fileName = job.file.split('/').pop() ?? job.file
      ins.insert('media', {
        id: job.id, path: `media/${job.file}`, file_name: fileName.replace(/\.[^.]+$/, ''), file_extension: 'jpg', mime_type: 'image/jpeg',
        file_size: size, width: job.width, height: job.height, translations: tr({ alt: job.alt, title: job.alt }),
      })
      for (const width of job.thumbnails ?? []) {
        const height = Math.round((job.height * width) / job.width)
        ins.insert('media_thumbnail', { id: sid(`media-thumbnail:${job.id}:${width}`), media_id: job.id, width, height, path: `media/${thumbnailFile(job.file, width, height)}` })
      }
    }
    ins.insert('media', {
      id: MANUAL_MEDIA_ID, path: `media/${pdfFile}`, file_name: 'betriebsanleitung-forstseilwinde', file_extension: 'pdf',
      mime_type: 'application/pdf', file_size: pdf.length, width: null, height: null,
      translations: tr({ alt: same(null), title: ['Betriebsanleitung (PDF)', 'Operating manual (PDF)', 'Notice d’utilisation (PDF)'] }),
    })
  }
}
