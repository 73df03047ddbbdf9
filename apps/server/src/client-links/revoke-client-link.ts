import { eq } from 'drizzle-orm';
import { clientLinkMessages, type ClientLink, isUuid } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { clientLinks, clientLinkUnlocks } from '../db/schema.ts';
import { loadDeckFor } from '../decks/deck-access.ts';
import { settleDeckSharing } from '../decks/settle-deck-sharing.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { describeLink, findDeckLink } from './client-link-rows.ts';
import { linkSubject } from '../audit/audit-subjects.ts';
import { recordAudit } from '../users/record-audit.ts';

/**
 * Stops a link at once: the next request with its token is refused. The link and its
 * analytics stay. A deck left with no way in for anyone outside the team is completed again.
 */
export async function revokeClientLink(
  services: Services,
  { user, deckId, linkId }: { user: User; deckId: string; linkId: string },
): Promise<ClientLink> {
  const deck = await loadDeckFor(services, { user, deckId, need: 'manage' });
  const notFound = new AppError('not_found', clientLinkMessages.linkNotFound);
  if (!isUuid(linkId)) throw notFound;
  const now = services.clock.now();
  const revoked = await services.db.transaction(async (tx) => {
    const link = await findDeckLink(tx, deck.id, linkId);
    if (!link) throw notFound;
    if (link.revokedAt) return link;
    const [row] = await tx
      .update(clientLinks)
      .set({ revokedAt: now })
      .where(eq(clientLinks.id, link.id))
      .returning();
    await tx.delete(clientLinkUnlocks).where(eq(clientLinkUnlocks.linkId, link.id));
    await settleDeckSharing(tx, deck, now);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'link.revoked',
      subject: linkSubject(link, deck.title),
      target: { id: null, email: link.recipientEmail },
      at: now,
    });
    return row!;
  });
  return describeLink(services.db, revoked, now);
}
