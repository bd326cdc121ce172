import { CUSTOMER_GROUP_IDS, LANGUAGE_IDS, TAX_IDS } from '../constants'
import { sid } from '../ids'
import { COLOURS, MANUFACTURERS, MATERIALS, PROPERTY_GROUPS, num, type GroupKey } from './catalogue-data'
import { bool, ean13, prng, same, tr, type Inserter, type Tri } from './util'

/** Product families decide the generated picture and the default category. */
export type Family =
  | 'winch' | 'chain' | 'bar' | 'wedge' | 'axe' | 'hook' | 'choker' | 'rope' | 'helmet' | 'clothing'
  | 'marking' | 'measuring' | 'crane' | 'winch-part' | 'hydraulic' | 'trailer'

export type CategoryKey =
  | 'winches' | 'chains' | 'felling' | 'rigging' | 'protection' | 'measuring'
  | 'crane-parts' | 'winch-parts' | 'hydraulic-parts' | 'trailer-parts'

export type Availability = 'in-stock' | 'restock' | 'closeout' | 'low-stock'

interface OptionRef { group: GroupKey; key: string; name: Tri }

interface VariantSpec { suffix: string; options: OptionRef[]; priceFactor: number; availability?: Availability }

export interface ProductSpec {
  number: string
  family: Family
  category: CategoryKey
  manufacturer: string
  name: Tri
  description: Tri
  price: number
  listPrice?: number
  tax?: 'standard' | 'reduced'
  availability: Availability
  minPurchase?: number
  purchaseSteps?: number
  maxPurchase?: number
  shippingFree?: boolean
  weight: number
  properties: OptionRef[]
  customFields?: Record<string, string | boolean | string[]>
  scopeOfDelivery?: Tri
  suitableFor?: Tri
  /** The machine a part fits (`forst_machine_type`, the product finder's second step): translated like every shopper-visible text. */
  machineType?: Tri
  variants?: VariantSpec[]
  priceOnRequest?: boolean
  tags?: string[]
  download?: boolean
  /** A digital product (state is-download): no delivery, no shipping costs. */
  digital?: boolean
}

const opt = (group: GroupKey, key: string, name: Tri): OptionRef => ({ group, key, name })
const lengthCm = (cm: number) => opt('length', `${cm}cm`, same(`${cm} cm`))
const lengthM = (m: number) => opt('length', `${m}m`, num(m, 'm'))
const diameterMm = (mm: number) => opt('diameter', `${mm}mm`, same(`${mm} mm`))
const force = (t: number) => opt('force', `${t}t`, num(t, 't'))
const material = (key: keyof typeof MATERIALS) => opt('material', key, MATERIALS[key])
const colour = (key: keyof typeof COLOURS) => opt('colour', key, COLOURS[key].name)
const size = (label: string) => opt('size', label, same(label))
const pitch = (label: string) => opt('pitch', label, same(label))
const gauge = (mm: number) => opt('gauge', `${mm}`, num(mm, 'mm'))

const p = (spec: ProductSpec): ProductSpec => spec

function txt(de: string, en: string, fr: string): Tri {
  return [de, en, fr]
}

/** The full product list. Numbers are stable: the README and tests refer to several of them. */
export function productSpecs(): ProductSpec[] {
  const list: ProductSpec[] = []
  const rnd = prng(4711)

  const winches: Array<[number, number, Availability, boolean]> = [
    [3.5, 2490, 'in-stock', false], [4.5, 3290, 'in-stock', false], [5.5, 3990, 'restock', false], [6.5, 4790, 'in-stock', false],
    [8, 6290, 'low-stock', false], [10, 0, 'in-stock', true], [5.5, 4390, 'closeout', false], [8, 7490, 'in-stock', false],
  ]
  winches.forEach(([t, price, availability, onRequest], i) => {
    const model = i === 6 ? `FSW ${Math.round(t * 10)} E` : i === 7 ? `FSW ${Math.round(t * 10)} Pro` : `FSW ${Math.round(t * 10)}`
    list.push(p({
      number: `FS-1000${i + 1}`, family: 'winch', category: 'winches', manufacturer: 'waldkraft',
      name: txt(`Forstseilwinde ${model}`, `Forestry winch ${model}`, `Treuil forestier ${model}`),
      description: txt(
        `<p>Dreipunkt-Anbauseilwinde mit ${String(t).replace('.', ',')} t Zugkraft, mechanischer Bandbremse und Seileinlaufbremse. Für den Holzrückeeinsatz mit Traktoren ab ${Math.round(t * 12)} PS.</p>`,
        `<p>Three-point linkage winch with ${t} t pulling force, mechanical band brake and rope inlet brake. For skidding with tractors from ${Math.round(t * 12)} hp.</p>`,
        `<p>Treuil à attelage trois points avec ${String(t).replace('.', ',')} t de force de traction, frein à bande mécanique et frein d’entrée de câble. Pour le débardage avec tracteurs à partir de ${Math.round(t * 12)} ch.</p>`),
      price, listPrice: i === 1 ? 3590 : undefined, availability, weight: 280 + t * 40, priceOnRequest: onRequest,
      properties: [force(t), material('steel')], download: true, tags: i === 2 ? ['Bestseller'] : ['Profi'],
      // A winch is the machine, not a part for one: it carries no machine fields, so the spare parts finder never offers it.
      scopeOfDelivery: txt('Winde, Gelenkwelle, Funkfernsteuerung, Betriebsanleitung', 'Winch, PTO shaft, radio remote control, operating manual', 'Treuil, cardan, radiocommande, notice d’utilisation'),
    }))
  })

  const chainTypes: Array<[string, Tri, number]> = [
    ['vm', txt('Sägekette Vollmeißel', 'Saw chain full chisel', 'Chaîne à gouge carrée'), 1.0],
    ['hm', txt('Sägekette Halbmeißel', 'Saw chain semi chisel', 'Chaîne à gouge ronde'), 0.95],
    ['hard', txt('Sägekette Hartmetall', 'Saw chain carbide', 'Chaîne carbure'), 3.2],
    ['rip', txt('Sägekette Längsschnitt', 'Saw chain ripping', 'Chaîne de refente'), 1.2],
  ]
  const chainCombos: Array<[string, number]> = [['3/8"', 1.5], ['3/8"', 1.6], ['.325"', 1.5]]
  chainTypes.forEach(([key, name, factor], i) => {
    const variants: VariantSpec[] = []
    let n = 1
    for (const [pt, ga] of chainCombos) {
      for (const len of [35, 40, 45, 50]) {
        variants.push({ suffix: `.${n++}`, options: [pitch(pt), gauge(ga), lengthCm(len)], priceFactor: len / 40, availability: n === 5 && i === 0 ? 'restock' : undefined })
      }
    }
    list.push(p({
      number: `FS-2000${i + 1}`, family: 'chain', category: 'chains', manufacturer: 'kettwerk', name,
      description: txt(
        '<p>Profi-Sägekette für Motorsägen im Forsteinsatz. Verchromte Schneidezähne, gehärtete Nieten, vorgereckt und einsatzbereit.</p>',
        '<p>Professional saw chain for forestry chainsaws. Chrome-plated cutters, hardened rivets, pre-stretched and ready to use.</p>',
        '<p>Chaîne professionnelle pour tronçonneuses forestières. Gouges chromées, rivets trempés, pré-étirée et prête à l’emploi.</p>'),
      price: Math.round(24.9 * factor * 100) / 100, availability: 'in-stock', weight: 0.4, properties: [material('steel')],
      variants, tags: key === 'vm' ? ['Bestseller'] : undefined,
      suitableFor: txt('Motorsägen 50–90 cm³', 'Chainsaws 50–90 cm³', 'Tronçonneuses 50–90 cm³'),
    }))
  })

  const barTypes: Array<[Tri, number]> = [
    [txt('Führungsschiene Standard', 'Guide bar standard', 'Guide standard'), 39],
    [txt('Führungsschiene Leicht', 'Guide bar lightweight', 'Guide allégé'), 69],
    [txt('Führungsschiene Vollstahl Harvester', 'Guide bar solid steel harvester', 'Guide acier massif abatteuse'), 119],
  ]
  barTypes.forEach(([name, price], i) => {
    const variants: VariantSpec[] = []
    let n = 1
    for (const pt of ['3/8"', '.325"']) for (const len of [35, 40, 45, 50, 60, 75]) {
      variants.push({ suffix: `.${n++}`, options: [pitch(pt), lengthCm(len)], priceFactor: 0.7 + len / 100 })
    }
    list.push(p({
      number: `FS-2100${i + 1}`, family: 'bar', category: 'chains', manufacturer: 'kettwerk', name,
      description: txt(
        '<p>Führungsschiene mit gehärteter Laufbahn und austauschbarem Umlenkstern. Passend zu den Kettwerk-Sägeketten gleicher Teilung.</p>',
        '<p>Guide bar with hardened rails and replaceable sprocket nose. Fits Kettwerk saw chains of the same pitch.</p>',
        '<p>Guide avec rails trempés et nez à pignon remplaçable. Compatible avec les chaînes Kettwerk de même pas.</p>'),
      price, availability: 'in-stock', weight: 1.1 + i * 0.4, properties: [material(i === 1 ? 'aluminium' : 'steel')], variants,
    }))
  })

  const wedges: Array<[Tri, keyof typeof MATERIALS, number]> = [
    [txt('Fällkeil Kunststoff', 'Felling wedge plastic', 'Coin d’abattage plastique'), 'plastic', 8.9],
    [txt('Fällkeil Aluminium', 'Felling wedge aluminium', 'Coin d’abattage aluminium'), 'aluminium', 24.5],
    [txt('Spaltkeil Stahl', 'Splitting wedge steel', 'Coin à fendre acier'), 'steel', 19.9],
  ]
  wedges.forEach(([name, mat, price], i) => {
    list.push(p({
      number: `FS-3000${i + 1}`, family: 'wedge', category: 'felling', manufacturer: 'forstmeister', name,
      description: txt('<p>Schlagfester Keil mit Widerhaken-Riffelung gegen Herausspringen.</p>', '<p>Impact-resistant wedge with barbed ribs that stop it springing out.</p>', '<p>Coin résistant aux chocs avec stries anti-recul.</p>'),
      price, availability: 'in-stock', weight: 0.5 + i * 0.6, properties: [material(mat)], minPurchase: i === 0 ? 2 : undefined, purchaseSteps: i === 0 ? 2 : undefined,
      variants: [14, 20, 25].map((cm, k) => ({ suffix: `.${k + 1}`, options: [lengthCm(cm)], priceFactor: cm / 20 })),
    }))
  })

  const axes: Array<[Tri, number, number]> = [
    [txt('Spaltaxt 2,5 kg', 'Splitting axe 2.5 kg', 'Hache à fendre 2,5 kg'), 69, 2.5],
    [txt('Spaltaxt 3,2 kg', 'Splitting axe 3.2 kg', 'Hache à fendre 3,2 kg'), 79, 3.2],
    [txt('Spalthammer 4 kg', 'Splitting maul 4 kg', 'Merlin 4 kg'), 89, 4],
    [txt('Fällaxt 1,5 kg', 'Felling axe 1.5 kg', 'Hache d’abattage 1,5 kg'), 64, 1.5],
    [txt('Sappie 70 cm', 'Pickaroon 70 cm', 'Sapie 70 cm'), 42, 1.1],
    [txt('Packhaken', 'Lifting hook', 'Crochet de levage'), 19.9, 0.6],
  ]
  axes.forEach(([name, price, weight], i) => {
    list.push(p({
      number: `FS-3100${i + 1}`, family: 'axe', category: 'felling', manufacturer: 'forstmeister', name,
      description: txt('<p>Handgeschmiedeter Kopf aus schwedischem Stahl, Hickorystiel mit Stielschutz.</p>', '<p>Hand-forged head of Swedish steel, hickory handle with handle guard.</p>', '<p>Tête forgée à la main en acier suédois, manche en hickory avec protection.</p>'),
      price, listPrice: i === 1 ? 94 : undefined, availability: i === 3 ? 'low-stock' : 'in-stock', weight, properties: [material('steel')],
      tags: i === 0 ? ['Bestseller'] : undefined,
    }))
  })

  ;[txt('Wendehaken', 'Cant hook', 'Tourne-bille'), txt('Wendehebel mit Fällheber', 'Felling lever with cant hook', 'Levier d’abattage avec tourne-bille')].forEach((name, i) => {
    list.push(p({
      number: `FS-3200${i + 1}`, family: 'hook', category: 'felling', manufacturer: 'lignum', name,
      description: txt('<p>Zum Drehen und Rollen von Stämmen; Haken aus geschmiedetem Stahl.</p>', '<p>For turning and rolling logs; hook of forged steel.</p>', '<p>Pour tourner et rouler les grumes ; crochet en acier forgé.</p>'),
      price: 59 + i * 30, availability: 'in-stock', weight: 2.5 + i, properties: [material('steel')],
      variants: [80, 130, 160].map((cm, k) => ({ suffix: `.${k + 1}`, options: [lengthCm(cm)], priceFactor: 0.8 + cm / 300 })),
    }))
  })

  list.push(p({
    number: 'FS-40001', family: 'choker', category: 'rigging', manufacturer: 'tannex',
    name: txt('Chokerkette', 'Choker chain', 'Chaîne d’élingage'),
    description: txt('<p>Rundstahlkette Güteklasse 8 mit Schiebehaken und Chokerknebel.</p>', '<p>Grade 8 round steel chain with sliding hook and choker toggle.</p>', '<p>Chaîne en acier rond classe 8 avec crochet coulissant et cheville.</p>'),
    price: 39, availability: 'in-stock', weight: 3, properties: [material('steel')],
    variants: [8, 10, 13].flatMap((mm, a) => [1.5, 2].map((m, b) => ({ suffix: `.${a * 2 + b + 1}`, options: [diameterMm(mm), lengthM(m)], priceFactor: (mm / 8) * (m / 1.5) }))),
    tags: ['Profi'],
  }))
  const rigging: Array<[Tri, number, number]> = [
    [txt('Umlenkrolle 4 t', 'Snatch block 4 t', 'Poulie de renvoi 4 t'), 89, 3.8],
    [txt('Umlenkrolle 8 t', 'Snatch block 8 t', 'Poulie de renvoi 8 t'), 149, 6.5],
    [txt('Schiebehaken', 'Sliding hook', 'Crochet coulissant'), 14.5, 0.4],
    [txt('Rundschlinge 2 t', 'Round sling 2 t', 'Élingue ronde 2 t'), 12.9, 0.5],
  ]
  rigging.forEach(([name, price, weight], i) => {
    list.push(p({
      number: `FS-4000${i + 2}`, family: 'choker', category: 'rigging', manufacturer: 'tannex', name,
      description: txt('<p>Geprüftes Anschlagmittel nach EN 13414 mit Prüfzeugnis.</p>', '<p>Tested rigging equipment to EN 13414 with test certificate.</p>', '<p>Accessoire de levage testé selon EN 13414 avec certificat.</p>'),
      price, availability: i === 2 ? 'closeout' : 'in-stock', weight, properties: [material(i === 3 ? 'plastic' : 'steel')],
      minPurchase: i === 2 ? 5 : undefined, purchaseSteps: i === 2 ? 5 : undefined, maxPurchase: i === 2 ? 50 : undefined,
    }))
  })
  list.push(p({
    number: 'FS-41001', family: 'rope', category: 'rigging', manufacturer: 'tannex',
    name: txt('Forstseil verdichtet', 'Compacted forestry rope', 'Câble forestier compacté'),
    description: txt('<p>Verdichtetes Stahlseil für Seilwinden, hohe Bruchkraft bei geringem Durchmesser, mit Endhülse.</p>', '<p>Compacted steel rope for winches, high breaking load at small diameter, with end ferrule.</p>', '<p>Câble acier compacté pour treuils, haute charge de rupture à petit diamètre, avec embout.</p>'),
    price: 89, availability: 'in-stock', weight: 20, properties: [material('steel')], shippingFree: true,
    variants: [8, 10, 11, 12, 13, 14].flatMap((mm, a) => [50, 80, 100].map((m, b) => ({ suffix: `.${a * 3 + b + 1}`, options: [diameterMm(mm), lengthM(m)], priceFactor: (mm / 8) * (m / 50) }))),
  }))
  list.push(p({
    number: 'FS-41002', family: 'rope', category: 'rigging', manufacturer: 'tannex',
    name: txt('Kunststoffseil Dyneema', 'Synthetic rope Dyneema', 'Câble synthétique Dyneema'),
    description: txt('<p>Leichtes Kunststoffseil, schwimmfähig, mit eingespleißter Öse.</p>', '<p>Lightweight synthetic rope that floats, with spliced eye.</p>', '<p>Câble synthétique léger, flottant, avec œillet épissé.</p>'),
    price: 159, availability: 'in-stock', weight: 4, properties: [material('dyneema')],
    variants: [8, 10, 12].flatMap((mm, a) => [50, 80].map((m, b) => ({ suffix: `.${a * 2 + b + 1}`, options: [diameterMm(mm), lengthM(m)], priceFactor: (mm / 8) * (m / 50) }))),
  }))

  list.push(p({
    number: 'FS-50001', family: 'helmet', category: 'protection', manufacturer: 'silvator',
    name: txt('Forsthelm-Kombination', 'Forestry helmet combination', 'Casque forestier combiné'),
    description: txt('<p>Helm mit Gehörschutz und Netzvisier, EN 397 / EN 352-3 / EN 1731.</p>', '<p>Helmet with ear defenders and mesh visor, EN 397 / EN 352-3 / EN 1731.</p>', '<p>Casque avec protège-oreilles et visière grillagée, EN 397 / EN 352-3 / EN 1731.</p>'),
    price: 64.9, listPrice: 79.9, availability: 'in-stock', weight: 0.9, properties: [material('plastic')], tax: 'standard',
    variants: (['orange', 'yellow', 'white'] as const).map((c, k) => ({ suffix: `.${k + 1}`, options: [colour(c)], priceFactor: 1 })),
    tags: ['Bestseller'],
  }))
  list.push(p({
    number: 'FS-50002', family: 'clothing', category: 'protection', manufacturer: 'silvator',
    name: txt('Schnittschutzhose Klasse 1', 'Chainsaw trousers class 1', 'Pantalon anti-coupure classe 1'),
    description: txt('<p>Bundhose mit Schnittschutzeinlage Form A, Klasse 1 (20 m/s), atmungsaktives Stretchmaterial.</p>', '<p>Waist trousers with design A protection, class 1 (20 m/s), breathable stretch fabric.</p>', '<p>Pantalon ceinture avec protection type A, classe 1 (20 m/s), tissu stretch respirant.</p>'),
    price: 129, availability: 'in-stock', weight: 1.3, properties: [],
    variants: ['46', '48', '50', '52', '54', '56', '58', '60'].flatMap((s, a) => (['orange', 'green'] as const).map((c, b) => ({ suffix: `.${a * 2 + b + 1}`, options: [size(s), colour(c)], priceFactor: 1, availability: s === '60' && c === 'green' ? 'closeout' as const : undefined }))),
  }))
  list.push(p({
    number: 'FS-50003', family: 'clothing', category: 'protection', manufacturer: 'silvator',
    name: txt('Schnittschutzjacke', 'Chainsaw protective jacket', 'Veste anti-coupure'),
    description: txt('<p>Jacke mit Schnittschutz an Armen und Schultern, Warnfarbe nach EN ISO 20471.</p>', '<p>Jacket with cut protection on arms and shoulders, high-visibility to EN ISO 20471.</p>', '<p>Veste avec protection des bras et épaules, haute visibilité selon EN ISO 20471.</p>'),
    price: 149, availability: 'in-stock', weight: 1.1, properties: [colour('orange')],
    variants: ['S', 'M', 'L', 'XL', 'XXL'].map((s, k) => ({ suffix: `.${k + 1}`, options: [size(s)], priceFactor: 1 })),
  }))
  list.push(p({
    number: 'FS-50004', family: 'clothing', category: 'protection', manufacturer: 'silvator',
    name: txt('Schnittschutzstiefel', 'Chainsaw protective boots', 'Bottes anti-coupure'),
    description: txt('<p>Lederstiefel Schnittschutzklasse 2 mit Stahlkappe und Profilsohle.</p>', '<p>Leather boots with class 2 cut protection, steel toe cap and lug sole.</p>', '<p>Bottes en cuir protection classe 2, embout acier et semelle crantée.</p>'),
    price: 219, availability: 'in-stock', weight: 2.4, properties: [colour('black')],
    variants: ['40', '41', '42', '43', '44', '45', '46', '47'].map((s, k) => ({ suffix: `.${k + 1}`, options: [size(s)], priceFactor: 1, availability: s === '47' ? 'restock' as const : undefined })),
  }))
  list.push(p({
    number: 'FS-50005', family: 'clothing', category: 'protection', manufacturer: 'silvator',
    name: txt('Forsthandschuhe mit Schnittschutz', 'Forestry gloves with cut protection', 'Gants forestiers anti-coupure'),
    description: txt('<p>Handschuhe mit Schnittschutzeinlage im linken Handrücken, EN 381-7.</p>', '<p>Gloves with cut protection in the left back of hand, EN 381-7.</p>', '<p>Gants avec protection au dos de la main gauche, EN 381-7.</p>'),
    price: 29.9, availability: 'in-stock', weight: 0.2, properties: [], tax: 'standard',
    variants: ['8', '9', '10', '11'].map((s, k) => ({ suffix: `.${k + 1}`, options: [size(s)], priceFactor: 1 })),
  }))

  list.push(p({
    number: 'FS-60001', family: 'marking', category: 'measuring', manufacturer: 'stammfix',
    name: txt('Forstmarkierspray', 'Forestry marking spray', 'Spray de marquage forestier'),
    description: txt('<p>Markierspray mit 360°-Ventil, wetterfest und gut sichtbar, 500 ml.</p>', '<p>Marking spray with 360° valve, weatherproof and highly visible, 500 ml.</p>', '<p>Spray de marquage avec valve 360°, résistant aux intempéries et très visible, 500 ml.</p>'),
    price: 6.9, availability: 'in-stock', weight: 0.5, properties: [], minPurchase: 6, purchaseSteps: 6, maxPurchase: 480,
    variants: (['orange', 'red', 'blue', 'pink', 'yellow', 'white'] as const).map((c, k) => ({ suffix: `.${k + 1}`, options: [colour(c)], priceFactor: 1 })),
  }))
  list.push(p({
    number: 'FS-60002', family: 'measuring', category: 'measuring', manufacturer: 'stammfix',
    name: txt('Forstmaßband', 'Forestry measuring tape', 'Ruban de mesure forestier'),
    description: txt('<p>Maßband mit Haken zum Einschlagen, Umfang- und Durchmesserskala.</p>', '<p>Measuring tape with hook to drive in, circumference and diameter scale.</p>', '<p>Ruban avec crochet à planter, échelle de circonférence et de diamètre.</p>'),
    price: 34.9, availability: 'in-stock', weight: 0.4, properties: [],
    variants: [15, 20, 25].map((m, k) => ({ suffix: `.${k + 1}`, options: [lengthM(m)], priceFactor: m / 15 })),
  }))
  const measuring: Array<[Tri, number]> = [
    [txt('Messkluppe 50 cm', 'Tree caliper 50 cm', 'Compas forestier 50 cm'), 119],
    [txt('Messkluppe 80 cm', 'Tree caliper 80 cm', 'Compas forestier 80 cm'), 159],
    [txt('Markierkreide 12 Stück', 'Marking crayons 12 pieces', 'Craies de marquage 12 pièces'), 9.9],
    [txt('Nummerierplättchen 100 Stück', 'Numbering tags 100 pieces', 'Plaquettes de numérotation 100 pièces'), 14.9],
  ]
  measuring.forEach(([name, price], i) => {
    list.push(p({
      number: `FS-6000${i + 3}`, family: 'measuring', category: 'measuring', manufacturer: 'stammfix', name,
      description: txt('<p>Robustes Messwerkzeug für die Holzaufnahme.</p>', '<p>Rugged measuring tool for timber measurement.</p>', '<p>Outil de mesure robuste pour le cubage des bois.</p>'),
      price, availability: 'in-stock', weight: 0.3 + i * 0.2, properties: [material(i < 2 ? 'aluminium' : 'plastic')], tax: i >= 2 ? 'reduced' : 'standard',
    }))
  })

  const craneTypes = ['Nordholz K 75', 'Nordholz K 86', 'Nordholz K 100', 'Alpentec AK 7', 'Alpentec AK 9']
  const craneMakers = ['Nordholz', 'Nordholz', 'Nordholz', 'Alpentec', 'Alpentec']
  const craneParts: Array<[Tri, string, number, string]> = [
    [txt('Hydraulikschlauch Kran', 'Crane hydraulic hose', 'Flexible hydraulique de grue'), 'hose', 38, 'hydroforst'],
    [txt('Dichtungssatz Hubzylinder', 'Lift cylinder seal kit', 'Kit de joints vérin de levage'), 'seal', 64, 'nordholz'],
    [txt('Gleitlager Knickarm', 'Knuckle boom plain bearing', 'Palier lisse bras articulé'), 'bearing', 46, 'nordholz'],
    [txt('Rotator', 'Rotator', 'Rotateur'), 'rotator', 1290, 'rotaflex'],
    [txt('Greiferzahn', 'Grapple tooth', 'Dent de grappin'), 'grapple', 29, 'rotaflex'],
    [txt('Greiferschale', 'Grapple shell', 'Coquille de grappin'), 'grapple', 389, 'rotaflex'],
    [txt('Gelenkbolzen', 'Joint pin', 'Axe d’articulation'), 'pin', 54, 'nordholz'],
    [txt('Schwenkmotor', 'Slewing motor', 'Moteur d’orientation'), 'motor', 890, 'nordholz'],
  ]
  let craneNo = 1
  craneParts.forEach(([name, kind, price, manufacturer], k) => {
    const count = kind === 'rotator' ? 4 : kind === 'motor' ? 3 : 6
    for (let j = 0; j < count; j++) {
      const crane = craneTypes[(j + k) % craneTypes.length]
      const number = `FS-7${String(craneNo).padStart(4, '0')}`
      const onRequest = kind === 'motor' && j === 2
      // A sixth part of a kind fits a crane a first one fits too: it is the dearer heavy-duty version, and says so.
      const heavy = j >= craneTypes.length ? txt(' – Schwerlastausführung', ' – heavy-duty version', ' – version renforcée') : txt('', '', '')
      const availability: Availability = j === 1 && k % 3 === 0 ? 'restock' : j === 3 && k % 2 === 0 ? 'low-stock' : j === 5 && k === 2 ? 'closeout' : 'in-stock'
      list.push(p({
        number, family: 'crane', category: 'crane-parts', manufacturer,
        name: [`${name[0]} ${crane}${heavy[0]}`, `${name[1]} ${crane}${heavy[1]}`, `${name[2]} ${crane}${heavy[2]}`],
        description: txt(
          `<p>Ersatzteil in Erstausrüsterqualität für Forstkran ${crane}. Bitte Seriennummer des Krans bei der Bestellung prüfen.</p>`,
          `<p>OEM-quality spare part for forestry crane ${crane}. Please check the crane serial number when ordering.</p>`,
          `<p>Pièce de rechange qualité d’origine pour grue forestière ${crane}. Vérifiez le numéro de série de la grue lors de la commande.</p>`),
        price: onRequest ? 0 : Math.round(price * (1 + j * 0.08) * 100) / 100, priceOnRequest: onRequest,
        availability, weight: kind === 'rotator' ? 38 : kind === 'grapple' ? (price > 100 ? 45 : 0.8) : 2.5,
        properties: [material(kind === 'hose' ? 'rubber' : kind === 'seal' ? 'plastic' : 'steel')],
        customFields: {
          forst_crane_type: crane, forst_crane_manufacturer: craneMakers[(j + k) % craneMakers.length],
          forst_original_article: `${crane.split(' ')[0].slice(0, 2).toUpperCase()}-${100000 + craneNo * 37}`,
          forst_predecessor_models: j % 2 === 0 ? [`${crane.replace(/\d+/, (d) => String(Number(d) - 5))}`] : [],
        },
        suitableFor: [`Forstkran ${crane}`, `Forestry crane ${crane}`, `Grue forestière ${crane}`],
        tags: kind === 'rotator' ? ['Profi'] : undefined,
        minPurchase: kind === 'grapple' && price < 100 ? 4 : undefined, purchaseSteps: kind === 'grapple' && price < 100 ? 4 : undefined,
        shippingFree: kind === 'rotator',
      }))
      craneNo++
    }
  })

  const winchParts: Array<[Tri, number]> = [
    [txt('Bremsband', 'Brake band', 'Bande de frein'), 49], [txt('Kupplungslamelle', 'Clutch plate', 'Disque d’embrayage'), 36],
    [txt('Seilführung', 'Rope guide', 'Guide-câble'), 79], [txt('Seiltrommel', 'Rope drum', 'Tambour de câble'), 490],
    [txt('Funksender', 'Radio transmitter', 'Émetteur radio'), 390], [txt('Seileinlaufrolle', 'Rope inlet roller', 'Rouleau d’entrée de câble'), 59],
    [txt('Zugfeder Bremse', 'Brake tension spring', 'Ressort de frein'), 12.5], [txt('Schutzgitter', 'Protective grille', 'Grille de protection'), 119],
    [txt('Kettenrad', 'Chain sprocket', 'Pignon de chaîne'), 68], [txt('Magnetventil Kupplung', 'Clutch solenoid valve', 'Électrovanne d’embrayage'), 149],
  ]
  let winchNo = 1
  winchParts.forEach(([name, price], k) => {
    for (const model of ['FSW 55', 'FSW 80']) {
      list.push(p({
        number: `FS-8${String(winchNo).padStart(4, '0')}`, family: 'winch-part', category: 'winch-parts', manufacturer: 'waldkraft',
        name: [`${name[0]} ${model}`, `${name[1]} ${model}`, `${name[2]} ${model}`],
        description: txt(`<p>Original-Ersatzteil für Waldkraft Seilwinde ${model}.</p>`, `<p>Genuine spare part for Waldkraft winch ${model}.</p>`, `<p>Pièce d’origine pour treuil Waldkraft ${model}.</p>`),
        price: Math.round(price * (model === 'FSW 80' ? 1.25 : 1) * 100) / 100, availability: winchNo % 7 === 0 ? 'restock' : winchNo % 9 === 0 ? 'low-stock' : 'in-stock',
        weight: price > 300 ? 18 : 1.2, properties: [material('steel')],
        customFields: { forst_machine_manufacturer: 'Waldkraft', forst_original_article: `WK-${5000 + winchNo}` },
        machineType: txt(`Seilwinde ${model}`, `Winch ${model}`, `Treuil ${model}`),
        suitableFor: [`Waldkraft ${model}`, `Waldkraft ${model}`, `Waldkraft ${model}`],
      }))
      winchNo++
    }
  })

  const hydraulic: Array<[Tri, number, string]> = [
    [txt('Steuerventil 2-fach', 'Control valve 2-way', 'Distributeur 2 voies'), 289, 'alpentec'],
    [txt('Steuerventil 4-fach', 'Control valve 4-way', 'Distributeur 4 voies'), 449, 'alpentec'],
    [txt('Zahnradpumpe 40 l/min', 'Gear pump 40 l/min', 'Pompe à engrenages 40 l/min'), 320, 'alpentec'],
    [txt('Zahnradpumpe 60 l/min', 'Gear pump 60 l/min', 'Pompe à engrenages 60 l/min'), 410, 'alpentec'],
    [txt('Hydraulikzylinder 50/30-300', 'Hydraulic cylinder 50/30-300', 'Vérin hydraulique 50/30-300'), 239, 'alpentec'],
    [txt('Hydraulikzylinder 63/35-400', 'Hydraulic cylinder 63/35-400', 'Vérin hydraulique 63/35-400'), 329, 'alpentec'],
    [txt('Steckkupplung BG 3 Muffe', 'Quick coupling size 3 female', 'Coupleur rapide taille 3 femelle'), 14.9, 'hydroforst'],
    [txt('Steckkupplung BG 3 Stecker', 'Quick coupling size 3 male', 'Coupleur rapide taille 3 mâle'), 9.9, 'hydroforst'],
    [txt('Rücklauffilter', 'Return filter', 'Filtre de retour'), 74, 'hydroforst'],
    [txt('Filterelement 10 µm', 'Filter element 10 µm', 'Élément filtrant 10 µm'), 24, 'hydroforst'],
    [txt('Druckbegrenzungsventil', 'Pressure relief valve', 'Limiteur de pression'), 89, 'alpentec'],
    [txt('Hydrauliköl HLP 46, 20 l', 'Hydraulic oil HLP 46, 20 l', 'Huile hydraulique HLP 46, 20 l'), 79, 'hydroforst'],
    [txt('Bio-Hydrauliköl HEES 46, 20 l', 'Bio hydraulic oil HEES 46, 20 l', 'Huile hydraulique bio HEES 46, 20 l'), 139, 'hydroforst'],
    [txt('Manometer 0-250 bar', 'Pressure gauge 0-250 bar', 'Manomètre 0-250 bar'), 29, 'hydroforst'],
    [txt('Schlauchbruchventil', 'Hose burst valve', 'Valve de sécurité rupture de flexible'), 59, 'alpentec'],
    [txt('Rückschlagventil', 'Check valve', 'Clapet anti-retour'), 34, 'alpentec'],
    [txt('Winkelverschraubung 12L', 'Elbow fitting 12L', 'Raccord coudé 12L'), 6.5, 'hydroforst'],
    [txt('Geradverschraubung 15L', 'Straight fitting 15L', 'Raccord droit 15L'), 5.9, 'hydroforst'],
    [txt('Hydraulikschlauch 1/2" 1000 mm', 'Hydraulic hose 1/2" 1000 mm', 'Flexible hydraulique 1/2" 1000 mm'), 32, 'hydroforst'],
    [txt('Hydraulikschlauch 3/8" 1500 mm', 'Hydraulic hose 3/8" 1500 mm', 'Flexible hydraulique 3/8" 1500 mm'), 29, 'hydroforst'],
    [txt('Kugelhahn 3-Wege', 'Ball valve 3-way', 'Robinet à boisseau 3 voies'), 69, 'alpentec'],
    [txt('Ölkühler 12 V', 'Oil cooler 12 V', 'Refroidisseur d’huile 12 V'), 349, 'alpentec'],
  ]
  hydraulic.forEach(([name, price, manufacturer], k) => {
    list.push(p({
      number: `FS-9${String(k + 1).padStart(4, '0')}`, family: 'hydraulic', category: 'hydraulic-parts', manufacturer, name,
      description: txt('<p>Hydraulikkomponente für Forstkrane, Rückewagen und Seilwinden; Betriebsdruck bis 250 bar.</p>', '<p>Hydraulic component for forestry cranes, forwarders and winches; operating pressure up to 250 bar.</p>', '<p>Composant hydraulique pour grues forestières, porteurs et treuils ; pression de service jusqu’à 250 bar.</p>'),
      price, availability: k === 4 ? 'restock' : k === 11 ? 'low-stock' : k === 9 ? 'closeout' : 'in-stock', weight: price > 200 ? 12 : 0.8,
      properties: [material(k >= 16 && k <= 17 ? 'steel' : k === 20 ? 'brass' : 'cast')],
      minPurchase: k === 16 || k === 17 ? 10 : undefined, purchaseSteps: k === 16 || k === 17 ? 5 : undefined,
      customFields: k === 11 ? { forst_follow_up_article: 'FS-90013' } : undefined,
      download: k === 0 || k === 2,
    }))
  })

  const trailer: Array<[Tri, number]> = [
    [txt('Rungenkorb', 'Bolster', 'Panier à ranchers'), 690], [txt('Runge 1,6 m', 'Stanchion 1.6 m', 'Rancher 1,6 m'), 149],
    [txt('Zugöse 40 mm', 'Drawbar eye 40 mm', 'Anneau d’attelage 40 mm'), 89], [txt('Radnabe 8-Loch', 'Wheel hub 8-hole', 'Moyeu de roue 8 trous'), 229],
    [txt('Rad 400/60-15.5', 'Wheel 400/60-15.5', 'Roue 400/60-15.5'), 540], [txt('Rückleuchte LED', 'LED rear light', 'Feu arrière LED'), 39],
    [txt('Stützfuß hydraulisch', 'Hydraulic support leg', 'Béquille hydraulique'), 310], [txt('Bremszylinder', 'Brake cylinder', 'Cylindre de frein'), 119],
    [txt('Ladegitter', 'Load grille', 'Grille de chargement'), 420], [txt('Kotflügel', 'Mudguard', 'Garde-boue'), 95],
    [txt('Lenkzylinder', 'Steering cylinder', 'Vérin de direction'), 260], [txt('Lichtleiste 7-polig', 'Light bar 7-pin', 'Rampe d’éclairage 7 broches'), 79],
    [txt('Rungenverlängerung', 'Stanchion extension', 'Rallonge de rancher'), 69], [txt('Achsschenkel', 'Stub axle', 'Fusée d’essieu'), 380],
    [txt('Unterlegkeil', 'Wheel chock', 'Cale de roue'), 18],
  ]
  trailer.forEach(([name, price], k) => {
    list.push(p({
      number: `FS-9${String(k + 101).padStart(4, '0')}`, family: 'trailer', category: 'trailer-parts', manufacturer: 'fjaellmaskin', name,
      description: txt('<p>Ersatzteil für Fjällmaskin Rückewagen der Serien RW 8 bis RW 14.</p>', '<p>Spare part for Fjällmaskin forwarding trailers of the RW 8 to RW 14 series.</p>', '<p>Pièce de rechange pour remorques Fjällmaskin des séries RW 8 à RW 14.</p>'),
      price, availability: k === 3 ? 'restock' : k === 8 ? 'low-stock' : 'in-stock', weight: price > 300 ? 60 : 4,
      properties: [material('steel')], shippingFree: price > 500,
      customFields: { forst_machine_manufacturer: 'Fjällmaskin', forst_predecessor_models: ['RW 7', 'RW 12 Classic'] },
      machineType: txt('Rückewagen', 'Forwarding trailer', 'Remorque forestière'),
      suitableFor: txt('Fjällmaskin RW 8, RW 10, RW 12, RW 14', 'Fjällmaskin RW 8, RW 10, RW 12, RW 14', 'Fjällmaskin RW 8, RW 10, RW 12, RW 14'),
      tags: k === 0 ? ['Neu'] : undefined,
    }))
  })

  for (const s of list) if (s.tags === undefined && rnd() < 0.1) s.tags = ['Neu']
  // Appended after the random tags so that every earlier product keeps its generated data.
  list.push(p({
    number: 'FS-95001', family: 'winch-part', category: 'winch-parts', manufacturer: 'waldkraft', digital: true, download: true,
    name: txt('Werkstatthandbuch Seilwinde (PDF)', 'Winch workshop manual (PDF)', 'Manuel d’atelier du treuil (PDF)'),
    description: txt(
      '<p>Werkstatthandbuch für die Forstseilwinden FSW 35 bis FSW 80 als PDF zum Herunterladen: Wartung, Bremseneinstellung, Fehlersuche.</p>',
      '<p>Workshop manual for the FSW 35 to FSW 80 forestry winches as a PDF download: maintenance, brake adjustment, troubleshooting.</p>',
      '<p>Manuel d’atelier des treuils forestiers FSW 35 à FSW 80 en PDF à télécharger : entretien, réglage des freins, diagnostic.</p>'),
    price: 29, availability: 'in-stock', weight: 0, properties: [], tags: [],
  }))
  list.push(p({
    number: 'FS-95002', family: 'winch-part', category: 'winch-parts', manufacturer: 'waldkraft', tax: 'reduced',
    name: txt('Werkstatthandbuch Seilwinde (gedruckt)', 'Winch workshop manual (printed)', 'Manuel d’atelier du treuil (imprimé)'),
    description: txt(
      '<p>Das Werkstatthandbuch als gebundenes Buch, 7 % MwSt.: Wartung, Bremseneinstellung, Fehlersuche.</p>',
      '<p>The workshop manual as a bound book, 7% VAT: maintenance, brake adjustment, troubleshooting.</p>',
      '<p>Le manuel d’atelier en livre relié, TVA 7 % : entretien, réglage des freins, diagnostic.</p>'),
    price: 39.9, availability: 'in-stock', weight: 0.8, properties: [], tags: [],
  }))
  return list
}

export interface SeededProduct { id: string; number: string; parentId: string | null; family: Family; category: CategoryKey; availability: Availability; priceNet: number; topseller: boolean }

const STOCK: Record<Availability, (r: () => number) => { stock: number; restock: number | null; closeout: boolean }> = {
  'in-stock': (r) => ({ stock: 20 + Math.floor(r() * 400), restock: null, closeout: false }),
  restock: () => ({ stock: 0, restock: 7, closeout: false }),
  closeout: () => ({ stock: 0, restock: null, closeout: true }),
  'low-stock': (r) => ({ stock: 1 + Math.floor(r() * 5), restock: null, closeout: true }),
}

const REVIEW_TEXTS: Array<{ lang: keyof typeof LANGUAGE_IDS; points: number; title: string; content: string; user: string }> = [
  { lang: 'de', points: 5, title: 'Top Qualität', content: 'Seit einem halben Jahr täglich im Einsatz, keinerlei Probleme. Lieferung kam schnell und gut verpackt.', user: 'Jonas W.' },
  { lang: 'de', points: 4, title: 'Gut, aber teuer', content: 'Verarbeitung ist sehr ordentlich, der Preis ist allerdings sportlich. Würde trotzdem wieder kaufen.', user: 'Forstbetrieb Kessler' },
  { lang: 'en', points: 5, title: 'Does the job', content: 'Used it through a whole winter of thinning work. Solid build and exactly as described.', user: 'Tom H.' },
  { lang: 'fr', points: 3, title: 'Correct', content: 'Produit correct pour le prix, mais la notice pourrait être plus claire. Livraison rapide.', user: 'Élagage Martin' },
  { lang: 'de', points: 2, title: 'Passform nicht ideal', content: 'Musste nacharbeiten, bis es gepasst hat. Der Kundenservice hat aber schnell geholfen.', user: 'Lohnunternehmen Bauer' },
  { lang: 'en', points: 1, title: 'Arrived damaged', content: 'Packaging was torn and one part was bent. Replacement was sent, but it cost me a day.', user: 'Sam R.' },
  { lang: 'fr', points: 5, title: 'Excellent', content: 'Très robuste, utilisé quotidiennement par notre équipe. Je recommande sans hésiter.', user: 'ONF prestataire' },
]

/** Inserts manufacturers, properties, tags and every product with prices, media links, reviews and cross-sellings. */
/** `mediaFor` gives a product's pictures, cover first: for the parent (`number` = its own) or one variant (`number` with suffix). */
const UNIT_FACTORS: Record<string, number> = { mm: 0.1, cm: 1, m: 100, t: 1 }
const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL']

/** An option's place in its group: measures by their value in one unit, numbers before letter sizes, fractions as numbers. */
function optionRank(name: string): number {
  const measure = /^(\d*[.,]?\d+)\s*(mm|cm|m|t)?$/.exec(name.trim())
  if (measure) return Number(measure[1]!.replace(',', '.')) * (UNIT_FACTORS[measure[2] ?? ''] ?? 1)
  const fraction = /^(\d+)\/(\d+)"?$/.exec(name.trim())
  if (fraction) return Number(fraction[1]) / Number(fraction[2])
  const inches = /^(\.\d+)"$/.exec(name.trim())
  if (inches) return Number(inches[1])
  const letter = LETTER_SIZES.indexOf(name.trim())
  return letter >= 0 ? 1_000_000 + letter : Number.POSITIVE_INFINITY
}

export function compareOptionNames(a: string, b: string): number {
  return optionRank(a) - optionRank(b) || a.localeCompare(b, 'de')
}

export function seedCatalogue(ins: Inserter, mediaFor: (spec: ProductSpec, number: string) => string[], manualMediaId: string): SeededProduct[] {
  MANUFACTURERS.forEach((m) => {
    ins.insert('manufacturer', {
      id: sid(`manufacturer:${m.key}`), media_id: sid(`media:manufacturer:${m.key}`), link: m.link,
      translations: tr({ name: same(m.name), description: m.description }),
    })
  })
  PROPERTY_GROUPS.forEach((g, position) => {
    ins.insert('property_group', {
      id: sid(`property-group:${g.key}`), display_type: g.displayType, sorting_type: g.sortingType, filterable: 1, position: position + 1,
      translations: tr({ name: g.name, description: same(null) }),
    })
  })
  const options = new Map<string, OptionRef>()
  const tags = new Set<string>()
  const specs = productSpecs()
  for (const s of specs) {
    for (const o of s.properties) options.set(`${o.group}:${o.key}`, o)
    for (const v of s.variants ?? []) for (const o of v.options) options.set(`${o.group}:${o.key}`, o)
    for (const t of s.tags ?? []) tags.add(t)
  }
  // A group sorted by position lists its values in their natural order (40 cm before 1,5 m, size 8 before 46 before S).
  const sorted = [...options].sort(([, a], [, b]) => a.group.localeCompare(b.group) || compareOptionNames(a.name[0], b.name[0]))
  let position = 0
  for (const [key, o] of sorted) {
    ins.insert('property_group_option', {
      id: sid(`option:${key}`), group_id: sid(`property-group:${o.group}`), position: ++position,
      color_hex_code: o.group === 'colour' ? COLOURS[o.key]?.hex ?? null : null, translations: tr({ name: o.name }),
    })
  }
  for (const t of tags) ins.insert('tag', { id: sid(`tag:${t}`), name: t })

  const rnd = prng(2024)
  const seeded: SeededProduct[] = []
  let reviewIndex = 0
  const insertProduct = (s: ProductSpec, number: string, parentId: string | null, variant: VariantSpec | null, media: string[], index: number) => {
    const cover = media[0]!
    const id = sid(`product:${number}`)
    const availability = variant?.availability ?? s.availability
    const stock = STOCK[availability](rnd)
    const price = s.priceOnRequest ? 0 : Math.round(s.price * (variant?.priceFactor ?? 1) * 100) / 100
    const listPrice = s.listPrice && !s.priceOnRequest ? Math.round(s.listPrice * (variant?.priceFactor ?? 1) * 100) / 100 : null
    const customFields: Record<string, unknown> = { ...(s.customFields ?? {}) }
    if (s.priceOnRequest) customFields.forst_price_on_request = true
    const translatedCustom = (i: number): Record<string, unknown> => {
      const out: Record<string, unknown> = {}
      if (s.scopeOfDelivery) out.forst_scope_of_delivery = s.scopeOfDelivery[i]
      if (s.suitableFor) out.forst_suitable_for = s.suitableFor[i]
      if (s.machineType) out.forst_machine_type = s.machineType[i]
      return out
    }
    const reviews = !parentId && rnd() < 0.35 ? 1 + Math.floor(rnd() * 3) : 0
    const points: number[] = []
    for (let r = 0; r < reviews; r++) {
      const text = REVIEW_TEXTS[reviewIndex++ % REVIEW_TEXTS.length]
      points.push(text.points)
      ins.insert('product_review', {
        id: sid(`review:${number}:${r}`), product_id: id, language_id: LANGUAGE_IDS[text.lang], customer_id: null, external_user: text.user,
        title: text.title, content: text.content, points: text.points, status: 1,
        created_at: new Date(Date.UTC(2024, (index + r) % 12, 1 + ((index * 7 + r) % 27))).toISOString(),
      })
    }
    ins.insert('product', {
      id, parent_id: parentId, product_number: number, manufacturer_id: sid(`manufacturer:${s.manufacturer}`),
      manufacturer_number: `${s.manufacturer.slice(0, 3).toUpperCase()}-${number.replace(/\D/g, '')}`,
      tax_id: s.tax === 'reduced' ? TAX_IDS.reduced : TAX_IDS.standard, cover_media_id: cover,
      delivery_time_id: sid(`delivery-time:${s.family === 'winch' || s.family === 'trailer' ? '1-2-weeks' : '1-3-days'}`),
      price_net: price, list_price_net: listPrice, stock: stock.stock, restock_time: stock.restock, is_closeout: bool(stock.closeout),
      min_purchase: s.minPurchase ?? 1, purchase_steps: s.purchaseSteps ?? 1, max_purchase: s.maxPurchase ?? null,
      shipping_free: bool(s.shippingFree ?? false), mark_as_topseller: bool((s.tags ?? []).includes('Bestseller')),
      weight: s.weight, width: null, height: null, length: null,
      ean: ean13(`40${String(1000000000 + index * 7919).slice(-10)}`),
      release_date: new Date(Date.UTC(2022 + (index % 3), index % 12, 1 + (index % 27))).toISOString(),
      rating_average: points.length ? Math.round((points.reduce((a, b) => a + b, 0) / points.length) * 100) / 100 : null,
      sales: Math.floor(rnd() * 500), active: 1, family: s.family, custom_fields: JSON.stringify(customFields), is_download: bool(s.digital ?? false),
      translations: JSON.stringify(Object.fromEntries((['de', 'en', 'fr'] as const).map((k, i) => [LANGUAGE_IDS[k], {
        name: s.name[i], description: s.description[i], keywords: null, metaTitle: null, metaDescription: null,
        packUnit: null, customFields: translatedCustom(i),
      }]))),
    })
    media.forEach((mediaId, i) => {
      ins.insert('product_media', { id: sid(i === 0 ? `product-media:${number}` : `product-media:${number}:${i + 1}`), product_id: id, media_id: mediaId, position: i + 1 })
    })
    ins.insert('product_category', { product_id: id, category_id: sid(`category:${s.category}`) })
    for (const o of s.properties) ins.insert('product_property', { product_id: id, option_id: sid(`option:${o.group}:${o.key}`) })
    for (const o of variant?.options ?? []) {
      ins.insert('product_option', { product_id: id, option_id: sid(`option:${o.group}:${o.key}`) })
      ins.insert('product_property', { product_id: id, option_id: sid(`option:${o.group}:${o.key}`) })
    }
    for (const t of s.tags ?? []) ins.insert('product_tag', { product_id: id, tag_id: sid(`tag:${t}`) })
    if (!s.priceOnRequest) {
      const tiers: Array<[number, number | null, number]> = [[1, 9, 1], [10, 49, 0.95], [50, null, 0.9]]
      const tiered = price < 200
      for (const group of [CUSTOMER_GROUP_IDS.standard, CUSTOMER_GROUP_IDS.reseller]) {
        const reseller = group === CUSTOMER_GROUP_IDS.reseller
        for (const [start, end, factor] of tiered ? tiers : [[1, null, 1] as [number, null, number]]) {
          const normal = Math.round(price * factor * 100) / 100
          // A rule price carries its own list price in Shopware (ProductPriceCalculator reads the row's
          // listPrice, never the product's): reseller rows name the normal price of the same tier, so
          // resellers see their discount against what everyone else pays.
          ins.insert('product_price', {
            id: sid(`price:${number}:${group}:${start}`), product_id: id, customer_group_id: group, quantity_start: start, quantity_end: end,
            price_net: reseller ? Math.round(price * 0.85 * factor * 100) / 100 : normal, list_price_net: reseller ? normal : listPrice,
          })
        }
      }
    }
    if (s.download && !parentId) ins.insert('product_download', { id: sid(`download:${number}`), product_id: id, media_id: manualMediaId, position: 1 })
    seeded.push({ id, number, parentId, family: s.family, category: s.category, availability, priceNet: price, topseller: (s.tags ?? []).includes('Bestseller') })
    return id
  }

  let index = 0
  for (const s of specs) {
    const parentId = insertProduct(s, s.number, null, null, mediaFor(s, s.number), index++)
    const seen = new Set<string>()
    for (const v of s.variants ?? []) {
      const number = `${s.number}${v.suffix}`
      insertProduct(s, number, parentId, v, mediaFor(s, number), index++)
      for (const o of v.options) {
        const key = `${o.group}:${o.key}`
        if (seen.has(key)) continue
        seen.add(key)
        ins.insert('product_configurator_setting', { id: sid(`configurator:${s.number}:${key}`), product_id: parentId, option_id: sid(`option:${key}`), position: seen.size })
      }
    }
  }

  const byNumber = new Map(seeded.map((x) => [x.number, x]))
  const crossSell = (from: string, type: 'accessories' | 'spare-parts', targets: string[]) => {
    const product = byNumber.get(from)
    if (!product) return
    const id = sid(`cross-selling:${from}:${type}`)
    const name: Tri = type === 'accessories' ? ['Passendes Zubehör', 'Matching accessories', 'Accessoires assortis'] : ['Ersatzteile', 'Spare parts', 'Pièces détachées']
    ins.insert('product_cross_selling', { id, product_id: product.id, position: type === 'accessories' ? 1 : 2, type: 'productList', active: 1, translations: tr({ name }) })
    targets.forEach((t, i) => {
      const target = byNumber.get(t)
      if (target) ins.insert('product_cross_selling_assigned', { cross_selling_id: id, product_id: target.id, position: i + 1 })
    })
  }
  for (let i = 1; i <= 8; i++) crossSell(`FS-1000${i}`, 'accessories', ['FS-41001', 'FS-40001', 'FS-40002', 'FS-40003', 'FS-50001'])
  // Spare parts only where they fit: the FSW 55 parts (odd FS-8…) for the FSW 55 and 55 E, the FSW 80 parts for the FSW 80 and 80 Pro.
  for (const winch of ['FS-10003', 'FS-10007']) crossSell(winch, 'spare-parts', ['FS-80001', 'FS-80003', 'FS-80005', 'FS-80009', 'FS-80011'])
  for (const winch of ['FS-10005', 'FS-10008']) crossSell(winch, 'spare-parts', ['FS-80002', 'FS-80004', 'FS-80006', 'FS-80010', 'FS-80012'])
  for (let i = 1; i <= 4; i++) crossSell(`FS-2000${i}`, 'accessories', ['FS-21001', 'FS-21002', 'FS-21003', 'FS-30001'])
  crossSell('FS-50002', 'accessories', ['FS-50001', 'FS-50003', 'FS-50004', 'FS-50005'])
  crossSell('FS-70019', 'spare-parts', ['FS-70025', 'FS-70026', 'FS-90007', 'FS-90008'])
  return seeded
}
