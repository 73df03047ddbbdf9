/** @jsxRuntime automatic */
import type { ProposalSummary } from '@deck-portal/domain';
import { acceptedFigures, sampleSummary } from './accepted-figures.ts';
import { Lines, MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  name: string;
  deckTitle: string;
  clientName: string;
  /** The sentence the portal's notification shows: who accepted what, for which total. */
  message: string;
  summary: ProposalSummary;
  deckUrl: string;
};

export const proposalAcceptedTeamMail = defineMailTemplate<Props>({
  id: 'proposal-accepted-team',
  title: 'Proposal accepted (to the team)',
  sentWhen: 'A client accepts a proposal; it goes to the deck’s owner and every manager.',
  isSecret: false,
  subject: ({ deckTitle, clientName }) => `Accepted: ${deckTitle} by ${clientName}`,
  Body: ({ name, message, summary, deckUrl, context }) => {
    // The message names the total; the yearly fees and the credit, when any, follow it.
    const details = acceptedFigures(summary).slice(1);
    return (
      <MailLayout context={context} preview={message}>
        <Paragraph>Hello {name},</Paragraph>
        <Paragraph>{message}</Paragraph>
        {details.length > 0 ? <Lines lines={details} /> : null}
        <Paragraph>
          See the deck: <UrlLink href={deckUrl} context={context} />
        </Paragraph>
      </MailLayout>
    );
  },
  sample: {
    name: 'Rita Rep',
    deckTitle: 'Cold Chain Upgrade',
    clientName: 'Northwind Pharmacies',
    message:
      'Jane Client (Head of Operations, Northwind Pharmacies) accepted “Cold Chain Upgrade” (version 2) for a total of $12,490.00.',
    summary: sampleSummary,
    deckUrl: 'https://decks.example.com/deck/00000000-0000-4000-8000-000000000001',
  },
});
