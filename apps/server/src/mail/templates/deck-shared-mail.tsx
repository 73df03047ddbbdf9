/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  sharerName: string;
  sharerEmail: string;
  deckTitle: string;
  clientName: string;
  recipientEmail: string;
  viewUrl: string;
};

export const deckSharedMail = defineMailTemplate<Props>({
  id: 'deck-shared',
  title: 'Deck shared with a colleague',
  sentWhen: 'A deck is shared with a colleague who has an account.',
  isSecret: false,
  subject: ({ sharerName, deckTitle }) => `${sharerName} shared a deck with you: ${deckTitle}`,
  Body: ({ sharerName, sharerEmail, deckTitle, clientName, recipientEmail, viewUrl, context }) => (
    <MailLayout context={context} preview={`“${deckTitle}” for ${clientName}`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {sharerName} ({sharerEmail}) shared the deck &quot;{deckTitle}&quot; for {clientName} with
        you.
      </Paragraph>
      <Paragraph>
        View it here: <UrlLink href={viewUrl} context={context} />
      </Paragraph>
      <Paragraph>
        Sign in to {context.productName} with {recipientEmail} to open it.
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    sharerName: 'Rita Rep',
    sharerEmail: 'rita@example.com',
    deckTitle: 'Cold Chain Upgrade',
    clientName: 'Northwind Pharmacies',
    recipientEmail: 'mo@example.com',
    viewUrl: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001/view',
  },
});
