/** @jsxRuntime automatic */
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
};

const mailDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export const clientLinkMail = defineMailTemplate<Props>({
  id: 'client-link',
  title: 'Presentation sent to a client',
  sentWhen: 'A rep makes a client link and has it mailed; replies go to the rep.',
  isSecret: true,
  subject: ({ senderName, headline }) => `${senderName} sent you a presentation: ${headline}`,
  Body: ({
    recipientName,
    senderName,
    headline,
    message,
    url,
    expiresAt,
    hasPasscode,
    context,
  }) => {
    const notes = [
      ...(hasPasscode
        ? [`The presentation is protected by a passcode, which ${senderName} gives you.`]
        : []),
      ...(expiresAt ? [`The link works until ${mailDate.format(expiresAt)} (UTC).`] : []),
      'The link is for you alone: please do not forward it.',
    ];
    return (
      <MailLayout context={context} preview={headline}>
        <Paragraph>Hello {recipientName},</Paragraph>
        <Paragraph>
          {senderName} sent you the presentation &quot;{headline}&quot;.
        </Paragraph>
        {message ? <Lines lines={message.split(/\r?\n/)} /> : null}
        <Paragraph>
          Open it here: <UrlLink href={url} context={context} />
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
