// The words of a client link's e-mail step (issue 51) and of the mail with its code, in each
// language the client's page speaks: part of the page's texts (client-page-texts.ts), kept
// apart so each file stays readable. No zod in the imports: the client's page loads these.

/** The e-mail step of a link that asks who opens it, and the code's mail. */
export type ViewerEmailTexts = {
  emailTitle: string;
  emailPrompt: string;
  emailAddress: string;
  sendCode: string;
  emailInvalid: string;
  domainNotAllowed: string;
  codeSentTo: (email: string) => string;
  code: string;
  codeShape: string;
  confirmCode: string;
  wrongCode: string;
  codeDead: string;
  tooManyCodes: string;
  sendNewCode: string;
  otherAddress: string;
  /** The mail with the code, in the deck's language. */
  codeMailSubject: (code: string) => string;
  codeMailEnter: string;
  codeMailValid: string;
  codeMailIgnore: string;
};

type Language = 'en' | 'de' | 'fr' | 'es' | 'ja' | 'ar';

export const viewerEmailTexts: Readonly<Record<Language, ViewerEmailTexts>> = {
  en: {
    emailTitle: 'Confirm your e-mail address',
    emailPrompt:
      'The sender asks who opens this deck. Enter your e-mail address and we will send you a code.',
    emailAddress: 'E-mail address',
    sendCode: 'Send code',
    emailInvalid: 'Please enter a valid e-mail address.',
    domainNotAllowed:
      'This deck can only be opened with an e-mail address at the company it was sent to.',
    codeSentTo: (email) => `We sent a 6-digit code to ${email}. It works for 10 minutes.`,
    code: 'Code',
    codeShape: 'The code is the 6 digits from the e-mail.',
    confirmCode: 'Open deck',
    wrongCode: 'That code is not right. Please check the e-mail and try again.',
    codeDead: 'This code has expired or was tried too often. Ask for a new code.',
    tooManyCodes:
      'Several codes were sent to this address already. Please wait a few minutes and ask again.',
    sendNewCode: 'Send a new code',
    otherAddress: 'Use another address',
    codeMailSubject: (code) => `Your code: ${code}`,
    codeMailEnter: 'Enter this code on the page to open the presentation:',
    codeMailValid: 'It works once, for 10 minutes.',
    codeMailIgnore: 'If you did not ask for it, you can ignore this e-mail.',
  },
  de: {
    emailTitle: 'Bestätigen Sie Ihre E-Mail-Adresse',
    emailPrompt:
      'Der Absender möchte wissen, wer diese Präsentation öffnet. Geben Sie Ihre E-Mail-Adresse ein, und wir senden Ihnen einen Code.',
    emailAddress: 'E-Mail-Adresse',
    sendCode: 'Code senden',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    domainNotAllowed:
      'Diese Präsentation lässt sich nur mit einer E-Mail-Adresse des Unternehmens öffnen, an das sie gesendet wurde.',
    codeSentTo: (email) =>
      `Wir haben einen 6-stelligen Code an ${email} gesendet. Er gilt 10 Minuten.`,
    code: 'Bestätigungscode',
    codeShape: 'Der Code besteht aus den 6 Ziffern aus der E-Mail.',
    confirmCode: 'Präsentation öffnen',
    wrongCode: 'Dieser Code stimmt nicht. Bitte prüfen Sie die E-Mail und versuchen Sie es erneut.',
    codeDead:
      'Dieser Code ist abgelaufen oder wurde zu oft versucht. Fordern Sie einen neuen Code an.',
    tooManyCodes:
      'An diese Adresse wurden bereits mehrere Codes gesendet. Bitte warten Sie einige Minuten und fordern Sie dann einen neuen an.',
    sendNewCode: 'Neuen Code senden',
    otherAddress: 'Andere Adresse verwenden',
    codeMailSubject: (code) => `Ihr Code: ${code}`,
    codeMailEnter: 'Geben Sie diesen Code auf der Seite ein, um die Präsentation zu öffnen:',
    codeMailValid: 'Er gilt einmal, 10 Minuten lang.',
    codeMailIgnore: 'Falls Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  fr: {
    emailTitle: 'Confirmez votre adresse e-mail',
    emailPrompt:
      'L’expéditeur souhaite savoir qui ouvre cette présentation. Saisissez votre adresse e-mail et nous vous enverrons un code.',
    emailAddress: 'Adresse e-mail',
    sendCode: 'Envoyer le code',
    emailInvalid: 'Veuillez saisir une adresse e-mail valide.',
    domainNotAllowed:
      'Cette présentation ne peut être ouverte qu’avec une adresse e-mail de l’entreprise à laquelle elle a été envoyée.',
    codeSentTo: (email) =>
      `Nous avons envoyé un code à 6 chiffres à ${email}. Il est valable 10 minutes.`,
    code: 'Code de confirmation',
    codeShape: 'Le code est composé des 6 chiffres de l’e-mail.',
    confirmCode: 'Ouvrir la présentation',
    wrongCode: 'Ce code n’est pas le bon. Vérifiez l’e-mail et réessayez.',
    codeDead: 'Ce code a expiré ou a été essayé trop de fois. Demandez un nouveau code.',
    tooManyCodes:
      'Plusieurs codes ont déjà été envoyés à cette adresse. Patientez quelques minutes avant d’en demander un autre.',
    sendNewCode: 'Envoyer un nouveau code',
    otherAddress: 'Utiliser une autre adresse',
    codeMailSubject: (code) => `Votre code : ${code}`,
    codeMailEnter: 'Saisissez ce code sur la page pour ouvrir la présentation :',
    codeMailValid: 'Il est valable une fois, pendant 10 minutes.',
    codeMailIgnore: 'Si vous ne l’avez pas demandé, vous pouvez ignorer cet e-mail.',
  },
  es: {
    emailTitle: 'Confirme su dirección de correo electrónico',
    emailPrompt:
      'El remitente quiere saber quién abre esta presentación. Introduzca su correo electrónico y le enviaremos un código.',
    emailAddress: 'Correo electrónico',
    sendCode: 'Enviar código',
    emailInvalid: 'Introduzca una dirección de correo electrónico válida.',
    domainNotAllowed:
      'Esta presentación solo puede abrirse con una dirección de correo de la empresa a la que se envió.',
    codeSentTo: (email) =>
      `Hemos enviado un código de 6 dígitos a ${email}. Es válido durante 10 minutos.`,
    code: 'Código',
    codeShape: 'El código son los 6 dígitos del correo.',
    confirmCode: 'Abrir presentación',
    wrongCode: 'Ese código no es correcto. Revise el correo e inténtelo de nuevo.',
    codeDead: 'Este código ha caducado o se ha intentado demasiadas veces. Solicite uno nuevo.',
    tooManyCodes:
      'Ya se han enviado varios códigos a esta dirección. Espere unos minutos y vuelva a solicitarlo.',
    sendNewCode: 'Enviar un código nuevo',
    otherAddress: 'Usar otra dirección',
    codeMailSubject: (code) => `Su código: ${code}`,
    codeMailEnter: 'Introduzca este código en la página para abrir la presentación:',
    codeMailValid: 'Sirve una sola vez, durante 10 minutos.',
    codeMailIgnore: 'Si no lo ha solicitado, puede ignorar este correo.',
  },
  ja: {
    emailTitle: 'メールアドレスの確認',
    emailPrompt:
      '送信者は、この資料を開く方の確認を求めています。メールアドレスを入力すると、確認コードをお送りします。',
    emailAddress: 'メールアドレス',
    sendCode: 'コードを送信',
    emailInvalid: '有効なメールアドレスを入力してください。',
    domainNotAllowed: 'この資料は、送付先企業のメールアドレスでのみ開くことができます。',
    codeSentTo: (email) => `${email} に6桁のコードを送信しました。有効期限は10分です。`,
    code: 'コード',
    codeShape: 'メールに記載された6桁の数字を入力してください。',
    confirmCode: '資料を開く',
    wrongCode: 'コードが正しくありません。メールをご確認のうえ、もう一度お試しください。',
    codeDead:
      'このコードは有効期限が切れたか、試行回数の上限に達しました。新しいコードをご請求ください。',
    tooManyCodes:
      'このアドレスには既に複数のコードを送信しています。数分後にもう一度お試しください。',
    sendNewCode: '新しいコードを送信',
    otherAddress: '別のアドレスを使う',
    codeMailSubject: (code) => `確認コード：${code}`,
    codeMailEnter: '資料を開くには、ページで次のコードを入力してください：',
    codeMailValid: 'このコードは1回限り、10分間有効です。',
    codeMailIgnore: 'お心当たりのない場合は、このメールを破棄してください。',
  },
  ar: {
    emailTitle: 'أكِّد عنوان بريدك الإلكتروني',
    emailPrompt:
      'يطلب المُرسِل معرفة من يفتح هذا العرض. أدخل عنوان بريدك الإلكتروني وسنرسل إليك رمزًا.',
    emailAddress: 'البريد الإلكتروني',
    sendCode: 'إرسال الرمز',
    emailInvalid: 'يُرجى إدخال عنوان بريد إلكتروني صالح.',
    domainNotAllowed: 'لا يمكن فتح هذا العرض إلا بعنوان بريد إلكتروني تابع للشركة التي أُرسل إليها.',
    codeSentTo: (email) => `أرسلنا رمزًا من 6 أرقام إلى ${email}. يظل صالحًا لمدة 10 دقائق.`,
    code: 'الرمز',
    codeShape: 'الرمز هو الأرقام الستة الواردة في البريد الإلكتروني.',
    confirmCode: 'فتح العرض',
    wrongCode: 'هذا الرمز غير صحيح. يُرجى مراجعة البريد الإلكتروني والمحاولة مرة أخرى.',
    codeDead: 'انتهت صلاحية هذا الرمز أو جُرِّب مرات كثيرة. اطلب رمزًا جديدًا.',
    tooManyCodes: 'أُرسلت عدة رموز إلى هذا العنوان بالفعل. يُرجى الانتظار بضع دقائق ثم الطلب مجددًا.',
    sendNewCode: 'إرسال رمز جديد',
    otherAddress: 'استخدام عنوان آخر',
    codeMailSubject: (code) => `رمزك: ${code}`,
    codeMailEnter: 'أدخل هذا الرمز في الصفحة لفتح العرض:',
    codeMailValid: 'يصلح لمرة واحدة خلال 10 دقائق.',
    codeMailIgnore: 'إن لم تطلبه، يمكنك تجاهل هذه الرسالة.',
  },
};
