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

export const SENDER = { name: 'Waldwerk Forsttechnik', address: 'shop@example.com' } as const

export const SIGNATURE: Record<LanguageKey, string> = {
  de: 'Ihr Team von Waldwerk Forsttechnik',
  en: 'Your Waldwerk Forsttechnik team',
  fr: 'Votre équipe Waldwerk Forsttechnik',
}

export const MAIL_TEXTS: Record<LanguageKey, Record<MailKind, MailText>> = {
  de: {
    'contact-form': {
      subject: 'Kontaktanfrage: {subject}',
      greeting: 'Hallo Team von Waldwerk Forsttechnik,',
      body: ['über das Kontaktformular des Shops ist eine neue Anfrage eingegangen. Antworten Sie direkt auf diese E-Mail, um dem Absender zu schreiben.'],
      action: 'Zum Shop',
      footer: [],
    },
    'contact-form-copy': {
      subject: 'Ihre Anfrage bei Waldwerk Forsttechnik: {subject}',
      greeting: 'Hallo {name},',
      body: ['vielen Dank für Ihre Nachricht. Wir melden uns so schnell wie möglich bei Ihnen.', 'Zur Kontrolle eine Kopie Ihrer Angaben:'],
      action: 'Zum Shop',
      footer: ['Falls Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.'],
    },
    'newsletter-double-opt-in': {
      subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei Waldwerk Forsttechnik',
      greeting: 'Hallo {name},',
      body: [
        'vielen Dank für Ihr Interesse an unserem Newsletter.',
        'Bitte bestätigen Sie Ihre Anmeldung über den folgenden Link. Erst danach erhalten Sie unseren Newsletter.',
      ],
      action: 'Anmeldung bestätigen',
      footer: ['Falls Sie sich nicht angemeldet haben, können Sie diese E-Mail ignorieren; ohne Bestätigung erhalten Sie keinen Newsletter.'],
    },
    'newsletter-welcome': {
      subject: 'Willkommen beim Newsletter von Waldwerk Forsttechnik',
      greeting: 'Hallo {name},',
      body: ['vielen Dank für Ihre Bestätigung. Ab jetzt erhalten Sie unseren Newsletter mit Neuheiten und Angeboten rund um die Forsttechnik.'],
      action: 'Zum Shop',
      footer: ['Sie können sich jederzeit wieder abmelden.'],
    },
    'price-request': {
      subject: 'Preisanfrage zu {productNumber} {productName}',
      greeting: 'Hallo Team von Waldwerk Forsttechnik,',
      body: ['über den Shop ist eine neue Preisanfrage eingegangen. Antworten Sie direkt auf diese E-Mail, um dem Anfragenden ein Angebot zu schicken.'],
      action: 'Zum Shop',
      footer: [],
    },
    'price-request-copy': {
      subject: 'Ihre Preisanfrage zu {productNumber} {productName} bei Waldwerk Forsttechnik',
      greeting: 'Hallo {name},',
      body: ['vielen Dank für Ihre Preisanfrage. Wir prüfen sie und senden Ihnen so schnell wie möglich ein Angebot.', 'Zur Kontrolle eine Kopie Ihrer Angaben:'],
      action: 'Zum Shop',
      footer: ['Falls Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.'],
    },
    'order-confirmation': {
      subject: 'Ihre Bestellung {orderNumber} bei Waldwerk Forsttechnik',
      greeting: 'Hallo {name},',
      body: [
        'vielen Dank für Ihre Bestellung. Wir haben sie erhalten und bearbeiten sie schnellstmöglich.',
        'Hier ist eine Übersicht Ihrer Bestellung:',
      ],
      action: 'Bestellung ansehen',
      footer: ['Bei Fragen zu Ihrer Bestellung antworten Sie einfach auf diese E-Mail und nennen Sie Ihre Bestellnummer.'],
    },
    'registration-confirm': {
      subject: 'Bitte bestätigen Sie Ihre Registrierung bei Waldwerk Forsttechnik',
      greeting: 'Hallo {name},',
      body: [
        'vielen Dank für Ihre Registrierung bei Waldwerk Forsttechnik.',
        'Bitte bestätigen Sie Ihre E-Mail-Adresse über den folgenden Link. Erst danach können Sie sich anmelden.',
      ],
      action: 'Registrierung bestätigen',
      footer: ['Falls Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.'],
    },
    'password-recovery': {
      subject: 'Passwort zurücksetzen für Ihr Konto bei Waldwerk Forsttechnik',
      greeting: 'Hallo {name},',
      body: [
        'für Ihr Kundenkonto wurde ein neues Passwort angefordert.',
        'Über den folgenden Link können Sie innerhalb von zwei Stunden ein neues Passwort vergeben.',
      ],
      action: 'Neues Passwort vergeben',
      footer: ['Falls Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren. Ihr bisheriges Passwort bleibt gültig.'],
    },
    'reseller-approved': {
      subject: 'Ihr Händlerkonto bei Waldwerk Forsttechnik ist freigeschaltet',
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
    'contact-form': {
      subject: 'Contact request: {subject}',
      greeting: 'Hello Waldwerk Forsttechnik team,',
      body: ['a new request has arrived through the shop\'s contact form. Reply to this email to write to the sender.'],
      action: 'Go to the shop',
      footer: [],
    },
    'contact-form-copy': {
      subject: 'Your request to Waldwerk Forsttechnik: {subject}',
      greeting: 'Hello {name},',
      body: ['thank you for your message. We will get back to you as soon as possible.', 'For your records, a copy of what you sent:'],
      action: 'Go to the shop',
      footer: ['If you did not send this request, you can ignore this email.'],
    },
    'newsletter-double-opt-in': {
      subject: 'Please confirm your newsletter subscription at Waldwerk Forsttechnik',
      greeting: 'Hello {name},',
      body: [
        'thank you for your interest in our newsletter.',
        'Please confirm your subscription with the link below. You will only receive the newsletter once it is confirmed.',
      ],
      action: 'Confirm subscription',
      footer: ['If you did not subscribe, you can ignore this email; without confirmation you will not receive the newsletter.'],
    },
    'newsletter-welcome': {
      subject: 'Welcome to the Waldwerk Forsttechnik newsletter',
      greeting: 'Hello {name},',
      body: ['thank you for confirming. From now on you will receive our newsletter with news and offers on forestry equipment.'],
      action: 'Go to the shop',
      footer: ['You can unsubscribe at any time.'],
    },
    'price-request': {
      subject: 'Price request for {productNumber} {productName}',
      greeting: 'Hello Waldwerk Forsttechnik team,',
      body: ['a new price request has arrived through the shop. Reply to this email to send the requester a quote.'],
      action: 'Go to the shop',
      footer: [],
    },
    'price-request-copy': {
      subject: 'Your price request for {productNumber} {productName} at Waldwerk Forsttechnik',
      greeting: 'Hello {name},',
      body: ['thank you for your price request. We will review it and send you a quote as soon as possible.', 'For your records, a copy of what you sent:'],
      action: 'Go to the shop',
      footer: ['If you did not send this request, you can ignore this email.'],
    },
    'order-confirmation': {
      subject: 'Your order {orderNumber} at Waldwerk Forsttechnik',
      greeting: 'Hello {name},',
      body: [
        'thank you for your order. We have received it and will process it as soon as possible.',
        'Here is a summary of your order:',
      ],
      action: 'View order',
      footer: ['If you have questions about your order, simply reply to this email and quote your order number.'],
    },
    'registration-confirm': {
      subject: 'Please confirm your registration at Waldwerk Forsttechnik',
      greeting: 'Hello {name},',
      body: [
        'thank you for registering at Waldwerk Forsttechnik.',
        'Please confirm your email address with the link below. You can log in once it is confirmed.',
      ],
      action: 'Confirm registration',
      footer: ['If you did not register, you can ignore this email.'],
    },
    'password-recovery': {
      subject: 'Reset the password of your Waldwerk Forsttechnik account',
      greeting: 'Hello {name},',
      body: [
        'a new password was requested for your customer account.',
        'Use the link below within two hours to choose a new password.',
      ],
      action: 'Choose a new password',
      footer: ['If you did not request a new password, you can ignore this email. Your current password stays valid.'],
    },
    'reseller-approved': {
      subject: 'Your reseller account at Waldwerk Forsttechnik has been approved',
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
    'contact-form': {
      subject: 'Demande de contact\u00a0: {subject}',
      greeting: 'Bonjour l’équipe Waldwerk Forsttechnik,',
      body: ['une nouvelle demande est arrivée par le formulaire de contact de la boutique. Répondez à cet e-mail pour écrire à l’expéditeur.'],
      action: 'Aller à la boutique',
      footer: [],
    },
    'contact-form-copy': {
      subject: 'Votre demande à Waldwerk Forsttechnik\u00a0: {subject}',
      greeting: 'Bonjour {name},',
      body: ['merci pour votre message. Nous vous répondrons dans les meilleurs délais.', 'Pour mémoire, une copie de vos informations\u00a0:'],
      action: 'Aller à la boutique',
      footer: ['Si vous n’avez pas envoyé cette demande, vous pouvez ignorer cet e-mail.'],
    },
    'newsletter-double-opt-in': {
      subject: 'Veuillez confirmer votre inscription à la newsletter de Waldwerk Forsttechnik',
      greeting: 'Bonjour {name},',
      body: [
        'merci de l’intérêt que vous portez à notre newsletter.',
        'Veuillez confirmer votre inscription avec le lien ci-dessous. Vous recevrez la newsletter seulement après confirmation.',
      ],
      action: 'Confirmer l’inscription',
      footer: ['Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail\u00a0; sans confirmation, vous ne recevrez pas la newsletter.'],
    },
    'newsletter-welcome': {
      subject: 'Bienvenue dans la newsletter de Waldwerk Forsttechnik',
      greeting: 'Bonjour {name},',
      body: ['merci pour votre confirmation. Vous recevrez désormais notre newsletter avec les nouveautés et les offres en matériel forestier.'],
      action: 'Aller à la boutique',
      footer: ['Vous pouvez vous désinscrire à tout moment.'],
    },
    'price-request': {
      subject: 'Demande de prix pour {productNumber} {productName}',
      greeting: 'Bonjour l’équipe Waldwerk Forsttechnik,',
      body: ['une nouvelle demande de prix est arrivée par la boutique. Répondez à cet e-mail pour envoyer une offre au demandeur.'],
      action: 'Aller à la boutique',
      footer: [],
    },
    'price-request-copy': {
      subject: 'Votre demande de prix pour {productNumber} {productName} chez Waldwerk Forsttechnik',
      greeting: 'Bonjour {name},',
      body: ['merci pour votre demande de prix. Nous l’examinons et vous envoyons une offre dans les meilleurs délais.', 'Pour mémoire, une copie de vos informations\u00a0:'],
      action: 'Aller à la boutique',
      footer: ['Si vous n’avez pas envoyé cette demande, vous pouvez ignorer cet e-mail.'],
    },
    'order-confirmation': {
      subject: 'Votre commande {orderNumber} chez Waldwerk Forsttechnik',
      greeting: 'Bonjour {name},',
      body: [
        'merci pour votre commande. Nous l’avons bien reçue et la traitons dans les meilleurs délais.',
        'Voici le récapitulatif de votre commande\u00a0:',
      ],
      action: 'Voir la commande',
      footer: ['Pour toute question sur votre commande, répondez simplement à cet e-mail en indiquant votre numéro de commande.'],
    },
    'registration-confirm': {
      subject: 'Veuillez confirmer votre inscription chez Waldwerk Forsttechnik',
      greeting: 'Bonjour {name},',
      body: [
        'merci pour votre inscription chez Waldwerk Forsttechnik.',
        'Veuillez confirmer votre adresse e-mail avec le lien ci-dessous. Vous pourrez ensuite vous connecter.',
      ],
      action: 'Confirmer l’inscription',
      footer: ['Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.'],
    },
    'password-recovery': {
      subject: 'Réinitialisez le mot de passe de votre compte Waldwerk Forsttechnik',
      greeting: 'Bonjour {name},',
      body: [
        'un nouveau mot de passe a été demandé pour votre compte client.',
        'Utilisez le lien ci-dessous dans les deux heures pour choisir un nouveau mot de passe.',
      ],
      action: 'Choisir un nouveau mot de passe',
      footer: ['Si vous n’avez pas demandé de nouveau mot de passe, vous pouvez ignorer cet e-mail. Votre mot de passe actuel reste valable.'],
    },
    'reseller-approved': {
      subject: 'Votre compte revendeur chez Waldwerk Forsttechnik est activé',
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

/** Labels of the form mails' details and links, per language. */
export const FORM_LABELS: Record<LanguageKey, Record<
  'name' | 'email' | 'phone' | 'company' | 'subject' | 'message' | 'orderNumber' | 'product' | 'productNumber' | 'desiredPrice' | 'quantity' | 'unsubscribe',
  string
>> = {
  de: {
    name: 'Name', email: 'E-Mail', phone: 'Telefon', company: 'Firma', subject: 'Betreff', message: 'Nachricht', orderNumber: 'Bestellnummer',
    product: 'Produkt', productNumber: 'Artikelnummer', desiredPrice: 'Wunschpreis (netto)', quantity: 'Menge', unsubscribe: 'Newsletter abbestellen',
  },
  en: {
    name: 'Name', email: 'Email', phone: 'Phone', company: 'Company', subject: 'Subject', message: 'Message', orderNumber: 'Order number',
    product: 'Product', productNumber: 'Product number', desiredPrice: 'Desired price (net)', quantity: 'Quantity', unsubscribe: 'Unsubscribe from the newsletter',
  },
  fr: {
    name: 'Nom', email: 'E-mail', phone: 'Téléphone', company: 'Société', subject: 'Objet', message: 'Message', orderNumber: 'Numéro de commande',
    product: 'Produit', productNumber: 'Référence', desiredPrice: 'Prix souhaité (HT)', quantity: 'Quantité', unsubscribe: 'Se désinscrire de la newsletter',
  },
}
