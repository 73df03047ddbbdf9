/** @jsxRuntime automatic */
import { endSentence } from '@deck-portal/domain';
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  ownerName: string;
  recipientName: string;
  recipientEmail: string;
  deckTitle: string;
  clientName: string;
  analyticsUrl: string;
};

export const clientLinkOpenedMail = defineMailTemplate<Props>({
  id: 'client-link-opened',
  title: 'Client link opened',
  sentWhen: 'A client link is opened for the first time; it goes to the deck’s owner.',
  isSecret: false,
  subject: ({ recipientName, deckTitle }) => `${recipientName} opened your deck: ${deckTitle}`,
  Body: ({
    ownerName,
    recipientName,
    recipientEmail,
    deckTitle,
    clientName,
    analyticsUrl,
    context,
  }) => (
    <MailLayout context={context} preview={`${recipientName} just opened “${deckTitle}”.`}>
      <Paragraph>Hello {ownerName},</Paragraph>
      <Paragraph>
        {endSentence(
          `${recipientName} (${recipientEmail}) just opened "${deckTitle}" for ${clientName}`,
        )}
      </Paragraph>
      <Paragraph>
        See which slides they view: <UrlLink href={analyticsUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    ownerName: 'Rita Rep',
    recipientName: 'Jane Client',
    recipientEmail: 'jane@northwind.example',
    deckTitle: 'Cold Chain Upgrade',
    clientName: 'Northwind Pharmacies',
    analyticsUrl:
      'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001/links/00000000-0000-4000-8000-000000000002',
  },
});
