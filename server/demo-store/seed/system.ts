import { scryptSync, randomBytes } from 'node:crypto'
import {
  COUNTRY_DE_ID, CURRENCY_EUR_ID, CUSTOMER_GROUP_IDS, DEMO_ACCOUNTS, LANGUAGE_IDS, PAYMENT_METHOD_IDS,
  SHIPPING_METHOD_IDS, TAX_IDS,
} from '../constants'
import { sid } from '../ids'
import { bool, same, tr, type Inserter, type Tri } from './util'

/** scrypt hash in the form `scrypt$N$salt$hash` (hex), checked by the account routes. */
export function hashPassword(password: string, salt = randomBytes(16)): string {
  const hash = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 })
  return `scrypt$16384$${salt.toString('hex')}$${hash.toString('hex')}`
}

export function countryId(iso: string): string {
  return iso === 'DE' ? COUNTRY_DE_ID : sid(`country:${iso}`)
}

const COUNTRIES: Array<{ iso: string; iso3: string; eu: boolean; zip: string | null; names: Tri; states?: Array<[string, Tri]> }> = [
  {
    iso: 'DE', iso3: 'DEU', eu: true, zip: '^\\d{5}$', names: ['Deutschland', 'Germany', 'Allemagne'],
    states: [
      ['DE-BW', ['Baden-Württemberg', 'Baden-Württemberg', 'Bade-Wurtemberg']], ['DE-BY', ['Bayern', 'Bavaria', 'Bavière']],
      ['DE-BE', same('Berlin')], ['DE-BB', same('Brandenburg')], ['DE-HB', ['Bremen', 'Bremen', 'Brême']],
      ['DE-HH', ['Hamburg', 'Hamburg', 'Hambourg']], ['DE-HE', ['Hessen', 'Hesse', 'Hesse']],
      ['DE-MV', ['Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania', 'Mecklembourg-Poméranie-Occidentale']],
      ['DE-NI', ['Niedersachsen', 'Lower Saxony', 'Basse-Saxe']], ['DE-NW', ['Nordrhein-Westfalen', 'North Rhine-Westphalia', 'Rhénanie-du-Nord-Westphalie']],
      ['DE-RP', ['Rheinland-Pfalz', 'Rhineland-Palatinate', 'Rhénanie-Palatinat']], ['DE-SL', ['Saarland', 'Saarland', 'Sarre']],
      ['DE-SN', ['Sachsen', 'Saxony', 'Saxe']], ['DE-ST', ['Sachsen-Anhalt', 'Saxony-Anhalt', 'Saxe-Anhalt']],
      ['DE-SH', ['Schleswig-Holstein', 'Schleswig-Holstein', 'Schleswig-Holstein']], ['DE-TH', ['Thüringen', 'Thuringia', 'Thuringe']],
    ],
  },
  {
    iso: 'AT', iso3: 'AUT', eu: true, zip: '^\\d{4}$', names: ['Österreich', 'Austria', 'Autriche'],
    states: [
      ['AT-1', same('Burgenland')], ['AT-2', ['Kärnten', 'Carinthia', 'Carinthie']], ['AT-3', ['Niederösterreich', 'Lower Austria', 'Basse-Autriche']],
      ['AT-4', ['Oberösterreich', 'Upper Austria', 'Haute-Autriche']], ['AT-5', same('Salzburg')], ['AT-6', ['Steiermark', 'Styria', 'Styrie']],
      ['AT-7', ['Tirol', 'Tyrol', 'Tyrol']], ['AT-8', same('Vorarlberg')], ['AT-9', ['Wien', 'Vienna', 'Vienne']],
    ],
  },
  {
    iso: 'CH', iso3: 'CHE', eu: false, zip: '^\\d{4}$', names: ['Schweiz', 'Switzerland', 'Suisse'],
    states: [
      ['CH-BE', ['Bern', 'Bern', 'Berne']], ['CH-ZH', ['Zürich', 'Zurich', 'Zurich']], ['CH-LU', ['Luzern', 'Lucerne', 'Lucerne']],
      ['CH-GR', ['Graubünden', 'Grisons', 'Grisons']], ['CH-VD', ['Waadt', 'Vaud', 'Vaud']], ['CH-VS', ['Wallis', 'Valais', 'Valais']],
    ],
  },
  { iso: 'FR', iso3: 'FRA', eu: true, zip: '^\\d{5}$', names: ['Frankreich', 'France', 'France'] },
  { iso: 'LU', iso3: 'LUX', eu: true, zip: '^\\d{4}$', names: ['Luxemburg', 'Luxembourg', 'Luxembourg'] },
  { iso: 'BE', iso3: 'BEL', eu: true, zip: '^\\d{4}$', names: ['Belgien', 'Belgium', 'Belgique'] },
  { iso: 'IT', iso3: 'ITA', eu: true, zip: '^\\d{5}$', names: ['Italien', 'Italy', 'Italie'] },
  { iso: 'NL', iso3: 'NLD', eu: true, zip: '^\\d{4} ?[A-Z]{2}$', names: ['Niederlande', 'Netherlands', 'Pays-Bas'] },
  { iso: 'PL', iso3: 'POL', eu: true, zip: '^\\d{2}-\\d{3}$', names: ['Polen', 'Poland', 'Pologne'] },
  { iso: 'CZ', iso3: 'CZE', eu: true, zip: '^\\d{3} ?\\d{2}$', names: ['Tschechien', 'Czechia', 'Tchéquie'] },
  { iso: 'DK', iso3: 'DNK', eu: true, zip: '^\\d{4}$', names: ['Dänemark', 'Denmark', 'Danemark'] },
  { iso: 'SE', iso3: 'SWE', eu: true, zip: '^\\d{3} ?\\d{2}$', names: ['Schweden', 'Sweden', 'Suède'] },
]

export function seedSystem(ins: Inserter): void {
  const languages: Array<[keyof typeof LANGUAGE_IDS, string, Tri]> = [
    ['de', 'de-DE', ['Deutsch', 'German', 'Allemand']],
    ['en', 'en-GB', ['Englisch', 'English', 'Anglais']],
    ['fr', 'fr-FR', ['Französisch', 'French', 'Français']],
  ]
  const ownNames: Record<string, string> = { de: 'Deutsch', en: 'English', fr: 'Français' }
  languages.forEach(([key, code, names], position) => {
    ins.insert('language', { id: LANGUAGE_IDS[key], code, name: ownNames[key], position, translations: tr({ name: names }) })
  })

  ins.insert('currency', {
    id: CURRENCY_EUR_ID, iso_code: 'EUR', symbol: '€', factor: 1, decimals: 2, position: 1,
    translations: tr({ name: same('Euro'), shortName: same('EUR') }),
  })

  COUNTRIES.forEach((c, position) => {
    const id = countryId(c.iso)
    ins.insert('country', {
      // Switzerland: registration works, but the shop neither ships nor invoices there (customs), so a cart
      // with a Swiss address answers shipping-/billing-address-blocked.
      id, iso: c.iso, iso3: c.iso3, position: position + 1, is_eu: bool(c.eu), shipping_available: bool(c.iso !== 'CH'), billing_allowed: bool(c.iso !== 'CH'),
      postal_code_pattern: c.zip, translations: tr({ name: c.names }),
    })
    c.states?.forEach(([code, names], i) => {
      ins.insert('country_state', { id: sid(`country-state:${code}`), country_id: id, short_code: code, position: i + 1, translations: tr({ name: names }) })
    })
  })

  const salutations: Array<[string, Tri, Tri]> = [
    ['mr', ['Herr', 'Mr.', 'M.'], ['Sehr geehrter Herr', 'Dear Mr.', 'Cher Monsieur']],
    ['mrs', ['Frau', 'Mrs.', 'Mme'], ['Sehr geehrte Frau', 'Dear Mrs.', 'Chère Madame']],
    ['not_specified', ['Keine Angabe', 'Not specified', 'Non précisé'], ['Guten Tag', 'Hello', 'Bonjour']],
  ]
  salutations.forEach(([key, displayName, letterName], position) => {
    ins.insert('salutation', { id: sid(`salutation:${key}`), salutation_key: key, position: position + 1, translations: tr({ displayName, letterName }) })
  })

  ins.insert('tax', { id: TAX_IDS.standard, rate: 19, name: 'Standard rate', position: 1 })
  ins.insert('tax', { id: TAX_IDS.reduced, rate: 7, name: 'Reduced rate', position: 2 })

  ins.insert('customer_group', {
    id: CUSTOMER_GROUP_IDS.standard, display_gross: 0,
    translations: tr({ name: ['Standard-Kundengruppe', 'Standard customer group', 'Groupe de clients standard'] }),
  })
  ins.insert('customer_group', {
    id: CUSTOMER_GROUP_IDS.reseller, display_gross: 0,
    translations: tr({ name: ['Händler', 'Reseller', 'Revendeur'] }),
  })

  const deliveryTimes: Array<[string, number, number, string, Tri]> = [
    ['1-3-days', 1, 3, 'day', ['1-3 Tage', '1-3 days', '1-3 jours']],
    ['1-2-days', 1, 2, 'day', ['1-2 Tage', '1-2 days', '1-2 jours']],
    ['1-2-weeks', 1, 2, 'week', ['1-2 Wochen', '1-2 weeks', '1-2 semaines']],
  ]
  for (const [key, min, max, unit, name] of deliveryTimes) {
    ins.insert('delivery_time', { id: sid(`delivery-time:${key}`), min, max, unit, translations: tr({ name }) })
  }

  const shipping: Array<[keyof typeof SHIPPING_METHOD_IDS, string, string, number, Tri, Tri]> = [
    ['standard', 'shipping_standard', '1-3-days', 6.9, ['Standard', 'Standard', 'Standard'],
      ['Paketversand mit DHL, versandkostenfrei ab 250 € Warenwert (netto).', 'Parcel delivery by DHL, free from €250 net order value.', 'Livraison par colis DHL, gratuite dès 250 € HT de commande.']],
    ['express', 'shipping_express', '1-2-days', 19.9, ['Express', 'Express', 'Express'],
      ['Zustellung am nächsten Werktag bei Bestellung bis 12 Uhr, nach Deutschland und Österreich; versandkostenfrei ab 500 € Warenwert (netto).', 'Delivery on the next working day for orders placed by noon, to Germany and Austria; free from €500 net order value.', 'Livraison le jour ouvré suivant pour toute commande passée avant midi, en Allemagne et en Autriche ; gratuite dès 500 € HT de commande.']],
    ['freight', 'shipping_freight', '1-2-weeks', 89, ['Spedition', 'Freight forwarding', 'Transport par transporteur'],
      ['Für Seilwinden, Anhängerteile und Sperrgut; Lieferung frei Bordsteinkante, versandkostenfrei ab 500 € Warenwert (netto).', 'For winches, trailer parts and bulky goods; kerbside delivery, free from €500 net order value.', 'Pour treuils, pièces de remorque et colis encombrants ; livraison au pied du camion, gratuite dès 500 € HT de commande.']],
  ]
  shipping.forEach(([key, technicalName, deliveryTime, price, name, description], position) => {
    ins.insert('shipping_method', {
      id: SHIPPING_METHOD_IDS[key], technical_name: technicalName, position: position + 1,
      delivery_time_id: sid(`delivery-time:${deliveryTime}`), tax_type: 'auto',
      prices: JSON.stringify([{ quantityStart: 1, net: price, freeFromNet: key === 'standard' ? 250 : null }]),
      // Express is only offered where next-day delivery works (availability rule "shipping country is DE or AT").
      available_country_isos: key === 'express' ? JSON.stringify(['DE', 'AT']) : null,
      translations: tr({ name, description }),
    })
  })

  const payments: Array<[keyof typeof PAYMENT_METHOD_IDS, string, boolean, Tri, Tri]> = [
    ['invoice', 'payment_invoice', false, ['Rechnung', 'Invoice', 'Facture'],
      ['Zahlbar innerhalb von 14 Tagen ohne Abzug, für Bestellungen bis 5.000 € Warenwert (netto).',
        'Payable within 14 days without deduction, for orders up to €5,000 net.',
        'Payable sous 14 jours sans escompte, pour les commandes jusqu’à 5 000 € HT.']],
    ['prepayment', 'payment_prepayment', false, ['Vorkasse', 'Prepayment', 'Paiement anticipé'],
      ['Überweisen Sie den Betrag vorab; wir versenden nach Zahlungseingang.', 'Transfer the amount in advance; we ship once payment is received.', 'Virez le montant à l’avance ; nous expédions dès réception du paiement.']],
    ['demoPay', 'payment_demo_pay', true, ['Demo Pay', 'Demo Pay', 'Demo Pay'],
      ['Online-Zahlung über die Demo-Zahlungsseite (keine echte Abbuchung).', 'Online payment via the demo payment page (no real charge).', 'Paiement en ligne via la page de paiement de démonstration (aucun débit réel).']],
  ]
  payments.forEach(([key, technicalName, isAsync, name, description], position) => {
    ins.insert('payment_method', {
      id: PAYMENT_METHOD_IDS[key], technical_name: technicalName, position: position + 1, is_async: bool(isAsync),
      after_order_enabled: 1, translations: tr({ name, description }),
      // Invoice only up to 5,000 € net (availability rule "cart amount (net) at most 5,000"); above it the credit risk is the shop's.
      max_cart_net: key === 'invoice' ? 5000 : null,
    })
  })

  const accounts = [
    {
      key: 'customer', group: CUSTOMER_GROUP_IDS.standard, number: '10001', salutation: 'mr', first: 'Max', last: 'Holzer',
      company: 'Holzer Forstservice GmbH', email: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password,
      vatIds: ['DE298765432'], payment: PAYMENT_METHOD_IDS.invoice,
      customFields: { forst_company_type: 'gmbh', forst_invoice_email: 'rechnung@holzer-forst.example', forst_company_website: 'https://holzer-forst.example', forst_newsletter: false },
      addresses: [
        { key: 'billing', street: 'Waldstraße 12', zip: '79098', city: 'Freiburg im Breisgau', state: 'DE-BW', phone: '+49 761 123456' },
        { key: 'shipping', street: 'Am Holzplatz 3', zip: '79271', city: 'St. Peter', state: 'DE-BW', phone: '+49 7660 9876' },
      ],
    },
    {
      key: 'reseller', group: CUSTOMER_GROUP_IDS.reseller, number: '20001', salutation: 'mrs', first: 'Anna', last: 'Forstner',
      company: 'Forstner Landtechnik KG', email: DEMO_ACCOUNTS.reseller.email, password: DEMO_ACCOUNTS.reseller.password,
      vatIds: ['DE123456789'], payment: PAYMENT_METHOD_IDS.prepayment,
      customFields: { forst_company_type: 'kg', forst_invoice_email: 'buchhaltung@forstner-landtechnik.example', forst_company_website: 'https://forstner-landtechnik.example', forst_newsletter: true },
      addresses: [
        { key: 'billing', street: 'Industriestraße 40', zip: '94469', city: 'Deggendorf', state: 'DE-BY', phone: '+49 991 55500' },
      ],
    },
  ] as const
  const now = '2024-01-15T09:00:00.000+00:00'
  for (const a of accounts) {
    const customerId = sid(`customer:${a.key}`)
    const addressIds = a.addresses.map((addr) => sid(`customer-address:${a.key}:${addr.key}`))
    ins.insert('customer', {
      id: customerId, group_id: a.group, customer_number: a.number, salutation_id: sid(`salutation:${a.salutation}`),
      first_name: a.first, last_name: a.last, email: a.email, password_hash: hashPassword(a.password), company: a.company,
      account_type: 'business', vat_ids: JSON.stringify(a.vatIds), title: null,
      default_billing_address_id: addressIds[0], default_shipping_address_id: addressIds[addressIds.length - 1],
      default_payment_method_id: a.payment, language_id: LANGUAGE_IDS.de, active: 1, guest: 0,
      custom_fields: JSON.stringify(a.customFields), created_at: now, first_login: now,
    })
    a.addresses.forEach((addr, i) => {
      ins.insert('customer_address', {
        id: addressIds[i], customer_id: customerId, country_id: COUNTRY_DE_ID, country_state_id: sid(`country-state:${addr.state}`),
        salutation_id: sid(`salutation:${a.salutation}`), first_name: a.first, last_name: a.last, company: a.company,
        department: null, street: addr.street, zipcode: addr.zip, city: addr.city, phone_number: addr.phone,
        additional_address_line1: null, additional_address_line2: null, created_at: now,
      })
    })
  }
}
