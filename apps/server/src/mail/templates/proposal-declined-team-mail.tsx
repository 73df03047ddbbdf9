/** @jsxRuntime automatic */
import { MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  name: string;
  deckTitle: string;
  /** The sentence the portal's notification shows: who declined, and their reason. */
  message: string;
  deckUrl: string;
};

export const proposalDeclinedTeamMail = defineMailTemplate<Props>({
  id: 'proposal-declined-team',
  title: 'Proposal declined (to the team)',
  sentWhen: 'A client declines a proposal for now; it goes to the deck’s owner and every manager.',
  isSecret: false,
  subject: ({ deckTitle }) => `Declined for now: ${deckTitle}`,
  Body: ({ name, message, deckUrl, context }) => (
    <MailLayout context={context} preview={message}>
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>{message}</Paragraph>
      <Paragraph>They can still accept it later through the same link.</Paragraph>
      <Paragraph>
        See the deck: <UrlLink href={deckUrl} context={context} />
      </Paragraph>
    </MailLayout>
  ),
  sample: {
    name: 'Rita Rep',
    deckTitle: 'Cold Chain Upgrade',
    message:
      'Jane Client declined “Cold Chain Upgrade” for now. Their reason: “The budget moves to next quarter.”',
    deckUrl: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001',
  },
});
