import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CUSTOMER_GROUP_IDS, DEMO_ACCESS_KEY, DEMO_ACCOUNTS, LANGUAGE_IDS } from '../../server/demo-store/constants'
import { sid } from '../../server/demo-store/ids'
import { FRENCH_BUSINESS, guestToken, startDemoStore, type DemoStoreServer } from '../../tests/store-api/demo-store-server'
import type { Locale } from '~/lib/locale'
import { catalogueFileName, clearCataloguePictures, createCataloguePdf, loadCatalogue } from './catalogue-pdf.server'
import { storeCallRounds, testContext } from './test-support.server'

// The PDF catalogue against the embedded demo store over real HTTP: what the store answers for the
// session (names per language, the customer group's prices, price on request) must be what the
// PDF's text says. The text is read back with pdfjs, as a reader's search or copy would see it.

let demo: DemoStoreServer
let reseller = ''
beforeAll(async () => {
  demo = await startDemoStore()
  const login = await demo.call('POST', '/account/login', { body: { username: DEMO_ACCOUNTS.reseller.email, password: DEMO_ACCOUNTS.reseller.password } })
  expect(login.status).toBe(200)
  reseller = login.headers.get('sw-context-token') ?? ''
})
afterAll(() => demo?.close())
beforeEach(() => clearCataloguePictures())

const id = (number: string) => sid(`product:${number}`)
const WINCH = 'FS-10001'
const ON_REQUEST = 'FS-10006'
const CRANE_PART = 'FS-70001'
const WINCH_PART = 'FS-80001'
/** A family of three variants at different prices. */
const FELLING_WEDGE = 'FS-30002'

function setup(locale: Locale, token?: string) {
  const { context, lines } = testContext(`${demo.origin}/store-api`, {
    store: { endpoint: `${demo.origin}/store-api`, accessToken: DEMO_ACCESS_KEY, timeoutMs: 5000, embedded: true, resellerGroupId: CUSTOMER_GROUP_IDS.reseller },
  })
  const prefix = locale === 'de' ? '' : `/${locale}`
  const headers = token ? { Cookie: `sw-context-token=${token}` } : undefined
  return { context, lines, request: new Request(`https://shop.example${prefix}/wishlist/catalogue.pdf`, { headers }) }
}

interface StoreProduct {
  id: string
  productNumber: string
  translated: { name: string }
  calculatedPrice: { unitPrice: number }
  calculatedPrices: { unitPrice: number }[]
}

/** The products as the store answers them for a language and session (the expectation). */
async function storeProducts(numbers: string[], locale: Locale, token?: string): Promise<Map<string, StoreProduct>> {
  const answer = await demo.call('POST', '/product', { body: { ids: numbers.map(id) }, languageId: LANGUAGE_IDS[locale], token })
  const elements = (answer.body as { elements: StoreProduct[] }).elements
  return new Map(elements.map((p) => [p.productNumber, p]))
}

/** Text items drawn below the page's lower edge (content that did not fit its page). */
let overflowing: string[] = []

async function pdfPages(pdf: Buffer): Promise<string[]> {
  overflowing = []
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), standardFontDataUrl }).promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    for (const item of content.items) if ('str' in item && item.str.trim() && item.transform[5] < 0) overflowing.push(item.str)
    pages.push(content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join(''))
  }
  await doc.destroy()
  // pdfjs gives a no-break space back as a plain one.
  return pages.map((page) => page.replace(/\u00a0/g, ' '))
}

const euro = (locale: Locale, amount: number) =>
  new Intl.NumberFormat({ de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }[locale], { style: 'currency', currency: 'EUR' })
    .format(amount)
    .replace(/[\u202f\u00a0]/g, ' ')

const now = new Date('2026-03-14T09:30:00Z')

describe('PDF catalogue', () => {
  const texts = {
    de: { page: (n: number, t: number) => `Seite ${n} von ${t}`, onRequest: 'Preis auf Anfrage', language: 'Sprache: Deutsch', date: 'Stand: 14. März 2026', price: 'Ihr Preis', machine: 'Maschinentyp: Seilwinde FSW 55', crane: 'Krantyp:' },
    en: { page: (n: number, t: number) => `Page ${n} of ${t}`, onRequest: 'Price on request', language: 'Language: English', date: 'Date: 14 March 2026', price: 'Your price', machine: 'Machine type: Winch FSW 55', crane: 'Crane type:' },
    fr: { page: (n: number, t: number) => `Page ${n} sur ${t}`, onRequest: 'Prix sur demande', language: 'Langue : français', date: 'Date : 14 mars 2026', price: 'Votre prix', machine: 'Type de machine : Treuil FSW 55', crane: 'Type de grue :' },
  } as const

  for (const locale of ['de', 'en', 'fr'] as const) {
    it(`prints names, numbers, the visitor's prices, price on request and page numbers in ${locale}`, async () => {
      const numbers = [WINCH, ON_REQUEST, CRANE_PART, WINCH_PART]
      const expected = await storeProducts(numbers, locale)
      const { context, request } = setup(locale)
      const result = await createCataloguePdf(context, request, locale, numbers.map(id), now)
      expect(result?.fileName).toBe(catalogueFileName(locale, now))
      expect(result?.fileName).toMatch(/-2026-03-14\.pdf$/)
      const pages = await pdfPages(result!.pdf)
      const text = texts[locale]
      expect(pages.length).toBeGreaterThanOrEqual(2)
      // Cover: shop, date, language, then every page numbered out of the total.
      expect(pages[0]).toContain('Waldwerk Forsttechnik')
      expect(pages[0]).toContain(text.date)
      expect(pages[0]).toContain(text.language)
      pages.forEach((page, index) => expect(page).toContain(text.page(index + 1, pages.length)))
      const body = pages.slice(1).join('\n')
      for (const number of numbers) {
        const product = expected.get(number)!
        expect(body).toContain(product.translated.name)
        expect(body).toContain(number)
      }
      // In the wishlist's order (newest first as given).
      expect(body.indexOf(WINCH)).toBeLessThan(body.indexOf(ON_REQUEST))
      expect(body.indexOf(ON_REQUEST)).toBeLessThan(body.indexOf(CRANE_PART))
      expect(body).toContain(`${text.price}\n${euro(locale, expected.get(WINCH)!.calculatedPrice.unitPrice)}`)
      // With tier prices, the lowest tier as the cards show it ('from').
      expect(body).toContain(euro(locale, expected.get(CRANE_PART)!.calculatedPrices.at(-1)!.unitPrice))
      // The price-on-request product shows no amount, only the note, and no other entry does.
      const onRequestEntry = body.slice(body.indexOf(ON_REQUEST), body.indexOf(expected.get(CRANE_PART)!.translated.name))
      expect(onRequestEntry).toContain(text.onRequest)
      expect(onRequestEntry).not.toContain('€')
      expect(body.split(text.onRequest).length - 1).toBe(1)
      // Custom fields (machine, crane).
      expect(body).toContain(text.machine)
      expect(body).toContain(text.crane)
    })
  }

  it("prints a variant family's starting price as the listing shows it", async () => {
    const answer = await demo.call('POST', '/product', { body: { ids: [id(FELLING_WEDGE)] }, languageId: LANGUAGE_IDS.de })
    const family = (answer.body as { elements: { childCount: number; calculatedCheapestPrice: { unitPrice: number; hasRange: boolean } }[] }).elements[0]!
    // A product with variants at different prices: otherwise this test would prove nothing.
    expect(family.childCount).toBeGreaterThan(1)
    expect(family.calculatedCheapestPrice.hasRange).toBe(true)
    const { context, request } = setup('de')
    const pages = await pdfPages((await createCataloguePdf(context, request, 'de', [id(FELLING_WEDGE)], now))!.pdf)
    expect(pages.slice(1).join('\n')).toContain(`Ihr Preis\nab ${euro('de', family.calculatedCheapestPrice.unitPrice)}`)
  })

  it("prints a logged-in reseller's own prices", async () => {
    const visitorPrices = await storeProducts([WINCH, CRANE_PART], 'de')
    const resellerPrices = await storeProducts([WINCH, CRANE_PART], 'de', reseller)
    const winch = resellerPrices.get(WINCH)!
    const resellerAmount = winch.calculatedPrices[0]?.unitPrice ?? winch.calculatedPrice.unitPrice
    // The demo store has reseller prices for the winch: otherwise this test would prove nothing.
    expect(resellerAmount).toBeLessThan(visitorPrices.get(WINCH)!.calculatedPrice.unitPrice)

    const { context, request } = setup('de', reseller)
    const pages = await pdfPages((await createCataloguePdf(context, request, 'de', [id(WINCH), id(CRANE_PART)], now))!.pdf)
    expect(pages[0]).toContain('Ihre Händlerpreise.')
    const body = pages.slice(1).join('\n')
    expect(body).toContain(`Ihr Händlerpreis\n${euro('de', resellerAmount)}`)
    expect(body).toContain(`Normalpreis ${euro('de', visitorPrices.get(WINCH)!.calculatedPrice.unitPrice)}`)
  })

  it('says "no VAT" to a shopper whose deliveries are tax-free, and "plus VAT" to everyone else', async () => {
    const { context, request } = setup('de', await guestToken(demo, 'pdf-tva', FRENCH_BUSINESS))
    const pages = await pdfPages((await createCataloguePdf(context, request, 'de', [id(WINCH)], now))!.pdf)
    expect(pages[0]).toContain('Ihre Lieferungen sind steuerfrei')
    expect(pages[1]).toContain('ohne MwSt., zzgl. Versand')
    expect(pages.join('\n')).not.toContain('zzgl. MwSt.')
    const visitor = setup('de')
    const visitorPages = await pdfPages((await createCataloguePdf(visitor.context, visitor.request, 'de', [id(WINCH)], now))!.pdf)
    expect(visitorPages[0]).toContain('zzgl. gesetzlicher MwSt.')
    expect(visitorPages[1]).toContain('zzgl. MwSt. und Versand')
  })

  it('reads the products in one store round beside the session, keeps the given order and skips unknown ids', async () => {
    const { context, request, lines } = setup('en', reseller)
    const ids = Promise.resolve([id(CRANE_PART), 'f'.repeat(32), id(WINCH), id(CRANE_PART)])
    const data = await loadCatalogue(context, request, 'en', ids)
    expect(data.audience).toBe('reseller')
    expect(data.entries.map((e) => e.productNumber)).toEqual([CRANE_PART, WINCH])
    expect(data.entries.every((e) => e.picture && e.picture.subarray(0, 2).toString('hex') === 'ffd8')).toBe(true)
    expect(storeCallRounds(lines)).toEqual([['readContext'], ['readProduct']])
  })

  it('gives nothing for an empty list', async () => {
    const { context, request } = setup('de')
    expect(await createCataloguePdf(context, request, 'de', [], now)).toBeUndefined()
    expect(await createCataloguePdf(context, request, 'de', ['f'.repeat(32)], now)).toBeUndefined()
  })

  it('creates the catalogue of 50 products, pictures included, in under 2 seconds', async () => {
    const list = await demo.call('POST', '/product', { body: { limit: 50, includes: { product: ['id'] } } })
    const ids = (list.body as { elements: { id: string }[] }).elements.map((p) => p.id)
    expect(ids).toHaveLength(50)
    // Warm-up: the first PDF of a process loads react-pdf's fonts and layout engine.
    const warm = setup('de')
    await createCataloguePdf(warm.context, warm.request, 'de', [id(WINCH)], now)

    // Best of three cold runs (no converted pictures kept): the machine is shared with other work,
    // and one unlucky run says nothing about the generation itself.
    const times: number[] = []
    let result: Awaited<ReturnType<typeof createCataloguePdf>>
    for (let run = 0; run < 3; run++) {
      clearCataloguePictures()
      const { context, request } = setup('de')
      const started = performance.now()
      result = await createCataloguePdf(context, request, 'de', ids, now)
      times.push(performance.now() - started)
      expect(result?.count).toBe(50)
    }
    console.info(`catalogue of 50 products: ${times.map((t) => Math.round(t)).join(', ')} ms`)
    expect(Math.min(...times)).toBeLessThan(2000)
    const pages = await pdfPages(result!.pdf)
    expect(pages.at(-1)).toContain(`Seite ${pages.length} von ${pages.length}`)
    // Pages are filled beforehand from estimated heights: nothing may end up below a page.
    expect(overflowing).toEqual([])
    expect(pages.slice(1).join('\n').split('Art.-Nr.').length - 1).toBe(50)
  })
})
