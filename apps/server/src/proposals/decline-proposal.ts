import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { acceptanceMessages, type declineProposalRequestSchema } from '@deck-portal/domain';
import type { OpenClientLink } from '../client-links/resolve-client-link.ts';
import { proposalResponses } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { AlreadyAcceptedError } from './accept-proposal.ts';
import { notifyOfDecline } from './notify-proposal-answer.ts';
import { chainHead, findAcceptance, lockChain, toClientAccepted } from './proposal-records.ts';
import { recordSha256 } from './record-hash.ts';

/** A second "Not now" through the same link within this time is taken as the first one. */
const DECLINE_REPEAT_MS = 60 * 60 * 1000;

/**
 * "Not now": records the client's decline (with their reason, if any) in the chain and tells
 * the rep and the managers. The link stays open: the client may still accept later. A decline
 * repeated through the same link within the hour changes nothing and tells no one again.
 */
export async function declineProposal(
  services: Services,
  {
    open,
    input,
    ip,
    userAgent,
  }: {
    open: OpenClientLink;
    input: z.output<typeof declineProposalRequestSchema>;
    ip: string;
    userAgent: string | null;
  },
): Promise<void> {
  const { link, deck, version } = open;
  if (!link.acceptanceEnabled) {
    throw new AppError('acceptance_not_offered', acceptanceMessages.notOffered, { status: 403 });
  }
  const existing = await findAcceptance(services.db, deck.id);
  if (existing) throw new AlreadyAcceptedError(toClientAccepted(existing));
  const now = services.clock.now();
  const [recent] = await services.db
    .select({ id: proposalResponses.id })
    .from(proposalResponses)
    .where(
      and(
        eq(proposalResponses.linkId, link.id),
        eq(proposalResponses.kind, 'declined'),
        gt(proposalResponses.createdAt, new Date(now.getTime() - DECLINE_REPEAT_MS)),
      ),
    )
    .limit(1);
  if (recent) return;
  const base = {
    id: randomUUID(),
    deckId: deck.id,
    linkId: link.id,
    version: version.number,
    kind: 'declined' as const,
    fullName: null,
    jobTitle: null,
    reason: input.reason || null,
    summary: null,
    termsText: null,
    pdfSha256: null,
    ipAddress: ip,
    userAgent,
  };
  await services.db.transaction(async (tx) => {
    await lockChain(tx);
    const previousSha256 = await chainHead(tx);
    const [record] = await tx
      .insert(proposalResponses)
      .values({
        ...base,
        previousSha256,
        recordSha256: recordSha256({ ...base, createdAt: now.toISOString(), previousSha256 }),
        createdAt: now,
      })
      .returning();
    await notifyOfDecline(tx, services, { open, record: record! });
  });
}
