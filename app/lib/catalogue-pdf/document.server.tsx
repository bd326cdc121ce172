import { Document, Font, Image, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer'
import type { TFunction } from '~/lib/translator'
import { getT } from '~/i18n.server'
import { languageTags, type Locale } from '~/lib/locale'
import { formatPrice } from '~/lib/money'
import type { PriceAudience } from '~/lib/price'
import type { Availability } from '~/lib/product'

/** The custom fields a catalogue entry lists, in this order (the product page's details). */
export type CatalogueFieldKey =
  | 'suitableFor'
  | 'scopeOfDelivery'
  | 'machineType'
  | 'machineManufacturer'
  | 'craneType'
  | 'craneManufacturer'
  | 'originalArticle'
  | 'followUpArticle'
  | 'predecessorModels'

export type CataloguePrice =
  | { onRequest: true }
  | { onRequest: false; unitPrice: number; listPrice?: number; savingPercent?: number; from?: boolean }

/** One product as the catalogue prints it: everything already in the viewer's language and prices. */
export interface CatalogueEntry {
  id: string
  name: string
  productNumber: string
  manufacturer?: string
  properties: { group: string; values: string[] }[]
  fields: { key: CatalogueFieldKey; value: string }[]
  availability: Availability
  price: CataloguePrice
  /** A small JPEG (react-pdf reads JPEG and PNG only). */
  picture?: Buffer
}

export interface CatalogueInput {
  locale: Locale
  /** The day the prices are quoted for (printed on the cover). */
  date: Date
  audience: PriceAudience
  /** The viewer's deliveries carry no VAT: the notes say so instead of "plus VAT". */
  taxFree: boolean
  entries: CatalogueEntry[]
}

/**
 * The text as the built-in fonts can print it: they are WinAnsi-encoded, which has the no-break space
 * but neither the narrow one French number formats use as thousands separator nor the minus sign.
 */
export function printable(value: string): string {
  return value.replace(/[\u202f\u2007\u2009]/g, '\u00a0').replace(/[\u2212\u2011]/g, '-')
}

// react-pdf hyphenates with English rules by default; product names and numbers split with a
// hyphen would no longer be found by a text search in the PDF.
Font.registerHyphenationCallback((word) => [word])

const green = '#2f5d3a'
const grey = '#5b5b5b'

// Built-in Helvetica: no font files to load, and its WinAnsi encoding covers umlauts, accents, €, « ».
const styles = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 44, fontFamily: 'Helvetica', fontSize: 9.5, color: '#1d1d1d' },
  // react-pdf turns a unitless line height into points with the font size of the element that sets it,
  // so each text style sets its own; on the page it would also hide the page numbers.
  cover: { flexGrow: 1, justifyContent: 'center' },
  shopName: { fontFamily: 'Helvetica-Bold', fontSize: 16, lineHeight: 1.2, color: green, marginBottom: 28 },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 30, lineHeight: 1.2, marginBottom: 8 },
  subtitle: { fontSize: 14, lineHeight: 1.3, color: grey, marginBottom: 36 },
  coverLine: { fontSize: 12, lineHeight: 1.3, marginBottom: 6 },
  coverNote: { fontSize: 10, lineHeight: 1.35, color: grey, marginTop: 24, maxWidth: 400 },
  entry: { fontSize: 9.5, lineHeight: 1.35, flexDirection: 'row', paddingVertical: 12, borderBottomWidth: 0.75, borderBottomColor: '#d6d6d6' },
  pictureBox: { width: 110, height: 110, marginRight: 16, justifyContent: 'center', alignItems: 'center', backgroundColor: '#f3f3f0' },
  picture: { maxWidth: 110, maxHeight: 110, objectFit: 'contain' },
  noPicture: { fontSize: 8, lineHeight: 1.2, color: grey },
  body: { flexGrow: 1, flexShrink: 1 },
  name: { fontFamily: 'Helvetica-Bold', fontSize: 12, lineHeight: 1.25, marginBottom: 2 },
  meta: { color: grey, marginBottom: 6 },
  columns: { flexDirection: 'row' },
  facts: { flexGrow: 1, flexShrink: 1, paddingRight: 12 },
  heading: { fontFamily: 'Helvetica-Bold', fontSize: 8.5, color: green, textTransform: 'uppercase' },
  priceBox: { width: 150, textAlign: 'right' },
  priceLabel: { fontSize: 8.5, lineHeight: 1.3, color: grey },
  priceAmount: { fontFamily: 'Helvetica-Bold', fontSize: 14, lineHeight: 1.25 },
  priceWas: { fontSize: 8.5, lineHeight: 1.3, color: grey, textDecoration: 'line-through' },
  priceNote: { fontSize: 8, lineHeight: 1.3, color: grey },
  onRequest: { fontFamily: 'Helvetica-Bold', fontSize: 12 },
  availability: { marginTop: 6, fontSize: 8.5, lineHeight: 1.3, textAlign: 'right' },
  footer: { position: 'absolute', bottom: 24, left: 44, right: 44, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: grey },
})

function availabilityText(t: TFunction, value: Availability): string {
  switch (value.state) {
    case 'available':
      return t('pdf.availability.available')
    case 'restock':
      // As the buy box says it: whole weeks in weeks, anything else in days.
      return value.days % 7 === 0
        ? t('pdf.availability.restockWeeks', { count: value.days / 7 })
        : t('pdf.availability.restockDays', { count: value.days })
    case 'limited':
      return t('pdf.availability.limited', { count: value.quantity })
    case 'not-available':
      return t('pdf.availability.notAvailable')
  }
}

/** The price column as one paragraph (one text layout per entry instead of one per line). */
function PriceText({ t, locale, price, reseller, taxFree }: { t: TFunction; locale: Locale; price: CataloguePrice; reseller: boolean; taxFree: boolean }) {
  if (price.onRequest) {
    return (
      <Text>
        <Text style={styles.onRequest}>{t('pdf.price.onRequest')}</Text>
        {'\n'}
        <Text style={styles.priceNote}>{t('pdf.price.onRequestText')}</Text>
      </Text>
    )
  }
  return (
    <Text>
      <Text style={styles.priceLabel}>{t(reseller ? 'pdf.price.reseller' : 'pdf.price.yours')}</Text>
      {'\n'}
      <Text style={styles.priceAmount}>
        {printable(price.from ? t('pdf.price.from', { price: formatPrice(locale, price.unitPrice) }) : formatPrice(locale, price.unitPrice))}
      </Text>
      {price.listPrice !== undefined ? (
        <>
          {'\n'}
          <Text style={styles.priceLabel}>{t(reseller ? 'pdf.price.normal' : 'pdf.price.listPrice')} </Text>
          <Text style={styles.priceWas}>{printable(formatPrice(locale, price.listPrice))}</Text>
          {price.savingPercent ? <Text style={styles.priceLabel}> {t('pdf.price.saving', { percent: price.savingPercent })}</Text> : null}
        </>
      ) : null}
      {'\n'}
      <Text style={styles.priceNote}>{t(taxFree ? 'pdf.price.taxFreeNote' : 'pdf.price.netNote')}</Text>
    </Text>
  )
}

function Entry({ t, locale, entry, reseller, taxFree }: { t: TFunction; locale: Locale; entry: CatalogueEntry; reseller: boolean; taxFree: boolean }) {
  const properties = entry.properties.map((p) => printable(t('pdf.labelled', { label: p.group, value: p.values.join(', ') })))
  const fields = entry.fields.map((f) => printable(t('pdf.labelled', { label: t(`pdf.fields.${f.key}`), value: f.value })))
  const meta = [`${t('pdf.number')} ${entry.productNumber}`]
  if (entry.manufacturer) meta.push(printable(t('pdf.labelled', { label: t('pdf.manufacturer'), value: entry.manufacturer })))
  return (
    // An entry is never split over two pages.
    <View style={styles.entry} wrap={false}>
      <View style={styles.pictureBox}>
        {entry.picture ? (
          <Image style={styles.picture} src={{ data: entry.picture, format: 'jpg' }} />
        ) : (
          <Text style={styles.noPicture}>{t('pdf.noPicture')}</Text>
        )}
      </View>
      <View style={styles.body}>
        <Text style={styles.name}>{printable(entry.name)}</Text>
        <Text style={styles.meta}>{meta.join('  ·  ')}</Text>
        <View style={styles.columns}>
          {/* Few text blocks per entry: react-pdf's layout time grows with their number. */}
          <Text style={styles.facts}>
            {properties.length ? <Text style={styles.heading}>{t('pdf.properties')}</Text> : null}
            {properties.length ? `\n${properties.join('\n')}` : null}
            {properties.length && fields.length ? '\n' : null}
            {fields.length ? <Text style={styles.heading}>{t('pdf.details')}</Text> : null}
            {fields.length ? `\n${fields.join('\n')}` : null}
          </Text>
          <View style={styles.priceBox}>
            <PriceText t={t} locale={locale} price={entry.price} reseller={reseller} taxFree={taxFree} />
            <Text style={styles.availability}>
              {printable(t('pdf.labelled', { label: t('pdf.availabilityLabel'), value: availabilityText(t, entry.availability) }))}
            </Text>
          </View>
        </View>
      </View>
    </View>
  )
}

/**
 * The shop's name and the page number at the bottom of every page, written out: the pages are
 * known beforehand (paginate), and react-pdf's page-number `render` texts would lay every page out twice.
 */
function footer(t: TFunction, shopName: string, page: number, total: number) {
  return (
    <View style={styles.footer} fixed>
      <Text>{shopName}</Text>
      <Text>{t('pdf.page', { page, total })}</Text>
    </View>
  )
}

/** Usable height of an A4 page (842 pt) inside the page's padding, in points. */
const PAGE_BODY_HEIGHT = 842 - 40 - 56
const LINE = 9.5 * 1.35

/** How tall an entry will be, estimated on the safe side from its lines (about 55 characters a line). */
function estimatedHeight(entry: CatalogueEntry): number {
  const lines = (text: string, perLine = 55) => Math.max(1, Math.ceil(text.length / perLine))
  let facts = lines(entry.name, 40) * 15 + 2 + lines(`${entry.productNumber} ${entry.manufacturer ?? ''}`, 70) * LINE + 6
  if (entry.properties.length) facts += 11.5
  for (const p of entry.properties) facts += lines(`${p.group}: ${p.values.join(', ')}`, 45) * LINE
  if (entry.fields.length) facts += 11.5
  for (const f of entry.fields) facts += lines(`${f.key}: ${f.value}`, 45) * LINE
  return Math.max(110, facts) + 24 + 1
}

/**
 * The entries split into pages beforehand. react-pdf can break one long page itself, but it lays
 * out everything after each break again, which makes 50 products several times slower; with
 * pages of known content the layout runs once.
 */
export function paginate(entries: CatalogueEntry[]): CatalogueEntry[][] {
  const pages: CatalogueEntry[][] = []
  let current: CatalogueEntry[] = []
  let used = 0
  for (const entry of entries) {
    const height = estimatedHeight(entry)
    if (current.length && used + height > PAGE_BODY_HEIGHT) {
      pages.push(current)
      current = []
      used = 0
    }
    current.push(entry)
    used += height
  }
  if (current.length) pages.push(current)
  return pages
}

export function formatCatalogueDate(locale: Locale, date: Date): string {
  return printable(new Intl.DateTimeFormat(languageTags[locale], { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(date))
}

function CatalogueDocument({ input }: { input: CatalogueInput }) {
  const { locale, entries } = input
  const t = getT(locale, 'catalogue')
  const shopName = getT(locale, 'common')('shop.name')
  const reseller = input.audience === 'reseller'
  const pages = paginate(entries)
  return (
    <Document title={`${t('pdf.title')} – ${shopName}`} author={shopName} creator={shopName} producer={shopName} language={languageTags[locale]}>
      <Page size="A4" style={styles.page}>
        <View style={styles.cover}>
          <Text style={styles.shopName}>{shopName}</Text>
          <Text style={styles.title}>{t('pdf.title')}</Text>
          <Text style={styles.subtitle}>{t('pdf.subtitle')}</Text>
          <Text style={styles.coverLine}>{t('pdf.date', { date: formatCatalogueDate(locale, input.date) })}</Text>
          <Text style={styles.coverLine}>{t('pdf.language')}</Text>
          <Text style={styles.coverLine}>{t('pdf.count', { count: entries.length })}</Text>
          <Text style={styles.coverNote}>{t(`pdf.audience.${input.audience}`)}</Text>
          <Text style={styles.coverNote}>{t(input.taxFree ? 'pdf.pricesNoteTaxFree' : 'pdf.pricesNote')}</Text>
        </View>
        {footer(t, shopName, 1, pages.length + 1)}
      </Page>
      {pages.map((page, index) => (
        // wrap={false}: the estimate keeps every page's entries inside it, and the numbers are final.
        <Page key={page[0]!.id} size="A4" style={styles.page} wrap={false}>
          {page.map((entry) => (
            <Entry key={entry.id} t={t} locale={locale} entry={entry} reseller={reseller} taxFree={input.taxFree} />
          ))}
          {footer(t, shopName, index + 2, pages.length + 1)}
        </Page>
      ))}
    </Document>
  )
}

/** The catalogue as PDF bytes: a cover, then one entry per product, page numbers on every page. */
export function renderCataloguePdf(input: CatalogueInput): Promise<Buffer> {
  return renderToBuffer(<CatalogueDocument input={input} />)
}
