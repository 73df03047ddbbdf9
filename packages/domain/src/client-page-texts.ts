// `@deck-portal/domain/client-page-texts`: the words of the client's page (/v/{token}) in each
// language it speaks, with no zod in their imports, for that page, which loads as little as it
// can (issue 50). The deck's own texts come from the library's translations; these are the
// page's: its buttons, prompts and notes around the slides.

import { viewerEmailTexts, type ViewerEmailTexts } from './viewer-email-texts.ts';

/** Which way a language is written: the page mirrors for right to left. */
export type TextDirection = 'ltr' | 'rtl';

/**
 * Every text the client's page shows, in one language. Figures (dates, amounts, counts) come
 * already written in the deck's formats; a function places them in its sentence.
 */
export type ClientPageTexts = ViewerEmailTexts & {
  direction: TextDirection;

  loading: string;
  unavailableTitle: string;
  unavailable: string;
  loadFailedTitle: string;
  tryAgain: string;
  somethingWentWrong: string;
  tooManyRequests: string;

  protectedTitle: string;
  passcodePrompt: string;
  passcode: string;
  showCharacters: string;
  hideCharacters: string;
  openDeck: string;
  passcodeRequired: string;
  passcodeTooShort: (min: number) => string;
  passcodeTooLong: (max: number) => string;
  wrongPasscode: string;

  sentBy: string;
  sentByName: (name: string) => string;
  logo: (company: string) => string;

  preparedFor: (client: string) => string;
  sharedWith: (recipient: string, sender: string) => string;
  updatedOn: (date: string) => string;
  present: string;
  acceptProposal: string;
  seeAcceptance: string;
  downloadPdf: string;
  teamVisit: (productName: string) => string;
  endPrompt: string;
  reviewAndAccept: string;

  slideOf: (slide: string, count: string) => string;
  previousSlide: string;
  nextSlide: string;
  slides: string;
  goToSlide: (slide: string) => string;
  noSlides: string;
  touchHint: string;
  keysHint: string;
  presentation: string;
  exitPresentation: string;
  presentationHint: string;

  acceptedTitle: string;
  acceptedOn: (date: string, name: string, jobTitle: string) => string;
  confirmationComing: string;
  alreadyAccepted: string;
  updating: string;
  declinedNow: string;
  declinedBefore: (date: string | null) => string;
  fullName: string;
  jobTitle: string;
  enterFullName: string;
  enterJobTitle: string;
  tickToAccept: string;
  terms: string;
  iAccept: string;
  notASignature: string;
  notNow: string;
  reasonOptional: string;
  sendNotNow: string;
  backToAccepting: string;
  versionChanged: string;
  pricesChanged: string;
  termsChanged: string;
  optionalInclude: (product: string) => string;
  optionalChosen: string;
  totalNow: (amount: string) => string;

  pricedSummary: string;
  product: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  shipping: string;
  subtotal: string;
  totalYouPay: string;
  /** The market's tax added to the total: its name and rate (`Consumption tax (10%)`). */
  taxAdded: (name: string, percent: string) => string;
  /** The part of the total that is the market's tax, where prices include it. */
  taxIncluded: (name: string, percent: string) => string;
  /** The seeded markets' tax names in the page's language (the name as stored otherwise). */
  taxNames: Readonly<Record<string, string>>;
  yearlyFees: string;
  perYear: (amount: string) => string;
  oneOffService: string;
  subscription: string;
  creditEstimate: (products: string) => string;
  afterCredit: string;
};

const en: ClientPageTexts = {
  direction: 'ltr',

  loading: 'Loading deck',
  unavailableTitle: 'Link unavailable',
  unavailable: 'This link is no longer available. Ask the sender for a new one.',
  loadFailedTitle: 'The deck did not load',
  tryAgain: 'Try again',
  somethingWentWrong: 'Something went wrong.',
  tooManyRequests: 'Too many attempts. Please wait a while and try again.',

  protectedTitle: 'This deck is protected',
  passcodePrompt: 'Enter the passcode the sender gave you to open this deck.',
  passcode: 'Passcode',
  showCharacters: 'Show the characters',
  hideCharacters: 'Hide the characters',
  openDeck: 'Open deck',
  passcodeRequired: 'Passcode is required.',
  passcodeTooShort: (min) => `The passcode must be at least ${min} characters.`,
  passcodeTooLong: (max) => `The passcode must be at most ${max} characters.`,
  wrongPasscode: 'That passcode is not right. Please check it and try again.',

  sentBy: 'Sent by',
  sentByName: (name) => `Sent by ${name}`,
  logo: (company) => `${company} logo`,

  preparedFor: (client) => `Prepared for ${client}`,
  sharedWith: (recipient, sender) => `Shared with ${recipient} by ${sender}`,
  updatedOn: (date) => `Updated on ${date} since you last looked.`,
  present: 'Present',
  acceptProposal: 'Accept proposal',
  seeAcceptance: 'See acceptance',
  downloadPdf: 'Download PDF',
  teamVisit: (productName) =>
    `You are signed in to ${productName}: this visit is not counted in the link's analytics.`,
  endPrompt: 'That is the whole proposal. Ready to go ahead?',
  reviewAndAccept: 'Review and accept',

  slideOf: (slide, count) => `Slide ${slide} of ${count}`,
  previousSlide: 'Previous slide',
  nextSlide: 'Next slide',
  slides: 'Slides',
  goToSlide: (slide) => `Go to slide ${slide}`,
  noSlides: 'This deck has no slides.',
  touchHint: 'Swipe left or right to move between slides. Present shows them full screen.',
  keysHint:
    'Use the arrow keys to move between slides. Present opens full screen; Escape leaves it.',
  presentation: 'Presentation',
  exitPresentation: 'Exit presentation',
  presentationHint: 'Arrow keys or a swipe move between slides; Escape leaves the presentation.',

  acceptedTitle: 'Proposal accepted',
  acceptedOn: (date, name, jobTitle) => `Accepted on ${date} (UTC) by ${name}, ${jobTitle}.`,
  confirmationComing:
    'A confirmation with the proposal and a certificate of your acceptance is on its way to you by e-mail.',
  alreadyAccepted: 'This proposal has already been accepted.',
  updating:
    'This proposal is being updated: it can be accepted once the new version is ready. Please come back later or ask your contact.',
  declinedNow: 'Thank you: your answer was sent. You can still accept the proposal here later.',
  declinedBefore: (date) =>
    `You answered “Not now”${date ? ` on ${date} (UTC)` : ''}. You can still accept the proposal here.`,
  fullName: 'Full name',
  jobTitle: 'Title',
  enterFullName: 'Enter your full name.',
  enterJobTitle: 'Enter your title.',
  tickToAccept: 'Tick “I accept” to accept the proposal.',
  terms: 'Terms',
  iAccept: 'I accept',
  notASignature:
    'Accepting here is a click-to-accept record of your agreement, not a qualified electronic signature.',
  notNow: 'Not now',
  reasonOptional: 'Reason (optional)',
  sendNotNow: 'Send “Not now”',
  backToAccepting: 'Back to accepting',
  versionChanged:
    'This proposal was updated while you were reading. Reload the page to see the current version.',
  pricesChanged: 'The prices shown are no longer current. Reload the page to see the current ones.',
  termsChanged:
    'The terms changed while you were reading. Reload the page to see the current ones.',
  optionalInclude: (product) => `Optional — include ${product}`,
  optionalChosen: '(optional, chosen)',
  totalNow: (amount) => `Total: ${amount}`,

  pricedSummary: 'Priced summary',
  product: 'Product',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  amount: 'Amount',
  shipping: 'Shipping',
  subtotal: 'Subtotal',
  totalYouPay: 'Total you pay',
  taxAdded: (name, percent) => `${name} (${percent})`,
  taxIncluded: (name, percent) => `Includes ${name} (${percent})`,
  taxNames: {},
  yearlyFees: 'Yearly fees, not in the total',
  perYear: (amount) => `${amount} a year`,
  oneOffService: 'one-off service',
  subscription: 'per year',
  creditEstimate: (products) =>
    `Estimated investment tax credit${products ? ` on ${products}` : ''}, subject to tax advice`,
  afterCredit: 'Your cost after the estimated credit',
  ...viewerEmailTexts.en,
};

const de: ClientPageTexts = {
  direction: 'ltr',

  loading: 'Präsentation wird geladen',
  unavailableTitle: 'Link nicht verfügbar',
  unavailable: 'Dieser Link ist nicht mehr verfügbar. Bitten Sie den Absender um einen neuen Link.',
  loadFailedTitle: 'Die Präsentation konnte nicht geladen werden',
  tryAgain: 'Erneut versuchen',
  somethingWentWrong: 'Etwas ist schiefgelaufen.',
  tooManyRequests: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',

  protectedTitle: 'Diese Präsentation ist geschützt',
  passcodePrompt:
    'Geben Sie den Zugangscode ein, den Sie vom Absender erhalten haben, um die Präsentation zu öffnen.',
  passcode: 'Zugangscode',
  showCharacters: 'Zeichen anzeigen',
  hideCharacters: 'Zeichen verbergen',
  openDeck: 'Präsentation öffnen',
  passcodeRequired: 'Bitte geben Sie den Zugangscode ein.',
  passcodeTooShort: (min) => `Der Zugangscode hat mindestens ${min} Zeichen.`,
  passcodeTooLong: (max) => `Der Zugangscode hat höchstens ${max} Zeichen.`,
  wrongPasscode:
    'Dieser Zugangscode ist nicht richtig. Bitte prüfen Sie ihn und versuchen Sie es erneut.',

  sentBy: 'Gesendet von',
  sentByName: (name) => `Gesendet von ${name}`,
  logo: (company) => `Logo von ${company}`,

  preparedFor: (client) => `Erstellt für ${client}`,
  sharedWith: (recipient, sender) => `Von ${sender} mit ${recipient} geteilt`,
  updatedOn: (date) => `Seit Ihrem letzten Besuch am ${date} aktualisiert.`,
  present: 'Präsentieren',
  acceptProposal: 'Angebot annehmen',
  seeAcceptance: 'Annahme ansehen',
  downloadPdf: 'PDF herunterladen',
  teamVisit: (productName) =>
    `Sie sind bei ${productName} angemeldet: Dieser Besuch wird in der Auswertung des Links nicht gezählt.`,
  endPrompt: 'Das ist das ganze Angebot. Möchten Sie es annehmen?',
  reviewAndAccept: 'Prüfen und annehmen',

  slideOf: (slide, count) => `Folie ${slide} von ${count}`,
  previousSlide: 'Vorherige Folie',
  nextSlide: 'Nächste Folie',
  slides: 'Folien',
  goToSlide: (slide) => `Zu Folie ${slide}`,
  noSlides: 'Diese Präsentation hat keine Folien.',
  touchHint:
    'Wischen Sie nach links oder rechts, um zwischen den Folien zu wechseln. „Präsentieren“ zeigt sie im Vollbild.',
  keysHint:
    'Mit den Pfeiltasten wechseln Sie zwischen den Folien. „Präsentieren“ öffnet das Vollbild, Esc beendet es.',
  presentation: 'Präsentation',
  exitPresentation: 'Präsentation beenden',
  presentationHint: 'Pfeiltasten oder Wischen wechseln die Folie; Esc beendet die Präsentation.',

  acceptedTitle: 'Angebot angenommen',
  acceptedOn: (date, name, jobTitle) => `Angenommen am ${date} (UTC) von ${name}, ${jobTitle}.`,
  confirmationComing:
    'Eine Bestätigung mit dem Angebot und einem Nachweis Ihrer Annahme ist per E-Mail unterwegs zu Ihnen.',
  alreadyAccepted: 'Dieses Angebot wurde bereits angenommen.',
  updating:
    'Dieses Angebot wird gerade aktualisiert: Sie können es annehmen, sobald die neue Fassung bereitsteht. Bitte schauen Sie später wieder vorbei oder fragen Sie Ihren Ansprechpartner.',
  declinedNow:
    'Vielen Dank, Ihre Antwort wurde gesendet. Sie können das Angebot hier auch später noch annehmen.',
  declinedBefore: (date) =>
    `Sie haben${date ? ` am ${date} (UTC)` : ''} mit „Jetzt nicht“ geantwortet. Sie können das Angebot hier trotzdem noch annehmen.`,
  fullName: 'Vollständiger Name',
  jobTitle: 'Position',
  enterFullName: 'Bitte geben Sie Ihren vollständigen Namen ein.',
  enterJobTitle: 'Bitte geben Sie Ihre Position ein.',
  tickToAccept: 'Setzen Sie das Häkchen bei „Ich nehme an“, um das Angebot anzunehmen.',
  terms: 'Bedingungen',
  iAccept: 'Ich nehme an',
  notASignature:
    'Die Annahme hier ist ein per Klick erstellter Nachweis Ihrer Zustimmung, keine qualifizierte elektronische Signatur.',
  notNow: 'Jetzt nicht',
  reasonOptional: 'Grund (optional)',
  sendNotNow: '„Jetzt nicht“ senden',
  backToAccepting: 'Zurück zur Annahme',
  versionChanged:
    'Dieses Angebot wurde aktualisiert, während Sie es gelesen haben. Laden Sie die Seite neu, um die aktuelle Fassung zu sehen.',
  pricesChanged:
    'Die angezeigten Preise sind nicht mehr aktuell. Laden Sie die Seite neu, um die aktuellen zu sehen.',
  termsChanged:
    'Die Bedingungen haben sich geändert, während Sie gelesen haben. Laden Sie die Seite neu, um die aktuellen zu sehen.',
  optionalInclude: (product) => `Optional – ${product} aufnehmen`,
  optionalChosen: '(optional, gewählt)',
  totalNow: (amount) => `Gesamt: ${amount}`,

  pricedSummary: 'Preisübersicht',
  product: 'Produkt',
  quantity: 'Menge',
  unitPrice: 'Stückpreis',
  amount: 'Betrag',
  shipping: 'Versand',
  subtotal: 'Zwischensumme',
  totalYouPay: 'Ihr Gesamtbetrag',
  taxAdded: (name, percent) => `${name} (${percent})`,
  taxIncluded: (name, percent) => `Enthaltene ${name} (${percent})`,
  taxNames: { VAT: 'MwSt.', 'Consumption tax': 'Verbrauchsteuer' },
  yearlyFees: 'Jährliche Gebühren, nicht im Gesamtbetrag',
  perYear: (amount) => `${amount} pro Jahr`,
  oneOffService: 'einmalige Leistung',
  subscription: 'pro Jahr',
  creditEstimate: (products) =>
    `Geschätzte Investitionssteuergutschrift${products ? ` auf ${products}` : ''}, vorbehaltlich steuerlicher Beratung`,
  afterCredit: 'Ihre Kosten nach der geschätzten Gutschrift',
  ...viewerEmailTexts.de,
};

const fr: ClientPageTexts = {
  direction: 'ltr',

  loading: 'Chargement de la présentation',
  unavailableTitle: 'Lien indisponible',
  unavailable: 'Ce lien n’est plus disponible. Demandez-en un nouveau à l’expéditeur.',
  loadFailedTitle: 'La présentation n’a pas pu être chargée',
  tryAgain: 'Réessayer',
  somethingWentWrong: 'Une erreur s’est produite.',
  tooManyRequests: 'Trop de tentatives. Veuillez patienter un moment puis réessayer.',

  protectedTitle: 'Cette présentation est protégée',
  passcodePrompt:
    'Saisissez le code d’accès que l’expéditeur vous a donné pour ouvrir cette présentation.',
  passcode: 'Code d’accès',
  showCharacters: 'Afficher les caractères',
  hideCharacters: 'Masquer les caractères',
  openDeck: 'Ouvrir la présentation',
  passcodeRequired: 'Le code d’accès est obligatoire.',
  passcodeTooShort: (min) => `Le code d’accès compte au moins ${min} caractères.`,
  passcodeTooLong: (max) => `Le code d’accès compte au plus ${max} caractères.`,
  wrongPasscode: 'Ce code d’accès n’est pas le bon. Vérifiez-le et réessayez.',

  sentBy: 'Envoyé par',
  sentByName: (name) => `Envoyé par ${name}`,
  logo: (company) => `Logo de ${company}`,

  preparedFor: (client) => `Préparé pour ${client}`,
  sharedWith: (recipient, sender) => `Partagé avec ${recipient} par ${sender}`,
  updatedOn: (date) => `Mis à jour le ${date} depuis votre dernière visite.`,
  present: 'Présenter',
  acceptProposal: 'Accepter la proposition',
  seeAcceptance: 'Voir l’acceptation',
  downloadPdf: 'Télécharger le PDF',
  teamVisit: (productName) =>
    `Vous êtes connecté à ${productName} : cette visite n’est pas comptée dans les statistiques du lien.`,
  endPrompt: 'Voilà toute la proposition. Prêt à aller de l’avant ?',
  reviewAndAccept: 'Relire et accepter',

  slideOf: (slide, count) => `Diapositive ${slide} sur ${count}`,
  previousSlide: 'Diapositive précédente',
  nextSlide: 'Diapositive suivante',
  slides: 'Diapositives',
  goToSlide: (slide) => `Aller à la diapositive ${slide}`,
  noSlides: 'Cette présentation n’a aucune diapositive.',
  touchHint:
    'Balayez vers la gauche ou la droite pour passer d’une diapositive à l’autre. « Présenter » les affiche en plein écran.',
  keysHint:
    'Utilisez les flèches du clavier pour passer d’une diapositive à l’autre. « Présenter » ouvre le plein écran ; Échap le quitte.',
  presentation: 'Présentation',
  exitPresentation: 'Quitter la présentation',
  presentationHint:
    'Les flèches ou un balayage changent de diapositive ; Échap quitte la présentation.',

  acceptedTitle: 'Proposition acceptée',
  acceptedOn: (date, name, jobTitle) => `Acceptée le ${date} (UTC) par ${name}, ${jobTitle}.`,
  confirmationComing:
    'Une confirmation avec la proposition et un certificat de votre acceptation vous est envoyée par e-mail.',
  alreadyAccepted: 'Cette proposition a déjà été acceptée.',
  updating:
    'Cette proposition est en cours de mise à jour : vous pourrez l’accepter dès que la nouvelle version sera prête. Revenez plus tard ou contactez votre interlocuteur.',
  declinedNow:
    'Merci, votre réponse a été envoyée. Vous pourrez toujours accepter la proposition ici plus tard.',
  declinedBefore: (date) =>
    `Vous avez répondu « Pas maintenant »${date ? ` le ${date} (UTC)` : ''}. Vous pouvez toujours accepter la proposition ici.`,
  fullName: 'Nom complet',
  jobTitle: 'Fonction',
  enterFullName: 'Saisissez votre nom complet.',
  enterJobTitle: 'Saisissez votre fonction.',
  tickToAccept: 'Cochez « J’accepte » pour accepter la proposition.',
  terms: 'Conditions',
  iAccept: 'J’accepte',
  notASignature:
    'L’acceptation ici est un enregistrement de votre accord par un clic, et non une signature électronique qualifiée.',
  notNow: 'Pas maintenant',
  reasonOptional: 'Motif (facultatif)',
  sendNotNow: 'Envoyer « Pas maintenant »',
  backToAccepting: 'Revenir à l’acceptation',
  versionChanged:
    'Cette proposition a été mise à jour pendant votre lecture. Rechargez la page pour voir la version actuelle.',
  pricesChanged:
    'Les prix affichés ne sont plus à jour. Rechargez la page pour voir les prix actuels.',
  termsChanged:
    'Les conditions ont changé pendant votre lecture. Rechargez la page pour voir les conditions actuelles.',
  optionalInclude: (product) => `Facultatif — inclure ${product}`,
  optionalChosen: '(facultatif, choisi)',
  totalNow: (amount) => `Total : ${amount}`,

  pricedSummary: 'Récapitulatif chiffré',
  product: 'Produit',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  shipping: 'Livraison',
  subtotal: 'Sous-total',
  totalYouPay: 'Total à payer',
  taxAdded: (name, percent) => `${name} (${percent})`,
  taxIncluded: (name, percent) => `Dont ${name} (${percent})`,
  taxNames: { VAT: 'TVA', 'Consumption tax': 'Taxe sur la consommation' },
  yearlyFees: 'Frais annuels, hors total',
  perYear: (amount) => `${amount} par an`,
  oneOffService: 'prestation ponctuelle',
  subscription: 'par an',
  creditEstimate: (products) =>
    `Crédit d’impôt à l’investissement estimé${products ? ` sur ${products}` : ''}, sous réserve d’un conseil fiscal`,
  afterCredit: 'Votre coût après le crédit estimé',
  ...viewerEmailTexts.fr,
};

const es: ClientPageTexts = {
  direction: 'ltr',

  loading: 'Cargando la presentación',
  unavailableTitle: 'Enlace no disponible',
  unavailable: 'Este enlace ya no está disponible. Pida uno nuevo al remitente.',
  loadFailedTitle: 'No se pudo cargar la presentación',
  tryAgain: 'Reintentar',
  somethingWentWrong: 'Algo salió mal.',
  tooManyRequests: 'Demasiados intentos. Espere un momento y vuelva a intentarlo.',

  protectedTitle: 'Esta presentación está protegida',
  passcodePrompt:
    'Introduzca el código de acceso que le dio el remitente para abrir esta presentación.',
  passcode: 'Código de acceso',
  showCharacters: 'Mostrar los caracteres',
  hideCharacters: 'Ocultar los caracteres',
  openDeck: 'Abrir la presentación',
  passcodeRequired: 'El código de acceso es obligatorio.',
  passcodeTooShort: (min) => `El código de acceso tiene al menos ${min} caracteres.`,
  passcodeTooLong: (max) => `El código de acceso tiene como máximo ${max} caracteres.`,
  wrongPasscode: 'Ese código de acceso no es correcto. Compruébelo y vuelva a intentarlo.',

  sentBy: 'Enviado por',
  sentByName: (name) => `Enviado por ${name}`,
  logo: (company) => `Logotipo de ${company}`,

  preparedFor: (client) => `Preparado para ${client}`,
  sharedWith: (recipient, sender) => `Compartido con ${recipient} por ${sender}`,
  updatedOn: (date) => `Actualizado el ${date} desde su última visita.`,
  present: 'Presentar',
  acceptProposal: 'Aceptar la propuesta',
  seeAcceptance: 'Ver la aceptación',
  downloadPdf: 'Descargar PDF',
  teamVisit: (productName) =>
    `Ha iniciado sesión en ${productName}: esta visita no se cuenta en las estadísticas del enlace.`,
  endPrompt: 'Esta es toda la propuesta. ¿Desea seguir adelante?',
  reviewAndAccept: 'Revisar y aceptar',

  slideOf: (slide, count) => `Diapositiva ${slide} de ${count}`,
  previousSlide: 'Diapositiva anterior',
  nextSlide: 'Diapositiva siguiente',
  slides: 'Diapositivas',
  goToSlide: (slide) => `Ir a la diapositiva ${slide}`,
  noSlides: 'Esta presentación no tiene diapositivas.',
  touchHint:
    'Deslice hacia la izquierda o la derecha para pasar de una diapositiva a otra. «Presentar» las muestra a pantalla completa.',
  keysHint:
    'Use las flechas del teclado para pasar de una diapositiva a otra. «Presentar» abre la pantalla completa; Esc la cierra.',
  presentation: 'Presentación',
  exitPresentation: 'Salir de la presentación',
  presentationHint:
    'Las flechas o un deslizamiento cambian de diapositiva; Esc cierra la presentación.',

  acceptedTitle: 'Propuesta aceptada',
  acceptedOn: (date, name, jobTitle) => `Aceptada el ${date} (UTC) por ${name}, ${jobTitle}.`,
  confirmationComing:
    'Le enviamos por correo electrónico una confirmación con la propuesta y un certificado de su aceptación.',
  alreadyAccepted: 'Esta propuesta ya ha sido aceptada.',
  updating:
    'Esta propuesta se está actualizando: podrá aceptarla cuando la nueva versión esté lista. Vuelva más tarde o consulte a su contacto.',
  declinedNow: 'Gracias, su respuesta se ha enviado. Puede aceptar la propuesta aquí más adelante.',
  declinedBefore: (date) =>
    `Respondió «Ahora no»${date ? ` el ${date} (UTC)` : ''}. Aún puede aceptar la propuesta aquí.`,
  fullName: 'Nombre completo',
  jobTitle: 'Cargo',
  enterFullName: 'Introduzca su nombre completo.',
  enterJobTitle: 'Introduzca su cargo.',
  tickToAccept: 'Marque «Acepto» para aceptar la propuesta.',
  terms: 'Condiciones',
  iAccept: 'Acepto',
  notASignature:
    'Aceptar aquí deja constancia de su conformidad con un clic; no es una firma electrónica cualificada.',
  notNow: 'Ahora no',
  reasonOptional: 'Motivo (opcional)',
  sendNotNow: 'Enviar «Ahora no»',
  backToAccepting: 'Volver a la aceptación',
  versionChanged:
    'Esta propuesta se actualizó mientras la leía. Vuelva a cargar la página para ver la versión actual.',
  pricesChanged:
    'Los precios mostrados ya no están vigentes. Vuelva a cargar la página para ver los actuales.',
  termsChanged:
    'Las condiciones cambiaron mientras las leía. Vuelva a cargar la página para ver las actuales.',
  optionalInclude: (product) => `Opcional: incluir ${product}`,
  optionalChosen: '(opcional, elegido)',
  totalNow: (amount) => `Total: ${amount}`,

  pricedSummary: 'Resumen de precios',
  product: 'Producto',
  quantity: 'Cantidad',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  shipping: 'Envío',
  subtotal: 'Subtotal',
  totalYouPay: 'Total a pagar',
  taxAdded: (name, percent) => `${name} (${percent})`,
  taxIncluded: (name, percent) => `${name} incluido (${percent})`,
  taxNames: { VAT: 'IVA', 'Consumption tax': 'Impuesto al consumo' },
  yearlyFees: 'Cuotas anuales, fuera del total',
  perYear: (amount) => `${amount} al año`,
  oneOffService: 'servicio único',
  subscription: 'al año',
  creditEstimate: (products) =>
    `Crédito fiscal por inversión estimado${products ? ` sobre ${products}` : ''}, sujeto a asesoramiento fiscal`,
  afterCredit: 'Su coste tras el crédito estimado',
  ...viewerEmailTexts.es,
};

const ja: ClientPageTexts = {
  direction: 'ltr',

  loading: '資料を読み込んでいます',
  unavailableTitle: 'リンクを開けません',
  unavailable: 'このリンクは現在ご利用いただけません。送信者に新しいリンクをご依頼ください。',
  loadFailedTitle: '資料を読み込めませんでした',
  tryAgain: '再試行',
  somethingWentWrong: 'エラーが発生しました。',
  tooManyRequests: '試行回数が多すぎます。しばらくしてから、もう一度お試しください。',

  protectedTitle: 'この資料は保護されています',
  passcodePrompt: '資料を開くには、送信者からお知らせしたパスコードを入力してください。',
  passcode: 'パスコード',
  showCharacters: '文字を表示',
  hideCharacters: '文字を隠す',
  openDeck: '資料を開く',
  passcodeRequired: 'パスコードを入力してください。',
  passcodeTooShort: (min) => `パスコードは${min}文字以上です。`,
  passcodeTooLong: (max) => `パスコードは${max}文字以内です。`,
  wrongPasscode: 'パスコードが正しくありません。ご確認のうえ、もう一度お試しください。',

  sentBy: '送信者',
  sentByName: (name) => `送信者：${name}`,
  logo: (company) => `${company}のロゴ`,

  preparedFor: (client) => `${client} 向け`,
  sharedWith: (recipient, sender) => `${sender}より${recipient} 様へ共有`,
  updatedOn: (date) => `前回ご覧になった後、${date}に更新されました。`,
  present: 'プレゼンテーション',
  acceptProposal: 'ご提案を承諾する',
  seeAcceptance: '承諾内容を見る',
  downloadPdf: 'PDFをダウンロード',
  teamVisit: (productName) =>
    `${productName}にサインインしているため、この閲覧はリンクの分析に含まれません。`,
  endPrompt: 'ご提案は以上です。このまま進めますか？',
  reviewAndAccept: '確認して承諾する',

  slideOf: (slide, count) => `スライド ${slide} / ${count}`,
  previousSlide: '前のスライド',
  nextSlide: '次のスライド',
  slides: 'スライド一覧',
  goToSlide: (slide) => `スライド${slide}へ移動`,
  noSlides: 'この資料にはスライドがありません。',
  touchHint:
    '左右にスワイプするとスライドを切り替えられます。「プレゼンテーション」で全画面表示になります。',
  keysHint:
    '矢印キーでスライドを切り替えられます。「プレゼンテーション」で全画面表示になり、Escキーで終了します。',
  presentation: 'プレゼンテーション',
  exitPresentation: 'プレゼンテーションを終了',
  presentationHint: '矢印キーまたはスワイプでスライドを切り替え、Escキーで終了します。',

  acceptedTitle: 'ご提案を承諾いただきました',
  acceptedOn: (date, name, jobTitle) => `${date}（UTC）に${jobTitle} ${name} 様が承諾されました。`,
  confirmationComing: 'ご提案書と承諾証明書を添付した確認メールをお送りします。',
  alreadyAccepted: 'このご提案はすでに承諾されています。',
  updating:
    'このご提案は現在更新中です。新しい版の準備ができしだい承諾いただけます。後ほどお越しいただくか、担当者にお問い合わせください。',
  declinedNow:
    'ご回答を送信しました。ありがとうございます。後からでもこちらでご提案を承諾いただけます。',
  declinedBefore: (date) =>
    `${date ? `${date}（UTC）に` : ''}「今回は見送る」とご回答いただきました。こちらで引き続きご提案を承諾いただけます。`,
  fullName: '氏名',
  jobTitle: '役職',
  enterFullName: '氏名を入力してください。',
  enterJobTitle: '役職を入力してください。',
  tickToAccept: 'ご提案を承諾するには「承諾します」にチェックを入れてください。',
  terms: 'ご契約条件',
  iAccept: '承諾します',
  notASignature: 'こちらでの承諾は、クリックによる同意の記録であり、適格電子署名ではありません。',
  notNow: '今回は見送る',
  reasonOptional: '理由（任意）',
  sendNotNow: '「今回は見送る」を送信',
  backToAccepting: '承諾画面に戻る',
  versionChanged:
    'ご覧いただいている間にご提案が更新されました。ページを再読み込みして最新の版をご確認ください。',
  pricesChanged:
    '表示中の価格は最新ではありません。ページを再読み込みして最新の価格をご確認ください。',
  termsChanged:
    'ご覧いただいている間に契約条件が変更されました。ページを再読み込みして最新の条件をご確認ください。',
  optionalInclude: (product) => `オプション：${product}を含める`,
  optionalChosen: '（オプション、選択済み）',
  totalNow: (amount) => `合計：${amount}`,

  pricedSummary: 'お見積りの概要',
  product: '製品',
  quantity: '数量',
  unitPrice: '単価',
  amount: '金額',
  shipping: '送料',
  subtotal: '小計',
  totalYouPay: 'お支払い合計',
  taxAdded: (name, percent) => `${name}（${percent}）`,
  taxIncluded: (name, percent) => `うち${name}（${percent}）`,
  taxNames: { VAT: '付加価値税', 'Consumption tax': '消費税' },
  yearlyFees: '年額料金（合計には含まれません）',
  perYear: (amount) => `年額 ${amount}`,
  oneOffService: '一回限りのサービス',
  subscription: '年額',
  creditEstimate: (products) =>
    `${products ? `${products}に対する` : ''}投資税額控除の見込額（税務上の助言が必要です）`,
  afterCredit: '控除見込額を差し引いた実質負担額',
  ...viewerEmailTexts.ja,
};

const ar: ClientPageTexts = {
  direction: 'rtl',

  loading: 'جارٍ تحميل العرض التقديمي',
  unavailableTitle: 'الرابط غير متاح',
  unavailable: 'لم يعد هذا الرابط متاحًا. اطلب رابطًا جديدًا من المُرسِل.',
  loadFailedTitle: 'تعذّر تحميل العرض التقديمي',
  tryAgain: 'إعادة المحاولة',
  somethingWentWrong: 'حدث خطأ ما.',
  tooManyRequests: 'محاولات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',

  protectedTitle: 'هذا العرض التقديمي محمي',
  passcodePrompt: 'أدخل رمز المرور الذي أرسله إليك المُرسِل لفتح هذا العرض التقديمي.',
  passcode: 'رمز المرور',
  showCharacters: 'إظهار الأحرف',
  hideCharacters: 'إخفاء الأحرف',
  openDeck: 'فتح العرض التقديمي',
  passcodeRequired: 'رمز المرور مطلوب.',
  passcodeTooShort: (min) => `يتكوّن رمز المرور من ${min} أحرف على الأقل.`,
  passcodeTooLong: (max) => `يتكوّن رمز المرور من ${max} حرفًا على الأكثر.`,
  wrongPasscode: 'رمز المرور غير صحيح. يُرجى التحقق منه والمحاولة مرة أخرى.',

  sentBy: 'أرسله',
  sentByName: (name) => `أرسله ${name}`,
  logo: (company) => `شعار ${company}`,

  preparedFor: (client) => `أُعِدّ خصيصًا لـ ${client}`,
  sharedWith: (recipient, sender) => `شاركه ${sender} مع ${recipient}`,
  updatedOn: (date) => `حُدِّث في ${date} بعد زيارتك الأخيرة.`,
  present: 'بدء العرض',
  acceptProposal: 'قبول العرض',
  seeAcceptance: 'الاطلاع على القبول',
  downloadPdf: 'تنزيل ملف PDF',
  teamVisit: (productName) =>
    `أنت مسجّل الدخول إلى ${productName}، لذا لا تُحتسب هذه الزيارة في إحصاءات الرابط.`,
  endPrompt: 'هذا هو العرض كاملًا. هل أنت مستعد للمضي قدمًا؟',
  reviewAndAccept: 'المراجعة والقبول',

  slideOf: (slide, count) => `الشريحة ${slide} من ${count}`,
  previousSlide: 'الشريحة السابقة',
  nextSlide: 'الشريحة التالية',
  slides: 'الشرائح',
  goToSlide: (slide) => `الانتقال إلى الشريحة ${slide}`,
  noSlides: 'لا يحتوي هذا العرض التقديمي على شرائح.',
  touchHint: 'اسحب إلى اليمين أو اليسار للتنقل بين الشرائح. يعرضها زر «بدء العرض» بملء الشاشة.',
  keysHint:
    'استخدم مفاتيح الأسهم للتنقل بين الشرائح. يفتح زر «بدء العرض» وضع ملء الشاشة، ويُغلقه مفتاح Escape.',
  presentation: 'العرض التقديمي',
  exitPresentation: 'إنهاء العرض',
  presentationHint: 'تنقّل بين الشرائح بمفاتيح الأسهم أو بالسحب، ويُنهي مفتاح Escape العرض.',

  acceptedTitle: 'تم قبول العرض',
  acceptedOn: (date, name, jobTitle) =>
    `قَبِله ${name}، ${jobTitle}، في ${date} (بالتوقيت العالمي المنسّق).`,
  confirmationComing: 'ستصلك رسالة تأكيد بالبريد الإلكتروني مرفق بها العرض وشهادة بقبولك.',
  alreadyAccepted: 'تم قبول هذا العرض من قبل.',
  updating:
    'يجري تحديث هذا العرض، ويمكن قبوله حين تصبح النسخة الجديدة جاهزة. يُرجى العودة لاحقًا أو التواصل مع مسؤول الاتصال لديك.',
  declinedNow: 'شكرًا لك، تم إرسال ردّك. لا يزال بإمكانك قبول العرض هنا لاحقًا.',
  declinedBefore: (date) =>
    `أجبتَ بـ «ليس الآن»${date ? ` في ${date} (بالتوقيت العالمي المنسّق)` : ''}. لا يزال بإمكانك قبول العرض هنا.`,
  fullName: 'الاسم الكامل',
  jobTitle: 'المسمّى الوظيفي',
  enterFullName: 'أدخل اسمك الكامل.',
  enterJobTitle: 'أدخل مسمّاك الوظيفي.',
  tickToAccept: 'ضع علامة على «أوافق» لقبول العرض.',
  terms: 'الشروط',
  iAccept: 'أوافق',
  notASignature: 'القبول هنا سجلّ لموافقتك بنقرة، وليس توقيعًا إلكترونيًا مؤهَّلًا.',
  notNow: 'ليس الآن',
  reasonOptional: 'السبب (اختياري)',
  sendNotNow: 'إرسال «ليس الآن»',
  backToAccepting: 'العودة إلى القبول',
  versionChanged: 'حُدِّث هذا العرض أثناء قراءتك له. أعد تحميل الصفحة لرؤية النسخة الحالية.',
  pricesChanged: 'لم تعد الأسعار المعروضة سارية. أعد تحميل الصفحة لرؤية الأسعار الحالية.',
  termsChanged: 'تغيّرت الشروط أثناء قراءتك. أعد تحميل الصفحة لرؤية الشروط الحالية.',
  optionalInclude: (product) => `اختياري: إضافة ${product}`,
  optionalChosen: '(اختياري، تم اختياره)',
  totalNow: (amount) => `الإجمالي: ${amount}`,

  pricedSummary: 'ملخص الأسعار',
  product: 'المنتج',
  quantity: 'الكمية',
  unitPrice: 'سعر الوحدة',
  amount: 'المبلغ',
  shipping: 'الشحن',
  subtotal: 'المجموع الفرعي',
  totalYouPay: 'الإجمالي المستحق',
  taxAdded: (name, percent) => `${name} (${percent})`,
  taxIncluded: (name, percent) => `شاملًا ${name} (${percent})`,
  taxNames: { VAT: 'ضريبة القيمة المضافة', 'Consumption tax': 'ضريبة الاستهلاك' },
  yearlyFees: 'الرسوم السنوية، غير مشمولة في الإجمالي',
  perYear: (amount) => `${amount} سنويًا`,
  oneOffService: 'خدمة لمرة واحدة',
  subscription: 'سنويًا',
  creditEstimate: (products) =>
    `الإعفاء الضريبي التقديري على الاستثمار${products ? ` على ${products}` : ''}، رهنًا بالمشورة الضريبية`,
  afterCredit: 'تكلفتك بعد الإعفاء التقديري',
  ...viewerEmailTexts.ar,
};

/** The languages the client's page speaks; a deck in another is shown with English words. */
export const CLIENT_PAGE_TEXTS: Readonly<Record<string, ClientPageTexts>> = {
  en,
  de,
  fr,
  es,
  ja,
  ar,
};

/** The primary language of a BCP 47 tag: `ar` of `ar-AE`, lower case. */
const primaryOf = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/** Whether the page has words of its own in the language a tag names. */
export const speaksClientPageLanguage = (tag: string) =>
  Object.hasOwn(CLIENT_PAGE_TEXTS, primaryOf(tag));

/** The page's words in a language (`ja`, `ar-AE`); English for one it does not speak. */
export function clientPageTexts(tag: string): ClientPageTexts {
  return speaksClientPageLanguage(tag) ? CLIENT_PAGE_TEXTS[primaryOf(tag)]! : en;
}

/**
 * The first of a browser's preferred languages the page speaks, else English: for the words of
 * a page that knows no deck (an unknown or expired link), which must not say which it was.
 */
export function preferredClientPageLanguage(preferred: readonly string[]): string {
  return preferred.map(primaryOf).find(speaksClientPageLanguage) ?? 'en';
}
