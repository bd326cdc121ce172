import type { Tri } from './util'

/** Manufacturers: believable, fictional brands so no real trademark is misused. */
export const MANUFACTURERS: Array<{ key: string; name: string; link: string; description: Tri }> = [
  { key: 'waldkraft', name: 'Waldkraft', link: 'https://waldkraft.example', description: ['Seilwinden und Rückezubehör aus dem Schwarzwald.', 'Winches and skidding equipment from the Black Forest.', 'Treuils et accessoires de débardage de la Forêt-Noire.'] },
  { key: 'nordholz', name: 'Nordholz', link: 'https://nordholz.example', description: ['Forstkrane und Kranersatzteile aus Skandinavien.', 'Forestry cranes and crane spare parts from Scandinavia.', 'Grues forestières et pièces de grue de Scandinavie.'] },
  { key: 'alpentec', name: 'Alpentec', link: 'https://alpentec.example', description: ['Hydraulik für Forst- und Landtechnik.', 'Hydraulics for forestry and agricultural machinery.', 'Hydraulique pour machines forestières et agricoles.'] },
  { key: 'kettwerk', name: 'Kettwerk', link: 'https://kettwerk.example', description: ['Sägeketten und Führungsschienen für Profis.', 'Saw chains and guide bars for professionals.', 'Chaînes et guides pour les professionnels.'] },
  { key: 'silvator', name: 'Silvator', link: 'https://silvator.example', description: ['Schnittschutzkleidung und Forsthelme.', 'Chainsaw protective clothing and forestry helmets.', 'Vêtements anti-coupure et casques forestiers.'] },
  { key: 'forstmeister', name: 'Forstmeister', link: 'https://forstmeister.example', description: ['Fäll- und Spaltwerkzeug seit 1921.', 'Felling and splitting tools since 1921.', 'Outils d’abattage et de fendage depuis 1921.'] },
  { key: 'tannex', name: 'Tannex', link: 'https://tannex.example', description: ['Anschlagmittel, Ketten und Seile.', 'Rigging, chains and ropes.', 'Élingues, chaînes et câbles.'] },
  { key: 'rotaflex', name: 'Rotaflex', link: 'https://rotaflex.example', description: ['Rotatoren und Greiferteile.', 'Rotators and grapple parts.', 'Rotateurs et pièces de grappin.'] },
  { key: 'stammfix', name: 'Stammfix', link: 'https://stammfix.example', description: ['Messen und Markieren im Wald.', 'Measuring and marking in the forest.', 'Mesure et marquage en forêt.'] },
  { key: 'fjaellmaskin', name: 'Fjällmaskin', link: 'https://fjaellmaskin.example', description: ['Rückewagen und Forstanhänger.', 'Forwarding trailers and forestry trailers.', 'Remorques de débardage et remorques forestières.'] },
  { key: 'lignum', name: 'Lignum Pro', link: 'https://lignum-pro.example', description: ['Zubehör für Lohnunternehmer und Baumpflege.', 'Accessories for contractors and arborists.', 'Accessoires pour entrepreneurs et élagueurs.'] },
  { key: 'hydroforst', name: 'Hydroforst', link: 'https://hydroforst.example', description: ['Hydraulikschläuche und Verschraubungen.', 'Hydraulic hoses and fittings.', 'Flexibles et raccords hydrauliques.'] },
]

export type GroupKey = 'length' | 'pitch' | 'gauge' | 'size' | 'colour' | 'diameter' | 'force' | 'material'

export const PROPERTY_GROUPS: Array<{ key: GroupKey; name: Tri; displayType: string; sortingType: string }> = [
  { key: 'length', name: ['Länge', 'Length', 'Longueur'], displayType: 'text', sortingType: 'position' },
  { key: 'pitch', name: ['Teilung', 'Pitch', 'Pas'], displayType: 'text', sortingType: 'position' },
  { key: 'gauge', name: ['Treibglied', 'Gauge', 'Jauge'], displayType: 'text', sortingType: 'position' },
  { key: 'size', name: ['Größe', 'Size', 'Taille'], displayType: 'text', sortingType: 'position' },
  { key: 'colour', name: ['Farbe', 'Colour', 'Couleur'], displayType: 'color', sortingType: 'alphanumeric' },
  { key: 'diameter', name: ['Durchmesser', 'Diameter', 'Diamètre'], displayType: 'text', sortingType: 'position' },
  { key: 'force', name: ['Zugkraft', 'Pulling force', 'Force de traction'], displayType: 'text', sortingType: 'position' },
  { key: 'material', name: ['Material', 'Material', 'Matériau'], displayType: 'text', sortingType: 'alphanumeric' },
]

export const COLOURS: Record<string, { name: Tri; hex: string }> = {
  orange: { name: ['Orange', 'Orange', 'Orange'], hex: '#f07c00' },
  yellow: { name: ['Gelb', 'Yellow', 'Jaune'], hex: '#f5d000' },
  white: { name: ['Weiß', 'White', 'Blanc'], hex: '#ffffff' },
  green: { name: ['Grün', 'Green', 'Vert'], hex: '#2f8f2f' },
  red: { name: ['Rot', 'Red', 'Rouge'], hex: '#d0202a' },
  blue: { name: ['Blau', 'Blue', 'Bleu'], hex: '#1f5fbf' },
  pink: { name: ['Pink', 'Pink', 'Rose'], hex: '#e0409a' },
  black: { name: ['Schwarz', 'Black', 'Noir'], hex: '#222222' },
}

export const MATERIALS: Record<string, Tri> = {
  steel: ['Stahl', 'Steel', 'Acier'],
  aluminium: ['Aluminium', 'Aluminium', 'Aluminium'],
  plastic: ['Kunststoff', 'Plastic', 'Plastique'],
  dyneema: ['Dyneema', 'Dyneema', 'Dyneema'],
  rubber: ['Gummi', 'Rubber', 'Caoutchouc'],
  brass: ['Messing', 'Brass', 'Laiton'],
  cast: ['Gusseisen', 'Cast iron', 'Fonte'],
}

/** Decimal numbers are written with a comma in German and French. */
export function num(value: number, unit: string): Tri {
  const en = `${value} ${unit}`
  const other = `${String(value).replace('.', ',')} ${unit}`
  return [other, en, other]
}
