import type { LanguageKey } from '../constants'

/** What the order confirmation shows; amounts in EUR, net positions as the shop sells net (B2B). */
export interface OrderMailData {
  orderNumber: string
  lines: Array<{ label: string; productNumber: string | null; quantity: number; unitPrice: number; totalPrice: number }>
  positionPrice: number
  shippingCosts: number
  netPrice: number
  taxes: Array<{ rate: number; tax: number }>
  /** The customer's VAT id when the delivery is tax-free (intra-Community supply to a business), else null. */
  taxFreeVatId: string | null
  totalPrice: number
  paymentMethod: string
  shippingMethod: string | null
  billingAddress: string[]
  /** Null when the goods go to the billing address or nothing is shipped. */
  shippingAddress: string[] | null
  customerComment: string | null
  contactPerson: string | null
  /** YYYY-MM-DD */
  desiredDeliveryDate: string | null
  /** Paid by bank transfer in advance (prepayment): the mail gives the account to pay to. */
  bankTransfer: boolean
}

interface OrderLabels {
  orderNumber: string
  item: string
  quantity: string
  unitPrice: string
  total: string
  positions: string
  shipping: string
  net: string
  vat: string
  vatFree: string
  grandTotal: string
  grandTotalTaxFree: string
  taxFreeNote: string
  paymentMethod: string
  shippingMethod: string
  billingAddress: string
  shippingAddress: string
  sameAddress: string
  comment: string
  contactPerson: string
  desiredDeliveryDate: string
  articleNumber: string
  transferIntro: string
  accountHolder: string
  reference: string
  amount: string
}

/** The shop's bank account for prepayment (a demo account: the IBAN is the standard example, valid in form only). */
export const SHOP_BANK_ACCOUNT = { holder: 'Waldwerk Forsttechnik GmbH', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' } as const

export const ORDER_MAIL_LABELS: Record<LanguageKey, OrderLabels> = {
  de: {
    orderNumber: 'Bestellnummer', item: 'Artikel', quantity: 'Menge', unitPrice: 'Einzelpreis', total: 'Summe',
    positions: 'Warenwert (netto)', shipping: 'Versandkosten (netto)', net: 'Gesamtsumme netto', vat: 'zzgl. {rate} % MwSt.', vatFree: 'Umsatzsteuer 0 %',
    grandTotal: 'Gesamtsumme inkl. MwSt.', grandTotalTaxFree: 'Gesamtsumme (ohne USt.)',
    taxFreeNote: 'Steuerfreie innergemeinschaftliche Lieferung (§\u00a04 Nr.\u00a01b UStG). USt-IdNr. des Kunden: {vatId}', paymentMethod: 'Zahlungsart', shippingMethod: 'Versandart', billingAddress: 'Rechnungsadresse',
    shippingAddress: 'Lieferadresse', sameAddress: 'wie Rechnungsadresse', comment: 'Ihr Kommentar', contactPerson: 'Ansprechpartner',
    desiredDeliveryDate: 'Wunschliefertermin', articleNumber: 'Art.-Nr.',
    transferIntro: 'Bitte überweisen Sie den Gesamtbetrag auf unser Konto. Wir versenden, sobald die Zahlung eingegangen ist.',
    accountHolder: 'Kontoinhaber', reference: 'Verwendungszweck', amount: 'Betrag',
  },
  en: {
    orderNumber: 'Order number', item: 'Item', quantity: 'Quantity', unitPrice: 'Unit price', total: 'Total',
    positions: 'Subtotal (net)', shipping: 'Shipping (net)', net: 'Total net', vat: 'plus {rate}% VAT', vatFree: 'VAT 0%',
    grandTotal: 'Total incl. VAT', grandTotalTaxFree: 'Total (without VAT)',
    taxFreeNote: 'Tax-exempt intra-Community supply (Art. 138 VAT Directive). Customer’s VAT ID: {vatId}', paymentMethod: 'Payment method', shippingMethod: 'Shipping method', billingAddress: 'Billing address',
    shippingAddress: 'Shipping address', sameAddress: 'same as billing address', comment: 'Your comment', contactPerson: 'Contact person',
    desiredDeliveryDate: 'Desired delivery date', articleNumber: 'Item no.',
    transferIntro: 'Please transfer the total to our account. We ship as soon as the payment has arrived.',
    accountHolder: 'Account holder', reference: 'Payment reference', amount: 'Amount',
  },
  fr: {
    orderNumber: 'Numéro de commande', item: 'Article', quantity: 'Quantité', unitPrice: 'Prix unitaire', total: 'Total',
    positions: 'Sous-total (HT)', shipping: 'Frais de port (HT)', net: 'Total HT', vat: 'TVA {rate}\u00a0%', vatFree: 'TVA 0\u00a0%',
    grandTotal: 'Total TTC', grandTotalTaxFree: 'Total (hors TVA)',
    taxFreeNote: 'Livraison intracommunautaire exonérée de TVA (art.\u00a0138 de la directive TVA). Numéro de TVA du client\u00a0: {vatId}', paymentMethod: 'Mode de paiement', shippingMethod: 'Mode de livraison', billingAddress: 'Adresse de facturation',
    shippingAddress: 'Adresse de livraison', sameAddress: 'identique à l’adresse de facturation', comment: 'Votre commentaire',
    contactPerson: 'Personne à contacter', desiredDeliveryDate: 'Date de livraison souhaitée', articleNumber: 'Réf.',
    transferIntro: 'Veuillez virer le montant total sur notre compte. Nous expédions dès réception du paiement.',
    accountHolder: 'Titulaire du compte', reference: 'Référence du virement', amount: 'Montant',
  },
}

const LOCALES: Record<LanguageKey, string> = { de: 'de-DE', en: 'en-GB', fr: 'fr-FR' }

export function formatMoney(language: LanguageKey, amount: number): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(amount)
}

function formatRate(language: LanguageKey, rate: number): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 2 }).format(rate)
}

function formatDate(language: LanguageKey, isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number)
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)))
}

/** French puts a no-break space before the colon. */
function colon(language: LanguageKey): string {
  return language === 'fr' ? '\u00a0:' : ':'
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}

/** The order part of the confirmation: lines, totals with VAT per rate, methods and addresses, as text and HTML. */
export function orderSection(language: LanguageKey, order: OrderMailData): { text: string[]; html: string[] } {
  const l = ORDER_MAIL_LABELS[language]
  const c = colon(language)
  const money = (n: number) => formatMoney(language, n)
  const totals: Array<[string, string]> = [
    [l.positions, money(order.positionPrice)],
    [l.shipping, money(order.shippingCosts)],
    [l.net, money(order.netPrice)],
    ...(order.taxFreeVatId !== null
      ? [[l.vatFree, money(0)] as [string, string]]
      : order.taxes.map((t): [string, string] => [l.vat.replace('{rate}', formatRate(language, t.rate)), money(t.tax)])),
    [order.taxFreeVatId !== null ? l.grandTotalTaxFree : l.grandTotal, money(order.totalPrice)],
  ]
  const taxFreeNote = order.taxFreeVatId !== null ? l.taxFreeNote.replace('{vatId}', order.taxFreeVatId) : null
  const details: Array<[string, string]> = [
    [l.paymentMethod, order.paymentMethod],
    ...(order.shippingMethod ? [[l.shippingMethod, order.shippingMethod] as [string, string]] : []),
    ...(order.contactPerson ? [[l.contactPerson, order.contactPerson] as [string, string]] : []),
    ...(order.desiredDeliveryDate ? [[l.desiredDeliveryDate, formatDate(language, order.desiredDeliveryDate)] as [string, string]] : []),
    ...(order.customerComment ? [[l.comment, order.customerComment] as [string, string]] : []),
  ]
  const shipping = order.shippingAddress ?? (order.shippingMethod ? [l.sameAddress] : null)
  const transfer: Array<[string, string]> = order.bankTransfer
    ? [
        [l.accountHolder, SHOP_BANK_ACCOUNT.holder],
        ['IBAN', SHOP_BANK_ACCOUNT.iban],
        ['BIC', SHOP_BANK_ACCOUNT.bic],
        [l.reference, order.orderNumber],
        [l.amount, money(order.totalPrice)],
      ]
    : []

  const text = [
    `${l.orderNumber}${c} ${order.orderNumber}`,
    '',
    ...order.lines.map((line) =>
      `${line.quantity} × ${line.label}${line.productNumber ? ` (${l.articleNumber} ${line.productNumber})` : ''} — ${l.unitPrice} ${money(line.unitPrice)}, ${l.total} ${money(line.totalPrice)}`),
    '',
    ...totals.map(([label, value]) => `${label}${c} ${value}`),
    ...(taxFreeNote ? [taxFreeNote] : []),
    '',
    ...details.map(([label, value]) => `${label}${c} ${value}`),
    ...(transfer.length ? ['', l.transferIntro, ...transfer.map(([label, value]) => `${label}${c} ${value}`)] : []),
    '',
    `${l.billingAddress}${c}`,
    ...order.billingAddress,
    ...(shipping ? ['', `${l.shippingAddress}${c}`, ...shipping] : []),
  ]

  const cell = 'padding:6px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top'
  const num = `${cell};text-align:right;white-space:nowrap`
  const html = [
    `<p style="margin:0 0 16px"><strong>${escapeHtml(l.orderNumber)}${c}</strong> ${escapeHtml(order.orderNumber)}</p>`,
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">',
    `<tr><th style="${cell}">${escapeHtml(l.item)}</th><th style="${num}">${escapeHtml(l.quantity)}</th><th style="${num}">${escapeHtml(l.unitPrice)}</th><th style="${num}">${escapeHtml(l.total)}</th></tr>`,
    ...order.lines.map((line) =>
      `<tr><td style="${cell}">${escapeHtml(line.label)}${line.productNumber ? `<br><span style="color:#555">${escapeHtml(l.articleNumber)} ${escapeHtml(line.productNumber)}</span>` : ''}</td>` +
      `<td style="${num}">${line.quantity}</td><td style="${num}">${escapeHtml(money(line.unitPrice))}</td><td style="${num}">${escapeHtml(money(line.totalPrice))}</td></tr>`),
    '</table>',
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:14px">',
    ...totals.map(([label, value], index) => {
      const strong = index === totals.length - 1
      const open = strong ? '<strong>' : ''
      const close = strong ? '</strong>' : ''
      return `<tr><td style="${cell}">${open}${escapeHtml(label)}${close}</td><td style="${num}">${open}${escapeHtml(value)}${close}</td></tr>`
    }),
    '</table>',
    ...(taxFreeNote ? [`<p style="margin:0 0 16px">${escapeHtml(taxFreeNote)}</p>`] : []),
    ...details.map(([label, value]) => `<p style="margin:0 0 8px"><strong>${escapeHtml(label)}${c}</strong> ${escapeHtml(value)}</p>`),
    ...(transfer.length
      ? [
          `<div style="margin:16px 0;padding:12px 16px;border:1px solid #ddd;border-radius:6px"><p style="margin:0 0 8px">${escapeHtml(l.transferIntro)}</p>`,
          ...transfer.map(([label, value]) => `<p style="margin:0 0 4px"><strong>${escapeHtml(label)}${c}</strong> ${escapeHtml(value)}</p>`),
          '</div>',
        ]
      : []),
    `<p style="margin:16px 0 8px"><strong>${escapeHtml(l.billingAddress)}</strong><br>${order.billingAddress.map(escapeHtml).join('<br>')}</p>`,
    ...(shipping ? [`<p style="margin:0 0 16px"><strong>${escapeHtml(l.shippingAddress)}</strong><br>${shipping.map(escapeHtml).join('<br>')}</p>`] : []),
  ]
  return { text, html }
}
