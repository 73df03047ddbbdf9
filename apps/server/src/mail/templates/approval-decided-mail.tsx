/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  ownerName: string;
  isApproved: boolean;
  deckTitle: string;
  clientName: string;
  /** The sentence the portal's notification shows: who decided what, with their comment. */
  message: string;
  deckUrl: string;
};

export const approvalDecidedMail = defineMailTemplate<Props>({
  id: 'approval-decided',
  title: 'Prices approved or not',
  sentWhen:
    'An approver decides a deck’s prices; it goes to the deck’s owner, replies to the approver.',
  isSecret: false,
  subject: ({ isApproved, deckTitle, clientName }) =>
    `${isApproved ? 'Approved' : 'Not approved'}: ${deckTitle} for ${clientName}`,
  Body: ({ ownerName, isApproved, message, deckUrl, context }) => (
    <MailLayout context={context} preview={message}>
      <Paragraph>Hello {ownerName},</Paragraph>
      <Paragraph>{message}</Paragraph>
      <Paragraph>
        {isApproved
          ? 'A new version without the “pending approval” watermark is being made; you can then send it to the client.'
          : 'Change the prices and generate the deck again, or ask for approval once more.'}
      </Paragraph>
      <Paragraph>
        Open the deck: <UrlLink href={deckUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    ownerName: 'Rita Rep',
    isApproved: true,
    deckTitle: 'Cold Chain Upgrade',
    clientName: 'Northwind Pharmacies',
    message:
      'Mo Manager approved the prices of “Cold Chain Upgrade” for Northwind Pharmacies: it can go to the client. Mo Manager wrote: Fine for a 40-site rollout.',
    deckUrl: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001',
  },
});
