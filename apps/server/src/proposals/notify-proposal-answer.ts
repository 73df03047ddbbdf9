import { and, eq, or } from 'drizzle-orm';
import { clientHeadline, deckPagePath, formatCents, readStoredSummary } from '@deck-portal/domain';
import { linkLanguageOf } from '../client-links/deck-language.ts';
import type { OpenClientLink } from '../client-links/resolve-client-link.ts';
import type { Db } from '../db/database.ts';
import { notifications, users } from '../db/schema.ts';
import { deckObjectKey } from '../decks/version-files.ts';
import { deckOfEvent, linkEventSubject, linkOfEvent } from '../events/event-data.ts';
import { recordEvent } from '../events/record-event.ts';
import { sendMail } from '../mail/send-mail.ts';
import type { MailTemplate } from '../mail/templates/mail-template.ts';
import { proposalAcceptedClientMail } from '../mail/templates/proposal-accepted-client-mail.tsx';
import { proposalAcceptedTeamMail } from '../mail/templates/proposal-accepted-team-mail.tsx';
import { proposalDeclinedTeamMail } from '../mail/templates/proposal-declined-team-mail.tsx';
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

/** The notification, and the template with its props for one recipient's mail. */
async function tellTeam<Props>(
  tx: Db,
  services: Pick<Services, 'config'>,
  { link, deck }: OpenClientLink,
  {
    message,
    template,
    props,
  }: {
    message: string;
    template: MailTemplate<Props>;
    props: (person: { name: string }, deckUrl: string) => Props;
  },
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
    await sendMail(tx, services.config, template, props(person, deckUrl), { to: person.email });
  }
}

/**
 * Tells the rep and the managers, in-app and by mail, and sends the client a confirmation
 * with the accepted PDF and its certificate attached; inside the acceptance's transaction.
 */
export async function notifyOfAcceptance(
  tx: Db,
  services: Pick<Services, 'config' | 'clock'>,
  { open, record, pdfName }: { open: OpenClientLink; record: ProposalResponseRow; pdfName: string },
) {
  const { link, deck, version } = open;
  const summary = readStoredSummary(record.summary!);
  // In the currency the version was priced in (issue 50), as the team writes it.
  const total = formatCents(
    summary.totalCents,
    undefined,
    version.pricingContext?.market.currency ?? 'USD',
  );
  const who = `${record.fullName} (${record.jobTitle}, ${version.clientName})`;
  const message = `${who} accepted “${deck.title}” (version ${record.version}) for a total of ${total}.`;
  await tellTeam(tx, services, open, {
    message,
    template: proposalAcceptedTeamMail,
    props: (person, deckUrl) => ({
      name: person.name,
      deckTitle: deck.title,
      clientName: version.clientName,
      message,
      summary,
      deckUrl,
    }),
  });
  const currency = version.pricingContext?.market.currency ?? 'USD';
  await recordProposalEvent(tx, services, open, record, {
    total: { cents: summary.totalCents, currency, formatted: total },
  });
  const headline = clientHeadline(version.draft.basicInfo);
  const confirmation = {
    fullName: record.fullName ?? '',
    headline,
    acceptedAt: record.createdAt,
    summary,
    // In the deck's language, formats and currency, as the client's page showed it.
    ...linkLanguageOf(version),
  };
  await sendMail(tx, services.config, proposalAcceptedClientMail, confirmation, {
    to: link.recipientEmail,
    attachments: [
      {
        filename: `${headline.replace(/[^\w .-]+/g, '').trim() || 'Proposal'} - accepted.pdf`,
        contentType: 'application/pdf',
        key: deckObjectKey(deck.id, pdfName),
      },
    ],
  });
}

/** Tells the rep and the managers that the client declined, with their reason. */
export async function notifyOfDecline(
  tx: Db,
  services: Pick<Services, 'config' | 'clock'>,
  { open, record }: { open: OpenClientLink; record: ProposalResponseRow },
) {
  const { link, deck } = open;
  const reason = record.reason ? ` Their reason: “${record.reason}”` : ' They gave no reason.';
  const message = `${link.recipientName} declined “${deck.title}” for now.${reason}`;
  await recordProposalEvent(tx, services, open, record, { reason: record.reason });
  await tellTeam(tx, services, open, {
    message,
    template: proposalDeclinedTeamMail,
    props: (person, deckUrl) => ({ name: person.name, deckTitle: deck.title, message, deckUrl }),
  });
}

/** `proposal.accepted` or `proposal.declined`, in the answer's transaction (issue 51). */
async function recordProposalEvent(
  tx: Db,
  services: Pick<Services, 'clock'>,
  { link, deck }: OpenClientLink,
  record: ProposalResponseRow,
  details: Record<string, unknown>,
) {
  await recordEvent(tx, services.clock, {
    type: record.kind === 'accepted' ? 'proposal.accepted' : 'proposal.declined',
    ...linkEventSubject(deck, link),
    data: {
      deck: deckOfEvent(deck),
      link: linkOfEvent(link),
      response: {
        id: record.id,
        version: record.version,
        fullName: record.fullName,
        jobTitle: record.jobTitle,
        at: record.createdAt.toISOString(),
        ...details,
      },
    },
  });
}
