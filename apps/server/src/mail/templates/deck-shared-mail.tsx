/** @jsxRuntime automatic */
import type { ShareAccess } from '@deck-portal/domain';
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  sharerName: string;
  sharerEmail: string;
  deckTitle: string;
  clientName: string;
  recipientEmail: string;
  /** What the share lets the recipient do; sharing again with a new access mails them again. */
  access: ShareAccess;
  viewUrl: string;
  /** The deck's online editor, offered when the share says "can edit". */
  editorUrl: string;
};

export const deckSharedMail = defineMailTemplate<Props>({
  id: 'deck-shared',
  title: 'Deck shared with a colleague',
  sentWhen:
    'A deck is shared with a colleague who has an account, or shared again with a different access.',
  isSecret: false,
  subject: ({ sharerName, deckTitle }) => `${sharerName} shared a deck with you: ${deckTitle}`,
  Body: ({
    sharerName,
    sharerEmail,
    deckTitle,
    clientName,
    recipientEmail,
    access,
    viewUrl,
    editorUrl,
    context,
  }) => (
    <MailLayout context={context} preview={`“${deckTitle}” for ${clientName}`}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {sharerName} ({sharerEmail}) shared the deck &quot;{deckTitle}&quot; for {clientName} with
        you. {access === 'edit' ? 'You can view and edit it.' : 'You can view it.'}
      </Paragraph>
      <Paragraph>
        View it here: <UrlLink href={viewUrl} context={context} />
      </Paragraph>
      {access === 'edit' ? (
        <Paragraph>
          Edit it here: <UrlLink href={editorUrl} context={context} />
        </Paragraph>
      ) : null}
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
    access: 'edit',
    viewUrl: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001/view',
    editorUrl: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001/edit',
  },
});
