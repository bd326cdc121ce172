import type { LanguageKey } from './constants'

/** The demo payment provider's own page texts (like mail/texts.ts, they belong to the store, not to the storefront). */
export interface PaymentPageText {
  title: string
  heading: string
  intro: string
  merchant: string
  orderNumber: string
  amount: string
  method: string
  pay: string
  fail: string
  cancel: string
  note: string
  notFoundTitle: string
  notFound: string
  goneTitle: string
  gone: string
  badRequestTitle: string
  badRequest: string
  forbiddenTitle: string
  forbidden: string
  backToShop: string
}

export const PAYMENT_PAGE_TEXTS: Record<LanguageKey, PaymentPageText> = {
  de: {
    title: 'Demo Pay – Zahlung bestätigen',
    heading: 'Zahlung bestätigen',
    intro: 'Dies ist eine Demo-Zahlungsseite. Es wird kein Geld abgebucht.',
    merchant: 'Händler',
    orderNumber: 'Bestellnummer',
    amount: 'Betrag',
    method: 'Zahlungsart',
    pay: 'Jetzt bezahlen',
    fail: 'Fehlgeschlagene Zahlung simulieren',
    cancel: 'Abbrechen',
    note: 'Nach Ihrer Auswahl werden Sie zum Shop zurückgeleitet.',
    notFoundTitle: 'Zahlung nicht gefunden',
    notFound: 'Diesen Zahlungslink gibt es nicht. Bitte starten Sie die Zahlung im Shop erneut.',
    goneTitle: 'Zahlungslink nicht mehr gültig',
    gone: 'Dieser Zahlungslink wurde bereits verwendet oder ist abgelaufen. Bitte starten Sie die Zahlung im Shop erneut.',
    badRequestTitle: 'Ungültige Auswahl',
    badRequest: 'Bitte wählen Sie eine der angebotenen Aktionen.',
    forbiddenTitle: 'Anfrage abgelehnt',
    forbidden: 'Diese Anfrage kam nicht von der Zahlungsseite.',
    backToShop: 'Zurück zum Shop',
  },
  en: {
    title: 'Demo Pay – confirm payment',
    heading: 'Confirm payment',
    intro: 'This is a demo payment page. No money is charged.',
    merchant: 'Merchant',
    orderNumber: 'Order number',
    amount: 'Amount',
    method: 'Payment method',
    pay: 'Pay now',
    fail: 'Simulate failed payment',
    cancel: 'Cancel',
    note: 'After your choice you are taken back to the shop.',
    notFoundTitle: 'Payment not found',
    notFound: 'This payment link does not exist. Please start the payment again in the shop.',
    goneTitle: 'Payment link no longer valid',
    gone: 'This payment link has already been used or has expired. Please start the payment again in the shop.',
    badRequestTitle: 'Invalid choice',
    badRequest: 'Please choose one of the actions offered.',
    forbiddenTitle: 'Request refused',
    forbidden: 'This request did not come from the payment page.',
    backToShop: 'Back to the shop',
  },
  fr: {
    title: 'Demo Pay – confirmer le paiement',
    heading: 'Confirmer le paiement',
    intro: 'Ceci est une page de paiement de démonstration. Aucun montant n’est débité.',
    merchant: 'Commerçant',
    orderNumber: 'Numéro de commande',
    amount: 'Montant',
    method: 'Mode de paiement',
    pay: 'Payer maintenant',
    fail: 'Simuler un échec de paiement',
    cancel: 'Annuler',
    note: 'Après votre choix, vous serez redirigé vers la boutique.',
    notFoundTitle: 'Paiement introuvable',
    notFound: 'Ce lien de paiement n’existe pas. Veuillez relancer le paiement dans la boutique.',
    goneTitle: 'Lien de paiement expiré',
    gone: 'Ce lien de paiement a déjà été utilisé ou a expiré. Veuillez relancer le paiement dans la boutique.',
    badRequestTitle: 'Choix non valable',
    badRequest: 'Veuillez choisir l’une des actions proposées.',
    forbiddenTitle: 'Requête refusée',
    forbidden: 'Cette requête ne provient pas de la page de paiement.',
    backToShop: 'Retour à la boutique',
  },
}
