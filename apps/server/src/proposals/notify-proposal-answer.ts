import { and, eq, or } from 'drizzle-orm';
import {
  clientHeadline,
  creditEstimateLabel,
  deckPagePath,
  formatCents,
  quoteWording,
  readStoredSummary,
  type ProposalSummary,
} from '@deck-portal/domain';
import type { OpenClientLink } from '../client-links/resolve-client-link.ts';
import type { Db } from '../db/database.ts';
import { notifications, users } from '../db/schema.ts';
import { deckObjectKey } from '../decks/file-store.ts';
import { enqueueMail } from '../mail/mailer.ts';
import type { Services } from '../services.ts';
import type { ProposalResponseRow } from './proposal-records.ts';

/** The deck's owner and every active manager: who hears of a client's answer at once. */
async function answerRecipients(tx: Db, ownerId: string) {
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(or(eq(users.id, ownerId), and(eq(users.role, 'manager'), eq(users.status, 'approved'))));
  return rows;
}

async function tellTeam(
  tx: Db,
  services: Pick<Services, 'config'>,
  { link, deck }: OpenClientLink,
  { message, subject, details }: { message: string; subject: string; details: string[] },
) {
  const deckUrl = `${services.config.publicUrl}${deckPagePath(deck.id)}`;
  for (const person of await answerRecipients(tx, deck.ownerId)) {
    await tx.insert(notifications).values({
      message,
      recipientUserId: person.id,
      clientLinkId: link.id,
      linkPath: deckPagePath(deck.id),
    });
    if (person.status !== 'approved') continue;
    await enqueueMail(tx, {
      to: person.email,
      subject,
      text: [`Hello ${person.name},`, '', message, '', ...details, `See the deck: ${deckUrl}`].join(
        '\n',
      ),
    });
  }
}

/**
 * Tells the rep and the managers, in-app and by mail, and sends the client a confirmation
 * with the accepted PDF and its certificate attached; inside the acceptance's transaction.
 */
export async function notifyOfAcceptance(
  tx: Db,
  services: Pick<Services, 'config'>,
  { open, record, pdfName }: { open: OpenClientLink; record: ProposalResponseRow; pdfName: string },
) {
  const { link, deck, version } = open;
  const summary = readStoredSummary(record.summary!);
  const total = formatCents(summary.totalCents);
  const who = `${record.fullName} (${record.jobTitle}, ${version.clientName})`;
  const figures = acceptedFigures(summary);
  await tellTeam(tx, services, open, {
    message: `${who} accepted “${deck.title}” (version ${record.version}) for a total of ${total}.`,
    subject: `Accepted: ${deck.title} by ${version.clientName}`,
    // The message names the total; the yearly fees and the credit, when any, follow it.
    details: figures.length > 1 ? [...figures.slice(1), ''] : [],
  });
  const headline = clientHeadline(version.draft.basicInfo);
  await enqueueMail(tx, {
    to: link.recipientEmail,
    subject: `You accepted the proposal: ${headline}`,
    text: [
      `Hello ${record.fullName},`,
      '',
      `Thank you: you accepted "${headline}" on ${record.createdAt.toISOString().slice(0, 10)}.`,
      '',
      ...figures,
      '',
      'The proposal is attached, with a certificate of your acceptance as its last page.',
      'Accepting on the page is a click-to-accept record of your agreement, not a qualified electronic signature.',
    ].join('\n'),
    attachments: [
      {
        filename: `${headline.replace(/[^\w .-]+/g, '').trim() || 'Proposal'} - accepted.pdf`,
        contentType: 'application/pdf',
        key: deckObjectKey(deck.id, pdfName),
      },
    ],
  });
}

/**
 * The accepted figures as the deck's quote states them, a line each: the total the client pays,
 * the yearly fees apart from it, and the estimated tax credit (when there is one) after it.
 */
function acceptedFigures(summary: ProposalSummary): string[] {
  const money = formatCents;
  const yearly = summary.lines.filter((line) => line.included && line.kind === 'subscription');
  const credited = summary.lines.filter(
    (line) => line.included && line.kind !== 'subscription' && line.creditsCents > 0,
  );
  return [
    `${quoteWording.total}: ${money(summary.totalCents)}`,
    ...(summary.yearlyCents > 0
      ? [
          `${quoteWording.yearlyFees}: ${quoteWording.perYear(money(summary.yearlyCents))} (${yearly.map((line) => line.name).join(', ')})`,
        ]
      : []),
    ...(summary.creditsCents > 0
      ? [
          `${creditEstimateLabel(credited.map((line) => line.name))}: −${money(summary.creditsCents)}`,
          `${quoteWording.afterCredit}: ${money(summary.netCents)}`,
        ]
      : []),
  ];
}

/** Tells the rep and the managers that the client declined, with their reason. */
export async function notifyOfDecline(
  tx: Db,
  services: Pick<Services, 'config'>,
  { open, record }: { open: OpenClientLink; record: ProposalResponseRow },
) {
  const { link, deck } = open;
  const reason = record.reason ? ` Their reason: “${record.reason}”` : ' They gave no reason.';
  await tellTeam(tx, services, open, {
    message: `${link.recipientName} declined “${deck.title}” for now.${reason}`,
    subject: `Declined for now: ${deck.title}`,
    details: ['They can still accept it later through the same link.', ''],
  });
}
