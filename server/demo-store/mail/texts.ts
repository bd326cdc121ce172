import type { LanguageKey } from '../constants'
import type { MailKind } from './index'

/**
 * The demo store's own mail templates (like Shopware's mail templates, they belong to the store, not to
 * the storefront's locales). `{name}` is replaced by the recipient's name.
 */
export interface MailText {
  subject: string
  greeting: string
  /** Paragraphs before the link. */
  body: string[]
  /** Label of the link (the button in the HTML part). */
  action: string
  /** Paragraphs after the link. */
  footer: string[]
}

export const SENDER = { name: 'Forsttechnik Demo', address: 'shop@example.com' } as const

export const SIGNATURE: Record<LanguageKey, string> = {
  de: 'Ihr Team von Forsttechnik Demo',
  en: 'Your Forsttechnik Demo team',
  fr: 'Votre équipe Forsttechnik Demo',
}

export const MAIL_TEXTS: Record<LanguageKey, Record<MailKind, MailText>> = {
  de: {
    'order-confirmation': {
      subject: 'Ihre Bestellung {orderNumber} bei Forsttechnik Demo',
      greeting: 'Hallo {name},',
      body: [
        'vielen Dank für Ihre Bestellung. Wir haben sie erhalten und bearbeiten sie schnellstmöglich.',
        'Hier ist eine Übersicht Ihrer Bestellung:',
      ],
      action: 'Bestellung ansehen',
      footer: ['Bei Fragen zu Ihrer Bestellung antworten Sie einfach auf diese E-Mail und nennen Sie Ihre Bestellnummer.'],
    },
    'registration-confirm': {
      subject: 'Bitte bestätigen Sie Ihre Registrierung bei Forsttechnik Demo',
      greeting: 'Hallo {name},',
      body: [
        'vielen Dank für Ihre Registrierung bei Forsttechnik Demo.',
        'Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Erst danach können Sie sich anmelden.',
      ],
      action: 'Registrierung bestätigen',
      footer: ['Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.'],
    },
    'password-recovery': {
      subject: 'Passwort zurücksetzen für Ihr Konto bei Forsttechnik Demo',
      greeting: 'Hallo {name},',
      body: [
        'für Ihr Kundenkonto wurde ein neues Passwort angefordert.',
        'Über den folgenden Link können Sie innerhalb von zwei Stunden ein neues Passwort vergeben.',
      ],
      action: 'Neues Passwort vergeben',
      footer: ['Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren. Ihr bisheriges Passwort bleibt gültig.'],
    },
    'reseller-approved': {
      subject: 'Ihr Händlerkonto bei Forsttechnik Demo ist freigeschaltet',
      greeting: 'Hallo {name},',
      body: [
        'wir haben Ihre Anfrage geprüft und Ihr Kundenkonto für die Händlerkonditionen freigeschaltet.',
        'Nach der nächsten Anmeldung sehen Sie im Shop Ihre Händlerpreise.',
      ],
      action: 'Zum Shop',
      footer: ['Bei Fragen zu Ihren Konditionen antworten Sie einfach auf diese E-Mail.'],
    },
  },
  en: {
    'order-confirmation': {
      subject: 'Your order {orderNumber} at Forsttechnik Demo',
      greeting: 'Hello {name},',
      body: [
        'thank you for your order. We have received it and will process it as soon as possible.',
        'Here is a summary of your order:',
      ],
      action: 'View order',
      footer: ['If you have questions about your order, simply reply to this email and quote your order number.'],
    },
    'registration-confirm': {
      subject: 'Please confirm your registration at Forsttechnik Demo',
      greeting: 'Hello {name},',
      body: [
        'thank you for registering at Forsttechnik Demo.',
        'Please confirm your email address with the link below. You can log in once it is confirmed.',
      ],
      action: 'Confirm registration',
      footer: ['If you did not register, you can ignore this email.'],
    },
    'password-recovery': {
      subject: 'Reset the password of your Forsttechnik Demo account',
      greeting: 'Hello {name},',
      body: [
        'a new password was requested for your customer account.',
        'Use the link below within two hours to choose a new password.',
      ],
      action: 'Choose a new password',
      footer: ['If you did not request a new password, you can ignore this email. Your current password stays valid.'],
    },
    'reseller-approved': {
      subject: 'Your reseller account at Forsttechnik Demo has been approved',
      greeting: 'Hello {name},',
      body: [
        'we have reviewed your request and approved your customer account for reseller conditions.',
        'The next time you log in, the shop shows your reseller prices.',
      ],
      action: 'Go to the shop',
      footer: ['If you have questions about your conditions, simply reply to this email.'],
    },
  },
  fr: {
    'order-confirmation': {
      subject: 'Votre commande {orderNumber} chez Forsttechnik Demo',
      greeting: 'Bonjour {name},',
      body: [
        'merci pour votre commande. Nous l’avons bien reçue et la traitons dans les meilleurs délais.',
        'Voici le récapitulatif de votre commande\u00a0:',
      ],
      action: 'Voir la commande',
      footer: ['Pour toute question sur votre commande, répondez simplement à cet e-mail en indiquant votre numéro de commande.'],
    },
    'registration-confirm': {
      subject: 'Veuillez confirmer votre inscription chez Forsttechnik Demo',
      greeting: 'Bonjour {name},',
      body: [
        'merci pour votre inscription chez Forsttechnik Demo.',
        'Veuillez confirmer votre adresse e-mail avec le lien ci-dessous. Vous pourrez ensuite vous connecter.',
      ],
      action: 'Confirmer l’inscription',
      footer: ['Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.'],
    },
    'password-recovery': {
      subject: 'Réinitialisez le mot de passe de votre compte Forsttechnik Demo',
      greeting: 'Bonjour {name},',
      body: [
        'un nouveau mot de passe a été demandé pour votre compte client.',
        'Utilisez le lien ci-dessous dans les deux heures pour choisir un nouveau mot de passe.',
      ],
      action: 'Choisir un nouveau mot de passe',
      footer: ['Si vous n’avez pas demandé de nouveau mot de passe, vous pouvez ignorer cet e-mail. Votre mot de passe actuel reste valable.'],
    },
    'reseller-approved': {
      subject: 'Votre compte revendeur chez Forsttechnik Demo est activé',
      greeting: 'Bonjour {name},',
      body: [
        'nous avons examiné votre demande et activé les conditions revendeur pour votre compte client.',
        'Lors de votre prochaine connexion, la boutique affiche vos prix revendeur.',
      ],
      action: 'Aller à la boutique',
      footer: ['Pour toute question sur vos conditions, répondez simplement à cet e-mail.'],
    },
  },
}
