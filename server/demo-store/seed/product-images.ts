import type { Family } from './catalogue'

/**
 * Product illustrations for the demo store: one drawing per product type, lit from the top left,
 * on a neutral studio background with a soft floor shadow (gradients only: a blur filter or a radial background doubles the seed time). No text, no article number: the same
 * picture serves all three languages and every product of its type. Views 2 and 3 show the same
 * object turned and as a close-up, so galleries have something to page through.
 */

export const PRODUCT_IMAGE_TYPES = [
  'winch', 'saw-chain', 'guide-bar', 'felling-wedge', 'splitting-wedge', 'axe', 'splitting-maul', 'pickaroon',
  'cant-hook', 'felling-lever', 'choker-chain', 'snatch-block', 'sliding-hook', 'round-sling', 'steel-rope',
  'synthetic-rope', 'helmet', 'trousers', 'jacket', 'boots', 'gloves', 'marking-spray', 'measuring-tape', 'caliper',
  'marking-crayons', 'numbering-tags', 'hydraulic-hose', 'seal-kit', 'plain-bearing', 'rotator', 'grapple',
  'joint-pin', 'gear-pump', 'brake-band', 'clutch-plate', 'rope-guide', 'rope-drum', 'radio-transmitter', 'spring',
  'grille', 'sprocket', 'valve', 'manual', 'control-valve', 'cylinder', 'quick-coupling', 'filter', 'oil-canister',
  'pressure-gauge', 'fitting', 'oil-cooler', 'stanchion', 'drawbar-eye', 'wheel-hub', 'wheel', 'light', 'mudguard',
  'wheel-chock',
] as const

export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number]

/** Which German product name (first match wins, case-insensitive for compounds such as Schnittschutzstiefel) means which type, per family; the family's first entry is its default. */
const NAME_RULES: Record<Family, Array<[RegExp, ProductImageType]>> = {
  winch: [[/./i, 'winch']],
  chain: [[/./i, 'saw-chain']],
  bar: [[/./i, 'guide-bar']],
  wedge: [[/Fällkeil/i, 'felling-wedge'], [/./i, 'splitting-wedge']],
  axe: [[/Spalthammer/i, 'splitting-maul'], [/Sappie|Packhaken/i, 'pickaroon'], [/./i, 'axe']],
  hook: [[/Fällheber/i, 'felling-lever'], [/./i, 'cant-hook']],
  choker: [[/Umlenkrolle/i, 'snatch-block'], [/Schiebehaken/i, 'sliding-hook'], [/Rundschlinge/i, 'round-sling'], [/./i, 'choker-chain']],
  rope: [[/Kunststoff/i, 'synthetic-rope'], [/./i, 'steel-rope']],
  helmet: [[/./i, 'helmet']],
  clothing: [[/Jacke/i, 'jacket'], [/Stiefel/i, 'boots'], [/Handschuh/i, 'gloves'], [/./i, 'trousers']],
  marking: [[/./i, 'marking-spray']],
  measuring: [[/Kluppe/i, 'caliper'], [/Kreide/i, 'marking-crayons'], [/Nummerier/i, 'numbering-tags'], [/./i, 'measuring-tape']],
  crane: [
    [/Schlauch/i, 'hydraulic-hose'], [/Dichtung/i, 'seal-kit'], [/Gleitlager/i, 'plain-bearing'], [/Rotator/i, 'rotator'],
    [/Greifer/i, 'grapple'], [/Bolzen/i, 'joint-pin'], [/Motor/i, 'gear-pump'], [/./i, 'joint-pin'],
  ],
  'winch-part': [
    [/Handbuch/i, 'manual'], [/Bremsband/i, 'brake-band'], [/Lamelle/i, 'clutch-plate'], [/Seilführung|Einlaufrolle/i, 'rope-guide'],
    [/Trommel/i, 'rope-drum'], [/Funk/i, 'radio-transmitter'], [/Feder/i, 'spring'], [/Gitter/i, 'grille'], [/Kettenrad/i, 'sprocket'],
    [/Ventil/i, 'valve'], [/./i, 'brake-band'],
  ],
  hydraulic: [
    [/Steuerventil/i, 'control-valve'], [/Pumpe/i, 'gear-pump'], [/Zylinder/i, 'cylinder'], [/Kupplung/i, 'quick-coupling'],
    [/filter/i, 'filter'], [/kühler/i, 'oil-cooler'], [/öl/i, 'oil-canister'], [/Manometer/i, 'pressure-gauge'], [/Verschraubung/i, 'fitting'],
    [/Schlauch /i, 'hydraulic-hose'], [/./i, 'valve'],
  ],
  trailer: [
    [/Runge/i, 'stanchion'], [/Zugöse/i, 'drawbar-eye'], [/Radnabe|Achsschenkel/i, 'wheel-hub'], [/^Rad /i, 'wheel'],
    [/leuchte|Lichtleiste/i, 'light'], [/Zylinder|Stützfuß/i, 'cylinder'], [/Gitter/i, 'grille'], [/Kotflügel/i, 'mudguard'],
    [/Unterlegkeil/i, 'wheel-chock'], [/./i, 'stanchion'],
  ],
}

/** The picture a product gets, from its family and German name. */
export function productImageType(family: Family, germanName: string): ProductImageType {
  const rule = NAME_RULES[family].find(([pattern]) => pattern.test(germanName))
  return rule ? rule[1] : NAME_RULES[family][0]![1]
}

// Materials: gradients from the lit top left to the shaded bottom right, shared by every drawing.
const DEFS = `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f8f6"/><stop offset=".75" stop-color="#eceeea"/><stop offset="1" stop-color="#e0e3df"/></linearGradient>
<radialGradient id="floor"><stop offset="0" stop-color="#2f3531" stop-opacity=".34"/><stop offset=".6" stop-color="#2f3531" stop-opacity=".16"/><stop offset="1" stop-color="#2f3531" stop-opacity="0"/></radialGradient>
${grad('steel', ['#f4f6f7', '#c3c9cd', '#8a939a', '#c6ccd0'], [0, 0.4, 0.6, 1], true)}
${grad('dark', ['#8b9399', '#4c545a', '#2a3035'])}
${grad('rubber', ['#5a5e62', '#2b2e31', '#141618'])}
${grad('orange', ['#ffb35c', '#f07c00', '#b85400'])}
${grad('green', ['#7fbf6e', '#3f8a36', '#22561d'])}
${grad('yellow', ['#ffe680', '#f2c300', '#b58f00'])}
${grad('red', ['#ff7a6e', '#d0202a', '#8c1016'])}
${grad('blue', ['#7aa7e8', '#2f66c0', '#173d80'])}
${grad('pink', ['#ff9ccf', '#e0409a', '#9e1c63'])}
${grad('white', ['#ffffff', '#f6f7f5', '#d3d8da'])}
${grad('black', ['#6a6f74', '#33383c', '#1a1d20'])}
${grad('wood', ['#f0c98c', '#c98c47', '#8a5624'])}
${grad('brass', ['#fbe7a0', '#d2a83a', '#8f6a12'])}
${grad('alu', ['#ffffff', '#dde2e6', '#a9b2b9'])}
${grad('fabric', ['#6c7a5e', '#465238', '#2c3423'])}
${grad('lens', ['#ffb0a6', '#e3362b', '#8e1510'])}
${grad('paper', ['#ffffff', '#eef0ea', '#cfd3cb'])}
<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>`

function grad(id: string, colours: string[], stops?: number[], vertical = false): string {
  const s = colours.map((c, i) => `<stop offset="${stops?.[i] ?? i / (colours.length - 1)}" stop-color="${c}"/>`).join('')
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1">${s}</linearGradient>`
}

const f = (id: string) => `url(#${id})`
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${f(fill)}"${extra}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${f(fill)}"${extra}/>`
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${f(fill)}"${extra}/>`
const stroke = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour.startsWith('#') ? colour : f(colour)}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`
const edge = ' stroke="#1f2529" stroke-opacity=".35" stroke-width="3"'
const highlight = (x: number, y: number, w: number, h: number, rx = 8) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="url(#shine)"/>`

/** A horizontal cylinder from x to x+w around the axis y: body plus a visible end face. */
function cylinder(x: number, y: number, w: number, r: number, fill: string, end = 'steel'): string {
  return `${rect(x, y - r, w, 2 * r, fill, 6, edge)}${highlight(x + 8, y - r + 6, w - 16, r * 0.6, 6)}<ellipse cx="${x + w}" cy="${y}" rx="${r * 0.35}" ry="${r}" fill="${f(end)}"${edge}/>`
}

/** A gear or sprocket outline around (cx, cy). */
function gear(cx: number, cy: number, r: number, teeth: number, fill: string): string {
  const points: string[] = []
  for (let i = 0; i < teeth * 2; i++) {
    const a = (Math.PI * i) / teeth
    const rr = i % 2 === 0 ? r : r * 0.86
    points.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`)
  }
  return `<polygon points="${points.join(' ')}" fill="${f(fill)}"${edge}/>`
}

function chainLinks(x0: number, y0: number, x1: number, y1: number, n: number, width = 18): string {
  let out = ''
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1)
    const x = x0 + (x1 - x0) * t
    const y = y0 + (y1 - y0) * t
    const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI
    const flat = i % 2 === 1
    out += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${flat ? 36 : 40}" ry="${flat ? 10 : 22}" transform="rotate(${angle.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="${f('steel')}" stroke-width="${width}"/>`
  }
  return out
}

/**
 * Drawings whose main colour follows a variant's colour option (keys of catalogue-data's COLOURS, each
 * with a paint gradient in DEFS). The first colour is the drawing's own: the parent's pictures, shared
 * by the variants of that colour; every other colour gets pictures of its own (seed/index.ts).
 */
export const COLOURED_TYPES: Partial<Record<ProductImageType, readonly string[]>> = {
  helmet: ['orange', 'yellow', 'white'],
  trousers: ['orange', 'green'],
  'marking-spray': ['orange', 'red', 'blue', 'pink', 'yellow', 'white'],
}

/** The colours a type can be drawn in beyond its own; empty for single-colour drawings. */
export function extraColours(type: ProductImageType): readonly string[] {
  return COLOURED_TYPES[type]?.slice(1) ?? []
}

const DRAWINGS: Record<ProductImageType, (paint?: string) => string> = {
  winch: () =>
    rect(210, 250, 380, 300, 'green', 18, edge) + highlight(226, 262, 348, 60) + cylinder(250, 420, 300, 70, 'dark') +
    rect(180, 540, 440, 40, 'dark', 8, edge) + path('M210 250 L300 170 L500 170 L590 250 Z', 'green', edge) + rect(330, 200, 140, 26, 'steel', 6) +
    circle(300, 320, 22, 'steel', edge) + circle(500, 320, 22, 'steel', edge),
  'saw-chain': () => chainLinks(170, 470, 630, 330, 11, 16) + chainLinks(170, 560, 630, 420, 11, 10),
  'guide-bar': () =>
    path('M150 360 L560 330 A90 90 0 0 1 560 510 L150 480 Z', 'steel', edge) + rect(170, 395, 250, 22, 'dark', 11) + circle(600, 420, 36, 'dark', edge) + circle(600, 420, 14, 'steel'),
  'felling-wedge': () => path('M170 500 L630 360 L630 540 L170 540 Z', 'orange', edge) + highlight(400, 420, 210, 30, 4) + rect(600, 360, 30, 180, 'orange', 4, edge),
  'splitting-wedge': () => path('M200 520 L610 330 L640 420 L230 560 Z', 'dark', edge) + highlight(300, 430, 260, 18, 4),
  axe: () => rect(380, 180, 36, 440, 'wood', 16, edge) + path('M330 200 L470 190 C560 200 600 260 590 330 L470 300 L330 300 Z', 'steel', edge),
  'splitting-maul': () => rect(380, 230, 40, 400, 'black', 16, edge) + path('M290 170 L500 170 C560 190 580 250 560 320 L290 300 Z', 'red', edge) + rect(280, 160, 60, 150, 'dark', 8, edge),
  pickaroon: () => rect(200, 400, 400, 30, 'wood', 14, edge) + path('M560 380 L620 380 C660 380 670 470 610 520 L600 500 C630 470 620 430 590 430 L560 430 Z', 'steel', edge),
  'cant-hook': () => rect(180, 420, 440, 34, 'wood', 16, edge) + stroke('M520 420 C560 300 460 250 430 320', 'steel', 22) + rect(560, 410, 70, 54, 'steel', 6, edge),
  'felling-lever': () => rect(160, 430, 420, 30, 'steel', 14, edge) + path('M560 410 L660 380 L670 420 L580 470 Z', 'steel', edge) + stroke('M300 430 C330 330 250 290 230 340', 'steel', 18) + rect(180, 420, 90, 50, 'red', 12, edge),
  'choker-chain': () => chainLinks(160, 300, 560, 520, 9) + path('M560 500 L640 520 L620 600 L560 570 Z', 'steel', edge) + rect(130, 270, 90, 40, 'steel', 18, edge),
  'snatch-block': () => path('M300 200 L500 200 L540 560 L260 560 Z', 'red', edge) + circle(400, 420, 110, 'steel', edge) + circle(400, 420, 36, 'dark') + stroke('M330 180 C330 110 470 110 470 180', 'steel', 22),
  'sliding-hook': () => stroke('M400 230 L400 430 C400 560 560 560 560 440', 'steel', 46) + rect(360, 170, 80, 80, 'steel', 30, edge),
  'round-sling': () => stroke('M220 300 C220 200 580 200 580 300 L580 500 C580 600 220 600 220 500 Z', '#6d3fb0', 60) + stroke('M230 320 L230 480 M570 320 L570 480', '#fff', 4, ' opacity=".4"'),
  'steel-rope': () => stroke('M200 420 C200 250 600 250 600 420 C600 590 240 590 260 430 C270 330 520 320 520 430', 'steel', 30) + stroke('M200 420 C200 250 600 250 600 420', '#5a636a', 4, ' stroke-dasharray="10 12"'),
  'synthetic-rope': () => stroke('M200 420 C200 250 600 250 600 420 C600 590 240 590 260 430 C270 330 520 320 520 430', 'orange', 30) + stroke('M200 420 C200 250 600 250 600 420', '#fff3e0', 4, ' stroke-dasharray="10 12"'),
  helmet: (paint = 'orange') =>
    path('M220 460 C220 240 580 240 580 460 Z', paint, edge) + rect(190, 450, 420, 40, paint, 18, edge) + highlight(300, 318, 170, 44, 22) +
    rect(170, 420, 50, 130, 'black', 20, edge) + rect(580, 420, 50, 130, 'black', 20, edge) + path('M240 490 L560 490 L540 580 L260 580 Z', 'dark', ' opacity=".55"'),
  trousers: (paint = 'orange') => path('M280 170 L520 170 L560 640 L440 640 L400 330 L360 640 L240 640 Z', paint, edge) + rect(280, 170, 240, 40, 'black', 6) + path('M300 250 L390 250 L380 520 L300 520 Z', 'black', ' opacity=".75"'),
  jacket: () => path('M300 170 L500 170 L620 260 L600 460 L540 440 L540 640 L260 640 L260 440 L200 460 L180 260 Z', 'orange', edge) + rect(394, 180, 12, 460, 'dark') + rect(260, 520, 280, 30, 'steel', 0, ' opacity=".7"'),
  boots: () => path('M260 180 L400 180 L410 480 L600 520 C640 530 640 600 600 600 L250 600 Z', 'black', edge) + rect(240, 590, 390, 30, 'rubber', 8) + path('M270 240 L390 240 L395 330 L270 330 Z', 'orange', ''),
  gloves: () => path('M300 620 L300 380 L260 300 L290 280 L340 360 L340 200 L380 200 L390 340 L400 180 L440 180 L440 340 L460 200 L500 200 L490 360 L520 240 L560 250 L520 620 Z', 'orange', edge) + rect(290, 560, 240, 60, 'black', 8),
  'marking-spray': (paint = 'orange') => rect(320, 240, 160, 380, paint, 20, edge) + highlight(334, 250, 40, 360, 18) + rect(350, 190, 100, 60, 'steel', 10, edge) + rect(380, 160, 40, 40, 'black', 6),
  'measuring-tape': () => circle(400, 400, 170, 'yellow', edge) + circle(400, 400, 70, 'black') + rect(400, 520, 230, 40, 'yellow', 4, edge) + circle(400, 400, 24, 'steel'),
  caliper: () => rect(170, 360, 480, 40, 'alu', 4, edge) + rect(200, 400, 40, 240, 'alu', 4, edge) + rect(470, 330, 60, 310, 'yellow', 6, edge) + rect(210, 370, 420, 6, 'dark'),
  'marking-crayons': () => [0, 1, 2, 3, 4].map((i) => rect(240 + i * 70, 260, 54, 300, ['red', 'blue', 'yellow', 'green', 'orange'][i]!, 8, edge)).join('') + rect(220, 480, 370, 100, 'paper', 8, edge),
  'numbering-tags': () => [0, 1, 2].map((i) => `<g transform="rotate(${i * 12 - 12} 400 420)">${rect(280, 300, 240, 160, 'yellow', 14, edge)}${circle(310, 330, 12, 'dark')}</g>`).join(''),
  'hydraulic-hose': () => stroke('M190 300 C190 620 610 620 610 300', 'rubber', 44) + rect(160, 210, 60, 100, 'brass', 8, edge) + rect(580, 210, 60, 100, 'brass', 8, edge),
  'seal-kit': () => circle(330, 400, 120, 'rubber', edge) + circle(330, 400, 80, 'bg') + circle(520, 460, 80, 'blue', edge) + circle(520, 460, 50, 'bg') + circle(500, 290, 50, 'rubber', edge) + circle(500, 290, 30, 'bg'),
  'plain-bearing': () => circle(400, 400, 170, 'brass', edge) + circle(400, 400, 100, 'dark') + circle(400, 400, 84, 'bg') + highlight(300, 260, 200, 40, 20),
  rotator: () => cylinder(260, 300, 280, 90, 'black') + rect(300, 400, 200, 160, 'dark', 10, edge) + circle(400, 470, 40, 'steel', edge) + rect(330, 180, 140, 40, 'steel', 10, edge),
  grapple: () => path('M260 220 L380 220 L360 420 C340 560 230 600 200 560 C260 500 280 420 260 220 Z', 'yellow', edge) + path('M540 220 L420 220 L440 420 C460 560 570 600 600 560 C540 500 520 420 540 220 Z', 'yellow', edge) + rect(300, 180, 200, 60, 'dark', 10, edge),
  'joint-pin': () => cylinder(200, 400, 380, 46, 'steel') + rect(180, 340, 40, 120, 'steel', 6, edge) + circle(560, 400, 10, 'dark'),
  'gear-pump': () => rect(260, 280, 280, 240, 'black', 20, edge) + highlight(274, 290, 252, 60) + cylinder(540, 400, 90, 28, 'steel') + circle(330, 340, 18, 'steel') + circle(470, 460, 18, 'steel') + rect(370, 220, 60, 60, 'brass', 6, edge),
  'brake-band': () => stroke('M260 560 C120 420 220 220 400 220 C580 220 680 420 540 560', 'dark', 40) + stroke('M260 560 C120 420 220 220 400 220 C580 220 680 420 540 560', '#6b4b2a', 14) + rect(230, 540, 60, 60, 'steel', 8, edge) + rect(510, 540, 60, 60, 'steel', 8, edge),
  'clutch-plate': () => circle(400, 400, 180, 'wood', edge) + circle(400, 400, 120, 'steel') + gear(400, 400, 60, 12, 'dark'),
  'rope-guide': () => rect(200, 300, 400, 60, 'green', 10, edge) + cylinder(260, 440, 280, 40, 'steel') + rect(200, 360, 40, 160, 'green', 6, edge) + rect(560, 360, 40, 160, 'green', 6, edge),
  'rope-drum': () => cylinder(240, 400, 300, 110, 'steel') + rect(220, 260, 30, 280, 'green', 6, edge) + rect(540, 260, 30, 280, 'green', 6, edge) + stroke('M260 340 L520 340 M260 380 L520 380 M260 420 L520 420 M260 460 L520 460', '#6a737a', 8),
  'radio-transmitter': () => rect(300, 200, 200, 400, 'yellow', 30, edge) + rect(330, 240, 140, 80, 'dark', 10) + [0, 1, 2].map((r) => circle(350, 380 + r * 70, 22, 'black') + circle(450, 380 + r * 70, 22, 'black')).join('') + circle(400, 560, 20, 'red'),
  spring: () => stroke(Array.from({ length: 9 }, (_, i) => `${i === 0 ? 'M' : 'L'}${200 + i * 50} ${i % 2 === 0 ? 340 : 460}`).join(' '), 'steel', 20) + circle(180, 340, 30, 'steel', ' fill-opacity="0" stroke="#9aa3a9" stroke-width="14"') + circle(620, 340, 30, 'steel', ' fill-opacity="0" stroke="#9aa3a9" stroke-width="14"'),
  grille: () => rect(200, 220, 400, 360, 'dark', 12, edge) + Array.from({ length: 7 }, (_, i) => rect(230 + i * 50, 250, 20, 300, 'steel', 4)).join('') + rect(200, 220, 400, 36, 'green', 12),
  sprocket: () => gear(400, 400, 190, 18, 'steel') + circle(400, 400, 80, 'dark') + circle(400, 400, 50, 'bg'),
  valve: () => rect(300, 330, 200, 160, 'brass', 12, edge) + highlight(312, 340, 176, 40) + rect(220, 380, 80, 60, 'brass', 6, edge) + rect(500, 380, 80, 60, 'brass', 6, edge) + rect(370, 230, 60, 100, 'dark', 6, edge) + rect(330, 200, 140, 40, 'red', 10, edge),
  manual: () => rect(250, 190, 300, 420, 'green', 10, edge) + rect(540, 200, 20, 400, 'paper', 2) + rect(290, 250, 220, 140, 'paper', 6) + circle(400, 320, 46, 'green') + rect(290, 430, 220, 14, 'paper', 6) + rect(290, 460, 160, 14, 'paper', 6),
  'control-valve': () => [0, 1, 2].map((i) => rect(240 + i * 110, 300, 100, 240, 'blue', 8, edge) + rect(280 + i * 110, 180, 20, 130, 'steel', 8) + circle(290 + i * 110, 180, 22, 'black')).join(''),
  cylinder: () => cylinder(160, 400, 320, 70, 'black') + cylinder(480, 400, 200, 26, 'steel') + rect(130, 360, 40, 80, 'steel', 16, edge) + rect(300, 310, 40, 30, 'brass', 4),
  'quick-coupling': () => cylinder(220, 400, 220, 60, 'brass', 'brass') + cylinder(440, 400, 140, 40, 'steel') + rect(300, 330, 60, 140, 'brass', 6, ' opacity=".6"'),
  filter: () => rect(300, 220, 200, 360, 'blue', 24, edge) + highlight(314, 230, 60, 340, 20) + rect(290, 200, 220, 50, 'steel', 10, edge) + rect(290, 560, 220, 30, 'steel', 10, edge),
  'oil-canister': () => path('M270 240 L470 240 L530 300 L530 620 L270 620 Z', 'blue', edge) + rect(300, 190, 80, 60, 'black', 10) + highlight(284, 260, 50, 340) + rect(420, 260, 70, 30, 'black', 12),
  'pressure-gauge': () => circle(400, 380, 170, 'steel', edge) + circle(400, 380, 140, 'paper') + stroke('M400 380 L490 300', 'red', 10) + circle(400, 380, 16, 'black') + rect(370, 550, 60, 90, 'brass', 6, edge),
  fitting: () => path('M240 330 L460 330 L460 550 L360 550 L360 430 L240 430 Z', 'steel', edge) + rect(200, 320, 60, 120, 'steel', 6, edge) + rect(350, 530, 120, 60, 'steel', 6, edge),
  'oil-cooler': () => rect(200, 220, 400, 360, 'black', 16, edge) + Array.from({ length: 12 }, (_, i) => rect(220, 240 + i * 27, 360, 10, 'alu', 3)).join('') + circle(400, 400, 110, 'dark', ' opacity=".8"'),
  stanchion: () => rect(360, 150, 80, 470, 'blue', 8, edge) + highlight(368, 160, 24, 450, 6) + rect(300, 560, 200, 60, 'dark', 8, edge),
  'drawbar-eye': () => cylinder(180, 420, 270, 36, 'steel') + circle(540, 420, 110, 'steel', edge) + circle(540, 420, 50, 'bg'),
  'wheel-hub': () => circle(400, 400, 180, 'dark', edge) + circle(400, 400, 90, 'steel', edge) + Array.from({ length: 8 }, (_, i) => circle(400 + 135 * Math.cos((i * Math.PI) / 4), 400 + 135 * Math.sin((i * Math.PI) / 4), 16, 'steel')).join(''),
  wheel: () => circle(400, 400, 230, 'rubber', edge) + circle(400, 400, 130, 'yellow', edge) + circle(400, 400, 50, 'dark') + Array.from({ length: 16 }, (_, i) => `<rect x="390" y="166" width="20" height="40" fill="#111" transform="rotate(${i * 22.5} 400 400)"/>`).join(''),
  light: () => rect(200, 330, 400, 150, 'black', 16, edge) + rect(220, 350, 170, 110, 'lens', 10) + rect(400, 350, 90, 110, 'orange', 10) + rect(500, 350, 80, 110, 'alu', 10),
  mudguard: () => path('M160 520 C160 260 640 260 640 520 L590 520 C590 320 210 320 210 520 Z', 'black', edge) + highlight(260, 290, 280, 30, 14),
  'wheel-chock': () => path('M220 560 L580 560 L580 520 C480 520 360 380 340 300 L260 300 Z', 'yellow', edge) + highlight(270, 320, 60, 220, 10),
}

/** Zoom and turn for each view: 1 the whole object, 2 turned, 3 a close-up of its upper half. */
const VIEWS: Record<number, string> = {
  1: '',
  2: 'rotate(-14 400 420) scale(0.92) translate(35 35)',
  3: 'translate(-280 -180) scale(1.7)',
}

/** `colour`: one of the type's COLOURED_TYPES (default: the drawing's own colour). */
export function productImageSvg(type: ProductImageType, view = 1, colour?: string): string {
  if (colour !== undefined && !COLOURED_TYPES[type]?.includes(colour)) throw new Error(`${type} is not drawn in ${colour}`)
  const transform = VIEWS[view] ?? VIEWS[2]!
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${DEFS}
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="650" rx="${view === 3 ? 360 : 290}" ry="48" fill="url(#floor)"/>
<g transform="${transform}">${DRAWINGS[type](colour)}</g>
</svg>`
}
