/** @jsxRuntime automatic */
import { clientMailTexts } from './client-mail-texts.ts';
import { Lines, MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  recipientName: string;
  senderName: string;
  /** The deck's headline as the client reads it, never its internal title. */
  headline: string;
  /** The rep's own words, line breaks kept; empty: none. */
  message: string;
  url: string;
  expiresAt: Date | null;
  hasPasscode: boolean;
  /** The deck's language (BCP 47) and formats: the client reads the mail in it; absent: English. */
  language?: string;
  locale?: string;
};

export const clientLinkMail = defineMailTemplate<Props>({
  id: 'client-link',
  title: 'Presentation sent to a client',
  sentWhen: 'A rep makes a client link and has it mailed; replies go to the rep.',
  isSecret: true,
  subject: ({ senderName, headline, language = 'en', locale }) =>
    clientMailTexts(language, locale).linkSubject(senderName, headline),
  Body: ({
    recipientName,
    senderName,
    headline,
    message,
    url,
    expiresAt,
    hasPasscode,
    language = 'en',
    locale,
    context,
  }) => {
    const texts = clientMailTexts(language, locale);
    const notes = [
      ...(hasPasscode ? [texts.linkPasscode(senderName)] : []),
      ...(expiresAt ? [texts.linkExpires(texts.dateTime(expiresAt))] : []),
      texts.linkForYouAlone,
    ];
    return (
      <MailLayout context={context} preview={headline} language={texts}>
        <Paragraph>{texts.greeting(recipientName)}</Paragraph>
        <Paragraph>{texts.linkSent(senderName, headline)}</Paragraph>
        {message ? <Lines lines={message.split(/\r?\n/)} /> : null}
        <Paragraph>
          {texts.linkOpenHere} <UrlLink href={url} context={context} />
        </Paragraph>
        <Lines lines={notes} />
      </MailLayout>
    );
  },
  sample: {
    recipientName: 'Jane Client',
    senderName: 'Rita Rep',
    headline: 'Proposal for Northwind Pharmacies',
    message: 'As promised, the proposal.\nI am around all week for questions.',
    url: 'https://decks.example.com/p/sample-token',
    expiresAt: new Date('2030-01-31T17:00:00Z'),
    hasPasscode: true,
  },
});
