import { and, eq, isNull } from 'drizzle-orm';
import { clientLinkPaths, type StartVisitResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { clientLinks, clientLinkVisits, notifications, users } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { canManageDeck } from '../decks/deck-access.ts';
import { enqueueMail } from '../mail/mailer.ts';
import type { Services } from '../services.ts';
import type { OpenClientLink } from './resolve-client-link.ts';

/**
 * Counts one opening of a link. The deck's own team (owner, managers, admins) looking at a
 * link is not counted, so checking a link before sending it does not read as the client's
 * interest. The first counted opening of each link tells the deck's owner, in the portal and
 * by mail, exactly once however many openings race.
 */
export async function startClientVisit(
  services: Services,
  { open, viewer }: { open: OpenClientLink; viewer: User | null },
): Promise<StartVisitResponse> {
  const { link, deck } = open;
  if (viewer && viewer.status === 'approved' && canManageDeck(viewer, deck)) {
    return { visitId: null, isTracked: false };
  }
  const now = services.clock.now();
  const { visitId, isFirst } = await services.db.transaction(async (tx) => {
    const [visit] = await tx
      .insert(clientLinkVisits)
      .values({ linkId: link.id, startedAt: now })
      .returning({ id: clientLinkVisits.id });
    const [first] = await tx
      .update(clientLinks)
      .set({ firstOpenedAt: now })
      .where(and(eq(clientLinks.id, link.id), isNull(clientLinks.firstOpenedAt)))
      .returning({ id: clientLinks.id });
    if (first) await notifyOwnerOfFirstOpen(tx, services, open);
    return { visitId: visit!.id, isFirst: first !== undefined };
  });
  if (isFirst) void services.mailer.deliverPending();
  return { visitId, isTracked: true };
}

async function notifyOwnerOfFirstOpen(tx: Db, services: Services, { link, deck }: OpenClientLink) {
  const message = `${link.recipientName} opened “${deck.title}” for the first time.`;
  await tx
    .insert(notifications)
    .values({ message, recipientUserId: deck.ownerId, clientLinkId: link.id });
  const [owner] = await tx
    .select({ email: users.email, name: users.name, status: users.status })
    .from(users)
    .where(eq(users.id, deck.ownerId));
  if (!owner || owner.status !== 'approved') return;
  const analyticsUrl = `${services.config.publicUrl}${clientLinkPaths.analytics(deck.id, link.id)}`;
  await enqueueMail(tx, {
    to: owner.email,
    subject: `${link.recipientName} opened your deck: ${deck.title}`,
    text: [
      `Hello ${owner.name},`,
      '',
      `${link.recipientName} (${link.recipientEmail}) just opened "${deck.title}" for ${deck.clientName}.`,
      '',
      `See which slides they view: ${analyticsUrl}`,
    ].join('\n'),
  });
}
