import { addressed, isDeckLanguage, type DeckLanguage } from '@deck-portal/domain';
import { clientPageTexts, type TextDirection } from '@deck-portal/domain/client-page-texts';

/**
 * The words of the mails a client receives because of a link (the link itself, the
 * confirmation of an acceptance), in the deck's language (issue 50). Mails to the portal's own
 * people stay in English. The accepted figures' labels are the client page's, so the mail
 * says what the page said.
 */
export type ClientMailTexts = {
  lang: string;
  direction: TextDirection;
  /** The mail's date and time, in UTC, as the deck's locale writes them. */
  dateTime: (date: Date) => string;
  /** A day alone. */
  date: (date: Date) => string;
  greeting: (name: string) => string;
  senderLine: (productName: string, companyName: string | null) => string;

  linkSubject: (sender: string, headline: string) => string;
  linkSent: (sender: string, headline: string) => string;
  linkOpenHere: string;
  linkPasscode: (sender: string) => string;
  linkExpires: (dateTime: string) => string;
  linkForYouAlone: string;

  acceptedSubject: (headline: string) => string;
  acceptedPreview: string;
  acceptedThanks: (headline: string, date: string) => string;
  acceptedAttached: string;
  acceptedNotASignature: string;
};

type Words = Omit<ClientMailTexts, 'lang' | 'direction' | 'dateTime' | 'date' | 'greeting'> & {
  /** How the language opens a mail to a person; none: its address form's greeting. */
  greeting?: (name: string) => string;
};

const words: Partial<Record<DeckLanguage, Words>> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    senderLine: (product, company) =>
      company ? `Sent by ${product} for ${company}.` : `Sent by ${product}.`,
    linkSubject: (sender, headline) => `${sender} sent you a presentation: ${headline}`,
    linkSent: (sender, headline) => `${sender} sent you the presentation "${headline}".`,
    linkOpenHere: 'Open it here:',
    linkPasscode: (sender) =>
      `The presentation is protected by a passcode, which ${sender} gives you.`,
    linkExpires: (dateTime) => `The link works until ${dateTime} (UTC).`,
    linkForYouAlone: 'The link is for you alone: please do not forward it.',
    acceptedSubject: (headline) => `You accepted the proposal: ${headline}`,
    acceptedPreview: 'The proposal and your certificate are attached.',
    acceptedThanks: (headline, date) => `Thank you: you accepted "${headline}" on ${date}.`,
    acceptedAttached:
      'The proposal is attached, with a certificate of your acceptance as its last page.',
    acceptedNotASignature:
      'Accepting on the page is a click-to-accept record of your agreement, not a qualified electronic signature.',
  },
  de: {
    senderLine: (product, company) =>
      company ? `Gesendet von ${product} für ${company}.` : `Gesendet von ${product}.`,
    linkSubject: (sender, headline) =>
      `${sender} hat Ihnen eine Präsentation gesendet: ${headline}`,
    linkSent: (sender, headline) => `${sender} hat Ihnen die Präsentation „${headline}“ gesendet.`,
    linkOpenHere: 'Hier öffnen Sie sie:',
    linkPasscode: (sender) =>
      `Die Präsentation ist mit einem Zugangscode geschützt, den Sie von ${sender} erhalten.`,
    linkExpires: (dateTime) => `Der Link gilt bis ${dateTime} (UTC).`,
    linkForYouAlone: 'Der Link ist nur für Sie bestimmt: Bitte leiten Sie ihn nicht weiter.',
    acceptedSubject: (headline) => `Sie haben das Angebot angenommen: ${headline}`,
    acceptedPreview: 'Das Angebot und Ihr Nachweis sind angehängt.',
    acceptedThanks: (headline, date) =>
      `Vielen Dank: Sie haben „${headline}“ am ${date} angenommen.`,
    acceptedAttached:
      'Das Angebot ist angehängt; auf seiner letzten Seite steht der Nachweis Ihrer Annahme.',
    acceptedNotASignature:
      'Die Annahme auf der Seite ist ein per Klick erstellter Nachweis Ihrer Zustimmung, keine qualifizierte elektronische Signatur.',
  },
  fr: {
    senderLine: (product, company) =>
      company ? `Envoyé par ${product} pour ${company}.` : `Envoyé par ${product}.`,
    linkSubject: (sender, headline) => `${sender} vous a envoyé une présentation : ${headline}`,
    linkSent: (sender, headline) => `${sender} vous a envoyé la présentation « ${headline} ».`,
    linkOpenHere: 'Ouvrez-la ici :',
    linkPasscode: (sender) =>
      `La présentation est protégée par un code d’accès, que ${sender} vous communique.`,
    linkExpires: (dateTime) => `Le lien est valable jusqu’au ${dateTime} (UTC).`,
    linkForYouAlone: 'Ce lien vous est personnel : merci de ne pas le transférer.',
    acceptedSubject: (headline) => `Vous avez accepté la proposition : ${headline}`,
    acceptedPreview: 'La proposition et votre certificat sont en pièce jointe.',
    acceptedThanks: (headline, date) => `Merci : vous avez accepté « ${headline} » le ${date}.`,
    acceptedAttached:
      'La proposition est jointe, avec en dernière page un certificat de votre acceptation.',
    acceptedNotASignature:
      'L’acceptation sur la page est un enregistrement de votre accord par un clic, et non une signature électronique qualifiée.',
  },
  es: {
    senderLine: (product, company) =>
      company ? `Enviado por ${product} para ${company}.` : `Enviado por ${product}.`,
    linkSubject: (sender, headline) => `${sender} le ha enviado una presentación: ${headline}`,
    linkSent: (sender, headline) => `${sender} le ha enviado la presentación «${headline}».`,
    linkOpenHere: 'Ábrala aquí:',
    linkPasscode: (sender) =>
      `La presentación está protegida con un código de acceso, que le facilitará ${sender}.`,
    linkExpires: (dateTime) => `El enlace es válido hasta el ${dateTime} (UTC).`,
    linkForYouAlone: 'El enlace es solo para usted: no lo reenvíe.',
    acceptedSubject: (headline) => `Ha aceptado la propuesta: ${headline}`,
    acceptedPreview: 'Adjuntamos la propuesta y su certificado.',
    acceptedThanks: (headline, date) => `Gracias: aceptó «${headline}» el ${date}.`,
    acceptedAttached:
      'Adjuntamos la propuesta, con un certificado de su aceptación en la última página.',
    acceptedNotASignature:
      'Aceptar en la página deja constancia de su conformidad con un clic; no es una firma electrónica cualificada.',
  },
  ja: {
    senderLine: (product, company) =>
      company ? `${company}が${product}から送信しました。` : `${product}から送信しました。`,
    linkSubject: (sender, headline) => `${sender}から資料が届きました：${headline}`,
    linkSent: (sender, headline) => `${sender}より資料「${headline}」をお送りします。`,
    linkOpenHere: 'こちらからご覧いただけます：',
    linkPasscode: (sender) =>
      `この資料はパスコードで保護されています。パスコードは${sender}からお知らせします。`,
    linkExpires: (dateTime) => `このリンクの有効期限は${dateTime}（UTC）です。`,
    linkForYouAlone: 'このリンクはご本人様専用です。転送はご遠慮ください。',
    acceptedSubject: (headline) => `ご提案を承諾いただきました：${headline}`,
    acceptedPreview: 'ご提案書と承諾証明書を添付しております。',
    acceptedThanks: (headline, date) =>
      `${date}に「${headline}」をご承諾いただき、誠にありがとうございます。`,
    acceptedAttached: 'ご提案書を添付しております。最終ページが承諾証明書です。',
    acceptedNotASignature:
      'ページ上での承諾は、クリックによる同意の記録であり、適格電子署名ではありません。',
  },
  ar: {
    senderLine: (product, company) =>
      company ? `أُرسلت عبر ${product} نيابةً عن ${company}.` : `أُرسلت عبر ${product}.`,
    linkSubject: (sender, headline) => `أرسل إليك ${sender} عرضًا تقديميًا: ${headline}`,
    linkSent: (sender, headline) => `أرسل إليك ${sender} العرض التقديمي «${headline}».`,
    linkOpenHere: 'افتحه من هنا:',
    linkPasscode: (sender) => `العرض التقديمي محمي برمز مرور يزوّدك به ${sender}.`,
    linkExpires: (dateTime) => `يظل الرابط صالحًا حتى ${dateTime} (بالتوقيت العالمي المنسّق).`,
    linkForYouAlone: 'هذا الرابط مخصّص لك وحدك، فيُرجى عدم إعادة توجيهه.',
    acceptedSubject: (headline) => `لقد قبلتَ العرض: ${headline}`,
    acceptedPreview: 'مرفق العرض وشهادة قبولك.',
    acceptedThanks: (headline, date) => `شكرًا لك، لقد قبلتَ «${headline}» في ${date}.`,
    acceptedAttached: 'العرض مرفق، وفي صفحته الأخيرة شهادة بقبولك.',
    acceptedNotASignature: 'القبول على الصفحة سجلّ لموافقتك بنقرة، وليس توقيعًا إلكترونيًا مؤهَّلًا.',
  },
};

/**
 * The client mails' words in a deck's language (`en` when the language has none of its own),
 * its dates in `locale` (the deck's formats: `ja-JP`).
 */
export function clientMailTexts(language: string, locale?: string): ClientMailTexts {
  const lang: DeckLanguage = isDeckLanguage(language) && words[language] ? language : 'en';
  const own = words[lang]!;
  // English mails kept their US dates before decks had languages.
  const formats = lang === 'en' ? 'en-US' : (locale ?? lang);
  const dateTime = new Intl.DateTimeFormat(formats, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const day = new Intl.DateTimeFormat(formats, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    ...own,
    lang,
    direction: clientPageTexts(lang).direction,
    dateTime: (date) => dateTime.format(date),
    // English confirmations kept the ISO day they always had.
    date: (date) => (lang === 'en' ? date.toISOString().slice(0, 10) : day.format(date)),
    greeting: own.greeting ?? ((name) => addressed(lang, 'greeting', name)),
  };
}
