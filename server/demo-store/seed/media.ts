import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { sid } from '../ids'
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

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** A conifer: trunk plus three stacked tiers, its base at (x, y). */
function fir(x: number, y: number, h: number, fill: string): string {
  const w = h * 0.42
  const tiers = [0, 1, 2].map((i) => {
    const top = y - h + i * h * 0.22
    const bottom = y - h * 0.12 - (2 - i) * h * 0.18
    const half = (w / 2) * (0.55 + i * 0.22)
    return `M${x} ${top.toFixed(1)} L${(x + half).toFixed(1)} ${bottom.toFixed(1)} L${(x - half).toFixed(1)} ${bottom.toFixed(1)} Z`
  })
  return `<path d="${tiers.join(' ')} M${x - h * 0.03} ${y} h${h * 0.06} v${-h * 0.14} h${-h * 0.06} Z" fill="${fill}"/>`
}

/**
 * A wordless forest landscape: sky, two ridges and three rows of conifers fading with distance (the same
 * picture serves all three languages; its alt text is translated). `hue` shifts the light for variety.
 */
export function sceneSvg(width: number, height: number, hue: number): string {
  let seed = hue * 7919 + width
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
  const rows = [
    { y: 0.62, h: 0.22, light: 62, sat: 18, step: 0.035 },
    { y: 0.78, h: 0.34, light: 40, sat: 28, step: 0.06 },
    { y: 1.02, h: 0.62, light: 20, sat: 35, step: 0.11 },
  ]
  const trees = rows.map((row) => {
    let out = ''
    for (let x = -0.05; x < 1.05; x += row.step * (0.7 + rnd() * 0.6)) {
      const h = height * row.h * (0.75 + rnd() * 0.5)
      out += fir(Math.round(x * width), Math.round(height * row.y + rnd() * height * 0.03), Math.round(h), `hsl(${140 + (hue % 30)},${row.sat}%,${row.light}%)`)
    }
    return out
  }).join('')
  const ridge = (base: number, amp: number, fill: string) => {
    const points = Array.from({ length: 9 }, (_, i) => `${Math.round((i / 8) * width)},${Math.round(height * (base - amp * Math.sin(i * 1.3 + hue)))}`)
    return `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="${fill}"/>`
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${200 + (hue % 20)},45%,78%)"/><stop offset=".7" stop-color="hsl(${40 + (hue % 20)},55%,90%)"/></linearGradient>
<radialGradient id="sun" cx="${0.7 + (hue % 10) / 50}" cy="0.25" r="0.35"><stop offset="0" stop-color="#fff8e0" stop-opacity=".9"/><stop offset="1" stop-color="#fff8e0" stop-opacity="0"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/><rect width="${width}" height="${height}" fill="url(#sun)"/>
${ridge(0.5, 0.06, 'hsl(200,18%,70%)')}${ridge(0.6, 0.05, 'hsl(170,16%,58%)')}${trees}
</svg>`
}

/** Marks for the generated manufacturer logos; each brand gets its own shape and colour. */
const LOGO_MARKS = [
  '<path d="M0 64 L32 0 L64 64 Z"/>',
  '<circle cx="32" cy="32" r="32"/><circle cx="32" cy="32" r="14" fill="#fff"/>',
  '<rect width="64" height="64" rx="12"/><path d="M14 46 L32 16 L50 46 Z" fill="#fff"/>',
  '<path d="M32 0 L64 32 L32 64 L0 32 Z"/>',
  '<path d="M8 0 H56 V40 L32 64 L8 40 Z"/>',
  '<rect x="0" y="20" width="64" height="24" rx="12"/><rect x="20" y="0" width="24" height="64" rx="12"/>',
]

/** A wordmark logo: mark plus name on white, so it reads on the light surfaces it is shown on. */
export function logoSvg(name: string, hue: number, index = 0): string {
  const mark = LOGO_MARKS[index % LOGO_MARKS.length]
  const size = name.length > 9 ? 34 : 40
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#fff"/>
<g transform="translate(28 68)" fill="hsl(${hue},55%,36%)">${mark}</g>
<text x="110" y="114" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" letter-spacing="-1" fill="hsl(${hue},35%,20%)">${escapeXml(name)}</text></svg>`
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
  // Products of one type share a drawing: each distinct picture is rendered once and its bytes are
  // written under every product's own file name (sharp is the bulk of the seed time).
  const rendered = new Map<string, Promise<{ main: Buffer; thumbs: Map<number, Buffer> }>>()
  const render = (job: ImageJob) => {
    const key = `${job.width}x${job.height}:${(job.thumbnails ?? []).join(',')}:${job.svg}`
    let result = rendered.get(key)
    if (!result) {
      result = (async () => {
        // Rasterise once; the file and its thumbnails are encoded from the same pixels (no JPEG decode).
        const { data, info } = await sharp(Buffer.from(job.svg)).raw().toBuffer({ resolveWithObject: true })
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
        const main = await sharp(data, raw).jpeg({ quality: 80, mozjpeg: false }).toBuffer()
        const thumbs = new Map<number, Buffer>()
        for (const width of job.thumbnails ?? []) {
          const height = Math.round((job.height * width) / job.width)
          thumbs.set(width, await sharp(data, raw).resize(width, height).jpeg({ quality: 78 }).toBuffer())
        }
        return { main, thumbs }
      })()
      rendered.set(key, result)
    }
    return result
  }
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]
      const { main, thumbs } = await render(job)
      const target = join(mediaRoot, job.file)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, main)
      results.push({ job, size: main.length })
      for (const [width, bytes] of thumbs) {
        const height = Math.round((job.height * width) / job.width)
        const thumb = join(mediaRoot, thumbnailFile(job.file, width, height))
        mkdirSync(dirname(thumb), { recursive: true })
        writeFileSync(thumb, bytes)
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
