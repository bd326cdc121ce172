import { CONTACT_FORM_RECEIVER, CONTACT_FORM_SLOT_ID, LANGUAGE_IDS, LANGUAGE_KEYS } from '../constants'
import { sid } from '../ids'
import type { SeededProduct } from './catalogue'
import { MANUFACTURERS } from './catalogue-data'
import type { ProductImageType } from './product-images'
import {
  cmsPageId, formSlot, gallerySlot, imageSlot, insertCmsPage, listingSlot, productDetailPage, productSliderSlot, textSlot, type BlockDef,
  type PageDef,
} from './cms'
import { bool, same, slugify, tr, type Inserter, type Tri } from './util'

export const contentMedia = {
  hero: sid('media:content:hero'),
  bgForest: sid('media:content:bg-forest'),
  bgWorkshop: sid('media:content:bg-workshop'),
  bgMeadow: sid('media:content:bg-meadow'),
  team: sid('media:content:team'),
  anchor: (key: string) => sid(`media:content:anchor:${key}`),
  industry: (key: string) => sid(`media:content:industry:${key}`),
  manufacturerLogo: (key: string) => sid(`media:manufacturer:${key}`),
  category: (key: string) => sid(`media:content:category:${key}`),
}

/** Home page entry points: a category, its paths per language and the product type pictured on its teaser. */
export const CATEGORY_TEASERS: Array<{ key: string; group: 'products' | 'spare-parts'; name: Tri; path: Tri; image: ProductImageType }> = [
  { key: 'winches', group: 'products', name: ['Seilwinden', 'Winches', 'Treuils'], path: ['/produkte/seilwinden/', '/en/products/winches/', '/fr/produits/treuils/'], image: 'winch' },
  { key: 'chains', group: 'products', name: ['Sägeketten & Schienen', 'Saw chains & guide bars', 'Chaînes et guides'], path: ['/produkte/saegeketten-schienen/', '/en/products/saw-chains-guide-bars/', '/fr/produits/chaines-guides/'], image: 'guide-bar' },
  { key: 'felling', group: 'products', name: ['Fäll- und Spaltwerkzeug', 'Felling & splitting tools', 'Outils d’abattage et de fendage'], path: ['/produkte/faell-und-spaltwerkzeug/', '/en/products/felling-splitting-tools/', '/fr/produits/outils-abattage-fendage/'], image: 'axe' },
  { key: 'rigging', group: 'products', name: ['Anschlagmittel & Seile', 'Rigging & ropes', 'Élingues et câbles'], path: ['/produkte/anschlagmittel-seile/', '/en/products/rigging-ropes/', '/fr/produits/elingues-cables/'], image: 'snatch-block' },
  { key: 'protection', group: 'products', name: ['Schutzausrüstung', 'Protective equipment', 'Équipement de protection'], path: ['/produkte/schutzausruestung/', '/en/products/protective-equipment/', '/fr/produits/equipement-de-protection/'], image: 'helmet' },
  { key: 'measuring', group: 'products', name: ['Messen & Markieren', 'Measuring & marking', 'Mesure et marquage'], path: ['/produkte/messen-markieren/', '/en/products/measuring-marking/', '/fr/produits/mesure-marquage/'], image: 'measuring-tape' },
  { key: 'crane-parts', group: 'spare-parts', name: ['Kranersatzteile', 'Crane spare parts', 'Pièces de grue'], path: ['/ersatzteile/kranersatzteile/', '/en/spare-parts/crane-spare-parts/', '/fr/pieces-detachees/pieces-de-grue/'], image: 'rotator' },
  { key: 'winch-parts', group: 'spare-parts', name: ['Windenersatzteile', 'Winch spare parts', 'Pièces de treuil'], path: ['/ersatzteile/windenersatzteile/', '/en/spare-parts/winch-spare-parts/', '/fr/pieces-detachees/pieces-de-treuil/'], image: 'rope-drum' },
  { key: 'hydraulic-parts', group: 'spare-parts', name: ['Hydraulikteile', 'Hydraulic parts', 'Pièces hydrauliques'], path: ['/ersatzteile/hydraulikteile/', '/en/spare-parts/hydraulic-parts/', '/fr/pieces-detachees/pieces-hydrauliques/'], image: 'control-valve' },
  { key: 'trailer-parts', group: 'spare-parts', name: ['Forstanhänger-Teile', 'Forestry trailer parts', 'Pièces de remorque forestière'], path: ['/ersatzteile/forstanhaenger-teile/', '/en/spare-parts/forestry-trailer-parts/', '/fr/pieces-detachees/pieces-remorque-forestiere/'], image: 'wheel' },
]

const localized = (path: string): Tri => [path, `/en${path}`, `/fr${path}`]
const teaserBlock = (group: 'products' | 'spare-parts'): BlockDef => ({
  type: 'image-teasers', cssClass: 'category-teasers', margins: ['0', '0', '0', '0'],
  slots: CATEGORY_TEASERS.filter((t) => t.group === group).map((t) => imageSlot(contentMedia.category(t.key), { slot: t.key, url: t.path, minHeight: '0' })),
})

interface CategoryDef {
  key: string
  name: Tri
  slug?: Tri
  type?: 'page' | 'link' | 'folder'
  cms?: string
  linkType?: 'category' | 'landing_page' | 'external' | 'product'
  internalLink?: string
  /** One link for all languages, or one per language (Shopware's externalLink is translatable). */
  externalLink?: string | Tri
  linkNewTab?: boolean
  mediaId?: string
  description?: Tri
  children?: CategoryDef[]
}

const LANDING_PAGES: Array<{ key: string; name: Tri; slug: Tri; html: Tri }> = [
  {
    key: 'privacy', name: ['Datenschutzerklärung', 'Privacy policy', 'Déclaration de confidentialité'],
    slug: ['datenschutzerklaerung', 'privacy-policy', 'declaration-de-confidentialite'],
    html: [
      '<p>Stand: November 2026. Mit dieser Erklärung informieren wir Sie nach Art. 13 und 14 DSGVO darüber, welche personenbezogenen Daten wir beim Besuch und bei der Nutzung dieses Shops verarbeiten.</p><h2>1. Verantwortlicher</h2><p>Waldwerk Forsttechnik GmbH, Waldweg 1, 71332 Waiblingen, Deutschland<br>Telefon: +49 7151 98765-0, E-Mail: datenschutz@example.com</p><h2>2. Datenschutzbeauftragter</h2><p>Unseren Datenschutzbeauftragten erreichen Sie unter der oben genannten Anschrift mit dem Zusatz „Datenschutzbeauftragter“ oder per E-Mail an dsb@example.com.</p><h2>3. Bereitstellung des Shops und Server-Logdateien</h2><p>Beim Aufruf jeder Seite verarbeitet unser Server die IP-Adresse, Datum und Uhrzeit, die aufgerufene Adresse, den Statuscode und die Browserkennung. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist ein sicherer und stabiler Betrieb. Die Logdateien werden nach sieben Tagen gelöscht.</p><h2>4. Kundenkonto, Bestellungen und Angebote</h2><p>Für Bestellungen, Preisanfragen und das Kundenkonto verarbeiten wir Firma, Name, Anschrift, E-Mail-Adresse, Telefonnummer, Umsatzsteuer-Identifikationsnummer und Bestelldaten zur Erfüllung des Vertrags und vorvertraglicher Maßnahmen (Art. 6 Abs. 1 lit. b DSGVO). Handels- und steuerrechtliche Aufbewahrungspflichten (Art. 6 Abs. 1 lit. c DSGVO, §§ 147 AO, 257 HGB) verlangen die Speicherung von Rechnungsdaten für zehn Jahre.</p><h2>5. Kontaktformular und Newsletter</h2><p>Anfragen über das Kontaktformular verarbeiten wir zur Beantwortung (Art. 6 Abs. 1 lit. b bzw. f DSGVO) und löschen sie, wenn die Anfrage erledigt ist. Den Newsletter versenden wir nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO) nach Bestätigung Ihrer E-Mail-Adresse (Double-Opt-in); Sie können ihn jederzeit abbestellen.</p><h2>6. Cookies und Einwilligung</h2><p>Technisch notwendige Cookies setzen wir auf Grundlage von § 25 Abs. 2 Nr. 2 TDDDG und Art. 6 Abs. 1 lit. f DSGVO. Alle anderen Cookies und Dienste setzen wir nur mit Ihrer Einwilligung ein (§ 25 Abs. 1 TDDDG, Art. 6 Abs. 1 lit. a DSGVO). Ihre Einwilligung ist freiwillig und für die Nutzung des Shops nicht erforderlich. Sie können sie jederzeit mit Wirkung für die Zukunft über die Schaltfläche „Cookie-Einstellungen“ unten links auf jeder Seite ändern oder widerrufen; Cookies der abgewählten Kategorien löschen wir dann.</p><table><thead><tr><th>Cookie</th><th>Kategorie</th><th>Zweck</th><th>Speicherdauer</th></tr></thead><tbody><tr><td>cc_cookie</td><td>Notwendig</td><td>Speichert Ihre Cookie-Auswahl mit Zeitstempel und zufälliger Einwilligungs-ID als Nachweis</td><td>182 Tage</td></tr><tr><td>cookieConsentPreferences</td><td>Notwendig</td><td>Speichert, welche Dienste Sie zugelassen haben</td><td>182 Tage</td></tr><tr><td>sw-context-token</td><td>Notwendig</td><td>Warenkorb, Anmeldung und Bestellvorgang</td><td>30 Tage</td></tr><tr><td>locale</td><td>Notwendig</td><td>Gewählte Sprache</td><td>365 Tage</td></tr><tr><td>flash, Merkzettel</td><td>Notwendig</td><td>Hinweise nach einer Aktion und der Merkzettel ohne Kundenkonto</td><td>Sitzung bzw. bis zur Löschung</td></tr><tr><td>_ga, _ga_*, _gid</td><td>Messung</td><td>Reichweitenmessung über den Tag-Manager</td><td>bis zu 2 Jahre</td></tr><tr><td>Chat-Widget</td><td>Funktional</td><td>Live-Chat mit unserem Kundenservice</td><td>bis zum Widerruf</td></tr></tbody></table><h2>7. Messung (Tag-Manager, Webanalyse, Werbung)</h2><p>Nur wenn Sie der Kategorie „Messung“ zustimmen, laden wir den Google Tag Manager der Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland. Dabei kann Ihre IP-Adresse an Google übermittelt und in die USA übertragen werden; Google ist nach dem EU-US Data Privacy Framework zertifiziert (Art. 45 DSGVO).</p><h2>8. Funktional (Chat-Widget, Videos)</h2><p>Nur wenn Sie der Kategorie „Funktional“ zustimmen, laden wir das Chat-Widget unseres Chat-Anbieters und eingebettete Videos. Mit dem Widerruf wird das Chat-Widget sofort entfernt.</p><h2>9. Empfänger</h2><p>Wir setzen Dienstleister für Hosting, E-Mail-Versand, Zahlung und Versand ein, die Daten in unserem Auftrag nach Art. 28 DSGVO verarbeiten. Versanddienstleistern geben wir Name und Lieferanschrift zur Zustellung weiter.</p><h2>10. Ihre Rechte</h2><p>Sie haben das Recht auf Auskunft (Art. 15), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch (Art. 21 DSGVO) sowie das Recht, eine erteilte Einwilligung jederzeit zu widerrufen (Art. 7 Abs. 3 DSGVO). Sie können sich bei einer Aufsichtsbehörde beschweren, etwa beim Landesbeauftragten für den Datenschutz und die Informationsfreiheit Baden-Württemberg.</p>',
      '<p>Last updated: November 2026. This policy tells you, as required by Art. 13 and 14 GDPR, which personal data we process when you visit and use this shop.</p><h2>1. Controller</h2><p>Waldwerk Forsttechnik GmbH, Waldweg 1, 71332 Waiblingen, Germany<br>Phone: +49 7151 98765-0, email: datenschutz@example.com</p><h2>2. Data protection officer</h2><p>You can reach our data protection officer at the address above, marked “Data protection officer”, or by email at dsb@example.com.</p><h2>3. Providing the shop and server log files</h2><p>Whenever a page is requested our server processes the IP address, date and time, the requested address, the status code and the browser identification. The legal basis is Art. 6(1)(f) GDPR; our legitimate interest is secure and stable operation. Log files are deleted after seven days.</p><h2>4. Customer account, orders and quotes</h2><p>For orders, price requests and the customer account we process company, name, address, email address, phone number, VAT ID and order data to perform the contract and pre-contractual steps (Art. 6(1)(b) GDPR). Commercial and tax law (Art. 6(1)(c) GDPR, section 147 AO, section 257 HGB) requires us to keep invoice data for ten years.</p><h2>5. Contact form and newsletter</h2><p>We process enquiries sent through the contact form to answer them (Art. 6(1)(b) or (f) GDPR) and delete them once the enquiry is settled. We send the newsletter only with your consent (Art. 6(1)(a) GDPR) after you have confirmed your email address (double opt-in); you can unsubscribe at any time.</p><h2>6. Cookies and consent</h2><p>We set strictly necessary cookies on the basis of section 25(2) no. 2 TDDDG and Art. 6(1)(f) GDPR. We use all other cookies and services only with your consent (section 25(1) TDDDG, Art. 6(1)(a) GDPR). Your consent is voluntary and not required to use the shop. You can change or withdraw it at any time with effect for the future through the “Cookie preferences” button at the bottom left of every page; we then delete the cookies of the categories you deselected.</p><table><thead><tr><th>Cookie</th><th>Category</th><th>Purpose</th><th>Duration</th></tr></thead><tbody><tr><td>cc_cookie</td><td>Necessary</td><td>Stores your cookie choice with a timestamp and a random consent ID as proof</td><td>182 days</td></tr><tr><td>cookieConsentPreferences</td><td>Necessary</td><td>Stores which services you allowed</td><td>182 days</td></tr><tr><td>sw-context-token</td><td>Necessary</td><td>Cart, login and checkout</td><td>30 days</td></tr><tr><td>locale</td><td>Necessary</td><td>Chosen language</td><td>365 days</td></tr><tr><td>flash, wishlist</td><td>Necessary</td><td>Notices after an action and the wishlist without a customer account</td><td>Session or until deleted</td></tr><tr><td>_ga, _ga_*, _gid</td><td>Measurement</td><td>Audience measurement through the tag manager</td><td>up to 2 years</td></tr><tr><td>Chat widget</td><td>Functional</td><td>Live chat with our customer service</td><td>until withdrawn</td></tr></tbody></table><h2>7. Measurement (tag manager, web analytics, advertising)</h2><p>Only if you accept the “Measurement” category do we load Google Tag Manager of Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Ireland. Your IP address may then be transmitted to Google and transferred to the USA; Google is certified under the EU-US Data Privacy Framework (Art. 45 GDPR).</p><h2>8. Functional (chat widget, videos)</h2><p>Only if you accept the “Functional” category do we load our chat provider’s chat widget and embedded videos. When you withdraw consent the chat widget is removed immediately.</p><h2>9. Recipients</h2><p>We use service providers for hosting, email delivery, payment and shipping who process data on our behalf under Art. 28 GDPR. We pass name and delivery address to carriers for delivery.</p><h2>10. Your rights</h2><p>You have the right of access (Art. 15), rectification (Art. 16), erasure (Art. 17), restriction of processing (Art. 18), data portability (Art. 20) and objection (Art. 21 GDPR), and the right to withdraw consent at any time (Art. 7(3) GDPR). You may lodge a complaint with a supervisory authority, for example the State Commissioner for Data Protection and Freedom of Information of Baden-Württemberg.</p>',
      '<p>Mise à jour : novembre 2026. Conformément aux articles 13 et 14 du RGPD, cette déclaration vous informe des données personnelles que nous traitons lorsque vous visitez et utilisez cette boutique.</p><h2>1. Responsable du traitement</h2><p>Waldwerk Forsttechnik GmbH, Waldweg 1, 71332 Waiblingen, Allemagne<br>Téléphone : +49 7151 98765-0, e-mail : datenschutz@example.com</p><h2>2. Délégué à la protection des données</h2><p>Vous pouvez joindre notre délégué à la protection des données à l’adresse ci-dessus, avec la mention « Délégué à la protection des données », ou par e-mail à dsb@example.com.</p><h2>3. Mise à disposition de la boutique et journaux du serveur</h2><p>À chaque consultation d’une page, notre serveur traite l’adresse IP, la date et l’heure, l’adresse consultée, le code de statut et l’identification du navigateur. La base légale est l’article 6, paragraphe 1, point f du RGPD ; notre intérêt légitime est un fonctionnement sûr et stable. Les journaux sont supprimés après sept jours.</p><h2>4. Compte client, commandes et devis</h2><p>Pour les commandes, les demandes de prix et le compte client, nous traitons la raison sociale, le nom, l’adresse, l’adresse e-mail, le numéro de téléphone, le numéro de TVA intracommunautaire et les données de commande pour l’exécution du contrat et des mesures précontractuelles (article 6, paragraphe 1, point b du RGPD). Les obligations de conservation commerciales et fiscales (article 6, paragraphe 1, point c du RGPD) nous imposent de conserver les données de facturation pendant dix ans.</p><h2>5. Formulaire de contact et newsletter</h2><p>Nous traitons les demandes envoyées par le formulaire de contact pour y répondre (article 6, paragraphe 1, points b ou f du RGPD) et les supprimons une fois la demande traitée. Nous n’envoyons la newsletter qu’avec votre consentement (article 6, paragraphe 1, point a du RGPD), après confirmation de votre adresse e-mail (double opt-in) ; vous pouvez vous désabonner à tout moment.</p><h2>6. Cookies et consentement</h2><p>Nous déposons les cookies strictement nécessaires sur la base de l’article 25, paragraphe 2, point 2 du TDDDG et de l’article 6, paragraphe 1, point f du RGPD. Nous n’utilisons tous les autres cookies et services qu’avec votre consentement (article 25, paragraphe 1 du TDDDG, article 6, paragraphe 1, point a du RGPD). Votre consentement est facultatif et n’est pas nécessaire pour utiliser la boutique. Vous pouvez le modifier ou le retirer à tout moment pour l’avenir grâce au bouton « Préférences de cookies » en bas à gauche de chaque page ; nous supprimons alors les cookies des catégories désélectionnées.</p><table><thead><tr><th>Cookie</th><th>Catégorie</th><th>Finalité</th><th>Durée</th></tr></thead><tbody><tr><td>cc_cookie</td><td>Nécessaires</td><td>Enregistre votre choix avec un horodatage et un identifiant de consentement aléatoire comme preuve</td><td>182 jours</td></tr><tr><td>cookieConsentPreferences</td><td>Nécessaires</td><td>Enregistre les services que vous avez autorisés</td><td>182 jours</td></tr><tr><td>sw-context-token</td><td>Nécessaires</td><td>Panier, connexion et commande</td><td>30 jours</td></tr><tr><td>locale</td><td>Nécessaires</td><td>Langue choisie</td><td>365 jours</td></tr><tr><td>flash, liste d’envies</td><td>Nécessaires</td><td>Messages après une action et liste d’envies sans compte client</td><td>Session ou jusqu’à suppression</td></tr><tr><td>_ga, _ga_*, _gid</td><td>Mesure</td><td>Mesure d’audience via le gestionnaire de balises</td><td>jusqu’à 2 ans</td></tr><tr><td>Widget de chat</td><td>Fonctionnels</td><td>Chat en direct avec notre service client</td><td>jusqu’au retrait</td></tr></tbody></table><h2>7. Mesure (gestionnaire de balises, analyse web, publicité)</h2><p>Ce n’est que si vous acceptez la catégorie « Mesure » que nous chargeons Google Tag Manager de Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irlande. Votre adresse IP peut alors être transmise à Google et transférée aux États-Unis ; Google est certifié selon le cadre de protection des données UE-États-Unis (article 45 du RGPD).</p><h2>8. Fonctionnels (widget de chat, vidéos)</h2><p>Ce n’est que si vous acceptez la catégorie « Fonctionnels » que nous chargeons le widget de notre prestataire de chat et les vidéos intégrées. Lorsque vous retirez votre consentement, le widget de chat est retiré immédiatement.</p><h2>9. Destinataires</h2><p>Nous faisons appel à des prestataires pour l’hébergement, l’envoi d’e-mails, le paiement et l’expédition, qui traitent les données pour notre compte conformément à l’article 28 du RGPD. Nous transmettons le nom et l’adresse de livraison aux transporteurs pour la livraison.</p><h2>10. Vos droits</h2><p>Vous disposez d’un droit d’accès (article 15), de rectification (article 16), d’effacement (article 17), de limitation du traitement (article 18), de portabilité (article 20) et d’opposition (article 21 du RGPD), ainsi que du droit de retirer votre consentement à tout moment (article 7, paragraphe 3 du RGPD). Vous pouvez introduire une réclamation auprès d’une autorité de contrôle, par exemple le délégué à la protection des données du Bade-Wurtemberg ou la CNIL.</p>',
    ],
  },
  {
    key: 'imprint', name: ['Impressum', 'Imprint', 'Mentions légales'], slug: ['impressum', 'imprint', 'mentions-legales'],
    html: [
      '<h2>Angaben gemäß § 5 DDG</h2><p>Waldwerk Forsttechnik GmbH<br>Waldweg 1<br>71332 Waiblingen<br>Deutschland</p><h2>Kontakt</h2><p>Telefon: +49 7151 98765-0<br>E-Mail: info@example.com</p><h2>Vertreten durch</h2><p>Geschäftsführerin: Franziska Tanner</p><h2>Registereintrag</h2><p>Registergericht: Amtsgericht Stuttgart<br>Registernummer: HRB 000000</p><h2>Umsatzsteuer</h2><p>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: DE000000000</p><h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2><p>Franziska Tanner, Waldweg 1, 71332 Waiblingen</p><h2>Verbraucherstreitbeilegung</h2><p>Wir verkaufen ausschließlich an Unternehmer und sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p><h2>Hinweis</h2><p>Dies ist ein Demo-Shop. Es werden keine echten Bestellungen ausgeführt.</p>',
      '<h2>Information pursuant to section 5 DDG</h2><p>Waldwerk Forsttechnik GmbH<br>Waldweg 1<br>71332 Waiblingen<br>Germany</p><h2>Contact</h2><p>Phone: +49 7151 98765-0<br>Email: info@example.com</p><h2>Represented by</h2><p>Managing director: Franziska Tanner</p><h2>Register entry</h2><p>Register court: Stuttgart local court<br>Register number: HRB 000000</p><h2>VAT</h2><p>VAT identification number under section 27a UStG: DE000000000</p><h2>Responsible for content under section 18(2) MStV</h2><p>Franziska Tanner, Waldweg 1, 71332 Waiblingen, Germany</p><h2>Consumer dispute resolution</h2><p>We sell to businesses only and are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.</p><h2>Note</h2><p>This is a demo shop. No real orders are fulfilled.</p>',
      '<h2>Éditeur du site (article 5 du DDG)</h2><p>Waldwerk Forsttechnik GmbH<br>Waldweg 1<br>71332 Waiblingen<br>Allemagne</p><h2>Contact</h2><p>Téléphone : +49 7151 98765-0<br>E-mail : info@example.com</p><h2>Représentée par</h2><p>Gérante : Franziska Tanner</p><h2>Immatriculation</h2><p>Tribunal d’instance de Stuttgart (Amtsgericht Stuttgart)<br>Numéro d’immatriculation : HRB 000000</p><h2>TVA</h2><p>Numéro de TVA intracommunautaire : DE000000000</p><h2>Directrice de la publication</h2><p>Franziska Tanner, Waldweg 1, 71332 Waiblingen, Allemagne</p><h2>Règlement des litiges de consommation</h2><p>Nous vendons exclusivement aux professionnels et ne sommes ni disposés ni tenus à participer à une procédure de règlement des litiges devant un organisme de médiation de la consommation.</p><h2>Remarque</h2><p>Ceci est une boutique de démonstration. Aucune commande réelle n’est exécutée.</p>',
    ],
  },
  {
    key: 'terms', name: ['AGB', 'Terms and conditions', 'CGV'], slug: ['agb', 'terms-and-conditions', 'conditions-generales-de-vente'],
    html: [
      '<h2>1. Geltungsbereich</h2><p>Diese Bedingungen gelten für alle Bestellungen von Unternehmern im Sinne des § 14 BGB über diesen Online-Shop.</p><h2>2. Vertragsschluss</h2><p>Mit dem Absenden der Bestellung geben Sie ein verbindliches Angebot ab. Der Vertrag kommt mit unserer Auftragsbestätigung oder der Auslieferung zustande.</p><h2>3. Preise und Zahlung</h2><p>Alle Preise verstehen sich netto zuzüglich gesetzlicher Umsatzsteuer und Versandkosten. Rechnungen sind innerhalb von 14 Tagen ohne Abzug zahlbar.</p><h2>4. Eigentumsvorbehalt</h2><p>Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.</p>',
      '<h2>1. Scope</h2><p>These terms apply to all orders placed by businesses through this online shop.</p><h2>2. Contract</h2><p>By submitting your order you make a binding offer. The contract is concluded with our order confirmation or on delivery.</p><h2>3. Prices and payment</h2><p>All prices are net plus statutory VAT and shipping costs. Invoices are payable within 14 days without deduction.</p><h2>4. Retention of title</h2><p>Goods remain our property until paid in full.</p>',
      '<h2>1. Champ d’application</h2><p>Les présentes conditions s’appliquent à toutes les commandes passées par des professionnels sur cette boutique en ligne.</p><h2>2. Conclusion du contrat</h2><p>En envoyant votre commande, vous faites une offre ferme. Le contrat est conclu par notre confirmation de commande ou par la livraison.</p><h2>3. Prix et paiement</h2><p>Tous les prix s’entendent hors taxes, TVA légale et frais de port en sus. Les factures sont payables sous 14 jours sans escompte.</p><h2>4. Réserve de propriété</h2><p>La marchandise reste notre propriété jusqu’au paiement intégral.</p>',
    ],
  },
  {
    key: 'shipping', name: ['Versand und Zahlung', 'Shipping and payment', 'Livraison et paiement'],
    slug: ['versand-und-zahlung', 'shipping-and-payment', 'livraison-et-paiement'],
    html: [
      '<h2>Versand</h2><p>Paketware versenden wir mit DHL innerhalb von 1–3 Werktagen für 6,90 €; ab 250 € Warenwert (netto) ist der Standardversand kostenlos. Express-Zustellung (19,90 €) ist nach Deutschland und Österreich bei Bestellung bis 12 Uhr am nächsten Werktag möglich. Seilwinden, Anhängerteile und Sperrgut liefern wir per Spedition (89 €) frei Bordsteinkante. Ab 500 € Warenwert (netto) sind auch Express und Spedition versandkostenfrei. Alle Versandkosten verstehen sich netto zuzüglich Umsatzsteuer.</p><h2>Zahlung</h2><p>Sie zahlen bequem auf Rechnung (14 Tage netto), per Vorkasse oder online mit Demo Pay.</p>',
      '<h2>Shipping</h2><p>Parcels are shipped by DHL within 1–3 working days for €6.90; standard shipping is free from €250 net order value. Express delivery (€19.90) on the next working day is available to Germany and Austria for orders placed by noon. Winches, trailer parts and bulky goods are delivered by freight forwarder (€89) to the kerbside. From €500 net order value, express and freight shipping are free as well. All shipping costs are net, plus VAT.</p><h2>Payment</h2><p>Pay by invoice (14 days net), by prepayment or online with Demo Pay.</p>',
      '<h2>Livraison</h2><p>Les colis sont expédiés par DHL sous 1 à 3 jours ouvrés pour 6,90 € ; la livraison standard est gratuite à partir de 250 € HT de commande. La livraison express (19,90 €) le jour ouvré suivant est possible en Allemagne et en Autriche pour toute commande passée avant midi. Les treuils, pièces de remorque et colis encombrants sont livrés par transporteur (89 €) au pied du camion. À partir de 500 € HT de commande, la livraison express et le transport par transporteur sont également offerts. Tous les frais de port s’entendent hors taxes, TVA en sus.</p><h2>Paiement</h2><p>Payez sur facture (14 jours net), par paiement anticipé ou en ligne avec Demo Pay.</p>',
    ],
  },
]

export const landingPageId = (key: string): string => sid(`landing-page:${key}`)


function pages(products: SeededProduct[]): PageDef[] {
  const top = products.filter((p) => !p.parentId && p.priceNet > 0)
  const pick = (families: string[], n: number) => top.filter((p) => families.includes(p.family)).slice(0, n).map((p) => p.id)
  // The home's "Bestseller" row leads with the products tagged so (and marked as top sellers), then a mix of families.
  const tagged = top.filter((p) => p.topseller).map((p) => p.id)
  const mix = [...pick(['winch'], 2), ...pick(['chain'], 2), ...pick(['helmet', 'clothing'], 2), ...pick(['axe'], 2)]
  const topsellers = [...tagged, ...mix.filter((id) => !tagged.includes(id))].slice(0, 8)
  const industry = (key: string, name: Tri, intro: Tri, mode: 'cover' | 'contain' | 'auto' | null, families: string[]): PageDef => ({
    key: `industry-${key}`, type: 'page', name,
    sections: [
      {
        type: 'default', sizingMode: mode === 'cover' ? 'full_width' : 'boxed', backgroundMediaId: mode ? contentMedia.bgForest : undefined,
        backgroundMediaMode: mode ?? undefined, backgroundColor: mode ? undefined : '#eef3ea', cssClass: `industry industry-${key}`,
        blocks: [
          { type: 'text-hero', slots: [textSlot(intro)], margins: ['40px', '20px', '40px', '20px'] },
          { type: 'image-text', slots: [imageSlot(contentMedia.industry(key), { slot: 'left' }), textSlot(['<p>Sprechen Sie mit unseren Anwendungsberatern: +49 7151 98765-0.</p>', '<p>Talk to our application advisers: +49 7151 98765-0.</p>', '<p>Parlez à nos conseillers : +49 7151 98765-0.</p>'], 'right')] },
        ],
      },
      { type: 'default', blocks: [{ type: 'product-slider', slots: [productSliderSlot(pick(families, 8), ['Empfohlen für Sie', 'Recommended for you', 'Recommandé pour vous'])] }] },
    ],
  })
  const company = (key: string, name: Tri, main: Tri, extra: BlockDef[] = []): PageDef => ({
    key: `company-${key}`, type: 'page', name,
    sections: [
      {
        type: 'sidebar', mobileBehavior: 'wrap', cssClass: 'company-page',
        blocks: [
          {
            type: 'text', sectionPosition: 'sidebar', backgroundColor: '#f3f1ea', cssClass: 'contact-box', margins: ['0', '0', '20px', '0'],
            slots: [textSlot([
              '<h2>Kontakt</h2><p>Waldwerk Forsttechnik GmbH<br>Waldweg 1, 71332 Waiblingen</p><p>Mo–Fr 8–17 Uhr, Sa 9–12 Uhr<br>+49 7151 98765-0</p>',
              '<h2>Contact</h2><p>Waldwerk Forsttechnik GmbH<br>Waldweg 1, 71332 Waiblingen, Germany</p><p>Mon–Fri 8am–5pm, Sat 9am–12pm<br>+49 7151 98765-0</p>',
              '<h2>Contact</h2><p>Waldwerk Forsttechnik GmbH<br>Waldweg 1, 71332 Waiblingen, Allemagne</p><p>Lun–ven 8h–17h, sam 9h–12h<br>+49 7151 98765-0</p>',
            ])],
          },
          { type: 'text', sectionPosition: 'main', slots: [textSlot(main)] },
          ...extra,
          { type: 'image', sectionPosition: 'main', visibility: { mobile: false }, slots: [imageSlot(contentMedia.team, { displayMode: 'cover' })] },
        ],
      },
      {
        type: 'default', backgroundMediaId: contentMedia.bgMeadow, backgroundMediaMode: 'auto',
        blocks: [{ type: 'text', cssClass: 'company-claim', slots: [textSlot([
          '<p><strong>Aus dem Wald, für den Wald – seit über 30 Jahren.</strong></p>', '<p><strong>From the forest, for the forest – for more than 30 years.</strong></p>', '<p><strong>De la forêt, pour la forêt – depuis plus de 30 ans.</strong></p>',
        ])] }],
      },
    ],
  })
  return [
    {
      key: 'home', type: 'page', name: ['Startseite', 'Home', 'Accueil'], cssClass: 'home',
      sections: [
        {
          // The storefront puts the page's h1 and its two main ways in (range, spare parts finder) into this section.
          type: 'default', sizingMode: 'full_width', backgroundMediaId: contentMedia.hero, backgroundMediaMode: 'cover', cssClass: 'home-hero',
          blocks: [{
            type: 'text-hero', margins: ['0', '0', '0', '0'], cssClass: 'hero-text',
            slots: [textSlot([
              '<p>Seilwinden, Sägeketten, Schutzausrüstung und Ersatzteile für Kran, Winde und Hydraulik – ab Lager, mit Beratung vom Fachhändler.</p>',
              '<p>Winches, saw chains, protective equipment and spare parts for cranes, winches and hydraulics – from stock, with advice from a specialist dealer.</p>',
              '<p>Treuils, chaînes, équipements de protection et pièces pour grues, treuils et hydraulique – en stock, avec les conseils d’un spécialiste.</p>',
            ])],
          }],
        },
        {
          type: 'default', cssClass: 'home-trust',
          blocks: [{ type: 'text', margins: ['0', '0', '0', '0'], slots: [textSlot([
            '<h2>Darauf können Sie sich verlassen</h2><ul><li><strong>Lieferung in 1–3 Werktagen</strong> Lagerware verlässt uns am Tag der Bestellung, Express bis 12 Uhr.</li><li><strong>Telefonische Fachberatung</strong> Mo–Fr 8–17 Uhr unter <a href="tel:+4971519876500">+49 7151 98765-0</a>.</li><li><strong>Kauf auf Rechnung</strong> Für Geschäftskunden mit 14 Tagen Zahlungsziel.</li><li><strong>Staffel- und Händlerpreise</strong> Ab 10 Stück günstiger, Händlerkonditionen nach Freischaltung.</li></ul>',
            '<h2>What you can rely on</h2><ul><li><strong>Delivery in 1–3 working days</strong> Stock items ship on the day you order, express until 12 noon.</li><li><strong>Expert advice by phone</strong> Mon–Fri 8 am–5 pm at <a href="tel:+4971519876500">+49 7151 98765-0</a>.</li><li><strong>Pay on invoice</strong> For business customers, 14 days net.</li><li><strong>Tier and reseller prices</strong> Cheaper from 10 pieces, reseller conditions once approved.</li></ul>',
            '<h2>Nos engagements</h2><ul><li><strong>Livraison en 1 à 3 jours ouvrés</strong> Les articles en stock partent le jour de la commande, express jusqu’à 12 h.</li><li><strong>Conseil technique par téléphone</strong> Du lundi au vendredi de 8 h à 17 h au <a href="tel:+4971519876500">+49 7151 98765-0</a>.</li><li><strong>Paiement sur facture</strong> Pour les clients professionnels, à 14 jours.</li><li><strong>Prix dégressifs et revendeurs</strong> Moins cher dès 10 pièces, conditions revendeur après validation.</li></ul>',
          ])] }],
        },
        {
          type: 'default', cssClass: 'home-categories',
          blocks: [
            { type: 'text', margins: ['0', '0', '0', '0'], slots: [textSlot(['<h2>Produkte für die Waldarbeit</h2>', '<h2>Products for forest work</h2>', '<h2>Produits pour le travail en forêt</h2>'])] },
            teaserBlock('products'),
          ],
        },
        {
          type: 'default', cssClass: 'home-spare-parts',
          blocks: [
            { type: 'text', margins: ['0', '0', '0', '0'], cssClass: 'finder-teaser', slots: [textSlot([
              '<h2>Ersatzteile für Kran, Winde und Anhänger</h2><p>Wählen Sie Maschine und Baugruppe – der Ersatzteil-Finder zeigt die passenden Teile. Sie kennen nur die Originalnummer? Suchen Sie direkt danach.</p><p><a href="/product-finder">Zum Ersatzteil-Finder</a></p>',
              '<h2>Spare parts for cranes, winches and trailers</h2><p>Choose your machine and assembly – the spare parts finder shows the parts that fit. Only know the original part number? Search for it directly.</p><p><a href="/en/product-finder">Open the spare parts finder</a></p>',
              '<h2>Pièces pour grues, treuils et remorques</h2><p>Choisissez la machine et le sous-ensemble : le configurateur de pièces affiche les pièces compatibles. Vous ne connaissez que la référence d’origine ? Recherchez-la directement.</p><p><a href="/fr/product-finder">Ouvrir le configurateur de pièces</a></p>',
            ])] },
            teaserBlock('spare-parts'),
          ],
        },
        {
          type: 'default', cssClass: 'home-bestsellers',
          blocks: [{ type: 'product-slider', margins: ['0', '0', '0', '0'], slots: [productSliderSlot(topsellers, ['Bestseller', 'Bestsellers', 'Meilleures ventes'])] }],
        },
        {
          type: 'default', cssClass: 'home-manufacturers',
          blocks: [
            { type: 'text', margins: ['0', '0', '0', '0'], slots: [textSlot([
              '<h2>Marken, die wir führen</h2><p>Original- und Erstausrüsterteile ausgewählter Hersteller.</p>',
              '<h2>Brands we carry</h2><p>Genuine and OEM parts from selected manufacturers.</p>',
              '<h2>Nos marques</h2><p>Pièces d’origine et de première monte de fabricants sélectionnés.</p>',
            ])] },
            {
              type: 'image-teasers', cssClass: 'manufacturer-logos', margins: ['0', '0', '0', '0'],
              slots: MANUFACTURERS.map((m) => imageSlot(contentMedia.manufacturerLogo(m.key), { slot: m.key, url: localized(`/manufacturer/${sid(`manufacturer:${m.key}`)}`), minHeight: '0' })),
            },
          ],
        },
        {
          type: 'default', cssClass: 'home-service',
          blocks: [{
            type: 'image-text', margins: ['0', '0', '0', '0'],
            slots: [imageSlot(contentMedia.team, { slot: 'left' }), textSlot([
              '<h2>Ersatzteil-Service</h2><p>Sie kennen nur die Originalnummer oder haben ein Foto des Teils? Unser Team findet das passende Teil für Ihren Kran oder Ihre Winde – meist noch am selben Tag.</p><p><a href="/unternehmen/service-kontakt/">Anfrage stellen</a></p>',
              '<h2>Spare parts service</h2><p>You only know the original part number or have a photo of the part? Our team finds the right part for your crane or winch – usually the same day.</p><p><a href="/en/company/service-contact/">Send an enquiry</a></p>',
              '<h2>Service pièces détachées</h2><p>Vous ne connaissez que la référence d’origine ou avez une photo de la pièce ? Notre équipe trouve la bonne pièce pour votre grue ou votre treuil, le plus souvent le jour même.</p><p><a href="/fr/entreprise/service-et-contact/">Envoyer une demande</a></p>',
            ], 'right')],
          }],
        },
      ],
    },
    { key: 'listing', type: 'product_list', name: ['Kategorie-Listing', 'Category listing', 'Liste de catégorie'], sections: [{ type: 'default', blocks: [{ type: 'product-listing', margins: ['20px', '0', '20px', '0'], slots: [listingSlot()] }] }] },
    {
      key: 'listing-sidebar', type: 'product_list', name: ['Listing mit Beratung', 'Listing with advice', 'Liste avec conseils'],
      sections: [{
        type: 'sidebar', mobileBehavior: 'hidden',
        blocks: [
          { type: 'text', sectionPosition: 'sidebar', cssClass: 'buying-advice', slots: [textSlot([
            '<h2>Kaufberatung</h2><p>Achten Sie auf Zugkraft, Seillänge und die Leistung Ihres Traktors. Wir beraten Sie gern.</p>',
            '<h2>Buying advice</h2><p>Consider pulling force, rope length and your tractor’s power. We are happy to advise you.</p>',
            '<h2>Conseils d’achat</h2><p>Tenez compte de la force de traction, de la longueur de câble et de la puissance de votre tracteur. Nous vous conseillons volontiers.</p>',
          ])] },
          { type: 'product-listing', sectionPosition: 'main', slots: [listingSlot()] },
        ],
      }],
    },
    {
      key: 'industries', type: 'page', name: ['Branchen', 'Industries', 'Secteurs'],
      sections: [{ type: 'default', blocks: [
        { type: 'text', slots: [textSlot(['<p>Ausrüstung, die zu Ihrer Arbeit passt – vom Forstbetrieb bis zur Kommune.</p>', '<p>Equipment that fits your work – from forestry enterprises to municipalities.</p>', '<p>Un équipement adapté à votre métier – de l’exploitation forestière aux collectivités.</p>'])] },
        { type: 'image-gallery', slots: [gallerySlot(['forestry', 'contractors', 'arboriculture', 'municipalities'].map((k) => ({ mediaId: contentMedia.industry(k) })))] },
      ] }],
    },
    industry('forestry', ['Forstbetriebe', 'Forestry enterprises', 'Exploitations forestières'], ['<p>Robuste Technik für Holzernte und Bestandspflege, Schutzausrüstung für ganze Teams und Rahmenverträge mit Staffelpreisen.</p>', '<p>Rugged equipment for harvesting and stand management, protective gear for whole crews and framework agreements with tier prices.</p>', '<p>Du matériel robuste pour la récolte et l’entretien des peuplements, des équipements de protection pour des équipes entières et des contrats-cadres à prix dégressifs.</p>'], 'cover', ['winch', 'chain', 'helmet']),
    industry('contractors', ['Lohnunternehmer', 'Forestry contractors', 'Entrepreneurs de travaux forestiers'], ['<p>Kurze Stillstandszeiten: Kran-, Winden- und Hydraulikersatzteile ab Lager, Express-Versand am nächsten Werktag.</p>', '<p>Short downtimes: crane, winch and hydraulic spare parts from stock, express shipping on the next working day.</p>', '<p>Des arrêts courts : pièces de grue, de treuil et hydrauliques en stock, expédition express le jour ouvré suivant.</p>'], 'contain', ['crane', 'hydraulic', 'winch-part']),
    industry('arboriculture', ['Baumpflege', 'Arboriculture', 'Élagage'], ['<p>Leichte Seile, Anschlagmittel und Schnittschutz für die Arbeit in der Krone und am Boden.</p>', '<p>Lightweight ropes, rigging and cut protection for work in the crown and on the ground.</p>', '<p>Câbles légers, élingues et protection anti-coupure pour le travail dans le houppier et au sol.</p>'], 'auto', ['rope', 'choker', 'clothing']),
    industry('municipalities', ['Kommunen', 'Municipalities', 'Collectivités'], ['<p>Ausrüstung für Bauhöfe und Stadtförster, Kauf auf Rechnung und Beratung zu Ausschreibungen.</p>', '<p>Equipment for municipal depots and urban foresters, purchase on invoice and advice on tenders.</p>', '<p>Équipement pour services techniques et forestiers urbains, achat sur facture et conseil pour les appels d’offres.</p>'], null, ['marking', 'measuring', 'axe']),
    {
      key: 'company', type: 'page', name: ['Unternehmen', 'Company', 'Entreprise'],
      sections: [{ type: 'default', blocks: [{ type: 'text', slots: [textSlot([
        '<p>Die Waldwerk Forsttechnik GmbH beliefert seit über 30 Jahren Forstbetriebe, Lohnunternehmer und Kommunen in ganz Europa.</p>',
        '<p>For more than 30 years Waldwerk Forsttechnik GmbH has supplied forestry enterprises, contractors and municipalities across Europe.</p>',
        '<p>Depuis plus de 30 ans, Waldwerk Forsttechnik GmbH équipe exploitations forestières, entrepreneurs et collectivités dans toute l’Europe.</p>',
      ])] }] }],
    },
    company('about', ['Über uns', 'About us', 'À propos'], ['<p>Gegründet 1991 als Landmaschinenwerkstatt im Schwarzwald, heute Fachhändler für Forsttechnik mit eigenem Ersatzteillager und Reparaturservice.</p>', '<p>Founded in 1991 as an agricultural machinery workshop in the Black Forest, today a specialist dealer for forestry equipment with its own spare parts warehouse and repair service.</p>', '<p>Fondée en 1991 comme atelier de machines agricoles en Forêt-Noire, aujourd’hui revendeur spécialisé en matériel forestier avec son propre stock de pièces et un service de réparation.</p>']),
    company('service', ['Service & Kontakt', 'Service & contact', 'Service et contact'], ['<p>Schreiben Sie uns über das Kontaktformular oder rufen Sie an. Für Ersatzteilanfragen halten Sie bitte Maschinentyp und Seriennummer bereit.</p>', '<p>Write to us using the contact form or give us a call. For spare part enquiries, please have the machine type and serial number ready.</p>', '<p>Écrivez-nous via le formulaire de contact ou appelez-nous. Pour les demandes de pièces, munissez-vous du type de machine et du numéro de série.</p>'], [
      // Shopware's contact form block; the storefront renders the form and posts it with this slot id.
      { type: 'form', sectionPosition: 'main', slots: [formSlot(CONTACT_FORM_SLOT_ID, [CONTACT_FORM_RECEIVER], [
        'Vielen Dank für Ihre Nachricht. Wir melden uns innerhalb eines Werktags bei Ihnen.',
        'Thank you for your message. We will get back to you within one working day.',
        'Merci pour votre message. Nous vous répondrons sous un jour ouvré.',
      ], ['Kontaktformular', 'Contact form', 'Formulaire de contact'])] },
    ]),
    company('careers', ['Karriere', 'Careers', 'Carrières'], ['<p>Wir suchen Landmaschinenmechatroniker (m/w/d) und Mitarbeitende für den Kundenservice. Bewerbungen an jobs@example.com.</p>', '<p>We are looking for agricultural machinery mechatronics technicians and customer service staff. Applications to jobs@example.com.</p>', '<p>Nous recherchons des mécatroniciens en machinisme agricole et des collaborateurs pour le service client. Candidatures à jobs@example.com.</p>']),
    {
      key: 'manufacturers', type: 'page', name: ['Hersteller', 'Manufacturers', 'Fabricants'],
      sections: [{ type: 'default', blocks: [
        { type: 'text', slots: [textSlot(['<p>Wir führen Produkte ausgewählter Hersteller aus Forst- und Hydrauliktechnik.</p>', '<p>We carry products from selected forestry and hydraulics manufacturers.</p>', '<p>Nous proposons les produits de fabricants sélectionnés de la technique forestière et hydraulique.</p>'])] },
        { type: 'image-gallery', slots: [gallerySlot(['waldkraft', 'nordholz', 'alpentec', 'kettwerk', 'silvator', 'forstmeister', 'tannex', 'rotaflex', 'stammfix', 'fjaellmaskin', 'lignum', 'hydroforst'].map((k) => ({ mediaId: contentMedia.manufacturerLogo(k) })))] },
      ] }],
    },
    { key: 'payment', type: 'page', name: ['Zahlung', 'Payment', 'Paiement'], sections: [{ type: 'default', blocks: [{ type: 'text', slots: [textSlot(['<p>Wir bieten Kauf auf Rechnung (14 Tage netto), Vorkasse und die Online-Zahlung Demo Pay an.</p>', '<p>We offer purchase on invoice (14 days net), prepayment and the online payment Demo Pay.</p>', '<p>Nous proposons l’achat sur facture (14 jours net), le paiement anticipé et le paiement en ligne Demo Pay.</p>'])] }] }] },
    { key: 'faq', type: 'page', name: ['FAQ', 'FAQ', 'FAQ'], sections: [{ type: 'default', blocks: [{ type: 'text', slots: [textSlot([
      '<h2>Wie finde ich das passende Ersatzteil?</h2><p>Nutzen Sie die Suche mit der Originalnummer oder filtern Sie nach Krantyp und Hersteller.</p><h2>Wie erhalte ich Händlerpreise?</h2><p>Registrieren Sie sich als Händler; nach Prüfung schalten wir Ihre Konditionen frei.</p>',
      '<h2>How do I find the right spare part?</h2><p>Search for the original part number or filter by crane type and manufacturer.</p><h2>How do I get reseller prices?</h2><p>Register as a reseller; after a check we activate your conditions.</p>',
      '<h2>Comment trouver la bonne pièce ?</h2><p>Recherchez la référence d’origine ou filtrez par type de grue et fabricant.</p><h2>Comment obtenir les prix revendeur ?</h2><p>Inscrivez-vous en tant que revendeur ; après vérification, nous activons vos conditions.</p>',
    ])] }] }] },
    ...LANDING_PAGES.map((lp): PageDef => ({ key: `landing-${lp.key}`, type: 'landingpage', name: lp.name, sections: [{ type: 'default', blocks: [{ type: 'text', slots: [textSlot(lp.html)] }] }] })),
  ]
}

function categoryTree(): CategoryDef[] {
  const listing = (key: string, name: Tri, slug: Tri, cms = 'listing'): CategoryDef => ({ key, name, slug, cms })
  return [
    {
      key: 'root', name: ['Forstshop', 'Forest shop', 'Boutique forestière'], cms: 'home',
      children: [
        {
          key: 'produkte', name: ['Produkte', 'Products', 'Produits'], slug: ['produkte', 'products', 'produits'], cms: 'listing', mediaId: contentMedia.anchor('products'),
          description: ['Werkzeug und Ausrüstung für die Waldarbeit.', 'Tools and equipment for forest work.', 'Outils et équipements pour le travail en forêt.'],
          children: [
            listing('winches', ['Seilwinden', 'Winches', 'Treuils'], ['seilwinden', 'winches', 'treuils'], 'listing-sidebar'),
            listing('chains', ['Sägeketten & Schienen', 'Saw chains & guide bars', 'Chaînes et guides'], ['saegeketten-schienen', 'saw-chains-guide-bars', 'chaines-guides']),
            listing('felling', ['Fäll- und Spaltwerkzeug', 'Felling & splitting tools', 'Outils d’abattage et de fendage'], ['faell-und-spaltwerkzeug', 'felling-splitting-tools', 'outils-abattage-fendage']),
            listing('rigging', ['Anschlagmittel & Seile', 'Rigging & ropes', 'Élingues et câbles'], ['anschlagmittel-seile', 'rigging-ropes', 'elingues-cables']),
            listing('protection', ['Schutzausrüstung', 'Protective equipment', 'Équipement de protection'], ['schutzausruestung', 'protective-equipment', 'equipement-de-protection']),
            listing('measuring', ['Messen & Markieren', 'Measuring & marking', 'Mesure et marquage'], ['messen-markieren', 'measuring-marking', 'mesure-marquage']),
          ],
        },
        {
          key: 'ersatzteile', name: ['Ersatzteile', 'Spare parts', 'Pièces détachées'], slug: ['ersatzteile', 'spare-parts', 'pieces-detachees'], cms: 'listing', mediaId: contentMedia.anchor('spare-parts'),
          description: ['Ersatzteile für Forstkrane, Seilwinden, Hydraulik und Rückewagen.', 'Spare parts for forestry cranes, winches, hydraulics and forwarding trailers.', 'Pièces pour grues forestières, treuils, hydraulique et remorques de débardage.'],
          children: [
            listing('crane-parts', ['Kranersatzteile', 'Crane spare parts', 'Pièces de grue'], ['kranersatzteile', 'crane-spare-parts', 'pieces-de-grue'], 'listing-sidebar'),
            listing('winch-parts', ['Windenersatzteile', 'Winch spare parts', 'Pièces de treuil'], ['windenersatzteile', 'winch-spare-parts', 'pieces-de-treuil']),
            listing('hydraulic-parts', ['Hydraulikteile', 'Hydraulic parts', 'Pièces hydrauliques'], ['hydraulikteile', 'hydraulic-parts', 'pieces-hydrauliques']),
            listing('trailer-parts', ['Forstanhänger-Teile', 'Forestry trailer parts', 'Pièces de remorque forestière'], ['forstanhaenger-teile', 'forestry-trailer-parts', 'pieces-remorque-forestiere']),
          ],
        },
        {
          key: 'branchen', name: ['Branchen', 'Industries', 'Secteurs'], slug: ['branchen', 'industries', 'secteurs'], cms: 'industries', mediaId: contentMedia.anchor('industries'),
          children: [
            { key: 'industry-forestry', name: ['Forstbetriebe', 'Forestry enterprises', 'Exploitations forestières'], slug: ['forstbetriebe', 'forestry-enterprises', 'exploitations-forestieres'], cms: 'industry-forestry' },
            { key: 'industry-contractors', name: ['Lohnunternehmer', 'Forestry contractors', 'Entrepreneurs de travaux forestiers'], slug: ['lohnunternehmer', 'forestry-contractors', 'entrepreneurs-travaux-forestiers'], cms: 'industry-contractors' },
            { key: 'industry-arboriculture', name: ['Baumpflege', 'Arboriculture', 'Élagage'], slug: ['baumpflege', 'arboriculture', 'elagage'], cms: 'industry-arboriculture' },
            { key: 'industry-municipalities', name: ['Kommunen', 'Municipalities', 'Collectivités'], slug: ['kommunen', 'municipalities', 'collectivites'], cms: 'industry-municipalities' },
          ],
        },
        {
          key: 'unternehmen', name: ['Unternehmen', 'Company', 'Entreprise'], slug: ['unternehmen', 'company', 'entreprise'], cms: 'company', mediaId: contentMedia.anchor('company'),
          children: [
            { key: 'company-about', name: ['Über uns', 'About us', 'À propos'], slug: ['ueber-uns', 'about-us', 'a-propos'], cms: 'company-about' },
            { key: 'company-service', name: ['Service & Kontakt', 'Service & contact', 'Service et contact'], slug: ['service-kontakt', 'service-contact', 'service-et-contact'], cms: 'company-service' },
            { key: 'company-careers', name: ['Karriere', 'Careers', 'Carrières'], slug: ['karriere', 'careers', 'carrieres'], cms: 'company-careers' },
          ],
        },
        // The storefront's own manufacturer pages (/manufacturer) list the manufacturers; the anchor links there
        // in each language. A same-origin path is what a Shopware admin enters as the external link for that.
        {
          key: 'hersteller', name: ['Hersteller', 'Manufacturers', 'Fabricants'], type: 'link', linkType: 'external',
          externalLink: ['/manufacturer', '/en/manufacturer', '/fr/manufacturer'], mediaId: contentMedia.anchor('manufacturers'),
        },
      ],
    },
    {
      key: 'footer', name: ['Footer', 'Footer', 'Pied de page'], type: 'folder',
      children: [
        { key: 'footer-imprint', name: ['Impressum', 'Imprint', 'Mentions légales'], type: 'link', linkType: 'landing_page', internalLink: landingPageId('imprint') },
        { key: 'footer-privacy', name: ['Datenschutz', 'Privacy policy', 'Protection des données'], type: 'link', linkType: 'landing_page', internalLink: landingPageId('privacy') },
        { key: 'footer-terms', name: ['AGB', 'Terms and conditions', 'CGV'], type: 'link', linkType: 'landing_page', internalLink: landingPageId('terms') },
        { key: 'footer-shipping', name: ['Versand & Zahlung', 'Shipping and payment', 'Livraison et paiement'], type: 'link', linkType: 'landing_page', internalLink: landingPageId('shipping') },
      ],
    },
    {
      key: 'service', name: ['Service', 'Service', 'Service'], type: 'folder',
      children: [
        { key: 'service-contact', name: ['Kontakt', 'Contact', 'Contact'], type: 'link', linkType: 'category', internalLink: sid('category:company-service') },
        { key: 'service-payment', name: ['Zahlungsarten', 'Payment methods', 'Moyens de paiement'], slug: ['zahlung', 'payment', 'paiement'], cms: 'payment' },
        { key: 'service-faq', name: ['FAQ', 'FAQ', 'FAQ'], slug: same('faq'), cms: 'faq' },
        { key: 'service-forstverein', name: ['Deutscher Forstverein', 'German Forestry Association', 'Association forestière allemande'], type: 'link', linkType: 'external', externalLink: 'https://www.forstverein.de/', linkNewTab: true },
      ],
    },
  ]
}

function insertSeoUrl(ins: Inserter, languageKey: (typeof LANGUAGE_KEYS)[number], foreignKey: string, routeName: string, pathInfo: string, seoPathInfo: string): void {
  ins.insert('seo_url', {
    id: sid(`seo-url:${languageKey}:${routeName}:${foreignKey}`), language_id: LANGUAGE_IDS[languageKey], foreign_key: foreignKey,
    route_name: routeName, path_info: pathInfo, seo_path_info: seoPathInfo, is_canonical: 1,
  })
}

/** Categories, CMS pages, landing pages and all SEO URLs (categories, landing pages, products). */
export function seedContent(ins: Inserter, products: SeededProduct[], productNames: Map<string, Tri>): void {
  for (const page of [...pages(products), productDetailPage()]) insertCmsPage(ins, page)

  const walk = (defs: CategoryDef[], parentId: string | null, parentPaths: Tri | null) => {
    defs.forEach((def, position) => {
      const id = sid(`category:${def.key}`)
      const type = def.type ?? 'page'
      ins.insert('category', {
        id, parent_id: parentId, position, type, link_type: def.linkType ?? null, internal_link: def.internalLink ?? null,
        link_new_tab: bool(def.linkNewTab ?? false), cms_page_id: def.cms ? cmsPageId(def.cms) : null, media_id: def.mediaId ?? null,
        visible: 1, active: 1, display_nested_products: 1,
        translations: tr({
          name: def.name, description: def.description ?? same(null), externalLink: typeof def.externalLink === 'string' || !def.externalLink ? same(def.externalLink ?? null) : def.externalLink,
          metaTitle: same(null), metaDescription: def.description ?? same(null), keywords: same(null),
        }),
      })
      let paths: Tri | null = null
      if (def.slug && type === 'page') {
        paths = [0, 1, 2].map((i) => `${parentPaths ? parentPaths[i] : ''}${def.slug?.[i]}/`) as unknown as Tri
        LANGUAGE_KEYS.forEach((lang, i) => insertSeoUrl(ins, lang, id, 'frontend.navigation.page', `/navigation/${id}`, paths?.[i] ?? ''))
      }
      if (def.children) walk(def.children, id, paths)
    })
  }
  walk(categoryTree(), null, null)

  for (const lp of LANDING_PAGES) {
    const id = landingPageId(lp.key)
    ins.insert('landing_page', {
      id, cms_page_id: cmsPageId(`landing-${lp.key}`), active: 1,
      translations: tr({ name: lp.name, url: [`${lp.slug[0]}/`, `${lp.slug[1]}/`, `${lp.slug[2]}/`], metaTitle: lp.name, metaDescription: same(null), keywords: same(null) }),
    })
    LANGUAGE_KEYS.forEach((lang, i) => insertSeoUrl(ins, lang, id, 'frontend.landing.page', `/landingPage/${id}`, `${lp.slug[i]}/`))
  }

  for (const p of products) {
    const names = productNames.get(p.number)
    if (!names) continue
    LANGUAGE_KEYS.forEach((lang, i) => insertSeoUrl(ins, lang, p.id, 'frontend.detail.page', `/detail/${p.id}`, `${slugify(names[i])}/${p.number}`))
  }
}

