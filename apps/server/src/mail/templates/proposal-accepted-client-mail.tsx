/** @jsxRuntime automatic */
import type { ProposalSummary } from '@deck-portal/domain';
import { acceptedFigures, sampleSummary } from './accepted-figures.ts';
import { Lines, MailLayout, Paragraph } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  fullName: string;
  /** The deck's headline as the client reads it. */
  headline: string;
  acceptedAt: Date;
  summary: ProposalSummary;
};

export const proposalAcceptedClientMail = defineMailTemplate<Props>({
  id: 'proposal-accepted-client',
  title: 'Proposal accepted (to the client)',
  sentWhen: 'A client accepts a proposal; the accepted PDF, its certificate last, is attached.',
  isSecret: false,
  subject: ({ headline }) => `You accepted the proposal: ${headline}`,
  Body: ({ fullName, headline, acceptedAt, summary, context }) => (
    <MailLayout context={context} preview="The proposal and your certificate are attached.">
      <Paragraph>Hello {fullName},</Paragraph>
      <Paragraph>
        Thank you: you accepted &quot;{headline}&quot; on {acceptedAt.toISOString().slice(0, 10)}.
      </Paragraph>
      <Lines lines={acceptedFigures(summary)} />
      <Lines
        lines={[
          'The proposal is attached, with a certificate of your acceptance as its last page.',
          'Accepting on the page is a click-to-accept record of your agreement, not a qualified electronic signature.',
        ]}
      />
    </MailLayout>
  ),
  sample: {
    fullName: 'Jane Client',
    headline: 'Proposal for Northwind Pharmacies',
    acceptedAt: new Date('2030-01-15T10:30:00Z'),
    summary: sampleSummary,
  },
});
