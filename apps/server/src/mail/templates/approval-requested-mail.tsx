/** @jsxRuntime automatic */
import {
  approverRoleLabel,
  deepestDiscountText,
  formatMoney,
  type ApproverRole,
  type DealCheck,
} from '@deck-portal/domain';
import { Lines, MailLayout, Paragraph, UrlLink } from './mail-layout.tsx';
import { defineMailTemplate } from './mail-template.ts';

type Props = {
  approverName: string;
  ownerName: string;
  requesterName: string;
  deckTitle: string;
  clientName: string;
  check: DealCheck;
  approverRole: ApproverRole;
  /** The requester's note; empty: none. */
  note: string;
  approvalsUrl: string;
};

export const approvalRequestedMail = defineMailTemplate<Props>({
  id: 'approval-requested',
  title: 'Approval requested',
  sentWhen:
    'A deck’s prices are put to the deal desk; it goes to everyone who may decide, replies to the owner.',
  isSecret: false,
  subject: ({ deckTitle, clientName }) => `Approval requested: ${deckTitle} for ${clientName}`,
  Body: ({ approverName, ownerName, requesterName, deckTitle, clientName, check, ...rest }) => {
    const { approverRole, note, approvalsUrl, context } = rest;
    const deepest = deepestDiscountText(check);
    // In the deck's currency (issue 50); checks made before markets are in US dollars.
    const money = (cents: number) => formatMoney(cents / 100, check.currency ?? 'USD');
    return (
      <MailLayout context={context} preview={`${ownerName} asks for approval of the prices.`}>
        <Paragraph>Hello {approverName},</Paragraph>
        <Lines
          lines={[
            `${ownerName} asks for approval of the prices in “${deckTitle}” for ${clientName}.`,
            `It needs ${approverRoleLabel[approverRole]} to approve it.`,
            ...(deepest ? [deepest] : []),
          ]}
        />
        <Lines
          lines={[
            `Quote: ${money(check.pricedTotalCents)} against ${money(check.listTotalCents)} at list price.`,
            ...[...check.findings, ...check.deckFindings].map((finding) => `- ${finding.message}`),
          ]}
        />
        {note ? <Lines lines={[`Note from ${requesterName}:`, ...note.split(/\r?\n/)]} /> : null}
        <Paragraph>
          Approve or reject it here: <UrlLink href={approvalsUrl} context={context} />
        </Paragraph>
      </MailLayout>
    );
  },
  sample: {
    approverName: 'Mo Manager',
    ownerName: 'Rita Rep',
    requesterName: 'Rita Rep',
    deckTitle: 'Cold Chain Upgrade',
    clientName: 'Northwind Pharmacies',
    approverRole: 'manager',
    note: 'The client signs 40 sites if we match this.',
    approvalsUrl: 'https://decks.example.com/approvals',
    check: {
      needsApproval: true,
      approverRole: 'manager',
      listTotalCents: 1_199_000,
      pricedTotalCents: 900_400,
      deckFindings: [],
      findings: [
        {
          productId: 'battery_backup',
          productName: 'Battery Backup',
          unitPrice: 4502,
          listPrice: 5995,
          discountPercent: 24.9,
          limitPercent: 15,
          floorPrice: null,
          reason: 'discount',
          message: 'Battery Backup is 24.9% off list, past the 15% a sales rep may give.',
          limitRole: 'sales_rep',
          managerLimitPercent: 30,
          approverRole: 'manager',
        },
      ],
    },
  },
});
